//! Toy heist: a tiny cooperative game with hidden information, for testing the kit, the
//! engine and the interfaces without a real game.
//!
//! Twelve cards ranked 1 to 12 are shuffled. Two go face down into the vault; each seat is
//! dealt a private hand; the rest is the deck. On its turn a seat may walk up to two steps
//! along four rooms (room 3 is the vault; walking can be undone), then ends its turn by:
//! - **play**ing a card higher than the top of the table, then drawing;
//! - **discard**ing a card (the alarm rises), then drawing;
//! - **crack**ing the vault from room 3: its top card is revealed; if higher than the table's
//!   top it is laid on the table, otherwise the alarm rises and the card is shuffled into the
//!   deck;
//! - **pass**ing, only with an empty hand (the alarm rises).
//!
//! The team wins when the table holds `target` cards, and loses when the alarm reaches 3.
//!
//! [`ToyGame`] takes a [`flaw`]: `ToyGame<{ flaw::NONE }>` ([`Toy`]) keeps the contract, the
//! others break one rule each so the kit's own tests can see it complain.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Probe, walk};
use crate::{
    Game, GameRng, OptionKind, OptionSpec, Options, Outcome, Seat, SeatCount, SetupError, Text,
    ToAct, Viewer,
};

/// The flaws a [`ToyGame`] can be built with.
pub mod flaw {
    /// Keeps the contract.
    pub const NONE: u8 = 0;
    /// Every view shows every hand.
    pub const LEAKY_VIEW: u8 = 1;
    /// Draws are not redacted: everyone sees the card drawn.
    pub const LEAKY_EVENT: u8 = 2;
    /// `determinize` reshuffles the seat's own hand too.
    pub const DETERMINIZE_CHANGES_VIEW: u8 = 3;
    /// A refused action still raises the alarm.
    pub const MUTATES_ON_ERROR: u8 = 4;
    /// The game never reports an outcome.
    pub const NEVER_ENDS: u8 = 5;
    /// `crack` is listed away from the vault, where `apply` refuses it.
    pub const LISTS_REFUSED: u8 = 6;
    /// Discarding and passing are never listed, so a seat can be left without an action.
    pub const NO_ACTIONS: u8 = 7;
    /// Drawing depends on a global counter: the same action can draw different cards.
    pub const NONDETERMINISTIC: u8 = 8;
    /// The default of the `target` option is outside its range.
    pub const BAD_DEFAULT: u8 = 9;
    /// Cracking the vault panics.
    pub const PANICS: u8 = 10;
    /// `apply_listed` (the fast path) forgets the alarm a discard raises.
    pub const LISTED_DIFFERS: u8 = 11;
    /// `setup` deals a hand to any number of seats, none or more than it seats.
    pub const SEATS_UNCHECKED: u8 = 12;
}

/// The toy heist with one [`flaw`] (or none).
#[derive(Debug, Clone, Copy, Default)]
pub struct ToyGame<const FLAW: u8>;

/// The toy heist, keeping the contract.
pub type Toy = ToyGame<{ flaw::NONE }>;

/// Cards are ranked 1 to this.
const RANKS: u8 = 12;
/// Rooms 0 to 3.
const ROOMS: u8 = 4;
/// Where the vault is.
const VAULT_ROOM: u8 = ROOMS - 1;
/// Face-down cards in the vault at the start.
const VAULT_CARDS: usize = 2;
/// Steps a seat may walk each turn.
const MOVES_PER_TURN: u8 = 2;
/// The alarm level that loses the game.
const ALARM_LIMIT: u8 = 3;

/// Only the [`flaw::NONDETERMINISTIC`] toy reads this.
static DRAWS: AtomicU64 = AtomicU64::new(0);

/// A card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card {
    /// 1 to 12.
    pub rank: u8,
}

/// The whole toy state, hidden parts included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyState {
    pub(crate) seats: SeatCount,
    pub(crate) target: u8,
    /// Face down; the top is the last card.
    pub(crate) deck: Vec<Card>,
    /// Face down; the top is the last card.
    pub(crate) vault: Vec<Card>,
    /// Private to each seat.
    pub(crate) hands: Vec<Vec<Card>>,
    /// Face up, rising.
    pub(crate) table: Vec<Card>,
    /// Face up.
    pub(crate) discards: Vec<Card>,
    /// Vault cards revealed and shuffled back into the deck: everyone saw them.
    pub(crate) seen: Vec<Card>,
    pub(crate) rooms: Vec<u8>,
    pub(crate) turn: Seat,
    pub(crate) moves_left: u8,
    pub(crate) alarm: u8,
    pub(crate) rng: GameRng,
}

impl ToyState {
    fn top(&self) -> u8 {
        self.table.last().map_or(0, |c| c.rank)
    }
}

/// A toy move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToyAction {
    /// Walk to an adjacent room (free, twice a turn, undoable).
    Move {
        /// The room, 0 to 3.
        room: u8,
    },
    /// Lay a card from hand on the table, then draw.
    Play {
        /// The card.
        card: Card,
    },
    /// Discard a card from hand (the alarm rises), then draw.
    Discard {
        /// The card.
        card: Card,
    },
    /// Reveal the vault's top card (from room 3).
    Crack,
    /// End the turn with an empty hand (the alarm rises).
    Pass,
}

/// Something that happened in the toy heist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToyEvent {
    /// A seat walked.
    Moved {
        /// Who.
        seat: Seat,
        /// Where to.
        room: u8,
    },
    /// A card was laid on the table.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card was discarded.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat drew a card (`None`: the viewer may not see it).
    Drew {
        /// Who.
        seat: Seat,
        /// The card, for the drawing seat only.
        card: Option<Card>,
    },
    /// The vault's top card was revealed.
    Cracked {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// Whether it went onto the table.
        opened: bool,
    },
    /// The deck was shuffled.
    Shuffled {
        /// Its size.
        deck: usize,
    },
    /// The alarm rose.
    Alarm {
        /// The new level.
        level: u8,
    },
    /// A seat's turn began.
    TurnBegan {
        /// Whose.
        seat: Seat,
    },
    /// The game ended.
    Ended {
        /// How.
        outcome: Outcome,
    },
}

/// What one viewer may know of the toy heist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ToyView {
    /// Who looks.
    pub viewer: Viewer,
    /// The viewer's own hand (none for a spectator).
    pub hand: Option<Vec<Card>>,
    /// Every hand: only the [`flaw::LEAKY_VIEW`] toy fills this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_hands: Option<Vec<Vec<Card>>>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Cards in the deck.
    pub deck: usize,
    /// Cards in the vault.
    pub vault: usize,
    /// The table, rising.
    pub table: Vec<Card>,
    /// The discards.
    pub discards: Vec<Card>,
    /// Vault cards revealed and shuffled back.
    pub seen: Vec<Card>,
    /// Each seat's room.
    pub rooms: Vec<u8>,
    /// Whose turn it is.
    pub turn: Seat,
    /// Steps left this turn.
    pub moves_left: u8,
    /// The alarm level.
    pub alarm: u8,
    /// Cards on the table to win.
    pub target: u8,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
}

/// Why a toy action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToyIllegal {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Another seat's turn.
    #[error("it is seat {0}'s turn")]
    NotYourTurn(Seat),
    /// No steps left this turn.
    #[error("no moves left this turn")]
    NoMovesLeft,
    /// Not a neighbouring room.
    #[error("room {to} is not next to room {from}")]
    NotAdjacent {
        /// Where the seat is.
        from: u8,
        /// Where it wanted to go.
        to: u8,
    },
    /// The card is not in the seat's hand.
    #[error("card {0} is not in your hand")]
    NotInHand(u8),
    /// The card is not higher than the table's top.
    #[error("card {card} is not higher than the table's top card {top}")]
    TooLow {
        /// The card.
        card: u8,
        /// The table's top.
        top: u8,
    },
    /// Cracking needs the seat in the vault room.
    #[error("the vault is in room {VAULT_ROOM}; you are in room {0}")]
    NotAtVault(u8),
    /// The vault is empty.
    #[error("the vault is empty")]
    VaultEmpty,
    /// Passing needs an empty hand.
    #[error("you may pass only with an empty hand")]
    HandNotEmpty,
}

impl<const FLAW: u8> ToyGame<FLAW> {
    fn outcome(state: &ToyState) -> Option<Outcome> {
        if FLAW == flaw::NEVER_ENDS {
            None
        } else if state.table.len() >= usize::from(state.target) {
            Some(Outcome::won("cracked"))
        } else if state.alarm >= ALARM_LIMIT {
            Some(Outcome::lost("alarm"))
        } else {
            None
        }
    }

    fn validate(state: &ToyState, seat: Seat, action: &ToyAction) -> Result<(), ToyIllegal> {
        if Self::outcome(state).is_some() {
            return Err(ToyIllegal::Over);
        }
        if seat != state.turn {
            return Err(ToyIllegal::NotYourTurn(state.turn));
        }
        let hand = &state.hands[seat.index()];
        let room = state.rooms[seat.index()];
        match action {
            ToyAction::Move { room: to } => {
                if state.moves_left == 0 {
                    return Err(ToyIllegal::NoMovesLeft);
                }
                if *to >= ROOMS || to.abs_diff(room) != 1 {
                    return Err(ToyIllegal::NotAdjacent {
                        from: room,
                        to: *to,
                    });
                }
            }
            ToyAction::Play { card } => {
                if !hand.contains(card) {
                    return Err(ToyIllegal::NotInHand(card.rank));
                }
                if card.rank <= state.top() {
                    return Err(ToyIllegal::TooLow {
                        card: card.rank,
                        top: state.top(),
                    });
                }
            }
            ToyAction::Discard { card } => {
                if !hand.contains(card) {
                    return Err(ToyIllegal::NotInHand(card.rank));
                }
            }
            ToyAction::Crack => {
                if room != VAULT_ROOM {
                    return Err(ToyIllegal::NotAtVault(room));
                }
                if state.vault.is_empty() {
                    return Err(ToyIllegal::VaultEmpty);
                }
            }
            ToyAction::Pass => {
                if !hand.is_empty() {
                    return Err(ToyIllegal::HandNotEmpty);
                }
            }
        }
        Ok(())
    }

    fn raise_alarm(state: &mut ToyState, events: &mut Vec<ToyEvent>) {
        state.alarm = state.alarm.saturating_add(1);
        events.push(ToyEvent::Alarm { level: state.alarm });
    }

    fn draw(state: &mut ToyState, seat: Seat, events: &mut Vec<ToyEvent>) {
        if FLAW == flaw::NONDETERMINISTIC && DRAWS.fetch_add(1, Ordering::Relaxed) % 2 == 1 {
            state.deck.rotate_left(1);
        }
        if let Some(card) = state.deck.pop() {
            state.hands[seat.index()].push(card);
            events.push(ToyEvent::Drew {
                seat,
                card: Some(card),
            });
        }
    }

    fn end_turn(state: &mut ToyState, events: &mut Vec<ToyEvent>) {
        if let Some(outcome) = Self::outcome(state) {
            events.push(ToyEvent::Ended { outcome });
            return;
        }
        state.turn = Seat((state.turn.0 + 1) % state.seats.0);
        state.moves_left = MOVES_PER_TURN;
        events.push(ToyEvent::TurnBegan { seat: state.turn });
    }

    fn remove(hand: &mut Vec<Card>, card: Card) {
        if let Some(i) = hand.iter().position(|c| *c == card) {
            hand.remove(i);
        }
    }
}

impl<const FLAW: u8> Game for ToyGame<FLAW> {
    type State = ToyState;
    type Action = ToyAction;
    type Event = ToyEvent;
    type View = ToyView;
    type Illegal = ToyIllegal;

    const ID: &'static str = "toy";
    const NAME: Text = Text::new("Toy heist", "Casse miniature");
    const MIN_SEATS: u8 = 1;
    const MAX_SEATS: u8 = 3;

    fn options_schema() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "target",
                label: Text::new("Target", "Objectif"),
                help: Text::new(
                    "How many cards the team must lay on the table to win.",
                    "Combien de cartes l'équipe doit poser sur la table pour gagner.",
                ),
                kind: OptionKind::Int { min: 2, max: 6 },
                default: if FLAW == flaw::BAD_DEFAULT { "9" } else { "4" },
            },
            OptionSpec {
                key: "hand",
                label: Text::new("Hand size", "Taille de main"),
                help: Text::new(
                    "Cards dealt to each seat.",
                    "Cartes distribuées à chaque place.",
                ),
                kind: OptionKind::Int { min: 1, max: 3 },
                default: "2",
            },
        ]
    }

    fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<ToyState, SetupError> {
        if FLAW != flaw::SEATS_UNCHECKED {
            Self::check_seats(seats)?;
        }
        let number = |key: &str| -> Result<u8, SetupError> {
            options
                .get(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| SetupError::Invalid(format!("option '{key}' is missing")))
        };
        let (target, hand) = (number("target")?, number("hand")?);
        let mut rng = GameRng::from_seed(seed);
        let mut deck: Vec<Card> = (1..=RANKS).map(|rank| Card { rank }).collect();
        rng.shuffle(&mut deck);
        let vault = deck.split_off(deck.len() - VAULT_CARDS);
        let hands = (0..seats.get())
            .map(|_| deck.split_off(deck.len().saturating_sub(usize::from(hand))))
            .collect();
        Ok(ToyState {
            seats,
            target,
            deck,
            vault,
            hands,
            table: Vec::new(),
            discards: Vec::new(),
            seen: Vec::new(),
            rooms: vec![0; seats.get()],
            turn: Seat(0),
            moves_left: MOVES_PER_TURN,
            alarm: 0,
            rng,
        })
    }

    fn to_act(state: &ToyState) -> ToAct {
        match Self::outcome(state) {
            Some(outcome) => ToAct::Over { outcome },
            None => ToAct::one(state.turn),
        }
    }

    fn legal_actions(state: &ToyState, seat: Seat, out: &mut Vec<ToyAction>) {
        out.clear();
        if Self::outcome(state).is_some() || seat != state.turn {
            return;
        }
        let room = state.rooms[seat.index()];
        if state.moves_left > 0 {
            out.extend(
                [room.checked_sub(1), Some(room + 1).filter(|r| *r < ROOMS)]
                    .into_iter()
                    .flatten()
                    .map(|room| ToyAction::Move { room }),
            );
        }
        let hand = &state.hands[seat.index()];
        for card in hand {
            if card.rank > state.top() {
                out.push(ToyAction::Play { card: *card });
            }
        }
        if FLAW != flaw::NO_ACTIONS {
            out.extend(hand.iter().map(|card| ToyAction::Discard { card: *card }));
        }
        let at_vault = room == VAULT_ROOM || FLAW == flaw::LISTS_REFUSED;
        if at_vault && !state.vault.is_empty() {
            out.push(ToyAction::Crack);
        }
        if hand.is_empty() && FLAW != flaw::NO_ACTIONS {
            out.push(ToyAction::Pass);
        }
    }

    fn apply_listed(
        state: &mut ToyState,
        seat: Seat,
        action: &ToyAction,
        events: &mut Vec<ToyEvent>,
    ) -> Result<(), ToyIllegal> {
        let alarm = state.alarm;
        Self::apply(state, seat, action, events)?;
        if FLAW == flaw::LISTED_DIFFERS {
            state.alarm = alarm;
        }
        Ok(())
    }

    fn apply(
        state: &mut ToyState,
        seat: Seat,
        action: &ToyAction,
        events: &mut Vec<ToyEvent>,
    ) -> Result<(), ToyIllegal> {
        if let Err(e) = Self::validate(state, seat, action) {
            if FLAW == flaw::MUTATES_ON_ERROR {
                state.alarm = state.alarm.saturating_add(1);
            }
            return Err(e);
        }
        let s = seat.index();
        match action {
            ToyAction::Move { room } => {
                state.rooms[s] = *room;
                state.moves_left -= 1;
                events.push(ToyEvent::Moved { seat, room: *room });
                return Ok(());
            }
            ToyAction::Play { card } => {
                Self::remove(&mut state.hands[s], *card);
                state.table.push(*card);
                events.push(ToyEvent::Played { seat, card: *card });
                Self::draw(state, seat, events);
            }
            ToyAction::Discard { card } => {
                Self::remove(&mut state.hands[s], *card);
                state.discards.push(*card);
                events.push(ToyEvent::Discarded { seat, card: *card });
                Self::raise_alarm(state, events);
                Self::draw(state, seat, events);
            }
            ToyAction::Crack => {
                assert!(FLAW != flaw::PANICS, "the toy's vault exploded");
                let Some(card) = state.vault.pop() else {
                    return Err(ToyIllegal::VaultEmpty);
                };
                let opened = card.rank > state.top();
                events.push(ToyEvent::Cracked { seat, card, opened });
                if opened {
                    state.table.push(card);
                } else {
                    state.seen.push(card);
                    state.deck.push(card);
                    state.rng.shuffle(&mut state.deck);
                    events.push(ToyEvent::Shuffled {
                        deck: state.deck.len(),
                    });
                    Self::raise_alarm(state, events);
                }
            }
            ToyAction::Pass => Self::raise_alarm(state, events),
        }
        Self::end_turn(state, events);
        Ok(())
    }

    fn view(state: &ToyState, viewer: Viewer) -> ToyView {
        ToyView {
            viewer,
            hand: viewer.seat().map(|s| state.hands[s.index()].clone()),
            all_hands: (FLAW == flaw::LEAKY_VIEW).then(|| state.hands.clone()),
            hand_sizes: state.hands.iter().map(Vec::len).collect(),
            deck: state.deck.len(),
            vault: state.vault.len(),
            table: state.table.clone(),
            discards: state.discards.clone(),
            seen: state.seen.clone(),
            rooms: state.rooms.clone(),
            turn: state.turn,
            moves_left: state.moves_left,
            alarm: state.alarm,
            target: state.target,
            outcome: Self::outcome(state),
        }
    }

    fn redact(_state: &ToyState, event: &ToyEvent, viewer: Viewer) -> Option<ToyEvent> {
        match event {
            ToyEvent::Drew { seat, .. }
                if viewer != Viewer::Seat(*seat) && FLAW != flaw::LEAKY_EVENT =>
            {
                Some(ToyEvent::Drew {
                    seat: *seat,
                    card: None,
                })
            }
            _ => Some(event.clone()),
        }
    }

    fn determinize(state: &ToyState, seat: Seat, rng: &mut GameRng) -> ToyState {
        let mut out = state.clone();
        let mine = |i: usize| i == seat.index() && FLAW != flaw::DETERMINIZE_CHANGES_VIEW;
        let mut unknown: Vec<Card> = out.deck.drain(..).chain(out.vault.drain(..)).collect();
        for (i, hand) in out.hands.iter_mut().enumerate() {
            if !mine(i) {
                unknown.append(hand);
            }
        }
        rng.shuffle(&mut unknown);
        for (i, hand) in out.hands.iter_mut().enumerate() {
            if !mine(i) {
                let size = state.hands[i].len();
                hand.extend(unknown.drain(unknown.len() - size..));
            }
        }
        out.vault = unknown.split_off(unknown.len() - state.vault.len());
        out.deck = unknown;
        out.rng = rng.fork();
        out
    }

    fn undoable(
        _before: &ToyState,
        _after: &ToyState,
        _seat: Seat,
        action: &ToyAction,
        _events: &[ToyEvent],
    ) -> bool {
        matches!(action, ToyAction::Move { .. })
    }

    fn render_text(view: &ToyView, _lang: &str) -> String {
        let cards = |cards: &[Card]| -> String {
            if cards.is_empty() {
                "-".to_owned()
            } else {
                cards
                    .iter()
                    .map(|c| c.rank.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Table: {} (target {} cards)",
            cards(&view.table),
            view.target
        );
        let _ = writeln!(out, "Alarm: {}/{ALARM_LIMIT}", view.alarm);
        let _ = writeln!(
            out,
            "Vault: {} face down   Deck: {} cards",
            view.vault, view.deck
        );
        let _ = writeln!(out, "Discards: {}", cards(&view.discards));
        for (i, (room, size)) in view.rooms.iter().zip(&view.hand_sizes).enumerate() {
            let vault = if *room == VAULT_ROOM { " (vault)" } else { "" };
            let _ = writeln!(out, "Seat {i}: room {room}{vault}, {size} card(s)");
        }
        if let Some(hand) = &view.hand {
            let _ = writeln!(out, "Your hand: {}", cards(hand));
        }
        match &view.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {:?} ({})", o.verdict, o.reason);
            }
            None => {
                let _ = writeln!(
                    out,
                    "Turn: seat {} ({} move(s) left)",
                    view.turn, view.moves_left
                );
            }
        }
        out
    }

    fn describe_event(event: &ToyEvent, lang: &str) -> String {
        let fr = lang == "fr";
        match event {
            ToyEvent::Moved { seat, room } if fr => format!("La place {seat} va en salle {room}."),
            ToyEvent::Moved { seat, room } => format!("Seat {seat} moves to room {room}."),
            ToyEvent::Played { seat, card } if fr => {
                format!("La place {seat} pose le {}.", card.rank)
            }
            ToyEvent::Played { seat, card } => format!("Seat {seat} plays {}.", card.rank),
            ToyEvent::Discarded { seat, card } if fr => {
                format!("La place {seat} défausse le {}.", card.rank)
            }
            ToyEvent::Discarded { seat, card } => format!("Seat {seat} discards {}.", card.rank),
            ToyEvent::Drew {
                seat,
                card: Some(c),
            } if fr => {
                format!("La place {seat} pioche le {}.", c.rank)
            }
            ToyEvent::Drew {
                seat,
                card: Some(c),
            } => format!("Seat {seat} draws {}.", c.rank),
            ToyEvent::Drew { seat, card: None } if fr => format!("La place {seat} pioche."),
            ToyEvent::Drew { seat, card: None } => format!("Seat {seat} draws a card."),
            ToyEvent::Cracked { card, opened, .. } if fr => {
                let r = if *opened {
                    "ouvre le coffre"
                } else {
                    "déclenche l'alarme"
                };
                format!("Le coffre révèle le {}, qui {r}.", card.rank)
            }
            ToyEvent::Cracked { card, opened, .. } => {
                let r = if *opened {
                    "opens the vault"
                } else {
                    "trips the alarm"
                };
                format!("The vault reveals {}, which {r}.", card.rank)
            }
            ToyEvent::Shuffled { deck } if fr => format!("La pioche ({deck} cartes) est mélangée."),
            ToyEvent::Shuffled { deck } => format!("The deck ({deck} cards) is shuffled."),
            ToyEvent::Alarm { level } if fr => format!("L'alarme monte à {level}."),
            ToyEvent::Alarm { level } => format!("The alarm rises to {level}."),
            ToyEvent::TurnBegan { seat } if fr => format!("Au tour de la place {seat}."),
            ToyEvent::TurnBegan { seat } => format!("Seat {seat}'s turn."),
            ToyEvent::Ended { outcome } if fr => format!("Fin de partie : {}.", outcome.reason),
            ToyEvent::Ended { outcome } => format!("Game over: {}.", outcome.reason),
        }
    }
}

impl<const FLAW: u8> Probe for ToyGame<FLAW> {
    fn configs() -> Vec<(Options, SeatCount)> {
        let schema = Self::options_schema();
        let default = Options::resolve(&schema, []).unwrap_or_default();
        let hard = Options::resolve(&schema, [("target", "6"), ("hand", "1")]).unwrap_or_default();
        let mut configs = super::each_seat_count::<Self>(&default);
        configs.push((hard, SeatCount(2)));
        configs
    }

    /// Every card named must be one the viewer knows: on the table, discarded, revealed from
    /// the vault, or in the viewer's own hand.
    fn leak(state: &ToyState, viewer: Viewer, json: &Value) -> Result<(), String> {
        let own = viewer
            .seat()
            .map_or(&[][..], |s| &state.hands[s.index()][..]);
        let known = |card: &Card| {
            [&state.table[..], &state.discards, &state.seen, own]
                .iter()
                .any(|z| z.contains(card))
        };
        walk(json, &mut |path, v| {
            let rank = v
                .as_object()
                .filter(|m| m.len() == 1)
                .and_then(|m| m.get("rank"));
            match rank
                .and_then(Value::as_u64)
                .and_then(|r| u8::try_from(r).ok())
            {
                Some(rank) if !known(&Card { rank }) => {
                    Err(format!("card {rank} at {path} is hidden from this viewer"))
                }
                _ => Ok(()),
            }
        })
    }
}
