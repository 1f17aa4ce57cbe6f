//! Small JSON helpers for the kit's messages.

use serde_json::Value;

/// `value` as compact JSON, cut to about 160 characters.
pub(crate) fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(160) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Appends one step of a JSON pointer to `path`: `/` and the key, with `~` written `~0` and `/`
/// written `~1` (RFC 6901). The kit walks every view and event it checks, so this allocates
/// nothing.
pub(crate) fn push_key(path: &mut String, key: &str) {
    path.push('/');
    if !key.contains(['~', '/']) {
        path.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Appends one step of a JSON pointer to `path`: `/` and an array's index.
pub(crate) fn push_index(path: &mut String, index: usize) {
    use std::fmt::Write as _;
    let _ = write!(path, "/{index}");
}

/// Where `a` and `b` first differ, as `at /pointer: a vs b`.
pub(crate) fn diff(a: &Value, b: &Value) -> String {
    fn go(path: &mut String, a: &Value, b: &Value) -> Option<String> {
        let len = path.len();
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys()) {
                    push_key(path, key);
                    let found = match (x.get(key), y.get(key)) {
                        (Some(u), Some(v)) => go(path, u, v),
                        (u, v) => Some(format!(
                            "at {path}: {} vs {}",
                            u.map_or_else(|| "(absent)".to_owned(), short),
                            v.map_or_else(|| "(absent)".to_owned(), short)
                        )),
                    };
                    if found.is_some() {
                        return found;
                    }
                    path.truncate(len);
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (u, v)) in x.iter().zip(y).enumerate() {
                    push_index(path, i);
                    if let Some(found) = go(path, u, v) {
                        return Some(found);
                    }
                    path.truncate(len);
                }
                None
            }
            _ if a == b => None,
            _ => Some(format!(
                "at {}: {} vs {}",
                display(path),
                short(a),
                short(b)
            )),
        }
    }
    fn display(path: &str) -> &str {
        if path.is_empty() { "the root" } else { path }
    }
    go(&mut String::new(), a, b).unwrap_or_else(|| "no difference in JSON".to_owned())
}

/// Whether `value` is a JSON object with a string `type`, the shape of every action and event.
pub(crate) fn is_typed_object(value: &Value) -> bool {
    value.get("type").is_some_and(Value::is_string)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn diff_points_at_the_first_difference() {
        let a = json!({"hand": [1, 2], "deck": 3});
        let b = json!({"hand": [1, 5], "deck": 3});
        assert_eq!(diff(&a, &b), "at /hand/1: 2 vs 5");
        assert_eq!(diff(&json!({"a": 1}), &json!({})), "at /a: 1 vs (absent)");
        assert_eq!(
            diff(&json!([1]), &json!([1, 2])),
            "at the root: [1] vs [1,2]"
        );
        assert_eq!(diff(&a, &a), "no difference in JSON");
    }

    #[test]
    fn short_cuts_long_values() {
        let long = Value::String("x".repeat(500));
        assert!(short(&long).chars().count() <= 161);
        assert_eq!(short(&json!(1)), "1");
    }

    #[test]
    fn typed_objects_have_a_string_type() {
        assert!(is_typed_object(&json!({"type": "move", "to": 3})));
        assert!(!is_typed_object(&json!({"type": 3})));
        assert!(!is_typed_object(&json!("move")));
    }
}
