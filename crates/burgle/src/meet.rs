//! Guards meeting characters: stealth loss, capture, and the rooms that let guards see further
//! (Foyer, Atrium, Camera) and the Tiara.

use arrayvec::ArrayVec;
use lockpick_engine::Outcome;

use crate::actions::Event;
use crate::cards::{Loot, TileKind};
use crate::ids::{Floor, Pos};
use crate::state::{Stage, State};

/// A guard sees a character: a stealth token is lost (the room's own tokens first); with none
/// left, the character is captured and the team loses.
pub fn lose_stealth(state: &mut State, who: usize, events: &mut Vec<Event>) {
    if state.outcome.is_some() || state.chars[who].pos().is_none() {
        return;
    }
    if !lose_token_if_any(state, who, events) {
        events.push(Event::Captured { character: who });
        crate::turn::finish(state, Outcome::lost("captured"), events);
    }
}

/// A character loses a stealth token where no guard is involved (the Cursed Goblet): the
/// room's own tokens first, then one of the character's; with none left, nothing happens (only
/// a guard captures). Whether a token was lost (none for a character out of the building).
pub fn lose_token_if_any(state: &mut State, who: usize, events: &mut Vec<Event>) -> bool {
    let Some(pos) = state.chars[who].pos() else {
        return false;
    };
    if state.tile(pos).stealth > 0 {
        state.tile_mut(pos).stealth -= 1;
        let left = state.chars[who].stealth;
        events.push(Event::StealthLost {
            character: who,
            left,
            from_room: true,
        });
        return true;
    }
    if state.chars[who].stealth == 0 {
        return false;
    }
    spend_own_token(state, who, events);
    true
}

/// The character gives up one of their own stealth tokens (there must be one).
pub fn spend_own_token(state: &mut State, who: usize, events: &mut Vec<Event>) {
    state.chars[who].stealth -= 1;
    let left = state.chars[who].stealth;
    events.push(Event::StealthLost {
        character: who,
        left,
        from_room: false,
    });
}

/// A guard sees a character: a stealth token is lost, unless the character wears the Invisible
/// Suit while moving on their own turn.
pub fn seen(state: &mut State, who: usize, events: &mut Vec<Event>) {
    if state.turn.invisible && who == state.current && state.stage == Stage::Actions {
        return;
    }
    lose_stealth(state, who, events);
}

/// Whether a guard in a room next to `pos` (with no wall between) sees character `who` standing
/// there: it wears the Tiara, or `pos` is a Foyer.
#[inline]
#[must_use]
pub fn seen_next_door(state: &State, who: usize, pos: Pos) -> bool {
    state.tile(pos).is_active(TileKind::Foyer) || state.chars[who].loot.contains(&Loot::Tiara)
}

/// Whether the guards of the floors above and below see a character standing at `pos` when they
/// walk into the same room of their floor: `pos` is an Atrium.
#[inline]
#[must_use]
pub fn seen_from_above_and_below(state: &State, pos: Pos) -> bool {
    state.tile(pos).is_active(TileKind::Atrium)
}

/// Whether the guard of `guard_floor` at `guard` sees a character standing at `pos` from
/// elsewhere: from an adjacent room with no wall (Foyer, Tiara), or from the same room one floor
/// up or down (Atrium).
// Always inlined: asked for every character at every guard step, and mostly refused at once.
#[inline(always)]
fn sees_from_afar(state: &State, who: usize, pos: Pos, guard: Pos) -> bool {
    // The cheap tests first: most rooms let nobody see in from afar.
    if guard.floor == pos.floor {
        pos.cell.manhattan(guard.cell) == 1
            && seen_next_door(state, who, pos)
            && state.open_between(pos, guard)
    } else {
        guard.cell == pos.cell
            && guard.floor.0.abs_diff(pos.floor.0) == 1
            && seen_from_above_and_below(state, pos)
    }
}

/// A guard has just arrived at `pos` (a step, or placed on his floor).
#[inline]
pub fn guard_arrives(state: &mut State, pos: Pos, events: &mut Vec<Event>) {
    // Those in the room, then those seen from afar (being seen moves nobody and changes no
    // room, so both sets are known before anyone loses stealth), as bits by turn order.
    let (mut present, mut watchers) = (0u8, 0u8);
    for (w, c) in state.chars.iter().enumerate() {
        match c.pos() {
            Some(p) if p == pos => present |= 1 << w,
            Some(p) if sees_from_afar(state, w, p, pos) => watchers |= 1 << w,
            _ => {}
        }
    }
    // Most steps meet nobody, into a room that is no Camera: nothing happens.
    if present | watchers == 0 && !state.tile(pos).is_active(TileKind::Camera) {
        return;
    }
    guard_meets(state, pos, present, watchers, events);
}

/// [`guard_arrives`] once the characters in the guard's room (`present`) and those who see him
/// from afar (`watchers`) are known, as bits by turn order.
fn guard_meets(state: &mut State, pos: Pos, present: u8, watchers: u8, events: &mut Vec<Event>) {
    for set in [present, watchers] {
        let mut set = set;
        while set != 0 {
            let who = set.trailing_zeros() as usize;
            set &= set - 1;
            seen(state, who, events);
        }
    }
    if state.stops_here() {
        return;
    }
    if state.tile(pos).is_active(TileKind::Camera) && crate::guard::cameras_on(state) {
        let seen: ArrayVec<Pos, 8> = (0..state.chars.len())
            .filter_map(|w| state.chars[w].pos())
            .filter(|p| *p != pos && state.tile(*p).is_active(TileKind::Camera))
            .collect();
        for p in seen {
            crate::alarm::raise(state, p, events);
        }
    }
}

/// A character has just arrived at `pos`; `entry` says whether the room's rules apply.
pub fn character_arrives(
    state: &mut State,
    who: usize,
    pos: Pos,
    entry: bool,
    events: &mut Vec<Event>,
) {
    // A guard placed as the character enters his floor looks round at once: his own room and
    // the rooms he sees from (saved-game formats 1 and 2 let him see the character from afar
    // a second time below).
    let placed = state.floors[pos.floor.index()].guard.is_none();
    if placed {
        crate::guard::place_guard(state, pos.floor, events);
    } else if state.guard_in(pos) && !crate::guard::acrobat_flexible(state, who) {
        seen(state, who, events);
    } else if state.guard_in(pos) {
        // The Acrobat (Flexibility) slipped in: she must leave before the guard moves.
        state.chars[who].flexed = Some(pos);
    }
    let looked = placed && state.format >= 3;
    let seen_from_afar = state.floors.iter().enumerate().any(|(f, floor)| {
        !(looked && f == pos.floor.index())
            && floor.guard.is_some_and(|g| {
                let guard = Pos::new(Floor(f as u8), g.at);
                guard != pos && sees_from_afar(state, who, pos, guard)
            })
    });
    if seen_from_afar {
        seen(state, who, events);
    }
    if state.stops_here() {
        return;
    }
    if entry
        && state.tile(pos).is_active(TileKind::Camera)
        && crate::guard::cameras_on(state)
        && !(state.turn.invisible && who == state.current)
        && crate::guard::guard_on_camera(state, pos)
    {
        crate::alarm::raise(state, pos, events);
    }
    // Cards lying here are picked up by whoever arrives.
    crate::loot::pick_up_here(state, who, pos, events);
}
