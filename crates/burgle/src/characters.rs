//! The nine characters' abilities, both sides.

use crate::actions::{Action, Event};
use crate::ids::{Floor, Pos};
use crate::state::State;

/// Called when a guard starts moving: abilities that change his steps (Raven's Disrupt).
pub fn guard_move_starts(state: &mut State, floor: Floor, steps: &mut u8, events: &mut Vec<Event>) {
    let _ = (state, floor, steps, events);
}

/// Called after each guard step into `pos`: returns the steps left (Raven's Distract).
pub fn guard_stepped(state: &mut State, pos: Pos, left: u8, events: &mut Vec<Event>) -> u8 {
    let _ = (state, pos, events);
    left
}

/// Appends the legal ability uses of the active character.
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let _ = (state, out);
}

/// Uses an ability (already checked).
pub fn apply(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let _ = (state, action, events);
}
