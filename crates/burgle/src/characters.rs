//! The nine characters' abilities, both sides.
//!
//! Passive abilities live where their rule acts: the Acrobat's Flexibility in [`slips_in`]
//! (moves and meetings) and [`guard_move_starts`], the Hacker's Jammer in
//! [`crate::alarm::jammed`], the Laptop token as [`crate::state::Payment::Laptop`], the
//! Peterman's extra die and Drill in [`crate::safe`], the Rigger's Dynamite at setup and his
//! draw of two tools in [`crate::tools::draw_tool`]. Abilities a player uses are
//! [`Action::Ability`], listed by [`legal`] (one form per distinct use) and played by [`apply`].
//!
//! Readings of the rules summary where it is terse:
//! - Acrobat (Flexibility): the move into a guard's room still costs its action; the room's
//!   entry rules (blocks, alarms, extra costs, the Walkway's fall) do not apply, its reward (a
//!   Laboratory's tool) does. Still in that room when that guard starts moving, she loses a
//!   stealth token.
//! - Acrobat (Climb Window): 3 actions (a Gemstone adds its action), from a room on the outer
//!   edge, to the same room one floor up or down; leaving and entering apply the rooms' rules as
//!   a move does (a face-down Walkway above drops her back); her action phase then ends.
//! - Hacker (Laptop): for 1 action, anywhere, when the laptop is empty, a hack token goes back
//!   on it.
//! - Hawk: X-Ray looks only through a wall; Enhance looks 1 or 2 rooms away along open doors and
//!   stairs (up a Stairs room or a Thermal Bomb's hole, down a down-stairs token, both ways from
//!   an Atrium), only past face-up rooms. Only face-down rooms are offered.
//! - Juicer (Reroute): once per turn, pick up an alarm from her room or an open neighbour (when
//!   she carries none), or put the carried one down there; a guard heading for the alarm picked
//!   up takes a new destination (the next alarm, or a patrol card).
//! - Raven (Distract): free and repeatable; anywhere up to 2 steps away on her floor along open
//!   doors, her own room included. Disrupt: free, into her own room.
//! - Rigger (Tinker): free, once per turn, with a stealth token of his own and a tool left.
//! - Rook (Orders): the teammate makes any move their own would (walk, stairs, duct); Deadbolt
//!   and Laser extra actions (and the Gemstone's) are waived, so a Laser stays quiet; other rules
//!   apply. Disguise: 1 action, only while no action has been spent this turn.
//! - Spotter: a card put at the bottom of the event deck stays known there.

use crate::actions::{AbilityMode, Action, Event, MoveBy, Seen};
use crate::cards::{CharacterKind, Side, TileKind};
use crate::ids::{Floor, Pos};
use crate::state::{Decision, KnownTop, LastingCard, PeekedDeck, Stage, State};
use arrayvec::ArrayVec;

/// Once-per-turn keys in [`crate::state::TurnState::once`].
const X_RAY: &str = "hawk_x_ray";
const ENHANCE: &str = "hawk_enhance";
const CRYBABY: &str = "juicer_crybaby";
const REROUTE: &str = "juicer_reroute";
const TINKER: &str = "rigger_tinker";
const ORDERS: &str = "rook_orders";
const CLAIRVOYANCE: &str = "spotter_clairvoyance";
const PRECOGNITION: &str = "spotter_precognition";
/// Not a limit: the Raven may move her token freely any number of times; this only notes that she
/// did this turn (searching bots look no further, or they would move it back and forth forever).
pub const RAVEN_MOVED: &str = "raven_moved";

/// Actions Climb Window costs, before a Gemstone's extra one.
const CLIMB_COST: u8 = 3;

/// Whether the once-per-turn key `key` was marked this turn.
pub(crate) fn used(state: &State, key: &str) -> bool {
    state.turn.once.iter().any(|k| k == key)
}

fn mark(state: &mut State, key: &'static str) {
    state.turn.once.push(std::borrow::Cow::Borrowed(key));
}

/// Whether `who`, moving into `to`, is the Acrobat (Flexibility) slipping into a guard's room:
/// no stealth lost and the room's entry rules do not apply.
#[must_use]
pub fn slips_in(state: &State, who: usize, to: Pos) -> bool {
    state.guard_in(to) && crate::guard::acrobat_flexible(state, who)
}

/// Called when a guard starts moving: abilities that change his steps (Raven's Disrupt), and the
/// Acrobat (Flexibility) still in his room losing a stealth token. `quiet`: no alarm sounds on
/// the floor (the caller has just counted them).
pub fn guard_move_starts(
    state: &mut State,
    floor: Floor,
    quiet: bool,
    steps: &mut u8,
    events: &mut Vec<Event>,
) {
    let Some(guard) = state.floors[floor.index()].guard else {
        return;
    };
    let here = Pos::new(floor, guard.at);
    if *steps > 0 && quiet {
        for i in 0..state.chars.len() {
            if state.chars[i].is(CharacterKind::Raven, Side::Advanced)
                && state.chars[i].raven == Some(here)
            {
                *steps = 0;
                state.chars[i].raven = None;
                events.push(Event::RavenHeldGuard {
                    character: i,
                    side: Side::Advanced,
                    at: here,
                });
            }
        }
    }
    for i in 0..state.chars.len() {
        let Some(slipped) = state.chars[i].flexed else {
            continue;
        };
        if state.chars[i].pos() != Some(slipped) {
            // She left in time.
            state.chars[i].flexed = None;
        } else if slipped.floor == floor && *steps > 0 {
            state.chars[i].flexed = None;
            if slipped == here {
                crate::meet::lose_stealth(state, i, events);
            }
        }
    }
}

/// Called after each guard step into `pos`: returns the steps left (Raven's Distract).
pub fn guard_stepped(state: &mut State, pos: Pos, left: u8, events: &mut Vec<Event>) -> u8 {
    let raven = (0..state.chars.len()).find(|&i| {
        state.chars[i].is(CharacterKind::Raven, Side::Basic) && state.chars[i].raven == Some(pos)
    });
    match raven {
        Some(i) if left > 0 => {
            events.push(Event::RavenHeldGuard {
                character: i,
                side: Side::Basic,
                at: pos,
            });
            left - 1
        }
        _ => left,
    }
}

/// Whether an alarm would sound in `pos` now.
fn can_sound(state: &State, pos: Pos) -> bool {
    let t = state.tile(pos);
    !state.lasting(LastingCard::Emp) && !t.disabled && !t.alarm && !state.guard_in(pos)
}

/// The rooms next to `pos` with no wall between.
fn open_neighbours(state: &State, pos: Pos) -> ArrayVec<Pos, 6> {
    state.open_neighbours(pos).collect()
}

/// Where the Hawk's sight goes from `pos` in one step (Enhance).
fn sight(state: &State, pos: Pos) -> ArrayVec<Pos, 6> {
    let mut out = open_neighbours(state, pos);
    let t = state.tile(pos);
    let atrium = t.is_active(TileKind::Atrium);
    if pos.floor < state.top_floor() && (t.is_active(TileKind::Stairs) || t.up || atrium) {
        out.push(Pos::new(Floor(pos.floor.0 + 1), pos.cell));
    }
    if pos.floor.0 > 0 && (t.down || atrium) {
        out.push(Pos::new(Floor(pos.floor.0 - 1), pos.cell));
    }
    out
}

/// Face-down rooms the Hawk (Enhance) may look into: 1 or 2 sight steps away, past face-up
/// rooms only.
fn enhance_targets(state: &State, pos: Pos) -> Vec<Pos> {
    let mut out = Vec::new();
    for near in sight(state, pos) {
        if !state.tile(near).revealed {
            out.push(near);
            continue;
        }
        for far in sight(state, near) {
            if far != pos && !state.tile(far).revealed {
                out.push(far);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Rooms of `pos`'s floor up to 2 steps away along open doors, `pos` included (Distract), as a
/// bit set of cell indices.
fn within_two(state: &State, pos: Pos) -> u32 {
    // Two breadth-first layers as a bit set (bit `i` for the cell of index `i`).
    let w = state.width;
    let maze = state.maze(pos.floor);
    let masks = maze.open_masks();
    let mut seen = 1u32 << pos.cell.index(w);
    seen |= maze.spread(&masks, seen);
    seen |= maze.spread(&masks, seen);
    if let Some(shaft) = state.shaft {
        seen &= !(1 << shaft.index(w));
    }
    seen
}

/// Where the Acrobat (Climb Window) may climb to from `pos`.
fn climb_targets(state: &State, pos: Pos) -> Vec<Pos> {
    if !pos.cell.on_edge(state.width) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if pos.floor < state.top_floor() {
        out.push(Pos::new(Floor(pos.floor.0 + 1), pos.cell));
    }
    if pos.floor.0 > 0 {
        out.push(Pos::new(Floor(pos.floor.0 - 1), pos.cell));
    }
    out
}

/// The rooms a teammate may be ordered into, each with the first way to get there.
fn order_targets(state: &State, other: usize, from: Pos) -> ArrayVec<(Pos, MoveBy), 8> {
    let mut out: ArrayVec<(Pos, MoveBy), 8> = ArrayVec::new();
    for (to, by) in crate::moves::move_targets(state, other, from) {
        if !out.iter().any(|(p, _)| *p == to) {
            out.push((to, by));
        }
    }
    out
}

fn ability(at: Option<Pos>, character: Option<usize>, mode: Option<AbilityMode>) -> Action {
    Action::Ability {
        at,
        character,
        mode,
    }
}

fn at(pos: Pos) -> Action {
    ability(Some(pos), None, None)
}

/// Appends the legal ability uses of the active character.
#[inline]
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let me = &state.chars[state.current];
    // Abilities that are never used as an action: nothing to list, and nothing to look at.
    if matches!(
        (me.kind, me.side),
        (
            CharacterKind::Acrobat | CharacterKind::Hacker | CharacterKind::Rigger,
            Side::Basic
        ) | (CharacterKind::Peterman, _)
    ) {
        return;
    }
    uses(state, out);
}

/// [`legal`] for a character whose ability may be used.
fn uses(state: &State, out: &mut Vec<Action>) {
    let who = state.current;
    let me = &state.chars[who];
    let Some(pos) = me.pos() else { return };
    let left = state.actions_left();
    match (me.kind, me.side) {
        (CharacterKind::Acrobat, Side::Advanced) => {
            for to in climb_targets(state, pos) {
                if left >= CLIMB_COST - 1 + crate::moves::move_cost(state, who, to) {
                    out.push(at(to));
                }
            }
        }
        (CharacterKind::Hacker, Side::Advanced) if !me.laptop && left >= 1 => {
            out.push(ability(None, None, None));
        }
        (CharacterKind::Hawk, Side::Basic) if !used(state, X_RAY) => {
            for p in state.adjacent(pos) {
                if !state.open_between(pos, p) && !state.tile(p).revealed {
                    out.push(at(p));
                }
            }
        }
        (CharacterKind::Hawk, Side::Advanced) if !used(state, ENHANCE) => {
            out.extend(enhance_targets(state, pos).into_iter().map(at));
        }
        (CharacterKind::Juicer, Side::Basic) if !used(state, CRYBABY) => {
            for p in open_neighbours(state, pos) {
                if can_sound(state, p) {
                    out.push(at(p));
                }
            }
        }
        (CharacterKind::Juicer, Side::Advanced) if !used(state, REROUTE) => {
            let mut rooms = vec![pos];
            rooms.extend(open_neighbours(state, pos));
            for p in rooms {
                let mode = if me.alarm {
                    can_sound(state, p).then_some(AbilityMode::DropAlarm)
                } else {
                    state.tile(p).alarm.then_some(AbilityMode::PickUpAlarm)
                };
                if mode.is_some() {
                    out.push(ability(Some(p), None, mode));
                }
            }
        }
        (CharacterKind::Raven, Side::Basic) => {
            // In reading order.
            let mut rooms = within_two(state, pos);
            while rooms != 0 {
                let p = Pos::new(pos.floor, state.width.cell(rooms.trailing_zeros() as usize));
                rooms &= rooms - 1;
                if me.raven != Some(p) {
                    out.push(at(p));
                }
            }
        }
        (CharacterKind::Raven, Side::Advanced) if me.raven != Some(pos) => out.push(at(pos)),
        (CharacterKind::Rigger, Side::Advanced)
            if !used(state, TINKER) && me.stealth > 0 && !state.tools.is_empty() =>
        {
            out.push(ability(None, None, None));
        }
        (CharacterKind::Rook, Side::Basic) if !used(state, ORDERS) && left >= 1 => {
            for other in (0..state.chars.len()).filter(|&o| o != who) {
                let Some(from) = state.chars[other].pos() else {
                    continue;
                };
                for (to, _) in order_targets(state, other, from) {
                    out.push(ability(Some(to), Some(other), None));
                }
            }
        }
        (CharacterKind::Rook, Side::Advanced) if state.turn.used == 0 && left >= 1 => {
            for other in (0..state.chars.len()).filter(|&o| o != who) {
                if state.chars[other].pos().is_some_and(|p| p != pos) {
                    out.push(ability(None, Some(other), None));
                }
            }
        }
        (CharacterKind::Spotter, Side::Basic)
            if !used(state, CLAIRVOYANCE)
                && left >= 1
                && !state.floors[pos.floor.index()].patrol.is_empty() =>
        {
            out.push(ability(None, None, Some(AbilityMode::Patrol)));
        }
        (CharacterKind::Spotter, Side::Advanced)
            if !used(state, PRECOGNITION) && left >= 1 && !state.events.is_empty() =>
        {
            out.push(ability(None, None, Some(AbilityMode::Events)));
        }
        _ => {}
    }
}

/// Uses an ability (already checked).
pub fn apply(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let Action::Ability {
        at,
        character,
        mode,
    } = *action
    else {
        return;
    };
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    let (kind, side) = (state.chars[who].kind, state.chars[who].side);
    events.push(Event::AbilityUsed {
        character: who,
        kind,
        side,
        at,
    });
    match (kind, side, at, character) {
        (CharacterKind::Acrobat, Side::Advanced, Some(to), _) => climb(state, who, to, events),
        (CharacterKind::Hacker, Side::Advanced, ..) => {
            state.turn.used += 1;
            state.chars[who].laptop = true;
        }
        (CharacterKind::Hawk, Side::Basic, Some(to), _) => {
            mark(state, X_RAY);
            crate::moves::reveal(state, to, events);
        }
        (CharacterKind::Hawk, Side::Advanced, Some(to), _) => {
            mark(state, ENHANCE);
            crate::moves::reveal(state, to, events);
        }
        (CharacterKind::Juicer, Side::Basic, Some(to), _) => {
            mark(state, CRYBABY);
            crate::alarm::raise(state, to, events);
        }
        (CharacterKind::Juicer, Side::Advanced, Some(to), _) => {
            mark(state, REROUTE);
            if mode == Some(AbilityMode::DropAlarm) {
                state.chars[who].alarm = false;
                crate::alarm::raise(state, to, events);
            } else {
                pick_up_alarm(state, who, to, events);
            }
        }
        (CharacterKind::Raven, _, Some(to), _) => {
            state.chars[who].raven = Some(to);
            mark(state, RAVEN_MOVED);
        }
        (CharacterKind::Rigger, Side::Advanced, ..) => tinker(state, who, events),
        (CharacterKind::Rook, Side::Basic, Some(to), Some(other)) => {
            mark(state, ORDERS);
            state.turn.used += 1;
            order(state, other, to, events);
        }
        (CharacterKind::Rook, Side::Advanced, _, Some(other)) => {
            state.turn.used += 1;
            let Some(there) = state.chars[other].pos() else {
                return;
            };
            crate::moves::place(state, who, Some(pos), there, false, events);
            crate::moves::place(state, other, Some(there), pos, false, events);
        }
        (CharacterKind::Spotter, Side::Basic, ..) => {
            mark(state, CLAIRVOYANCE);
            state.turn.used += 1;
            look_at_patrol(state, pos.floor, events);
        }
        (CharacterKind::Spotter, Side::Advanced, ..) => {
            mark(state, PRECOGNITION);
            state.turn.used += 1;
            look_at_events(state, events);
        }
        _ => {}
    }
}

/// Climb Window: the move, then the end of her action phase (after any payment the room asks).
fn climb(state: &mut State, who: usize, to: Pos, events: &mut Vec<Event>) {
    // The move itself charges its usual cost (a Gemstone's included).
    state.turn.used += CLIMB_COST - 1;
    // Through the window like a walk: the room's rules apply (a face-down Walkway drops her).
    crate::moves::start_move(state, to, MoveBy::Walk, events);
    events.push(Event::TurnEnded {
        character: who,
        actions: state.turn.used,
    });
    state.turn.ended = true;
    state.stage = Stage::Thermo;
}

/// Reroute: the alarm goes on the Juicer's card; a guard heading for it looks elsewhere.
fn pick_up_alarm(state: &mut State, who: usize, at: Pos, events: &mut Vec<Event>) {
    state.tile_mut(at).alarm = false;
    events.push(Event::AlarmOff { at });
    state.chars[who].alarm = true;
    let heading_there = state.floors[at.floor.index()]
        .guard
        .is_some_and(|g| g.target == at.cell);
    if heading_there {
        crate::guard::new_destination(state, at.floor, events);
    }
}

/// Tinker: a stealth token for a tool (two to choose from, with the Rigger in play).
fn tinker(state: &mut State, who: usize, events: &mut Vec<Event>) {
    mark(state, TINKER);
    crate::meet::spend_own_token(state, who, events);
    // With the Rigger in play the draw shows two tools (one event, [`Seen::Tools`]).
    crate::tools::draw_tool(state, who, events);
}

/// Orders: the teammate moves; Deadbolt and Laser extra actions are waived.
fn order(state: &mut State, other: usize, to: Pos, events: &mut Vec<Event>) {
    let Some(from) = state.chars[other].pos() else {
        return;
    };
    let Some((_, by)) = order_targets(state, other, from)
        .into_iter()
        .find(|(p, _)| *p == to)
    else {
        return;
    };
    // The teammate's entry is not the Rook's: his Motion bookkeeping stays his own.
    let motion = state.turn.motion_entered.clone();
    let t = state.tile(to);
    let waived = by != MoveBy::Walkway
        && !t.disabled
        && matches!(t.kind, TileKind::Deadbolt | TileKind::Laser);
    if waived {
        crate::moves::reveal(state, to, events);
        crate::moves::place(state, other, Some(from), to, true, events);
    } else {
        crate::moves::arrive(state, other, from, to, by, events);
    }
    state.turn.motion_entered = motion;
}

/// Clairvoyance: the top patrol card of the floor is shown to the team.
fn look_at_patrol(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(&cell) = state.floors[floor.index()].patrol.last() else {
        return;
    };
    state
        .known_tops
        .retain(|k| !matches!(k, KnownTop::Patrol { floor: f, .. } if *f == floor));
    state.known_tops.push(KnownTop::Patrol { floor, cell });
    events.push(Event::CardSeen {
        what: Seen::PatrolTop { floor, cell },
    });
    state.decision = Some(Decision::TopOrBottom {
        deck: PeekedDeck::Patrol { floor },
    });
}

/// Precognition: the top event card is shown to the team.
fn look_at_events(state: &mut State, events: &mut Vec<Event>) {
    let Some(&card) = state.events.last() else {
        return;
    };
    state
        .known_tops
        .retain(|k| !matches!(k, KnownTop::Event { depth: 0, .. }));
    state.known_tops.push(KnownTop::Event { depth: 0, card });
    events.push(Event::CardSeen {
        what: Seen::EventTop { card },
    });
    state.decision = Some(Decision::TopOrBottom {
        deck: PeekedDeck::Events,
    });
}

/// Answers the Spotter's choice: the card seen stays on top or goes to the bottom.
pub fn answer(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let Action::PutBack { top } = *action else {
        return;
    };
    let Some(Decision::TopOrBottom { deck }) = state.decision.take() else {
        return;
    };
    let _ = events;
    if top {
        return;
    }
    match deck {
        PeekedDeck::Patrol { floor } => {
            let patrol = &mut state.floors[floor.index()].patrol;
            if patrol.len() > 1
                && let Some(card) = patrol.pop()
            {
                patrol.insert(0, card);
                // The team knows the bottom card now (a card sent under earlier is no longer
                // the bottom one: only the newest is remembered).
                state.forget_patrol_cards(floor);
                state
                    .known_tops
                    .push(KnownTop::PatrolBottom { floor, cell: card });
            }
        }
        PeekedDeck::Events => {
            let n = state.events.len();
            if n > 1
                && let Some(card) = state.events.pop()
            {
                state.events.insert(0, card);
                let mut known: Vec<KnownTop> = Vec::new();
                for k in &state.known_tops {
                    match *k {
                        KnownTop::Event { depth: 0, .. } => {}
                        KnownTop::Event { depth, card } => known.push(KnownTop::Event {
                            depth: depth - 1,
                            card,
                        }),
                        other => known.push(other),
                    }
                }
                known.push(KnownTop::Event {
                    depth: (n - 1) as u8,
                    card,
                });
                state.known_tops = known;
            }
        }
    }
}
