//! The Alert screen: six columns of eight rows, at most one marker per column. Raising and
//! lowering move the leftmost marker; a marker reaching the top row sets off an alert.

use crate::actions::{Event, NoEffect};
use crate::ids::Column;
use crate::state::{ALERT_ROWS, State};

/// Raises the leftmost marker `amount` rows, one at a time: a marker reaching row 8 sets off an
/// alert and is removed, and the rest goes on with the next column. No marker left loses.
pub fn raise(state: &mut State, amount: u8, events: &mut Vec<Event>) {
    for _ in 0..amount {
        if state.outcome.is_some() {
            return;
        }
        let Some(column) = state.leftmost_alert() else {
            return;
        };
        let i = usize::from(column.0);
        let from = state.alert[i].unwrap_or(1);
        let to = from + 1;
        events.push(Event::AlertMoved { column, from, to });
        if to >= ALERT_ROWS {
            state.alert[i] = None;
            trigger(state, column, events);
        } else {
            state.alert[i] = Some(to);
        }
    }
}

/// An alert: the top Alert card goes about the middle of the Anomaly deck; the marker is gone.
fn trigger(state: &mut State, column: Column, events: &mut Vec<Event>) {
    let position = state.alert_deck.pop().map(|card| {
        let len = state.anomaly_deck.len();
        let from_top = len / 2;
        state.anomaly_deck.insert(len - from_top, card);
        from_top
    });
    events.push(Event::AlertTriggered { column, position });
    if state.leftmost_alert().is_none() {
        crate::turn::finish_lost(state, "alert_markers_gone", events);
    }
}

/// Lowers the leftmost marker; it never goes below row 1 and a lost marker never comes back.
pub fn lower(state: &mut State, amount: u8, events: &mut Vec<Event>) {
    let Some(column) = state.leftmost_alert() else {
        return;
    };
    let i = usize::from(column.0);
    let from = state.alert[i].unwrap_or(1);
    let to = from.saturating_sub(amount).max(1);
    if to == from {
        events.push(Event::Ignored {
            icon: "alert_down".into(),
            reason: NoEffect::AlertAtBottom,
        });
        return;
    }
    state.alert[i] = Some(to);
    events.push(Event::AlertMoved { column, from, to });
}
