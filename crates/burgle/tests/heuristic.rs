//! The heuristic player as the rules see it: it leaves the guard's way before the turn ends and
//! works a safe whose combination shows.

use lockpick_burgle::Burgle;
use lockpick_burgle::actions::{Action, Event};
use lockpick_burgle::cards::TileKind;
use lockpick_burgle::state::Stage;
use lockpick_burgle::testing::{Scenario, p};
use lockpick_engine::{GameRng, Heuristic, Seat};

/// Plays the heuristic for the current character until its turn ends; returns every event.
fn play_turn(s: &mut Scenario, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::from_seed(seed);
    let who = s.state.current;
    let turn = s.state.turn_number;
    let mut all = Vec::new();
    while s.state.turn_number == turn && s.state.outcome.is_none() {
        let seat = lockpick_burgle::turn::acting_seat(&s.state);
        let legal = s.legal(seat.0);
        let k = Burgle::heuristic(&s.state, seat, &legal, &mut rng);
        all.extend(
            s.act(seat.0, legal[k].clone())
                .expect("legal")
                .iter()
                .cloned(),
        );
        assert!(all.len() < 10_000, "the turn of {who} ends");
    }
    all
}

/// Whether `events` show `tool` used.
fn used_tool(events: &[Event], tool: lockpick_burgle::cards::Tool) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::ToolUsed { tool: t, .. } if *t == tool))
}

#[test]
fn the_heuristic_steps_out_of_the_guards_path_before_the_guard_moves() {
    for seed in 0..4 {
        // The guard comes straight along row 1 to the entry: staying there costs a token.
        let mut s = Scenario::new("bank", &["peterman"])
            .guard("1C1", "1A1")
            .die(1, 3)
            .enter("1A1");
        for cell in ["1B1", "1A2", "1B2", "1A3"] {
            s = s.revealed(cell);
        }
        let events = play_turn(&mut s, seed);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::StealthLost { .. } | Event::Captured { .. })),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 3);
    }
}

/// The rooms of the line of the safe in 1B2.
const SAFE_LINE: [&str; 6] = ["1A2", "1C2", "1D2", "1B1", "1B3", "1B4"];

/// A Peterman (Drill side: no extra die) in the floor-1 safe's room, B2, its whole line seen
/// and the guard far off.
fn at_the_safe() -> Scenario {
    let mut s = Scenario::new("bank", &["peterman_advanced"])
        .tile("1B2", TileKind::Safe, 0)
        .revealed("1B2")
        .guard("1D4", "1C4")
        .enter("1A1")
        .place(0, "1B2");
    for cell in SAFE_LINE {
        s = s.revealed(cell);
    }
    s
}

#[test]
fn the_heuristic_adds_dice_to_a_safe_whose_combination_shows() {
    let s = at_the_safe();
    assert_eq!(s.state.stage, Stage::Actions);
    let legal = s.legal(0);
    let mut rng = GameRng::from_seed(1);
    let k = Burgle::heuristic(&s.state, Seat(0), &legal, &mut rng);
    let safe = p("1B2");
    assert_eq!(
        legal[k],
        Action::AddDie {
            floor: safe.floor,
            cell: safe.cell
        }
    );
}

#[test]
fn the_heuristic_rolls_rather_than_add_a_die_that_does_not_pay() {
    // Three dice on the safe: a fourth costs two actions and saves less than two rolls.
    for seed in 0..4 {
        let mut s = at_the_safe();
        // Six digits to find, one per room of the line.
        for (digit, cell) in (1..).zip(SAFE_LINE) {
            s.state.tile_mut(p(cell)).digit = digit;
        }
        s.state.tile_mut(p("1B2")).dice = 3;
        let events = play_turn(&mut s, seed);
        assert!(
            !events.iter().any(|e| matches!(e, Event::DieAdded { .. })),
            "seed {seed}: {events:?}"
        );
        let rolls = events
            .iter()
            .filter(|e| matches!(e, Event::SafeRolled { .. }))
            .count();
        assert!(rolls >= 1, "seed {seed}: {events:?}");
    }
}

/// Opens the safe of each of the Bank Job's three floors.
fn crack_every_safe(s: &mut Scenario) {
    crack_safes(s, 0..3);
}

#[test]
fn the_heuristic_enters_the_room_farthest_from_the_guard_by_his_walk_not_in_a_straight_line() {
    // Walls under 1A1, 1B1 and 1C1 leave row 1 open to the rest of the ground floor through
    // 1D1 alone. The guard stands in 1A2, heading for 1A3: 1A1 lies one room from him in a
    // straight line but seven by his walk, the farthest of all; 1D4, five rooms off both ways,
    // is the farthest in a straight line.
    let s = Scenario::new("bank", &["peterman", "hacker"])
        .wall("1A1|A2")
        .wall("1B1|B2")
        .wall("1C1|C2")
        .guard("1A2", "1A3");
    let legal = s.legal(0);
    for seed in 0..3 {
        let mut rng = GameRng::from_seed(seed);
        let k = Burgle::heuristic(&s.state, Seat(0), &legal, &mut rng);
        assert_eq!(
            legal[k],
            Action::ChooseEntry {
                cell: p("1A1").cell
            },
            "seed {seed}"
        );
    }
}

/// Opens the safes of `floors` (indices from 0).
fn crack_safes(s: &mut Scenario, floors: std::ops::Range<usize>) {
    for f in floors {
        let safe = s.state.floors[f].safe;
        let w = s.state.width;
        let t = &mut s.state.floors[f].tiles[safe.index(w)];
        t.kind = TileKind::Safe;
        t.revealed = true;
        t.cracked = true;
    }
}

#[test]
fn the_heuristic_fetches_loot_left_lying_before_the_team_can_leave() {
    use lockpick_burgle::actions::HeldCard;
    use lockpick_burgle::cards::Loot;
    for seed in 0..3 {
        // Every safe is open and the other Gold Bar lies in C1. The Peterman carries a bar
        // already, so the Hacker, two rooms from it, is the one to fetch it: without it nobody
        // may leave.
        let mut s = Scenario::new("bank", &["peterman", "hacker"])
            .guard("1D4", "1D3")
            .die(1, 2)
            .enter("1A1");
        for cell in ["1A1", "1B1", "1C1", "1A2", "1B2", "1C2", "1A3", "1B3"] {
            s = s.revealed(cell);
        }
        crack_every_safe(&mut s);
        s.state.chars[0].loot.push(Loot::GoldBar);
        s = s.place(1, "1B3");
        s.state
            .loose
            .push((p("1C1"), HeldCard::Loot(Loot::GoldBar)));
        let _ = play_turn(&mut s, seed);
        let _ = play_turn(&mut s, seed);
        assert!(
            s.state.loose.is_empty() && s.state.chars[1].loot.contains(&Loot::GoldBar),
            "seed {seed}: the Hacker picked the bar up: {:?}, {:?}",
            s.state.loose,
            s.state.chars[1]
        );
    }
}

/// Every safe open, the Peterman on the ground floor holding a Gold Bar, the other bar lying in
/// 3D1 and the Hacker on the top floor's stairs in 3B1, free to climb to the roof.
fn bar_left_on_the_top_floor() -> Scenario {
    use lockpick_burgle::actions::HeldCard;
    use lockpick_burgle::cards::Loot;
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .guard("1D4", "1D3")
        .die(1, 2)
        .tile("3B1", TileKind::Stairs, 1)
        .enter("1A1");
    for cell in ["3B1", "3C1", "3D1", "3B2", "3C2"] {
        s = s.revealed(cell);
    }
    crack_every_safe(&mut s);
    s.state.chars[0].loot.push(Loot::GoldBar);
    s = s.place(1, "3B1");
    s.state.current = 1;
    s.state
        .loose
        .push((p("3D1"), HeldCard::Loot(Loot::GoldBar)));
    s
}

#[test]
fn the_heuristic_does_not_escape_leaving_loot_no_one_else_may_carry() {
    use lockpick_burgle::cards::Loot;
    use lockpick_burgle::state::Place;
    let s = bar_left_on_the_top_floor();
    assert!(
        s.legal(1).contains(&Action::Escape {}),
        "the roof is open to the Hacker"
    );
    for seed in 0..3 {
        // The planner fetches the bar instead of leaving the Peterman with it out of reach.
        let mut s = bar_left_on_the_top_floor();
        let _ = play_turn(&mut s, seed);
        assert_ne!(s.state.chars[1].place, Place::Roof, "seed {seed}");
        assert!(
            s.state.chars[1].loot.contains(&Loot::GoldBar),
            "seed {seed}: the Hacker picked the bar up: {:?}",
            s.state.loose
        );
        // So does the search's cheap rollout policy.
        let s = bar_left_on_the_top_floor();
        let legal = s.legal(1);
        let mut rng = GameRng::from_seed(seed);
        let k = Burgle::rollout(&s.state, Seat(1), &legal, &mut rng);
        assert_ne!(legal[k], Action::Escape {}, "seed {seed}");
    }
}

/// The Peterman's turn in [`Scenario::dead_end`], holding `tool`.
fn dead_end_turn(tool: lockpick_burgle::cards::Tool, seed: u64) -> (Scenario, Vec<Event>) {
    let mut s = Scenario::dead_end("peterman");
    s.state.chars[0].tools.push(tool);
    let events = play_turn(&mut s, seed);
    (s, events)
}

#[test]
fn the_heuristic_uses_a_smoke_bomb_rather_than_lose_its_last_token() {
    use lockpick_burgle::cards::Tool;
    for seed in 0..3 {
        // A dead end: the guard comes down the only corridor into the character's room.
        let (s, events) = dead_end_turn(Tool::SmokeBomb, seed);
        assert!(
            used_tool(&events, Tool::SmokeBomb),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 1, "seed {seed}: the room paid");
    }
}

#[test]
fn the_heuristic_blows_a_wall_with_the_dynamite_to_leave_a_dead_end() {
    use lockpick_burgle::cards::Tool;
    for seed in 0..3 {
        // A dead end: the guard comes down the only corridor into the character's room; the
        // wall to 1A2 is the way out, at the price of an alarm where she stood.
        let (s, events) = dead_end_turn(Tool::Dynamite, seed);
        assert!(
            used_tool(&events, Tool::Dynamite),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 1, "seed {seed}: {events:?}");
        assert!(s.state.outcome.is_none(), "seed {seed}: {events:?}");
    }
}

#[test]
fn the_heuristic_sets_the_ravens_bird_in_the_guards_way_to_keep_him_a_step_short() {
    for seed in 0..3 {
        // A dead end: the guard comes down the only corridor, two steps, into her room; the
        // bird in the room between costs him one of them.
        let mut s = Scenario::dead_end("raven");
        let events = play_turn(&mut s, seed);
        assert_eq!(
            s.state.chars[0].raven,
            Some(p("1B1")),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 1, "seed {seed}: {events:?}");
        assert_eq!(s.state.floors[0].guard.map(|g| g.at), Some(p("1B1").cell));
    }
}

#[test]
fn the_heuristic_rook_orders_a_teammate_out_of_the_guards_way() {
    for seed in 0..4 {
        // The guard (speed 2) walks 1C1-1B1-1A1 at the end of the Rook's turn, into the room
        // of his teammate, who holds his last token. No stairs lead off the floor: only the
        // Rook's order (1 action) can move the teammate aside before the guard comes.
        let mut s = Scenario::new("bank", &["rook", "peterman"])
            .guard("1C1", "1A1")
            .die(1, 2)
            .enter("1A1")
            .place(0, "1D4")
            .place(1, "1A1");
        s.state.chars[1].stealth = 1;
        let events = play_turn(&mut s, seed);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::AbilityUsed { character: 0, .. })),
            "seed {seed}: the Rook gives an order: {events:?}"
        );
        assert_ne!(s.state.chars[1].pos(), Some(p("1A1")), "seed {seed}");
        assert_eq!(s.state.chars[1].stealth, 1, "seed {seed}: {events:?}");
    }
}

#[test]
fn the_heuristic_hawk_looks_through_a_wall_for_free() {
    // The Hawk's X-Ray costs no action: she looks through the wall before anything else.
    let mut s = Scenario::new("bank", &["hawk"])
        .guard("1D4", "1C4")
        .die(1, 2)
        .enter("1A1")
        .wall("1A1|B1");
    let events = play_turn(&mut s, 0);
    assert!(
        s.state.tile(p("1B1")).revealed,
        "the room behind the wall is turned over: {events:?}"
    );
}

#[test]
fn the_heuristic_throws_its_voice_away_from_the_team() {
    use lockpick_burgle::cards::EventCard;
    for seed in 0..8 {
        // The guard, two steps a turn, stands in 1B2; the rooms next to him are 1A2, 1B1, 1C2,
        // where the Peterman stands, and 1B3 behind a wall. Sent to 1C2, or to 1B3 the long
        // way round through 1C2, he walks into the Peterman; sent to 1A2 or 1B1 his second
        // step cannot reach him.
        let mut s = Scenario::new("bank", &["peterman"])
            .wall("1B2|B3")
            .wall("1A2|A3")
            .guard("1B2", "1D4")
            .die(1, 2)
            .enter("1A1")
            .place(0, "1C2");
        s.state.events.push(EventCard::ThrowVoice);
        s.end_turn();
        let legal = s.legal(0);
        assert_eq!(legal.len(), 4, "{legal:?}");
        let mut rng = GameRng::from_seed(seed);
        let k = Burgle::heuristic(&s.state, Seat(0), &legal, &mut rng);
        let Action::ChooseRoom { floor, cell } = legal[k] else {
            panic!("a room is asked for: {legal:?}")
        };
        let chosen = lockpick_burgle::ids::Pos::new(floor, cell);
        assert!(
            chosen == p("1A2") || chosen == p("1B1"),
            "seed {seed}: the guard sent to {chosen:?}"
        );
        let events = s.act(0, legal[k].clone()).expect("legal").to_vec();
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::StealthLost { .. })),
            "seed {seed}: {events:?}"
        );
    }
}

#[test]
fn the_heuristic_climbs_past_a_guard_who_waits_where_the_stairs_come_out() {
    for seed in 0..4 {
        // Floor 1's safe is open: the Peterman's work is upstairs. The only stairs, 1C4, come
        // out in 2C4, where floor 2's guard stands; no one is on floor 2 to make him move, so
        // waiting below only puts the lost token off while floor 1's guard keeps walking.
        let mut s = Scenario::new("bank", &["peterman"])
            .tile("1B2", TileKind::Safe, 0)
            .revealed("1B2")
            .tile("1C4", TileKind::Stairs, 6)
            .revealed("1C4")
            .guard("1A1", "1A2")
            .guard("2C4", "2C3")
            .enter("1D1")
            .place(0, "1C4");
        s.state.tile_mut(p("1B2")).cracked = true;
        let events = play_turn(&mut s, seed);
        assert_eq!(
            s.state.chars[0].pos().map(|at| at.floor.0),
            Some(1),
            "seed {seed}: {events:?}"
        );
    }
}

#[test]
fn the_heuristic_turns_a_die_with_the_stethoscope_to_the_last_digit() {
    use lockpick_burgle::cards::Tool;
    for seed in 0..4 {
        // One die on the safe, rolled this turn to a 6; the line's digits are 1 to 6 and all
        // but the 3 of 1D2 are decoded. The Stethoscope turns the die to a 3: the safe opens.
        let mut s = at_the_safe();
        for (digit, cell) in (1..).zip(SAFE_LINE) {
            let t = s.state.tile_mut(p(cell));
            t.digit = digit;
            t.decoded = digit != 3;
        }
        let safe = p("1B2");
        let t = s.state.tile_mut(safe);
        t.dice = 1;
        t.faces = [6].into_iter().collect();
        s.state.turn.rolled.push(safe);
        s.state.turn.used = 1;
        s.state.chars[0].tools.push(Tool::Stethoscope);
        let events = play_turn(&mut s, seed);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::SafeCracked { at } if *at == safe)),
            "seed {seed}: {events:?}"
        );
    }
}

/// The score term `name` among the planner's features `x`.
fn term(x: &[f64], name: &str) -> f64 {
    use lockpick_burgle::heuristic::score::FEATURE_NAMES;
    x[FEATURE_NAMES.iter().position(|n| *n == name).unwrap()]
}

/// What the score charges for characters who cannot step aside before the guard's next move.
fn stuck_loss(s: &Scenario) -> f64 {
    term(
        &lockpick_burgle::heuristic::score::features(&s.state),
        "in_path_stuck_loss",
    )
}

/// The Peterman and the Hacker, a face-up `kind` room at `room`, the guards set by `guards`;
/// the Peterman entered at 1A4 and plays, the Hacker stands at 1B2.
fn hacker_at_1b2_with(
    kind: TileKind,
    room: &str,
    guards: impl Fn(Scenario) -> Scenario,
) -> Scenario {
    guards(
        Scenario::new("bank", &["peterman", "hacker"])
            .tile(room, kind, 1)
            .revealed(room),
    )
    .enter("1A4")
    .place(1, "1B2")
}

#[test]
fn the_score_terms_count_the_safes_and_the_way_to_the_roof_once_every_safe_is_open() {
    use lockpick_burgle::heuristic::score::features;
    use lockpick_burgle::state::Place;
    // Two safes of three open: the endgame's terms stay at nothing.
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .tile("1C4", TileKind::Stairs, 6)
        .revealed("1C4")
        .enter("1A4")
        .place(0, "1A4")
        .place(1, "1A4");
    for floor in 0..2 {
        let safe = lockpick_burgle::ids::Pos::new(
            lockpick_burgle::ids::Floor(floor),
            s.state.floors[usize::from(floor)].safe,
        );
        s.state.tile_mut(safe).cracked = true;
    }
    let x = features(&s.state);
    assert_eq!(term(&x, "cracked"), 2.0);
    assert_eq!(term(&x, "stealth_3"), 2.0);
    assert_eq!(term(&x, "endgame_nearness"), 0.0);
    // Every safe open: the Peterman stands two steps from the stairs on the ground floor, the
    // Hacker is on the roof.
    let top = s.state.top_floor();
    let safe = lockpick_burgle::ids::Pos::new(top, s.state.floors[top.index()].safe);
    s.state.tile_mut(safe).cracked = true;
    s.state.chars[1].place = Place::Roof;
    let x = features(&s.state);
    assert_eq!(term(&x, "cracked"), 3.0);
    assert_eq!(term(&x, "roof"), 1.0);
    assert_eq!(term(&x, "endgame_nearness"), 28.0 + 30.0);
    assert_eq!(term(&x, "endgame_floor"), 1.0 + 4.0);
    // The tokens count only as the hits they let the Peterman take on his way out: he needs
    // four turns and holds three tokens, so only four hits of four would stop him.
    assert_eq!(term(&x, "stealth_3"), 0.0);
    let chance = term(&x, "escape") - 1.0;
    assert!(chance > 0.99 && chance < 1.0, "{chance}");
    s.state.chars[0].stealth = 0;
    let chance = term(&x, "escape") - 1.0;
    let none = term(&features(&s.state), "escape") - 1.0;
    assert!(none < chance - 0.2, "{none} against {chance}");
}

#[test]
fn a_room_with_tokens_of_its_own_shelters_a_character_from_the_guards_next_move() {
    use lockpick_burgle::heuristic::score::{features, score};
    // The guard walks row 1 from 1D1 to 1A1 when the Peterman's turn ends, through the room of
    // the Hacker, who cannot step aside before he moves.
    let mut s = Scenario::new("bank", &["peterman", "hacker"])
        .guard("1D1", "1A1")
        .die(1, 3)
        .enter("1A4")
        .place(1, "1B1");
    let exposed = features(&s.state);
    assert!(term(&exposed, "in_path_stuck_loss") > 0.0);
    // A Lavatory's tokens (or a Smoke Bomb's) pay for his sight of her: her own are safe.
    s.state.tile_mut(p("1B1")).stealth = 3;
    let sheltered = features(&s.state);
    assert_eq!(term(&sheltered, "in_path_stuck_loss"), 0.0);
    s.state.tile_mut(p("1B1")).stealth = 0;
    let before = score(&s.state);
    s.state.tile_mut(p("1B1")).stealth = 1;
    assert!(score(&s.state) > before);
}

#[test]
fn the_tiara_and_a_foyer_put_a_character_next_to_the_guards_next_path_in_his_sight() {
    use lockpick_burgle::cards::Loot;
    // The guard walks row 1 from 1D1 to 1A1 when the Peterman's turn ends; the Hacker stands
    // next to his way, at 1B2, and cannot step aside before he moves.
    let s = hacker_at_1b2_with(TileKind::Foyer, "1C2", |s| s.guard("1D1", "1A1").die(1, 3));
    assert_eq!(stuck_loss(&s), 0.0);
    // With the Tiara he sees her from 1B1 as he walks by.
    let mut tiara = s.clone();
    tiara.state.chars[1].loot.push(Loot::Tiara);
    assert!(stuck_loss(&tiara) > 0.0);
    // Not through a wall.
    let mut walled = tiara.clone().wall("1B1|B2");
    assert_eq!(stuck_loss(&walled), 0.0);
    // Without the Tiara, a Foyer next to his way does the same.
    walled.state.chars[1].loot.clear();
    assert!(stuck_loss(&walled.place(1, "1C2")) > 0.0);
}

#[test]
fn the_heuristic_climbs_for_the_roof_with_tokens_to_spare_rather_than_wait_below() {
    for seed in 0..4 {
        // Every safe is open. The Peterman, 3 stealth tokens, stands on floor 2's stairs; the
        // top floor's stairs to the roof are in 3A4, three rooms from where he comes out (3D4),
        // and that floor's guard, fast, walks into 3D4 at the end of any turn he spends there.
        // Waiting below costs nothing the turn can see (floor 2's guard is far), but the guards
        // only grow faster: a token is worth spending to be one turn from the roof.
        let s = below_the_roof(
            Scenario::new("bank", &["peterman"]),
            "2D4",
            "3A4",
            2,
            ("3C4", "3D4"),
            6,
        );
        climbs(s, seed);
    }
}

/// Every safe open, a lone Peterman at `at` on floor 2, whose stairs (2D4) come out in 3D4; the
/// stairs to the roof in `roof`, a room of floor 3's row 4, all of whose rooms from there to 3D4
/// are seen; floor 2's guard in 2A1 at speed `die2`, floor 3's at `guard3.0` heading for
/// `guard3.1` at speed `die3`. `s` holds what a test sets first.
fn below_the_roof(
    s: Scenario,
    at: &str,
    roof: &str,
    die2: u8,
    guard3: (&str, &str),
    die3: u8,
) -> Scenario {
    let mut s = s
        .tile("2D4", TileKind::Stairs, 6)
        .revealed("2D4")
        .tile(roof, TileKind::Stairs, 6)
        .revealed(roof);
    for cell in ["3B4", "3C4", "3D4"] {
        if cell != roof {
            s = s.revealed(cell);
        }
    }
    let mut s = s
        .guard("2A1", "2A2")
        .die(2, die2)
        .guard(guard3.0, guard3.1)
        .die(3, die3)
        .enter("1A2")
        .place(0, at);
    crack_every_safe(&mut s);
    s
}

/// Plays the Peterman's turn with `seed` and checks that it ends on the top floor.
fn climbs(mut s: Scenario, seed: u64) {
    let events = play_turn(&mut s, seed);
    assert_eq!(
        s.state.chars[0].pos().map(|at| at.floor.0),
        Some(2),
        "seed {seed}: {events:?}"
    );
}

#[test]
fn the_heuristic_spotter_sends_under_a_card_whose_way_crosses_a_teammate_however_far_it_lies() {
    use lockpick_burgle::actions::AbilityMode;
    for seed in 0..6 {
        // The guard reaches his destination 1B4 with two steps left and takes the next card.
        // The one the Spotter sees, 1D1, lies four rooms from the Peterman in 1C4 and three
        // from her, but the wall above 1B4 sends the guard through 1C4 on his way to it; the
        // other card, 1A3, takes him the other way.
        let mut s = Scenario::new("bank", &["spotter", "peterman"])
            .guard("1A4", "1B4")
            .die(1, 3)
            .wall("1B4|B3")
            .enter("1A1")
            .place(1, "1C4");
        s.state.floors[0].patrol = [p("1A3").cell, p("1D1").cell].into_iter().collect();
        s.state.floors[0].set_aside.clear();
        let look = Action::Ability {
            at: None,
            character: None,
            mode: Some(AbilityMode::Patrol),
        };
        s.act(0, look)
            .expect("the Spotter looks at the top patrol card");
        let legal = s.legal(0);
        let mut rng = GameRng::from_seed(seed);
        let k = Burgle::heuristic(&s.state, Seat(0), &legal, &mut rng);
        assert_eq!(legal[k], Action::PutBack { top: false }, "seed {seed}");
    }
}

#[test]
fn the_heuristic_juicer_sounds_an_alarm_next_door_only_when_the_guard_comes_her_way() {
    let alarm = |events: &[Event]| events.iter().any(|e| matches!(e, Event::AlarmOn { .. }));
    for seed in 0..6 {
        // The guard paces the far corner: an alarm would only bring him over, faster, and cost
        // him a patrol card (his deck runs out sooner, and he speeds up).
        let mut s = Scenario::new("bank", &["juicer"])
            .guard("1D4", "1C4")
            .die(1, 2)
            .enter("1A1");
        let events = play_turn(&mut s, seed);
        assert!(!alarm(&events), "seed {seed}: {events:?}");
        // In a dead end with the guard coming down the corridor, the alarm turns him.
        let mut s = Scenario::dead_end("juicer");
        let events = play_turn(&mut s, seed);
        assert!(alarm(&events), "seed {seed}: {events:?}");
    }
}

#[test]
fn the_heuristic_leaves_the_last_floor_to_the_teammate_working_its_safe() {
    for seed in 0..4 {
        // Floors 1 and 2 are open; the Peterman works floor 3's safe (3A1), whose line shows.
        // The Hacker, on floor 2's stairs, could climb to 3D4 and walk towards the safe, out of
        // the guard's way; but every turn ended on floor 3 walks its guard once more, so two
        // burglars there make him walk twice a round.
        let mut s = Scenario::new("bank", &["peterman", "hacker"])
            .tile("3A1", TileKind::Safe, 0)
            .revealed("3A1")
            .revealed("3B1")
            .revealed("3C1")
            .revealed("3D1")
            .revealed("3A2")
            .revealed("3A3")
            .revealed("3A4")
            .tile("2D4", TileKind::Stairs, 6)
            .revealed("2D4")
            .guard("2A1", "2A2")
            .die(2, 2)
            .guard("3B2", "3C2")
            .die(3, 2)
            .enter("1A2")
            .place(0, "3A1");
        crack_safes(&mut s, 0..2);
        s.end_turn();
        let mut s = s.place(1, "2D4");
        let events = play_turn(&mut s, seed);
        assert_eq!(
            s.state.chars[1].pos().map(|at| at.floor.0),
            Some(1),
            "seed {seed}: {events:?}"
        );
    }
}

#[test]
fn the_heuristic_keeps_working_its_floors_safe_when_the_floor_below_opens() {
    for seed in 0..4 {
        // Floor 1's safe has just opened. The Hacker stands at floor 2's safe (2A1), its whole
        // line seen and a die on it; floor 2's stairs (2D4) are six rooms off. Floor 2 is still
        // the lowest floor to work and the Hacker stands on it: it keeps it, and the Peterman,
        // on floor 1, takes floor 3. (Floors used to be handed out again in turn order: the
        // Hacker left for the stairs and floor 3, and the Peterman climbed to finish its safe.)
        let mut s = Scenario::new("bank", &["peterman", "hacker"])
            .tile("2A1", TileKind::Safe, 0)
            .revealed("2A1")
            .tile("2D4", TileKind::Stairs, 6)
            .revealed("2D4")
            .guard("2C3", "2D3")
            .die(2, 2)
            .enter("1A2");
        for cell in ["2B1", "2C1", "2D1", "2A2", "2A3", "2A4"] {
            s = s.revealed(cell);
        }
        s.state.tile_mut(p("2A1")).dice = 1;
        crack_safes(&mut s, 0..1);
        s.end_turn();
        let mut s = s.place(1, "2A1");
        let events = play_turn(&mut s, seed);
        // It stays at the safe unless a lucky roll opened it this turn.
        if !events
            .iter()
            .any(|e| matches!(e, Event::SafeCracked { .. }))
        {
            assert_eq!(
                s.state.chars[1].pos(),
                Some(p("2A1")),
                "seed {seed}: the Hacker stays at its safe: {events:?}"
            );
        }
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::SafeRolled { .. } | Event::DieAdded { .. })),
            "seed {seed}: the Hacker works the safe: {events:?}"
        );
    }
}

/// A lone Peterman with one stealth token, entered at 1A1 of a blank building (every room a
/// face-down Laboratory, nothing in it), the guard far off, and only `card` left in the event
/// deck: the team knows what a turn ending with two actions or fewer will draw.
fn one_event_left(card: lockpick_burgle::cards::EventCard) -> Scenario {
    let mut s = Scenario::new("bank", &["peterman"]).enter("1A1");
    s.state.chars[0].stealth = 1;
    s.state.events.clear();
    s.state.events.push(card);
    s
}

#[test]
fn the_heuristic_ends_its_turn_early_to_draw_an_event_that_gives_it_a_token() {
    for seed in 0..4 {
        // Four rooms seen are worth less than a second token: the Lampshade is drawn.
        let mut s = one_event_left(lockpick_burgle::cards::EventCard::Lampshade);
        let events = play_turn(&mut s, seed);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::EventDrawn {
                    card: lockpick_burgle::cards::EventCard::Lampshade,
                    ..
                }
            )),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 2, "seed {seed}");
    }
}

#[test]
fn the_heuristic_plays_on_rather_than_draw_an_event_that_brings_the_guard_to_it() {
    for seed in 0..4 {
        // Crash! would send the guard (speed 6, six rooms off) into the Peterman's room, and he
        // has one token: he uses three actions or more, so that no event is drawn.
        let mut s = one_event_left(lockpick_burgle::cards::EventCard::Crash);
        s.state.floors[0].die = 6;
        let events = play_turn(&mut s, seed);
        assert!(
            !events.iter().any(|e| matches!(e, Event::EventDrawn { .. })),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 1, "seed {seed}");
    }
}

#[test]
fn the_guards_above_and_below_see_a_character_in_an_atrium_as_they_walk_through_its_room() {
    // The Hacker stands in floor 1's Atrium at B2, far from floor 1's guard; floor 2's guard
    // walks row 2 from D2 to A2, through the room above her.
    let s = hacker_at_1b2_with(TileKind::Atrium, "1B2", |s| {
        s.guard("1D4", "1D3").guard("2D2", "2A2").die(2, 4)
    });
    // No one on floor 2: its guard stays where he is.
    assert_eq!(stuck_loss(&s), 0.0);
    // The Peterman on floor 2: its guard moves at the end of his turn and looks down into the
    // Atrium as he crosses B2.
    let up = s.clone().place(0, "2D4");
    assert!(stuck_loss(&up) > 0.0);
    // Not from a plain room.
    assert_eq!(
        stuck_loss(&up.tile("1B2", TileKind::Laboratory, 1).revealed("1B2")),
        0.0
    );
}

#[test]
fn the_heuristic_climbs_to_a_guard_who_waits_for_it_rather_than_shelter_below_for_ever() {
    for seed in 0..4 {
        // Every safe is open. The Peterman, out of stealth tokens, shelters in a Lavatory (2C4)
        // next to floor 2's stairs (2D4); the stairs to the roof are in 3B4, two rooms from where
        // his stairs come out (3D4). Floor 3's guard moves only after a turn ends on his floor,
        // so waiting below never makes the climb safer, while floor 2's fast guard eats the
        // Lavatory's tokens. Climbing now is a capture only if floor 3's guard then draws a
        // patrol card whose way crosses 3B4; a capture counted at minus ten million points kept
        // the Peterman below, turn after turn.
        let base = Scenario::new("bank", &["peterman"])
            .tile("1A1", TileKind::Safe, 1)
            .tile("2A1", TileKind::Safe, 1)
            .tile("3A1", TileKind::Safe, 1)
            .tile("2C4", TileKind::Lavatory, 1)
            .revealed("2C4");
        let mut s = below_the_roof(base, "2C4", "3B4", 6, ("3C1", "3C2"), 4);
        s.state.chars[0].stealth = 0;
        climbs(s, seed);
    }
}

#[test]
fn the_heuristic_with_no_token_left_climbs_to_the_last_safe_rather_than_shelter_below() {
    for seed in 0..4 {
        // The safes of floors 1 and 2 are open; floor 3's, seen, lies in 3B4, two rooms from
        // where floor 2's stairs (2D4) come out (3D4). The Peterman, out of stealth tokens,
        // shelters in a Lavatory (2C4) next to those stairs, while floor 2's fast guard eats
        // the Lavatory's tokens. Floor 3's guard moves only after a turn ends on his floor: the
        // climb is a capture only if he then draws a patrol card whose way crosses the
        // Peterman's room. A capture counted at minus ten million points kept him below, turn
        // after turn, for a risk that waiting only made worse.
        let mut s = Scenario::new("bank", &["peterman"])
            .tile("1A1", TileKind::Safe, 1)
            .tile("2A1", TileKind::Safe, 1)
            .tile("3B4", TileKind::Safe, 1)
            .revealed("3B4")
            .tile("2D4", TileKind::Stairs, 6)
            .revealed("2D4")
            .tile("2C4", TileKind::Lavatory, 1)
            .revealed("2C4")
            .revealed("3C4")
            .revealed("3D4")
            .guard("2A1", "2A2")
            .die(2, 6)
            .guard("3C1", "3C2")
            .die(3, 4)
            .enter("1A2")
            .place(0, "2C4");
        crack_safes(&mut s, 0..2);
        s.state.chars[0].stealth = 0;
        climbs(s, seed);
    }
}

#[test]
fn the_heuristic_hands_the_tiara_to_the_teammate_who_stays_before_walking_next_to_the_guard() {
    use lockpick_burgle::cards::Loot;
    for seed in 0..4 {
        // The Peterman, wearing the Tiara, and the Hacker stand in 1C3; floor 1's safe lies in
        // 1C2, seen, next to row 1, which the guard walks from 1D1 to 1A1 when
        // the turn ends. At the safe the Peterman is in his sight from 1C1 only with the Tiara:
        // he gives it to the Hacker, who stays out of sight, before he walks on.
        let mut s = Scenario::new("bank", &["peterman", "hacker"])
            .tile("1C2", TileKind::Safe, 0)
            .guard("1D1", "1A1")
            .die(1, 3)
            .enter("1C3")
            .place(0, "1C3")
            .place(1, "1C3");
        for col in ["A", "B", "C", "D"] {
            for row in 1..=4 {
                s = s.revealed(&format!("1{col}{row}"));
            }
        }
        // Every room of the floor seen, no tool left to draw in a Laboratory: only the safe
        // calls the Peterman.
        for tile in s.state.floors[0].tiles.iter_mut() {
            tile.tool_taken = true;
        }
        s.state.chars[0].loot.push(Loot::Tiara);
        let events = play_turn(&mut s, seed);
        assert_eq!(
            s.state.chars[1].loot.as_slice(),
            [Loot::Tiara],
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 3, "seed {seed}: {events:?}");
    }
}
