//! The whole state of a game of Burgle Bros., hidden parts included.

use lockpick_engine::{GameRng, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{HeldCard, MoveBy, Why};
use crate::cards::{CharacterKind, EventCard, Loot, Side, TileKind, Tool};
use crate::ids::{Cell, Floor, Pos, Width};
use crate::path::Maze;
use crate::walls::Walls;

/// The three jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Job {
    /// 2 floors of 4x4, the white-circle tiles.
    Office,
    /// 3 floors of 4x4.
    Bank,
    /// 2 floors of 5x5 with the shaft.
    FortKnox,
}

impl Job {
    /// Floors in the building.
    #[must_use]
    pub const fn floors(self) -> u8 {
        match self {
            Self::Bank => 3,
            Self::Office | Self::FortKnox => 2,
        }
    }

    /// Floor size.
    #[must_use]
    pub const fn width(self) -> Width {
        match self {
            Self::FortKnox => Width(5),
            Self::Office | Self::Bank => Width(4),
        }
    }

    /// Walls on each floor, those around the shaft not counted (the rules: 8 on the Bank and
    /// Office Jobs' floors, 12 on Fort Knox's).
    #[must_use]
    pub const fn walls_per_floor(self) -> u32 {
        match self {
            Self::FortKnox => 12,
            Self::Office | Self::Bank => 8,
        }
    }

    /// The guard's starting die on `floor`.
    #[must_use]
    pub const fn start_die(self, floor: Floor) -> u8 {
        match self {
            Self::Office | Self::Bank => 2 + floor.0,
            Self::FortKnox => 3 + floor.0,
        }
    }

    /// The key in options and content files.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::Office => "office",
            Self::Bank => "bank",
            Self::FortKnox => "fort_knox",
        }
    }
}

pub use crate::inline::{Cells, Faces};

/// The most floors a job has (the Bank Job's three).
pub const MAX_FLOORS: usize = 3;

/// One room tile on the board, with the tokens lying on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    /// The room.
    pub kind: TileKind,
    /// The safe digit (0 on safes).
    pub digit: u8,
    /// Face up.
    pub revealed: bool,
    /// An alarm token.
    pub alarm: bool,
    /// Hack tokens (computer rooms, at most 6).
    pub hack: u8,
    /// A decoding token: the digit is found for the safe(s) of its row and column.
    pub decoded: bool,
    /// Stealth tokens in the room (Lavatory, Smoke Bomb).
    pub stealth: u8,
    /// Keypad: opened for the whole team.
    pub open: bool,
    /// A down-stairs token: stairs (or a Thermal Bomb hole) lead down from here.
    pub down: bool,
    /// A Thermal Bomb made stairs up from here.
    pub up: bool,
    /// Safe: dice added.
    pub dice: u8,
    /// Safe: the faces of the last roll (kept on the tile; at most 6 dice and one more).
    pub faces: Faces,
    /// Safe: cracked.
    pub cracked: bool,
    /// Laboratory: its tool has been taken.
    pub tool_taken: bool,
    /// Crowbar: the room no longer blocks moves nor sounds alarms.
    pub disabled: bool,
}

/// The filler of a floor's unused inline slots ([`Cells`]); never a room of the board.
impl Default for Tile {
    fn default() -> Self {
        Self::new(TileKind::Safe, 0)
    }
}

impl Tile {
    /// A face-down tile.
    #[must_use]
    pub fn new(kind: TileKind, digit: u8) -> Self {
        Self {
            kind,
            digit,
            revealed: false,
            alarm: false,
            hack: 0,
            decoded: false,
            stealth: 0,
            open: false,
            down: false,
            up: false,
            dice: 0,
            faces: Faces::default(),
            cracked: false,
            tool_taken: false,
            disabled: false,
        }
    }

    /// The kind if face up.
    #[must_use]
    pub fn seen_kind(&self) -> Option<TileKind> {
        self.revealed.then_some(self.kind)
    }

    /// Whether this face-up room is of `kind` and still works (not crowbarred).
    #[must_use]
    pub fn is_active(&self, kind: TileKind) -> bool {
        self.revealed && self.kind == kind && !self.disabled
    }
}

/// The guard of one floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guard {
    /// Where he stands.
    pub at: Cell,
    /// Where the die lies: his destination (a patrol card or an alarm).
    pub target: Cell,
}

/// One floor of the building (copied in one go: its lists are held inline).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorState {
    /// Rooms, row by row (the shaft's slot holds an unused tile that is never shown).
    pub tiles: Cells<Tile>,
    /// Walls.
    pub walls: Walls,
    /// The guard, once placed.
    pub guard: Option<Guard>,
    /// The guard's die (speed), 1 to 6.
    pub die: u8,
    /// Patrol deck, top last. Hidden.
    pub patrol: Cells<Cell>,
    /// Patrol discard, newest last. Public.
    pub patrol_discard: Cells<Cell>,
    /// Patrol cards set aside for this deck (by character count). Hidden.
    pub set_aside: Cells<Cell>,
    /// Donuts lie under the guard: his next move is lost.
    pub donuts: bool,
    /// The floor's own Safe (dealt one per floor): it must be cracked to escape.
    pub safe: Cell,
}

/// Where a character is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Place {
    /// Not yet in the building (before the first turn).
    Outside,
    /// In a room.
    In {
        /// The room.
        pos: Pos,
    },
    /// Escaped to the roof.
    Roof,
}

impl Place {
    /// The room, if in the building.
    #[must_use]
    pub const fn pos(self) -> Option<Pos> {
        match self {
            Self::In { pos } => Some(pos),
            _ => None,
        }
    }
}

/// One character in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Who.
    pub kind: CharacterKind,
    /// Which side of the card.
    pub side: Side,
    /// The seat that plays this character.
    pub seat: Seat,
    /// Where.
    pub place: Place,
    /// Stealth tokens left.
    pub stealth: u8,
    /// Tools in hand.
    pub tools: arrayvec::ArrayVec<Tool, 16>,
    /// Loot carried.
    pub loot: arrayvec::ArrayVec<Loot, 16>,
    /// Hacker (Laptop): the hack token on the character card.
    pub laptop: bool,
    /// Raven: where the raven token is.
    pub raven: Option<Pos>,
    /// Juicer (Reroute): an alarm token carried on the character card.
    #[serde(default)]
    pub alarm: bool,
    /// Acrobat (Flexibility): the guard's room she slipped into; still there when that guard
    /// starts moving, she loses a stealth token.
    #[serde(default)]
    pub flexed: Option<Pos>,
}

impl Character {
    /// Whether this character has `kind` on `side`.
    #[must_use]
    pub fn is(&self, kind: CharacterKind, side: Side) -> bool {
        self.kind == kind && self.side == side
    }

    /// The room, if in the building.
    #[must_use]
    pub const fn pos(&self) -> Option<Pos> {
        self.place.pos()
    }
}

/// What the current turn has used and unlocked.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnState {
    /// Actions spent.
    pub used: u8,
    /// Extra actions granted this turn (Rollerskates, Invisible Suit, Heads Up!).
    pub bonus: u8,
    /// Actions lost this turn (Mirror).
    pub malus: u8,
    /// Keypad attempts this turn, per room (the number of dice grows with each).
    pub keypad_tries: Vec<(Pos, u8)>,
    /// Motion rooms entered this turn.
    pub motion_entered: Vec<Pos>,
    /// Once-per-turn abilities already used, by stable key: the crate's own keys are borrowed,
    /// not copied (an ability marks one most turns); keys read from a saved game are owned.
    pub once: Vec<std::borrow::Cow<'static, str>>,
    /// The Invisible Suit is worn this turn.
    pub invisible: bool,
    /// Safes rolled this turn (the Stethoscope may change one of their dice).
    #[serde(default)]
    pub rolled: Vec<Pos>,
    /// The turn has ended its action phase.
    pub ended: bool,
}

impl TurnState {
    /// Back to a new turn's state (equal to [`TurnState::default`]), keeping the lists' memory.
    pub fn reset(&mut self) {
        let Self {
            used,
            bonus,
            malus,
            keypad_tries,
            motion_entered,
            once,
            invisible,
            rolled,
            ended,
        } = self;
        *used = 0;
        *bonus = 0;
        *malus = 0;
        keypad_tries.clear();
        motion_entered.clear();
        once.clear();
        *invisible = false;
        rolled.clear();
        *ended = false;
    }
}

/// A lasting effect of a tool or event card, with the character whose next turn ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// The card.
    pub card: LastingCard,
    /// It is discarded at the start of this character's next turn.
    pub until: usize,
}

/// Cards that stay in play for a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastingCard {
    /// E.M.P.: no alarm can sound.
    Emp,
    /// Video Loop: cameras are off.
    VideoLoop,
    /// Time Lock: nobody takes stairs.
    TimeLock,
    /// Gymnastics: walkways work as stairs.
    Gymnastics,
}

/// A choice the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// How to get into a room that sounds an alarm or asks for extra actions.
    Enter {
        /// The character entering.
        who: usize,
        /// How the move goes.
        by: MoveBy,
        /// The room.
        to: Pos,
        /// The room left (to go back to when entry is refused).
        from: Pos,
        /// What may be paid.
        options: Vec<Payment>,
    },
    /// Leaving a Motion room entered this turn sounds its alarm unless hacked.
    Leave {
        /// The character leaving.
        who: usize,
        /// The Motion room.
        from: Pos,
        /// Where the move goes.
        to: Pos,
        /// How.
        by: MoveBy,
        /// What may be paid.
        options: Vec<Payment>,
    },
    /// Several alarms are equally near the guard: the players pick the next one.
    Alarm {
        /// The floor.
        floor: Floor,
        /// The alarms to pick from.
        cells: Vec<Cell>,
    },
    /// A card or ability wants a room.
    Room {
        /// Why.
        reason: RoomReason,
        /// The rooms to pick from.
        rooms: Vec<Pos>,
    },
    /// A card or ability wants a teammate.
    Teammate {
        /// Why.
        reason: TeammateReason,
        /// The characters to pick from.
        characters: Vec<usize>,
    },
    /// The Rigger's ability: two tools drawn, keep one.
    KeepTool {
        /// Who keeps it.
        who: usize,
        /// The two tools.
        tools: Vec<Tool>,
    },
    /// Crystal Ball: put the top events back in any order.
    OrderEvents {
        /// The cards seen, top first.
        cards: Vec<EventCard>,
    },
    /// Spotter: the card looked at goes back on top or to the bottom.
    TopOrBottom {
        /// The deck.
        deck: PeekedDeck,
    },
}

impl Decision {
    /// What the choice asks, and the action that answers it (`how to get into 1B2 (pay:
    /// two_actions, stay_out)`), in English and French: for refusals and the text board.
    #[must_use]
    pub fn asks(&self) -> Why {
        // The payments as the `pay` action spells them.
        let names = |options: &[Payment]| {
            options
                .iter()
                .map(|p| {
                    serde_json::to_string(p)
                        .unwrap_or_default()
                        .replace('"', "")
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Decision::Enter { to, options, .. } => Why::new(
                format!("how to get into {to} (pay: {})", names(options)),
                format!("comment entrer en {to} (pay : {})", names(options)),
            ),
            Decision::Leave { from, options, .. } => Why::new(
                format!(
                    "how to leave the Motion room {from} (pay: {})",
                    names(options)
                ),
                format!(
                    "comment quitter le Tourniquet {from} (pay : {})",
                    names(options)
                ),
            ),
            Decision::Alarm { floor, .. } => Why::new(
                format!("which alarm the guard of floor {floor} heads for first (choose_alarm)"),
                format!(
                    "vers quelle alarme le gardien de l'étage {floor} va d'abord (choose_alarm)"
                ),
            ),
            Decision::Room { .. } => Why::new("a room (choose_room)", "une pièce (choose_room)"),
            Decision::Teammate { .. } => Why::new(
                "a teammate (choose_teammate)",
                "un coéquipier (choose_teammate)",
            ),
            Decision::KeepTool { .. } => Why::new(
                "which of the two tools to keep (keep_tool)",
                "lequel des deux outils garder (keep_tool)",
            ),
            Decision::OrderEvents { .. } => Why::new(
                "the order of the events put back (order_events)",
                "l'ordre des événements remis sur la pioche (order_events)",
            ),
            Decision::TopOrBottom { .. } => Why::new(
                "whether the card goes back on top or at the bottom (put_back)",
                "si la carte retourne sur le dessus ou sous la pioche (put_back)",
            ),
        }
    }
}

/// The deck the Spotter looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "deck", rename_all = "snake_case")]
pub enum PeekedDeck {
    /// A floor's patrol deck.
    Patrol {
        /// The floor.
        floor: Floor,
    },
    /// The event deck.
    Events,
}

/// Why a room is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomReason {
    /// Throw Voice: the guard's new destination.
    ThrowVoice,
    /// Go With Your Gut: the unexplored room to go into.
    GoWithYourGut,
    /// Peekhole: the room to look into.
    Peekhole,
    /// Squeak!: the guard's step when equally near characters lie in different directions.
    Squeak,
}

/// Why a teammate is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeammateReason {
    /// Buddy System: the teammate brought into your room.
    BuddySystem,
}

/// A way to get into a room that asks for something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// Let the alarm sound.
    Alarm,
    /// Spend a hack token of the matching computer room.
    Hack,
    /// Spend the Hacker's laptop token.
    Laptop,
    /// Spend one more action (Laser).
    Action,
    /// Spend two more actions (Deadbolt).
    TwoActions,
    /// Stay out (the move's action is spent).
    StayOut,
}

/// Where the automatic end of a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// A character chooses a character card (or side).
    Draft,
    /// The team may re-roll random walls or move the shaft, then confirms.
    Layout,
    /// The team chooses the entry room.
    Entry,
    /// The current character acts.
    Actions,
    /// End of the action phase: Thermo.
    Thermo,
    /// An event card, if 2 or more actions are unused.
    Event,
    /// Loot that rolls every turn (Persian Kitty, Chihuahua).
    LootRolls,
    /// The guards move.
    Guards,
    /// Hand over to the next character.
    Next,
}

/// A guard's move in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardMove {
    /// Floors still to move after the current one (a building has at most three; held inline,
    /// since a guard's move starts after every turn).
    pub queue: arrayvec::ArrayVec<Floor, 8>,
    /// The floor moving now, with its steps left.
    pub current: Option<(Floor, u8)>,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The job.
    pub job: Job,
    /// Floor size.
    pub width: Width,
    /// Fort Knox's shaft.
    pub shaft: Option<Cell>,
    /// Stealth tokens each at the start.
    pub start_stealth: u8,
    /// Whether walls are random (re-rollable before play).
    pub random_walls: bool,
    /// Whether the Deadbolts were dealt one per floor (the `deadbolts` option): what the team
    /// knows of the face-down rooms. In the state's JSON only when set, and never for a game of
    /// a format before 4, so that the hash of a game saved before it was kept is the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_deadbolt: bool,
    /// Seats at the table.
    pub seats: u8,
    /// Floors, from the ground floor.
    pub floors: arrayvec::ArrayVec<FloorState, MAX_FLOORS>,
    /// Characters in turn order.
    pub chars: arrayvec::ArrayVec<Character, 4>,
    /// Characters still to be drafted: (seat, whether the kind is chosen, allowed sides).
    pub draft: Vec<Draft>,
    /// The character whose turn it is.
    pub current: usize,
    /// What this turn has used.
    pub turn: TurnState,
    /// Where the flow of play stands.
    pub stage: Stage,
    /// A choice the game waits for.
    pub decision: Option<Decision>,
    /// A guard move in progress.
    pub guard_move: Option<GuardMove>,
    /// Guard speed changes for this end of turn (Daydreaming -1, Espresso +1).
    pub guard_bonus: i8,
    /// Shift Change: this turn the other floors' guards move instead.
    pub shift_change: bool,
    /// Jump the Gun: the next character's turn is skipped.
    pub skip_next: bool,
    /// Heads Up!: the next character gains an action.
    pub heads_up: bool,
    /// Tool deck, top last. Hidden.
    pub tools: arrayvec::ArrayVec<Tool, 16>,
    /// Loot deck, top last. Hidden.
    pub loot: arrayvec::ArrayVec<Loot, 16>,
    /// Event deck, top last. Hidden.
    pub events: arrayvec::ArrayVec<EventCard, 32>,
    /// Used tools and events, public.
    pub tool_discard: arrayvec::ArrayVec<Tool, 16>,
    /// Events played.
    pub event_discard: arrayvec::ArrayVec<EventCard, 32>,
    /// Cards in play for a round.
    pub lasting: Vec<Lasting>,
    /// Cards lying in a room: the Persian Kitty that ran off, the other Gold Bar, what a
    /// drilled safe left behind.
    pub loose: Vec<(Pos, HeldCard)>,
    /// The room every character enters the building by.
    pub entry: Option<Cell>,
    /// Cards the team has seen on top of a deck (Spotter, Crystal Ball): public knowledge.
    pub known_tops: Vec<KnownTop>,
    /// Turns begun.
    pub turn_number: u32,
    /// The end, once reached.
    pub outcome: Option<Outcome>,
    /// All randomness. Hidden.
    pub rng: GameRng,
    /// The saved-game format whose rules the game plays by, so that games saved by an older
    /// Lockpick replay to their hash ([`lockpick_engine::FORMAT_VERSION`] for a new game): in
    /// format 1 the guard went on after a capture (a new patrol card, a camera's alarm); in
    /// formats 1 and 2 a guard appearing next to a character who had just entered his floor
    /// and was seen from afar took two tokens; before format 4 only a walk fell through a
    /// Walkway, a face-down Safe counted as found in a Fort Knox safe's line, a tool left lying
    /// lost the game as loot, and the Cursed Goblet captured a character with no token left.
    /// Not part of the state's JSON, so the hash of a game is the same either way.
    #[serde(skip, default = "lockpick_engine::newest_format")]
    pub format: u32,
}

/// A character still to be chosen before play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// Who chooses.
    pub seat: Seat,
    /// The character, if already assigned (then only the side is chosen).
    pub kind: Option<CharacterKind>,
    /// Whether the advanced side may be chosen.
    pub advanced: bool,
}

/// A card the team has seen on top of a deck (or sent to the bottom of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "deck", rename_all = "snake_case")]
pub enum KnownTop {
    /// The `depth`-th card from the top of a patrol deck (0 = top).
    Patrol {
        /// The floor.
        floor: Floor,
        /// The card.
        cell: Cell,
    },
    /// The bottom card of a patrol deck: the Spotter sent it under the deck.
    PatrolBottom {
        /// The floor.
        floor: Floor,
        /// The card.
        cell: Cell,
    },
    /// An event card at `depth` from the top.
    Event {
        /// Depth from the top (0 = top).
        depth: u8,
        /// The card.
        card: EventCard,
    },
}

/// The bit of `dir` in [`State::inside_dirs`] and [`State::open_dirs`].
#[inline]
#[must_use]
pub const fn dir_bit(dir: crate::ids::Dir) -> u8 {
    match dir {
        crate::ids::Dir::North => 1,
        crate::ids::Dir::East => 2,
        crate::ids::Dir::South => 4,
        crate::ids::Dir::West => 8,
    }
}

/// The cell next to `cell` in the direction of bit `d` (1 north, 2 east, 4 south, 8 west),
/// which must be on the floor.
#[inline]
#[must_use]
pub const fn neighbour(cell: Cell, d: u8) -> Cell {
    // The steps of column and row by the bit's place (north, east, south, west), looked up
    // rather than matched: the move lists ask for a neighbour many times a move.
    const COL: [u8; 4] = [0, 1, 0, u8::MAX];
    const ROW: [u8; 4] = [u8::MAX, 0, 1, 0];
    let k = (d.trailing_zeros() & 3) as usize;
    Cell::at(cell.col.wrapping_add(COL[k]), cell.row.wrapping_add(ROW[k]))
}

/// The rooms of one floor around a position in the directions of a bit set, in [`Dir::ALL`]'s
/// order.
///
/// [`Dir::ALL`]: crate::ids::Dir::ALL
#[derive(Debug, Clone, Copy)]
struct Neighbours {
    pos: Pos,
    dirs: u8,
}

impl Iterator for Neighbours {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        if self.dirs == 0 {
            return None;
        }
        let d = self.dirs & self.dirs.wrapping_neg();
        self.dirs &= !d;
        Some(Pos::new(self.pos.floor, neighbour(self.pos.cell, d)))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.dirs.count_ones() as usize;
        (n, Some(n))
    }
}

impl State {
    /// Whether what an action set off stops here because the game has just ended (the team
    /// caught). Games of saved-game format 1 went on ([`State::format`]).
    #[must_use]
    pub fn stops_here(&self) -> bool {
        self.outcome.is_some() && self.format >= 2
    }

    /// The tile at `pos`.
    #[inline]
    #[must_use]
    pub fn tile(&self, pos: Pos) -> &Tile {
        &self.floors[pos.floor.index()].tiles[pos.cell.index(self.width)]
    }

    /// The tile at `pos`, mutably.
    #[inline]
    pub fn tile_mut(&mut self, pos: Pos) -> &mut Tile {
        let w = self.width;
        &mut self.floors[pos.floor.index()].tiles[pos.cell.index(w)]
    }

    /// The guards' maze of a floor.
    #[must_use]
    pub fn maze(&self, floor: Floor) -> Maze {
        Maze {
            width: self.width,
            walls: self.floors[floor.index()].walls,
            shaft: self.shaft,
        }
    }

    /// Every floor.
    pub fn all_floors(&self) -> impl Iterator<Item = Floor> + use<> {
        (0..self.floors.len() as u8).map(Floor)
    }

    /// Every room of a floor (not the shaft).
    pub fn rooms(&self, floor: Floor) -> impl Iterator<Item = Pos> + use<> {
        let shaft = self.shaft;
        self.width
            .all()
            .filter(move |c| Some(*c) != shaft)
            .map(move |cell| Pos::new(floor, cell))
    }

    /// The first room of the building (floors from the ground up, rooms row by row, never the
    /// shaft) whose tile satisfies `tile` and whose position satisfies `pos`.
    #[inline]
    pub fn find_room(
        &self,
        tile: impl Fn(&Tile) -> bool,
        pos: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        for (f, floor) in self.floors.iter().enumerate() {
            let mut start = 0;
            while let Some(k) = floor.tiles[start..].iter().position(&tile) {
                let i = start + k;
                let p = Pos::new(Floor(f as u8), self.width.cell(i));
                if Some(p.cell) != self.shaft && pos(p) {
                    return Some(p);
                }
                start = i + 1;
            }
        }
        None
    }

    /// The guard's position on `floor`, if placed.
    #[must_use]
    pub fn guard_at(&self, floor: Floor) -> Option<Cell> {
        self.floors[floor.index()].guard.map(|g| g.at)
    }

    /// Whether a guard stands in the room.
    #[must_use]
    pub fn guard_in(&self, pos: Pos) -> bool {
        self.guard_at(pos.floor) == Some(pos.cell)
    }

    /// Whether a lasting card is in play.
    #[must_use]
    pub fn lasting(&self, card: LastingCard) -> bool {
        self.lasting.iter().any(|l| l.card == card)
    }

    /// The characters in a room.
    pub fn chars_in(&self, pos: Pos) -> impl Iterator<Item = usize> + '_ {
        (0..self.chars.len()).filter(move |&i| self.chars[i].pos() == Some(pos))
    }

    /// Whether `a` and `b` are adjacent rooms of one floor with no wall between them.
    #[must_use]
    pub fn open_between(&self, a: Pos, b: Pos) -> bool {
        a.floor == b.floor
            && a.cell.manhattan(b.cell) == 1
            && Some(b.cell) != self.shaft
            && Some(a.cell) != self.shaft
            && !self.floors[a.floor.index()]
                .walls
                .between(a.cell, b.cell, self.width)
    }

    /// The directions (bit `d` for [`Dir::ALL`]`[d]`) in which `cell` has a neighbour on the
    /// floor that is not the shaft.
    ///
    /// [`Dir::ALL`]: crate::ids::Dir::ALL
    #[inline]
    #[must_use]
    pub fn inside_dirs(&self, cell: Cell) -> u8 {
        let w = self.width.0;
        let (col, row) = (cell.col, cell.row);
        let mut dirs = u8::from(row > 0)
            | (u8::from(col + 1 < w) << 1)
            | (u8::from(row + 1 < w) << 2)
            | (u8::from(col > 0) << 3);
        if let Some(shaft) = self.shaft {
            if shaft.col == col {
                if shaft.row + 1 == row {
                    dirs &= !1;
                } else if row + 1 == shaft.row {
                    dirs &= !4;
                }
            } else if shaft.row == row {
                if col + 1 == shaft.col {
                    dirs &= !2;
                } else if shaft.col + 1 == col {
                    dirs &= !8;
                }
            }
        }
        dirs
    }

    /// The directions (bit `d` for [`Dir::ALL`]`[d]`) in which `pos` has a neighbouring room
    /// with no wall between (never the shaft).
    ///
    /// [`Dir::ALL`]: crate::ids::Dir::ALL
    #[inline]
    #[must_use]
    pub fn open_dirs(&self, pos: Pos) -> u8 {
        self.open_within(pos, self.inside_dirs(pos.cell))
    }

    /// [`State::open_dirs`] with `pos`'s [`State::inside_dirs`] already known (`dirs`).
    #[inline]
    #[must_use]
    pub fn open_within(&self, pos: Pos, dirs: u8) -> u8 {
        if Some(pos.cell) == self.shaft {
            return 0;
        }
        let w = u32::from(self.width.0);
        let i = pos.cell.index(self.width) as u32;
        let bits = self.floors[pos.floor.index()].walls.bits();
        // Bit `i` is the wall east of cell `i`, bit `32 + i` the wall south of it: the wall
        // north of `i` is bit `32 + i - w`, the wall west of it bit `i - 1`. Shifting left
        // first keeps the indices non-negative; directions off the floor are masked out.
        let north = ((bits << w) >> (32 + i)) as u8 & 1;
        let east = (bits >> i) as u8 & 1;
        let south = (bits >> (32 + i)) as u8 & 1;
        let west = ((bits << 1) >> i) as u8 & 1;
        dirs & !(north | (east << 1) | (south << 2) | (west << 3))
    }

    /// The room next to `pos` in `dir` if no wall (nor the shaft) is in the way.
    #[must_use]
    pub fn open_step(&self, pos: Pos, dir: crate::ids::Dir) -> Option<Pos> {
        let d = dir_bit(dir);
        (self.open_dirs(pos) & d != 0).then(|| Pos::new(pos.floor, neighbour(pos.cell, d)))
    }

    /// The rooms next to `pos` with no wall between (never the shaft), in [`Dir::ALL`]'s
    /// order.
    ///
    /// [`Dir::ALL`]: crate::ids::Dir::ALL
    #[inline]
    pub fn open_neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<> {
        Neighbours {
            pos,
            dirs: self.open_dirs(pos),
        }
    }

    /// Adjacent rooms of the same floor, walls or not (never the shaft).
    #[inline]
    pub fn adjacent(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<> {
        Neighbours {
            pos,
            dirs: self.inside_dirs(pos.cell),
        }
    }

    /// The character whose turn it is.
    #[must_use]
    pub fn active(&self) -> &Character {
        &self.chars[self.current]
    }

    /// Actions this turn allows in all.
    #[must_use]
    pub fn action_limit(&self) -> u8 {
        (4 + self.turn.bonus).saturating_sub(self.turn.malus)
    }

    /// Actions left this turn.
    #[must_use]
    pub fn actions_left(&self) -> u8 {
        self.action_limit().saturating_sub(self.turn.used)
    }

    /// The positions of the safes of the building.
    pub fn safes(&self) -> impl Iterator<Item = Pos> + '_ {
        self.all_floors()
            .flat_map(|f| self.rooms(f))
            .filter(|p| self.tile(*p).kind == TileKind::Safe)
    }

    /// Characters in play, drafted or not (what the patrol set-aside counts).
    #[must_use]
    pub fn character_count(&self) -> usize {
        self.chars.len() + self.draft.len()
    }

    /// The card the team has seen on top of `floor`'s patrol deck (Spotter), if any.
    #[must_use]
    pub fn known_patrol_top(&self, floor: Floor) -> Option<Cell> {
        self.known_tops.iter().find_map(|k| match k {
            KnownTop::Patrol { floor: f, cell } if *f == floor => Some(*cell),
            _ => None,
        })
    }

    /// The card the Spotter sent under `floor`'s patrol deck, while the team knows it is there.
    #[must_use]
    pub fn known_patrol_bottom(&self, floor: Floor) -> Option<Cell> {
        self.known_tops.iter().find_map(|k| match k {
            KnownTop::PatrolBottom { floor: f, cell } if *f == floor => Some(*cell),
            _ => None,
        })
    }

    /// Forgets the team's knowledge of `floor`'s patrol deck (its known top and bottom cards).
    pub fn forget_patrol_cards(&mut self, floor: Floor) {
        self.known_tops.retain(|k| {
            !matches!(k, KnownTop::Patrol { floor: f, .. } | KnownTop::PatrolBottom { floor: f, .. } if *f == floor)
        });
    }

    /// The top floor.
    #[must_use]
    pub fn top_floor(&self) -> Floor {
        Floor(self.floors.len() as u8 - 1)
    }
}
