//! Small typed names: the four characters, card ids, Antivirus zones, Alert columns, the two
//! options of a card, and attack targets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A playable character: each owns a deck, and its number fixes the playing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Character {
    /// CyberLink (01): cyberchains.
    #[serde(rename = "cyberlink")]
    CyberLink,
    /// DrPower (02): the Experimental implant.
    #[serde(rename = "drpower")]
    DrPower,
    /// BLAAST! (03): duplicates programs.
    Blaast,
    /// ArTeMiS (04): many targets, manages the Alert screen.
    Artemis,
}

impl Character {
    /// Every character, in playing order.
    pub const ALL: [Self; 4] = [Self::CyberLink, Self::DrPower, Self::Blaast, Self::Artemis];

    /// The number on the back of the deck (01 to 04), which fixes the playing order.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::CyberLink => 1,
            Self::DrPower => 2,
            Self::Blaast => 3,
            Self::Artemis => 4,
        }
    }

    /// The key used in options, content files and card ids.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::CyberLink => "cyberlink",
            Self::DrPower => "drpower",
            Self::Blaast => "blaast",
            Self::Artemis => "artemis",
        }
    }

    /// The printed name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::CyberLink => "CyberLink",
            Self::DrPower => "DrPower",
            Self::Blaast => "BLAAST!",
            Self::Artemis => "ArTeMiS",
        }
    }

    /// The character with this key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.key() == key)
    }
}

/// Which deck a card belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Deck {
    /// A character's deck.
    Character(Character),
    /// A character's Solo-X cards (solo mode only).
    SoloX(Character),
    /// Anomaly group A1 to A4.
    Anomaly(u8),
    /// The Alert deck for 2, 3 or 4 (the number printed on its cards).
    Alert(u8),
    /// The Alpha cards (starting anomalies).
    Alpha,
    /// Solo-A cards (shuffled into the anomalies in solo mode).
    SoloA,
    /// Solo-B cards (kept in the box in scenario 1).
    SoloB,
    /// A card defined by a test or a tool, kept in the state.
    Custom,
}

/// One physical card: its deck and its number in that deck (from 1).
///
/// JSON form: a string like `"cyberlink-7"`, `"cyberlink-x1"` (Solo-X), `"a2-5"` (anomaly group
/// A2), `"alert3-1"`, `"alpha-2"`, `"solo-a-1"`, `"solo-b-2"`, `"custom-1"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CardId {
    /// The deck.
    pub deck: Deck,
    /// Its number in the deck, from 1.
    pub n: u8,
}

impl CardId {
    /// A card id.
    #[must_use]
    pub const fn new(deck: Deck, n: u8) -> Self {
        Self { deck, n }
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.deck {
            Deck::Character(c) => write!(f, "{}-{}", c.key(), self.n),
            Deck::SoloX(c) => write!(f, "{}-x{}", c.key(), self.n),
            Deck::Anomaly(g) => write!(f, "a{g}-{}", self.n),
            Deck::Alert(g) => write!(f, "alert{g}-{}", self.n),
            Deck::Alpha => write!(f, "alpha-{}", self.n),
            Deck::SoloA => write!(f, "solo-a-{}", self.n),
            Deck::SoloB => write!(f, "solo-b-{}", self.n),
            Deck::Custom => write!(f, "custom-{}", self.n),
        }
    }
}

impl FromStr for CardId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("'{s}' is not a card id (like cyberlink-7, a2-5, alert3-1)");
        let (prefix, number) = s.rsplit_once('-').ok_or_else(bad)?;
        let parse_n = |t: &str| -> Result<u8, String> {
            t.parse::<u8>().ok().filter(|n| *n >= 1).ok_or_else(bad)
        };
        if let Some(c) = Character::from_key(prefix) {
            return match number.strip_prefix('x') {
                Some(n) => Ok(Self::new(Deck::SoloX(c), parse_n(n)?)),
                None => Ok(Self::new(Deck::Character(c), parse_n(number)?)),
            };
        }
        let n = parse_n(number)?;
        let deck = match prefix {
            "alpha" => Deck::Alpha,
            "solo-a" => Deck::SoloA,
            "solo-b" => Deck::SoloB,
            "custom" => Deck::Custom,
            _ => {
                if let Some(g) = prefix.strip_prefix("alert") {
                    Deck::Alert(
                        g.parse()
                            .ok()
                            .filter(|g| (2..=4).contains(g))
                            .ok_or_else(bad)?,
                    )
                } else if let Some(g) = prefix.strip_prefix('a') {
                    Deck::Anomaly(
                        g.parse()
                            .ok()
                            .filter(|g| (1..=4).contains(g))
                            .ok_or_else(bad)?,
                    )
                } else {
                    return Err(bad());
                }
            }
        };
        Ok(Self::new(deck, n))
    }
}

impl TryFrom<String> for CardId {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<CardId> for String {
    fn from(id: CardId) -> Self {
        id.to_string()
    }
}

/// One of a card's two options; for a character card also the discard pile it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The top option (anomalies: deactivation, into an Antivirus zone).
    Top,
    /// The bottom option (anomalies: self-destruct).
    Bottom,
}

impl Side {
    /// Both sides.
    pub const ALL: [Self; 2] = [Self::Top, Self::Bottom];
}

/// An Antivirus zone, 1 to 4 from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Zone(pub u8);

impl Zone {
    /// The four zones, left to right.
    pub const ALL: [Self; 4] = [Self(1), Self(2), Self(3), Self(4)];

    /// Index into the zone array.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A column of the Alert screen, `a` to `f` (0 to 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Column(pub u8);

impl Column {
    /// The letter printed on the screen.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses a marker position like `"c4"` into the column and the row.
    #[must_use]
    pub fn parse_position(text: &str) -> Option<(Self, u8)> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !('a'..='f').contains(&letter) {
            return None;
        }
        let row: u8 = chars.as_str().parse().ok()?;
        Some((Self(letter as u8 - b'a'), row))
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What an attack hits: an isolated anomaly (by its zone) or the Bogue étrange (the infection).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The anomaly in this Antivirus zone.
    Anomaly(Zone),
    /// The card on the Critical screen.
    Bug,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Anomaly(z) => write!(f, "zone {z}"),
            Self::Bug => write!(f, "the Strange Bug"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_ids_round_trip_through_text() {
        for text in [
            "cyberlink-7",
            "drpower-x2",
            "a1-5",
            "a4-10",
            "alert3-1",
            "alpha-2",
            "solo-a-1",
            "solo-b-2",
            "custom-3",
            "artemis-15",
        ] {
            let id: CardId = text.parse().unwrap();
            assert_eq!(id.to_string(), text);
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(serde_json::from_str::<CardId>(&json).unwrap(), id);
        }
        for bad in [
            "",
            "a5-1",
            "alert1-1",
            "zork-1",
            "cyberlink-0",
            "a1-",
            "blaast-xx",
        ] {
            assert!(bad.parse::<CardId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn alert_positions_parse() {
        assert_eq!(Column::parse_position("c4"), Some((Column(2), 4)));
        assert_eq!(Column::parse_position("g1"), None);
        assert_eq!(Column::parse_position("a"), None);
    }
}
