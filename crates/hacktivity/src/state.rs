//! The complete state of a game, hidden parts included: decks, hands, the three screens, the
//! players' boards, the phase of the wave and the effects waiting to resolve.

use std::collections::VecDeque;

use lockpick_engine::{GameRng, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::content::{Catalog, ExperimentalCard, catalog};
use crate::effects::Task;
use crate::ids::{CardId, Character, Column, Deck, Side, Target, Zone};
use crate::scenario::Scenario;

/// Rows of the Alert screen: a marker reaching this row sets off an alert.
pub const ALERT_ROWS: u8 = 8;
/// Columns of the Alert screen.
pub const ALERT_COLUMNS: usize = 6;

/// Where a wave stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Phase 1: every player chooses, face down, how many cards to draw from each deck.
    Draw,
    /// After the reveal, before play: teammates may show their icons, then say they are ready.
    Plan,
    /// Phase 2: in order, each player plays 1 or 2 cards, until every hand is empty.
    Play,
    /// The game is over.
    Over,
}

/// A player's choice of draws for the wave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawSplit {
    /// Cards from the player's own character deck.
    pub own: u8,
    /// Cards from the Anomaly deck.
    pub anomaly: u8,
}

/// A card in a hand, and whether its icons were shown to the team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandCard {
    /// The card.
    pub card: CardId,
    /// Its icons (not its numbers) were shown to teammates.
    pub shown: bool,
}

/// One player: their character(s), firewall, deck, hand and discard piles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The seat.
    pub seat: Seat,
    /// The character (two in solo mode, their decks shuffled together).
    pub characters: Vec<Character>,
    /// The firewall marker; 0 loses the game.
    pub firewall: u8,
    /// The top of the firewall card.
    pub firewall_max: u8,
    /// The character deck, top card last.
    pub deck: Vec<CardId>,
    /// The hand, in the order cards arrived.
    pub hand: Vec<HandCard>,
    /// The top discard pile (cards played with their top option), newest last.
    pub top: Vec<CardId>,
    /// The bottom discard pile, newest last.
    pub bottom: Vec<CardId>,
}

impl Player {
    /// A discard pile.
    #[must_use]
    pub fn pile(&self, side: Side) -> &Vec<CardId> {
        match side {
            Side::Top => &self.top,
            Side::Bottom => &self.bottom,
        }
    }

    /// A discard pile, to change.
    pub fn pile_mut(&mut self, side: Side) -> &mut Vec<CardId> {
        match side {
            Side::Top => &mut self.top,
            Side::Bottom => &mut self.bottom,
        }
    }

    /// Whether the hand holds this card.
    #[must_use]
    pub fn holds(&self, card: CardId) -> bool {
        self.hand.iter().any(|h| h.card == card)
    }
}

/// An Antivirus zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ZoneState {
    /// The Interdiction card blocks it.
    Blocked,
    /// Free for an anomaly.
    Empty,
    /// An isolated anomaly with its data blocks and the cyberchain tokens on it.
    Isolated {
        /// The anomaly.
        card: CardId,
        /// Its data blocks left.
        blocks: u8,
        /// CyberLink's tokens on it.
        chains: u8,
    },
}

/// DrPower's Experimental card in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Experimental {
    /// The seat holding it.
    pub owner: Seat,
    /// The charge marker.
    pub charge: u8,
    /// Which one-shot programs were used (their marker removed).
    pub used: Vec<bool>,
}

/// CyberLink's cyberchain tokens in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cyberchains {
    /// The seat holding them.
    pub owner: Seat,
    /// Tokens in the reserve (the others lie on anomalies).
    pub reserve: u8,
}

/// The play phase's current turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose turn it is.
    pub seat: Seat,
    /// Cards played this turn (1 or 2 per turn).
    pub played: u8,
}

/// What happens next in the campaign after this game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextStep {
    /// Won: read on and play the next scenario.
    NextScenario,
    /// First defeat: replay the scenario.
    Replay,
    /// Second defeat: read the emergency protocol and replay with it.
    EmergencyProtocol,
    /// Third defeat: move on to the next scenario.
    MoveOn,
}

/// The campaign record: defeats suffered on this scenario, and what comes next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// Defeats on this scenario before this game (the `campaign_defeats` option).
    pub defeats_before: u8,
    /// Whether this game uses the emergency protocol (after a second defeat).
    pub emergency: bool,
    /// Defeats including this game, once it is over.
    pub defeats: u8,
    /// What to do next, once the game is over.
    pub next: Option<NextStep>,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    /// The scenario's number.
    pub scenario: u8,
    /// Solo mode: one player with two characters.
    pub solo: bool,
    /// The players, in playing order (seat i is `players[i]`).
    pub players: Vec<Player>,
    /// The Alert screen: each column's marker row (1 to 7), or none.
    pub alert: Vec<Option<u8>>,
    /// The Alert deck, face down, top card last.
    pub alert_deck: Vec<CardId>,
    /// The Anomaly deck, face down, top card last (Alert cards may lie inside).
    pub anomaly_deck: Vec<CardId>,
    /// The four Antivirus zones.
    pub zones: Vec<ZoneState>,
    /// The infection marker on the Critical screen.
    pub infection: i8,
    /// The breaking point: the infection must never reach it.
    pub breaking_point: i8,
    /// The tension marker: its square on the scenario's tension track.
    pub tension_step: u8,
    /// The enemy discard: deactivated anomalies, alerts and solo cards.
    pub enemy_discard: Vec<CardId>,
    /// The out-of-play discard (exiled cards).
    pub exile: Vec<CardId>,
    /// DrPower's Experimental card, when DrPower plays.
    pub experimental: Option<Experimental>,
    /// CyberLink's cyberchains, when CyberLink plays.
    pub cyberchains: Option<Cyberchains>,
    /// The phase of the wave.
    pub phase: Phase,
    /// The wave number, from 1.
    pub wave: u32,
    /// In the draw phase, each seat's choice once made.
    pub draws: Vec<Option<DrawSplit>>,
    /// In the plan step, the seats that said they are ready.
    pub ready: Vec<bool>,
    /// The play phase's turn.
    pub turn: Option<Turn>,
    /// Counts turns (for undo barriers).
    pub turn_number: u32,
    /// Effects waiting to resolve, the next first.
    pub tasks: VecDeque<Task>,
    /// The game's end, once decided.
    pub outcome: Option<Outcome>,
    /// The campaign record.
    pub campaign: Campaign,
    /// The generator behind every shuffle.
    pub rng: GameRng,
    /// Cards defined outside the catalog (by tests), `custom-N` is `custom[N - 1]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub custom: Vec<Card>,
    /// The saved-game format whose rules the game plays by, so that games saved by an older
    /// Lockpick replay to their hash ([`lockpick_engine::FORMAT_VERSION`] for a new game):
    /// before format 4 any seat could choose its draw first. Not part of the state's JSON.
    #[serde(skip, default = "lockpick_engine::newest_format")]
    pub format: u32,
}

impl State {
    /// The card with this id.
    ///
    /// # Panics
    /// On an id that names no card (states are built from the catalog's ids only).
    #[must_use]
    pub fn card(&self, id: CardId) -> &Card {
        match id.deck {
            Deck::Custom => &self.custom[usize::from(id.n) - 1],
            _ => catalog().card(id).expect("a card of the catalog"),
        }
    }

    /// The catalog.
    #[must_use]
    pub fn catalog(&self) -> &'static Catalog {
        catalog()
    }

    /// This game's scenario.
    ///
    /// # Panics
    /// Never for a state made by setup (the scenario exists).
    #[must_use]
    pub fn scenario(&self) -> &'static Scenario {
        catalog()
            .scenario(self.scenario)
            .expect("a scenario of the catalog")
    }

    /// DrPower's Experimental card as printed.
    #[must_use]
    pub fn experimental_card(&self) -> &'static ExperimentalCard {
        catalog()
            .deck(Character::DrPower)
            .experimental
            .as_ref()
            .expect("DrPower's file has it")
    }

    /// A player.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// A player, to change.
    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// Every seat, in playing order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// How many characters the team uses (two in solo mode), for "× the number of characters".
    #[must_use]
    pub fn character_count(&self) -> u8 {
        self.players.iter().map(|p| p.characters.len() as u8).sum()
    }

    /// Cards each player draws this wave.
    #[must_use]
    pub fn tension(&self) -> u8 {
        let track = &self.scenario().tension;
        track[usize::from(self.tension_step).min(track.len() - 1)]
    }

    /// The lowest square of the infection track.
    #[must_use]
    pub fn infection_min(&self) -> i8 {
        self.scenario().infection_min
    }

    /// A zone.
    #[must_use]
    pub fn zone(&self, zone: Zone) -> ZoneState {
        self.zones[zone.index()]
    }

    /// A zone, to change.
    pub fn zone_mut(&mut self, zone: Zone) -> &mut ZoneState {
        &mut self.zones[zone.index()]
    }

    /// The zones holding an anomaly, left to right.
    pub fn isolated(&self) -> impl Iterator<Item = (Zone, CardId, u8)> + '_ {
        Zone::ALL.into_iter().filter_map(|z| match self.zone(z) {
            ZoneState::Isolated { card, blocks, .. } => Some((z, card, blocks)),
            _ => None,
        })
    }

    /// The free zones, left to right.
    pub fn free_zones(&self) -> impl Iterator<Item = Zone> + '_ {
        Zone::ALL
            .into_iter()
            .filter(|z| self.zone(*z) == ZoneState::Empty)
    }

    /// The targets an attack may hit now: isolated anomalies, and the Bogue étrange while its
    /// infection can still go down.
    #[must_use]
    pub fn attack_targets(&self, anomaly_only: bool) -> Vec<Target> {
        let mut out: Vec<Target> = self
            .isolated()
            .map(|(z, _, _)| Target::Anomaly(z))
            .collect();
        if !anomaly_only && self.infection > self.infection_min() {
            out.push(Target::Bug);
        }
        out
    }

    /// The leftmost Alert column holding a marker.
    #[must_use]
    pub fn leftmost_alert(&self) -> Option<Column> {
        self.alert
            .iter()
            .position(Option::is_some)
            .map(|i| Column(i as u8))
    }

    /// Whether every deck and every hand is empty.
    #[must_use]
    pub fn all_cards_played(&self) -> bool {
        self.anomaly_deck.is_empty()
            && self
                .players
                .iter()
                .all(|p| p.deck.is_empty() && p.hand.is_empty())
    }

    /// The seat that must act for the pending effect, if one waits for a choice.
    #[must_use]
    pub fn deciding(&self) -> Option<Seat> {
        self.tasks.front().map(|t| t.actor)
    }
}
