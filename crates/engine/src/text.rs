use serde::Serialize;

/// A short text in both languages the interface speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// French.
    pub fr: &'static str,
}

impl Text {
    /// Both translations of one text.
    #[must_use]
    pub const fn new(en: &'static str, fr: &'static str) -> Self {
        Self { en, fr }
    }
}

/// A reason made up at run time (a refusal naming rooms, cards, counts), in both languages. It
/// displays in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Why {
    /// English.
    pub en: String,
    /// French.
    pub fr: String,
}

impl Why {
    /// A reason in both languages.
    pub fn new(en: impl Into<String>, fr: impl Into<String>) -> Self {
        Self {
            en: en.into(),
            fr: fr.into(),
        }
    }

    /// The reason in `lang` ("fr" for French; anything else reads as English).
    #[must_use]
    pub fn in_lang(&self, lang: &str) -> &str {
        if lang == "fr" { &self.fr } else { &self.en }
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

/// A count and its noun in English, the noun singular for one only: `1 card`, `0 cards`,
/// `3 data blocks`.
#[must_use]
pub fn count_en(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count and its noun in French, the noun singular for zero and one: `0 carte`, `1 bloc`,
/// `2 blocs de données`.
#[must_use]
pub fn count_fr(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n <= 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::{count_en, count_fr};

    #[test]
    fn english_puts_only_one_in_the_singular() {
        assert_eq!(count_en(0u8, "card", "cards"), "0 cards");
        assert_eq!(count_en(1u8, "card", "cards"), "1 card");
        assert_eq!(count_en(2u8, "data block", "data blocks"), "2 data blocks");
    }

    #[test]
    fn french_puts_zero_and_one_in_the_singular() {
        assert_eq!(count_fr(0u8, "carte", "cartes"), "0 carte");
        assert_eq!(count_fr(1u8, "bloc", "blocs"), "1 bloc");
        assert_eq!(count_fr(12u32, "pion", "pions"), "12 pions");
    }
}
