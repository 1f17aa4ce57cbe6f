//! Safes (dice, decoding, cracking) and Keypads.

use crate::actions::Event;
use crate::cards::{CharacterKind, Loot, Side, TileKind};
use crate::ids::{Cell, Floor, Pos};
use crate::state::State;

/// Most dice a safe holds.
pub const MAX_DICE: u8 = 6;

/// The most rooms in a safe's line: its row and column on a 5x5 floor.
pub const MAX_LINE: usize = 8;

/// The rooms of a safe's row and column still to find: its combination, in reading order. The
/// shaft and other Safe tiles (Fort Knox may put two on a floor) carry no digit and count as
/// found once face up; a face-down room is still to find, whatever it hides.
#[must_use]
pub fn line(state: &State, safe: Pos) -> arrayvec::ArrayVec<Pos, MAX_LINE> {
    let tiles = &state.floors[safe.floor.index()].tiles;
    let mut out = arrayvec::ArrayVec::new();
    let mut consider = |cell: Cell| {
        let t = &tiles[cell.index(state.width)];
        // (Before format 4 a face-down Safe counted as found too.)
        let found = t.kind == TileKind::Safe && (t.revealed || state.format < 4);
        if Some(cell) != state.shaft && !found {
            out.push(Pos::new(safe.floor, cell));
        }
    };
    // Row by row: the column above the safe, its row, the column below.
    let (row, col) = (safe.cell.row, safe.cell.col);
    for r in 0..state.width.0 {
        if r == row {
            for c in (0..state.width.0).filter(|&c| c != col) {
                consider(Cell::at(c, r));
            }
        } else {
            consider(Cell::at(col, r));
        }
    }
    out
}

/// Whether a roll of the safe at `safe` may do something: a face-up room of its line still
/// shows no token, or every room of its line is decoded (Fort Knox: the last room to find was
/// another Safe, turned over after the last roll) and the roll opens it.
#[must_use]
pub fn roll_may_help(state: &State, safe: Pos) -> bool {
    let line = line(state, safe);
    line.iter().all(|p| state.tile(*p).decoded)
        || line
            .iter()
            .any(|p| state.tile(*p).revealed && !state.tile(*p).decoded)
}

/// Whether the floor's own safe is cracked.
#[must_use]
pub fn cracked(state: &State, floor: Floor) -> bool {
    state
        .tile(Pos::new(floor, state.floors[floor.index()].safe))
        .cracked
}

/// How many floors have their own safe cracked.
#[must_use]
pub fn cracked_count(state: &State) -> usize {
    state.all_floors().filter(|f| cracked(state, *f)).count()
}

/// Whether every floor's own safe is cracked (the roof is open).
#[must_use]
pub fn all_cracked(state: &State) -> bool {
    state.all_floors().all(|f| cracked(state, f))
}

/// The safes a character at `pos` may work on: the one in the room, and for the Peterman
/// (Drill) those directly above and below.
#[must_use]
pub fn workable(state: &State, who: usize, pos: Pos) -> arrayvec::ArrayVec<Pos, 3> {
    let mut out = arrayvec::ArrayVec::new();
    let mut consider = |p: Pos| {
        let t = state.tile(p);
        if t.revealed && t.kind == TileKind::Safe && !t.cracked {
            out.push(p);
        }
    };
    consider(pos);
    if state.chars[who].is(CharacterKind::Peterman, Side::Advanced) {
        if pos.floor < state.top_floor() {
            consider(Pos::new(Floor(pos.floor.0 + 1), pos.cell));
        }
        if pos.floor.0 > 0 {
            consider(Pos::new(Floor(pos.floor.0 - 1), pos.cell));
        }
    }
    out
}

/// Whether the Keycard allows rolling: its holder must be in the safe's room.
#[must_use]
pub fn keycard_ok(state: &State, safe: Pos) -> bool {
    match state.chars.iter().find(|c| c.loot.contains(&Loot::Keycard)) {
        Some(holder) => holder.pos() == Some(safe),
        None => true,
    }
}

/// Extra dice the roller throws (Peterman, Steady Hands).
pub(crate) fn extra_dice(state: &State, who: usize) -> u8 {
    u8::from(state.chars[who].is(CharacterKind::Peterman, Side::Basic))
}

/// Adds a die to a safe (2 actions, already checked).
pub fn add_die(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    state.turn.used += 2;
    let t = state.tile_mut(safe);
    t.dice += 1;
    let dice = t.dice;
    events.push(Event::DieAdded { at: safe, dice });
}

/// Rolls a safe's dice (1 action, already checked) and decodes the matching digits.
pub fn roll(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    state.turn.used += 1;
    let who = state.current;
    let n = state.tile(safe).dice + extra_dice(state, who);
    let faces: crate::state::Faces = (0..n).map(|_| state.rng.die()).collect();
    events.push(Event::SafeRolled {
        at: safe,
        faces: faces.to_vec(),
    });
    state.tile_mut(safe).faces = faces;
    state.turn.rolled.push(safe);
    decode(state, safe, events);
}

/// Puts decoding tokens on the face-up rooms of the safe's line whose digit shows on the dice,
/// and cracks the safe when its line is complete. Tokens count for every safe whose line holds
/// the room (Fort Knox).
pub fn decode(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    let faces = state.tile(safe).faces;
    for p in line(state, safe) {
        let t = state.tile(p);
        if t.revealed && !t.decoded && faces.contains(&t.digit) {
            state.tile_mut(p).decoded = true;
            let digit = state.tile(p).digit;
            events.push(Event::Decoded { at: p, digit });
        }
    }
    let safes: arrayvec::ArrayVec<Pos, { crate::inline::MAX_CELLS }> = state
        .rooms(safe.floor)
        .filter(|s| {
            let t = state.tile(*s);
            t.kind == TileKind::Safe && !t.cracked && t.revealed
        })
        .collect();
    for s in safes {
        if line(state, s).iter().all(|p| state.tile(*p).decoded) {
            crack(state, s, events);
        }
    }
}

/// A safe opens: the cracker draws a tool and a loot card (left in the safe's room when
/// drilled from another floor), and the guards of this floor and every floor below speed up.
pub fn crack(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    state.tile_mut(safe).cracked = true;
    events.push(Event::SafeCracked { at: safe });
    let who = state.current;
    let present = state.chars[who].pos() == Some(safe);
    if present {
        crate::tools::draw_tool(state, who, events);
        crate::loot::draw_loot(state, who, safe, events);
    } else {
        crate::tools::leave_tool(state, safe, events);
        crate::loot::leave_loot(state, safe, events);
    }
    for f in 0..=safe.floor.0 {
        let floor = &mut state.floors[f as usize];
        floor.die = (floor.die + 1).min(6);
        let die = floor.die;
        events.push(Event::GuardSpeed {
            floor: Floor(f),
            die,
        });
    }
}

/// Tries a closed Keypad: one die, one more for each earlier try this turn (Peterman: one
/// more). A 6 opens it for the whole team. Returns whether it opened.
pub fn try_keypad(state: &mut State, who: usize, at: Pos, events: &mut Vec<Event>) -> bool {
    let tries = match state.turn.keypad_tries.iter_mut().find(|(p, _)| *p == at) {
        Some((_, n)) => {
            *n += 1;
            *n
        }
        None => {
            state.turn.keypad_tries.push((at, 1));
            1
        }
    };
    let n = tries + extra_dice(state, who);
    let dice: Vec<u8> = (0..n).map(|_| state.rng.die()).collect();
    let opened = dice.contains(&6);
    events.push(Event::KeypadRolled { at, dice, opened });
    if opened {
        state.tile_mut(at).open = true;
    }
    opened
}
