//! Alarms and hack tokens.

use crate::actions::Event;
use crate::cards::{CharacterKind, Side, TileKind};
use crate::ids::Pos;
use crate::state::LastingCard;
use crate::state::State;

/// Most hack tokens a computer room holds.
pub const MAX_HACK: u8 = 6;

/// Sounds an alarm in a room, unless the E.M.P. is on, the room is crowbarred, a guard stands
/// there, or an alarm already sounds there. Returns whether a new alarm sounds.
pub fn raise(state: &mut State, pos: Pos, events: &mut Vec<Event>) -> bool {
    if state.lasting(LastingCard::Emp)
        || state.tile(pos).disabled
        || state.guard_in(pos)
        || state.tile(pos).alarm
        || state.outcome.is_some()
    {
        return false;
    }
    state.tile_mut(pos).alarm = true;
    events.push(Event::AlarmOn { at: pos });
    crate::guard::alarm_raised(state, pos.floor, events);
    true
}

/// Switches every alarm of the building off; returns how many were on, per floor.
pub fn clear_all(state: &mut State, events: &mut Vec<Event>) -> Vec<(crate::ids::Floor, usize)> {
    let mut cleared = Vec::new();
    for floor in state.all_floors() {
        let rooms: Vec<Pos> = state
            .rooms(floor)
            .filter(|p| state.tile(*p).alarm)
            .collect();
        for p in &rooms {
            state.tile_mut(*p).alarm = false;
            events.push(Event::AlarmOff { at: *p });
        }
        if !rooms.is_empty() {
            cleared.push((floor, rooms.len()));
        }
    }
    cleared
}

/// The face-up computer room that hacks rooms of `kind`, anywhere in the building.
#[must_use]
pub fn computer_for(state: &State, kind: TileKind) -> Option<Pos> {
    let computer = kind.computer()?;
    state.find_room(|t| t.kind == computer && t.revealed, |_| true)
}

/// Hack tokens available against rooms of `kind`.
#[must_use]
pub fn hack_tokens(state: &State, kind: TileKind) -> u8 {
    computer_for(state, kind).map_or(0, |p| state.tile(p).hack)
}

/// Spends one hack token against a room of `kind`.
pub fn spend_hack(state: &mut State, kind: TileKind, events: &mut Vec<Event>) {
    if let Some(p) = computer_for(state, kind) {
        let t = state.tile_mut(p);
        t.hack = t.hack.saturating_sub(1);
        let tokens = t.hack;
        events.push(Event::HackTokens { at: p, tokens });
    }
}

/// Whether the Hacker (Jammer) keeps Fingerprint, Laser and Motion rooms quiet for `who`: the
/// Hacker himself, or anyone while the Hacker is in that room.
#[must_use]
pub fn jammed(state: &State, who: usize, pos: Pos) -> bool {
    let is_jammer = |i: usize| state.chars[i].is(CharacterKind::Hacker, Side::Basic);
    is_jammer(who) || state.chars_in(pos).any(is_jammer)
}
