//! The nine characters, both sides: what each ability does, what it costs, how often, and what
//! is not offered.

use lockpick_burgle::Burgle;
use lockpick_burgle::actions::{AbilityMode, Action, Event, HeldCard, Seen};
use lockpick_burgle::cards::{CharacterKind, EventCard, Side, TileKind, Tool};
use lockpick_burgle::ids::{Cell, Floor, Pos};
use lockpick_burgle::state::{Decision, KnownTop, Payment, PeekedDeck};
use lockpick_burgle::testing::{Scenario, p};
use lockpick_engine::{Game, Options, Seat, SeatCount};

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn ability_at(pos: &str) -> Action {
    Action::Ability {
        at: Some(p(pos)),
        character: None,
        mode: None,
    }
}

fn plain_ability() -> Action {
    Action::Ability {
        at: None,
        character: None,
        mode: None,
    }
}

/// The ability uses offered to `seat` now.
fn abilities(s: &Scenario, seat: u8) -> Vec<Action> {
    s.legal(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Ability { .. }))
        .collect()
}

/// The rooms the offered ability uses point at, sorted.
fn ability_rooms(s: &Scenario, seat: u8) -> Vec<Pos> {
    let mut rooms: Vec<Pos> = abilities(s, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Ability { at, .. } => at,
            _ => None,
        })
        .collect();
    rooms.sort();
    rooms
}

fn rooms(names: &[&str]) -> Vec<Pos> {
    let mut v: Vec<Pos> = names.iter().map(|n| p(n)).collect();
    v.sort();
    v
}

fn sounded(s: &Scenario, pos: &str) -> bool {
    s.saw(|e| matches!(e, Event::AlarmOn { at } if *at == p(pos)))
}

// ---------------------------------------------------------------- Acrobat

#[test]
fn flexibility_slips_into_the_guards_room_without_losing_stealth() {
    let mut s = Scenario::new("bank", &["acrobat"])
        .guard("1B1", "1B4")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert_eq!(s.state.chars[0].stealth, 3);
    assert!(!s.saw(|e| matches!(e, Event::StealthLost { .. })));
    assert_eq!(s.state.turn.used, 1, "the move still costs its action");

    let mut other = Scenario::new("bank", &["hawk"])
        .guard("1B1", "1B4")
        .enter("1A1");
    other.walk("1B1");
    assert_eq!(
        other.state.chars[0].stealth, 2,
        "anyone else pays a stealth token"
    );
}

#[test]
fn flexibility_costs_a_token_when_she_is_still_in_the_guards_room_as_he_moves() {
    let mut s = Scenario::new("bank", &["acrobat"])
        .guard("1B1", "1B4")
        .enter("1A1");
    s.state.events.clear();
    s.walk("1B1");
    s.end_turn();
    assert_eq!(
        s.state.guard_at(Floor(0)),
        Some(c("B3")),
        "the guard walked away from her"
    );
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn flexibility_is_free_when_she_leaves_before_the_guard_moves() {
    let mut s = Scenario::new("bank", &["acrobat"])
        .guard("1B1", "1B4")
        .enter("1A1");
    s.state.events.clear();
    s.walk("1B1");
    s.walk("1C1");
    s.end_turn();
    assert_eq!(s.state.guard_at(Floor(0)), Some(c("B3")));
    assert_eq!(s.state.chars[0].stealth, 3);
}

#[test]
fn flexibility_ignores_a_keypad_with_a_guard_in_it() {
    let build = |who: &str| {
        Scenario::new("bank", &[who])
            .tile("1B1", TileKind::Keypad, 2)
            .revealed("1B1")
            .guard("1B1", "1B4")
            .enter("1A1")
    };
    let mut s = build("acrobat");
    s.walk("1B1");
    assert!(!s.saw(|e| matches!(e, Event::KeypadRolled { .. })));
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));

    let mut other = build("hawk");
    other.walk("1B1");
    assert!(
        other.saw(|e| matches!(e, Event::KeypadRolled { .. })),
        "anyone else must roll"
    );
}

#[test]
fn flexibility_crosses_a_motion_room_with_a_guard_in_it() {
    let build = |who: &str| {
        let mut s = Scenario::new("bank", &[who])
            .tile("1B1", TileKind::Motion, 2)
            .revealed("1B1")
            .tile("1D1", TileKind::MotionComputer, 3)
            .revealed("1D1")
            .guard("1B1", "1B4")
            .enter("1A1");
        s.state.tile_mut(p("1D1")).hack = 2;
        s
    };
    let mut s = build("acrobat");
    s.walk("1B1");
    s.walk("1C1");
    assert_eq!(s.state.decision, None, "leaving asks for nothing");
    assert_eq!(s.state.chars[0].pos(), Some(p("1C1")));
    assert_eq!(s.state.tile(p("1D1")).hack, 2);

    let mut other = build("hawk");
    other.walk("1B1");
    other.walk("1C1");
    assert!(
        matches!(other.state.decision, Some(Decision::Leave { .. })),
        "anyone else is asked"
    );
}

#[test]
fn flexibility_still_finds_the_laboratory_tool() {
    let mut s = Scenario::new("bank", &["acrobat"])
        .tile("1B1", TileKind::Laboratory, 2)
        .guard("1B1", "1B4")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(
        s.state.chars[0].tools.len(),
        1,
        "only the room's demands are skipped"
    );
}

#[test]
fn climb_window_moves_one_floor_up_from_an_edge_room_for_three_actions_and_ends_her_actions() {
    let mut s = Scenario::new("bank", &["acrobat_advanced", "hawk"])
        .guard("2D4", "2C4")
        .enter("1A1");
    s.state.events.clear();
    assert_eq!(abilities(&s, 0), vec![ability_at("2A1")]);
    s.act(0, ability_at("2A1")).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("2A1")));
    assert!(s.state.tile(p("2A1")).revealed);
    assert!(s.saw(|e| matches!(
        e,
        Event::TurnEnded {
            character: 0,
            actions: 3
        }
    )));
    assert_eq!(s.state.current, 1, "her turn is over");
}

#[test]
fn climb_window_goes_down_too() {
    let mut s = Scenario::new("bank", &["acrobat_advanced"])
        .guard("2D4", "2C4")
        .enter("1A1")
        .place(0, "2A2");
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A2", "3A2"]));
    s.act(0, ability_at("1A2")).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("1A2")));
}

#[test]
fn climb_window_needs_an_edge_room_and_three_actions() {
    let mut s = Scenario::new("bank", &["acrobat_advanced"]).enter("1A2");
    s.walk("1B2");
    assert!(abilities(&s, 0).is_empty(), "B2 is not on the edge");
    s.walk("1A2");
    assert_eq!(s.state.actions_left(), 2);
    assert!(abilities(&s, 0).is_empty(), "two actions are not enough");
    let basic = Scenario::new("bank", &["acrobat"]).enter("1A1");
    assert!(
        abilities(&basic, 0).is_empty(),
        "the basic side does not climb"
    );
}

// ---------------------------------------------------------------- Hacker

#[test]
fn jammer_keeps_fingerprint_and_laser_rooms_quiet_for_the_hacker() {
    let mut s = Scenario::new("bank", &["hacker"])
        .tile("1B1", TileKind::Fingerprint, 2)
        .revealed("1B1")
        .tile("1C1", TileKind::Laser, 3)
        .revealed("1C1")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.decision, None);
    assert!(!sounded(&s, "1B1"));
    s.walk("1C1");
    assert_eq!(s.state.decision, None);
    assert!(!sounded(&s, "1C1"));
    assert_eq!(s.state.chars[0].pos(), Some(p("1C1")));
    assert_eq!(s.state.turn.used, 2, "no extra action for the Laser");
}

#[test]
fn jammer_keeps_the_room_he_stands_in_quiet_for_teammates() {
    let mut s = Scenario::new("bank", &["hawk", "hacker"])
        .tile("1B1", TileKind::Fingerprint, 2)
        .revealed("1B1")
        .tile("1C1", TileKind::Fingerprint, 3)
        .revealed("1C1")
        .enter("1A1")
        .place(1, "1B1");
    s.walk("1B1");
    assert!(!sounded(&s, "1B1"), "the Hacker stands in B1");
    s.walk("1C1");
    assert!(sounded(&s, "1C1"), "he does not stand in C1");
}

#[test]
fn jammer_lets_teammates_leave_a_motion_room_he_stands_in() {
    let build = |chars: &[&str]| {
        Scenario::new("bank", chars)
            .tile("1B1", TileKind::Motion, 2)
            .revealed("1B1")
            .enter("1A1")
    };
    let mut s = build(&["hawk", "hacker"]).place(1, "1B1");
    s.walk("1B1");
    s.walk("1C1");
    assert!(!sounded(&s, "1B1"));

    let mut alone = build(&["hawk", "rigger"]).place(1, "1B1");
    alone.walk("1B1");
    alone.walk("1C1");
    assert!(
        sounded(&alone, "1B1"),
        "without the Hacker the Motion room sounds"
    );
}

#[test]
fn laptop_token_lets_any_teammate_pass_a_fingerprint_room() {
    let mut s = Scenario::new("bank", &["hawk", "hacker_advanced"])
        .tile("1B1", TileKind::Fingerprint, 2)
        .revealed("1B1")
        .enter("1A1")
        .place(1, "1D4");
    assert!(s.state.chars[1].laptop, "the laptop starts loaded");
    s.walk("1B1");
    match &s.state.decision {
        Some(Decision::Enter { options, .. }) => assert!(options.contains(&Payment::Laptop)),
        other => panic!("expected a choice at the Fingerprint, got {other:?}"),
    }
    s.act(
        0,
        Action::Pay {
            payment: Payment::Laptop,
        },
    )
    .unwrap();
    assert!(!sounded(&s, "1B1"));
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert!(!s.state.chars[1].laptop, "the token is spent");
}

#[test]
fn laptop_is_reloaded_for_one_action_when_empty() {
    let mut s = Scenario::new("bank", &["hacker_advanced"]).enter("1A1");
    assert!(abilities(&s, 0).is_empty(), "limited to one token");
    s.state.chars[0].laptop = false;
    assert_eq!(abilities(&s, 0), vec![plain_ability()]);
    s.act(0, plain_ability()).unwrap();
    assert!(s.state.chars[0].laptop);
    assert_eq!(s.state.turn.used, 1);
    assert!(abilities(&s, 0).is_empty());

    s.state.chars[0].laptop = false;
    s.state.turn.used = 4;
    assert!(abilities(&s, 0).is_empty(), "no action left");
    let basic = Scenario::new("bank", &["hacker"]).enter("1A1");
    assert!(!basic.state.chars[0].laptop);
    assert!(abilities(&basic, 0).is_empty());
}

// ---------------------------------------------------------------- Hawk

#[test]
fn x_ray_looks_through_a_wall_for_free_once_per_turn() {
    let mut s = Scenario::new("bank", &["hawk"])
        .wall("1A1|B1")
        .wall("1A1|A2")
        .enter("1A1");
    s.state.events.clear();
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A2", "1B1"]));
    s.act(0, ability_at("1B1")).unwrap();
    assert!(s.state.tile(p("1B1")).revealed);
    assert_eq!(s.state.turn.used, 0, "free");
    assert!(abilities(&s, 0).is_empty(), "once per turn");
    s.end_turn();
    assert_eq!(
        ability_rooms(&s, 0),
        rooms(&["1A2"]),
        "again next turn, face-down rooms only"
    );
}

#[test]
fn x_ray_does_not_look_through_an_open_door() {
    let s = Scenario::new("bank", &["hawk"]).enter("1A1");
    assert!(abilities(&s, 0).is_empty());
}

#[test]
fn enhance_looks_two_rooms_away_past_face_up_rooms_only() {
    let mut s = Scenario::new("bank", &["hawk_advanced"])
        .wall("1B1|C1")
        .revealed("1B1")
        .enter("1A1");
    // C1 is behind a wall, A3 behind the face-down A2; B2 is round the corner past B1.
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A2", "1B2"]));
    s.act(0, ability_at("1B2")).unwrap();
    assert!(s.state.tile(p("1B2")).revealed);
    assert_eq!(s.state.turn.used, 0, "free");
    assert!(abilities(&s, 0).is_empty(), "once per turn");
}

#[test]
fn enhance_looks_up_the_stairs() {
    let mut s = Scenario::new("bank", &["hawk_advanced"])
        .tile("1A1", TileKind::Stairs, 4)
        .enter("1A1");
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A2", "1B1", "2A1"]));
    s.state.tile_mut(p("2A1")).revealed = true;
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A2", "1B1", "2A2", "2B1"]));
}

// ---------------------------------------------------------------- Juicer

#[test]
fn crybaby_sounds_an_alarm_next_door_for_free_once_per_turn() {
    let mut s = Scenario::new("bank", &["juicer"])
        .wall("1A1|A2")
        .enter("1A1");
    assert_eq!(
        ability_rooms(&s, 0),
        rooms(&["1B1"]),
        "not through the wall"
    );
    s.act(0, ability_at("1B1")).unwrap();
    assert!(s.state.tile(p("1B1")).alarm);
    assert_eq!(
        s.state.floors[0].guard.unwrap().target,
        c("B1"),
        "the guard heads for it"
    );
    assert_eq!(s.state.turn.used, 0);
    assert!(abilities(&s, 0).is_empty(), "once per turn");
}

#[test]
fn reroute_picks_up_an_alarm_and_the_guard_takes_a_new_patrol_card() {
    let mut s = Scenario::new("bank", &["juicer_advanced"])
        .guard("1D4", "1B1")
        .enter("1A1");
    s.state.tile_mut(p("1B1")).alarm = true;
    s.state.floors[0].patrol = [c("A4"), c("C3")].into_iter().collect();
    let pick = Action::Ability {
        at: Some(p("1B1")),
        character: None,
        mode: Some(AbilityMode::PickUpAlarm),
    };
    assert_eq!(abilities(&s, 0), vec![pick.clone()]);
    s.act(0, pick).unwrap();
    assert!(!s.state.tile(p("1B1")).alarm);
    assert!(s.state.chars[0].alarm, "the token is on her card");
    assert!(
        Burgle::view(&s.state, lockpick_engine::Viewer::Spectator).characters[0].alarm,
        "for all to see"
    );
    assert_eq!(s.state.floors[0].guard.unwrap().target, c("C3"));
    assert_eq!(s.state.turn.used, 0);
    assert!(abilities(&s, 0).is_empty(), "once per turn");
}

#[test]
fn reroute_puts_the_carried_alarm_down_and_carries_only_one() {
    let mut s = Scenario::new("bank", &["juicer_advanced"])
        .wall("1A1|B1")
        .enter("1A1");
    s.state.chars[0].alarm = true;
    s.state.tile_mut(p("1A2")).alarm = true;
    let offered = abilities(&s, 0);
    assert!(offered.iter().all(|a| matches!(
        a,
        Action::Ability {
            mode: Some(AbilityMode::DropAlarm),
            ..
        }
    )));
    assert_eq!(
        ability_rooms(&s, 0),
        rooms(&["1A1"]),
        "A2 already sounds, B1 is behind a wall"
    );
    s.state.tile_mut(p("1A2")).alarm = false;
    let drop = Action::Ability {
        at: Some(p("1A2")),
        character: None,
        mode: Some(AbilityMode::DropAlarm),
    };
    s.act(0, drop).unwrap();
    assert!(sounded(&s, "1A2"));
    assert!(!s.state.chars[0].alarm);
    assert!(abilities(&s, 0).is_empty(), "once per turn");
}

// ---------------------------------------------------------------- Peterman

#[test]
fn steady_hands_rolls_one_more_die_on_safes_and_keypads() {
    let rolls = |who: &str| {
        let mut s = Scenario::new("bank", &[who])
            .tile("1A1", TileKind::Safe, 0)
            .tile("1B1", TileKind::Keypad, 2)
            .revealed("1B1")
            .enter("1A1");
        s.state.tile_mut(p("1A1")).dice = 1;
        s.act(
            0,
            Action::Roll {
                floor: Floor(0),
                cell: c("A1"),
            },
        )
        .unwrap();
        let safe = s.events.iter().find_map(|e| match e {
            Event::SafeRolled { faces, .. } => Some(faces.len()),
            _ => None,
        });
        s.walk("1B1");
        let keypad = s.events.iter().find_map(|e| match e {
            Event::KeypadRolled { dice, .. } => Some(dice.len()),
            _ => None,
        });
        (safe, keypad)
    };
    assert_eq!(rolls("peterman"), (Some(2), Some(2)));
    assert_eq!(rolls("hawk"), (Some(1), Some(1)));
    assert_eq!(
        rolls("peterman_advanced"),
        (Some(1), Some(1)),
        "the Drill side has no extra die"
    );
}

/// A safe with no die on it cannot be rolled, even by the Peterman: his extra die is thrown
/// with the safe's dice, not instead of them.
#[test]
fn steady_hands_does_not_roll_a_safe_without_dice() {
    let mut s = Scenario::new("bank", &["peterman"])
        .tile("1A1", TileKind::Safe, 0)
        .enter("1A1");
    let roll = Action::Roll {
        floor: Floor(0),
        cell: c("A1"),
    };
    assert!(
        !s.legal(0).contains(&roll),
        "a bare safe has no dice to roll"
    );
    s.state.tile_mut(p("1A1")).dice = 1;
    assert!(
        s.legal(0).contains(&roll),
        "one die on the safe: he rolls two"
    );
}

#[test]
fn drill_works_the_safe_directly_above() {
    let mut s = Scenario::new("bank", &["peterman_advanced"])
        .tile("2A1", TileKind::Safe, 0)
        .revealed("2A1")
        .enter("1A1");
    let add = Action::AddDie {
        floor: Floor(1),
        cell: c("A1"),
    };
    assert!(s.legal(0).contains(&add));
    s.act(0, add).unwrap();
    assert_eq!(s.state.tile(p("2A1")).dice, 1);
    assert_eq!(s.state.turn.used, 2);
    assert!(s.legal(0).contains(&Action::Roll {
        floor: Floor(1),
        cell: c("A1")
    }));

    let basic = Scenario::new("bank", &["peterman"])
        .tile("2A1", TileKind::Safe, 0)
        .revealed("2A1")
        .enter("1A1");
    assert!(!basic.legal(0).contains(&Action::AddDie {
        floor: Floor(1),
        cell: c("A1")
    }));
}

#[test]
fn drill_works_the_safe_directly_below() {
    let s = Scenario::new("bank", &["peterman_advanced"])
        .tile("1B2", TileKind::Safe, 0)
        .revealed("1B2")
        .guard("2D4", "2C4")
        .enter("1A1")
        .place(0, "2B2");
    assert!(s.legal(0).contains(&Action::AddDie {
        floor: Floor(0),
        cell: c("B2")
    }));
}

#[test]
fn a_drilled_safe_keeps_its_loot_and_tool_in_its_room() {
    let mut s = Scenario::new("bank", &["peterman_advanced"])
        .tile("2A1", TileKind::Safe, 0)
        .revealed("2A1")
        .enter("1A1");
    for room in ["2B1", "2C1", "2D1", "2A2", "2A3", "2A4"] {
        let t = s.state.tile_mut(p(room));
        t.revealed = true;
        t.decoded = true;
    }
    s.state.tile_mut(p("2A1")).dice = 1;
    s.act(
        0,
        Action::Roll {
            floor: Floor(1),
            cell: c("A1"),
        },
    )
    .unwrap();
    assert!(s.state.tile(p("2A1")).cracked);
    assert!(s.state.chars[0].tools.is_empty() && s.state.chars[0].loot.is_empty());
    let left: Vec<_> = s
        .state
        .loose
        .iter()
        .filter(|(at, _)| *at == p("2A1"))
        .collect();
    assert!(
        left.iter()
            .any(|(_, card)| matches!(card, HeldCard::Tool(_)))
    );
    assert!(
        left.iter()
            .any(|(_, card)| matches!(card, HeldCard::Loot(_)))
    );
}

// ---------------------------------------------------------------- Raven

#[test]
fn distract_places_the_raven_up_to_two_rooms_away_not_through_walls() {
    let mut s = Scenario::new("bank", &["raven"])
        .wall("1A1|B1")
        .enter("1A1");
    assert_eq!(ability_rooms(&s, 0), rooms(&["1A1", "1A2", "1A3", "1B2"]));
    s.act(0, ability_at("1A3")).unwrap();
    assert_eq!(s.state.chars[0].raven, Some(p("1A3")));
    assert_eq!(s.state.turn.used, 0, "free");
    assert_eq!(
        ability_rooms(&s, 0),
        rooms(&["1A1", "1A2", "1B2"]),
        "it may be moved again"
    );
}

#[test]
fn a_guard_entering_the_ravens_room_loses_a_step() {
    let run = |raven: bool| {
        let mut s = Scenario::new("bank", &["raven"])
            .guard("1D4", "1A4")
            .enter("1C2");
        s.state.events.clear();
        if raven {
            s.act(0, ability_at("1C4")).unwrap();
        }
        s.end_turn();
        (s.state.guard_at(Floor(0)), s.state.chars[0].raven)
    };
    assert_eq!(run(false), (Some(c("B4")), None));
    assert_eq!(
        run(true),
        (Some(c("C4")), Some(p("1C4"))),
        "stopped one step short; the raven stays"
    );
}

#[test]
fn disrupt_places_the_raven_in_her_own_room_only() {
    let mut s = Scenario::new("bank", &["raven_advanced"]).enter("1A1");
    assert_eq!(abilities(&s, 0), vec![ability_at("1A1")]);
    s.act(0, ability_at("1A1")).unwrap();
    assert_eq!(s.state.chars[0].raven, Some(p("1A1")));
    assert_eq!(s.state.turn.used, 0);
    assert!(abilities(&s, 0).is_empty());
}

#[test]
fn disrupt_costs_a_guard_starting_in_the_ravens_room_his_whole_move() {
    let run = |alarm: bool| {
        let mut s = Scenario::new("bank", &["raven_advanced"])
            .guard("1B1", "1B4")
            .enter("1A4");
        s.state.events.clear();
        s.state.chars[0].raven = Some(p("1B1"));
        if alarm {
            s.state.tile_mut(p("1D1")).alarm = true;
        }
        s.end_turn();
        (s.state.guard_at(Floor(0)), s.state.chars[0].raven)
    };
    assert_eq!(
        run(false),
        (Some(c("B1")), None),
        "he stays; the raven comes back"
    );
    let (guard, raven) = run(true);
    assert_ne!(guard, Some(c("B1")), "with an alarm on the floor he moves");
    assert_eq!(raven, Some(p("1B1")));
}

#[test]
fn the_log_names_the_ravens_ability_her_room_and_what_the_bird_did_to_the_guard() {
    let said = |events: &[Event], lang| -> Vec<String> {
        events
            .iter()
            .map(|e| Burgle::describe_event(e, lang))
            .collect()
    };
    let has = |lines: Vec<String>, line: &str| {
        assert!(
            lines.iter().any(|l| l == line),
            "{line:?} not in {lines:#?}"
        );
    };
    // Distract: the bird set down, then the guard held up a step there.
    let mut s = Scenario::new("bank", &["raven"])
        .guard("1D4", "1A4")
        .enter("1C2");
    s.state.events.clear();
    let placed = s.act(0, ability_at("1C4")).unwrap().to_vec();
    has(
        said(&placed, "en"),
        "Burglar 1 uses Distract on C4 (floor 1)",
    );
    has(
        said(&placed, "fr"),
        "Le cambrioleur 1 utilise Distraction sur C4 (étage 1)",
    );
    let ended = s.end_turn().to_vec();
    has(
        said(&ended, "en"),
        "The raven on C4 (floor 1) distracts the guard: one step fewer (Burglar 1's Distract)",
    );
    has(
        said(&ended, "fr"),
        "Le corbeau en C4 (étage 1) distrait le gardien : un pas de moins (Distraction du \
         cambrioleur 1)",
    );
    // Disrupt: the guard starting in the bird's room loses his move; the bird leaves.
    let mut s = Scenario::new("bank", &["raven_advanced"])
        .guard("1B1", "1B4")
        .enter("1A4");
    s.state.events.clear();
    s.state.chars[0].raven = Some(p("1B1"));
    let ended = s.end_turn().to_vec();
    has(
        said(&ended, "en"),
        "The raven on B1 (floor 1) stops the guard for this move and comes back to Burglar 1 \
         (Disrupt)",
    );
    has(
        said(&ended, "fr"),
        "Le corbeau en B1 (étage 1) arrête le gardien pour ce déplacement et revient au \
         cambrioleur 1 (Interruption)",
    );
}

// ---------------------------------------------------------------- Rigger

#[test]
fn the_solution_starts_with_the_dynamite() {
    let s = Scenario::new("bank", &["rigger"]);
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![Tool::Dynamite]);
    assert!(!s.state.tools.contains(&Tool::Dynamite));

    let advanced = Scenario::new("bank", &["rigger_advanced"]);
    assert!(advanced.state.chars[0].tools.is_empty());
    assert!(advanced.state.tools.contains(&Tool::Dynamite));

    // Chosen at the table.
    let schema = Burgle::options_schema();
    let options = Options::resolve(&schema, [("characters", "choose_basic")]).unwrap();
    let mut state = Burgle::setup(&options, SeatCount(1), 3).unwrap();
    let mut events = Vec::new();
    let choose = Action::ChooseCharacter {
        character: CharacterKind::Rigger,
        side: Side::Basic,
    };
    Burgle::apply(&mut state, Seat(0), &choose, &mut events).unwrap();
    assert_eq!(state.chars[0].tools.to_vec(), vec![Tool::Dynamite]);
    assert!(!state.tools.contains(&Tool::Dynamite));
}

#[test]
fn with_the_rigger_in_play_a_found_tool_is_the_better_of_two() {
    let mut s = Scenario::new("bank", &["hawk", "rigger_advanced"])
        .tile("1B1", TileKind::Laboratory, 2)
        .enter("1A1");
    let deck = s.state.tools.len();
    s.walk("1B1");
    let Some(Decision::KeepTool { who: 0, tools }) = s.state.decision.clone() else {
        panic!("expected a choice of two tools, got {:?}", s.state.decision)
    };
    assert_eq!(tools.len(), 2);
    assert_eq!(
        s.legal(0),
        vec![
            Action::KeepTool { tool: tools[0] },
            Action::KeepTool { tool: tools[1] }
        ]
    );
    s.act(0, Action::KeepTool { tool: tools[1] }).unwrap();
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![tools[1]]);
    assert!(s.state.tool_discard.contains(&tools[0]));
    assert_eq!(s.state.tools.len(), deck - 2);

    let mut plain = Scenario::new("bank", &["hawk", "juicer"])
        .tile("1B1", TileKind::Laboratory, 2)
        .enter("1A1");
    plain.walk("1B1");
    assert_eq!(plain.state.decision, None);
    assert_eq!(
        plain.state.chars[0].tools.len(),
        1,
        "without the Rigger: the top tool"
    );
}

#[test]
fn tinker_trades_a_stealth_token_for_a_tool_once_per_turn() {
    let mut s = Scenario::new("bank", &["rigger_advanced"]).enter("1A1");
    assert_eq!(abilities(&s, 0), vec![plain_ability()]);
    let top_two: Vec<Tool> = s.state.tools.iter().rev().take(2).copied().collect();
    let events = s.act(0, plain_ability()).unwrap().to_vec();
    // The two tools are seen, once, and the French log names them in French.
    let seen: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::CardSeen { .. }))
        .collect();
    assert_eq!(
        seen,
        vec![&Event::CardSeen {
            what: Seen::Tools {
                tools: top_two.clone()
            }
        }]
    );
    assert_eq!(
        Burgle::describe_event(seen[0], "fr"),
        format!(
            "L'équipe voit les outils piochés, un à garder : {}, {}",
            top_two[0].fr(),
            top_two[1].fr()
        )
    );
    assert_eq!(s.state.chars[0].stealth, 2);
    assert_eq!(s.state.turn.used, 0, "free");
    let Some(Decision::KeepTool { tools, .. }) = s.state.decision.clone() else {
        panic!("the Rigger draws two tools")
    };
    s.act(0, Action::KeepTool { tool: tools[0] }).unwrap();
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![tools[0]]);
    assert!(abilities(&s, 0).is_empty(), "once per turn");

    let mut s = Scenario::new("bank", &["rigger_advanced"]).enter("1A1");
    s.state.chars[0].stealth = 0;
    assert!(abilities(&s, 0).is_empty(), "no token to discard");
    s.state.chars[0].stealth = 1;
    s.state.tools.clear();
    assert!(abilities(&s, 0).is_empty(), "no tool left");
    let basic = Scenario::new("bank", &["rigger"]).enter("1A1");
    assert!(abilities(&basic, 0).is_empty());
}

// ---------------------------------------------------------------- Rook

fn order(character: usize, pos: &str) -> Action {
    Action::Ability {
        at: Some(p(pos)),
        character: Some(character),
        mode: None,
    }
}

#[test]
fn orders_move_a_teammate_one_room_for_one_action_once_per_turn() {
    let mut s = Scenario::new("bank", &["rook", "hawk"])
        .wall("1C2|D2")
        .enter("1A1")
        .place(1, "1C2");
    let offered = abilities(&s, 0);
    assert!(offered.iter().all(|a| matches!(
        a,
        Action::Ability {
            character: Some(1),
            ..
        }
    )));
    assert_eq!(
        ability_rooms(&s, 0),
        rooms(&["1B2", "1C1", "1C3"]),
        "not through the wall"
    );
    s.act(0, order(1, "1C1")).unwrap();
    assert_eq!(s.state.chars[1].pos(), Some(p("1C1")));
    assert!(s.state.tile(p("1C1")).revealed);
    assert_eq!(s.state.turn.used, 1);
    assert!(abilities(&s, 0).is_empty(), "once per turn");

    let mut tired = Scenario::new("bank", &["rook", "hawk"])
        .enter("1A1")
        .place(1, "1C2");
    tired.state.turn.used = 4;
    assert!(abilities(&tired, 0).is_empty(), "it costs an action");
}

#[test]
fn orders_waive_the_deadbolt_and_laser_extra_actions() {
    let build = || {
        Scenario::new("bank", &["rook", "hawk"])
            .tile("1D1", TileKind::Deadbolt, 2)
            .revealed("1D1")
            .tile("1C2", TileKind::Laser, 3)
            .revealed("1C2")
            .enter("1A1")
            .place(1, "1C1")
    };
    let mut s = build();
    s.act(0, order(1, "1D1")).unwrap();
    assert_eq!(s.state.decision, None);
    assert_eq!(s.state.chars[1].pos(), Some(p("1D1")));
    assert_eq!(s.state.turn.used, 1);

    let mut s = build();
    s.act(0, order(1, "1C2")).unwrap();
    assert_eq!(s.state.decision, None);
    assert_eq!(s.state.chars[1].pos(), Some(p("1C2")));
    assert!(!sounded(&s, "1C2"));
    assert_eq!(s.state.turn.used, 1);
}

#[test]
fn orders_keep_the_other_rules_of_movement() {
    let mut s = Scenario::new("bank", &["rook", "hawk"])
        .tile("1D1", TileKind::Fingerprint, 2)
        .revealed("1D1")
        .guard("1C2", "1C4")
        .enter("1A1")
        .place(1, "1C1");
    s.act(0, order(1, "1D1")).unwrap();
    assert!(sounded(&s, "1D1"), "a Fingerprint still sounds");

    let mut s = Scenario::new("bank", &["rook", "hawk"])
        .guard("1C2", "1C4")
        .enter("1A1")
        .place(1, "1C1");
    s.act(0, order(1, "1C2")).unwrap();
    assert_eq!(
        s.state.chars[1].stealth, 2,
        "meeting the guard costs a token"
    );
}

#[test]
fn orders_do_not_count_as_the_rooks_own_entry_into_a_motion_room() {
    let mut s = Scenario::new("bank", &["rook", "hawk"])
        .tile("1B1", TileKind::Motion, 2)
        .revealed("1B1")
        .enter("1A1")
        .place(0, "1B1")
        .place(1, "1C1");
    s.act(0, order(1, "1B1")).unwrap();
    s.walk("1A1");
    assert!(!sounded(&s, "1B1"), "the Rook did not enter B1 this turn");
}

#[test]
fn disguise_swaps_places_with_a_teammate_as_the_first_action() {
    let mut s = Scenario::new("bank", &["rook_advanced", "hawk"])
        .tile("1C1", TileKind::Laser, 3)
        .revealed("1C1")
        .enter("1A1")
        .place(1, "1C1");
    let swap = Action::Ability {
        at: None,
        character: Some(1),
        mode: None,
    };
    assert_eq!(abilities(&s, 0), vec![swap.clone()]);
    s.act(0, swap).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("1C1")));
    assert_eq!(s.state.chars[1].pos(), Some(p("1A1")));
    assert_eq!(s.state.turn.used, 1);
    assert!(!sounded(&s, "1C1"), "not an entry");
    assert!(s.saw(|e| matches!(
        e,
        Event::Moved {
            character: 0,
            entry: false,
            ..
        }
    )));
    assert!(s.saw(|e| matches!(
        e,
        Event::Moved {
            character: 1,
            entry: false,
            ..
        }
    )));
    assert!(abilities(&s, 0).is_empty());
}

#[test]
fn disguise_is_only_the_first_action_and_needs_another_room() {
    let mut s = Scenario::new("bank", &["rook_advanced", "hawk"])
        .enter("1A1")
        .place(1, "1C1");
    s.walk("1B1");
    assert!(abilities(&s, 0).is_empty(), "an action was spent");
    let same = Scenario::new("bank", &["rook_advanced", "hawk"])
        .enter("1A1")
        .place(1, "1A1");
    assert!(abilities(&same, 0).is_empty(), "nothing to swap");
}

#[test]
fn disguise_into_the_guards_room_costs_a_stealth_token() {
    let mut s = Scenario::new("bank", &["rook_advanced", "hawk"])
        .guard("1C1", "1C4")
        .enter("1A1")
        .place(1, "1C1");
    s.act(
        0,
        Action::Ability {
            at: None,
            character: Some(1),
            mode: None,
        },
    )
    .unwrap();
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn the_rook_stays_out_of_one_character_games() {
    let schema = Burgle::options_schema();
    let named = Options::resolve(&schema, [("character1", "rook")]).unwrap();
    assert!(Burgle::setup(&named, SeatCount(1), 1).is_err());
    assert!(Burgle::setup(&named, SeatCount(2), 1).is_ok());

    let random = Options::resolve(&schema, [("characters", "random_basic")]).unwrap();
    for seed in 0..60 {
        let state = Burgle::setup(&random, SeatCount(1), seed).unwrap();
        assert_ne!(state.chars[0].kind, CharacterKind::Rook, "seed {seed}");
    }

    let chosen = Options::resolve(&schema, [("characters", "choose_basic")]).unwrap();
    let offers_rook = |seats: u8| {
        let state = Burgle::setup(&chosen, SeatCount(seats), 1).unwrap();
        let mut out = Vec::new();
        Burgle::legal_actions(&state, Seat(0), &mut out);
        out.iter().any(|a| {
            matches!(
                a,
                Action::ChooseCharacter {
                    character: CharacterKind::Rook,
                    ..
                }
            )
        })
    };
    assert!(!offers_rook(1));
    assert!(offers_rook(2));
}

// ---------------------------------------------------------------- Spotter

fn look(mode: AbilityMode) -> Action {
    Action::Ability {
        at: None,
        character: None,
        mode: Some(mode),
    }
}

#[test]
fn clairvoyance_shows_the_top_patrol_card_for_one_action_once_per_turn() {
    let mut s = Scenario::new("bank", &["spotter"]).enter("1A1");
    s.state.events.clear();
    s.state.floors[0].patrol = [c("B2"), c("A4")].into_iter().collect();
    assert_eq!(abilities(&s, 0), vec![look(AbilityMode::Patrol)]);
    s.act(0, look(AbilityMode::Patrol)).unwrap();
    assert_eq!(s.state.turn.used, 1);
    assert_eq!(
        s.state.decision,
        Some(Decision::TopOrBottom {
            deck: PeekedDeck::Patrol { floor: Floor(0) }
        })
    );
    let said: Vec<String> = s
        .events
        .iter()
        .map(|e| Burgle::describe_event(e, "fr"))
        .collect();
    assert!(
        said.contains(
            &"L'équipe voit la carte Patrouille A4 sur le paquet de l'étage 1".to_owned()
        ),
        "{said:?}"
    );
    let seen = KnownTop::Patrol {
        floor: Floor(0),
        cell: c("A4"),
    };
    assert!(
        Burgle::view(&s.state, lockpick_engine::Viewer::Seat(Seat(0)))
            .known_tops
            .contains(&seen)
    );
    assert_eq!(
        s.legal(0),
        vec![
            Action::PutBack { top: true },
            Action::PutBack { top: false }
        ]
    );
    s.act(0, Action::PutBack { top: true }).unwrap();
    assert_eq!(s.state.decision, None);
    assert!(abilities(&s, 0).is_empty(), "once per turn");
    // The guard reaches C4 and takes the card seen.
    s.end_turn();
    assert_eq!(s.state.floors[0].guard.unwrap().target, c("A4"));
}

#[test]
fn clairvoyance_may_send_the_card_to_the_bottom() {
    let mut s = Scenario::new("bank", &["spotter"]).enter("1A1");
    s.state.floors[0].patrol = [c("B2"), c("C1"), c("A4")].into_iter().collect();
    s.act(0, look(AbilityMode::Patrol)).unwrap();
    s.act(0, Action::PutBack { top: false }).unwrap();
    assert_eq!(
        s.state.floors[0].patrol.to_vec(),
        vec![c("A4"), c("B2"), c("C1")]
    );
    assert!(
        !s.state
            .known_tops
            .iter()
            .any(|k| matches!(k, KnownTop::Patrol { .. }))
    );
    // The team remembers the card under the deck: every seat's view shows it, and the bots'
    // resampling keeps it at the bottom while the cards above it are dealt anew.
    let bottom = KnownTop::PatrolBottom {
        floor: Floor(0),
        cell: c("A4"),
    };
    assert!(
        Burgle::view(&s.state, lockpick_engine::Viewer::Seat(Seat(0)))
            .known_tops
            .contains(&bottom)
    );
    let mut rng = lockpick_engine::GameRng::from_seed(7);
    let mut tops = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let d = Burgle::determinize(&s.state, Seat(0), &mut rng);
        assert_eq!(d.floors[0].patrol.len(), 3);
        assert_eq!(
            d.floors[0].patrol[0],
            c("A4"),
            "the bottom card stays under"
        );
        tops.insert(*d.floors[0].patrol.last().expect("cards"));
    }
    assert!(tops.len() > 2, "the cards above it are unknown: {tops:?}");
    // Once it is drawn, it is forgotten.
    s.state.floors[0].patrol = [c("A4")].into_iter().collect();
    lockpick_burgle::guard::draw_patrol(&mut s.state, Floor(0), &mut Vec::new());
    assert!(!s.state.known_tops.contains(&bottom));
}

#[test]
fn a_reshuffled_patrol_deck_forgets_the_card_sent_under_it() {
    let mut s = Scenario::new("bank", &["spotter"]).enter("1A1");
    s.state.floors[0].patrol = [c("B2"), c("A4")].into_iter().collect();
    s.act(0, look(AbilityMode::Patrol)).unwrap();
    s.act(0, Action::PutBack { top: false }).unwrap();
    assert_eq!(s.state.floors[0].patrol.to_vec(), vec![c("A4"), c("B2")]);
    s.state.floors[0].patrol.clear();
    lockpick_burgle::guard::draw_patrol(&mut s.state, Floor(0), &mut Vec::new());
    assert!(
        !s.state
            .known_tops
            .iter()
            .any(|k| matches!(k, KnownTop::PatrolBottom { .. }))
    );
}

#[test]
fn precognition_shows_the_top_event_card() {
    let mut s = Scenario::new("bank", &["spotter_advanced"]).enter("1A1");
    s.state.events = vec![
        EventCard::Crash,
        EventCard::Espresso,
        EventCard::Daydreaming,
    ]
    .into_iter()
    .collect();
    assert_eq!(abilities(&s, 0), vec![look(AbilityMode::Events)]);
    s.act(0, look(AbilityMode::Events)).unwrap();
    assert_eq!(s.state.turn.used, 1);
    assert!(s.state.known_tops.contains(&KnownTop::Event {
        depth: 0,
        card: EventCard::Daydreaming
    }));
    s.act(0, Action::PutBack { top: false }).unwrap();
    assert_eq!(
        s.state.events.to_vec(),
        vec![
            EventCard::Daydreaming,
            EventCard::Crash,
            EventCard::Espresso
        ]
    );
    assert_eq!(
        s.state.known_tops,
        vec![KnownTop::Event {
            depth: 2,
            card: EventCard::Daydreaming
        }]
    );
    assert!(abilities(&s, 0).is_empty(), "once per turn");

    let mut kept = Scenario::new("bank", &["spotter_advanced"]).enter("1A1");
    kept.state.events = vec![EventCard::Crash, EventCard::Espresso]
        .into_iter()
        .collect();
    kept.act(0, look(AbilityMode::Events)).unwrap();
    kept.act(0, Action::PutBack { top: true }).unwrap();
    assert_eq!(
        kept.state.events.to_vec(),
        vec![EventCard::Crash, EventCard::Espresso]
    );
    assert_eq!(
        kept.state.known_tops,
        vec![KnownTop::Event {
            depth: 0,
            card: EventCard::Espresso
        }]
    );
}

#[test]
fn each_spotter_side_looks_at_its_own_deck_only() {
    let mut basic = Scenario::new("bank", &["spotter"]).enter("1A1");
    assert!(basic.act(0, look(AbilityMode::Events)).is_err());
    basic.state.turn.used = 4;
    assert!(abilities(&basic, 0).is_empty(), "it costs an action");
    let mut advanced = Scenario::new("bank", &["spotter_advanced"]).enter("1A1");
    assert!(advanced.act(0, look(AbilityMode::Patrol)).is_err());
}

// ---------------------------------------------------------------- All

#[test]
fn passive_sides_offer_no_ability_action() {
    for who in [
        "acrobat",
        "hacker",
        "peterman",
        "peterman_advanced",
        "rigger",
    ] {
        let s = Scenario::new("bank", &[who]).wall("1A1|B1").enter("1A1");
        assert!(abilities(&s, 0).is_empty(), "{who}");
    }
}

#[test]
fn an_ability_not_offered_is_refused() {
    let mut s = Scenario::new("bank", &["hawk"]).enter("1A1");
    let before = s.state.clone();
    assert!(
        s.act(0, ability_at("1B1")).is_err(),
        "no wall between A1 and B1"
    );
    assert_eq!(s.state, before);
}

#[test]
fn every_side_survives_random_playouts() {
    use lockpick_engine::{GameRng, Session, ToAct};
    let schema = Burgle::options_schema();
    let keys = [
        "acrobat", "hacker", "hawk", "juicer", "peterman", "raven", "rigger", "rook", "spotter",
    ];
    for key in keys {
        for side in ["", "_advanced"] {
            let named = format!("{key}{side}");
            for seed in 0..15u64 {
                let given = [
                    ("characters", "random_sides"),
                    ("character1", named.as_str()),
                ];
                let options = Options::resolve(&schema, given).unwrap();
                let mut s = Session::<Burgle>::new(options, SeatCount(2), seed).unwrap();
                let mut rng = GameRng::from_seed(seed);
                for step in 0.. {
                    assert!(step < 20_000, "{named} seed {seed} never ends");
                    let ToAct::Seats { seats } = Burgle::to_act(s.state()) else {
                        break;
                    };
                    let mut out = Vec::new();
                    Burgle::legal_actions(s.state(), seats[0], &mut out);
                    assert!(!out.is_empty(), "{named} seed {seed}: no legal action");
                    // Favour abilities so that every one is played often.
                    let abilities: Vec<&Action> = out
                        .iter()
                        .filter(|a| matches!(a, Action::Ability { .. }))
                        .collect();
                    let a = if !abilities.is_empty() && rng.index(2) == 0 {
                        abilities[rng.index(abilities.len())].clone()
                    } else {
                        out[rng.index(out.len())].clone()
                    };
                    s.apply(seats[0], &a).unwrap();
                }
            }
        }
    }
}
