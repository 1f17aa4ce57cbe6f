//! Rule scenarios for the core of Burgle Bros.: setup and options, the turn, guards, alarms,
//! every room, safes, stealth, the end. Names follow docs/rules/burgle.md.

use lockpick_burgle::actions::{Action, Event, MoveBy, TargetReason};
use lockpick_burgle::cards::{CharacterKind, Loot, Side, TileKind as K, Tool};
use lockpick_burgle::ids::{Cell, Floor, Pos, Width};
use lockpick_burgle::state::{Decision, Payment, Place, Stage};
use lockpick_burgle::testing::{Scenario, p};
use lockpick_burgle::{Burgle, State};
use lockpick_engine::{FORMAT_VERSION, Game, Options, Seat, SeatCount, Session, ToAct, Verdict};

fn game(pairs: &[(&str, &str)], seats: u8, seed: u64) -> State {
    let options = Options::resolve(&Burgle::options_schema(), pairs.iter().copied()).unwrap();
    Burgle::setup(&options, SeatCount(seats), seed).unwrap()
}

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn peek(at: &str) -> Action {
    let pos = p(at);
    Action::Peek {
        floor: pos.floor,
        cell: pos.cell,
    }
}

fn mv(at: &str, by: MoveBy) -> Action {
    let pos = p(at);
    Action::Move {
        floor: pos.floor,
        cell: pos.cell,
        by,
    }
}

fn pay(payment: Payment) -> Action {
    Action::Pay { payment }
}

/// A one-character Bank scenario; the guard far away in D4, heading for C4.
fn solo() -> Scenario {
    Scenario::new("bank", &["peterman"])
}

fn guard_moves(events: &[Event]) -> Vec<(u8, String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::GuardMoved {
                floor, from, to, ..
            } => Some((floor.number(), from.to_string(), to.to_string())),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- setup and options

#[test]
fn jobs_build_their_buildings() {
    let office = game(&[("job", "office")], 2, 1);
    assert_eq!((office.floors.len(), office.width), (2, Width(4)));
    let bank = game(&[("job", "bank")], 2, 1);
    assert_eq!((bank.floors.len(), bank.width), (3, Width(4)));
    let knox = game(&[("job", "fort_knox")], 2, 1);
    assert_eq!(
        (knox.floors.len(), knox.width, knox.shaft),
        (2, Width(5), Some(c("C3")))
    );
}

#[test]
fn every_floor_has_its_own_safe_and_stairs() {
    for seed in 0..50 {
        for job in ["office", "bank", "fort_knox"] {
            let s = game(&[("job", job)], 2, seed);
            for f in s.all_floors() {
                let kinds: Vec<K> = s.rooms(f).map(|p| s.tile(p).kind).collect();
                assert!(
                    kinds.contains(&K::Safe) && kinds.contains(&K::Stairs),
                    "{job} floor {f}"
                );
                assert_eq!(
                    s.tile(lockpick_burgle::ids::Pos::new(f, s.floors[f.index()].safe))
                        .kind,
                    K::Safe
                );
                if job != "fort_knox" {
                    assert_eq!(kinds.iter().filter(|k| **k == K::Safe).count(), 1);
                    assert_eq!(kinds.iter().filter(|k| **k == K::Stairs).count(), 1);
                }
            }
        }
    }
}

#[test]
fn the_office_job_uses_only_white_circle_tiles() {
    let tiles =
        lockpick_burgle::content::parse_tiles("t", lockpick_burgle::content::TILES_TOML).unwrap();
    let mut office: Vec<(K, u8)> = tiles
        .iter()
        .filter(|t| t.office)
        .map(|t| (t.kind, t.digit))
        .collect();
    office.sort();
    let s = game(&[("job", "office")], 1, 7);
    let mut used: Vec<(K, u8)> = s
        .all_floors()
        .flat_map(|f| s.rooms(f))
        .map(|p| (s.tile(p).kind, s.tile(p).digit))
        .collect();
    used.sort();
    assert_eq!(used, office);
}

#[test]
fn difficulty_sets_the_stealth_tokens() {
    for (level, tokens) in [("easy", 6), ("normal", 3), ("hard", 1)] {
        let s = game(&[("difficulty", level)], 2, 3);
        assert!(s.chars.iter().all(|ch| ch.stealth == tokens), "{level}");
    }
}

#[test]
fn guards_start_with_the_jobs_dice() {
    let dice = |job| {
        game(&[("job", job)], 1, 1)
            .floors
            .iter()
            .map(|f| f.die)
            .collect::<Vec<_>>()
    };
    assert_eq!(dice("office"), vec![2, 3]);
    assert_eq!(dice("bank"), vec![2, 3, 4]);
    assert_eq!(dice("fort_knox"), vec![3, 4]);
}

#[test]
fn default_walls_are_the_printed_layouts() {
    let s = game(&[("job", "bank")], 2, 1);
    let v = Burgle::view(&s, lockpick_engine::Viewer::Spectator);
    let mut first = v.floors[0].walls.clone();
    first.sort();
    let mut printed: Vec<String> = "A1|B1 C2|D2 A4|B4 B4|C4 C1|C2 A2|A3 B2|B3 D3|D4"
        .split(' ')
        .map(String::from)
        .collect();
    printed.sort();
    assert_eq!(first, printed);
}

#[test]
fn fort_knox_s_other_printing_is_played_when_asked_and_only_there() {
    let walls = |walls: &str| {
        let s = game(&[("job", "fort_knox"), ("walls", walls)], 2, 1);
        let v = Burgle::view(&s, lockpick_engine::Viewer::Spectator);
        let mut second = v.floors[1].walls.clone();
        second.sort();
        (s.shaft, second)
    };
    let (shaft, other) = walls("other_printing");
    assert_eq!(shaft, Some(c("C3")));
    let book = lockpick_burgle::content::embedded_wall_section("fort_knox_alt").unwrap();
    let mut printed: Vec<String> = book.floors[1].names(Width(5));
    printed.sort();
    assert_eq!(other, printed);
    assert!(other.contains(&"A1|B1".to_string()), "{other:?}");
    let (_, default) = walls("default");
    assert!(!default.contains(&"A1|B1".to_string()), "{default:?}");
    // The Bank and Office Jobs have one printing.
    let options = Options::resolve(
        &Burgle::options_schema(),
        [("job", "bank"), ("walls", "other_printing")],
    )
    .unwrap();
    let err = Burgle::setup(&options, SeatCount(2), 1).unwrap_err();
    assert!(
        err.to_string().contains("Fort Knox's other printing"),
        "{err}"
    );
}

#[test]
fn random_walls_can_be_rerolled_before_play() {
    let mut s = game(&[("walls", "random")], 1, 5);
    assert_eq!(s.stage, Stage::Layout);
    assert!(
        s.floors
            .iter()
            .all(|f| f.walls.count() == 8 && f.walls.connected(s.width, None))
    );
    let before: Vec<_> = s.floors.iter().map(|f| f.walls).collect();
    let mut ev = Vec::new();
    Burgle::apply(&mut s, Seat(0), &Action::RerollWalls {}, &mut ev).unwrap();
    assert_ne!(before, s.floors.iter().map(|f| f.walls).collect::<Vec<_>>());
    Burgle::apply(&mut s, Seat(0), &Action::ConfirmLayout {}, &mut ev).unwrap();
    assert_eq!(s.stage, Stage::Entry);
    assert!(s.floors[0].guard.is_some());
}

#[test]
fn fort_knox_random_walls_let_the_team_choose_the_shaft() {
    let mut s = game(&[("job", "fort_knox"), ("walls", "random")], 1, 5);
    assert!(s.floors.iter().all(|f| f.walls.count() == 12));
    let mut ev = Vec::new();
    Burgle::apply(
        &mut s,
        Seat(0),
        &Action::MoveShaft { cell: c("B2") },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.shaft, Some(c("B2")));
    for f in &s.floors {
        assert!(f.walls.connected(s.width, s.shaft));
        assert!(!f.patrol.contains(&c("B2")) && !f.set_aside.contains(&c("B2")));
        assert_eq!(f.patrol.len() + f.set_aside.len(), 24);
    }
}

#[test]
fn character_modes_assign_characters_and_sides() {
    let s = game(&[("characters", "random_basic")], 3, 2);
    assert_eq!(s.chars.len(), 3);
    assert!(s.chars.iter().all(|ch| ch.side == Side::Basic));
    let mut kinds: Vec<_> = s.chars.iter().map(|ch| ch.kind).collect();
    kinds.dedup();
    assert_eq!(kinds.len(), 3, "different characters");

    let mut s = game(&[("characters", "random_sides")], 2, 2);
    assert_eq!((s.chars.len(), s.draft.len()), (0, 2));
    let options = s.draft.iter().map(|d| d.kind.is_some()).collect::<Vec<_>>();
    assert_eq!(
        options,
        vec![true, true],
        "random characters, sides to choose"
    );
    let mut out = Vec::new();
    Burgle::legal_actions(&s, Seat(0), &mut out);
    assert_eq!(out.len(), 2, "basic or advanced: {out:?}");
    let mut ev = Vec::new();
    Burgle::apply(&mut s, Seat(0), &out[1], &mut ev).unwrap();
    assert_eq!(Burgle::to_act(&s), ToAct::one(Seat(1)));

    let s = game(&[("characters", "choose_basic")], 2, 2);
    let mut out = Vec::new();
    Burgle::legal_actions(&s, Seat(0), &mut out);
    assert_eq!(out.len(), 9, "nine characters, basic side");
    let s = game(&[("characters", "choose_advanced")], 2, 2);
    Burgle::legal_actions(&s, Seat(0), &mut out);
    assert_eq!(out.len(), 18);
}

#[test]
fn a_character_already_taken_is_refused_by_name() {
    let mut s = game(&[("characters", "choose_basic")], 2, 2);
    let hacker = Action::ChooseCharacter {
        character: CharacterKind::Hacker,
        side: Side::Basic,
    };
    let mut ev = Vec::new();
    Burgle::apply(&mut s, Seat(0), &hacker, &mut ev).unwrap();
    let err = Burgle::apply(&mut s, Seat(1), &hacker, &mut ev).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the Hacker (basic side) is not among the characters left to choose"
    );
    assert_eq!(
        Burgle::describe_illegal(&err, "fr"),
        "Le pirate informatique (face de base) n'est pas parmi les personnages qui restent à choisir"
    );
}

#[test]
fn a_character_option_names_character_and_side() {
    let s = game(
        &[("character1", "hawk_advanced"), ("character2", "raven")],
        2,
        2,
    );
    assert!(s.chars[0].is(CharacterKind::Hawk, Side::Advanced));
    assert!(s.chars[1].is(CharacterKind::Raven, Side::Basic));
}

#[test]
fn one_player_may_run_several_characters() {
    let s = game(&[("solo_characters", "3")], 1, 2);
    assert_eq!(s.chars.len(), 3);
    assert!(s.chars.iter().all(|ch| ch.seat == Seat(0)));
    let options = Options::resolve(&Burgle::options_schema(), [("solo_characters", "2")]).unwrap();
    let err = Burgle::setup(&options, SeatCount(2), 1).unwrap_err();
    assert!(err.to_string().contains("single player"), "{err}");
}

#[test]
fn solo_with_one_character_removes_the_team_cards() {
    for seed in 0..20 {
        let s = game(&[], 1, seed);
        assert!(!s.loot.contains(&Loot::GoldBar));
        assert_eq!(s.events.len(), 22);
        assert_ne!(s.chars[0].kind, CharacterKind::Rook);
    }
    assert_eq!(game(&[], 2, 1).loot.len(), 13);
}

/// How many rooms of `kind` each floor holds.
fn per_floor(s: &State, kind: K) -> Vec<usize> {
    s.all_floors()
        .map(|f| s.rooms(f).filter(|p| s.tile(*p).kind == kind).count())
        .collect()
}

#[test]
fn bots_resample_which_stairs_and_which_spare_each_floor_holds_and_keep_the_deal_s_rules() {
    use lockpick_engine::GameRng;
    // Bank Job: one Safe and one Stairs a floor, the Stairs' digits 4, 5 and 6 dealt at random:
    // a bot cannot know which floor holds which while they lie face down.
    let s = game(&[("deadbolts", "one_per_floor")], 2, 7);
    let mut digits = std::collections::BTreeSet::new();
    let mut rng = GameRng::from_seed(1);
    for _ in 0..60 {
        let d = Burgle::determinize(&s, Seat(0), &mut rng);
        assert_eq!(per_floor(&d, K::Safe), [1, 1, 1]);
        assert_eq!(per_floor(&d, K::Stairs), [1, 1, 1]);
        // Dealt one per floor, and the team knows it.
        assert_eq!(per_floor(&d, K::Deadbolt), [1, 1, 1]);
        let f2 = d
            .rooms(Floor(1))
            .find(|p| d.tile(*p).kind == K::Stairs)
            .unwrap();
        digits.insert(d.tile(f2).digit);
        let own = Pos::new(Floor(1), d.floors[1].safe);
        assert_eq!(d.tile(own).kind, K::Safe, "a floor's safe lies on a Safe");
    }
    assert_eq!(
        digits.into_iter().collect::<Vec<_>>(),
        [4, 5, 6],
        "every Stairs copy may lie on floor 2"
    );
    // Fully random Deadbolts may lie two on a floor.
    let s = game(&[], 2, 7);
    let mut rng = GameRng::from_seed(1);
    assert!((0..60).any(|_| {
        per_floor(&Burgle::determinize(&s, Seat(0), &mut rng), K::Deadbolt)
            .iter()
            .any(|n| *n != 1)
    }));
    // Fort Knox: the spare Safe may be on either floor while no Safe is face up.
    let s = game(&[("job", "fort_knox")], 2, 7);
    let mut rng = GameRng::from_seed(1);
    let mut spares = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let d = Burgle::determinize(&s, Seat(0), &mut rng);
        let safes = per_floor(&d, K::Safe);
        assert!(safes.iter().all(|n| *n >= 1), "{safes:?}");
        if let Some(f) = safes.iter().position(|n| *n == 2) {
            spares.insert(f);
        }
    }
    assert_eq!(spares.len(), 2, "the spare Safe's floor is unknown");
}

#[test]
fn deadbolts_one_per_floor() {
    for seed in 0..40 {
        let s = game(&[("deadbolts", "one_per_floor")], 2, seed);
        for f in s.all_floors() {
            assert_eq!(
                s.rooms(f)
                    .filter(|p| s.tile(*p).kind == K::Deadbolt)
                    .count(),
                1
            );
        }
        let k = game(
            &[("job", "fort_knox"), ("deadbolts", "one_per_floor")],
            2,
            seed,
        );
        for f in k.all_floors() {
            let n = k
                .rooms(f)
                .filter(|p| k.tile(*p).kind == K::Deadbolt)
                .count();
            assert!((1..=2).contains(&n));
        }
    }
}

#[test]
fn patrol_cards_are_set_aside_by_character_count() {
    for (n, aside) in [(1u8, 9usize), (2, 6), (3, 3), (4, 0)] {
        let s = game(&[], n, 1);
        assert_eq!(s.floors[1].set_aside.len(), aside);
        assert_eq!(s.floors[1].patrol.len(), 16 - aside);
    }
    let s = game(&[("solo_characters", "3")], 1, 1);
    assert_eq!(
        s.floors[1].set_aside.len(),
        3,
        "a solo player running 3 counts as 3"
    );
}

#[test]
fn the_ground_floor_guard_is_placed_before_the_entry_is_chosen() {
    let s = game(&[], 2, 9);
    assert_eq!(s.stage, Stage::Entry);
    let g = s.floors[0].guard.unwrap();
    assert_ne!(g.at, g.target);
    assert_eq!(s.floors[0].patrol_discard.len(), 2);
    assert!(s.floors[1].guard.is_none());
    let mut out = Vec::new();
    Burgle::legal_actions(&s, Seat(0), &mut out);
    assert_eq!(out.len(), 16, "any ground-floor room");
}

#[test]
fn every_character_starts_in_the_entry_at_their_first_turn_without_its_effect() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .tile("1A1", K::Fingerprint, 1)
        .enter("1A1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert!(!s.state.tile(p("1A1")).alarm, "no alarm on the entry");
    assert_eq!(s.state.chars[1].place, Place::Outside);
    s.state.turn.used = 3;
    s.end_turn();
    assert_eq!(s.state.chars[1].pos(), Some(p("1A1")));
}

// ---------------------------------------------------------------- the turn

#[test]
fn peeking_reveals_an_adjacent_room_for_one_action() {
    let mut s = solo().tile("1B1", K::Camera, 2).enter("1A1");
    let ev = s.act(0, peek("1B1")).unwrap().to_vec();
    assert!(ev.contains(&Event::Revealed {
        at: p("1B1"),
        kind: K::Camera,
        digit: 2
    }));
    assert_eq!(s.state.actions_left(), 3);
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
}

#[test]
fn no_peek_or_move_through_walls_or_diagonals() {
    let mut s = solo().wall("1A1|B1").enter("1A1");
    assert!(!s.legal(0).contains(&peek("1B1")));
    assert!(!s.legal(0).contains(&peek("1B2")));
    assert!(s.act(0, mv("1B1", MoveBy::Walk)).is_err());
    assert!(s.legal(0).contains(&peek("1A2")));
}

#[test]
fn moving_into_a_face_down_room_reveals_it() {
    let mut s = solo().tile("1B1", K::Atrium, 3).enter("1A1");
    s.walk("1B1");
    assert!(s.saw(|e| matches!(
        e,
        Event::Revealed {
            kind: K::Atrium,
            ..
        }
    )));
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
}

#[test]
fn four_actions_a_turn() {
    let mut s = solo().enter("1A1");
    for to in ["1B1", "1C1", "1B1", "1A1"] {
        s.walk(to);
    }
    assert_eq!(s.legal(0), vec![Action::EndTurn {}]);
    assert!(s.act(0, mv("1B1", MoveBy::Walk)).is_err());
}

#[test]
fn the_guard_moves_his_die_plus_the_alarms_after_the_turn() {
    let mut s = solo().guard("1D4", "1A4").enter("1A1");
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert_eq!(
        guard_moves(&ev),
        vec![(1, "D4".into(), "C4".into()), (1, "C4".into(), "B4".into())]
    );
    let json = serde_json::to_value(
        ev.iter()
            .find(|e| matches!(e, Event::GuardMoved { .. }))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        json,
        serde_json::json!({"type":"guard_moved","floor":1,"from":"D4","to":"C4","toward":"A4"})
    );

    let mut s = solo().guard("1D4", "1A4").enter("1A1");
    s.state.tile_mut(p("1A4")).alarm = true;
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert_eq!(guard_moves(&ev).len(), 3, "die 2 + 1 alarm");
    assert!(ev.contains(&Event::AlarmOff { at: p("1A4") }));
}

#[test]
fn only_the_guard_of_the_current_floor_moves_and_upper_guards_appear_on_arrival() {
    let mut s = solo().tile("1A1", K::Stairs, 4).enter("1A1");
    assert!(s.state.floors[1].guard.is_none());
    assert!(s.state.tile(p("2A1")).down, "the down-stairs token above");
    s.act(0, mv("2A1", MoveBy::Stairs)).unwrap();
    assert!(s.saw(|e| matches!(e, Event::GuardPlaced { floor, .. } if floor.number() == 2)));
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    let moves = guard_moves(&ev);
    assert!(
        !moves.is_empty() && moves.iter().all(|(f, _, _)| *f == 2),
        "{moves:?}"
    );
}

#[test]
fn the_guard_turns_clockwise_when_paths_tie() {
    let mut s = solo().guard("1B2", "1C3").enter("1A4");
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert_eq!(
        guard_moves(&ev)[0],
        (1, "B2".into(), "C2".into()),
        "target south-east: east first"
    );
}

#[test]
fn an_alarm_becomes_the_guards_destination() {
    let mut s = solo()
        .tile("1B1", K::Fingerprint, 1)
        .guard("1D4", "1C4")
        .enter("1A1");
    s.walk("1B1");
    assert!(s.state.tile(p("1B1")).alarm);
    assert_eq!(s.state.floors[0].guard.unwrap().target, c("B1"));
    assert!(s.saw(|e| matches!(
        e,
        Event::GuardTarget {
            reason: TargetReason::Alarm,
            ..
        }
    )));
}

#[test]
fn equally_near_alarms_let_the_players_choose() {
    let mut s = solo()
        .tile("1B1", K::Fingerprint, 1)
        .tile("1A2", K::Fingerprint, 2)
        .guard("1B2", "1C2")
        .enter("1A1");
    s.walk("1B1");
    s.walk("1A1");
    s.walk("1A2");
    assert!(matches!(s.state.decision, Some(Decision::Alarm { .. })));
    let legal = s.legal(0);
    assert_eq!(legal.len(), 2);
    s.act(0, Action::ChooseAlarm { cell: c("A2") }).unwrap();
    assert_eq!(s.state.floors[0].guard.unwrap().target, c("A2"));
}

#[test]
fn a_new_patrol_card_when_the_last_alarm_is_cleared() {
    let mut s = solo().guard("1C4", "1B4").die(1, 1).enter("1A1");
    s.state.tile_mut(p("1B4")).alarm = true;
    let deck = s.state.floors[0].patrol.len();
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GuardTarget {
            reason: TargetReason::Patrol,
            ..
        }
    )));
    assert!(s.state.floors[0].patrol.len() < deck);
}

#[test]
fn an_empty_patrol_deck_is_reshuffled_and_the_guard_speeds_up() {
    let mut s = solo().guard("1C4", "1B4").die(1, 2).enter("1A1");
    let f = &mut s.state.floors[0];
    let all = std::mem::take(&mut f.patrol);
    f.patrol_discard.extend(all);
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert!(ev.contains(&Event::PatrolReshuffled {
        floor: Floor(0),
        die: 3
    }));
    assert_eq!(
        s.state.floors[0].set_aside.len(),
        9,
        "set aside again after the reshuffle"
    );
    assert_eq!(s.state.floors[0].die, 3);
}

#[test]
fn an_event_is_drawn_when_two_or_fewer_actions_were_used() {
    let mut s = solo().enter("1A1");
    s.state.turn.used = 2;
    let events = s.state.events.len();
    let ev = s.end_turn().to_vec();
    assert!(ev.iter().any(|e| matches!(e, Event::EventDrawn { .. })));
    assert_eq!(s.state.events.len(), events - 1);

    let mut s = solo().enter("1A1");
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert!(!ev.iter().any(|e| matches!(e, Event::EventDrawn { .. })));
}

// ---------------------------------------------------------------- stealth and the end

#[test]
fn entering_the_guards_room_costs_a_stealth_token() {
    let mut s = solo().guard("1B1", "1C4").enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn the_guard_entering_your_room_costs_a_stealth_token() {
    let mut s = solo().guard("1C1", "1A1").die(1, 1).enter("1B1");
    s.state.turn.used = 3;
    s.end_turn();
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn with_no_stealth_left_meeting_a_guard_is_capture() {
    let mut s = solo().guard("1C1", "1A1").die(1, 1).enter("1B1");
    s.state.chars[0].stealth = 0;
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert!(ev.contains(&Event::Captured { character: 0 }));
    assert_eq!(
        Burgle::to_act(&s.state),
        ToAct::Over {
            outcome: lockpick_engine::Outcome::lost("captured")
        }
    );
}

#[test]
fn no_alarm_sounds_in_a_room_with_a_guard() {
    let mut s = solo()
        .tile("1B1", K::Fingerprint, 1)
        .guard("1B1", "1C4")
        .enter("1A1");
    s.walk("1B1");
    assert!(!s.state.tile(p("1B1")).alarm);
}

#[test]
fn the_roof_opens_only_when_every_safe_is_cracked_and_all_on_the_roof_win() {
    let mut s = solo()
        .tile("3A1", K::Stairs, 4)
        .revealed("3A1")
        .enter("1A1")
        .place(0, "3A1");
    assert!(!s.legal(0).contains(&Action::Escape {}));
    for f in 0..3 {
        let safe = s.state.floors[f].safe;
        s.state.floors[f].tiles[safe.index(Width(4))].cracked = true;
    }
    assert!(s.legal(0).contains(&Action::Escape {}));
    s.act(0, Action::Escape {}).unwrap();
    assert_eq!(s.state.chars[0].place, Place::Roof);
    assert_eq!(
        Burgle::to_act(&s.state).outcome().unwrap().verdict,
        Verdict::Won
    );
}

/// A solo burglar on the top floor's stairs with every safe open and `card` lying on floor 2,
/// climbs to the roof: the game's outcome.
fn escape_leaving(card: lockpick_burgle::actions::HeldCard) -> lockpick_engine::Outcome {
    let mut s = solo()
        .tile("3A1", K::Stairs, 4)
        .revealed("3A1")
        .enter("1A1")
        .place(0, "3A1");
    for f in 0..3 {
        let safe = s.state.floors[f].safe;
        s.state.floors[f].tiles[safe.index(Width(4))].cracked = true;
    }
    s.state.loose.push((p("2B2"), card));
    s.act(0, Action::Escape {}).unwrap();
    s.state
        .outcome
        .clone()
        .expect("the last burglar out ends the game")
}

#[test]
fn loot_left_behind_loses() {
    let outcome = escape_leaving(lockpick_burgle::actions::HeldCard::Loot(Loot::PersianKitty));
    assert_eq!(outcome.reason, "loot_left_behind");
}

#[test]
fn a_drilled_safes_tool_left_lying_does_not_lose_the_game() {
    // The rule of loss names loot only: a tool lying in a room is merely lost.
    let outcome = escape_leaving(lockpick_burgle::actions::HeldCard::Tool(Tool::Crowbar));
    assert_eq!(outcome.verdict, Verdict::Won, "{}", outcome.reason);
}

#[test]
fn no_guard_moves_on_the_turn_you_escape() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .tile("3A1", K::Stairs, 4)
        .revealed("3A1")
        .enter("1A1");
    s = s.place(0, "3A1");
    s = s.guard("3D4", "3C4");
    for f in 0..3 {
        let safe = s.state.floors[f].safe;
        s.state.floors[f].tiles[safe.index(Width(4))].cracked = true;
    }
    s.act(0, Action::Escape {}).unwrap();
    s.state.turn.used = 0;
    let ev = s.act(0, Action::EndTurn {});
    // The escaped character's turn is over: ending it moves no guard.
    assert!(ev.is_err() || guard_moves(ev.unwrap()).is_empty());
}

// ---------------------------------------------------------------- rooms

#[test]
fn atrium_lets_you_peek_up_and_down_and_guards_above_see_you() {
    let mut s = solo()
        .tile("2B1", K::Atrium, 3)
        .revealed("2B1")
        .enter("1A1")
        .place(0, "2B1");
    s = s.guard("2D4", "2C4");
    assert!(s.legal(0).contains(&peek("3B1")));
    assert!(s.legal(0).contains(&peek("1B1")));
    // A guard directly below sees a character entering the atrium.
    let mut s = solo()
        .tile("2B1", K::Atrium, 3)
        .revealed("2B1")
        .enter("1A1")
        .place(0, "2A1");
    s = s.guard("2D4", "2C4");
    s = s.guard("1B1", "1C4");
    s.walk("2B1");
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn camera_sounds_an_alarm_when_a_guard_stands_on_another_camera() {
    let mut s = solo()
        .tile("1B1", K::Camera, 1)
        .tile("1D4", K::Camera, 2)
        .revealed("1D4")
        .guard("1D4", "1C4")
        .enter("1A1");
    s.walk("1B1");
    assert!(s.state.tile(p("1B1")).alarm);
    // A guard stepping onto a camera makes the others report.
    let mut s = solo()
        .tile("1B1", K::Camera, 1)
        .tile("1D3", K::Camera, 2)
        .revealed("1D3")
        .guard("1D4", "1D3")
        .die(1, 1)
        .enter("1A1");
    s.walk("1B1");
    assert!(!s.state.tile(p("1B1")).alarm);
    s.state.turn.used = 3;
    s.end_turn();
    assert!(s.state.tile(p("1B1")).alarm);
}

#[test]
fn computer_rooms_take_hack_tokens_up_to_six_and_they_silence_an_alarm() {
    let mut s = solo()
        .tile("1A1", K::FingerprintComputer, 4)
        .tile("1B1", K::Fingerprint, 1)
        .enter("1A1");
    s.act(0, Action::Hack {}).unwrap();
    assert_eq!(s.state.tile(p("1A1")).hack, 1);
    assert_eq!(s.state.actions_left(), 3);
    s.walk("1B1");
    assert_eq!(s.legal(0), vec![pay(Payment::Hack), pay(Payment::Alarm)]);
    s.act(0, pay(Payment::Hack)).unwrap();
    assert!(!s.state.tile(p("1B1")).alarm);
    assert_eq!(s.state.tile(p("1A1")).hack, 0);
    s.state.tile_mut(p("1A1")).hack = 6;
    s.state.chars[0].place = Place::In { pos: p("1A1") };
    assert!(!s.legal(0).contains(&Action::Hack {}), "at most six");
}

#[test]
fn deadbolt_takes_three_actions_unless_occupied() {
    let mut s = solo().tile("1B1", K::Deadbolt, 1).enter("1A1");
    s.walk("1B1");
    assert_eq!(
        s.legal(0),
        vec![pay(Payment::TwoActions), pay(Payment::StayOut)]
    );
    s.act(0, pay(Payment::TwoActions)).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert_eq!(s.state.actions_left(), 1);
    // Not enough actions: you stay where you were.
    let mut s = solo().tile("1B1", K::Deadbolt, 1).enter("1A1");
    s.state.turn.used = 2;
    s.walk("1B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert!(s.saw(|e| matches!(e, Event::StayedOut { .. })));
    // Someone inside: one action.
    let mut s = solo()
        .tile("1B1", K::Deadbolt, 1)
        .revealed("1B1")
        .guard("1B1", "1C4")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.actions_left(), 3);
}

#[test]
fn detector_sounds_for_tools_or_loot() {
    let mut s = solo()
        .tile("1B1", K::Detector, 1)
        .tile("1C1", K::Detector, 2)
        .enter("1A1");
    s.walk("1B1");
    assert!(!s.state.tile(p("1B1")).alarm);
    s.state.chars[0].tools.push(Tool::Donuts);
    s.walk("1C1");
    assert!(s.state.tile(p("1C1")).alarm);
}

#[test]
fn fingerprint_sounds_unless_hacked() {
    let mut s = solo().tile("1B1", K::Fingerprint, 1).enter("1A1");
    s.walk("1B1");
    assert!(s.state.tile(p("1B1")).alarm);
}

#[test]
fn foyer_is_seen_from_adjacent_rooms_but_not_through_walls() {
    let mut s = solo()
        .tile("1B1", K::Foyer, 1)
        .guard("1C1", "1D4")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].stealth, 2);
    let mut s = solo()
        .tile("1B1", K::Foyer, 1)
        .guard("1C1", "1D4")
        .wall("1B1|C1")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].stealth, 3);
}

#[test]
fn keypad_needs_a_six_with_one_more_die_each_try_of_the_turn() {
    let mut s = Scenario::new("bank", &["hawk"])
        .tile("1B1", K::Keypad, 4)
        .enter("1A1");
    let mut tries = 0;
    while s.state.actions_left() > 0 && s.state.chars[0].pos() == Some(p("1A1")) {
        s.walk("1B1");
        tries += 1;
        let (dice, opened) = s
            .events
            .iter()
            .find_map(|e| match e {
                Event::KeypadRolled { dice, opened, .. } => Some((dice.clone(), *opened)),
                _ => None,
            })
            .expect("a keypad roll");
        assert_eq!(dice.len(), tries, "one die more each try this turn");
        assert_eq!(opened, dice.contains(&6));
        assert_eq!(s.state.chars[0].pos() == Some(p("1B1")), opened);
        assert_eq!(s.state.tile(p("1B1")).open, opened);
    }
}

#[test]
fn an_opened_keypad_lets_the_team_in_freely() {
    let mut s = solo()
        .tile("1B1", K::Keypad, 4)
        .revealed("1B1")
        .enter("1A1");
    s.state.tile_mut(p("1B1")).open = true;
    s.walk("1B1");
    assert!(!s.saw(|e| matches!(e, Event::KeypadRolled { .. })));
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
}

#[test]
fn laboratory_gives_a_tool_to_the_first_to_enter_only() {
    let mut s = solo().tile("1B1", K::Laboratory, 3).enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].tools.len(), 1);
    s.walk("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].tools.len(), 1);
}

#[test]
fn laser_costs_an_extra_action_a_hack_or_an_alarm() {
    let mut s = solo().tile("1B1", K::Laser, 1).enter("1A1");
    s.walk("1B1");
    assert_eq!(s.legal(0), vec![pay(Payment::Action), pay(Payment::Alarm)]);
    s.act(0, pay(Payment::Action)).unwrap();
    assert_eq!(
        (s.state.actions_left(), s.state.tile(p("1B1")).alarm),
        (2, false)
    );
    let mut s = solo().tile("1B1", K::Laser, 1).enter("1A1");
    s.walk("1B1");
    s.act(0, pay(Payment::Alarm)).unwrap();
    assert!(s.state.tile(p("1B1")).alarm);
}

#[test]
fn the_mirror_crosses_lasers_silently_but_costs_an_action_a_turn() {
    let mut s = solo().tile("1B1", K::Laser, 1).enter("1A1");
    s.state.chars[0].loot.push(Loot::Mirror);
    s.walk("1B1");
    assert!(s.state.decision.is_none() && !s.state.tile(p("1B1")).alarm);
    s.state.turn.used = 3;
    s.end_turn();
    assert_eq!(s.state.actions_left(), 3, "one action less with the Mirror");
}

#[test]
fn lavatory_holds_three_stealth_tokens_spent_before_your_own() {
    let mut s = solo()
        .tile("1B1", K::Lavatory, 5)
        .guard("1C1", "1B1")
        .die(1, 1)
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.tile(p("1B1")).stealth, 3);
    s.state.turn.used = 3;
    s.end_turn();
    assert_eq!(
        (s.state.tile(p("1B1")).stealth, s.state.chars[0].stealth),
        (2, 3)
    );
}

#[test]
fn motion_sounds_when_entered_and_left_in_one_turn() {
    let mut s = solo().tile("1B1", K::Motion, 1).enter("1A1");
    s.walk("1B1");
    assert!(!s.state.tile(p("1B1")).alarm);
    s.walk("1C1");
    assert!(s.state.tile(p("1B1")).alarm);
    // Left on a later turn: quiet.
    let mut s = solo().tile("1B1", K::Motion, 1).enter("1A1");
    s.walk("1B1");
    s.state.turn.used = 3;
    s.end_turn();
    s.walk("1C1");
    assert!(!s.state.tile(p("1B1")).alarm);
}

#[test]
fn safe_dice_cost_two_actions_and_a_roll_one() {
    let mut s = solo().tile("1B1", K::Safe, 0).enter("1A1");
    s.walk("1B1");
    let at = p("1B1");
    assert!(
        !s.legal(0).contains(&Action::Roll {
            floor: at.floor,
            cell: at.cell
        }),
        "no dice yet"
    );
    s.act(
        0,
        Action::AddDie {
            floor: at.floor,
            cell: at.cell,
        },
    )
    .unwrap();
    assert_eq!((s.state.tile(at).dice, s.state.actions_left()), (1, 1));
    s.act(
        0,
        Action::Roll {
            floor: at.floor,
            cell: at.cell,
        },
    )
    .unwrap();
    assert!(
        s.saw(|e| matches!(e, Event::SafeRolled { faces, .. } if faces.len() == 2)),
        "Peterman rolls one more"
    );
}

#[test]
fn a_roll_decodes_the_revealed_rooms_of_the_safes_line_showing_its_digits() {
    let mut s = solo()
        .tile("1B1", K::Safe, 0)
        .tile("1C1", K::Atrium, 3)
        .tile("1B2", K::Atrium, 5)
        .revealed("1C1")
        .enter("1A1");
    s.walk("1B1");
    s.act(
        0,
        Action::AddDie {
            floor: Floor(0),
            cell: c("B1"),
        },
    )
    .unwrap();
    s.act(
        0,
        Action::Roll {
            floor: Floor(0),
            cell: c("B1"),
        },
    )
    .unwrap();
    let faces = s.state.tile(p("1B1")).faces;
    for at in ["1A1", "1C1", "1D1", "1B2", "1B3", "1B4"] {
        let t = s.state.tile(p(at));
        assert_eq!(
            t.decoded,
            t.revealed && faces.contains(&t.digit),
            "{at} with faces {faces:?}"
        );
    }
    assert!(
        !s.state.tile(p("1B2")).decoded,
        "face-down rooms get no token"
    );
}

#[test]
fn a_cracked_safe_gives_a_tool_and_loot_and_speeds_up_guards_below() {
    let mut s = solo()
        .tile("2B1", K::Safe, 0)
        .revealed("2B1")
        .enter("1A1")
        .place(0, "2B1");
    s = s.guard("2D4", "2C4");
    s.state.tile_mut(p("2B1")).dice = 1;
    for at in ["2A1", "2C1", "2D1", "2B2", "2B3", "2B4"] {
        s.state.tile_mut(p(at)).revealed = true;
        s.state.tile_mut(p(at)).decoded = true;
    }
    let dice: Vec<u8> = s.state.floors.iter().map(|f| f.die).collect();
    s.act(
        0,
        Action::Roll {
            floor: Floor(1),
            cell: c("B1"),
        },
    )
    .unwrap();
    assert!(s.state.tile(p("2B1")).cracked);
    assert_eq!(s.state.chars[0].tools.len(), 1);
    assert_eq!(
        s.state.chars[0].loot.len() + s.state.loose.len(),
        1.max(s.state.chars[0].loot.len())
    );
    assert_eq!(s.state.floors[0].die, dice[0] + 1);
    assert_eq!(s.state.floors[1].die, dice[1] + 1);
    assert_eq!(s.state.floors[2].die, dice[2], "floors above unchanged");
}

#[test]
fn fort_knox_decoding_tokens_count_for_both_safes() {
    let mut s = Scenario::new("fort_knox", &["peterman"])
        .tile("1A1", K::Safe, 0)
        .tile("1A5", K::Safe, 0)
        .revealed("1A1")
        .revealed("1A5")
        .enter("1A1");
    // Every room of the two lines decoded: the shared column serves both.
    for cell in [
        "B1", "C1", "D1", "E1", "A2", "A3", "A4", "B5", "C5", "D5", "E5",
    ] {
        let at = p(&format!("1{cell}"));
        s.state.tile_mut(at).revealed = true;
        s.state.tile_mut(at).decoded = true;
    }
    s.state.tile_mut(p("1A1")).dice = 1;
    s.act(
        0,
        Action::Roll {
            floor: Floor(0),
            cell: c("A1"),
        },
    )
    .unwrap();
    assert!(s.state.tile(p("1A1")).cracked);
    assert!(s.state.tile(p("1A5")).cracked, "its line was complete too");
}

#[test]
fn fort_knox_a_face_down_safe_in_the_line_is_found_only_once_turned_over() {
    let mut s = Scenario::new("fort_knox", &["peterman"])
        .tile("1A1", K::Safe, 0)
        .tile("1A5", K::Safe, 0)
        .revealed("1A1")
        .enter("1A1");
    for cell in ["B1", "C1", "D1", "E1", "A2", "A3", "A4"] {
        let at = p(&format!("1{cell}"));
        s.state.tile_mut(at).revealed = true;
        s.state.tile_mut(at).decoded = true;
    }
    s.state.tile_mut(p("1A1")).dice = 1;
    let roll = Action::Roll {
        floor: Floor(0),
        cell: c("A1"),
    };
    s.act(0, roll.clone()).unwrap();
    assert!(
        !s.state.tile(p("1A1")).cracked,
        "A5 is still face down: the combination is not found, and the roll says nothing of it"
    );
    assert!(!s.saw(|e| matches!(e, Event::SafeCracked { .. })));
    // Turned over, the other Safe counts as found: the next roll opens the safe.
    s.state.tile_mut(p("1A5")).revealed = true;
    s.act(0, roll).unwrap();
    assert!(s.state.tile(p("1A1")).cracked);
}

#[test]
fn secret_door_is_entered_through_a_wall_one_way() {
    let mut s = solo()
        .tile("1B1", K::SecretDoor, 1)
        .revealed("1B1")
        .wall("1A1|B1")
        .wall("1B1|C1")
        .enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert!(
        !s.legal(0).contains(&mv("1C1", MoveBy::Walk)),
        "not out through a wall"
    );
    assert!(!s.legal(0).contains(&mv("1A1", MoveBy::Walk)));
}

#[test]
fn service_ducts_connect_for_one_action() {
    let mut s = solo()
        .tile("1A1", K::ServiceDuct, 5)
        .tile("2D4", K::ServiceDuct, 6)
        .revealed("2D4")
        .enter("1A1");
    s.act(0, mv("2D4", MoveBy::Duct)).unwrap();
    assert_eq!(
        (s.state.chars[0].pos(), s.state.actions_left()),
        (Some(p("2D4")), 3)
    );
}

#[test]
fn stairs_go_up_let_you_peek_up_and_the_token_leads_back_down() {
    let mut s = solo().tile("1A1", K::Stairs, 4).enter("1A1");
    assert!(s.legal(0).contains(&peek("2A1")));
    s.act(0, mv("2A1", MoveBy::Stairs)).unwrap();
    assert!(s.legal(0).contains(&mv("1A1", MoveBy::Stairs)));
    s.act(0, mv("1A1", MoveBy::Stairs)).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
}

#[test]
fn thermo_sounds_when_you_end_your_turn_in_it() {
    let mut s = solo().tile("1B1", K::Thermo, 1).enter("1A1");
    s.walk("1B1");
    assert!(!s.state.tile(p("1B1")).alarm);
    s.state.turn.used = 3;
    s.end_turn();
    assert!(s.state.tile(p("1B1")).alarm || s.state.guard_in(p("1B1")));
}

#[test]
fn the_isotope_sets_off_a_thermo_on_entry() {
    let mut s = solo().tile("1B1", K::Thermo, 1).enter("1A1");
    s.state.chars[0].loot.push(Loot::Isotope);
    s.walk("1B1");
    assert!(s.state.tile(p("1B1")).alarm);
}

#[test]
fn a_walkway_revealed_by_moving_drops_you_a_floor() {
    let mut s = solo()
        .tile("2B1", K::Walkway, 1)
        .tile("2A1", K::Stairs, 4)
        .enter("1A1")
        .place(0, "2A1");
    s = s.guard("2D4", "2C4");
    s.walk("2B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert!(s.saw(|e| matches!(e, Event::Fell { .. })));
    // On the ground floor nothing happens; a revealed walkway lets you climb down for an action.
    let mut s = solo().tile("1B1", K::Walkway, 1).enter("1A1");
    s.walk("1B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    let mut s = solo()
        .tile("2B1", K::Walkway, 1)
        .revealed("2B1")
        .enter("1A1")
        .place(0, "2B1");
    s = s.guard("2D4", "2C4");
    s.act(0, mv("1B1", MoveBy::Walkway)).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    // Any move that turns it over drops you: up the stairs into a face-down Walkway, you fall
    // back into the stairs' room, the action spent.
    let at_the_stairs = || {
        solo()
            .tile("1A1", K::Stairs, 4)
            .tile("2A1", K::Walkway, 1)
            .enter("1A1")
            .guard("2D4", "2C4")
    };
    let mut s = at_the_stairs();
    let used = s.state.turn.used;
    s.act(0, mv("2A1", MoveBy::Stairs)).unwrap();
    assert!(s.state.tile(p("2A1")).revealed);
    assert!(s.saw(|e| matches!(e, Event::Fell { .. })));
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert_eq!(s.state.turn.used, used + 1);
    // A game saved in an earlier format keeps its rules: only a walk fell.
    let mut s = at_the_stairs();
    Burgle::play_by_format(&mut s.state, 3);
    s.act(0, mv("2A1", MoveBy::Stairs)).unwrap();
    assert_eq!(s.state.chars[0].pos(), Some(p("2A1")));
}

// ---------------------------------------------------------------- undo and loot in rooms

#[test]
fn undo_takes_back_plain_moves_but_never_a_reveal() {
    let options =
        Options::resolve(&Burgle::options_schema(), [("character1", "peterman")]).unwrap();
    let mut session = Session::<Burgle>::new(options, SeatCount(1), 4).unwrap();
    session
        .apply(Seat(0), &Action::ChooseEntry { cell: c("A1") })
        .unwrap();
    assert!(!session.can_undo(Seat(0)));
    let entry = session.state().chars[0].pos().unwrap();
    let first = session
        .state()
        .adjacent(entry)
        .find(|q| session.state().open_between(entry, *q) && !session.state().guard_in(*q))
        .unwrap();
    session
        .apply(
            Seat(0),
            &Action::Move {
                floor: first.floor,
                cell: first.cell,
                by: MoveBy::Walk,
            },
        )
        .unwrap();
    assert!(!session.can_undo(Seat(0)), "the move revealed a room");
    if session.state().decision.is_none() && session.state().chars[0].pos() == Some(first) {
        session
            .apply(
                Seat(0),
                &Action::Move {
                    floor: entry.floor,
                    cell: entry.cell,
                    by: MoveBy::Walk,
                },
            )
            .unwrap();
        assert!(session.can_undo(Seat(0)), "back into a known room");
        session.undo(Seat(0)).unwrap();
        assert_eq!(session.state().chars[0].pos(), Some(first));
        assert!(!session.can_undo(Seat(0)));
    }
}

#[test]
fn loot_lying_in_your_room_can_be_picked_up() {
    let mut s = solo().enter("1A1");
    s.state.loose.push((
        p("1A1"),
        lockpick_burgle::actions::HeldCard::Loot(Loot::GoldBar),
    ));
    s.act(
        0,
        Action::PickUp {
            loot: Loot::GoldBar,
        },
    )
    .unwrap();
    assert_eq!(s.state.chars[0].loot.to_vec(), vec![Loot::GoldBar]);
    // Only one Gold Bar each.
    s.state.loose.push((
        p("1A1"),
        lockpick_burgle::actions::HeldCard::Loot(Loot::GoldBar),
    ));
    assert!(!s.legal(0).contains(&Action::PickUp {
        loot: Loot::GoldBar
    }));
}

#[test]
fn the_persian_kitty_runs_toward_the_nearest_alarm_on_a_one_or_two() {
    for seed in 0..30u64 {
        let mut s = solo().enter("1A1");
        s.state.rng = lockpick_engine::GameRng::from_seed(seed);
        s.state.chars[0].loot.push(Loot::PersianKitty);
        s.state.tile_mut(p("1C1")).alarm = true;
        s = s.guard("1D4", "1C1");
        s.state.turn.used = 3;
        let ev = s.end_turn().to_vec();
        let roll = ev.iter().find_map(|e| match e {
            Event::LootRolled {
                loot: Loot::PersianKitty,
                roll,
                ..
            } => Some(*roll),
            _ => None,
        });
        let roll = roll.expect("the kitty rolls every turn");
        let ran = !s.state.chars[0].loot.contains(&Loot::PersianKitty);
        assert_eq!(ran, roll <= 2, "seed {seed}");
        if ran {
            assert!(s.state.loose.iter().any(|(at, _)| *at == p("1B1")));
        }
    }
}

#[test]
fn the_chihuahua_barks_on_a_six() {
    for seed in 0..30u64 {
        let mut s = solo().enter("1A1");
        s.state.rng = lockpick_engine::GameRng::from_seed(seed);
        s.state.chars[0].loot.push(Loot::Chihuahua);
        s.state.turn.used = 3;
        let ev = s.end_turn().to_vec();
        let roll = ev.iter().find_map(|e| match e {
            Event::LootRolled {
                loot: Loot::Chihuahua,
                roll,
                ..
            } => Some(*roll),
            _ => None,
        });
        assert_eq!(
            ev.contains(&Event::AlarmOn { at: p("1A1") }),
            roll == Some(6),
            "seed {seed}"
        );
    }
}

#[test]
fn the_cursed_goblet_costs_its_finder_a_stealth_token_and_the_gold_bar_brings_its_twin() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .tile("1B1", K::Safe, 0)
        .revealed("1B1")
        .enter("1A1")
        .place(0, "1B1");
    s.state.loot = vec![Loot::GoldBar, Loot::GoldBar, Loot::CursedGoblet]
        .into_iter()
        .collect();
    let mut ev = Vec::new();
    lockpick_burgle::loot::draw_loot(&mut s.state, 0, p("1B1"), &mut ev);
    assert_eq!(s.state.chars[0].stealth, 2);
    // With no token left the Goblet takes nothing more: only a guard captures.
    let mut t = Scenario::new("bank", &["peterman", "hawk"])
        .tile("1B1", K::Safe, 0)
        .revealed("1B1")
        .enter("1A1")
        .place(0, "1B1");
    t.state.chars[0].stealth = 0;
    t.state.loot = vec![Loot::CursedGoblet].into_iter().collect();
    let mut events = Vec::new();
    lockpick_burgle::loot::draw_loot(&mut t.state, 0, p("1B1"), &mut events);
    assert!(t.state.outcome.is_none(), "captured by a cup: {events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })));
    assert_eq!(t.state.chars[0].stealth, 0);
    lockpick_burgle::loot::draw_loot(&mut s.state, 0, p("1B1"), &mut ev);
    assert!(s.state.chars[0].loot.contains(&Loot::GoldBar));
    assert!(s.state.loose.contains(&(
        p("1B1"),
        lockpick_burgle::actions::HeldCard::Loot(Loot::GoldBar)
    )));
}

#[test]
fn gemstone_costs_an_action_more_into_an_occupied_room() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .enter("1A1")
        .place(1, "1B1");
    s.state.chars[0].loot.push(Loot::Gemstone);
    s.walk("1B1");
    assert_eq!(s.state.actions_left(), 2);
}

#[test]
fn the_keycard_holder_must_be_present_to_roll() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .tile("1B1", K::Safe, 0)
        .revealed("1B1")
        .enter("1A1")
        .place(0, "1B1")
        .place(1, "1C1");
    s.state.tile_mut(p("1B1")).dice = 1;
    s.state.chars[1].loot.push(Loot::Keycard);
    assert!(!s.legal(0).contains(&Action::Roll {
        floor: Floor(0),
        cell: c("B1")
    }));
    s = s.place(1, "1B1");
    assert!(s.legal(0).contains(&Action::Roll {
        floor: Floor(0),
        cell: c("B1")
    }));
}

#[test]
fn the_painting_bars_secret_doors_and_ducts() {
    let mut s = solo()
        .tile("1A1", K::ServiceDuct, 5)
        .tile("2D4", K::ServiceDuct, 6)
        .revealed("2D4")
        .enter("1A1");
    s.state.chars[0].loot.push(Loot::Painting);
    assert!(!s.legal(0).contains(&mv("2D4", MoveBy::Duct)));
}

#[test]
fn the_tiara_lets_adjacent_guards_see_you() {
    let mut s = solo().guard("1C1", "1D4").enter("1A1");
    s.state.chars[0].loot.push(Loot::Tiara);
    s.walk("1B1");
    assert_eq!(s.state.chars[0].stealth, 2);
}

/// A floor's guard placed next to a character who has just climbed onto it: seen once, as by a
/// guard who walked there (saved-game formats 1 and 2 took a second token for the same sighting).
#[test]
fn a_guard_placed_next_to_the_tiara_sees_its_holder_once() {
    // The Tiara's holder climbs to 2A1; the guard of floor 2 appears in 2B1, next door with no
    // wall, heading for 2D4. Returns where he stands and the holder's tokens left.
    let climb = |format: u32| {
        let mut s = solo()
            .tile("1A1", K::Stairs, 4)
            .tile("2A1", K::Stairs, 3)
            .enter("1A1");
        Burgle::play_by_format(&mut s.state, format);
        s.state.chars[0].loot.push(Loot::Tiara);
        s.state.floors[1].patrol.extend([c("D4"), c("B1")]);
        assert!(s.state.floors[1].guard.is_none());
        assert!(s.state.open_between(p("2A1"), p("2B1")));
        s.act(0, mv("2A1", MoveBy::Stairs)).unwrap();
        (s.state.guard_at(Floor(1)), s.state.chars[0].stealth)
    };
    assert_eq!(climb(FORMAT_VERSION), (Some(c("B1")), 2));
    // A game saved in format 2 replays by its own rules: two tokens.
    assert_eq!(climb(2), (Some(c("B1")), 1));
}

#[test]
fn the_stamp_draws_an_event_after_three_actions() {
    let mut s = solo().enter("1A1");
    s.state.chars[0].loot.push(Loot::Stamp);
    s.state.turn.used = 3;
    let ev = s.end_turn().to_vec();
    assert!(ev.iter().any(|e| matches!(e, Event::EventDrawn { .. })));
}

#[test]
fn cards_pass_freely_between_characters_in_one_room() {
    let mut s = Scenario::new("bank", &["peterman", "hawk"])
        .enter("1A1")
        .place(1, "1A1");
    s.state.chars[0].tools.push(Tool::Virus);
    let give = Action::Give {
        card: lockpick_burgle::actions::HeldCard::Tool(Tool::Virus),
        to: 1,
    };
    assert!(s.legal(0).contains(&give));
    s.act(0, give).unwrap();
    assert_eq!(
        (s.state.chars[1].tools.to_vec(), s.state.actions_left()),
        (vec![Tool::Virus], 4)
    );
}

#[test]
fn an_action_naming_a_room_or_floor_the_building_lacks_says_so() {
    let mut s = Scenario::new("bank", &["peterman"]);
    let before = s.state.clone();
    let err = s.act(0, Action::ChooseEntry { cell: c("E1") }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a floor of this building has no room E1: its rooms are A1 to D4"
    );
    assert_eq!(s.state, before);
    let mut s = s.enter("1A1");
    let before = s.state.clone();
    let err = s
        .act(
            0,
            Action::Peek {
                floor: Floor(3),
                cell: c("A1"),
            },
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "this building has no floor 4: its floors are 1 to 3"
    );
    // A room the building has, out of reach, is refused for being out of reach.
    let err = s.act(0, peek("1C1")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "you peek into only a room next to yours (1A1), and 1C1 is not"
    );
    assert_eq!(s.state, before);
}

#[test]
fn an_illegal_move_or_peek_says_why() {
    // Before the heist begins, nobody acts.
    let mut s = Scenario::new("bank", &["peterman"]);
    let err = s.act(0, mv("1A1", MoveBy::Walk)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the heist has not begun: first the team chooses the entry room on the ground floor \
         (choose_entry)"
    );
    let mut s = s
        .wall("1A1|B1")
        .tile("1A2", K::Deadbolt, 1)
        .revealed("1A2")
        .tile("1C1", K::Stairs, 1)
        .enter("1A1");
    let before = s.state.clone();
    let why = |s: &mut Scenario, a: Action| s.act(0, a).unwrap_err().to_string();
    assert_eq!(
        why(&mut s, mv("1B1", MoveBy::Walk)),
        "a wall stands between 1A1 and 1B1"
    );
    assert_eq!(
        why(&mut s, peek("1B1")),
        "a wall stands between 1A1 and 1B1"
    );
    assert_eq!(
        why(&mut s, mv("1C3", MoveBy::Walk)),
        "you walk into only a room next to yours (1A1), and 1C3 is not"
    );
    assert_eq!(
        why(&mut s, mv("2A1", MoveBy::Walk)),
        "walking keeps you on floor 1: 2A1 is reached by stairs, a walkway or a hole, if at all"
    );
    assert_eq!(
        why(&mut s, mv("1A2", MoveBy::Stairs)),
        "1A2 is reached by walking, not by the stairs"
    );
    assert_eq!(
        why(&mut s, peek("1A2")),
        "1A2 is face up already: there is nothing to peek at"
    );
    assert_eq!(
        why(&mut s, Action::Escape {}),
        "the roof is for when every safe is cracked"
    );
    assert_eq!(
        why(&mut s, Action::ChooseEntry { cell: c("B2") }),
        "the entry room is chosen once, before the first turn"
    );
    assert_eq!(
        why(&mut s, Action::PutBack { top: true }),
        "nothing asks for that choice now"
    );
    // The same refusals in French, for a French player's table and `act --say fr`.
    let pourquoi =
        |s: &mut Scenario, a: Action| Burgle::describe_illegal(&s.act(0, a).unwrap_err(), "fr");
    assert_eq!(
        pourquoi(&mut s, mv("1B1", MoveBy::Walk)),
        "un mur sépare 1A1 de 1B1"
    );
    assert_eq!(
        pourquoi(&mut s, mv("1C3", MoveBy::Walk)),
        "on n'entre que dans une pièce voisine de la vôtre (1A1), et 1C3 ne l'est pas"
    );
    assert_eq!(
        pourquoi(&mut s, peek("1C3")),
        "on ne regarde que dans une pièce voisine de la vôtre (1A1), et 1C3 ne l'est pas"
    );
    assert_eq!(
        pourquoi(&mut s, mv("1A2", MoveBy::Stairs)),
        "on atteint 1A2 en marchant, pas par l'escalier"
    );
    assert_eq!(
        pourquoi(&mut s, Action::Escape {}),
        "le toit, c'est une fois tous les coffres ouverts"
    );
    // A Deadbolt with nobody in it costs three actions.
    s.state.turn.used = 2;
    assert_eq!(
        why(&mut s, mv("1A2", MoveBy::Walk)),
        "moving into 1A2 costs 3 actions (a Deadbolt with nobody in it); you have 2 left"
    );
    assert_eq!(
        pourquoi(&mut s, mv("1A2", MoveBy::Walk)),
        "entrer en 1A2 coûte 3 actions (une Serrure où personne ne se trouve) ; il vous en reste 2"
    );
    s.state.turn.used = 0;
    assert_eq!(s.state, before, "nothing refused was played");
}

#[test]
fn an_action_with_a_field_it_does_not_have_is_refused_by_name() {
    // A misspelt optional field ("direction" for "dir") would otherwise be dropped without a
    // word, and the action read as another one. Actions without fields are written as empty
    // struct variants (`EndTurn {}`), because serde's internally tagged unit variants ignore
    // whatever else the object holds (serde-rs/serde#2123): `end_turn` with a room is a
    // mistake worth naming.
    for (text, names) in [
        (
            r#"{"type": "choose_entry", "cell": "A1", "floor": 2}"#,
            "floor",
        ),
        (
            r#"{"type": "use_tool", "tool": "dynamite", "direction": "north"}"#,
            "direction",
        ),
        (r#"{"type": "end_turn", "cell": "B2"}"#, "cell"),
        (r#"{"type": "escape", "floor": 3}"#, "floor"),
    ] {
        let err = serde_json::from_str::<Action>(text)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("unknown field `{names}`")),
            "{text}: {err}"
        );
    }
    let entry: Action = serde_json::from_str(r#"{"type": "choose_entry", "cell": "A1"}"#).unwrap();
    assert_eq!(entry, Action::ChooseEntry { cell: c("A1") });
    let end: Action = serde_json::from_str(r#"{"type": "end_turn"}"#).unwrap();
    assert_eq!(end, Action::EndTurn {});
}
