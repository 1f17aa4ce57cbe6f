//! The event cards: when one is drawn, and what each of the 26 does.

use lockpick_burgle::actions::{Action, Event, HeldCard, MoveBy};
use lockpick_burgle::cards::{EventCard, Loot, TileKind, Tool};
use lockpick_burgle::ids::{Cell, Floor, Pos};
use lockpick_burgle::state::{Decision, KnownTop, LastingCard, RoomReason, Stage, TeammateReason};
use lockpick_burgle::testing::{Scenario, p};

/// A Bank job with one Peterman who entered at 1A1. The ground floor's guard stands in 1D4,
/// heading for 1C4, with a die of 2.
fn solo() -> Scenario {
    Scenario::new("bank", &["peterman"])
}

/// Puts `card` on top of the event deck.
fn next_event(s: &mut Scenario, card: EventCard) {
    s.state.events.push(card);
}

/// Puts `card` on top of the event deck and ends the turn with no action used.
fn draw(s: &mut Scenario, card: EventCard) {
    next_event(s, card);
    s.end_turn();
}

/// Donuts under the guard of `floor`: his next move is lost, so what an event did to him shows.
fn donuts(s: &mut Scenario, floor: u8) {
    s.state.floors[floor as usize - 1].donuts = true;
}

/// The guard of `floor`: where he stands and where he heads.
fn guard(s: &Scenario, floor: u8) -> (Pos, Pos) {
    let f = Floor(floor - 1);
    let g = s.state.floors[f.index()].guard.expect("guard placed");
    (Pos::new(f, g.at), Pos::new(f, g.target))
}

/// Puts the patrol deck of `floor` in this order, top last.
fn patrol(s: &mut Scenario, floor: u8, cells: &[&str]) {
    s.state.floors[floor as usize - 1].patrol =
        cells.iter().map(|c| Cell::parse(c).unwrap()).collect();
}

fn steps_taken(s: &Scenario) -> usize {
    s.events
        .iter()
        .filter(|e| matches!(e, Event::GuardMoved { .. }))
        .count()
}

fn drew(s: &Scenario, card: EventCard) -> bool {
    s.saw(|e| matches!(e, Event::EventDrawn { card: c, .. } if *c == card))
}

fn choose_room(s: &mut Scenario, seat: u8, at: &str) {
    let at = p(at);
    s.act(
        seat,
        Action::ChooseRoom {
            floor: at.floor,
            cell: at.cell,
        },
    )
    .expect("room offered");
}

fn alarm(s: &Scenario, at: &str) -> bool {
    s.state.tile(p(at)).alarm
}

// ---------------------------------------------------------------------------------------------
// When an event is drawn

#[test]
fn an_event_is_drawn_when_two_actions_or_fewer_were_used() {
    let mut s = solo().enter("1A1");
    next_event(&mut s, EventCard::Lampshade);
    s.walk("1A2");
    s.walk("1A1");
    s.end_turn();
    assert!(drew(&s, EventCard::Lampshade));
    assert_eq!(s.state.chars[0].stealth, 4);

    let mut s = solo().enter("1A1");
    next_event(&mut s, EventCard::Lampshade);
    s.end_turn();
    assert!(
        drew(&s, EventCard::Lampshade),
        "no action at all draws one too"
    );
}

#[test]
fn no_event_is_drawn_after_three_actions() {
    let mut s = solo().enter("1A1");
    next_event(&mut s, EventCard::Lampshade);
    let left = s.state.events.len();
    s.walk("1A2");
    s.walk("1A3");
    s.walk("1A2");
    s.end_turn();
    assert!(!s.saw(|e| matches!(e, Event::EventDrawn { .. })));
    assert_eq!(s.state.events.len(), left);
    assert_eq!(s.state.events.last(), Some(&EventCard::Lampshade));
}

#[test]
fn the_stamp_draws_an_event_after_three_actions_but_not_four() {
    let mut s = solo().enter("1A1");
    s.state.chars[0].loot.push(Loot::Stamp);
    next_event(&mut s, EventCard::Lampshade);
    s.walk("1A2");
    s.walk("1A3");
    s.walk("1A2");
    s.end_turn();
    assert!(drew(&s, EventCard::Lampshade));

    let mut s = solo().enter("1A1");
    s.state.chars[0].loot.push(Loot::Stamp);
    next_event(&mut s, EventCard::Lampshade);
    s.walk("1A2");
    s.walk("1A3");
    s.walk("1A2");
    s.walk("1A1");
    s.end_turn();
    assert!(!s.saw(|e| matches!(e, Event::EventDrawn { .. })));
}

#[test]
fn played_events_go_to_the_discard() {
    let mut s = solo().enter("1A1");
    let left = s.state.events.len();
    draw(&mut s, EventCard::Lampshade);
    draw(&mut s, EventCard::Espresso);
    assert_eq!(s.state.events.len(), left);
    assert_eq!(
        s.state.event_discard.to_vec(),
        vec![EventCard::Lampshade, EventCard::Espresso]
    );
}

#[test]
fn a_card_seen_below_the_drawn_one_stays_known_one_place_higher() {
    let mut s = solo().enter("1A1");
    next_event(&mut s, EventCard::Espresso);
    next_event(&mut s, EventCard::Lampshade);
    s.state.known_tops = vec![
        KnownTop::Event {
            depth: 0,
            card: EventCard::Lampshade,
        },
        KnownTop::Event {
            depth: 1,
            card: EventCard::Espresso,
        },
    ];
    s.end_turn();
    assert_eq!(
        s.state.known_tops,
        vec![KnownTop::Event {
            depth: 0,
            card: EventCard::Espresso
        }]
    );
}

#[test]
fn one_character_plays_without_the_four_teamwork_events() {
    let removed = [
        EventCard::FreightElevator,
        EventCard::BuddySystem,
        EventCard::DeadDrop,
        EventCard::JumpTheGun,
    ];
    let s = solo();
    assert_eq!(s.state.events.len(), 22);
    assert!(removed.iter().all(|c| !s.state.events.contains(c)));

    let s = Scenario::new("bank", &["peterman", "hacker"]);
    assert_eq!(s.state.events.len(), 26);
    assert!(removed.iter().all(|c| s.state.events.contains(c)));
}

// ---------------------------------------------------------------------------------------------
// The cards

#[test]
fn throw_voice_moves_the_guards_destination_next_to_him_through_walls_too() {
    let mut s = solo().guard("1B2", "1D4").wall("1B1|B2").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::ThrowVoice);
    let Some(Decision::Room {
        reason: RoomReason::ThrowVoice,
        rooms,
    }) = s.state.decision.clone()
    else {
        panic!("a room is asked for: {:?}", s.state.decision)
    };
    let mut rooms = rooms;
    rooms.sort();
    let mut expected = vec![p("1B1"), p("1A2"), p("1C2"), p("1B3")];
    expected.sort();
    assert_eq!(rooms, expected);
    choose_room(&mut s, 0, "1B1");
    assert_eq!(guard(&s, 1), (p("1B2"), p("1B1")));
    assert_eq!(
        s.state.stage,
        Stage::Actions,
        "the end of turn went on after the answer"
    );
    assert_eq!(s.state.turn_number, 2);
}

#[test]
fn throw_voice_with_one_room_left_needs_no_choice() {
    // Next to 1D4 are 1D3 and 1C4, where the die already lies.
    let mut s = solo().enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::ThrowVoice);
    assert_eq!(s.state.decision, None);
    assert_eq!(guard(&s, 1), (p("1D4"), p("1D3")));
}

#[test]
fn lost_grip_drops_you_one_floor_without_entering() {
    let mut s = solo()
        .tile("1B2", TileKind::Fingerprint, 2)
        .guard("2D4", "2C4")
        .enter("1A1")
        .place(0, "2B2");
    draw(&mut s, EventCard::LostGrip);
    assert_eq!(s.state.chars[0].pos(), Some(p("1B2")));
    assert!(s.saw(|e| matches!(e, Event::Fell { character: 0, to } if *to == p("1B2"))));
    assert!(s.state.tile(p("1B2")).revealed);
    assert!(
        !alarm(&s, "1B2"),
        "not an entry: the Fingerprint stays quiet"
    );
}

#[test]
fn lost_grip_on_the_ground_floor_does_nothing() {
    let mut s = solo().enter("1A1");
    draw(&mut s, EventCard::LostGrip);
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert!(!s.saw(|e| matches!(e, Event::Fell { .. })));
}

#[test]
fn reboot_leaves_one_hack_token_in_every_face_up_computer_room() {
    let mut s = solo()
        .tile("1B1", TileKind::FingerprintComputer, 1)
        .tile("1C1", TileKind::LaserComputer, 1)
        .tile("1D1", TileKind::MotionComputer, 1)
        .revealed("1B1")
        .revealed("1C1")
        .enter("1A1");
    s.state.tile_mut(p("1B1")).hack = 4;
    draw(&mut s, EventCard::Reboot);
    assert_eq!(s.state.tile(p("1B1")).hack, 1, "four tokens: back to one");
    assert_eq!(s.state.tile(p("1C1")).hack, 1, "none: one");
    assert_eq!(
        s.state.tile(p("1D1")).hack,
        0,
        "a face-down computer room gets none"
    );
}

/// A Bank job for two: the Peterman enters at 1A1; the guard, eating donuts, stands on a
/// face-up Camera in 1C1; the Hacker then walks into the Camera of 1B1.
fn camera_watch(card: EventCard) -> bool {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1B1", TileKind::Camera, 1)
        .tile("1C1", TileKind::Camera, 1)
        .revealed("1B1")
        .revealed("1C1")
        .guard("1C1", "1D1")
        .enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, card);
    assert_eq!(s.state.current, 1);
    s.walk("1B1");
    alarm(&s, "1B1")
}

#[test]
fn video_loop_switches_the_cameras_off_until_the_drawers_next_turn() {
    assert!(
        camera_watch(EventCard::Lampshade),
        "a guard on a camera sees the other camera"
    );
    assert!(!camera_watch(EventCard::VideoLoop));
}

#[test]
fn go_with_your_gut_enters_the_only_unexplored_room_at_once() {
    let mut s = solo()
        .tile("1A2", TileKind::Fingerprint, 3)
        .wall("1A1|B1")
        .enter("1A1");
    draw(&mut s, EventCard::GoWithYourGut);
    assert_eq!(s.state.chars[0].pos(), Some(p("1A2")));
    assert!(s.saw(|e| matches!(
        e,
        Event::Moved {
            character: 0,
            entry: true,
            ..
        }
    )));
    assert!(alarm(&s, "1A2"), "an entry: the Fingerprint sounds");
}

#[test]
fn go_with_your_gut_lets_you_choose_among_unexplored_rooms() {
    let mut s = solo().enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::GoWithYourGut);
    let Some(Decision::Room {
        reason: RoomReason::GoWithYourGut,
        rooms,
    }) = s.state.decision.clone()
    else {
        panic!("a room is asked for")
    };
    assert_eq!(rooms.len(), 2);
    assert!(rooms.contains(&p("1A2")) && rooms.contains(&p("1B1")));
    choose_room(&mut s, 0, "1B1");
    assert_eq!(s.state.chars[0].pos(), Some(p("1B1")));
    assert!(s.state.tile(p("1B1")).revealed);
}

#[test]
fn go_with_your_gut_has_no_action_left_for_a_deadbolt() {
    let mut s = solo()
        .tile("1A2", TileKind::Deadbolt, 3)
        .wall("1A1|B1")
        .enter("1A1");
    draw(&mut s, EventCard::GoWithYourGut);
    assert!(s.saw(|e| matches!(e, Event::StayedOut { character: 0, .. })));
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert!(s.state.tile(p("1A2")).revealed);
}

#[test]
fn go_with_your_gut_does_nothing_when_every_neighbour_is_explored() {
    let mut s = solo().revealed("1A2").wall("1A1|B1").enter("1A1");
    draw(&mut s, EventCard::GoWithYourGut);
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
    assert_eq!(s.state.decision, None);
}

#[test]
fn brown_out_clears_every_alarm_and_each_guard_draws_one_patrol_card_per_alarm() {
    let mut s = solo().guard("1D4", "1C3").guard("2A1", "2B3").enter("1A1");
    for at in ["1B2", "1C3", "2B3"] {
        s.state.tile_mut(p(at)).alarm = true;
    }
    patrol(&mut s, 1, &["A1", "B1", "C1", "D1"]);
    patrol(&mut s, 2, &["A4", "B4", "C4", "D2"]);
    donuts(&mut s, 1);
    draw(&mut s, EventCard::BrownOut);
    assert!(!alarm(&s, "1B2") && !alarm(&s, "1C3") && !alarm(&s, "2B3"));
    assert_eq!(
        guard(&s, 1),
        (p("1D4"), p("1C1")),
        "two alarms: D1 then C1 drawn"
    );
    assert_eq!(s.state.floors[0].patrol.len(), 2);
    assert_eq!(guard(&s, 2), (p("2A1"), p("2D2")), "one alarm: one card");
    assert_eq!(s.state.floors[1].patrol.len(), 3);
}

#[test]
fn lampshade_gives_a_stealth_token() {
    let mut s = solo().enter("1A1");
    draw(&mut s, EventCard::Lampshade);
    assert_eq!(s.state.chars[0].stealth, 4);
    assert!(s.saw(|e| matches!(
        e,
        Event::StealthGained {
            character: 0,
            stealth: 4
        }
    )));
}

#[test]
fn freight_elevator_lifts_you_one_floor_without_entering() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("2A1", TileKind::Fingerprint, 2)
        .enter("1A1");
    draw(&mut s, EventCard::FreightElevator);
    assert_eq!(s.state.chars[0].pos(), Some(p("2A1")));
    assert!(s.saw(|e| matches!(
        e,
        Event::Moved {
            character: 0,
            entry: false,
            ..
        }
    )));
    assert!(s.state.tile(p("2A1")).revealed);
    assert!(!alarm(&s, "2A1"), "not an entry");
    assert!(
        s.state.floors[1].guard.is_some(),
        "arriving on a floor brings out its guard"
    );
}

#[test]
fn freight_elevator_on_the_top_floor_does_nothing() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .guard("3D4", "3C4")
        .enter("1A1")
        .place(0, "3B2");
    draw(&mut s, EventCard::FreightElevator);
    assert_eq!(s.state.chars[0].pos(), Some(p("3B2")));
}

#[test]
fn time_lock_closes_the_stairs_until_the_drawers_next_turn() {
    let stairs_up = Action::Move {
        floor: Floor(1),
        cell: Cell::parse("A1").unwrap(),
        by: MoveBy::Stairs,
    };
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1A1", TileKind::Stairs, 1)
        .enter("1A1");
    assert!(s.legal(0).contains(&stairs_up));
    next_event(&mut s, EventCard::Lampshade);
    draw(&mut s, EventCard::TimeLock);
    assert_eq!(s.state.current, 1);
    assert!(s.state.lasting(LastingCard::TimeLock));
    assert!(
        !s.state.event_discard.contains(&EventCard::TimeLock),
        "it lies in front of its drawer"
    );
    assert!(!s.legal(1).contains(&stairs_up));
    s.end_turn();
    assert_eq!(s.state.current, 0);
    assert!(!s.state.lasting(LastingCard::TimeLock));
    assert!(
        s.state.event_discard.contains(&EventCard::TimeLock),
        "discarded at the drawer's turn"
    );
    assert!(s.legal(0).contains(&stairs_up));
}

#[test]
fn dead_drop_hands_everything_to_the_character_on_the_right_but_a_second_gold_bar() {
    let mut s = Scenario::new("bank", &["peterman", "hacker", "hawk"]).enter("1A1");
    s.state.chars[0].tools.push(Tool::Donuts);
    s.state.chars[0].loot.extend([Loot::GoldBar, Loot::Tiara]);
    s.state.chars[2].loot.push(Loot::GoldBar);
    draw(&mut s, EventCard::DeadDrop);
    assert_eq!(
        s.state.chars[2].tools.to_vec(),
        vec![Tool::Donuts],
        "the previous in clockwise order: on the right"
    );
    assert_eq!(
        s.state.chars[2].loot.to_vec(),
        vec![Loot::GoldBar, Loot::Tiara]
    );
    assert_eq!(
        s.state.chars[0].loot.to_vec(),
        vec![Loot::GoldBar],
        "one Gold Bar each: it stays"
    );
    assert!(s.state.chars[0].tools.is_empty());
    assert!(s.state.chars[1].tools.is_empty() && s.state.chars[1].loot.is_empty());
    assert!(s.saw(|e| matches!(
        e,
        Event::CardPassed {
            from: 0,
            to: 2,
            card: HeldCard::Loot(Loot::Tiara)
        }
    )));
}

#[test]
fn switch_signs_swaps_the_guard_and_his_destination() {
    let mut s = solo().guard("1D4", "1A4").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::SwitchSigns);
    assert_eq!(guard(&s, 1), (p("1A4"), p("1D4")));
}

#[test]
fn switch_signs_onto_your_room_costs_stealth() {
    let mut s = solo().guard("1D4", "1A1").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::SwitchSigns);
    assert_eq!(guard(&s, 1).0, p("1A1"));
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn shoplifting_sounds_every_laboratory_whose_tool_was_taken() {
    // The scenario's blank rooms are Laboratories already emptied; the entry is something else.
    let mut s = solo()
        .tile("1A1", TileKind::Atrium, 1)
        .revealed("1B1")
        .tile("1C1", TileKind::Laboratory, 1)
        .revealed("1C1")
        .revealed("2B2")
        .guard("2D4", "2C4")
        .enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Shoplifting);
    assert!(alarm(&s, "1B1"));
    assert!(alarm(&s, "2B2"));
    assert!(!alarm(&s, "1C1"), "its tool is still there");
    assert!(!alarm(&s, "1D1"), "face down: nobody took anything");
    assert_eq!(guard(&s, 1).1, p("1B1"), "the guard heads for the alarm");
}

#[test]
fn jury_rig_draws_a_tool() {
    let mut s = solo().enter("1A1");
    s.state.tools.push(Tool::Rollerskates);
    draw(&mut s, EventCard::JuryRig);
    assert_eq!(s.state.chars[0].tools.to_vec(), vec![Tool::Rollerskates]);
}

/// The moves of the Hacker, on a face-up Walkway of floor 2, after the Peterman drew `card`.
fn walkway_moves(card: EventCard) -> Vec<Action> {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("2B2", TileKind::Walkway, 1)
        .revealed("2B2")
        .guard("2D4", "2C4")
        .enter("1A1")
        .place(1, "2B2");
    draw(&mut s, card);
    assert_eq!(s.state.current, 1);
    s.legal(1)
}

#[test]
fn gymnastics_makes_walkways_stairs_until_the_drawers_next_turn() {
    let up = Action::Move {
        floor: Floor(2),
        cell: Cell::parse("B2").unwrap(),
        by: MoveBy::Stairs,
    };
    let down = Action::Move {
        floor: Floor(0),
        cell: Cell::parse("B2").unwrap(),
        by: MoveBy::Stairs,
    };
    let plain = walkway_moves(EventCard::Lampshade);
    assert!(!plain.contains(&up) && !plain.contains(&down));
    let gym = walkway_moves(EventCard::Gymnastics);
    assert!(gym.contains(&up) && gym.contains(&down));
}

#[test]
fn crash_sends_the_guard_to_your_room() {
    let mut s = solo().enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Crash);
    assert_eq!(guard(&s, 1), (p("1D4"), p("1A1")));
}

#[test]
fn jump_the_gun_skips_the_next_turn_and_its_guard_move() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .guard("1D4", "1A4")
        .enter("1A1");
    draw(&mut s, EventCard::JumpTheGun);
    assert!(s.saw(|e| matches!(e, Event::TurnSkipped { character: 1 })));
    assert_eq!(s.state.current, 0, "the Peterman plays again");
    assert_eq!(steps_taken(&s), 2, "only the Peterman's guard move");
    assert_eq!(guard(&s, 1).0, p("1B4"));
    assert!(!s.state.skip_next);
}

fn guard_moved_on(s: &Scenario, floor: u8) -> bool {
    s.saw(|e| matches!(e, Event::GuardMoved { floor: f, .. } if *f == Floor(floor - 1)))
}

#[test]
fn shift_change_moves_the_other_floors_guards_instead() {
    let mut s = solo().guard("2A1", "2D1").enter("1A1");
    draw(&mut s, EventCard::ShiftChange);
    assert!(!guard_moved_on(&s, 1), "the guard of your floor stays");
    assert_eq!(guard(&s, 1).0, p("1D4"));
    assert_eq!(
        guard(&s, 2).0,
        p("2D1"),
        "floor 2's guard walks his 3 rooms"
    );
    // The next turn is back to normal.
    s.walk("1A2");
    s.walk("1A3");
    s.walk("1A2");
    s.end_turn();
    assert!(guard_moved_on(&s, 1));
    assert!(!guard_moved_on(&s, 2));
}

#[test]
fn squeak_moves_the_guard_one_room_toward_the_nearest_character() {
    let mut s = solo().guard("1D4", "1D1").enter("1A1").place(0, "1A4");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Squeak);
    assert_eq!(guard(&s, 1), (p("1C4"), p("1D1")));
}

#[test]
fn squeak_into_your_room_costs_stealth() {
    let mut s = solo().guard("1B1", "1D1").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Squeak);
    assert_eq!(guard(&s, 1).0, p("1A1"));
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn squeak_lets_the_players_pick_between_equally_near_characters() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .guard("1B2", "1A1")
        .enter("1A1");
    s = s.place(0, "1B4").place(1, "1D2");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Squeak);
    let Some(Decision::Room {
        reason: RoomReason::Squeak,
        rooms,
    }) = s.state.decision.clone()
    else {
        panic!("a step is asked for")
    };
    assert_eq!(rooms.len(), 2);
    assert!(rooms.contains(&p("1B3")) && rooms.contains(&p("1C2")));
    choose_room(&mut s, 0, "1C2");
    assert_eq!(guard(&s, 1).0, p("1C2"));
}

#[test]
fn change_of_plans_gives_the_guard_his_next_patrol_card() {
    let mut s = solo().enter("1A1");
    patrol(&mut s, 1, &["A2", "B3"]);
    donuts(&mut s, 1);
    draw(&mut s, EventCard::ChangeOfPlans);
    assert_eq!(guard(&s, 1), (p("1D4"), p("1B3")));
    assert_eq!(
        s.state.floors[0].patrol_discard.last(),
        Some(&Cell::parse("B3").unwrap())
    );
}

/// Guard steps at the end of a turn that drew `card`: the guard walks from 1D4 toward 1A1.
fn steps_with(card: EventCard) -> usize {
    let mut s = solo().guard("1D4", "1A1").enter("1A1");
    draw(&mut s, card);
    steps_taken(&s)
}

#[test]
fn daydreaming_and_espresso_change_the_guards_steps_by_one() {
    assert_eq!(steps_with(EventCard::Lampshade), 2);
    assert_eq!(steps_with(EventCard::Daydreaming), 1);
    assert_eq!(steps_with(EventCard::Espresso), 3);
}

#[test]
fn where_is_he_puts_the_guard_on_his_destination_and_gives_him_a_new_one() {
    let mut s = solo().guard("1D4", "1A4").enter("1A1");
    patrol(&mut s, 1, &["C2", "B2"]);
    donuts(&mut s, 1);
    draw(&mut s, EventCard::WhereIsHe);
    assert_eq!(guard(&s, 1), (p("1A4"), p("1B2")));
}

#[test]
fn where_is_he_onto_your_room_costs_stealth() {
    let mut s = solo().guard("1D4", "1A1").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::WhereIsHe);
    assert_eq!(guard(&s, 1).0, p("1A1"));
    assert_eq!(s.state.chars[0].stealth, 2);
}

#[test]
fn buddy_system_brings_the_teammate_into_your_room_without_entering() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1A1", TileKind::Fingerprint, 1)
        .enter("1A1")
        .place(1, "1C3");
    draw(&mut s, EventCard::BuddySystem);
    assert_eq!(s.state.chars[1].pos(), Some(p("1A1")));
    assert!(s.saw(|e| matches!(
        e,
        Event::Moved {
            character: 1,
            entry: false,
            ..
        }
    )));
    assert!(
        !alarm(&s, "1A1"),
        "not an entry: the Fingerprint stays quiet"
    );
}

#[test]
fn buddy_system_asks_which_teammate() {
    let mut s = Scenario::new("bank", &["peterman", "hacker", "hawk"]).enter("1A1");
    s = s.place(1, "1C3").place(2, "1B2");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::BuddySystem);
    assert_eq!(
        s.state.decision,
        Some(Decision::Teammate {
            reason: TeammateReason::BuddySystem,
            characters: vec![1, 2]
        })
    );
    s.act(0, Action::ChooseTeammate { character: 2 }).unwrap();
    assert_eq!(s.state.chars[2].pos(), Some(p("1A1")));
    assert_eq!(s.state.chars[1].pos(), Some(p("1C3")));
}

#[test]
fn peekhole_looks_through_a_wall_or_upstairs() {
    let mut s = solo().wall("1A1|B1").enter("1A1");
    donuts(&mut s, 1);
    draw(&mut s, EventCard::Peekhole);
    let Some(Decision::Room {
        reason: RoomReason::Peekhole,
        rooms,
    }) = s.state.decision.clone()
    else {
        panic!("a room is asked for")
    };
    let mut rooms = rooms;
    rooms.sort();
    let mut expected = vec![p("1B1"), p("1A2"), p("2A1")];
    expected.sort();
    assert_eq!(rooms, expected);
    choose_room(&mut s, 0, "1B1");
    assert!(s.state.tile(p("1B1")).revealed);
    assert_eq!(s.state.chars[0].pos(), Some(p("1A1")), "a peek, not a move");
}

#[test]
fn peekhole_with_one_unseen_room_looks_into_it() {
    let mut s = solo()
        .wall("1A1|B1")
        .revealed("1A2")
        .revealed("2A1")
        .enter("1A1");
    draw(&mut s, EventCard::Peekhole);
    assert!(s.state.tile(p("1B1")).revealed);
}

#[test]
fn keycode_change_locks_every_opened_keypad() {
    let mut s = solo()
        .tile("1B2", TileKind::Keypad, 1)
        .tile("2C3", TileKind::Keypad, 1)
        .revealed("1B2")
        .revealed("2C3")
        .enter("1A1");
    s.state.tile_mut(p("1B2")).open = true;
    s.state.tile_mut(p("2C3")).open = true;
    draw(&mut s, EventCard::KeycodeChange);
    assert!(!s.state.tile(p("1B2")).open);
    assert!(!s.state.tile(p("2C3")).open);
}

#[test]
fn heads_up_gives_the_next_character_an_action() {
    let mut s = Scenario::new("bank", &["peterman", "hacker"]).enter("1A1");
    next_event(&mut s, EventCard::Lampshade);
    draw(&mut s, EventCard::HeadsUp);
    assert_eq!(s.state.current, 1);
    assert_eq!(s.state.actions_left(), 5);
    s.end_turn();
    assert_eq!(s.state.current, 0);
    assert_eq!(s.state.actions_left(), 4, "only once");
}
