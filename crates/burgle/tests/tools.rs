//! The 13 tools ("Cartes Outils"): free, only on your turn, never with the Bust, and each card's
//! effect as players see it.

use lockpick_burgle::actions::{Action, Event, MoveBy, TargetReason};
use lockpick_burgle::cards::{EventCard, Loot, TileKind, Tool};
use lockpick_burgle::ids::{Cell, Dir, Floor, Pos};
use lockpick_burgle::state::{Decision, KnownTop, LastingCard};
use lockpick_burgle::testing::{Scenario, p};
use lockpick_burgle::{Burgle, Illegal};
use lockpick_engine::{Game, GameRng, Seat};

/// A solo Hawk (no ability touching rooms, safes or stealth) in the Bank, entered at `entry`,
/// holding `tools`, with an empty event deck (no event card meddles when a turn ends).
fn solo(entry: &str, tools: &[Tool]) -> Scenario {
    with(Scenario::new("bank", &["hawk"]), entry, tools)
}

fn with(s: Scenario, entry: &str, tools: &[Tool]) -> Scenario {
    let mut s = s.enter(entry);
    s.state.chars[0].tools.extend(tools.iter().copied());
    s.state.events.clear();
    s
}

fn seat(s: &Scenario) -> u8 {
    s.state.active().seat.0
}

/// The legal uses of `tool` for the acting seat.
fn uses(s: &Scenario, tool: Tool) -> Vec<Action> {
    s.legal(seat(s))
        .into_iter()
        .filter(|a| matches!(a, Action::UseTool { tool: t, .. } if *t == tool))
        .collect()
}

fn plain(tool: Tool) -> Action {
    Action::UseTool {
        tool,
        at: None,
        dir: None,
        up: None,
        face: None,
    }
}

fn at(tool: Tool, pos: &str) -> Action {
    Action::UseTool {
        tool,
        at: Some(p(pos)),
        dir: None,
        up: None,
        face: None,
    }
}

fn dynamite(dir: Dir) -> Action {
    Action::UseTool {
        tool: Tool::Dynamite,
        at: None,
        dir: Some(dir),
        up: None,
        face: None,
    }
}

fn thermal(up: bool) -> Action {
    Action::UseTool {
        tool: Tool::ThermalBomb,
        at: None,
        dir: None,
        up: Some(up),
        face: None,
    }
}

fn stethoscope(safe: &str, die: u8, face: u8) -> Action {
    Action::UseTool {
        tool: Tool::Stethoscope,
        at: Some(p(safe)),
        dir: None,
        up: None,
        face: Some((die, face)),
    }
}

fn play(s: &mut Scenario, action: Action) {
    let seat = seat(s);
    s.act(seat, action.clone())
        .unwrap_or_else(|e| panic!("{action:?}: {e}"));
}

fn move_to(s: &mut Scenario, pos: &str, by: MoveBy) -> Result<(), Illegal> {
    let to = p(pos);
    let seat = seat(s);
    s.act(
        seat,
        Action::Move {
            floor: to.floor,
            cell: to.cell,
            by,
        },
    )
    .map(|_| ())
}

fn reveal(s: &mut Scenario, pos: &str, kind: TileKind) {
    let t = s.state.tile_mut(p(pos));
    t.kind = kind;
    t.revealed = true;
}

fn alarms(s: &Scenario) -> Vec<Pos> {
    s.state
        .all_floors()
        .flat_map(|f| s.state.rooms(f))
        .filter(|q| s.state.tile(*q).alarm)
        .collect()
}

fn sorted(mut v: Vec<Action>) -> Vec<String> {
    let mut out: Vec<String> = v
        .drain(..)
        .map(|a| serde_json::to_string(&a).unwrap())
        .collect();
    out.sort();
    out
}

// ---- Using tools: free, on your turn, not with the Bust ----

#[test]
fn tools_cost_no_action_and_go_to_the_discard() {
    let mut s = solo("1A1", &[Tool::SmokeBomb, Tool::MakeupKit]);
    s.walk("1B1");
    assert_eq!(s.state.actions_left(), 3);
    play(&mut s, plain(Tool::SmokeBomb));
    assert_eq!(s.state.actions_left(), 3, "a tool is free");
    assert!(s.saw(|e| matches!(
        e,
        Event::ToolUsed {
            character: 0,
            tool: Tool::SmokeBomb
        }
    )));
    assert_eq!(
        s.state.chars[0].tools.to_vec(),
        vec![Tool::MakeupKit],
        "the tool leaves the hand"
    );
    assert_eq!(s.state.tool_discard.to_vec(), vec![Tool::SmokeBomb]);
    assert!(uses(&s, Tool::SmokeBomb).is_empty(), "a used tool is gone");
}

#[test]
fn tools_are_usable_with_no_action_left() {
    let mut s = solo("1A1", &[Tool::Rollerskates]);
    for room in ["1B1", "1C1", "1D1", "1D2"] {
        s.walk(room);
    }
    assert_eq!(s.state.actions_left(), 0);
    play(&mut s, plain(Tool::Rollerskates));
    assert_eq!(s.state.actions_left(), 2);
}

#[test]
fn tools_are_used_only_on_your_own_turn() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"]).enter("1A1");
    s.state.chars[1].tools.push(Tool::Rollerskates);
    assert_eq!(s.state.current, 0);
    assert!(s.legal(1).is_empty(), "the other seat does nothing now");
    assert!(
        uses(&s, Tool::Rollerskates).is_empty(),
        "the active character cannot use a teammate's tool"
    );
    assert_eq!(
        s.act(1, plain(Tool::Rollerskates)).unwrap_err(),
        Illegal::NotYourTurn
    );
    assert_eq!(s.state.chars[1].tools.to_vec(), vec![Tool::Rollerskates]);
}

#[test]
fn tools_are_not_used_during_a_pending_choice() {
    let mut s = solo("1A1", &[Tool::Rollerskates])
        .tile("1B1", TileKind::Deadbolt, 1)
        .revealed("1B1");
    s.walk("1B1");
    assert!(matches!(s.state.decision, Some(Decision::Enter { .. })));
    assert!(uses(&s, Tool::Rollerskates).is_empty());
    assert_eq!(
        s.act(0, plain(Tool::Rollerskates)).unwrap_err().to_string(),
        "a choice is pending: how to get into 1B1 (pay: two_actions, stay_out); \
         answer it first"
    );
}

#[test]
fn the_bust_forbids_using_tools() {
    let mut s = solo("1A1", &[Tool::Rollerskates, Tool::SmokeBomb]);
    s.state.chars[0].loot.push(Loot::Bust);
    assert!(
        s.legal(0)
            .iter()
            .all(|a| !matches!(a, Action::UseTool { .. }))
    );
    assert!(s.act(0, plain(Tool::Rollerskates)).is_err());
    assert_eq!(s.state.actions_left(), 4);
    // Handing the Bust over frees the hand again (the tools stay).
    s.state.chars[0].loot.clear();
    assert_eq!(uses(&s, Tool::Rollerskates).len(), 1);
}

#[test]
fn tool_uses_outside_the_legal_list_are_refused() {
    let mut s = solo("1A1", &[Tool::Rollerskates, Tool::Crowbar, Tool::Dynamite])
        .tile("1C1", TileKind::Deadbolt, 1)
        .revealed("1C1");
    let before = s.state.clone();
    let wrong = [
        Action::UseTool {
            tool: Tool::Rollerskates,
            at: Some(p("1A1")),
            dir: None,
            up: None,
            face: None,
        },
        at(Tool::Crowbar, "1C1"),
        dynamite(Dir::North),
        plain(Tool::Virus),
    ];
    for action in wrong {
        assert!(
            s.act(0, action.clone()).is_err(),
            "{action:?} must be refused"
        );
        assert_eq!(s.state, before, "a refused tool changes nothing");
    }
}

#[test]
fn every_offered_tool_use_is_accepted() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1B1", TileKind::Safe, 0)
        .tile("1A1", TileKind::Laser, 1)
        .revealed("1A1")
        .tile("1C2", TileKind::Camera, 2)
        .tile("1B2", TileKind::LaserComputer, 3)
        .wall("1B1|C1")
        .wall("1B1|B2")
        .revealed("1B1")
        .revealed("1C2")
        .revealed("1B2")
        .enter("1B1");
    s.state.chars[0].tools = Tool::ALL.iter().copied().collect();
    s.state.events = vec![
        EventCard::Crash,
        EventCard::Espresso,
        EventCard::HeadsUp,
        EventCard::Reboot,
    ]
    .into_iter()
    .collect();
    s.state.tile_mut(p("1B1")).dice = 2;
    play(
        &mut s,
        Action::Roll {
            floor: Floor(0),
            cell: Cell::at(1, 0),
        },
    );
    let offered = uses(&s, Tool::Stethoscope).len();
    assert!(
        (5..=15).contains(&offered),
        "three dice (the Peterman's extra one), five new faces each"
    );
    let all: Vec<Action> = s
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::UseTool { .. }))
        .collect();
    let kinds: std::collections::BTreeSet<Tool> = all
        .iter()
        .map(|a| {
            if let Action::UseTool { tool, .. } = a {
                *tool
            } else {
                unreachable!()
            }
        })
        .collect();
    assert_eq!(kinds.len(), 13, "every tool has a use here: {kinds:?}");
    for action in all {
        let mut t = s.clone();
        t.act(0, action.clone())
            .unwrap_or_else(|e| panic!("{action:?} offered but refused: {e}"));
    }
}

// ---- Donuts ----

#[test]
fn donuts_go_under_any_placed_guard() {
    let mut s = solo("1A1", &[Tool::Donuts]);
    assert_eq!(
        uses(&s, Tool::Donuts),
        vec![at(Tool::Donuts, "1D4")],
        "floor 2 and 3 guards are not placed"
    );
    s = s.guard("2B2", "2B3");
    assert_eq!(
        sorted(uses(&s, Tool::Donuts)),
        sorted(vec![at(Tool::Donuts, "1D4"), at(Tool::Donuts, "2B2")])
    );
}

#[test]
fn donuts_stop_the_guard_next_move() {
    let mut s = solo("1A1", &[Tool::Donuts]).die(1, 3);
    play(&mut s, at(Tool::Donuts, "1D4"));
    assert!(s.state.floors[0].donuts);
    assert!(
        s.state.tool_discard.is_empty(),
        "the donuts lie under the guard until eaten"
    );
    s.end_turn();
    assert!(
        !s.saw(|e| matches!(e, Event::GuardMoved { .. })),
        "the guard loses all his moves"
    );
    assert_eq!(s.state.guard_at(Floor(0)), Some(p("1D4").cell));
    assert!(!s.state.floors[0].donuts);
    assert_eq!(
        s.state.tool_discard.to_vec(),
        vec![Tool::Donuts],
        "then the donuts are discarded"
    );
    s.end_turn();
    assert_eq!(
        s.events
            .iter()
            .filter(|e| matches!(e, Event::GuardMoved { .. }))
            .count(),
        3,
        "only once"
    );
}

// ---- Blueprints ----

#[test]
fn blueprints_reveal_any_face_down_room_of_any_floor() {
    let mut s = solo("1A1", &[Tool::Blueprints]).tile("3C2", TileKind::Thermo, 4);
    let offered = uses(&s, Tool::Blueprints);
    assert_eq!(
        offered.len(),
        3 * 16 - 1,
        "every face-down room of the building, not the entry"
    );
    assert!(!offered.contains(&at(Tool::Blueprints, "1A1")));
    play(&mut s, at(Tool::Blueprints, "3C2"));
    assert!(s.state.tile(p("3C2")).revealed);
    assert!(s.saw(|e| matches!(
        e,
        Event::Revealed {
            kind: TileKind::Thermo,
            digit: 4,
            ..
        }
    )));
    assert_eq!(s.state.actions_left(), 4);
}

// ---- Crowbar ----

#[test]
fn crowbar_targets_only_adjacent_rooms_with_a_rule_to_disable() {
    let mut s = solo("1B2", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Deadbolt); // adjacent
    reveal(&mut s, "1C2", TileKind::Camera); // adjacent, behind a wall
    reveal(&mut s, "1A2", TileKind::Stairs); // adjacent, no rule to disable
    reveal(&mut s, "1D2", TileKind::Laser); // two rooms away
    reveal(&mut s, "1C3", TileKind::Thermo); // diagonal
    reveal(&mut s, "2B2", TileKind::Motion); // above
    s = s.wall("1B2|C2");
    assert_eq!(
        sorted(uses(&s, Tool::Crowbar)),
        sorted(vec![at(Tool::Crowbar, "1B1"), at(Tool::Crowbar, "1C2")])
    );
    play(&mut s, at(Tool::Crowbar, "1B1"));
    assert!(s.state.tile(p("1B1")).disabled);
    assert!(s.saw(|e| matches!(e, Event::RoomDisabled { at } if *at == p("1B1"))));
}

#[test]
fn crowbar_opens_a_deadbolt_for_a_plain_move() {
    let mut s = solo("1A1", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Deadbolt);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    assert_eq!(s.state.decision, None, "no three actions asked");
    assert_eq!(s.state.active().pos(), Some(p("1B1")));
    assert_eq!(s.state.actions_left(), 3);
}

#[test]
fn crowbar_opens_a_keypad_without_a_roll() {
    let mut s = solo("1A1", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Keypad);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    assert!(!s.saw(|e| matches!(e, Event::KeypadRolled { .. })));
    assert_eq!(s.state.active().pos(), Some(p("1B1")));
}

#[test]
fn crowbar_silences_laser_and_fingerprint_rooms() {
    for kind in [TileKind::Laser, TileKind::Fingerprint] {
        let mut s = solo("1A1", &[Tool::Crowbar]);
        reveal(&mut s, "1B1", kind);
        play(&mut s, at(Tool::Crowbar, "1B1"));
        s.walk("1B1");
        assert_eq!(s.state.decision, None, "{kind:?}: nothing to pay");
        assert_eq!(s.state.active().pos(), Some(p("1B1")));
        assert!(alarms(&s).is_empty(), "{kind:?}");
        assert_eq!(
            s.state.actions_left(),
            3,
            "{kind:?}: a laser asks no extra action"
        );
    }
}

#[test]
fn crowbar_silences_a_motion_room_left_the_turn_it_is_entered() {
    let mut s = solo("1A1", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Motion);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    s.walk("1C1");
    assert!(alarms(&s).is_empty());
    assert_eq!(s.state.decision, None);
}

#[test]
fn crowbar_silences_a_detector() {
    let mut s = solo("1A1", &[Tool::Crowbar, Tool::Rollerskates]);
    reveal(&mut s, "1B1", TileKind::Detector);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    assert!(
        !s.state.chars[0].tools.is_empty(),
        "carrying a tool into the detector"
    );
    assert!(alarms(&s).is_empty());
}

#[test]
fn crowbar_silences_a_thermo_at_the_end_of_the_turn() {
    let mut s = solo("1A1", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Thermo);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    s.end_turn();
    assert!(!s.saw(|e| matches!(e, Event::AlarmOn { .. })));
}

#[test]
fn crowbar_silences_a_camera() {
    let mut s = solo("1A1", &[Tool::Crowbar]);
    reveal(&mut s, "1B1", TileKind::Camera);
    reveal(&mut s, "1D4", TileKind::Camera);
    play(&mut s, at(Tool::Crowbar, "1B1"));
    s.walk("1B1");
    assert!(
        alarms(&s).is_empty(),
        "the guard on the other camera does not see this one"
    );
}

// ---- E.M.P. ----

#[test]
fn emp_removes_every_alarm_and_guards_heading_for_one_draw_a_patrol_card() {
    let mut s = solo("1A1", &[Tool::Emp]).guard("2A4", "2D4");
    s.state.tile_mut(p("1B4")).alarm = true;
    s.state.tile_mut(p("2C1")).alarm = true;
    s.state.tile_mut(p("3C3")).alarm = true;
    s = s.guard("1D4", "1B4");
    let before_patrol = s.state.floors[0].patrol.len();
    play(&mut s, plain(Tool::Emp));
    assert!(alarms(&s).is_empty());
    assert_eq!(
        s.events
            .iter()
            .filter(|e| matches!(e, Event::AlarmOff { .. }))
            .count(),
        3
    );
    let g = s.state.floors[0].guard.unwrap();
    assert_eq!(
        Some(&g.target),
        s.state.floors[0].patrol_discard.last(),
        "a new patrol card"
    );
    assert!(s.state.floors[0].patrol.len() < before_patrol);
    assert!(s.saw(|e| matches!(
        e,
        Event::GuardTarget {
            floor: Floor(0),
            reason: TargetReason::Patrol,
            ..
        }
    )));
    assert_eq!(
        s.state.floors[1].guard.unwrap().target,
        p("2D4").cell,
        "a patrolling guard keeps his way"
    );
    assert!(s.state.lasting(LastingCard::Emp));
}

#[test]
fn emp_keeps_alarms_off_until_your_next_turn() {
    let mut s = with(
        Scenario::new("bank", &["peterman", "hacker"]),
        "1A1",
        &[Tool::Emp],
    );
    reveal(&mut s, "1B1", TileKind::Thermo);
    reveal(&mut s, "1A2", TileKind::Detector);
    play(&mut s, plain(Tool::Emp));
    s.walk("1B1");
    s.end_turn();
    assert!(alarms(&s).is_empty(), "the Thermo stays quiet");
    assert_eq!(s.state.current, 1);
    assert!(
        s.state.lasting(LastingCard::Emp),
        "still on during the teammate's turn"
    );
    s = s.guard("1D4", "1C4");
    s.state.chars[1].tools.push(Tool::Rollerskates);
    s.walk("1A2");
    assert!(alarms(&s).is_empty(), "the Detector stays quiet");
    s.walk("1A1");
    s.end_turn();
    assert_eq!(s.state.current, 0);
    assert!(
        !s.state.lasting(LastingCard::Emp),
        "discarded at the start of your next turn"
    );
    s = s.guard("1D4", "1C4");
    s.state.chars[0].tools.push(Tool::Rollerskates);
    s.walk("1A1");
    s.walk("1A2");
    assert_eq!(alarms(&s), vec![p("1A2")], "alarms sound again");
}

#[test]
fn emp_ends_when_the_turn_of_a_user_who_escaped_would_have_come() {
    let mut s = with(
        Scenario::new("bank", &["peterman", "hacker"]),
        "1A1",
        &[Tool::Emp],
    )
    .tile("3A1", TileKind::Stairs, 4)
    .revealed("3A1")
    .place(0, "3A1");
    s = s.guard("3D4", "3C4");
    for f in 0..3 {
        let safe = s.state.floors[f].safe;
        s.state.floors[f].tiles[safe.index(s.state.width)].cracked = true;
    }
    play(&mut s, plain(Tool::Emp));
    s.act(0, Action::Escape {}).unwrap();
    // From the roof he ends his turn (with no guard to move on it).
    assert_eq!(s.state.current, 0);
    s.end_turn();
    assert_eq!(s.state.current, 1);
    assert!(
        s.state.lasting(LastingCard::Emp),
        "on for the teammate's turn"
    );
    s.end_turn();
    // The Peterman is on the roof: his turn is passed over, and the E.M.P. with it.
    assert_eq!(s.state.current, 1);
    assert!(
        !s.state.lasting(LastingCard::Emp),
        "\"jusqu'à votre prochain tour\" does not last for good"
    );
}

// ---- Invisible Suit ----

#[test]
fn invisible_suit_hides_you_from_guards_and_gives_an_action() {
    let mut s = solo("1C4", &[Tool::InvisibleSuit]);
    play(&mut s, plain(Tool::InvisibleSuit));
    assert_eq!(s.state.actions_left(), 5);
    s.walk("1D4");
    assert_eq!(s.state.chars[0].stealth, 3, "the guard does not see you");
    assert!(!s.saw(|e| matches!(e, Event::StealthLost { .. })));
}

#[test]
fn invisible_suit_hides_you_from_cameras() {
    let mut s = solo("1A1", &[Tool::InvisibleSuit]);
    reveal(&mut s, "1B1", TileKind::Camera);
    reveal(&mut s, "1D4", TileKind::Camera);
    play(&mut s, plain(Tool::InvisibleSuit));
    s.walk("1B1");
    assert!(alarms(&s).is_empty());
}

#[test]
fn invisible_suit_stops_at_the_end_of_your_moves() {
    let mut s = solo("1A1", &[Tool::InvisibleSuit])
        .guard("1B1", "1A1")
        .die(1, 1);
    play(&mut s, plain(Tool::InvisibleSuit));
    s.end_turn();
    assert_eq!(
        s.state.chars[0].stealth, 2,
        "the guard walking in during his move sees you"
    );
}

// ---- Makeup Kit ----

#[test]
fn makeup_kit_gives_a_stealth_token_to_everyone_in_your_room() {
    let mut s = Scenario::new("bank", &["peterman", "hacker", "hawk"])
        .enter("1A1")
        .place(1, "1A1")
        .place(2, "1B1");
    s.state.chars[0].tools.push(Tool::MakeupKit);
    s.state.chars[1].stealth = 1;
    play(&mut s, plain(Tool::MakeupKit));
    let stealth: Vec<u8> = s.state.chars.iter().map(|c| c.stealth).collect();
    assert_eq!(stealth, vec![4, 2, 3]);
    assert_eq!(
        s.events
            .iter()
            .filter(|e| matches!(e, Event::StealthGained { .. }))
            .count(),
        2
    );
}

// ---- Rollerskates ----

#[test]
fn rollerskates_give_two_actions_this_turn() {
    let mut s = solo("1A1", &[Tool::Rollerskates]);
    play(&mut s, plain(Tool::Rollerskates));
    assert_eq!(s.state.actions_left(), 6);
    for room in ["1B1", "1C1", "1D1", "1D2", "1D3", "1C3"] {
        s.walk(room);
    }
    assert_eq!(s.state.actions_left(), 0);
    s.end_turn();
    assert_eq!(s.state.actions_left(), 4, "only this turn");
}

// ---- Smoke Bomb ----

#[test]
fn smoke_bomb_leaves_three_stealth_tokens_spent_in_that_room_first() {
    let mut s = solo("1A1", &[Tool::SmokeBomb])
        .guard("1B1", "1A1")
        .die(1, 1);
    play(&mut s, plain(Tool::SmokeBomb));
    assert_eq!(s.state.tile(p("1A1")).stealth, 3);
    s.end_turn();
    assert!(s.saw(|e| matches!(
        e,
        Event::StealthLost {
            character: 0,
            from_room: true,
            ..
        }
    )));
    assert_eq!(
        s.state.chars[0].stealth, 3,
        "the room's token is spent, not yours"
    );
    assert_eq!(s.state.tile(p("1A1")).stealth, 2);
}

// ---- Stethoscope ----

/// The Hawk at the safe 1B1 (one die on it) whose line holds the face-up digits 1 to 6.
fn safe_room() -> Scenario {
    let line = ["1A1", "1C1", "1D1", "1B2", "1B3", "1B4"];
    let mut s = Scenario::new("bank", &["hawk"]).tile("1B1", TileKind::Safe, 0);
    for (digit, q) in (1..).zip(line) {
        s = s.tile(q, TileKind::Lavatory, digit);
    }
    let mut s = with(s, "1B1", &[Tool::Stethoscope]);
    for q in line {
        s.state.tile_mut(p(q)).revealed = true;
    }
    s.state.tile_mut(p("1B1")).dice = 1;
    s
}

#[test]
fn stethoscope_needs_a_roll_this_turn() {
    let mut s = safe_room();
    s.state.tile_mut(p("1B1")).faces = [2].into_iter().collect();
    assert!(
        uses(&s, Tool::Stethoscope).is_empty(),
        "the faces of an earlier turn do not count"
    );
}

#[test]
fn stethoscope_turns_a_die_to_any_face_and_decodes_it() {
    let mut s = safe_room();
    play(
        &mut s,
        Action::Roll {
            floor: Floor(0),
            cell: Cell::at(1, 0),
        },
    );
    let faces = s.state.tile(p("1B1")).faces;
    assert_eq!(faces.len(), 1);
    let rolled = faces[0];
    assert_eq!(uses(&s, Tool::Stethoscope).len(), 5, "the five other faces");
    let new = rolled % 6 + 1;
    play(&mut s, stethoscope("1B1", 0, new));
    assert_eq!(s.state.tile(p("1B1")).faces.to_vec(), vec![new]);
    let decoded: Vec<u8> = ["1A1", "1C1", "1D1", "1B2", "1B3", "1B4"]
        .iter()
        .filter(|q| s.state.tile(p(q)).decoded)
        .map(|q| s.state.tile(p(q)).digit)
        .collect();
    assert!(decoded.contains(&new), "the new face decodes its room");
    assert!(decoded.contains(&rolled), "what the roll found stays found");
    assert!(s.saw(|e| matches!(e, Event::Decoded { digit, .. } if *digit == new)));
}

#[test]
fn stethoscope_can_crack_the_safe() {
    let mut s = safe_room();
    for q in ["1A1", "1C1", "1D1", "1B2", "1B3"] {
        s.state.tile_mut(p(q)).decoded = true;
    }
    s.state.tile_mut(p("1B1")).faces = [1, 1].into_iter().collect();
    s.state.turn.rolled.push(p("1B1"));
    assert_eq!(
        uses(&s, Tool::Stethoscope).len(),
        5,
        "dice showing the same face are one choice"
    );
    play(&mut s, stethoscope("1B1", 0, 6));
    assert!(s.state.tile(p("1B1")).cracked);
    assert!(s.saw(|e| matches!(e, Event::SafeCracked { .. })));
}

#[test]
fn stethoscope_needs_you_at_the_safe() {
    let mut s = safe_room();
    play(
        &mut s,
        Action::Roll {
            floor: Floor(0),
            cell: Cell::at(1, 0),
        },
    );
    s.walk("1C1");
    assert!(uses(&s, Tool::Stethoscope).is_empty());
}

// ---- Crystal Ball ----

#[test]
fn crystal_ball_shows_three_events_put_back_in_any_order() {
    let mut s = solo("1A1", &[Tool::CrystalBall]);
    use EventCard as E;
    s.state.events = vec![E::Reboot, E::Crash, E::Espresso, E::HeadsUp]
        .into_iter()
        .collect();
    play(&mut s, plain(Tool::CrystalBall));
    assert_eq!(
        s.state.decision,
        Some(Decision::OrderEvents {
            cards: vec![E::HeadsUp, E::Espresso, E::Crash]
        })
    );
    let answers = s.legal(0);
    assert_eq!(answers.len(), 6, "every order of the three");
    assert!(
        answers
            .iter()
            .all(|a| matches!(a, Action::OrderEvents { .. }))
    );
    play(
        &mut s,
        Action::OrderEvents {
            order: vec![E::Crash, E::HeadsUp, E::Espresso],
        },
    );
    assert_eq!(s.state.decision, None);
    assert_eq!(
        s.state.events.to_vec(),
        vec![E::Reboot, E::Espresso, E::HeadsUp, E::Crash],
        "top last"
    );
    assert_eq!(
        s.state.known_tops,
        vec![
            KnownTop::Event {
                depth: 0,
                card: E::Crash
            },
            KnownTop::Event {
                depth: 1,
                card: E::HeadsUp
            },
            KnownTop::Event {
                depth: 2,
                card: E::Espresso
            },
        ]
    );
    assert_eq!(s.state.actions_left(), 4);
}

#[test]
fn crystal_ball_order_stays_known_to_bots() {
    let mut s = solo("1A1", &[Tool::CrystalBall]);
    use EventCard as E;
    s.state.events = vec![
        E::Reboot,
        E::Crash,
        E::Espresso,
        E::HeadsUp,
        E::Squeak,
        E::TimeLock,
    ]
    .into_iter()
    .collect();
    play(&mut s, plain(Tool::CrystalBall));
    play(
        &mut s,
        Action::OrderEvents {
            order: vec![E::Squeak, E::HeadsUp, E::TimeLock],
        },
    );
    for seed in 0..20 {
        let d = Burgle::determinize(&s.state, Seat(0), &mut GameRng::from_seed(seed));
        assert_eq!(
            d.events[3..],
            [E::TimeLock, E::HeadsUp, E::Squeak],
            "seed {seed}"
        );
    }
}

#[test]
fn crystal_ball_with_one_event_left_asks_nothing() {
    let mut s = solo("1A1", &[Tool::CrystalBall]);
    assert!(
        uses(&s, Tool::CrystalBall).is_empty(),
        "no event left to see"
    );
    s.state.events = vec![EventCard::Crash].into_iter().collect();
    play(&mut s, plain(Tool::CrystalBall));
    assert_eq!(s.state.decision, None);
    assert_eq!(
        s.state.known_tops,
        vec![KnownTop::Event {
            depth: 0,
            card: EventCard::Crash
        }]
    );
}

// ---- Dynamite ----

#[test]
fn dynamite_is_offered_for_walls_next_to_you_only() {
    let s = solo("1A1", &[Tool::Dynamite]).wall("1A1|B1").wall("1B2|C2");
    assert_eq!(
        uses(&s, Tool::Dynamite),
        vec![dynamite(Dir::East)],
        "not the outer edge, not open sides"
    );
    let s = solo("1A1", &[Tool::Dynamite]);
    assert!(uses(&s, Tool::Dynamite).is_empty());
}

#[test]
fn dynamite_opens_a_wall_for_everyone_and_sounds_an_alarm_in_your_room() {
    let mut s = solo("1A1", &[Tool::Dynamite]).wall("1A1|B1").wall("1A1|A2");
    assert!(move_to(&mut s, "1B1", MoveBy::Walk).is_err());
    play(&mut s, dynamite(Dir::East));
    assert!(s.saw(|e| matches!(
        e,
        Event::WallDestroyed {
            floor: Floor(0),
            ..
        }
    )));
    assert_eq!(alarms(&s), vec![p("1A1")]);
    assert_eq!(
        s.state.floors[0].guard.unwrap().target,
        p("1A1").cell,
        "the guard heads for the blast"
    );
    assert_eq!(
        s.state
            .maze(Floor(0))
            .distance(p("1B1").cell, p("1A1").cell),
        Some(1),
        "guards pass where the wall stood"
    );
    s.walk("1B1");
    assert_eq!(s.state.active().pos(), Some(p("1B1")));
}

// ---- Virus ----

#[test]
fn virus_adds_three_hack_tokens_to_any_face_up_computer_room() {
    let mut s = solo("1A1", &[Tool::Virus])
        .tile("1C3", TileKind::LaserComputer, 1)
        .tile("2B2", TileKind::MotionComputer, 1)
        .tile("3D1", TileKind::FingerprintComputer, 1)
        .tile("3A4", TileKind::FingerprintComputer, 1)
        .revealed("1C3")
        .revealed("2B2")
        .revealed("3D1");
    s.state.tile_mut(p("1C3")).hack = 4;
    s.state.tile_mut(p("3D1")).hack = 6;
    assert_eq!(
        sorted(uses(&s, Tool::Virus)),
        sorted(vec![at(Tool::Virus, "1C3"), at(Tool::Virus, "2B2")]),
        "face up and not full"
    );
    play(&mut s, at(Tool::Virus, "2B2"));
    assert_eq!(s.state.tile(p("2B2")).hack, 3);
    let mut t = solo("1A1", &[Tool::Virus])
        .tile("1C3", TileKind::LaserComputer, 1)
        .revealed("1C3");
    t.state.tile_mut(p("1C3")).hack = 4;
    play(&mut t, at(Tool::Virus, "1C3"));
    assert_eq!(t.state.tile(p("1C3")).hack, 6, "at most 6");
}

// ---- Thermal Bomb ----

#[test]
fn thermal_bomb_makes_stairs_up_and_sounds_an_alarm() {
    let mut s = solo("1B2", &[Tool::ThermalBomb]);
    assert_eq!(
        uses(&s, Tool::ThermalBomb),
        vec![thermal(true)],
        "no floor below the ground floor"
    );
    play(&mut s, thermal(true));
    assert_eq!(alarms(&s), vec![p("1B2")]);
    move_to(&mut s, "2B2", MoveBy::Stairs).expect("up the new stairs");
    move_to(&mut s, "1B2", MoveBy::Stairs).expect("and back down");
}

#[test]
fn thermal_bomb_makes_stairs_down() {
    let mut s = solo("1A1", &[Tool::ThermalBomb]).place(0, "2C3");
    assert_eq!(
        sorted(uses(&s, Tool::ThermalBomb)),
        sorted(vec![thermal(true), thermal(false)])
    );
    play(&mut s, thermal(false));
    assert_eq!(alarms(&s), vec![p("2C3")]);
    assert!(s.legal(0).contains(&Action::Move {
        floor: Floor(0),
        cell: p("1C3").cell,
        by: MoveBy::Stairs
    }));
    assert!(
        !s.legal(0).contains(&Action::Move {
            floor: Floor(2),
            cell: p("3C3").cell,
            by: MoveBy::Stairs
        }),
        "only down"
    );
    move_to(&mut s, "1C3", MoveBy::Stairs).expect("down the hole");
    move_to(&mut s, "2C3", MoveBy::Stairs).expect("and back up");
}

#[test]
fn thermal_bomb_is_not_offered_where_stairs_already_lead() {
    let s = solo("1A1", &[Tool::ThermalBomb])
        .tile("1B1", TileKind::Stairs, 1)
        .revealed("1B1")
        .place(0, "1B1");
    assert!(
        uses(&s, Tool::ThermalBomb).is_empty(),
        "stairs lead up already; no floor below"
    );
    let s = solo("1A1", &[Tool::ThermalBomb])
        .tile("1B1", TileKind::Stairs, 1)
        .revealed("1B1")
        .place(0, "2B1");
    assert_eq!(
        uses(&s, Tool::ThermalBomb),
        vec![thermal(true)],
        "the stairs below lead down already"
    );
}

#[test]
fn thermal_bomb_up_from_the_top_floor_reaches_the_roof() {
    let mut s = solo("1A1", &[Tool::ThermalBomb]).place(0, "3B2");
    for f in 0..3 {
        s.state.tile_mut(Pos::new(Floor(f), Cell::at(0, 0))).cracked = true;
    }
    assert!(!s.legal(0).contains(&Action::Escape {}));
    play(&mut s, thermal(true));
    assert!(s.legal(0).contains(&Action::Escape {}));
}

// ---- Rigger: The Solution ----

#[test]
fn rigger_in_play_draws_two_tools_and_keeps_one() {
    let mut s = Scenario::new("bank", &["peterman", "rigger"])
        .tile("1B1", TileKind::Laboratory, 1)
        .enter("1A1");
    s.state.tools = vec![Tool::Virus, Tool::Emp].into_iter().collect();
    s.walk("1B1");
    assert_eq!(
        s.state.decision,
        Some(Decision::KeepTool {
            who: 0,
            tools: vec![Tool::Emp, Tool::Virus]
        })
    );
    assert_eq!(
        s.legal(0),
        vec![
            Action::KeepTool { tool: Tool::Emp },
            Action::KeepTool { tool: Tool::Virus }
        ]
    );
    play(&mut s, Action::KeepTool { tool: Tool::Virus });
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![Tool::Virus]);
    assert_eq!(s.state.tool_discard.to_vec(), vec![Tool::Emp]);
    assert!(s.state.tools.is_empty());
    assert!(s.saw(|e| matches!(e, Event::ToolDiscarded { tool: Tool::Emp })));
}

#[test]
fn without_the_rigger_a_tool_is_drawn_alone() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1B1", TileKind::Laboratory, 1)
        .enter("1A1");
    s.state.tools = vec![Tool::Virus, Tool::Emp].into_iter().collect();
    s.walk("1B1");
    assert_eq!(s.state.decision, None);
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![Tool::Emp]);
    assert_eq!(s.state.tools.to_vec(), vec![Tool::Virus]);
}

#[test]
fn the_rigger_starts_with_the_dynamite() {
    let s = Scenario::new("bank", &["rigger"]).enter("1A1");
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![Tool::Dynamite]);
    assert!(!s.state.tools.contains(&Tool::Dynamite));
}
