//! The Critical screen: the Bogue étrange's infection marker and the breaking point.

use crate::actions::{Event, NoEffect};

/// Raises the infection; reaching the breaking point loses the game.
pub fn raise(state: &mut crate::state::State, amount: u8, events: &mut Vec<Event>) {
    let from = state.infection;
    let to = from.saturating_add(amount as i8).min(state.breaking_point);
    state.infection = to;
    events.push(Event::Infection { from, to });
    if to >= state.breaking_point {
        crate::turn::finish_lost(state, "infection_breaking_point", events);
    }
}

/// Lowers the infection (an attack on the Bogue étrange); the excess below the track's last
/// white square is lost.
pub fn lower(state: &mut crate::state::State, amount: u8, events: &mut Vec<Event>) {
    let from = state.infection;
    let to = from.saturating_sub(amount as i8).max(state.infection_min());
    if to == from {
        events.push(Event::Ignored {
            icon: "infection_down".into(),
            reason: NoEffect::InfectionAtBottom,
        });
        return;
    }
    state.infection = to;
    events.push(Event::Infection { from, to });
}
