//! Game options: a schema each game declares, and the validated values of one table.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Text;

/// One value an option may take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The value as written in `--option KEY=VALUE` and in saved games.
    pub value: &'static str,
    /// What the lobby shows.
    pub label: Text,
}

/// The type of an option's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// One of a fixed list.
    Choice {
        /// The values, in the order the lobby lists them.
        choices: Vec<Choice>,
    },
    /// A whole number in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
}

/// The schema of one option: what the CLI lists and the lobby renders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The key, as in `--option KEY=VALUE`.
    pub key: &'static str,
    /// A short name.
    pub label: Text,
    /// One or two sentences explaining the option to a player.
    pub help: Text,
    /// The type and allowed values.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// The value used when none is given.
    pub default: &'static str,
}

impl OptionSpec {
    /// Checks one value against this option.
    ///
    /// # Errors
    /// [`OptionError::BadValue`] naming the option, the value and what is allowed.
    pub fn check(&self, value: &str) -> Result<(), OptionError> {
        let ok = match &self.kind {
            OptionKind::Choice { choices } => choices.iter().any(|c| c.value == value),
            OptionKind::Int { min, max } => value
                .parse::<i64>()
                .is_ok_and(|v| (*min..=*max).contains(&v)),
        };
        if ok {
            Ok(())
        } else {
            Err(OptionError::BadValue {
                key: self.key.to_owned(),
                value: value.to_owned(),
                expected: self.expected(),
            })
        }
    }

    fn expected(&self) -> String {
        match &self.kind {
            OptionKind::Choice { choices } => choices
                .iter()
                .map(|c| c.value)
                .collect::<Vec<_>>()
                .join(" | "),
            OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
        }
    }
}

/// Why a set of options was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The game has no option with this key.
    #[error("unknown option '{key}' (this game's options: {known})")]
    Unknown {
        /// The key given.
        key: String,
        /// The keys the game knows, comma-separated.
        known: String,
    },
    /// The value is not allowed for this option.
    #[error("bad value '{value}' for option '{key}': expected {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A `KEY=VALUE` pair without `=`.
    #[error("option '{0}' is not of the form KEY=VALUE")]
    Malformed(String),
    /// The same key given twice: which value was meant is not for the game to guess.
    #[error("option '{0}' is given twice")]
    Repeated(String),
}

/// The options of one table: every key of the schema with a checked value.
///
/// Build it with [`Options::resolve`]; the only way to get one is through validation.
///
/// Read back from JSON (a saved game), a key written twice is refused rather than one of its
/// values silently kept.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options(
    #[serde(
        deserialize_with = "serde_with::As::<serde_with::MapPreventDuplicates<serde_with::Same, serde_with::Same>>::deserialize"
    )]
    BTreeMap<String, String>,
);

impl Options {
    /// Validates the given values against `schema` and fills in defaults.
    ///
    /// # Errors
    /// An unknown key, a bad value or a key given twice.
    pub fn resolve<'a>(
        schema: &[OptionSpec],
        given: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let mut map: BTreeMap<String, String> = schema
            .iter()
            .map(|s| (s.key.to_owned(), s.default.to_owned()))
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for (key, value) in given {
            if !seen.insert(key) {
                return Err(OptionError::Repeated(key.to_owned()));
            }
            let spec =
                schema
                    .iter()
                    .find(|s| s.key == key)
                    .ok_or_else(|| OptionError::Unknown {
                        key: key.to_owned(),
                        known: schema.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
                    })?;
            spec.check(value)?;
            map.insert(key.to_owned(), value.to_owned());
        }
        Ok(Self(map))
    }

    /// Parses `KEY=VALUE` strings, then resolves them.
    ///
    /// # Errors
    /// A pair without `=`, an unknown key or a bad value.
    pub fn parse_pairs(schema: &[OptionSpec], pairs: &[String]) -> Result<Self, OptionError> {
        let mut split = Vec::with_capacity(pairs.len());
        for pair in pairs {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| OptionError::Malformed(pair.clone()))?;
            split.push((k.trim(), v.trim()));
        }
        Self::resolve(schema, split)
    }

    /// Re-checks stored options (from a saved game or a database) against the schema.
    ///
    /// # Errors
    /// An unknown key or a bad value.
    pub fn revalidate(&self, schema: &[OptionSpec]) -> Result<Self, OptionError> {
        Self::resolve(schema, self.0.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    /// The value of `key`, if the schema has it.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// Every key and value, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "job",
                label: Text::new("Job", "Casse"),
                help: Text::new("Which building.", "Quel bâtiment."),
                kind: OptionKind::Choice {
                    choices: vec![
                        Choice {
                            value: "office",
                            label: Text::new("Office", "Bureau"),
                        },
                        Choice {
                            value: "bank",
                            label: Text::new("Bank", "Banque"),
                        },
                    ],
                },
                default: "bank",
            },
            OptionSpec {
                key: "count",
                label: Text::new("Count", "Nombre"),
                help: Text::new("How many.", "Combien."),
                kind: OptionKind::Int { min: 1, max: 4 },
                default: "1",
            },
        ]
    }

    #[test]
    fn defaults_fill_missing_keys() {
        let o = Options::resolve(&schema(), []).unwrap();
        assert_eq!(o.get("job"), Some("bank"));
        assert_eq!(o.get("count"), Some("1"));
    }

    #[test]
    fn given_values_override_defaults() {
        let o = Options::parse_pairs(&schema(), &["job=office".into(), "count=4".into()]).unwrap();
        assert_eq!(o.get("job"), Some("office"));
        assert_eq!(o.get("count"), Some("4"));
    }

    #[test]
    fn unknown_key_names_the_known_ones() {
        let e = Options::parse_pairs(&schema(), &["jobb=office".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option 'jobb' (this game's options: job, count)"
        );
    }

    #[test]
    fn bad_choice_lists_the_choices() {
        let e = Options::parse_pairs(&schema(), &["job=castle".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value 'castle' for option 'job': expected office | bank"
        );
    }

    #[test]
    fn int_out_of_range_is_refused() {
        let e = Options::parse_pairs(&schema(), &["count=5".into()]).unwrap_err();
        assert!(e.to_string().contains("a whole number from 1 to 4"));
    }

    #[test]
    fn pair_without_equals_is_malformed() {
        let e = Options::parse_pairs(&schema(), &["job".into()]).unwrap_err();
        assert_eq!(e, OptionError::Malformed("job".into()));
    }

    #[test]
    fn a_key_given_twice_is_refused_rather_than_one_value_dropped() {
        let e = Options::parse_pairs(&schema(), &["count=2".into(), "count=3".into()]).unwrap_err();
        assert_eq!(e, OptionError::Repeated("count".into()));
        assert_eq!(e.to_string(), "option 'count' is given twice");
    }
}
