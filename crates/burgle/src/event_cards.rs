//! The 26 event cards.

use crate::actions::{Action, Event};
use crate::state::State;

/// Draws the top event card for the active character and resolves it.
pub fn draw_event(state: &mut State, events: &mut Vec<Event>) {
    let Some(card) = state.events.pop() else {
        return;
    };
    let who = state.current;
    events.push(Event::EventDrawn {
        character: who,
        card,
    });
    state
        .known_tops
        .retain(|k| !matches!(k, crate::state::KnownTop::Event { .. }));
    state.event_discard.push(card);
}

/// Answers a choice an event card asked for (already checked).
pub fn answer(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let _ = (state, action, events);
}
