//! The short notation of `lockpick act`: an action written as words, such as `end_turn`,
//! `peek B2` or `move C1 2`, stands for the one legal action whose `type` is the first word and
//! whose values include every other word, in any order. It needs no notation of its own per
//! game: the words are matched against the JSON of the seat's legal actions.

use serde_json::Value;

/// What a line of words stands for among a seat's legal actions.
#[derive(Debug, PartialEq)]
pub(crate) enum Match {
    /// Exactly one legal action.
    One(Value),
    /// No legal action has these words.
    None,
    /// Several legal actions have them: their short forms.
    Several(Vec<String>),
}

/// The legal action `words` names (case-insensitive; `-` reads as `_`).
pub(crate) fn resolve(words: &str, legal: &[Value]) -> Match {
    let words: Vec<String> = words
        .split_whitespace()
        .map(|w| w.to_lowercase().replace('-', "_"))
        .collect();
    let Some((kind, rest)) = words.split_first() else {
        return Match::None;
    };
    let mut found: Vec<&Value> = legal
        .iter()
        .filter(|action| {
            action.get("type").and_then(Value::as_str) == Some(kind.as_str()) && {
                let values: Vec<String> = values(action).iter().map(|v| v.to_lowercase()).collect();
                rest.iter().all(|w| values.contains(w))
            }
        })
        .collect();
    match found.len() {
        0 => Match::None,
        1 => Match::One(found.remove(0).clone()),
        _ => Match::Several(found.into_iter().map(short).collect()),
    }
}

/// An action in words: its type, then its values in the order of their keys.
pub(crate) fn short(action: &Value) -> String {
    let kind = action.get("type").and_then(Value::as_str).unwrap_or("?");
    let mut out = kind.to_owned();
    for v in values(action) {
        out.push(' ');
        out.push_str(&v);
    }
    out
}

/// Every scalar value of an action but its type, nested objects and lists included.
fn values(action: &Value) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (key, v) in map {
                    if key != "type" {
                        walk(v, out);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            Value::String(s) => out.push(s.clone()),
            Value::Number(n) => out.push(n.to_string()),
            Value::Bool(b) => out.push(b.to_string()),
            Value::Null => {}
        }
    }
    let mut out = Vec::new();
    walk(action, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn legal() -> Vec<Value> {
        vec![
            json!({"type": "peek", "floor": 1, "cell": "C1"}),
            json!({"type": "move", "floor": 1, "cell": "C1", "by": "walk"}),
            json!({"type": "move", "floor": 2, "cell": "C1", "by": "stairs"}),
            json!({"type": "end_turn"}),
        ]
    }

    #[test]
    fn words_name_the_one_action_that_has_them_all() {
        let legal = legal();
        assert_eq!(resolve("end_turn", &legal), Match::One(legal[3].clone()));
        assert_eq!(resolve("peek c1", &legal), Match::One(legal[0].clone()));
        assert_eq!(resolve("Move 2 C1", &legal), Match::One(legal[2].clone()));
        assert_eq!(resolve("move stairs", &legal), Match::One(legal[2].clone()));
        assert_eq!(resolve("end-turn", &legal), Match::One(legal[3].clone()));
    }

    #[test]
    fn too_few_words_or_wrong_ones_are_told_apart() {
        let legal = legal();
        assert_eq!(
            resolve("move C1", &legal),
            Match::Several(vec!["move walk C1 1".into(), "move stairs C1 2".into()])
        );
        assert_eq!(resolve("move D4", &legal), Match::None);
        assert_eq!(resolve("jump", &legal), Match::None);
        assert_eq!(resolve("  ", &legal), Match::None);
    }
}
