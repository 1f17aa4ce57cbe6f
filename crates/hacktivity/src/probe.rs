//! The conformance kit's leak probe: a view or event must never name a card lying in a deck
//! or in a hand the viewer does not hold.

use lockpick_engine::testkit::{Probe, default_options, walk};
use lockpick_engine::{Game, Options, SeatCount, Viewer};
use serde_json::Value;

use crate::ids::CardId;
use crate::{Hacktivity, State};

impl Probe for Hacktivity {
    fn configs() -> Vec<(Options, SeatCount)> {
        let schema = Hacktivity::options_schema();
        let table = |pairs: &[(&str, &str)], seats: u8| {
            (
                Options::resolve(&schema, pairs.iter().copied()).expect("valid options"),
                SeatCount(seats),
            )
        };
        let mut out: Vec<_> = (1..=4)
            .map(|n| (default_options::<Hacktivity>(), SeatCount(n)))
            .collect();
        out.push(table(
            &[("character1", "drpower"), ("character2", "blaast")],
            1,
        ));
        out.push(table(
            &[("character1", "cyberlink"), ("character2", "artemis")],
            1,
        ));
        out.push(table(
            &[("character1", "blaast"), ("character2", "drpower")],
            2,
        ));
        out.push(table(&[("campaign_defeats", "2")], 3));
        out
    }

    fn leak(state: &State, viewer: Viewer, json: &Value) -> Result<(), String> {
        check_leak(state, viewer, json)
    }
}

/// Where a card lies, if somewhere hidden from `viewer`.
fn hidden_place(state: &State, viewer: Viewer, card: CardId) -> Option<String> {
    for p in &state.players {
        if p.deck.contains(&card) {
            return Some(format!("seat {}'s deck", p.seat));
        }
        if p.holds(card) && viewer.seat() != Some(p.seat) {
            return Some(format!("seat {}'s hand", p.seat));
        }
    }
    if state.anomaly_deck.contains(&card) {
        return Some("the Anomaly deck".into());
    }
    if state.alert_deck.contains(&card) {
        return Some("the Alert deck".into());
    }
    None
}

/// Looks for hidden cards named in a serialized view or event.
///
/// # Errors
/// A description of the leak.
pub fn check_leak(state: &State, viewer: Viewer, json: &Value) -> Result<(), String> {
    walk(json, &mut |path, v| {
        if path.starts_with("/custom") {
            return Ok(());
        }
        if let Value::String(s) = v
            && let Ok(card) = s.parse::<CardId>()
            && let Some(place) = hidden_place(state, viewer, card)
        {
            return Err(format!("{card} at {path} lies in {place}"));
        }
        Ok(())
    })
}
