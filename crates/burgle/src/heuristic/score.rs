//! What a position is worth to the team, in points: safes cracked, the combination found, dice
//! on the safe, rooms seen, each character's way to its goal, stealth kept, alarms silent, and
//! the guard's next steps kept clear of characters who cannot step aside before he moves; once
//! every safe is open, the chance that everyone still inside reaches the roof stands for the
//! stealth tokens.

use crate::actions::HeldCard;
use crate::cards::TileKind;
use crate::ids::{Floor, Pos};
use crate::state::{Place, State};

/// Stealth tokens, as points: the last ones are worth the most.
const STEALTH: [f64; 7] = [0.0, 1800.0, 3000.0, 3800.0, 4300.0, 4700.0, 5000.0];
const CRACKED: f64 = 4000.0;
const SAFE_SEEN: f64 = 250.0;
const LINE_SEEN: f64 = 130.0;
/// An action the safe's dice and rolls are expected to save (tried 80, 120, 175, 260 on 200
/// seeds: 19, 32, 28, 16 won; 120 won 93 of 800 where the old flat dice and digit values won 75).
const SAFE_ACTION: f64 = 120.0;
const ROOM_SEEN: f64 = 90.0;
const ROOM_SEEN_LATER: f64 = 15.0;
const STAIRS_SEEN: f64 = 150.0;
const STEP: f64 = 45.0;
/// A step towards the nearest unseen room, while exploring.
const EXPLORE_STEP: f64 = 12.0;
/// A floor climbed towards the character's own (500 before: a climb of two floors then paid for
/// walking into the guard's way). 300 won 96 of seeds 1,000 to 1,799 against 78 but 51 of the
/// games of `sim --seed 2` against 56: no worse overall, not a demonstrated gain.
const FLOOR_UP: f64 = 300.0;
const ROOF: f64 = 3000.0;
const ALARM: f64 = 40.0;
const TOOL: f64 = 40.0;
/// A loot card lying in the building (the team cannot leave without it).
const LOOSE: f64 = 1500.0;
/// A tool that saves a stealth token or buys actions, kept for the moment it is needed.
const SAVING_TOOL: f64 = 300.0;
/// In the guard's next path, with a teammate moving him before this character acts again: the
/// share of a token's points, times the chance that his move crosses the room. Past his
/// destination that chance is the share of his patrol cards whose way leads through it, where
/// it used to be 1 for every room within his steps left (the worst case). Fresh seeds 14,120 to
/// 14,519: 81 of 400 won against 66.
const IN_PATH_STUCK: f64 = 0.8;
/// In the guard's next path, but this character acts first.
const IN_PATH: f64 = 60.0;
/// In the guard's next path out of stealth, with a teammate moving him first.
const CAUGHT: f64 = 5000.0;
/// Once every safe is open: the chance that every character still inside reaches the roof,
/// plus one (so that opening the last safe never scores below keeping it shut). It stands for
/// the stealth tokens, which count for nothing more than the hits they let a character take on
/// its way out: a character with tokens to spare climbs into a guard's path rather than wait
/// below, as the one-turn planner did (a wait costs nothing it can see, and the guards only
/// grow faster). 8,000 (the tokens of two characters at 3, about) won as often as 4,000 or
/// 16,000 in replayed endgames (`examples/endgame.rs`).
const ESCAPE: f64 = 8000.0;
/// How far below a position with no chance left to get out a capture counts once every safe is
/// open, and below one with no stealth token left before ([`capture_points`]): an eighth of
/// [`ESCAPE`], a certain loss being worse than a chance the score puts at nothing.
const CAPTURE_MARGIN: f64 = 1000.0;
/// The chance that a guard's move finds a character, per room of his speed (0.3 at speed 6):
/// 0.03, 0.05 and 0.08 won 66.0%, 68.0% and 66.5% of the same replayed endgames.
const HIT_PER_ROOM: f64 = 0.05;
/// A floor where two characters or more stand: its guard walks after the turn of each, so he
/// patrols twice as often and runs through his deck (and speeds up) twice as fast. 300 and 600
/// won 73 of fresh seeds 6,960 to 7,359 against 63 at nothing (ahead in each block of 200), and
/// 300 won 36 of `sim`'s first 200 games against 29; games opening all three safes: 190 of those
/// 600 against 157.
const SHARED_FLOOR: f64 = 300.0;
/// Loot lying where no one left in the building may carry it: the team can no longer win (a
/// character escaped while the other Gold Bar lay behind and its teammate holds the first).
const STRANDED: f64 = 1.0e6;

/// The rooms of a safe's line seen, and the actions its dice and rolls are expected to save
/// from a bare safe with six digits to find ([`super::crack`]): dice are worth what they save,
/// no more (a die that does not pay is not added, a roll that finds nothing loses nothing).
fn safe_progress(state: &State, safe: Pos) -> (f64, f64) {
    let mut digits = [false; 7];
    let mut unseen = 0;
    let mut seen = 0.0;
    for p in crate::safe::line(state, safe) {
        let t = state.tile(p);
        if !t.revealed {
            unseen += 1;
            continue;
        }
        seen += 1.0;
        if !t.decoded {
            digits[usize::from(t.digit.min(6))] = true;
        }
    }
    let needed = digits.iter().filter(|d| **d).count() + unseen;
    // The Peterman's steady hands throw one die more when he works this floor.
    let extra = (0..state.chars.len())
        .filter(|&who| {
            state.chars[who]
                .pos()
                .is_some_and(|p| p.floor == safe.floor)
        })
        .map(|who| crate::safe::extra_dice(state, who))
        .max()
        .unwrap_or(0);
    let st = state.tile(safe);
    let saved =
        super::crack::actions_left(0, 0, 6) - super::crack::actions_left(st.dice, extra, needed);
    (seen, saved)
}

/// The floor each character works on (by seat), and the top floor once every safe is open.
/// The team spreads over the lowest floors whose safe is shut, one per character, so that each
/// guard moves only on his own floor's turns. A character already standing on one of those
/// floors keeps it (of two on one floor, the one nearer its safe once it is found, then the
/// first in turn order); the others take the floors left, lowest first, in turn order. When
/// a floor was cracked, the rule used to hand out the floors again in turn order alone: a
/// character halfway through the next floor's safe then left it for the floor above, and its
/// teammate climbed to finish it.
pub(super) fn home_floors(state: &State) -> [Floor; 8] {
    let top = state.top_floor();
    let mut homes = [top; 8];
    let mut shut = [Floor(0); 8];
    let mut n = 0;
    for f in state.all_floors() {
        if !crate::safe::cracked(state, f) {
            shut[n] = f;
            n += 1;
        }
    }
    if n == 0 {
        return homes;
    }
    let chars = state.chars.len().min(8);
    let k = chars.min(n);
    // Who holds each of the floors to work, and where, if anyone stands on it.
    let mut holder: [Option<(usize, Pos)>; 8] = [None; 8];
    let near = |at: Pos| {
        let safe = Pos::new(at.floor, state.floors[at.floor.index()].safe);
        if state.tile(safe).revealed {
            super::distances(state, at)[safe.cell.index(state.width)]
        } else {
            u8::MAX
        }
    };
    for who in 0..chars {
        let Some(at) = state.chars[who].pos() else {
            continue;
        };
        let Some(i) = shut[..k].iter().position(|f| *f == at.floor) else {
            continue;
        };
        // The first in turn order keeps it unless the newcomer is nearer the safe.
        if holder[i].is_none_or(|(_, other_at)| near(at) < near(other_at)) {
            holder[i] = Some((who, at));
        }
    }
    let mut taken = [false; 8];
    for (i, h) in holder.iter().enumerate().take(k) {
        if let Some((who, _)) = *h {
            homes[who] = shut[i];
            taken[i] = true;
        }
    }
    for (who, home) in homes.iter_mut().enumerate().take(chars) {
        if holder[..k].iter().flatten().any(|(h, _)| *h == who) {
            continue;
        }
        // The lowest floor nobody holds, or the last of them when every one is held (more
        // characters than floors to work).
        let i = (0..k).find(|&i| !taken[i]).unwrap_or(k - 1);
        taken[i] = true;
        *home = shut[i];
    }
    homes
}

/// Who goes for loot lying in the building, and where it lies: the character in the building
/// nearest to it (floors first) who may carry it, once every safe is open (before, only a
/// character on its floor turns aside for it).
fn fetcher(state: &State) -> Option<(usize, Pos)> {
    let mut best: Option<(u32, usize, Pos)> = None;
    let all = crate::safe::all_cracked(state);
    for (at, card) in &state.loose {
        let HeldCard::Loot(loot) = card else { continue };
        for (who, c) in state.chars.iter().enumerate() {
            let Some(pos) = c.pos() else { continue };
            if !crate::loot::can_carry(state, who, *loot) || (!all && pos.floor != at.floor) {
                continue;
            }
            let far = 10 * u32::from(pos.floor.0.abs_diff(at.floor.0))
                + u32::from(pos.cell.manhattan(at.cell));
            if best.is_none_or(|(b, _, _)| far < b) {
                best = Some((far, who, *at));
            }
        }
    }
    best.map(|(_, who, at)| (who, at))
}

/// Whether loot lies in the building that no one still in it may carry, counting `leaving`
/// (a character about to escape) as gone already.
#[must_use]
pub fn stranded(state: &State, leaving: Option<usize>) -> bool {
    state.loose.iter().any(|(_, card)| {
        let HeldCard::Loot(loot) = card else {
            return false;
        };
        !(0..state.chars.len()).any(|who| {
            Some(who) != leaving
                && state.chars[who].pos().is_some()
                && crate::loot::can_carry(state, who, *loot)
        })
    })
}

/// What losing one stealth token costs a character holding `stealth`.
#[must_use]
pub fn stealth_loss(stealth: u8) -> f64 {
    let s = usize::from(stealth.min(6));
    STEALTH[s] - STEALTH[s.saturating_sub(1)]
}

/// Declares the terms once: their places in [`features`] (module `t`), their names and their
/// hand-set points.
macro_rules! terms {
    ($(#[$doc:meta])* $($index:literal $place:ident $name:literal $weight:expr;)*) => {
        // Each term's place is its rank in the list.
        const _: () = {
            let mut rank = 0;
            $(
                assert!($index == rank, "terms are numbered in order");
                rank += 1;
            )*
            let _ = rank;
        };

        /// Where each term sits in [`features`].
        #[allow(dead_code)]
        mod t {
            $(pub const $place: usize = $index;)*
        }

        /// The terms of the team's points, each a count or a sum before its weight
        /// ([`WEIGHTS`]).
        pub const FEATURES: usize = [$($index),*].len();

        $(#[$doc])*
        pub const FEATURE_NAMES: [&str; FEATURES] = [$($name),*];

        /// The hand-set points of each term of [`features`].
        pub const WEIGHTS: [f64; FEATURES] = [$($weight),*];
    };
}

// The game's clock and the endgame's distances are weighed at nothing.
terms! {
    /// What each term of [`features`] is, in order: safes cracked; rooms seen on floors whose safe
    /// is still face down, and on floors whose safe is found; stairs seen; safes found; rooms of a
    /// found safe's line seen; actions its dice and rolls save; alarms ringing; loot lying; the
    /// characters holding at least 1, 2 ... 6 stealth tokens (until every safe is open); tools that save a token, other tools;
    /// characters on the roof; floors climbed towards each character's floor, floors above it;
    /// actions to each character's goal, and while exploring; the token a guard parked above will
    /// take (its points); characters in the guard's next path who act first, and the tokens lost
    /// to a guard a teammate moves first (their points), each as the chance that his move crosses
    /// the character's room ([`super::exposure`]); characters caught that way or by a parked
    /// guard, out of tokens; then the game's clock, weighed at nothing by the planner: the turn,
    /// the guards' dice, the patrol cards left, the guards in play, the events left; the floors
    /// shared by two characters or more ([`SHARED_FLOOR`]); once every safe is open, weighed at
    /// nothing, how near each character is to its way up (30 less the actions to it; 30 on the
    /// roof) and the floor it has reached (1 for the first, two more than the top floor on the
    /// roof); loot no one left may carry; and once every safe is open, one more than the chance
    /// that every character still inside reaches the roof ([`ESCAPE`]). `examples/features.rs`
    /// writes them out for fitting.
    0 CRACKED "cracked" CRACKED;
    1 ROOMS_SEEN "rooms_seen" ROOM_SEEN;
    2 ROOMS_SEEN_LATER "rooms_seen_later" ROOM_SEEN_LATER;
    3 STAIRS_SEEN "stairs_seen" STAIRS_SEEN;
    4 SAFES_SEEN "safes_seen" SAFE_SEEN;
    5 LINE_SEEN "line_seen" LINE_SEEN;
    6 SAFE_ACTIONS "safe_actions" SAFE_ACTION;
    7 ALARMS "alarms" -ALARM;
    8 LOOT_LYING "loot_lying" -LOOSE;
    9 STEALTH_1 "stealth_1" STEALTH[1] - STEALTH[0];
    10 STEALTH_2 "stealth_2" STEALTH[2] - STEALTH[1];
    11 STEALTH_3 "stealth_3" STEALTH[3] - STEALTH[2];
    12 STEALTH_4 "stealth_4" STEALTH[4] - STEALTH[3];
    13 STEALTH_5 "stealth_5" STEALTH[5] - STEALTH[4];
    14 STEALTH_6 "stealth_6" STEALTH[6] - STEALTH[5];
    15 SAVING_TOOLS "saving_tools" SAVING_TOOL;
    16 TOOLS "tools" TOOL;
    17 ROOF "roof" ROOF;
    18 FLOORS_UP "floors_up" FLOOR_UP;
    19 FLOORS_ABOVE "floors_above" -FLOOR_UP;
    20 STEPS "steps" -STEP;
    21 EXPLORE_STEPS "explore_steps" -EXPLORE_STEP;
    22 PARKED_LOSS "parked_loss" -1.0;
    23 IN_PATH_FIRST "in_path_first" -IN_PATH;
    24 IN_PATH_STUCK_LOSS "in_path_stuck_loss" -IN_PATH_STUCK;
    25 CAUGHT "caught" -CAUGHT;
    26 TURN "turn" 0.0;
    27 GUARD_SPEED "guard_speed" 0.0;
    28 PATROL_LEFT "patrol_left" 0.0;
    29 GUARDS "guards" 0.0;
    30 EVENTS_LEFT "events_left" 0.0;
    31 SHARED_FLOOR "shared_floor" -SHARED_FLOOR;
    32 ENDGAME_NEARNESS "endgame_nearness" 0.0;
    33 ENDGAME_FLOOR "endgame_floor" 0.0;
    34 STRANDED "stranded" -STRANDED;
    35 ESCAPE "escape" ESCAPE;
}

/// Actions from `pos` to the roof for a character once every safe is open: `here` to the way
/// up of its floor, then for each floor above the climb, the landing room's cost and the walk to
/// that floor's way up (5 in all while one of them is unseen), and the step out.
fn actions_to_roof(state: &State, pos: Pos, here: u8) -> u32 {
    let way_up = |f: Floor| {
        state
            .rooms(f)
            .find(|p| state.tile(*p).is_active(TileKind::Stairs) || state.tile(*p).up)
    };
    let mut total = u32::from(here) + 1;
    let mut below = way_up(pos.floor);
    let mut f = pos.floor;
    while f < state.top_floor() {
        f = Floor(f.0 + 1);
        let cross = match (below, way_up(f)) {
            (Some(landing), Some(next)) => {
                let landing = Pos::new(f, landing.cell);
                let walk = super::distances(state, landing)[next.cell.index(state.width)];
                u32::from(super::room_cost(state, landing)) + u32::from(walk.min(30))
            }
            _ => 5,
        };
        total += 1 + cross;
        below = way_up(f);
    }
    total
}

/// The chance to come through `moves` more guard moves, each a hit with chance `p` (below 1),
/// holding `stealth` tokens: at most `stealth` hits (the one after the last token is the
/// capture). A binomial tail.
#[must_use]
pub fn survive(moves: u32, p: f64, stealth: i32) -> f64 {
    let Ok(stealth) = u32::try_from(stealth) else {
        return 0.0;
    };
    let mut sum = 0.0;
    // The chance of exactly k hits, from k = 0 up.
    let mut exactly = (1.0 - p).powi(moves as i32);
    for k in 0..=moves.min(stealth) {
        sum += exactly;
        exactly *= f64::from(moves - k) / f64::from(k + 1) * p / (1.0 - p);
    }
    sum.min(1.0)
}

/// The chance that the character at `pos`, `steps` actions from its floor's way up, reaches the
/// roof: the turns it needs, less the last, and one more for what it cannot foresee, each end a
/// move of its floor's guard ([`HIT_PER_ROOM`] a room of his speed); `hits` are the ones it
/// takes for sure (a guard about to cross its room, or waiting where the stairs come out).
fn escape_chance(state: &State, who: usize, pos: Pos, steps: u8, hits: i32) -> f64 {
    let turns = actions_to_roof(state, pos, steps).div_ceil(4);
    let speed =
        state.floors[pos.floor.index()].die + crate::guard::alarm_count(state, pos.floor) as u8;
    let p = (HIT_PER_ROOM * f64::from(speed)).min(0.95);
    survive(turns, p, i32::from(state.chars[who].stealth) - hits)
}

/// The team's points: each group of terms that [`terms`] hands over is weighed and summed from
/// its last term to its first, then added, so that the points come out bit for bit as they did
/// before the terms had names (a near tie between two plans must fall the same way).
#[must_use]
pub fn score(state: &State) -> f64 {
    if let Some(o) = &state.outcome {
        return if o.verdict == lockpick_engine::Verdict::Won {
            1.0e7
        } else {
            -1.0e7
        };
    }
    let mut points = 0.0;
    terms(state, |group| {
        let mut sum = 0.0;
        for &(term, x) in group.iter().rev() {
            sum += x * WEIGHTS[term];
        }
        points += sum;
    });
    points
}

/// What a capture is worth to the planner, less [`CAPTURE_MARGIN`]. Once every safe is open and
/// no loot lies: the position's points with no chance left to get out ([`ESCAPE`] times that
/// chance taken off). A lone runner who counted a capture as a lost game's minus ten million
/// points waited below turn after turn, sheltered from a risk that waiting only made worse (a
/// guard who moves only when it arrives, guards growing faster). Round 51 of the rounds log:
/// 919 of 1,280 replayed endings won against 858, and 110 of 400 fresh games against 104.
/// Before: the position's points with every character's stealth tokens taken off, the loss of
/// all the team has to spend. At minus ten million a plan with a capture in one sampled copy in
/// a hundred was never played, and a character with no token left waited for the guard to pass
/// rather than take a measured risk. Round 52: 91 of 400 fresh games won against 85.
#[must_use]
pub(super) fn capture_points(state: &State) -> f64 {
    let x = features(state);
    let lost = if x[t::ESCAPE] == 0.0 {
        (t::STEALTH_1..=t::STEALTH_6)
            .map(|k| x[k] * WEIGHTS[k])
            .sum()
    } else {
        ESCAPE * (x[t::ESCAPE] - 1.0)
    };
    score(state) - lost - CAPTURE_MARGIN
}

/// The terms of the team's points in a game still on ([`FEATURE_NAMES`]).
#[must_use]
pub fn features(state: &State) -> [f64; FEATURES] {
    let mut x = [0.0; FEATURES];
    terms(state, |group| {
        for &(term, value) in group {
            x[term] += value;
        }
    });
    x
}

/// Hands `add` every term of the team's points, as groups of (term, value) that the points
/// add as one sum.
fn terms(state: &State, mut add: impl FnMut(&[(usize, f64)])) {
    let w = state.width;
    let mut floors_used = [0u8; 8];
    for f in state.all_floors() {
        let fl = &state.floors[f.index()];
        let safe = Pos::new(f, fl.safe);
        let st = state.tile(safe);
        if fl.guard.is_some() {
            add(&[
                (t::GUARD_SPEED, f64::from(fl.die)),
                (t::PATROL_LEFT, fl.patrol.len() as f64),
                (t::GUARDS, 1.0),
            ]);
        }
        if st.cracked {
            add(&[(t::CRACKED, 1.0)]);
            continue;
        }
        for p in state.rooms(f) {
            let tile = state.tile(p);
            if tile.revealed {
                add(&[(
                    if st.revealed {
                        t::ROOMS_SEEN_LATER
                    } else {
                        t::ROOMS_SEEN
                    },
                    1.0,
                )]);
                if tile.kind == TileKind::Stairs {
                    add(&[(t::STAIRS_SEEN, 1.0)]);
                }
            }
        }
        if st.revealed {
            let (seen, saved) = safe_progress(state, safe);
            add(&[
                (t::SAFES_SEEN, 1.0),
                (t::LINE_SEEN, seen),
                (t::SAFE_ACTIONS, saved),
            ]);
        }
        add(&[(t::ALARMS, crate::guard::alarm_count(state, f) as f64)]);
    }
    add(&[
        (t::TURN, f64::from(state.turn_number)),
        (t::EVENTS_LEFT, state.events.len() as f64),
    ]);
    // Loot lying in the building must leave with the team: the nearest character who may
    // carry it goes for it.
    let lying = state
        .loose
        .iter()
        .filter(|(_, c)| matches!(c, HeldCard::Loot(_)))
        .count();
    add(&[(t::LOOT_LYING, lying as f64)]);
    if stranded(state, None) {
        add(&[(t::STRANDED, 1.0)]);
    }
    let fetch = fetcher(state);
    let homes = home_floors(state);
    let endgame = lying == 0 && crate::safe::all_cracked(state);
    let n = state.chars.len();
    let mut group: arrayvec::ArrayVec<(usize, f64), 6> = arrayvec::ArrayVec::new();
    // Once every safe is open, the chance that every character still inside gets out.
    let mut escape = 1.0;
    // The chance that each floor's guard crosses each room in his next move, once a floor.
    let mut crossed: [Option<[f64; 25]>; crate::state::MAX_FLOORS] =
        [None; crate::state::MAX_FLOORS];
    for (who, &assigned) in homes.iter().enumerate().take(n) {
        let c = &state.chars[who];
        group.clear();
        if !endgame {
            for k in 0..usize::from(c.stealth.min(6)) {
                group.push((t::STEALTH_1 + k, 1.0));
            }
        }
        add(&group);
        let saving = c.tools.iter().filter(|tool| super::saving(**tool)).count();
        add(&[
            (t::SAVING_TOOLS, saving as f64),
            (t::TOOLS, (c.tools.len() - saving) as f64),
        ]);
        let pos = match c.place {
            Place::Roof => {
                add(&[(t::ROOF, 1.0)]);
                if endgame {
                    add(&[
                        (t::ENDGAME_NEARNESS, 30.0),
                        (t::ENDGAME_FLOOR, f64::from(state.top_floor().0) + 2.0),
                    ]);
                }
                continue;
            }
            Place::Outside => continue,
            Place::In { pos } => pos,
        };
        floors_used[pos.floor.index()] += 1;
        let fetch = fetch.filter(|(k, _)| *k == who).map(|(_, p)| p);
        let home = fetch.map_or(assigned, |p| p.floor);
        add(&[(t::FLOORS_UP, f64::from(pos.floor.0.min(home.0)))]);
        if pos.floor > home {
            add(&[(t::FLOORS_ABOVE, f64::from(pos.floor.0 - home.0))]);
        }
        let (steps, exploring) = match fetch {
            Some(p) if p.floor == pos.floor => (
                super::distances_for(state, pos, Some(who))[p.cell.index(w)].min(30),
                false,
            ),
            _ => steps_to_goal(state, who, pos, home),
        };
        add(&[(
            if exploring {
                t::EXPLORE_STEPS
            } else {
                t::STEPS
            },
            f64::from(steps),
        )]);
        if endgame {
            add(&[
                (t::ENDGAME_NEARNESS, f64::from(30 - steps.min(30))),
                (t::ENDGAME_FLOOR, f64::from(pos.floor.0) + 1.0),
            ]);
        }
        let mut hits = 0;
        // A guard standing where the stairs come out, on a floor where no one plays (he will
        // not move before the character arrives): the token is lost sooner or later.
        if pos.floor < home && parked_above(state, pos.floor) {
            if endgame {
                hits += 1;
            } else if c.stealth == 0 {
                add(&[(t::CAUGHT, 1.0)]);
            } else {
                add(&[(t::PARKED_LOSS, stealth_loss(c.stealth))]);
            }
        }
        // The chance that the guard's next move on this floor crosses the character's room: his
        // sure path counts in full, the rooms past his destination as the share of his patrol
        // cards that lead through them. Once every safe is open the escape's chance counts every
        // room he may reach as crossed.
        let on_floor = crossed_on(&mut crossed, state, pos.floor, endgame);
        let mut exposed = on_floor[pos.cell.index(w)];
        // A guard who walks into a room next door, with no wall between, sees a character who
        // wears the Tiara or stands in a Foyer (fresh seeds 30,330 to 30,729: 111 of 400 won
        // against 99; round 49 of the rounds log).
        if crate::meet::seen_next_door(state, who, pos) {
            for n in state.open_neighbours(pos) {
                exposed = exposed.max(on_floor[n.cell.index(w)]);
            }
        }
        // A room's own tokens (a Lavatory's, a Smoke Bomb's) are spent before the character's,
        // so the guard's next move through it costs the character nothing (fresh seeds 28,730
        // to 29,529: 207 of 800 won against 183; round 47 of the rounds log).
        let sheltered = state.tile(pos).stealth > 0;
        if exposed > 0.0 && !sheltered {
            // The guard of a floor moves at the end of the turn of a character on it: who
            // plays first from now on?
            let mover = (0..n)
                .map(|k| (state.current + k) % n)
                .find(|&k| state.chars[k].pos().is_some_and(|p| p.floor == pos.floor));
            if mover == Some(who) {
                add(&[(t::IN_PATH_FIRST, exposed)]);
            } else {
                stuck(endgame, c.stealth, exposed, &mut hits, &mut add);
            }
        }
        // In an Atrium, the guards of the floors above and below see the character when they
        // walk into the same room of their floor; each moves at the end of the turn of someone
        // on his floor, so the character cannot step aside first (fresh seeds 30,730 to
        // 31,129: 107 of 400 won against 93; round 50 of the rounds log).
        if !sheltered && crate::meet::seen_from_above_and_below(state, pos) {
            for g in [pos.floor.0.checked_sub(1), pos.floor.0.checked_add(1)] {
                let Some(g) = g.map(Floor) else { continue };
                if g > state.top_floor() || !someone_on(state, g) {
                    continue;
                }
                let chance = crossed_on(&mut crossed, state, g, endgame)[pos.cell.index(w)];
                if chance > 0.0 {
                    stuck(endgame, c.stealth, chance, &mut hits, &mut add);
                }
            }
        }
        if endgame {
            escape *= escape_chance(state, who, pos, steps, hits);
        }
    }
    if endgame {
        add(&[(t::ESCAPE, 1.0 + escape)]);
    }
    add(&[(
        t::SHARED_FLOOR,
        floors_used.iter().filter(|&&k| k > 1).count() as f64,
    )]);
}

/// Charges a character who cannot step aside before a guard's next move, which crosses its room
/// with `chance`: once every safe is open, a hit on its way out; at no token, its capture;
/// otherwise that share of the token at stake.
fn stuck(
    endgame: bool,
    stealth: u8,
    chance: f64,
    hits: &mut i32,
    add: &mut impl FnMut(&[(usize, f64)]),
) {
    if endgame {
        *hits += 1;
    }
    if stealth == 0 {
        add(&[(t::CAUGHT, 1.0)]);
    } else if !endgame {
        add(&[(t::IN_PATH_STUCK_LOSS, chance * stealth_loss(stealth))]);
    }
}

/// Whether a character stands on `floor`: its guard moves only at the end of such a turn.
fn someone_on(state: &State, floor: Floor) -> bool {
    state
        .chars
        .iter()
        .any(|c| c.pos().is_some_and(|p| p.floor == floor))
}

/// The chance that `floor`'s guard crosses each room in his next move (once every safe is open,
/// 1 for each room he may reach), worked out once a floor into `crossed`.
fn crossed_on<'a>(
    crossed: &'a mut [Option<[f64; 25]>; crate::state::MAX_FLOORS],
    state: &State,
    floor: Floor,
    endgame: bool,
) -> &'a [f64; 25] {
    crossed[floor.index()].get_or_insert_with(|| {
        if endgame {
            super::threatened(state, floor).map(|t| if t { 1.0 } else { 0.0 })
        } else {
            super::exposure(state, floor)
        }
    })
}

/// Whether every way up from `floor` comes out in the room of a guard who stays put until a
/// character arrives (no one is on his floor).
fn parked_above(state: &State, floor: Floor) -> bool {
    let up = Floor(floor.0 + 1);
    if up > state.top_floor() || someone_on(state, up) {
        return false;
    }
    let Some(guard) = state.guard_at(up) else {
        return false;
    };
    let mut ways = state
        .rooms(floor)
        .filter(|p| state.tile(*p).is_active(TileKind::Stairs) || state.tile(*p).up)
        .peekable();
    ways.peek().is_some() && ways.all(|p| p.cell == guard)
}

/// Actions from `pos` to where the character should be next, on its floor.
fn steps_to_goal(state: &State, who: usize, pos: Pos, home: Floor) -> (u8, bool) {
    let dist = super::distances_for(state, pos, Some(who));
    let w = state.width;
    let d = |p: Pos| dist[p.cell.index(w)];
    let floor = pos.floor;
    let nearest_hidden = |line_only: Option<Pos>| {
        state
            .rooms(floor)
            .filter(|p| !state.tile(*p).revealed)
            .filter(|p| {
                line_only.is_none_or(|s| {
                    p.cell != s.cell && (p.cell.row == s.cell.row || p.cell.col == s.cell.col)
                })
            })
            .map(|p| d(p).saturating_sub(1))
            .min()
    };
    if floor == home {
        let safe = Pos::new(floor, state.floors[floor.index()].safe);
        let st = state.tile(safe);
        if !st.cracked {
            if !st.revealed {
                return (nearest_hidden(None).unwrap_or(0).min(30), true);
            }
            return (
                nearest_hidden(Some(safe))
                    .unwrap_or_else(|| d(safe))
                    .min(30),
                false,
            );
        }
    }
    let all = crate::safe::all_cracked(state);
    let up = home > floor || (home == floor && all);
    let way = if up {
        state
            .rooms(floor)
            .filter(|p| state.tile(*p).is_active(TileKind::Stairs) || state.tile(*p).up)
            .map(d)
            .min()
    } else {
        state
            .rooms(floor)
            .filter(|p| state.tile(*p).down)
            .map(d)
            .min()
    };
    match way {
        Some(d) => (d.min(30), false),
        None => (nearest_hidden(None).unwrap_or(0).min(30), true),
    }
}

#[cfg(test)]
mod tests {
    use super::survive;

    #[test]
    fn the_chance_to_come_through_is_a_binomial_tail() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        // No guard move left: through, whatever the tokens.
        assert!(close(survive(0, 0.3, 0), 1.0));
        // Two moves without a token: both must miss.
        assert!(close(survive(2, 0.3, 0), 0.49));
        // One token: all but two hits of two.
        assert!(close(survive(2, 0.3, 1), 0.91));
        // As many tokens as moves: nothing can stop the character.
        assert!(close(survive(3, 0.3, 3), 1.0));
        // A hit already certain beyond the last token.
        assert!(close(survive(3, 0.3, -1), 0.0));
    }
}
