//! A sensible hand-written player: head for the safe of the lowest uncracked floor, peek before
//! stepping into the unknown, keep out of the guard's way at the end of the turn, add dice and
//! roll once the combination shows, then climb to the roof. It also answers every choice the
//! rules ask for. Fast enough to be the search's rollout policy.

use lockpick_engine::{GameRng, Heuristic, Seat};

use crate::Burgle;
use crate::actions::{Action, MoveBy};
use crate::cards::TileKind;
use crate::ids::{Cell, Floor, Pos};
use crate::state::{Decision, Payment, PeekedDeck, Stage, State};

mod crack;
mod plan;
pub mod score;

/// What the heuristic may read: what the team knows (every bot at a table), or everything,
/// hidden state included (the oracle's prior, which measures what hidden information is worth).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sight {
    /// What the team has seen: face-down rooms, deck orders and set-aside patrol cards are
    /// resampled or averaged over.
    Team,
    /// The true state: the face-down rooms, the patrol decks and the event deck as they lie.
    /// Only the future dice stay unknown (the copy's random numbers are drawn afresh).
    Everything,
}

impl Heuristic for Burgle {
    fn heuristic(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        decide(state, seat, legal, rng, Sight::Team)
    }

    /// The planner on the true state: it knows every face-down room, the order of the patrol
    /// and event decks, and plans as if they were face up (the dice it cannot know).
    fn oracle_heuristic(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        decide(state, seat, legal, rng, Sight::Everything)
    }

    fn rollout(state: &State, _seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        choose(state, legal, rng)
    }

    fn evaluate(state: &State) -> f64 {
        evaluate(state)
    }

    /// The planner looks a whole turn ahead and averages what no one can know; a fair search of
    /// a thousand iterations, whose rollouts play the cheap policy, is noisier, and where it
    /// overrules the planner it loses more games than it saves. So the planner's choice counts
    /// for 0.9 of the root's visits: the fair search plays another action only when more than
    /// nine tenths of its visits went to it, about one decision in 180 (one in 80 at 0.8).
    /// Round 58 of docs/burgle-bot-rounds.md: on fresh seeds 34,330 to 34,729 ISMCTS won 125
    /// of 400 games at 0.9 against 112 at 0.8; round 14, on seeds 9,560 to 9,759: 43 of 200 at
    /// 0.8, 31 at 0.6 and 21 at a quarter. The oracle credits the same share, being the same
    /// search on the true state, to the planner's choice on the true state
    /// ([`Self::oracle_heuristic`]). Since round 60 the share counts only in the decisions the
    /// planner does not weigh (a card's or an event's question); elsewhere [`Self::near_tie`]
    /// rules.
    fn search_prior() -> f64 {
        0.9
    }

    /// The planner's points, the mean over its determinized copies ([`plan_values`]).
    fn heuristic_values(
        state: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<Vec<f64>> {
        plan_values(state, seat, legal, rng)
    }

    /// The planner's points on the true state (the oracle's).
    fn oracle_heuristic_values(
        state: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<Vec<f64>> {
        mean_values(state, seat, legal, rng, Sight::Everything)
    }

    /// The search decides where another action comes within 20 points of the planner's best
    /// (less than half a step's 45): about one decision in five, where the planner's choice
    /// rests on what its four copies happened to draw; elsewhere the planner's choice is played
    /// without a search. Round 60 of docs/burgle-bot-rounds.md: on fresh seeds 35,130 to 35,529 ISMCTS
    /// won 112 of 400 games so against 107 with every decision searched and the planner's
    /// choice credited with 0.9 of the visits (55 against 54, then 57 against 53), at about
    /// half the CPU; the heuristic alone won 106.
    fn near_tie() -> Option<f64> {
        Some(20.0)
    }

    fn search_actions(state: &State, actions: &mut Vec<Action>) {
        // Cards handed back and forth, or the raven moved again and again, cost nothing and
        // would loop forever in a search.
        let before = actions.len();
        let raven_moved = crate::characters::used(state, crate::characters::RAVEN_MOVED)
            && state.active().kind == crate::cards::CharacterKind::Raven;
        let endless = |a: &Action| match a {
            Action::Give { .. } | Action::Take { .. } => true,
            Action::Ability { .. } => raven_moved,
            _ => false,
        };
        actions.retain(|a| !endless(a));
        if actions.is_empty() && before > 0 {
            actions.push(Action::EndTurn {});
        }
    }
}

/// The planner's points for each legal action (the mean over its determinized copies; minus
/// infinity for the actions it does not try), or `None` where it has no opinion: what
/// `examples/why.rs` prints to show why a move was chosen.
#[must_use]
pub fn plan_values(
    state: &State,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
) -> Option<Vec<f64>> {
    mean_values(state, seat, legal, rng, Sight::Team)
}

/// The planner's points for each legal action, the mean over its copies, seen with `sight`.
fn mean_values(
    state: &State,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
    sight: Sight,
) -> Option<Vec<f64>> {
    let mut values = plan::values(state, seat, legal, rng, sight)?;
    for v in &mut values {
        *v /= f64::from(plan::SAMPLES);
    }
    Some(values)
}

/// The planner's choice, or the rule-based one where it has no opinion.
fn decide(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng, sight: Sight) -> usize {
    if let Some(i) = plan::best(state, seat, legal, rng, sight) {
        return i;
    }
    if let Some(decision) = &state.decision {
        return answer(state, decision, legal, rng, sight);
    }
    choose(state, legal, rng)
}

/// The tools that keep the team out of sight or buy actions: the planner plays them when what
/// they save is worth more than keeping them ([`score`]).
fn saving(tool: crate::cards::Tool) -> bool {
    use crate::cards::Tool;
    matches!(
        tool,
        Tool::Donuts
            | Tool::MakeupKit
            | Tool::SmokeBomb
            | Tool::InvisibleSuit
            | Tool::Rollerskates
            | Tool::Emp
    )
}

fn index_of(legal: &[Action], wanted: &Action) -> Option<usize> {
    legal.iter().position(|a| a == wanted)
}

fn end_turn(legal: &[Action], rng: &mut GameRng) -> usize {
    index_of(legal, &Action::EndTurn {}).unwrap_or_else(|| rng.index(legal.len()))
}

/// The team's prospects, from 0 (lost) to 1 (won): the planner's points ([`score::score`])
/// scaled so that the three safes cracked and everyone on the roof come near the top.
#[must_use]
pub fn evaluate(state: &State) -> f64 {
    if let Some(o) = &state.outcome {
        return if o.verdict == lockpick_engine::Verdict::Won {
            1.0
        } else {
            0.0
        };
    }
    0.05 + 0.9 * (score::score(state) / 25_000.0).clamp(0.0, 1.0)
}

fn choose(state: &State, legal: &[Action], rng: &mut GameRng) -> usize {
    if let Some(decision) = &state.decision {
        return answer(state, decision, legal, rng, Sight::Team);
    }
    match state.stage {
        Stage::Layout => index_of(legal, &Action::ConfirmLayout {}).unwrap_or(0),
        Stage::Entry => entry(state, legal),
        Stage::Actions => act(state, legal, rng),
        _ => rng.index(legal.len()),
    }
}

fn answer(
    state: &State,
    decision: &Decision,
    legal: &[Action],
    rng: &mut GameRng,
    sight: Sight,
) -> usize {
    match decision {
        Decision::Enter { .. } | Decision::Leave { .. } => {
            for payment in [
                Payment::Hack,
                Payment::Laptop,
                Payment::Action,
                Payment::TwoActions,
                Payment::Alarm,
            ] {
                if let Some(i) = index_of(legal, &Action::Pay { payment }) {
                    return i;
                }
            }
            rng.index(legal.len())
        }
        Decision::Alarm { floor, .. } => {
            // Send the guard to the alarm farthest from the team.
            let team: Vec<Cell> = state
                .chars
                .iter()
                .filter_map(|c| c.pos())
                .filter(|p| p.floor == *floor)
                .map(|p| p.cell)
                .collect();
            (0..legal.len())
                .max_by_key(|&i| match legal[i] {
                    Action::ChooseAlarm { cell } => {
                        team.iter().map(|t| t.manhattan(cell)).min().unwrap_or(0)
                    }
                    _ => 0,
                })
                .unwrap_or(0)
        }
        Decision::TopOrBottom {
            deck: PeekedDeck::Patrol { floor },
        } => {
            // The patrol card seen on top: kept there or sent under by the team's points, which
            // follow the guard's way to it from his destination when he reaches it in his next
            // move; when neither choice scores higher (he is still far from his destination),
            // under the deck when it lies within two rooms of someone on that floor. On 286
            // fresh Spotter games (round 27 of docs/burgle-bot-rounds.md) the points won 60, the
            // rule alone 55.
            let known = state.known_patrol_top(*floor);
            let near = known.is_some_and(|cell| {
                state
                    .chars
                    .iter()
                    .filter_map(|c| c.pos())
                    .any(|p| p.floor == *floor && p.cell.manhattan(cell) <= 2)
            });
            let rule = index_of(legal, &Action::PutBack { top: !near }).unwrap_or(0);
            let totals = scored(state, legal, rng, sight);
            let best = best_scored(&totals).unwrap_or(rule);
            if totals[best] > totals[rule] + 1e-6 {
                best
            } else {
                rule
            }
        }
        // A room for the guard (Throw Voice, Squeak!), a room to look into or walk into, a
        // teammate to bring over, a tool to keep: whichever leaves the team best placed.
        Decision::Room { .. } | Decision::Teammate { .. } | Decision::KeepTool { .. } => {
            by_score(state, legal, rng, sight)
        }
        _ => rng.index(legal.len()),
    }
}

/// Answers a choice by trying every answer on copies of the state drawn from what the team
/// knows (the same copies for each answer) and keeping the one that scores best. These choices
/// used to be drawn at random: a Throw Voice could send the guard into the team's room.
fn by_score(state: &State, legal: &[Action], rng: &mut GameRng, sight: Sight) -> usize {
    best_scored(&scored(state, legal, rng, sight)).unwrap_or(0)
}

/// The answer with the most points (the last of equals).
fn best_scored(totals: &[f64]) -> Option<usize> {
    (0..totals.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b]))
}

/// Each answer's points summed over the same copies of the state ([`by_score`]).
fn scored(state: &State, legal: &[Action], rng: &mut GameRng, sight: Sight) -> Vec<f64> {
    // Eight copies: with two, a room that costs a token only on some patrol cards (one in
    // three, say) was often judged by copies that held none of them.
    const SAMPLES: u32 = 8;
    let seat = crate::turn::acting_seat(state);
    let mut totals = vec![0.0f64; legal.len()];
    let mut events = Vec::new();
    for _ in 0..SAMPLES {
        let base = sighted(state, rng, sight);
        for (i, action) in legal.iter().enumerate() {
            let mut s = base.clone();
            events.clear();
            totals[i] += if crate::turn::apply(&mut s, seat, action, &mut events).is_ok() {
                score::score(&s)
            } else {
                f64::NEG_INFINITY
            };
        }
    }
    totals
}

/// A copy of `state` to plan on: drawn from what the team knows, or the true state with its
/// future dice drawn afresh.
fn sighted(state: &State, rng: &mut GameRng, sight: Sight) -> State {
    match sight {
        Sight::Team => crate::determinize::determinize(state, rng),
        Sight::Everything => {
            let mut s = state.clone();
            s.rng = rng.fork();
            s
        }
    }
}

/// The entry: the ground-floor room farthest from the guard and his destination, by the way he
/// walks (walls count): twice his steps to it, plus his destination's. Until round 48 of the
/// rounds log the distances were taken in a straight line, which counted a room behind a wall
/// next to him as far from him (fresh seeds 29,530 to 30,329: 194 of 800 won against 180, no
/// gain shown beyond chance; kept because a player judges the guard's distance by his walk).
fn entry(state: &State, legal: &[Action]) -> usize {
    let Some(guard) = state.floors[0].guard else {
        return 0;
    };
    let maze = state.maze(Floor(0));
    let from_guard = maze.distances(guard.at);
    let from_target = maze.distances(guard.target);
    (0..legal.len())
        .max_by_key(|&i| match &legal[i] {
            Action::ChooseEntry { cell } => {
                let k = cell.index(state.width);
                2 * u32::from(from_guard[k]) + u32::from(from_target[k])
            }
            _ => 0,
        })
        .unwrap_or(0)
}

/// The guard's sure path at the end of the turn: the rooms he walks towards his destination
/// for his speed (his own room included), the room where he then stands and the steps he has
/// left past his destination.
fn sure_path(state: &State, floor: Floor) -> Option<([bool; 25], Cell, u8)> {
    let g = state.floors[floor.index()].guard?;
    let w = state.width;
    let mut path = [false; 25];
    path[g.at.index(w)] = true;
    let maze = state.maze(floor);
    let mut at = g.at;
    let mut left = state.floors[floor.index()].die + crate::guard::alarm_count(state, floor) as u8;
    while left > 0 {
        let Some(next) = maze.next_step(at, g.target) else {
            break;
        };
        at = next;
        path[at.index(w)] = true;
        left -= 1;
    }
    Some((path, at, left))
}

/// The rooms of `floor` within `steps` of `from`.
fn within(state: &State, floor: Floor, from: Cell, steps: u8) -> [bool; 25] {
    let mut out = [false; 25];
    let dist = state.maze(floor).distances(from);
    for (i, d) in dist.iter().enumerate().take(state.width.cells()) {
        out[i] = *d <= steps;
    }
    out
}

/// Rooms of `floor` the guard may pass through at the end of the turn (his room included):
/// his path for his speed, and beyond his destination every room within the steps he has left
/// (his next card is unknown).
fn threatened(state: &State, floor: Floor) -> [bool; 25] {
    let Some((mut out, at, left)) = sure_path(state, floor) else {
        return [false; 25];
    };
    if left > 0 {
        for (o, near) in out.iter_mut().zip(within(state, floor, at, left)) {
            *o |= near;
        }
    }
    out
}

/// The chance that the guard's move at the end of the turn crosses each room of `floor`: 1 on
/// his sure path; past his destination, the share of the patrol cards he may draw there (the
/// deck's cards, which the team knows from the discards, or the top card the Spotter saw)
/// whose way he walks with the steps he has left. While an alarm rings he heads for the
/// nearest one instead, and every room within those steps counts, as in [`threatened`].
pub(super) fn exposure(state: &State, floor: Floor) -> [f64; 25] {
    let mut chance = [0.0; 25];
    let Some((path, at, left)) = sure_path(state, floor) else {
        return chance;
    };
    if left > 0 {
        let fl = &state.floors[floor.index()];
        let known = state.known_patrol_top(floor);
        let deck = if fl.patrol.is_empty() {
            &fl.patrol_discard
        } else {
            &fl.patrol
        };
        let cards: &[Cell] = match &known {
            Some(top) => std::slice::from_ref(top),
            None => deck.as_slice(),
        };
        // A card naming his own room sends him straight on to the next.
        let drawn = cards.iter().filter(|c| **c != at).count();
        if drawn == 0 || crate::guard::alarm_count(state, floor) > 0 {
            for (c, near) in chance.iter_mut().zip(within(state, floor, at, left)) {
                *c = if near { 1.0 } else { 0.0 };
            }
        } else {
            let share = 1.0 / drawn as f64;
            let maze = state.maze(floor);
            let w = state.width;
            for &card in cards.iter().filter(|c| **c != at) {
                let mut p = at;
                // A shortest way never enters a room twice.
                for _ in 0..left {
                    let Some(next) = maze.next_step(p, card) else {
                        break;
                    };
                    p = next;
                    chance[p.index(w)] += share;
                }
            }
        }
    }
    for (c, sure) in chance.iter_mut().zip(path) {
        *c = if sure { 1.0 } else { c.min(1.0) };
    }
    chance
}

/// What entering a face-up room costs the team beyond the move: extra actions or an alarm.
pub(super) fn room_cost(state: &State, pos: Pos) -> u8 {
    room_cost_for(state, pos, None)
}

/// What entering a face-up room costs character `who` (anyone when `None`) beyond the move:
/// the Hacker (Jammer) crosses Fingerprint, Laser and Motion rooms for nothing.
pub(super) fn room_cost_for(state: &State, pos: Pos, who: Option<usize>) -> u8 {
    let t = state.tile(pos);
    if !t.revealed || t.disabled {
        return 0;
    }
    match t.kind {
        TileKind::Laser | TileKind::Fingerprint | TileKind::Motion
            if who.is_some_and(|w| crate::alarm::jammed(state, w, pos)) =>
        {
            0
        }
        TileKind::Deadbolt => 2,
        TileKind::Laser | TileKind::Fingerprint | TileKind::Motion | TileKind::Keypad
            if !t.open =>
        {
            2
        }
        TileKind::Detector | TileKind::Camera => 1,
        _ => 0,
    }
}

/// What crossing the guard's room counts for in [`distances`], in steps.
const GUARDED: u8 = 4;

/// The cost of the cheapest way from `from` to every room of its floor for a character: one per
/// step plus what rooms ask ([`room_cost`]); walls block and the guard's room is avoided.
///
/// What a way costs depends only on the rooms entered, each from 1 to `1 + 2 + GUARDED`, so the
/// rooms are settled by distance with one bit set per distance, kept in a ring as long as the
/// dearest room (Dial's algorithm over the maze's bit sets).
pub(super) fn distances(state: &State, from: Pos) -> [u8; 25] {
    distances_for(state, from, None)
}

/// [`distances`] for character `who`: the Hacker (Jammer) crosses the rooms he keeps quiet at
/// no cost ([`room_cost_for`]).
pub(super) fn distances_for(state: &State, from: Pos, who: Option<usize>) -> [u8; 25] {
    // A room costs at most 1 + 2 + GUARDED to enter ([`room_cost`] asks at most 2).
    const RING: usize = 8;
    const _: () = assert!(1 + 2 + (GUARDED as usize) < RING);
    let w = state.width;
    let maze = state.maze(from.floor);
    let masks = maze.open_masks();
    let guard = state.guard_at(from.floor);
    // The rooms by what entering them costs.
    let mut by_cost = [0u32; RING];
    for i in 0..w.cells() {
        let cell = w.cell(i);
        let guarded = if Some(cell) == guard { GUARDED } else { 0 };
        let cost = 1 + room_cost_for(state, Pos::new(from.floor, cell), who) + guarded;
        by_cost[usize::from(cost)] |= 1 << i;
    }
    let mut dist = [u8::MAX; 25];
    // The rooms reached at each distance still to settle, by distance modulo the ring, and
    // which slots of the ring hold any (one bit a slot).
    let mut ring = [0u32; RING];
    ring[0] = 1 << from.cell.index(w);
    let mut live: u32 = 1;
    let mut settled = 0u32;
    let mut d: u8 = 0;
    while live != 0 {
        let slot = usize::from(d) % RING;
        let now = ring[slot] & !settled;
        ring[slot] = 0;
        live &= !(1 << slot);
        if now != 0 {
            settled |= now;
            let mut bits = now;
            while bits != 0 {
                dist[bits.trailing_zeros() as usize] = d;
                bits &= bits - 1;
            }
            let next = maze.spread(&masks, now) & !settled;
            if next != 0 {
                for (cost, rooms) in by_cost.iter().enumerate().skip(1) {
                    let reached = next & rooms;
                    if reached != 0 {
                        let to = (usize::from(d) + cost) % RING;
                        ring[to] |= reached;
                        live |= 1 << to;
                    }
                }
            }
        }
        d = d.saturating_add(1);
    }
    dist
}

/// The floor a character works on: the team spreads over the floors whose safe is still shut
/// (so that each guard moves only on his own floor's turns), and heads for the top once every
/// safe is open.
fn home_floor(state: &State, who: usize) -> Floor {
    let shut: Vec<Floor> = state
        .all_floors()
        .filter(|f| !crate::safe::cracked(state, *f))
        .collect();
    if shut.is_empty() {
        return state.top_floor();
    }
    let rank = (0..who).filter(|&o| state.chars[o].pos().is_some()).count();
    shut[rank % shut.len()]
}

/// Where the character wants to be on its floor.
fn target(state: &State, who: usize, pos: Pos) -> Option<Cell> {
    let floor = pos.floor;
    let home = home_floor(state, who);
    let safe = Pos::new(floor, state.floors[floor.index()].safe);
    let dist = distances(state, pos);
    let nearest_hidden = |rooms: &mut dyn Iterator<Item = Pos>| {
        rooms
            .filter(|p| !state.tile(*p).revealed)
            .min_by_key(|p| dist[p.cell.index(state.width)])
            .map(|p| p.cell)
    };
    if floor == home && !state.tile(safe).cracked {
        if state.tile(safe).revealed {
            // Reveal the combination, then work the safe.
            let line = crate::safe::line(state, safe);
            return Some(nearest_hidden(&mut line.into_iter()).unwrap_or(safe.cell));
        }
        return nearest_hidden(&mut state.rooms(floor));
    }
    let way = if home > floor || (home == floor && crate::safe::all_cracked(state)) {
        state
            .rooms(floor)
            .find(|p| state.tile(*p).is_active(TileKind::Stairs) || state.tile(*p).up)
    } else {
        state.rooms(floor).find(|p| state.tile(*p).down)
    };
    match way {
        Some(p) => Some(p.cell),
        None => nearest_hidden(&mut state.rooms(floor)),
    }
}

/// Steps from `pos` to the nearest room the guard will not pass through this turn (0 when
/// `pos` is out of his way); `u8::MAX` when none is reachable.
fn escape_cost(state: &State, pos: Pos, danger: &[bool; 25]) -> u8 {
    let w = state.width;
    if !danger[pos.cell.index(w)] {
        return 0;
    }
    let mut dist = [u8::MAX; 25];
    let mut queue = [pos.cell; 25];
    let (mut head, mut tail) = (0, 1);
    dist[pos.cell.index(w)] = 0;
    let guard = state.guard_at(pos.floor);
    while head < tail {
        let c = queue[head];
        head += 1;
        let here = Pos::new(pos.floor, c);
        for n in state.adjacent(here) {
            let j = n.cell.index(w);
            if dist[j] != u8::MAX || !state.open_between(here, n) || Some(n.cell) == guard {
                continue;
            }
            dist[j] = dist[c.index(w)] + 1;
            if !danger[j] {
                return dist[j];
            }
            queue[tail] = n.cell;
            tail += 1;
        }
    }
    u8::MAX
}

fn act(state: &State, legal: &[Action], rng: &mut GameRng) -> usize {
    if let Some(i) = index_of(legal, &Action::Escape {}) {
        // Not while loot lies that only this character could still carry.
        if !score::stranded(state, Some(state.current)) {
            return i;
        }
    }
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return end_turn(legal, rng);
    };
    let left = state.actions_left();
    let w = state.width;
    let danger = threatened(state, pos.floor);
    // What may still be spent here so that the turn can end out of the guard's way.
    let spare = |at: Pos, cost: u8| {
        left >= cost && left - cost >= escape_cost(state, at, &danger).min(left)
    };
    let escape_here = escape_cost(state, pos, &danger);

    // Work the safe in this room.
    let tile = state.tile(pos);
    if tile.kind == TileKind::Safe && tile.revealed && !tile.cracked {
        let ready = crate::safe::roll_may_help(state, pos);
        let roll = Action::Roll {
            floor: pos.floor,
            cell: pos.cell,
        };
        let add = Action::AddDie {
            floor: pos.floor,
            cell: pos.cell,
        };
        if ready
            && tile.dice >= 2
            && spare(pos, 1)
            && let Some(i) = index_of(legal, &roll)
        {
            return i;
        }
        if tile.dice < 4
            && spare(pos, 2)
            && let Some(i) = index_of(legal, &add)
        {
            return i;
        }
        if ready
            && spare(pos, 1)
            && let Some(i) = index_of(legal, &roll)
        {
            return i;
        }
    }

    // Climb when standing on the way up and this floor is done.
    let floor_done = state
        .tile(Pos::new(pos.floor, state.floors[pos.floor.index()].safe))
        .cracked;
    if floor_done {
        let up = Pos::new(Floor(pos.floor.0 + 1), pos.cell);
        if let Some(i) = index_of(
            legal,
            &Action::Move {
                floor: up.floor,
                cell: up.cell,
                by: MoveBy::Stairs,
            },
        ) {
            return i;
        }
    }

    if left > 0
        && let Some(goal) = target(state, who, pos)
    {
        let dist = distances(state, Pos::new(pos.floor, goal));
        let here = dist[pos.cell.index(w)];
        // The neighbour one step nearer the goal.
        let step = state
            .adjacent(pos)
            .filter(|n| state.open_between(pos, *n))
            .filter(|n| dist[n.cell.index(w)] < here || n.cell == goal)
            .filter(|n| state.guard_at(n.floor) != Some(n.cell))
            .min_by_key(|n| (dist[n.cell.index(w)], u8::from(danger[n.cell.index(w)])));
        if let Some(next) = step {
            let t = state.tile(next);
            let peek = Action::Peek {
                floor: next.floor,
                cell: next.cell,
            };
            if !t.revealed
                && left >= 2
                && spare(pos, 1)
                && let Some(i) = index_of(legal, &peek)
            {
                return i;
            }
            let mv = Action::Move {
                floor: next.floor,
                cell: next.cell,
                by: MoveBy::Walk,
            };
            let cost = 1 + room_cost(state, next);
            if t.revealed
                && spare(next, cost)
                && let Some(i) = index_of(legal, &mv)
            {
                return i;
            }
        }
    }

    // Get out of the guard's way.
    if escape_here > 0 && escape_here != u8::MAX {
        let out_of_way = state
            .adjacent(pos)
            .filter(|n| state.open_between(pos, *n) && state.guard_at(n.floor) != Some(n.cell))
            .filter(|n| escape_cost(state, *n, &danger) < escape_here)
            .find_map(|n| {
                index_of(
                    legal,
                    &Action::Move {
                        floor: n.floor,
                        cell: n.cell,
                        by: MoveBy::Walk,
                    },
                )
            });
        if let Some(i) = out_of_way {
            return i;
        }
    }

    // A teammate in the guard's way on this floor: leave the floor, so that another floor's
    // guard moves at the end of this turn.
    let teammate_threatened = (0..state.chars.len()).any(|o| {
        o != who
            && state.chars[o]
                .pos()
                .is_some_and(|p| p.floor == pos.floor && danger[p.cell.index(w)])
    });
    if teammate_threatened {
        let leave = legal.iter().position(|a| {
            matches!(a, Action::Move { floor, by: MoveBy::Stairs | MoveBy::Walkway | MoveBy::Duct, .. } if *floor != pos.floor)
        });
        if let Some(i) = leave {
            return i;
        }
    }

    // Spend cheap actions on information rather than draw an event.
    if crate::turn::draws_event(state) && spare(pos, 1) {
        for n in state.adjacent(pos) {
            if let Some(i) = index_of(
                legal,
                &Action::Peek {
                    floor: n.floor,
                    cell: n.cell,
                },
            ) {
                return i;
            }
        }
    }
    end_turn(legal, rng)
}

#[cfg(test)]
mod tests {
    use lockpick_engine::{Game, GameRng, Options, SeatCount, ToAct};

    use super::{GUARDED, distances, distances_for, exposure, room_cost, threatened};
    use crate::Burgle;
    use crate::actions::Action;
    use crate::cards::TileKind;
    use crate::ids::Pos;
    use crate::state::State;
    use crate::testing::{Scenario, p};

    /// The costs as a plain Dijkstra over the rooms finds them, one room settled at a time.
    fn reference(state: &State, from: Pos) -> [u8; 25] {
        let w = state.width;
        let mut dist = [u8::MAX; 25];
        let mut done = [false; 25];
        dist[from.cell.index(w)] = 0;
        let guard = state.guard_at(from.floor);
        while let Some(i) = (0..w.cells())
            .filter(|&i| !done[i] && dist[i] != u8::MAX)
            .min_by_key(|&i| dist[i])
        {
            done[i] = true;
            let here = Pos::new(from.floor, w.cell(i));
            for n in state.adjacent(here) {
                let j = n.cell.index(w);
                if done[j] || !state.open_between(here, n) {
                    continue;
                }
                let guarded = if Some(n.cell) == guard { GUARDED } else { 0 };
                dist[j] = dist[j].min(dist[i] + 1 + room_cost(state, n) + guarded);
            }
        }
        dist
    }

    #[test]
    fn past_his_destination_the_guard_s_rooms_count_as_the_share_of_his_cards_that_lead_there() {
        // Speed 3: one step to his destination (1B1), two more towards the card he draws there.
        let mut s = Scenario::new("bank", &["peterman"])
            .enter("1D4")
            .guard("1A1", "1B1")
            .die(1, 3);
        let deck = &mut s.state.floors[0].patrol;
        deck.clear();
        deck.push(p("1D1").cell);
        deck.push(p("1B4").cell);
        let chance = exposure(&s.state, p("1A1").floor);
        let at = |pos: &str| chance[p(pos).cell.index(s.state.width)];
        // His sure path counts in full.
        assert_eq!(at("1A1"), 1.0);
        assert_eq!(at("1B1"), 1.0);
        // Half the cards send him east along row 1, half south down column B.
        for pos in ["1C1", "1D1", "1B2", "1B3"] {
            assert_eq!(at(pos), 0.5, "{pos}");
        }
        // Within his steps, but on the way to no card: the worst case counts it, the chance not.
        assert!(threatened(&s.state, p("1A1").floor)[p("1A2").cell.index(s.state.width)]);
        assert_eq!(at("1A2"), 0.0);
        assert_eq!(at("1B4"), 0.0);
        // The Spotter saw the top card: the way is known.
        s.state.known_tops.push(crate::state::KnownTop::Patrol {
            floor: p("1A1").floor,
            cell: p("1D1").cell,
        });
        let chance = exposure(&s.state, p("1A1").floor);
        assert_eq!(chance[p("1D1").cell.index(s.state.width)], 1.0);
        assert_eq!(chance[p("1B2").cell.index(s.state.width)], 0.0);
        // An alarm ringing sends him to it instead: every room within his steps counts.
        s.state.tile_mut(p("1D4")).alarm = true;
        let chance = exposure(&s.state, p("1A1").floor);
        assert_eq!(chance[p("1A2").cell.index(s.state.width)], 1.0);
    }

    #[test]
    fn a_character_s_way_goes_round_the_guard_and_the_rooms_that_cost_actions() {
        let mut s = Scenario::new("bank", &["peterman"])
            .tile("1B1", TileKind::Deadbolt, 1)
            .revealed("1B1")
            .guard("1A2", "1D4");
        s.state.floors[0].walls = crate::walls::Walls::NONE;
        let d = distances(&s.state, p("1A1"));
        let at = |pos: &str| d[p(pos).cell.index(s.state.width)];
        assert_eq!(at("1A1"), 0);
        // The Deadbolt asks two actions more; the guard's room counts as four steps more.
        assert_eq!(at("1B1"), 3);
        assert_eq!(at("1A2"), 5);
        // Through the Deadbolt is cheaper than past the guard, and than round both.
        assert_eq!(at("1B2"), 4);
        assert_eq!(at("1C1"), 4);
        assert_eq!(at("1A3"), 6);
    }

    #[test]
    fn the_hacker_s_way_crosses_the_rooms_he_jams_at_no_cost() {
        let mut s = Scenario::new("bank", &["hacker", "hawk"])
            .tile("1B1", TileKind::Laser, 1)
            .revealed("1B1")
            .guard("1A2", "1D4");
        s.state.floors[0].walls = crate::walls::Walls::NONE;
        let (hacker, hawk) = (0, 1);
        let at = |d: [u8; 25], pos: &str| d[p(pos).cell.index(s.state.width)];
        // A teammate pays the Laser's extra action (or its alarm), as the team's way does.
        for d in [
            distances(&s.state, p("1A1")),
            distances_for(&s.state, p("1A1"), Some(hawk)),
        ] {
            assert_eq!(at(d, "1B1"), 3);
            assert_eq!(at(d, "1C1"), 2 + 2);
        }
        // The Hacker walks through the Laser as through any room; the guard's room still
        // counts its four steps more.
        let d = distances_for(&s.state, p("1A1"), Some(hacker));
        assert_eq!(at(d, "1B1"), 1);
        assert_eq!(at(d, "1C1"), 2);
        assert_eq!(at(d, "1A2"), 5);
        // Standing in the Laser, he keeps it quiet for the teammate too.
        s.state.chars[hacker].place = crate::state::Place::In { pos: p("1B1") };
        assert_eq!(at(distances_for(&s.state, p("1A1"), Some(hawk)), "1B1"), 1);
    }

    #[test]
    fn the_costs_match_a_plain_dijkstra_over_played_positions() {
        let options = Options::resolve(&Burgle::options_schema(), Vec::new()).expect("defaults");
        let mut compared = 0;
        for seed in 0..12 {
            let mut state = Burgle::setup(&options, SeatCount(2), seed).expect("setup");
            let mut rng = GameRng::from_seed(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            for _ in 0..400 {
                let ToAct::Seats { seats } = Burgle::to_act(&state) else {
                    break;
                };
                for floor in state.all_floors() {
                    for from in state.rooms(floor) {
                        assert_eq!(
                            distances(&state, from),
                            reference(&state, from),
                            "seed {seed}, from {from:?}"
                        );
                        compared += 1;
                    }
                }
                Burgle::legal_actions(&state, seats[0], &mut legal);
                let action = rng.pick(&legal).expect("an action").clone();
                events.clear();
                Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
            }
        }
        assert!(compared > 10_000, "{compared} positions compared");
    }

    /// The cheap rollout policy spends a spare action on a peek rather than draw an event, and
    /// the Stamp's holder draws one after three actions, not only after two.
    #[test]
    fn the_rollout_peeks_rather_than_end_a_turn_that_draws_an_event() {
        let played = |stamp: bool| {
            // Three steps end in the room the character heads for (the floor's safe is 1A1).
            let mut s = Scenario::new("bank", &["peterman"]).enter("1A2");
            if stamp {
                s.state.chars[0].loot.push(crate::cards::Loot::Stamp);
            }
            s.walk("1A3");
            s.walk("1A2");
            s.walk("1A1");
            let legal = s.legal(0);
            let i = super::choose(&s.state, &legal, &mut GameRng::from_seed(1));
            legal[i].clone()
        };
        let stamped = played(true);
        assert!(
            matches!(stamped, Action::Peek { .. }),
            "the Stamp's holder, three actions in, played {stamped:?}"
        );
        assert_eq!(
            played(false),
            Action::EndTurn {},
            "three actions in, no event is drawn"
        );
    }
}

#[cfg(test)]
mod sight_tests {
    use lockpick_engine::{GameRng, Seat};

    use super::{Sight, decide};
    use crate::actions::Event;
    use crate::cards::EventCard;
    use crate::testing::Scenario;

    /// Plays the first turn of a lone Peterman at 1A1 of a blank Bank building, the event deck's
    /// top card being `top`, with the planner reading as `sight` says; returns the actions the
    /// turn used and the stealth tokens held after it.
    fn first_turn(top: EventCard, sight: Sight) -> (u8, u8) {
        let mut s = Scenario::new("bank", &["peterman"]).enter("1A1");
        let i = s
            .state
            .events
            .iter()
            .position(|c| *c == top)
            .expect("the card is in the deck");
        let card = s.state.events.remove(i);
        s.state.events.push(card);
        let mut rng = GameRng::from_seed(7);
        let turn = s.state.turn_number;
        let mut used = None;
        while s.state.turn_number == turn && s.state.outcome.is_none() {
            let legal = s.legal(0);
            let k = decide(&s.state, Seat(0), &legal, &mut rng, sight);
            let events = s.act(0, legal[k].clone()).expect("a listed action");
            for e in events {
                if let Event::TurnEnded { actions, .. } = e {
                    used = Some(*actions);
                }
            }
        }
        (used.expect("the turn ended"), s.state.chars[0].stealth)
    }

    /// The oracle's planner reads the event deck as it lies: with Lampshade on top it ends the
    /// turn after two actions or fewer to draw it and gains a stealth token; with Crash! on top
    /// (the guard sent to its room) it plays three actions or more and draws nothing.
    #[test]
    fn the_oracle_s_planner_draws_the_event_it_knows_is_good_and_skips_the_bad_one() {
        let (used, stealth) = first_turn(EventCard::Lampshade, Sight::Everything);
        assert!(used <= 2, "Lampshade on top: {used} actions used");
        assert_eq!(stealth, 4, "Lampshade's token");
        let (used, stealth) = first_turn(EventCard::Crash, Sight::Everything);
        assert!(used >= 3, "Crash! on top: {used} actions used");
        assert_eq!(stealth, 3);
    }

    /// The fair planner knows what is left in the event deck, not its order: the card on top
    /// does not change how it plays its turn.
    #[test]
    fn the_fair_planner_plays_the_same_turn_whatever_event_lies_on_top() {
        let lamp = first_turn(EventCard::Lampshade, Sight::Team);
        let crash = first_turn(EventCard::Crash, Sight::Team);
        assert_eq!(lamp.0, crash.0, "actions used");
    }
}
