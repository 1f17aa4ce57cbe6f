//! What a position is worth to the team, in points: safes cracked, the combination found, dice
//! on the safe, rooms seen, each character's way to its goal, stealth kept, alarms silent, and
//! the guard's next steps kept clear of characters who cannot step aside before he moves.

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
/// In the guard's next path, with a teammate moving him before this character acts again.
const IN_PATH_STUCK: f64 = 0.8;
/// In the guard's next path, but this character acts first.
const IN_PATH: f64 = 60.0;
/// In the guard's next path out of stealth, with a teammate moving him first.
const CAUGHT: f64 = 5000.0;
/// Loot lying where no one left in the building may carry it: the team can no longer win (a
/// character escaped while the other Gold Bar lay behind and its teammate holds the first).
const STRANDED: f64 = 1.0e6;

/// The rooms of a safe's line seen, and the actions its dice and rolls are expected to save
/// from a bare safe with six digits to find ([`super::crack`]): dice are worth what they save,
/// no more (a die that does not pay is not added, a roll that finds nothing loses nothing).
fn safe_progress(state: &State, safe: Pos) -> f64 {
    let mut digits = [false; 7];
    let mut unseen = 0;
    let mut points = 0.0;
    for p in crate::safe::line(state, safe) {
        let t = state.tile(p);
        if !t.revealed {
            unseen += 1;
            continue;
        }
        points += LINE_SEEN;
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
    points + SAFE_ACTION * saved
}

/// The floor a character works on: the lowest floors whose safe is shut, one per character in
/// turn order (the team spreads so that each guard moves only on his own floor's turns), and
/// the top floor once every safe is open.
pub(super) fn home_floor(state: &State, who: usize) -> Floor {
    let mut shut = [Floor(0); 8];
    let mut n = 0;
    for f in state.all_floors() {
        if !state
            .tile(Pos::new(f, state.floors[f.index()].safe))
            .cracked
        {
            shut[n] = f;
            n += 1;
        }
    }
    if n == 0 {
        return state.top_floor();
    }
    shut[who.min(n - 1)]
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

/// The team's points.
#[must_use]
pub fn score(state: &State) -> f64 {
    if let Some(o) = &state.outcome {
        return if o.verdict == lockpick_engine::Verdict::Won {
            1.0e7
        } else {
            -1.0e7
        };
    }
    let w = state.width;
    let mut points = 0.0;
    for f in state.all_floors() {
        let fl = &state.floors[f.index()];
        let safe = Pos::new(f, fl.safe);
        let st = state.tile(safe);
        if st.cracked {
            points += CRACKED;
            continue;
        }
        for p in state.rooms(f) {
            let t = state.tile(p);
            if t.revealed {
                points += if st.revealed {
                    ROOM_SEEN_LATER
                } else {
                    ROOM_SEEN
                };
                if t.kind == TileKind::Stairs {
                    points += STAIRS_SEEN;
                }
            }
        }
        if st.revealed {
            points += SAFE_SEEN + safe_progress(state, safe);
        }
        points -= ALARM * crate::guard::alarms(state, f).len() as f64;
    }
    // Loot lying in the building must leave with the team: the nearest character who may
    // carry it goes for it.
    points -= LOOSE
        * state
            .loose
            .iter()
            .filter(|(_, c)| matches!(c, HeldCard::Loot(_)))
            .count() as f64;
    if stranded(state, None) {
        points -= STRANDED;
    }
    let fetch = fetcher(state);
    let n = state.chars.len();
    for who in 0..n {
        let c = &state.chars[who];
        points += STEALTH[usize::from(c.stealth.min(6))];
        points += c
            .tools
            .iter()
            .map(|t| if super::saving(*t) { SAVING_TOOL } else { TOOL })
            .sum::<f64>();
        let pos = match c.place {
            Place::Roof => {
                points += ROOF;
                continue;
            }
            Place::Outside => continue,
            Place::In { pos } => pos,
        };
        let fetch = fetch.filter(|(k, _)| *k == who).map(|(_, p)| p);
        let home = fetch.map_or_else(|| home_floor(state, who), |p| p.floor);
        points += FLOOR_UP * f64::from(pos.floor.0.min(home.0));
        if pos.floor > home {
            points -= FLOOR_UP * f64::from(pos.floor.0 - home.0);
        }
        let (steps, exploring) = match fetch {
            Some(p) if p.floor == pos.floor => {
                (super::distances(state, pos)[p.cell.index(w)].min(30), false)
            }
            _ => steps_to_goal(state, who, pos, home),
        };
        points -= f64::from(steps) * if exploring { EXPLORE_STEP } else { STEP };
        // A guard standing where the stairs come out, on a floor where no one plays (he will
        // not move before the character arrives): the token is lost sooner or later.
        if pos.floor < home && parked_above(state, pos.floor) {
            points -= if c.stealth == 0 {
                CAUGHT
            } else {
                stealth_loss(c.stealth)
            };
        }
        // The guard's next move on this floor.
        if state.floors[pos.floor.index()].guard.is_some()
            && super::threatened(state, pos.floor)[pos.cell.index(w)]
        {
            // The guard of a floor moves at the end of the turn of a character on it: who
            // plays first from now on?
            let mover = (0..n)
                .map(|k| (state.current + k) % n)
                .find(|&k| state.chars[k].pos().is_some_and(|p| p.floor == pos.floor));
            points -= if mover == Some(who) {
                IN_PATH
            } else if c.stealth == 0 && state.tile(pos).stealth == 0 {
                CAUGHT
            } else {
                IN_PATH_STUCK * stealth_loss(c.stealth)
            };
        }
    }
    points
}

/// Whether every way up from `floor` comes out in the room of a guard who stays put until a
/// character arrives (no one is on his floor).
fn parked_above(state: &State, floor: Floor) -> bool {
    let up = Floor(floor.0 + 1);
    if up > state.top_floor()
        || state
            .chars
            .iter()
            .any(|c| c.pos().is_some_and(|p| p.floor == up))
    {
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
    let _ = who;
    let dist = super::distances(state, pos);
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
