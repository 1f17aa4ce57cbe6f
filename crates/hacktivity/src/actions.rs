//! What players do ([`Action`]), what happens ([`Event`]) and why an action is refused
//! ([`Illegal`]). JSON forms are `{"type": "...", ...}` and stable.

use lockpick_engine::{Seat, Verdict, Why};
use serde::{Deserialize, Serialize};

use crate::cards::Shape;
use crate::ids::{CardId, Column, Side, Target, Zone};
use crate::state::Campaign;

/// Why an icon did nothing: what it needed and the game lacked (the golden rule), or the limit
/// it met. Its JSON is the snake_case name; the log words it in each language
/// ([`NoEffect::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoEffect {
    /// A player's firewall is already at its maximum or at 0.
    FirewallAtLimit,
    /// Every firewall of the team is at its maximum.
    EveryFirewallAtMaximum,
    /// No firewall of the team is above 0.
    NoFirewallToLower,
    /// The player's character deck is empty.
    CharacterDeckEmpty,
    /// The Anomaly deck is empty.
    AnomalyDeckEmpty,
    /// The scenario has no Core Attack deck.
    NoCoreAttackDeck,
    /// No target can be attacked.
    NoTarget,
    /// No character card in the hand or the deck.
    NoCharacterCard,
    /// No visible character card to duplicate.
    NothingToDuplicate,
    /// No other isolated anomaly with room for the blocks.
    NoRoomForBlocks,
    /// No isolated anomaly.
    NoIsolatedAnomaly,
    /// CyberLink is not in the game.
    NoCyberLink,
    /// CyberLink has no cyberchain token left.
    NoChainToken,
    /// DrPower is not in the game.
    NoDrPower,
    /// DrPower's charge marker is at the end of its track.
    ChargeAtEnd,
    /// The infection is at the bottom of its track.
    InfectionAtBottom,
    /// The leftmost alert marker is on the bottom row.
    AlertAtBottom,
}

impl NoEffect {
    /// The reason in English and French.
    #[must_use]
    pub const fn text(self) -> lockpick_engine::Text {
        use lockpick_engine::Text;
        match self {
            Self::FirewallAtLimit => Text::new(
                "the firewall is at its limit",
                "le pare-feu est à sa limite",
            ),
            Self::EveryFirewallAtMaximum => Text::new(
                "every firewall is at its maximum",
                "tous les pare-feu sont à leur maximum",
            ),
            Self::NoFirewallToLower => {
                Text::new("no firewall to lower", "aucun pare-feu à baisser")
            }
            Self::CharacterDeckEmpty => Text::new(
                "the character deck is empty",
                "la pioche Personnage est vide",
            ),
            Self::AnomalyDeckEmpty => {
                Text::new("the Anomaly deck is empty", "la pioche Anomalie est vide")
            }
            Self::NoCoreAttackDeck => Text::new(
                "this scenario has no Core Attack deck",
                "ce scénario n'a pas de paquet Attaque du Noyau",
            ),
            Self::NoTarget => Text::new(
                "no target can be attacked",
                "aucune cible ne peut être attaquée",
            ),
            Self::NoCharacterCard => Text::new(
                "no character card in hand or deck",
                "aucune carte Personnage en main ni dans la pioche",
            ),
            Self::NothingToDuplicate => Text::new(
                "no visible character card to duplicate",
                "aucune carte Personnage visible à dupliquer",
            ),
            Self::NoRoomForBlocks => Text::new(
                "no other anomaly with room for the blocks",
                "aucune autre anomalie n'a de place pour les blocs",
            ),
            Self::NoIsolatedAnomaly => Text::new("no isolated anomaly", "aucune anomalie isolée"),
            Self::NoCyberLink => Text::new(
                "CyberLink is not in the game",
                "CyberLink n'est pas dans la partie",
            ),
            Self::NoChainToken => {
                Text::new("no cyberchain token left", "plus aucun pion cyberchaîne")
            }
            Self::NoDrPower => Text::new(
                "DrPower is not in the game",
                "DrPower n'est pas dans la partie",
            ),
            Self::ChargeAtEnd => Text::new(
                "the charge marker is at the end of its track",
                "le marqueur de charge est au bout de sa piste",
            ),
            Self::InfectionAtBottom => Text::new(
                "the infection is at the bottom of its track",
                "l'infection est au plancher de sa piste",
            ),
            Self::AlertAtBottom => Text::new(
                "the leftmost alert marker is on the bottom row",
                "le marqueur Alerte le plus à gauche est sur la rangée du bas",
            ),
        }
    }
}

/// Where a discarded card comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscardSource {
    /// A character card from the hand.
    Hand(CardId),
    /// The top card of the character deck.
    Deck,
}

/// A player's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Draw phase: how many cards to take from your deck and from the Anomaly deck (face down).
    ChooseDraw {
        /// From your character deck.
        own: u8,
        /// From the Anomaly deck.
        anomaly: u8,
    },
    /// Tell the team which icons your cards carry (never the numbers).
    ShowIcons {},
    /// Plan step: ready to play.
    Ready {},
    /// Play a card from your hand with one of its options.
    Play {
        /// The card.
        card: CardId,
        /// The option (a character card goes to the matching discard pile; an anomaly's top is
        /// deactivation, its bottom self-destruct).
        side: Side,
        /// For an anomaly's deactivation: the free Antivirus zone it goes to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<Zone>,
    },
    /// End your turn after playing one card (or when you only run programs).
    EndTurn {},
    /// DrPower: spend charge to run a program of the Experimental card (1 to 4).
    RunProgram {
        /// The program, 1 to 4.
        program: u8,
    },
    /// Answer an effect: the target of an attack, a cyberchain token or data blocks.
    Target {
        /// The target.
        target: Target,
    },
    /// Answer an effect shared among the team (a firewall point): the player it goes to.
    Teammate {
        /// The player.
        seat: Seat,
    },
    /// Answer a discard effect: which card, into which pile.
    Discard {
        /// A card from the hand, or the top of the deck.
        from: DiscardSource,
        /// The discard pile.
        pile: Side,
    },
    /// Answer BLAAST!'s duplicate: the visible character card whose option is copied.
    Duplicate {
        /// A card on top of a discard pile.
        card: CardId,
    },
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A wave begins with its draw phase.
    WaveStarted {
        /// Its number.
        wave: u32,
        /// Cards each player draws.
        tension: u8,
    },
    /// A player chose their draws (face down).
    DrawChosen {
        /// Who.
        seat: Seat,
        /// From their deck.
        own: u8,
        /// From the Anomaly deck.
        anomaly: u8,
    },
    /// Cards went to a hand. Other seats see the backs only (`cards` is empty for them).
    CardsDrawn {
        /// Whose hand.
        seat: Seat,
        /// Character backs.
        own: u8,
        /// Mauve anomaly backs.
        anomaly: u8,
        /// Yellow Alert backs.
        alert: u8,
        /// The cards (their owner only).
        cards: Vec<CardId>,
    },
    /// A player showed the icons of their hand (without numbers).
    IconsShown {
        /// Who.
        seat: Seat,
        /// The icons of each card newly shown.
        shapes: Vec<Shape>,
    },
    /// A player is ready to play.
    Ready {
        /// Who.
        seat: Seat,
    },
    /// A player's turn in the play phase.
    TurnStarted {
        /// Who.
        seat: Seat,
    },
    /// A card was played.
    CardPlayed {
        /// By whom.
        seat: Seat,
        /// The card.
        card: CardId,
        /// The option.
        side: Side,
        /// For a deactivation, its zone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<Zone>,
    },
    /// An anomaly was isolated in a zone with its data blocks.
    Isolated {
        /// The anomaly.
        card: CardId,
        /// The zone.
        zone: Zone,
        /// Its data blocks.
        blocks: u8,
    },
    /// An isolated anomaly lost data blocks.
    AnomalyHit {
        /// The zone.
        zone: Zone,
        /// The anomaly.
        card: CardId,
        /// Blocks removed.
        amount: u8,
        /// Blocks left.
        blocks: u8,
    },
    /// An anomaly reached 0 blocks: deactivated, into the enemy discard.
    Deactivated {
        /// The anomaly.
        card: CardId,
        /// The zone it freed.
        zone: Zone,
        /// Its cyberchain strength (printed plus tokens).
        chain: u8,
    },
    /// The infection marker moved.
    Infection {
        /// Before.
        from: i8,
        /// After.
        to: i8,
    },
    /// A firewall marker moved.
    Firewall {
        /// Whose.
        seat: Seat,
        /// Before.
        from: u8,
        /// After.
        to: u8,
    },
    /// DrPower's charge marker moved.
    Charge {
        /// Before.
        from: u8,
        /// After.
        to: u8,
    },
    /// An Alert marker moved.
    AlertMoved {
        /// Its column.
        column: Column,
        /// Before.
        from: u8,
        /// After.
        to: u8,
    },
    /// A marker reached the top row: removed, and an Alert card shuffled into the Anomaly deck.
    AlertTriggered {
        /// The column whose marker is removed.
        column: Column,
        /// Where the Alert card went, counted from the top of the Anomaly deck (none when the
        /// Alert deck is empty).
        position: Option<usize>,
    },
    /// A card was discarded by an effect (no icons resolved).
    Discarded {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Into which pile.
        pile: Side,
        /// From the top of the deck (else from the hand).
        from_deck: bool,
    },
    /// BLAAST! duplicates a visible card's option.
    Duplicated {
        /// Who.
        seat: Seat,
        /// The card copied.
        card: CardId,
        /// Which option (its pile).
        side: Side,
        /// How many times.
        times: u8,
    },
    /// A card went to the out-of-play discard.
    Exiled {
        /// The card.
        card: CardId,
    },
    /// Data blocks were added to an isolated anomaly.
    BlocksAdded {
        /// The zone.
        zone: Zone,
        /// The anomaly.
        card: CardId,
        /// Blocks added.
        amount: u8,
        /// Blocks now.
        blocks: u8,
    },
    /// A cyberchain token was placed on an anomaly.
    ChainPlaced {
        /// The zone.
        zone: Zone,
        /// Tokens there now.
        tokens: u8,
    },
    /// A deactivated anomaly's cyberchain strikes its first enemies left and right.
    Chained {
        /// The zone it was in.
        from: Zone,
        /// The strength.
        amount: u8,
        /// What it hits (none on the left when no anomaly is there).
        targets: Vec<Target>,
    },
    /// DrPower ran a program.
    ProgramRun {
        /// The program, 1 to 4.
        program: u8,
        /// Charge spent.
        cost: u8,
    },
    /// An icon could not apply and is ignored (the golden rule), or stopped at a limit.
    Ignored {
        /// The icon's key.
        icon: String,
        /// Why.
        reason: NoEffect,
    },
    /// A player's turn ended.
    TurnEnded {
        /// Who.
        seat: Seat,
    },
    /// Every hand is empty: the wave ends.
    WaveEnded {
        /// Its number.
        wave: u32,
    },
    /// The game ended.
    GameOver {
        /// Won or lost.
        verdict: Verdict,
        /// Why.
        reason: String,
        /// The campaign record.
        campaign: Campaign,
    },
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This seat may not act now.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// An effect waits for a choice.
    #[error("an effect waits for a choice: answer it first")]
    ChoicePending,
    /// The card is not in the hand.
    #[error("card {0} is not in your hand")]
    NotInHand(CardId),
    /// The draw split is not possible.
    #[error("{0}")]
    BadDraw(Why),
    /// Anything else, explained.
    #[error("{0}")]
    NotNow(Why),
}

impl Illegal {
    /// The refusal in French.
    #[must_use]
    pub fn french(&self) -> String {
        match self {
            Self::Over => "la partie est finie".into(),
            Self::NotYourTurn => "ce n'est pas au tour de cette place".into(),
            Self::ChoicePending => "un effet attend un choix : faites-le d'abord".into(),
            Self::NotInHand(card) => format!("la carte {card} n'est pas dans votre main"),
            Self::BadDraw(why) | Self::NotNow(why) => why.fr.clone(),
        }
    }
}
