//! Candidate illegal actions: actions seen legal earlier in the playout, and legal actions with
//! one JSON field changed. Built only from the actions' JSON, so it works for every game.

use std::collections::BTreeSet;

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use super::probe::walk;
use crate::GameRng;

/// How many distinct actions the pool keeps; later ones replace random old ones.
const CAPACITY: usize = 512;

/// Distinct actions seen legal so far.
#[derive(Debug)]
pub(crate) struct Pool<A> {
    items: Vec<(String, A)>,
    keys: BTreeSet<String>,
    types: BTreeSet<String>,
}

impl<A: Clone + Serialize + DeserializeOwned> Pool<A> {
    pub(crate) fn new() -> Self {
        Self {
            items: Vec::new(),
            keys: BTreeSet::new(),
            types: BTreeSet::new(),
        }
    }

    /// Remembers `action` (serialized as `json`) if it is new.
    pub(crate) fn add(&mut self, action: &A, json: &Value, rng: &mut GameRng) {
        let key = json.to_string();
        if self.keys.contains(&key) {
            return;
        }
        if let Some(t) = json.get("type").and_then(Value::as_str) {
            self.types.insert(t.to_owned());
        }
        self.keys.insert(key.clone());
        if self.items.len() < CAPACITY {
            self.items.push((key, action.clone()));
        } else {
            let i = rng.index(CAPACITY);
            let (old, _) = std::mem::replace(&mut self.items[i], (key, action.clone()));
            self.keys.remove(&old);
        }
    }

    /// An action seen earlier, if any.
    pub(crate) fn any(&self, rng: &mut GameRng) -> Option<A> {
        rng.pick(&self.items).map(|(_, a)| a.clone())
    }

    /// `json` with one field changed (a number nudged, a flag flipped, the type swapped), if it
    /// still parses as an action.
    pub(crate) fn mutate(&self, json: &Value, rng: &mut GameRng) -> Option<A> {
        let mut leaves = Vec::new();
        let _ = walk(json, &mut |path, v| {
            if !path.is_empty() && !v.is_array() && !v.is_object() {
                leaves.push(path.to_owned());
            }
            Ok(())
        });
        let path = rng.pick(&leaves)?.clone();
        let mut changed = json.clone();
        let leaf = changed.pointer_mut(&path)?;
        match leaf {
            Value::Number(n) => {
                let n = n.as_i64().unwrap_or(0);
                let new = match rng.below(5) {
                    0 => n + 1,
                    1 => n - 1,
                    2 => n + 7,
                    3 => 0,
                    _ => 255,
                };
                *leaf = Value::from(new);
            }
            Value::Bool(b) => *leaf = Value::Bool(!*b),
            Value::String(s) if path == "/type" => {
                let types: Vec<&String> = self.types.iter().collect();
                *s = (*rng.pick(&types)?).clone();
            }
            Value::String(s) => s.push('x'),
            Value::Null => *leaf = Value::from(0),
            Value::Array(_) | Value::Object(_) => return None,
        }
        serde_json::from_value(changed).ok()
    }
}
