//! Scenarios: the setup of each as data (`content/scenario1.toml`), and the optional rule hooks
//! a later scenario may add in code ([`ScenarioRules`]).
//!
//! Adding scenario 2: write `content/scenario2.toml` (same shape as `scenario1.toml`), add it
//! to [`crate::content::EMBEDDED`] (every `scenarioN.toml` there is loaded), add its number to
//! the `scenario` option in [`crate::setup::schema`], add its new cards to the content, and, if
//! it brings new rules, a type implementing [`ScenarioRules`] returned by [`rules`].

use lockpick_engine::Seat;
use serde::Serialize;

use crate::actions::Event;
use crate::ids::{Column, Zone};
use crate::state::State;

/// A firewall card's track: the marker's start and the printed maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Track {
    /// Where the marker starts.
    pub start: u8,
    /// The top of the track.
    pub max: u8,
}

/// An Alpha card placed at setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AlphaSetup {
    /// Which Alpha card (its number).
    pub card: u8,
    /// Its Antivirus zone.
    pub zone: Zone,
    /// Its data blocks.
    pub blocks: u8,
}

/// The setup that depends on the number of players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableSetup {
    /// Alert markers: column and row.
    pub alert_markers: Vec<(Column, u8)>,
    /// The Alert deck used (the number printed on its cards: 2, 3 or 4).
    pub alert_deck: u8,
    /// Anomaly groups shuffled into the Anomaly deck (1 for A1...).
    pub anomalies: Vec<u8>,
    /// The infection marker's start.
    pub infection: i8,
    /// The breaking point: the infection must never reach it.
    pub breaking_point: i8,
    /// Whether the Interdiction card blocks the first Antivirus zone.
    pub interdiction: bool,
    /// The Alpha cards on the Antivirus screen.
    pub alpha: Vec<AlphaSetup>,
}

/// The emergency protocol read after a second defeat: changes to the setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Emergency {
    /// The protocol's letter.
    pub letter: String,
    /// What it says.
    pub text: String,
    /// Added to the infection marker's start (negative helps).
    pub infection: i8,
    /// Added to every firewall's start (never above its maximum).
    pub firewall: i8,
}

/// One scenario's data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scenario {
    /// Its number (1 to 6).
    pub number: u8,
    /// Its title.
    pub name: String,
    /// The card on the Critical screen, in English.
    pub critical: String,
    /// Its title in French (`critical_fr`); empty when the file gives none.
    pub critical_fr: String,
    /// The lowest square of the infection track (the white squares go down to it).
    pub infection_min: i8,
    /// The tension track, square by square: cards each player draws per wave.
    pub tension: Vec<u8>,
    /// The team firewall card.
    pub firewall: Track,
    /// The solo firewall card.
    pub solo_firewall: Track,
    /// The setup for 1, 2, 3 and 4 players (index 0 for one player).
    pub tables: Vec<TableSetup>,
    /// The emergency protocol.
    pub emergency: Emergency,
}

impl Scenario {
    /// The setup for `players` players (1 to 4).
    #[must_use]
    pub fn table(&self, players: usize) -> &TableSetup {
        &self.tables[players.clamp(1, self.tables.len()) - 1]
    }
}

/// Rules a scenario adds on top of the base game. Every hook defaults to "nothing more", which
/// is scenario 1.
pub trait ScenarioRules: Sync {
    /// After the common setup.
    fn after_setup(&self, state: &mut State) {
        let _ = state;
    }

    /// At the end of each wave, before the end of the game is checked.
    fn after_wave(&self, state: &mut State, events: &mut Vec<Event>) {
        let _ = (state, events);
    }

    /// The scenario's additional victory conditions, checked with the base ones.
    fn extra_victory(&self, state: &State) -> bool {
        let _ = state;
        true
    }

    /// Draws `n` Core Attack cards for `seat`; returns whether the scenario has such a deck
    /// (if not, the icon is ignored by the golden rule).
    fn draw_core(&self, state: &mut State, seat: Seat, n: u8, events: &mut Vec<Event>) -> bool {
        let _ = (state, seat, n, events);
        false
    }
}

/// Scenario 1, "Première mission": the base rules only.
#[derive(Debug, Clone, Copy)]
pub struct FirstMission;

impl ScenarioRules for FirstMission {}

/// The rule hooks of scenario `number`.
#[must_use]
pub fn rules(number: u8) -> &'static dyn ScenarioRules {
    // Scenarios 2 to 6 add their rules here, matched on their number.
    let _ = number;
    &FirstMission
}
