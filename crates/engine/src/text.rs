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
