//! Card faces: what is printed on a card, and what a teammate may be told about it.

use serde::{Deserialize, Serialize};

use crate::icons::{Effect, Icon};
use crate::ids::{CardId, Character, Deck, Side};

/// The kind of a card, which decides how it is played and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A character card: into the matching discard pile of its player.
    Character,
    /// A Solo-X card: played like a character card, then into the enemy discard; not a
    /// character card (it cannot be discarded by the discard icon).
    SoloX,
    /// An anomaly: deactivation (into an Antivirus zone) or self-destruct.
    Anomaly,
    /// An Alert card: played like an anomaly.
    Alert,
    /// An Alpha card: a starting anomaly on the Antivirus screen.
    Alpha,
    /// A Solo-A or Solo-B card: played like a standard card, then into the enemy discard.
    Solo,
}

impl CardKind {
    /// Whether the card is played like an anomaly (deactivation or self-destruct).
    #[must_use]
    pub const fn is_anomaly(self) -> bool {
        matches!(self, Self::Anomaly | Self::Alert | Self::Alpha)
    }
}

/// The back of a card, which everyone at the table sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Back {
    /// A character card (or a Solo-X card shuffled into a character deck).
    Character,
    /// A mauve anomaly back (also the Solo-A cards shuffled among them).
    Anomaly,
    /// A yellow Alert back.
    Alert,
}

/// One card as printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its id.
    pub id: CardId,
    /// Its printed title.
    pub name: String,
    /// Its title in French, when the content file gives one (`name_fr`); empty otherwise, and
    /// the French interface then shows `name`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name_fr: String,
    /// How it is played.
    pub kind: CardKind,
    /// The anomaly category printed at its top (anomalies and alerts; empty otherwise).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub category: String,
    /// Data blocks (anomalies, alerts, Alpha cards; 0 otherwise).
    #[serde(default)]
    pub blocks: u8,
    /// A printed cyberchain: on deactivation, attack this much left and right.
    #[serde(default)]
    pub chain: u8,
    /// The top option's icons, left to right.
    pub top: Vec<Effect>,
    /// The bottom option's icons, left to right.
    pub bottom: Vec<Effect>,
}

impl Card {
    /// Its title in `lang` ("fr" gives the French title where there is one; anything else, the
    /// printed one).
    #[must_use]
    pub fn name_in(&self, lang: &str) -> &str {
        if lang == "fr" && !self.name_fr.is_empty() {
            &self.name_fr
        } else {
            &self.name
        }
    }

    /// The icons of one option.
    #[must_use]
    pub fn option(&self, side: Side) -> &[Effect] {
        match side {
            Side::Top => &self.top,
            Side::Bottom => &self.bottom,
        }
    }

    /// Whether playing `side` puts the card in the out-of-play discard.
    #[must_use]
    pub fn exiles(&self, side: Side) -> bool {
        self.option(side).iter().any(|e| e.icon == Icon::Exile)
    }

    /// Whether this card carries BLAAST!'s duplicate icon (such a card cannot be duplicated).
    #[must_use]
    pub fn duplicates(&self) -> bool {
        self.top
            .iter()
            .chain(&self.bottom)
            .any(|e| matches!(e.icon, Icon::Duplicate { .. }))
    }

    /// The back everyone sees.
    #[must_use]
    pub fn back(&self) -> Back {
        match (self.kind, self.id.deck) {
            (CardKind::Character | CardKind::SoloX, _) => Back::Character,
            (CardKind::Alert, _) => Back::Alert,
            _ => Back::Anomaly,
        }
    }

    /// The character whose deck holds this card, if any.
    #[must_use]
    pub const fn character(&self) -> Option<Character> {
        match self.id.deck {
            Deck::Character(c) | Deck::SoloX(c) => Some(c),
            _ => None,
        }
    }

    /// What the communication rule lets a player tell: the icons, never the numbers.
    #[must_use]
    pub fn shape(&self) -> Shape {
        Shape {
            back: self.back(),
            top: self.top.iter().map(Effect::shape).collect(),
            bottom: self.bottom.iter().map(Effect::shape).collect(),
            chain: self.chain > 0,
        }
    }
}

/// A card's icons without numbers, as shown to teammates.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Shape {
    /// The card's back.
    pub back: Back,
    /// The top option's icons.
    pub top: Vec<String>,
    /// The bottom option's icons.
    pub bottom: Vec<String>,
    /// Whether it prints a cyberchain.
    pub chain: bool,
}

/// One line for a card, as `lockpick show` prints it: `cyberlink-3 Ping [attack 1 | split 3,
/// alert_up 1]`. In French (`lang` = "fr") the card's French title and words; the icons keep the
/// content files' notation in both languages.
#[must_use]
pub fn line(card: &Card, lang: &str) -> String {
    let fr = lang == "fr";
    let list = |effects: &[Effect]| {
        if effects.is_empty() {
            "-".to_string()
        } else {
            effects
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let chain = if fr { "chaîne" } else { "chain" };
    let mut s = format!("{} {}", card.id, card.name_in(lang));
    if card.kind == CardKind::Alpha {
        s.push_str(" (Alpha");
        if card.chain > 0 {
            s.push_str(&format!(", {chain} {}", card.chain));
        }
        s.push(')');
        return s;
    }
    if card.kind.is_anomaly() {
        let blocks = if fr { "blocs" } else { "blocks" };
        s.push_str(&format!(" ({} {blocks}", card.blocks));
        if card.chain > 0 {
            s.push_str(&format!(", {chain} {}", card.chain));
        }
        s.push(')');
    }
    s.push_str(&format!(" [{} | {}]", list(&card.top), list(&card.bottom)));
    s
}
