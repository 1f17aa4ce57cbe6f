//! The conformance kit's leak probe: a view or event must never show a face-down room, the
//! order of a deck, the set-aside patrol cards, or where a floor's safe lies before it is seen.

use lockpick_engine::testkit::{Probe, default_options, walk};
use lockpick_engine::{Game, Options, SeatCount, Viewer};
use serde_json::Value;

use crate::{Burgle, State};

/// Keys that would carry a hidden order or hidden cards.
const HIDDEN_KEYS: [&str; 6] = ["patrol", "set_aside", "tools", "loot", "events", "rng"];

impl Probe for Burgle {
    fn configs() -> Vec<(Options, SeatCount)> {
        let schema = Burgle::options_schema();
        let table = |pairs: &[(&str, &str)], seats: u8| {
            (
                Options::resolve(&schema, pairs.iter().copied()).expect("valid options"),
                SeatCount(seats),
            )
        };
        let mut out: Vec<_> = (1..=4)
            .map(|n| (default_options::<Burgle>(), SeatCount(n)))
            .collect();
        out.push(table(&[("job", "office")], 2));
        out.push(table(&[("job", "fort_knox")], 2));
        out.push(table(
            &[("walls", "random"), ("deadbolts", "one_per_floor")],
            1,
        ));
        out.push(table(&[("characters", "choose_advanced")], 3));
        out.push(table(
            &[("solo_characters", "3"), ("difficulty", "easy")],
            1,
        ));
        out
    }

    fn leak(state: &State, _viewer: Viewer, json: &Value) -> Result<(), String> {
        check_leak(state, json)
    }
}

/// Looks for hidden information in a serialized view or event.
///
/// # Errors
/// A description of the leak.
pub fn check_leak(state: &State, json: &Value) -> Result<(), String> {
    walk(json, &mut |path, v| {
        if let Value::Object(map) = v {
            for key in HIDDEN_KEYS {
                // Hands of tools and loot are public; a deck would be an array at the top level.
                if path.is_empty() && map.get(key).is_some_and(Value::is_array) {
                    return Err(format!("the top level carries '{key}' as a list"));
                }
            }
            if path.is_empty() && map.contains_key("safe") {
                return Err("the view names the safes' rooms".into());
            }
        }
        Ok(())
    })?;
    // Face-down rooms show neither kind nor digit.
    if let Some(floors) = json.get("floors").and_then(Value::as_array) {
        for (f, floor) in floors.iter().enumerate() {
            for tile in floor
                .get("tiles")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let Some(cell) = tile
                    .get("cell")
                    .and_then(Value::as_str)
                    .and_then(crate::ids::Cell::parse)
                else {
                    return Err(format!("floor {} has a tile without a cell", f + 1));
                };
                let pos = crate::ids::Pos::new(crate::ids::Floor(f as u8), cell);
                let shown = !tile.get("kind").is_none_or(Value::is_null)
                    || !tile.get("digit").is_none_or(Value::is_null);
                if shown && !state.tile(pos).revealed {
                    return Err(format!("face-down room {pos} shows its kind or digit"));
                }
            }
        }
    }
    // An event naming a room's kind names a face-up room.
    if json.get("type").and_then(Value::as_str) == Some("revealed")
        && let Some(at) = json.get("at")
    {
        let pos: crate::ids::Pos = serde_json::from_value(at.clone()).map_err(|e| e.to_string())?;
        if !state.tile(pos).revealed {
            return Err(format!("an event shows face-down room {pos}"));
        }
    }
    Ok(())
}
