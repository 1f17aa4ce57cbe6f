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
