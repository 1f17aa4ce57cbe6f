//! What a game tells the kit about itself, and helpers to write it.

use serde_json::Value;

use crate::{Game, Options, SeatCount, Viewer};

/// What the kit needs from a game beyond [`Game`]: the tables to play, and how to tell a leak.
///
/// ```ignore
/// impl Probe for Burgle {
///     fn leak(state: &BurgleState, viewer: Viewer, json: &Value) -> Result<(), String> {
///         walk(json, &mut |path, v| match face_down_tile_in(state, v) {
///             Some(tile) => Err(format!("face-down tile {tile} at {path}")),
///             None => Ok(()),
///         })
///     }
/// }
/// ```
pub trait Probe: Game {
    /// The tables to play: options and seat count. The default is the default options at every
    /// seat count the game allows.
    #[must_use]
    fn configs() -> Vec<(Options, SeatCount)> {
        each_seat_count::<Self>(&default_options::<Self>())
    }

    /// Inspects `json`, a view or a redacted event serialized for `viewer`, for anything that
    /// viewer may not know in `state` (for an event, the state after the action).
    ///
    /// # Errors
    /// A description of the leak: what was seen and where (the JSON pointer helps).
    fn leak(state: &Self::State, viewer: Viewer, json: &Value) -> Result<(), String>;
}

/// The game's options with every default value.
///
/// An invalid default gives the empty options; the kit's schema check reports it.
#[must_use]
pub fn default_options<G: Game + ?Sized>() -> Options {
    Options::resolve(&G::options_schema(), []).unwrap_or_default()
}

/// `options` at every seat count from `G::MIN_SEATS` to `G::MAX_SEATS`.
#[must_use]
pub fn each_seat_count<G: Game + ?Sized>(options: &Options) -> Vec<(Options, SeatCount)> {
    (G::MIN_SEATS..=G::MAX_SEATS)
        .map(|n| (options.clone(), SeatCount(n)))
        .collect()
}

/// Calls `visit` on every value of `json` (depth first, the root included) with its JSON
/// pointer (`""` for the root, `/hands/1/0` for deeper values), stopping at the first error.
///
/// # Errors
/// The first error `visit` returns.
pub fn walk<'a>(
    json: &'a Value,
    visit: &mut dyn FnMut(&str, &'a Value) -> Result<(), String>,
) -> Result<(), String> {
    fn go<'a>(
        path: &mut String,
        json: &'a Value,
        visit: &mut dyn FnMut(&str, &'a Value) -> Result<(), String>,
    ) -> Result<(), String> {
        visit(path, json)?;
        let len = path.len();
        match json {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    super::json::push_index(path, i);
                    go(path, item, visit)?;
                    path.truncate(len);
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    super::json::push_key(path, key);
                    go(path, item, visit)?;
                    path.truncate(len);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
        Ok(())
    }
    go(&mut String::new(), json, visit)
}

/// Where a serialized [`crate::GameRng`] appears in `json`, if anywhere: no view or event
/// may carry the generator, since it predicts every future draw.
#[must_use]
pub fn find_rng(json: &Value) -> Option<String> {
    let mut found = None;
    let _ = walk(json, &mut |path, v| {
        if let Value::Object(map) = v {
            if map.len() == 3
                && map.contains_key("key")
                && map.contains_key("stream")
                && map.contains_key("word_pos")
            {
                found = Some(path.to_owned());
                return Err(String::new());
            }
        }
        Ok(())
    });
    found
}

/// How the kit names a viewer in messages.
pub(crate) fn viewer_name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(s) => format!("seat {s}"),
        Viewer::Spectator => "the spectator".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::GameRng;

    #[test]
    fn walk_visits_every_value_with_its_pointer() {
        let v = json!({"a": [1, {"b/c": true}], "d": null, "e~/f": 0});
        let mut seen = Vec::new();
        walk(&v, &mut |path, _| {
            seen.push(path.to_owned());
            Ok(())
        })
        .unwrap();
        assert_eq!(
            seen,
            ["", "/a", "/a/0", "/a/1", "/a/1/b~1c", "/d", "/e~0~1f"]
        );
        for path in &seen {
            assert!(
                v.pointer(path).is_some(),
                "{path} does not point into the value"
            );
        }
    }

    #[test]
    fn walk_stops_at_the_first_error() {
        let v = json!([1, 2, 3]);
        let mut count = 0;
        let err = walk(&v, &mut |_, v| {
            count += 1;
            if v == &json!(2) {
                Err("two".into())
            } else {
                Ok(())
            }
        });
        assert_eq!(err, Err("two".into()));
        assert_eq!(count, 3);
    }

    #[test]
    fn find_rng_spots_a_serialized_generator() {
        let rng = serde_json::to_value(GameRng::from_seed(1)).unwrap();
        assert_eq!(
            find_rng(&json!({"x": [0, {"deck": rng}]})),
            Some("/x/1/deck".into())
        );
        assert_eq!(find_rng(&json!({"key": 1, "stream": 2})), None);
    }
}
