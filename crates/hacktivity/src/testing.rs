//! A builder of game positions for rule scenarios (used by this crate's tests and the bots').
//!
//! ```
//! use lockpick_hacktivity::testing::{Table, c};
//! use lockpick_hacktivity::ids::Side;
//! let mut t = Table::new(2, &["cyberlink", "artemis"]).hand(0, &["cyberlink-5"]).playing(0);
//! t.play(0, "cyberlink-5", Side::Top);
//! assert!(t.state.player(lockpick_engine::Seat(0)).top.contains(&c("cyberlink-5")));
//! ```

use lockpick_engine::{Game, Options, Seat, SeatCount};

use crate::Hacktivity;
use crate::actions::{Action, Event, Illegal};
use crate::cards::{Card, CardKind};
use crate::icons::Effect;
use crate::ids::{CardId, Column, Deck, Side, Zone};
use crate::state::{Phase, State, Turn, ZoneState};

/// A card id from its text, like `"a1-3"`.
///
/// # Panics
/// On a malformed id (a test bug).
#[must_use]
pub fn c(text: &str) -> CardId {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A game position under construction, then played.
#[derive(Debug, Clone)]
pub struct Table {
    /// The state, free to adjust.
    pub state: State,
    /// Events of the last action.
    pub events: Vec<Event>,
}

impl Table {
    /// A game of scenario 1 at `seats` seats with these characters (keys like `"drpower"`;
    /// two for solo), seed 1, as set up: wave 1's draw phase.
    ///
    /// # Panics
    /// On options the game refuses (a test bug).
    #[must_use]
    pub fn new(seats: u8, characters: &[&str]) -> Self {
        Self::with(seats, characters, &[])
    }

    /// As [`Table::new`], with more options (like `("campaign_defeats", "2")`).
    ///
    /// # Panics
    /// On options the game refuses (a test bug).
    #[must_use]
    pub fn with(seats: u8, characters: &[&str], more: &[(&str, &str)]) -> Self {
        let schema = Hacktivity::options_schema();
        let mut given: Vec<(&str, &str)> = crate::setup::CHARACTER_KEYS
            .iter()
            .copied()
            .zip(characters.iter().copied())
            .collect();
        given.extend_from_slice(more);
        let options = Options::resolve(&schema, given).expect("valid options");
        let state = Hacktivity::setup(&options, SeatCount(seats), 1).expect("setup");
        Self {
            state,
            events: Vec::new(),
        }
    }

    /// Takes a card out of wherever it lies (deck, hand, pile, zone).
    fn take(&mut self, card: CardId) {
        let s = &mut self.state;
        for p in &mut s.players {
            p.deck.retain(|x| *x != card);
            p.hand.retain(|h| h.card != card);
            p.top.retain(|x| *x != card);
            p.bottom.retain(|x| *x != card);
        }
        s.anomaly_deck.retain(|x| *x != card);
        s.alert_deck.retain(|x| *x != card);
        s.enemy_discard.retain(|x| *x != card);
        s.exile.retain(|x| *x != card);
        for z in &mut s.zones {
            if matches!(z, ZoneState::Isolated { card: x, .. } if *x == card) {
                *z = ZoneState::Empty;
            }
        }
    }

    /// Puts these cards in `seat`'s hand.
    #[must_use]
    pub fn hand(mut self, seat: u8, cards: &[&str]) -> Self {
        for text in cards {
            let card = c(text);
            self.take(card);
            self.state
                .player_mut(Seat(seat))
                .hand
                .push(crate::state::HandCard { card, shown: false });
        }
        self
    }

    /// Puts these cards on top of `seat`'s deck (the last one on top).
    #[must_use]
    pub fn deck_top(mut self, seat: u8, cards: &[&str]) -> Self {
        for text in cards {
            let card = c(text);
            self.take(card);
            self.state.player_mut(Seat(seat)).deck.push(card);
        }
        self
    }

    /// Puts these cards on top of the Anomaly deck (the last one on top).
    #[must_use]
    pub fn anomaly_top(mut self, cards: &[&str]) -> Self {
        for text in cards {
            let card = c(text);
            self.take(card);
            self.state.anomaly_deck.push(card);
        }
        self
    }

    /// Puts a card on a discard pile of `seat`.
    #[must_use]
    pub fn pile(mut self, seat: u8, side: Side, card: &str) -> Self {
        let card = c(card);
        self.take(card);
        self.state.player_mut(Seat(seat)).pile_mut(side).push(card);
        self
    }

    /// Defines a custom card (kept in the state) and returns its id.
    ///
    /// # Panics
    /// On bad icon notation (a test bug).
    pub fn custom(
        &mut self,
        kind: CardKind,
        blocks: u8,
        chain: u8,
        top: &[&str],
        bottom: &[&str],
    ) -> CardId {
        let id = CardId::new(Deck::Custom, self.state.custom.len() as u8 + 1);
        let parse = |list: &[&str]| -> Vec<Effect> {
            list.iter()
                .map(|t| Effect::parse(t).unwrap_or_else(|e| panic!("{t}: {e}")))
                .collect()
        };
        self.state.custom.push(Card {
            id,
            name: format!("Test card {}", id.n),
            name_fr: String::new(),
            kind,
            category: String::new(),
            blocks,
            chain,
            top: parse(top),
            bottom: parse(bottom),
        });
        id
    }

    /// Gives `seat` a custom card in hand and returns its id.
    pub fn custom_in_hand(
        &mut self,
        seat: u8,
        kind: CardKind,
        top: &[&str],
        bottom: &[&str],
    ) -> CardId {
        let blocks = if kind.is_anomaly() { 2 } else { 0 };
        let id = self.custom(kind, blocks, 0, top, bottom);
        self.state
            .player_mut(Seat(seat))
            .hand
            .push(crate::state::HandCard {
                card: id,
                shown: false,
            });
        id
    }

    /// Sets an Antivirus zone: an anomaly with its blocks, or empty (`None`).
    #[must_use]
    pub fn zone(mut self, zone: u8, anomaly: Option<(&str, u8)>) -> Self {
        let state = match anomaly {
            Some((card, blocks)) => {
                let card = c(card);
                self.take(card);
                ZoneState::Isolated {
                    card,
                    blocks,
                    chains: 0,
                }
            }
            None => ZoneState::Empty,
        };
        *self.state.zone_mut(Zone(zone)) = state;
        self
    }

    /// Empties every Antivirus zone that is not blocked.
    #[must_use]
    pub fn clear_zones(mut self) -> Self {
        for z in &mut self.state.zones {
            if *z != ZoneState::Blocked {
                *z = ZoneState::Empty;
            }
        }
        self
    }

    /// Sets the infection marker.
    #[must_use]
    pub fn infection(mut self, at: i8) -> Self {
        self.state.infection = at;
        self
    }

    /// Sets a firewall marker.
    #[must_use]
    pub fn firewall(mut self, seat: u8, at: u8) -> Self {
        self.state.player_mut(Seat(seat)).firewall = at;
        self
    }

    /// Sets the Alert markers, like `&["c7", "d3"]` (every other column empty).
    ///
    /// # Panics
    /// On a malformed square (a test bug).
    #[must_use]
    pub fn alerts(mut self, squares: &[&str]) -> Self {
        self.state.alert = vec![None; self.state.alert.len()];
        for sq in squares {
            let (Column(col), row) = Column::parse_position(sq).expect("a square like c4");
            self.state.alert[usize::from(col)] = Some(row);
        }
        self
    }

    /// Sets DrPower's charge.
    ///
    /// # Panics
    /// If DrPower is not at the table (a test bug).
    #[must_use]
    pub fn charge(mut self, at: u8) -> Self {
        self.state
            .experimental
            .as_mut()
            .expect("DrPower plays")
            .charge = at;
        self
    }

    /// Starts `seat`'s turn in the play phase (draws skipped).
    #[must_use]
    pub fn playing(mut self, seat: u8) -> Self {
        self.state.phase = Phase::Play;
        self.state.tasks.clear();
        self.state.draws = vec![None; self.state.players.len()];
        self.state.turn = Some(Turn {
            seat: Seat(seat),
            played: 0,
        });
        self.state.turn_number += 1;
        self
    }

    /// Plays an action for `seat`.
    ///
    /// # Errors
    /// Why the game refused it.
    pub fn act(&mut self, seat: u8, action: Action) -> Result<&[Event], Illegal> {
        self.events.clear();
        Hacktivity::apply(&mut self.state, Seat(seat), &action, &mut self.events)?;
        Ok(&self.events)
    }

    /// Plays a card with an option (an anomaly's top goes to the first free zone).
    ///
    /// # Panics
    /// If refused (a test bug).
    pub fn play(&mut self, seat: u8, card: &str, side: Side) -> &[Event] {
        let id = c(card);
        self.play_id(seat, id, side)
    }

    /// As [`Table::play`], by id.
    ///
    /// # Panics
    /// If refused (a test bug).
    pub fn play_id(&mut self, seat: u8, card: CardId, side: Side) -> &[Event] {
        let zone = if side == Side::Top && self.state.card(card).kind.is_anomaly() {
            self.state.free_zones().next()
        } else {
            None
        };
        self.act(seat, Action::Play { card, side, zone })
            .unwrap_or_else(|e| panic!("play {card} {side:?}: {e}"))
    }

    /// Answers a target choice (panics if refused).
    ///
    /// # Panics
    /// If refused (a test bug).
    pub fn target(&mut self, seat: u8, target: crate::ids::Target) -> &[Event] {
        self.act(seat, Action::Target { target })
            .unwrap_or_else(|e| panic!("target {target}: {e}"))
    }

    /// The legal actions of `seat`.
    #[must_use]
    pub fn legal(&self, seat: u8) -> Vec<Action> {
        let mut out = Vec::new();
        Hacktivity::legal_actions(&self.state, Seat(seat), &mut out);
        out
    }

    /// Whether an event of the last action matches.
    #[must_use]
    pub fn saw(&self, pred: impl Fn(&Event) -> bool) -> bool {
        self.events.iter().any(pred)
    }

    /// The blocks of the anomaly in `zone` (0 when empty).
    #[must_use]
    pub fn blocks(&self, zone: u8) -> u8 {
        match self.state.zone(Zone(zone)) {
            ZoneState::Isolated { blocks, .. } => blocks,
            _ => 0,
        }
    }
}
