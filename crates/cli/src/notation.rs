//! The short notation of `lockpick act`: an action written as words, such as `end_turn`,
//! `peek B2` or `move C1 2`, stands for the one legal action whose `type` is the first word and
//! whose values include every other word, in any order. It needs no notation of its own per
//! game: the words are matched against the JSON of the seat's legal actions. A seat or a
//! character in an action (`teammate 2`, Burgle Bros.' `give crowbar 2`) is counted from 1 in
//! words, as players count them and as the log names them ("burglar 2"); the JSON keeps its
//! index, from 0.

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
    let legal: Vec<Value> = legal.iter().map(|a| indexes_shifted(a, 1)).collect();
    match resolve_counted(words, &legal) {
        Match::One(action) => Match::One(indexes_shifted(&action, -1)),
        other => other,
    }
}

/// [`resolve`] among actions whose seats are already counted from 1.
fn resolve_counted(words: &str, legal: &[Value]) -> Match {
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

/// The one action the words most likely mean when no legal action has them all: a legal action
/// of the named type with the values the words give in place of its own, a word taking the
/// place of a value of its kind (a number of a number, a name of a name; `key=value` of that
/// key's). The game then says why it refuses it (`peek B1`: a wall stands between two rooms).
/// Of those, the ones with the fewest values changed; `None` when no legal action of the type
/// is near, or several different ones are as near.
pub(crate) fn near(words: &str, legal: &[Value]) -> Option<Value> {
    let legal: Vec<Value> = legal.iter().map(|a| indexes_shifted(a, 1)).collect();
    near_counted(words, &legal).map(|action| indexes_shifted(&action, -1))
}

/// [`near`] among actions whose seats are already counted from 1.
fn near_counted(words: &str, legal: &[Value]) -> Option<Value> {
    let words: Vec<&str> = words.split_whitespace().collect();
    let (kind, rest) = words.split_first()?;
    let kind = kind.to_lowercase().replace('-', "_");
    // Each word as (its key if written `key=value`, its value), read once for every action.
    let rest: Vec<(Option<String>, &str)> = rest
        .iter()
        .map(|word| match word.split_once('=') {
            Some((k, v)) => (Some(k.to_lowercase()), v),
            None => (None, *word),
        })
        .collect();
    let mut found: Vec<(usize, Value)> = Vec::new();
    'actions: for action in legal {
        if action.get("type").and_then(Value::as_str) != Some(kind.as_str()) {
            continue;
        }
        let Some(map) = action.as_object() else {
            continue;
        };
        let mut candidate = map.clone();
        // First the words the action already has: those fields stay.
        let mut claimed: Vec<String> = vec!["type".into()];
        let mut loose = Vec::new();
        for (key, value) in &rest {
            let held = candidate.iter().find(|(k, v)| {
                !claimed.contains(k)
                    && same_word(v, value)
                    && key.as_deref().is_none_or(|key| key == k.as_str())
            });
            match held {
                Some((k, _)) => claimed.push(k.clone()),
                None => loose.push((key, *value)),
            }
        }
        // Then each other word in a free field of its kind, one that looks like it first
        // (`D4` where a room is written, `walk` where a way is).
        let changed = loose.len();
        for (key, value) in loose {
            let free = |k: &String, v: &Value| {
                !claimed.contains(k)
                    && key.as_deref().is_none_or(|key| key == k.as_str())
                    && of_kind(v, value)
            };
            let slot = candidate
                .iter()
                .find(|(k, v)| free(k, v) && looks_like(v, value))
                .or_else(|| candidate.iter().find(|(k, v)| free(k, v)))
                .map(|(k, _)| k.clone());
            let Some(k) = slot else {
                continue 'actions;
            };
            let new = written_like(&candidate[&k], value);
            candidate.insert(k.clone(), new);
            claimed.push(k);
        }
        let candidate = Value::Object(candidate);
        if changed > 0 && !found.iter().any(|(_, c)| *c == candidate) {
            found.push((changed, candidate));
        }
    }
    // The nearest: the fewest values changed.
    let fewest = found.iter().map(|(n, _)| *n).min()?;
    found.retain(|(n, _)| *n == fewest);
    match found.len() {
        1 => found.pop().map(|(_, c)| c),
        _ => None,
    }
}

/// Whether a field's value is the word (case aside).
fn same_word(value: &Value, word: &str) -> bool {
    match value {
        Value::String(s) => s.eq_ignore_ascii_case(word),
        Value::Number(n) => n.to_string() == word,
        Value::Bool(b) => b.to_string() == word.to_lowercase(),
        _ => false,
    }
}

/// Whether the word is written like the value: letters, digits and signs in the same runs
/// (`D4` like `C1`, `walk` like `stairs`).
fn looks_like(value: &Value, word: &str) -> bool {
    fn shape(text: &str) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for c in text.chars() {
            let class = if c.is_alphabetic() {
                'a'
            } else if c.is_ascii_digit() {
                '9'
            } else {
                c
            };
            if out.last() != Some(&class) {
                out.push(class);
            }
        }
        out
    }
    matches!(value, Value::String(s) if shape(s) == shape(word))
}

/// Whether the word may stand where the value does: a number for a number, a name for a name.
fn of_kind(value: &Value, word: &str) -> bool {
    match value {
        Value::Number(_) => word.parse::<i64>().is_ok(),
        Value::String(_) => word.parse::<f64>().is_err(),
        Value::Bool(_) => word.parse::<bool>().is_ok(),
        _ => false,
    }
}

/// The word as a value of the field's kind, in the field's case (`b1` as `B1` where the game
/// writes rooms in capitals).
fn written_like(value: &Value, word: &str) -> Value {
    match value {
        Value::Number(_) => word.parse::<i64>().map_or(Value::Null, Value::from),
        Value::Bool(_) => Value::Bool(word.eq_ignore_ascii_case("true")),
        Value::String(s) if !s.chars().any(char::is_lowercase) => {
            Value::String(word.to_uppercase())
        }
        Value::String(s) if !s.chars().any(char::is_uppercase) => {
            Value::String(word.to_lowercase())
        }
        _ => Value::String(word.to_owned()),
    }
}

/// The keys whose numbers index a seat or a character from 0 in JSON: a seat (`seat`), a
/// teammate (`character`) and a card's giver or receiver (`from`, `to`).
const COUNTED_FROM_ONE: [&str; 4] = ["seat", "character", "from", "to"];

/// The action with every seat or character index moved by `by`: +1 from the JSON's index to
/// the number players count, -1 back (a 0 typed in words becomes -1, which no game reads as a
/// seat or a character).
fn indexes_shifted(action: &Value, by: i64) -> Value {
    match action {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = match (k.as_str(), v.as_i64()) {
                        (key, Some(n)) if COUNTED_FROM_ONE.contains(&key) => Value::from(n + by),
                        _ => indexes_shifted(v, by),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| indexes_shifted(v, by)).collect()),
        other => other.clone(),
    }
}

/// An action in words: its type, then its values in the order of their keys (a seat counted
/// from 1).
pub(crate) fn short(action: &Value) -> String {
    let kind = action.get("type").and_then(Value::as_str).unwrap_or("?");
    let mut out = kind.to_owned();
    for (_, v) in fields(&indexes_shifted(action, 1)) {
        out.push(' ');
        out.push_str(&v);
    }
    out
}

/// Each action as a player reads it and may type it: the game's sentence for it in `lang` ("en"
/// or "fr") as `seat` may read it, then its words in brackets ("Peek at B2 (floor 1) [peek B2
/// 1]"); the words alone where the game has no sentence for it.
pub(crate) fn listed(
    session: &dyn lockpick_engine::DynSession,
    seat: lockpick_engine::Seat,
    actions: &[Value],
    lang: &str,
) -> Vec<String> {
    let described = session.describe_actions(lockpick_engine::Viewer::Seat(seat), actions, lang);
    actions
        .iter()
        .zip(described)
        .map(|(action, text)| {
            let typed = short(action);
            text.map_or_else(|| typed.clone(), |t| format!("{t}  [{typed}]"))
        })
        .collect()
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
    fn a_seat_in_words_is_counted_from_one() {
        let legal = vec![
            json!({"type": "teammate", "seat": 0}),
            json!({"type": "teammate", "seat": 1}),
        ];
        assert_eq!(short(&legal[0]), "teammate 1");
        assert_eq!(short(&legal[1]), "teammate 2");
        assert_eq!(resolve("teammate 1", &legal), Match::One(legal[0].clone()));
        assert_eq!(
            resolve("teammate seat=2", &legal),
            Match::One(legal[1].clone())
        );
        assert_eq!(resolve("teammate 0", &legal), Match::None);
        // Seat 3 is no legal teammate: the action it would be, with the index the game reads.
        let only = &legal[..1];
        assert_eq!(
            near("teammate 3", only),
            Some(json!({"type": "teammate", "seat": 2}))
        );
        assert_eq!(
            near("teammate 0", only),
            Some(json!({"type": "teammate", "seat": -1}))
        );
    }

    #[test]
    fn a_character_in_words_is_counted_from_one() {
        let legal = vec![
            json!({"type": "give", "card": {"kind": "tool", "card": "crowbar"}, "to": 0}),
            json!({"type": "give", "card": {"kind": "tool", "card": "crowbar"}, "to": 2}),
            json!({"type": "ability", "character": 1}),
        ];
        assert_eq!(short(&legal[0]), "give crowbar tool 1");
        assert_eq!(
            resolve("give crowbar 3", &legal),
            Match::One(legal[1].clone())
        );
        assert_eq!(
            resolve("give crowbar 1", &legal),
            Match::One(legal[0].clone())
        );
        assert_eq!(resolve("give crowbar 0", &legal), Match::None);
        assert_eq!(short(&legal[2]), "ability 2");
        assert_eq!(resolve("ability 2", &legal), Match::One(legal[2].clone()));
    }

    #[test]
    fn words_near_one_legal_action_name_it_for_the_game_to_judge() {
        let legal = legal();
        // No legal peek at B1: the peek it would be, for the game to say why not.
        assert_eq!(
            near("peek b1", &legal),
            Some(json!({"type": "peek", "floor": 1, "cell": "B1"}))
        );
        assert_eq!(
            near("peek floor=3", &legal),
            Some(json!({"type": "peek", "floor": 3, "cell": "C1"}))
        );
        // Two moves could be meant (by walk on floor 1, by the stairs on floor 2).
        assert_eq!(near("move D4", &legal), None);
        assert_eq!(
            near("move D4 walk", &legal),
            Some(json!({"type": "move", "floor": 1, "cell": "D4", "by": "walk"}))
        );
        // A number where a name stands, a type no legal action has, nothing to replace.
        assert_eq!(near("peek 7 8 9", &legal), None);
        assert_eq!(near("jump A1", &legal), None);
        assert_eq!(near("end_turn", &legal), None);
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
