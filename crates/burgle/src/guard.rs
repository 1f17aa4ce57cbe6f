//! Guards: patrol decks, placement, destinations and the guard's move at the end of a turn.

use crate::actions::{Event, TargetReason};
use crate::cards::{CharacterKind, Side, TileKind, Tool};
use crate::ids::{Cell, Floor, Pos};
use crate::inline::MAX_CELLS;
use crate::setup::set_aside_count;
use crate::state::LastingCard;
use crate::state::{Cells, Decision, Guard, GuardMove, State};

/// Builds a floor's patrol deck at setup: every room's card, shuffled, with cards set aside by
/// the number of characters.
pub fn build_patrol_deck(state: &mut State, floor: Floor) {
    // Every room's card, row by row (the shaft's slot is no room).
    let w = state.width;
    let mut cards: Cells<Cell> = Cells::from_array_len([Cell::default(); MAX_CELLS], w.cells());
    for (i, card) in cards.iter_mut().enumerate() {
        *card = w.cell(i);
    }
    if let Some(shaft) = state.shaft {
        cards.remove(shaft.index(w));
    }
    state.rng.shuffle(&mut cards);
    let aside = set_aside_count(state.character_count()).min(cards.len());
    let keep = cards.len() - aside;
    let f = &mut state.floors[floor.index()];
    f.set_aside = cards[keep..].iter().copied().collect();
    cards.truncate(keep);
    f.patrol = cards;
    f.patrol_discard.clear();
}

/// Draws the next patrol card of a floor (reshuffling with acceleration when the deck is empty)
/// and puts it on the discard, where it marks the guard's destination.
pub fn draw_patrol(state: &mut State, floor: Floor, events: &mut Vec<Event>) -> Cell {
    if state.floors[floor.index()].patrol.is_empty() {
        let aside = set_aside_count(state.character_count());
        let f = &mut state.floors[floor.index()];
        let mut cards: Cells<Cell> = f.patrol_discard.drain(..).collect();
        cards.extend(f.set_aside.drain(..));
        state.rng.shuffle(&mut cards);
        let f = &mut state.floors[floor.index()];
        let keep = cards.len() - aside.min(cards.len().saturating_sub(1));
        f.set_aside = cards.drain(keep..).collect();
        f.patrol = cards;
        f.die = (f.die + 1).min(6);
        let die = f.die;
        state.forget_patrol_cards(floor);
        events.push(Event::PatrolReshuffled { floor, die });
    }
    let f = &mut state.floors[floor.index()];
    let card = f.patrol.pop().expect("a reshuffled patrol deck has cards");
    f.patrol_discard.push(card);
    let emptied = f.patrol.is_empty();
    state.known_tops.retain(|k| match k {
        crate::state::KnownTop::Patrol { floor: kf, .. } => *kf != floor,
        crate::state::KnownTop::PatrolBottom { floor: kf, .. } => *kf != floor || !emptied,
        crate::state::KnownTop::Event { .. } => true,
    });
    card
}

/// Places a floor's guard: the first patrol card is where he stands, the next his destination.
pub fn place_guard(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let at = draw_patrol(state, floor, events);
    state.floors[floor.index()].guard = Some(Guard { at, target: at });
    let toward = draw_patrol(state, floor, events);
    state.floors[floor.index()].guard = Some(Guard { at, target: toward });
    events.push(Event::GuardPlaced { floor, at, toward });
    if toward == at {
        new_destination(state, floor, events);
    }
    crate::meet::guard_arrives(state, Pos::new(floor, at), events);
}

/// The alarms on a floor.
#[must_use]
pub fn alarms(state: &State, floor: Floor) -> Vec<Cell> {
    state
        .rooms(floor)
        .filter(|p| state.tile(*p).alarm)
        .map(|p| p.cell)
        .collect()
}

/// How many alarms sound on a floor.
#[must_use]
pub fn alarm_count(state: &State, floor: Floor) -> usize {
    let tiles = &state.floors[floor.index()].tiles;
    // The shaft's slot is no room: its tile is not counted.
    let shaft = state
        .shaft
        .and_then(|c| tiles.get(c.index(state.width)))
        .is_some_and(|t| t.alarm);
    tiles.iter().filter(|t| t.alarm).count() - usize::from(shaft)
}

/// The alarms of a floor as bits by cell index (the shaft's slot is no room).
fn alarm_bits(state: &State, floor: Floor) -> u32 {
    let w = state.width;
    let tiles = &state.floors[floor.index()].tiles;
    let mut alarms = 0u32;
    for (i, t) in tiles[..w.cells()].iter().enumerate() {
        alarms |= u32::from(t.alarm) << i;
    }
    if let Some(shaft) = state.shaft {
        alarms &= !(1 << shaft.index(w));
    }
    alarms
}

/// The alarms nearest to the guard (several when tied), in reading order; every alarm when none
/// can be reached.
#[must_use]
pub fn nearest_alarms(state: &State, floor: Floor, from: Cell) -> Cells<Cell> {
    nearest_of(state, floor, from, alarm_bits(state, floor))
}

/// [`nearest_alarms`] among `alarms` ([`alarm_bits`], not empty).
fn nearest_of(state: &State, floor: Floor, from: Cell, alarms: u32) -> Cells<Cell> {
    let w = state.width;
    let mut nearest = Cells::new();
    // Breadth-first layers from the guard: the first that holds an alarm holds the nearest.
    let maze = state.maze(floor);
    let masks = maze.open_masks();
    let mut seen = 1u32 << from.index(w);
    let mut layer = seen;
    let mut found = alarms;
    while layer != 0 {
        if layer & alarms != 0 {
            found = layer & alarms;
            break;
        }
        layer = maze.spread(&masks, layer) & !seen;
        seen |= layer;
    }
    while found != 0 {
        nearest.push(w.cell(found.trailing_zeros() as usize));
        found &= found - 1;
    }
    nearest
}

/// Gives the guard his next destination: the nearest alarm (the players pick among ties), or a
/// new patrol card when no alarm sounds on his floor.
pub fn new_destination(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(guard) = state.floors[floor.index()].guard else {
        return;
    };
    let alarms = alarm_bits(state, floor);
    let nearest = if alarms == 0 {
        Cells::new()
    } else {
        nearest_of(state, floor, guard.at, alarms)
    };
    match nearest.len() {
        0 => {
            let mut card = draw_patrol(state, floor, events);
            // A card naming his own room sends him straight on to the next one.
            if card == guard.at {
                card = draw_patrol(state, floor, events);
            }
            set_target(state, floor, card, TargetReason::Patrol, events);
        }
        1 => set_target(state, floor, nearest[0], TargetReason::Alarm, events),
        _ => {
            // Keep heading for one of them until the players choose.
            set_target(state, floor, nearest[0], TargetReason::Alarm, events);
            state.decision = Some(Decision::Alarm {
                floor,
                cells: nearest.to_vec(),
            });
        }
    }
}

/// Points the guard's die at `cell`.
pub fn set_target(
    state: &mut State,
    floor: Floor,
    cell: Cell,
    reason: TargetReason,
    events: &mut Vec<Event>,
) {
    if let Some(g) = state.floors[floor.index()].guard.as_mut() {
        g.target = cell;
        events.push(Event::GuardTarget {
            floor,
            toward: cell,
            reason,
        });
    }
}

/// An alarm just sounded on `floor`: the guard heads for the nearest alarm.
pub fn alarm_raised(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    if state.floors[floor.index()].guard.is_some() {
        new_destination(state, floor, events);
    }
}

/// How far the guard of `floor` moves this time: his die plus the alarms on his floor, plus or
/// minus this turn's cards; Donuts take it all.
fn speed(state: &mut State, floor: Floor, events: &mut Vec<Event>) -> u8 {
    let f = &mut state.floors[floor.index()];
    if f.donuts {
        f.donuts = false;
        state.tool_discard.push(Tool::Donuts);
        events.push(Event::DonutsEaten { floor });
        return 0;
    }
    let alarms = alarm_count(state, floor) as i16;
    let base = i16::from(state.floors[floor.index()].die) + alarms + i16::from(state.guard_bonus);
    let mut steps = base.max(0) as u8;
    crate::characters::guard_move_starts(state, floor, alarms == 0, &mut steps, events);
    steps
}

/// Starts the end-of-turn guard move: the current character's floor, or with Shift Change
/// every other floor whose guard is placed.
pub fn start_guard_turn(state: &mut State) {
    let Some(pos) = state.active().pos() else {
        state.guard_move = None;
        return;
    };
    // Floors in the order they move, last first (the queue is popped).
    let queue: arrayvec::ArrayVec<Floor, 8> = if state.shift_change {
        (0..state.floors.len() as u8)
            .rev()
            .map(Floor)
            .filter(|f| *f != pos.floor && state.floors[f.index()].guard.is_some())
            .collect()
    } else {
        std::iter::once(pos.floor).collect()
    };
    state.guard_move = Some(GuardMove {
        queue,
        current: None,
    });
}

/// Runs the guard move until it is done (`true`) or a choice is needed (`false`).
pub fn run_guard_turn(state: &mut State, events: &mut Vec<Event>) -> bool {
    loop {
        if state.decision.is_some() || state.outcome.is_some() {
            return state.outcome.is_some();
        }
        let Some(mv) = state.guard_move.as_mut() else {
            return true;
        };
        let (floor, steps) = match mv.current {
            Some(c) => c,
            None => match mv.queue.pop() {
                None => {
                    state.guard_move = None;
                    return true;
                }
                Some(floor) => {
                    let steps = speed(state, floor, events);
                    (floor, steps)
                }
            },
        };
        if steps == 0 || state.floors[floor.index()].guard.is_none() {
            if let Some(mv) = state.guard_move.as_mut() {
                mv.current = None;
            }
            continue;
        }
        let left = step(state, floor, steps, events);
        if let Some(mv) = state.guard_move.as_mut() {
            mv.current = Some((floor, left));
        }
    }
}

/// Puts the guard of `floor` in `cell` (a step, or a card moving him): an alarm there goes off,
/// and whoever is there or watching loses stealth.
pub fn put_guard(state: &mut State, floor: Floor, cell: Cell, events: &mut Vec<Event>) {
    let Some(guard) = state.floors[floor.index()].guard else {
        return;
    };
    if let Some(g) = state.floors[floor.index()].guard.as_mut() {
        g.at = cell;
    }
    events.push(Event::GuardMoved {
        floor,
        from: guard.at,
        to: cell,
        toward: guard.target,
    });
    let pos = Pos::new(floor, cell);
    if state.tile(pos).alarm {
        state.tile_mut(pos).alarm = false;
        events.push(Event::AlarmOff { at: pos });
    }
    crate::meet::guard_arrives(state, pos, events);
}

/// One step of a guard; returns the steps left.
fn step(state: &mut State, floor: Floor, steps: u8, events: &mut Vec<Event>) -> u8 {
    if state.stops_here() {
        // Caught as his move began (the Acrobat still in his room).
        return 0;
    }
    let guard = state.floors[floor.index()]
        .guard
        .expect("checked by the caller");
    if guard.at == guard.target {
        new_destination(state, floor, events);
        return steps;
    }
    let Some(next) = state.maze(floor).next_step(guard.at, guard.target) else {
        // Unreachable destination (cannot happen with connected floors): take a new one.
        new_destination(state, floor, events);
        return steps.saturating_sub(1);
    };
    put_guard(state, floor, next, events);
    if state.stops_here() {
        return 0;
    }
    let pos = Pos::new(floor, next);
    let left = crate::characters::guard_stepped(state, pos, steps - 1, events);
    if next == guard.target {
        new_destination(state, floor, events);
    }
    left
}

/// Whether cameras watch now.
#[must_use]
pub fn cameras_on(state: &State) -> bool {
    !state.lasting(LastingCard::VideoLoop)
}

/// Whether a guard stands on a face-up, working Camera other than `except`.
#[must_use]
pub fn guard_on_camera(state: &State, except: Pos) -> bool {
    state.all_floors().any(|f| {
        state.guard_at(f).is_some_and(|cell| {
            let p = Pos::new(f, cell);
            p != except && state.tile(p).is_active(TileKind::Camera)
        })
    })
}

/// The Acrobat (basic) may stand in a guard's room without losing stealth during her turn.
#[must_use]
pub fn acrobat_flexible(state: &State, who: usize) -> bool {
    state.chars[who].is(CharacterKind::Acrobat, Side::Basic)
        && state.current == who
        && state.stage == crate::state::Stage::Actions
}
