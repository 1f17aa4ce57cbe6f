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

/// The legal action `words` names (case-insensitive; in the type, `-` reads as `_`). A word
/// `key=value` only matches that field. When several actions have every word, the one whose
/// values show the words in their order (as [`short`] prints them) is meant, if it is alone.
pub(crate) fn resolve(words: &str, legal: &[Value]) -> Match {
    let words: Vec<String> = words.split_whitespace().map(str::to_lowercase).collect();
    let Some((kind, rest)) = words.split_first() else {
        return Match::None;
    };
    let kind = kind.replace('-', "_");
    let fields = |action: &Value| -> Vec<(String, String)> {
        fields(action)
            .into_iter()
            .map(|(k, v)| (k.to_lowercase(), v.to_lowercase()))
            .collect()
    };
    let has = |fields: &[(String, String)], word: &str| match word.split_once('=') {
        Some((key, value)) => fields.iter().any(|(k, v)| k == key && v == value),
        None => fields.iter().any(|(_, v)| v == word),
    };
    let found: Vec<&Value> = legal
        .iter()
        .filter(|action| {
            action.get("type").and_then(Value::as_str) == Some(kind.as_str()) && {
                let fields = fields(action);
                rest.iter().all(|w| has(&fields, w))
            }
        })
        .collect();
    let in_order: Vec<&Value> = found
        .iter()
        .copied()
        .filter(|action| {
            let mut values = fields(action).into_iter().map(|(_, v)| v);
            rest.iter()
                .filter(|w| !w.contains('='))
                .all(|w| values.any(|v| &v == w))
        })
        .collect();
    match (found.len(), in_order.len()) {
        (0, _) => Match::None,
        (1, _) => Match::One(found[0].clone()),
        (_, 1) => Match::One(in_order[0].clone()),
        _ => Match::Several(found.into_iter().map(short).collect()),
    }
}

/// An action in words: its type, then its values in the order of their keys.
pub(crate) fn short(action: &Value) -> String {
    let kind = action.get("type").and_then(Value::as_str).unwrap_or("?");
    let mut out = kind.to_owned();
    for (_, v) in fields(action) {
        out.push(' ');
        out.push_str(&v);
    }
    out
}

/// Every scalar value of an action but its type, with the key it stands under (nested objects
/// and lists included: a list's items under the list's key).
fn fields(action: &Value) -> Vec<(String, String)> {
    fn walk(key: &str, v: &Value, out: &mut Vec<(String, String)>) {
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    if k != "type" {
                        walk(k, v, out);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(key, v, out)),
            Value::String(s) => out.push((key.to_owned(), s.clone())),
            Value::Number(n) => out.push((key.to_owned(), n.to_string())),
            Value::Bool(b) => out.push((key.to_owned(), b.to_string())),
            Value::Null => {}
        }
    }
    let mut out = Vec::new();
    walk("", action, &mut out);
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
    fn words_in_the_printed_order_or_with_their_key_tell_alike_actions_apart() {
        let legal = vec![
            json!({"type": "choose_draw", "anomaly": 1, "own": 2}),
            json!({"type": "choose_draw", "anomaly": 2, "own": 1}),
        ];
        assert_eq!(short(&legal[0]), "choose_draw 1 2");
        assert_eq!(
            resolve("choose_draw 1 2", &legal),
            Match::One(legal[0].clone())
        );
        assert_eq!(
            resolve("choose_draw 2 1", &legal),
            Match::One(legal[1].clone())
        );
        assert_eq!(
            resolve("choose_draw own=2 anomaly=1", &legal),
            Match::One(legal[0].clone())
        );
        assert_eq!(
            resolve("choose_draw own=1", &legal),
            Match::One(legal[1].clone())
        );
        assert_eq!(
            resolve("choose_draw 2", &legal),
            Match::Several(vec!["choose_draw 1 2".into(), "choose_draw 2 1".into()])
        );
    }

    #[test]
    fn a_value_keeps_its_hyphens() {
        let legal = vec![
            json!({"type": "play", "card": "artemis-3", "side": "top"}),
            json!({"type": "play", "card": "artemis-3", "side": "bottom"}),
        ];
        assert_eq!(
            resolve("play artemis-3 top", &legal),
            Match::One(legal[0].clone())
        );
        assert_eq!(
            resolve("play Artemis-3 bottom", &legal),
            Match::One(legal[1].clone())
        );
    }

    #[test]
    fn too_few_words_or_wrong_ones_are_told_apart() {
        let legal = legal();
        assert_eq!(
            resolve("move C1", &legal),
            Match::Several(vec!["move walk C1 1".into(), "move stairs C1 2".into()])
        );
        assert_eq!(resolve("move D4", &legal), Match::None);
        assert_eq!(resolve("move by=c1", &legal), Match::None);
        assert_eq!(resolve("jump", &legal), Match::None);
        assert_eq!(resolve("  ", &legal), Match::None);
    }
}
