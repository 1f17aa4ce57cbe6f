//! What players do ([`Action`]), what happens ([`Event`]) and why an action is refused
//! ([`Illegal`]). JSON forms are `{"type": "...", ...}` and stable.

use lockpick_engine::Verdict;
pub use lockpick_engine::Why;
use serde::{Deserialize, Serialize};

use crate::cards::{CharacterKind, EventCard, Loot, Side, TileKind, Tool};
use crate::ids::{Cell, Dir, Floor, Pos};
use crate::state::Payment;

/// What a card or an ability showed the team ([`Event::CardSeen`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    /// The top two tools, drawn with the Rigger in play: one is kept.
    Tools {
        /// The two tools.
        tools: Vec<Tool>,
    },
    /// The top card of a floor's patrol deck (the Spotter's Clairvoyance).
    PatrolTop {
        /// The floor.
        floor: Floor,
        /// The room the card names.
        cell: Cell,
    },
    /// The top card of the event deck (the Spotter's Precognition).
    EventTop {
        /// The card.
        card: EventCard,
    },
    /// The next event cards, the first on top (the Crystal Ball).
    CrystalBall {
        /// The cards.
        cards: Vec<EventCard>,
    },
    /// The event cards put back after the Crystal Ball, the first on top.
    EventsPutBack {
        /// The cards.
        cards: Vec<EventCard>,
    },
}

/// How a move gets from one room to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveBy {
    /// To an adjacent room with no wall between (or through a wall into a Secret Door).
    Walk,
    /// Stairs up or down (also a Thermal Bomb's hole, Gymnastics' walkways).
    Stairs,
    /// From one Service Duct to the other.
    Duct,
    /// Down from a revealed Walkway (not an entry).
    Walkway,
}

/// A card a character holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "card", rename_all = "snake_case")]
pub enum HeldCard {
    /// A tool.
    Tool(Tool),
    /// A loot card.
    Loot(Loot),
}

/// A player's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Before play: take a character card (or, when it was dealt, choose its side).
    ChooseCharacter {
        /// The character.
        character: CharacterKind,
        /// The side.
        side: Side,
    },
    /// Before play, with random walls: draw new walls.
    RerollWalls {},
    /// Before play, Fort Knox with random walls: put the shaft in another cell.
    MoveShaft {
        /// The new shaft.
        cell: Cell,
    },
    /// Before play: keep these walls.
    ConfirmLayout {},
    /// Choose the room on the ground floor that every character starts from.
    ChooseEntry {
        /// The entry room.
        cell: Cell,
    },
    /// Look into a room without entering it (1 action).
    Peek {
        /// The floor.
        floor: Floor,
        /// The room.
        cell: Cell,
    },
    /// Move to a room (1 action).
    Move {
        /// The floor of the room.
        floor: Floor,
        /// The room.
        cell: Cell,
        /// How.
        by: MoveBy,
    },
    /// Take the top floor's stairs to the roof (1 action), once every safe is cracked.
    Escape {},
    /// Add a hack token to the computer room you are in (1 action).
    Hack {},
    /// Add a die to a safe (2 actions).
    AddDie {
        /// The safe's floor.
        floor: Floor,
        /// The safe's room.
        cell: Cell,
    },
    /// Roll a safe's dice (1 action).
    Roll {
        /// The safe's floor.
        floor: Floor,
        /// The safe's room.
        cell: Cell,
    },
    /// End the action phase.
    EndTurn {},
    /// Answer a room that asks for something on entry (or on leaving, for Motion).
    Pay {
        /// What is paid.
        payment: Payment,
    },
    /// Pick which of several equally near alarms the guard goes to first.
    ChooseAlarm {
        /// The alarm.
        cell: Cell,
    },
    /// Pick a room for a card or ability.
    ChooseRoom {
        /// The floor.
        floor: Floor,
        /// The room.
        cell: Cell,
    },
    /// Pick a teammate for a card.
    ChooseTeammate {
        /// The teammate's index in turn order.
        character: usize,
    },
    /// Rigger: keep one of the two tools drawn.
    KeepTool {
        /// The tool kept.
        tool: Tool,
    },
    /// Crystal Ball: the events put back, top first.
    OrderEvents {
        /// The order, top first.
        order: Vec<EventCard>,
    },
    /// Spotter: put the card looked at back on top (`true`) or at the bottom.
    PutBack {
        /// On top.
        top: bool,
    },
    /// Use a tool (free).
    UseTool {
        /// The tool.
        tool: Tool,
        /// Its target room, when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Pos>,
        /// Its target direction (Dynamite's wall).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dir: Option<Dir>,
        /// Up (`true`) or down (Thermal Bomb).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        up: Option<bool>,
        /// A die's new face and which die (Stethoscope).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<(u8, u8)>,
    },
    /// Give a card to a teammate in the same room (free).
    Give {
        /// The card.
        card: HeldCard,
        /// The teammate.
        to: usize,
    },
    /// Take a card from a teammate in the same room (free).
    Take {
        /// The card.
        card: HeldCard,
        /// The teammate.
        from: usize,
    },
    /// Pick up loot lying in your room (free).
    PickUp {
        /// The loot.
        loot: Loot,
    },
    /// Use the character's ability.
    Ability {
        /// A room, when the ability targets one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Pos>,
        /// A teammate, when the ability targets one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<usize>,
        /// A variant of the ability, when it has several.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<AbilityMode>,
    },
}

/// Variants of abilities that do several things.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityMode {
    /// Juicer (Reroute): pick up an alarm and draw a new patrol card.
    PickUpAlarm,
    /// Juicer (Reroute): put the carried alarm down.
    DropAlarm,
    /// Spotter: look at the patrol deck of your floor.
    Patrol,
    /// Spotter: look at the event deck.
    Events,
}

/// Why a guard's destination changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetReason {
    /// A patrol card was drawn.
    Patrol,
    /// An alarm is sounding.
    Alarm,
    /// A card or ability moved it.
    Card,
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A character joined the team.
    CharacterChosen {
        /// Index in turn order.
        character: usize,
        /// Who.
        kind: CharacterKind,
        /// Which side.
        side: Side,
    },
    /// New random walls were drawn.
    WallsRerolled,
    /// The shaft moved.
    ShaftMoved {
        /// Where it is now.
        cell: Cell,
    },
    /// A guard was placed on his floor.
    GuardPlaced {
        /// Floor.
        floor: Floor,
        /// Where.
        at: Cell,
        /// His destination.
        toward: Cell,
    },
    /// One step of a guard.
    GuardMoved {
        /// Floor.
        floor: Floor,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
        /// The cell he heads for on this step.
        toward: Cell,
    },
    /// A guard has a new destination.
    GuardTarget {
        /// Floor.
        floor: Floor,
        /// The destination.
        toward: Cell,
        /// Why.
        reason: TargetReason,
    },
    /// A patrol deck ran out, was reshuffled, and the guard sped up.
    PatrolReshuffled {
        /// Floor.
        floor: Floor,
        /// The new die.
        die: u8,
    },
    /// A guard's die changed.
    GuardSpeed {
        /// Floor.
        floor: Floor,
        /// The new die.
        die: u8,
    },
    /// A character's turn began.
    TurnStarted {
        /// Index in turn order.
        character: usize,
        /// Turn number from 1.
        turn: u32,
    },
    /// A character's turn was skipped (Jump the Gun, or on the roof).
    TurnSkipped {
        /// Index in turn order.
        character: usize,
    },
    /// A character ended the action phase.
    TurnEnded {
        /// Index in turn order.
        character: usize,
        /// Actions spent.
        actions: u8,
    },
    /// A room was turned face up.
    Revealed {
        /// Where.
        at: Pos,
        /// The room.
        kind: TileKind,
        /// Its safe digit.
        digit: u8,
    },
    /// A character arrived in a room.
    Moved {
        /// Index in turn order.
        character: usize,
        /// From (absent on entering the building).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Pos>,
        /// To.
        to: Pos,
        /// Whether the arrival counts as an entry (room rules apply).
        entry: bool,
    },
    /// A character could not get in and stayed where they were.
    StayedOut {
        /// Index in turn order.
        character: usize,
        /// The room refused.
        at: Pos,
    },
    /// A character fell one floor.
    Fell {
        /// Index in turn order.
        character: usize,
        /// To.
        to: Pos,
    },
    /// A character reached the roof.
    Escaped {
        /// Index in turn order.
        character: usize,
    },
    /// A stealth token was lost (from the room's own tokens when it has some).
    StealthLost {
        /// Index in turn order.
        character: usize,
        /// The character's tokens left.
        left: u8,
        /// Taken from the room (Lavatory, Smoke Bomb) rather than the character.
        from_room: bool,
    },
    /// A stealth token was gained.
    StealthGained {
        /// Index in turn order.
        character: usize,
        /// Tokens now.
        stealth: u8,
    },
    /// A character out of stealth met a guard.
    Captured {
        /// Index in turn order.
        character: usize,
    },
    /// An alarm sounds.
    AlarmOn {
        /// Where.
        at: Pos,
    },
    /// An alarm was switched off.
    AlarmOff {
        /// Where.
        at: Pos,
    },
    /// Hack tokens of a computer room changed.
    HackTokens {
        /// The computer room.
        at: Pos,
        /// Tokens now.
        tokens: u8,
    },
    /// A keypad was tried.
    KeypadRolled {
        /// The keypad.
        at: Pos,
        /// The dice.
        dice: Vec<u8>,
        /// Whether it opened.
        opened: bool,
    },
    /// A die was added to a safe.
    DieAdded {
        /// The safe.
        at: Pos,
        /// Dice now.
        dice: u8,
    },
    /// A safe's dice were rolled.
    SafeRolled {
        /// The safe.
        at: Pos,
        /// The faces.
        faces: Vec<u8>,
    },
    /// A digit of a safe's combination was found.
    Decoded {
        /// The room carrying the digit.
        at: Pos,
        /// The digit.
        digit: u8,
    },
    /// A safe opened.
    SafeCracked {
        /// The safe.
        at: Pos,
    },
    /// A tool was drawn.
    ToolDrawn {
        /// Index in turn order.
        character: usize,
        /// The tool.
        tool: Tool,
    },
    /// A tool was used and discarded.
    ToolUsed {
        /// Index in turn order.
        character: usize,
        /// The tool.
        tool: Tool,
    },
    /// A tool was discarded unused (Rigger's choice).
    ToolDiscarded {
        /// The tool.
        tool: Tool,
    },
    /// Loot was drawn.
    LootDrawn {
        /// Index in turn order.
        character: usize,
        /// The loot.
        loot: Loot,
    },
    /// Loot now lies in a room.
    LootDropped {
        /// The loot.
        loot: Loot,
        /// Where.
        at: Pos,
    },
    /// Loot was picked up from a room.
    LootPickedUp {
        /// Index in turn order.
        character: usize,
        /// The loot.
        loot: Loot,
    },
    /// A card changed hands.
    CardPassed {
        /// From (index in turn order).
        from: usize,
        /// To.
        to: usize,
        /// The card.
        card: HeldCard,
    },
    /// An event card was drawn.
    EventDrawn {
        /// Index in turn order.
        character: usize,
        /// The card.
        card: EventCard,
    },
    /// A die was rolled for a loot card (Persian Kitty, Chihuahua).
    LootRolled {
        /// Index in turn order.
        character: usize,
        /// The loot.
        loot: Loot,
        /// The roll.
        roll: u8,
    },
    /// A character used an ability.
    AbilityUsed {
        /// Index in turn order.
        character: usize,
        /// Whose ability it is, and on which side of the card (which names it).
        kind: CharacterKind,
        /// The side of the character card.
        side: Side,
        /// The room it was used on (where the raven lands, the room seen through a wall, the
        /// alarm sounded, the room a teammate is ordered to), if any.
        at: Option<Pos>,
    },
    /// The Raven's bird held up a guard: one step fewer (Distract, the basic side), or his whole
    /// move, the bird then coming back to her (Disrupt, the advanced side).
    RavenHeldGuard {
        /// The Raven's index in turn order.
        character: usize,
        /// The side of her card.
        side: Side,
        /// The room of the bird (and of the guard).
        at: Pos,
    },
    /// A card or ability showed the team cards.
    CardSeen {
        /// What was seen.
        what: Seen,
    },
    /// A guard ate the Donuts lying in his way and lost his move.
    DonutsEaten {
        /// The guard's floor.
        floor: Floor,
    },
    /// A wall was destroyed.
    WallDestroyed {
        /// The floor.
        floor: Floor,
        /// One side.
        a: Cell,
        /// The other side.
        b: Cell,
    },
    /// A room was disabled for good by a Crowbar.
    RoomDisabled {
        /// The room.
        at: Pos,
    },
    /// The game ended.
    GameOver {
        /// Won or lost.
        verdict: Verdict,
        /// Why.
        reason: String,
    },
}

/// Why an action was refused. It reads in English; [`Illegal::french`] says it in French.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Another seat acts now.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// A choice is pending and must be answered first: what it asks.
    #[error("a choice is pending: {0}; answer it first")]
    DecisionPending(Why),
    /// Not enough actions left.
    #[error("not enough actions left this turn")]
    NoActions,
    /// The action's target is not allowed, or the action does not fit the moment.
    #[error("{0}")]
    BadTarget(Why),
}

impl Illegal {
    /// The refusal in French.
    #[must_use]
    pub fn french(&self) -> String {
        match self {
            Self::Over => "la partie est finie".into(),
            Self::NotYourTurn => "ce n'est pas au tour de cette place".into(),
            Self::DecisionPending(why) => {
                format!("un choix attend : {} ; faites-le d'abord", why.fr)
            }
            Self::NoActions => "il ne reste pas assez d'actions ce tour-ci".into(),
            Self::BadTarget(why) => why.fr.clone(),
        }
    }
}
