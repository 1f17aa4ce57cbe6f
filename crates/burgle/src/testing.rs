//! A builder of game positions for rule scenarios (used by this crate's tests and the bots').
//!
//! ```
//! use lockpick_burgle::testing::{Scenario, p};
//! use lockpick_burgle::cards::TileKind;
//! let mut s = Scenario::new("bank", &["peterman"]).tile("1B2", TileKind::Safe, 0).enter("1A1");
//! assert_eq!(s.state.chars[0].pos(), Some(p("1A1")));
//! ```

use lockpick_engine::{Game, Options, Seat, SeatCount};

use crate::Burgle;
use crate::actions::{Action, Event, Illegal};
use crate::cards::TileKind;
use crate::ids::{Cell, Floor, Pos};
use crate::state::{Guard, Place, Stage, State};
use crate::walls::Walls;

/// A position like `"2B3"`: floor 2, cell B3.
///
/// # Panics
/// On a malformed position (a test bug).
#[must_use]
pub fn p(text: &str) -> Pos {
    let floor: u8 = text[..1].parse().expect("floor digit first");
    Pos::new(
        Floor(floor - 1),
        Cell::parse(&text[1..]).expect("a cell like B3"),
    )
}

/// A game position under construction, then played.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The state, free to adjust.
    pub state: State,
    /// Events of the last action.
    pub events: Vec<Event>,
}

impl Scenario {
    /// A game of `job` with these characters (keys like `"hacker"` or `"hacker_advanced"`), one
    /// seat each, normal difficulty, and a blank building: every room a face-down Laboratory
    /// whose tool is already taken (a room with no rule left), digit 1, no walls, no alarms.
    /// The ground floor's guard stands in the far corner heading for the cell next to it.
    ///
    /// # Panics
    /// On options the game refuses (a test bug).
    #[must_use]
    pub fn new(job: &str, characters: &[&str]) -> Self {
        let schema = Burgle::options_schema();
        let keys = ["character1", "character2", "character3", "character4"];
        let mut given: Vec<(&str, &str)> = vec![("job", job), ("characters", "random_sides")];
        for (i, c) in characters.iter().enumerate() {
            given.push((keys[i], c));
        }
        let options = Options::resolve(&schema, given).expect("valid scenario options");
        let mut state =
            Burgle::setup(&options, SeatCount(characters.len() as u8), 1).expect("setup");
        let w = state.width;
        for f in 0..state.floors.len() {
            for t in &mut state.floors[f].tiles {
                *t = crate::state::Tile::new(TileKind::Laboratory, 1);
                t.tool_taken = true;
            }
            state.floors[f].walls = Walls::NONE;
        }
        let last = Cell::at(w.0 - 1, w.0 - 1);
        let before = Cell::at(w.0 - 2, w.0 - 1);
        state.floors[0].guard = Some(Guard {
            at: last,
            target: before,
        });
        for floor in state.all_floors() {
            state.floors[floor.index()].safe = Cell::at(0, 0);
        }
        assert_eq!(
            state.stage,
            Stage::Entry,
            "scenarios start at the choice of the entry"
        );
        Self {
            state,
            events: Vec::new(),
        }
    }

    /// Puts a face-down room of `kind` (with `digit`) at `pos`.
    #[must_use]
    pub fn tile(mut self, pos: &str, kind: TileKind, digit: u8) -> Self {
        let t = self.state.tile_mut(p(pos));
        let keep_tool = kind == TileKind::Laboratory;
        *t = crate::state::Tile::new(kind, digit);
        t.tool_taken = !keep_tool;
        if kind == TileKind::Safe {
            let pos = p(pos);
            self.state.floors[pos.floor.index()].safe = pos.cell;
        }
        self
    }

    /// Turns the room at `pos` face up (with what a reveal brings).
    #[must_use]
    pub fn revealed(mut self, pos: &str) -> Self {
        crate::moves::reveal(&mut self.state, p(pos), &mut Vec::new());
        self
    }

    /// Adds a wall like `"1A1|B1"` (floor, then the two cells).
    #[must_use]
    pub fn wall(mut self, wall: &str) -> Self {
        let floor = Floor(wall[..1].parse::<u8>().expect("floor digit") - 1);
        let (a, b) = wall[1..].split_once('|').expect("X|Y");
        let w = self.state.width;
        self.state.floors[floor.index()].walls.add(
            Cell::parse(a).unwrap(),
            Cell::parse(b).unwrap(),
            w,
        );
        self
    }

    /// Puts the guard of the position's floor at `at`, heading for `toward` (same floor).
    #[must_use]
    pub fn guard(mut self, at: &str, toward: &str) -> Self {
        let (at, toward) = (p(at), p(toward));
        self.state.floors[at.floor.index()].guard = Some(Guard {
            at: at.cell,
            target: toward.cell,
        });
        self
    }

    /// Sets a floor's guard die.
    #[must_use]
    pub fn die(mut self, floor: u8, die: u8) -> Self {
        self.state.floors[floor as usize - 1].die = die;
        self
    }

    /// Chooses the entry room (a ground-floor position) and starts the first turn.
    ///
    /// # Panics
    /// If the entry is refused (a test bug).
    #[must_use]
    pub fn enter(mut self, pos: &str) -> Self {
        let cell = p(pos).cell;
        self.act(0, Action::ChooseEntry { cell }).expect("entry");
        self
    }

    /// A dead end for a lone `character` (a key as in [`Scenario::new`]) with one stealth token,
    /// entered at 1A1: the corridor 1A1-1B1-1C1 is walled off from the rest of the floor, and the
    /// guard (speed 2) comes from 1C1 straight into her room at the end of the turn.
    #[must_use]
    pub fn dead_end(character: &str) -> Self {
        let mut s = Self::new("bank", &[character])
            .wall("1A1|A2")
            .guard("1C1", "1A1")
            .die(1, 2)
            .enter("1A1")
            .revealed("1B1")
            .revealed("1C1")
            .wall("1B1|B2");
        s.state.chars[0].stealth = 1;
        s
    }

    /// Puts character `who` in a room directly (after [`Scenario::enter`]).
    #[must_use]
    pub fn place(mut self, who: usize, pos: &str) -> Self {
        self.state.chars[who].place = Place::In { pos: p(pos) };
        self
    }

    /// Plays an action for `seat`.
    ///
    /// # Errors
    /// Why the game refused it.
    pub fn act(&mut self, seat: u8, action: Action) -> Result<&[Event], Illegal> {
        self.events.clear();
        Burgle::apply(&mut self.state, Seat(seat), &action, &mut self.events)?;
        Ok(&self.events)
    }

    /// The legal actions of `seat`.
    #[must_use]
    pub fn legal(&self, seat: u8) -> Vec<Action> {
        let mut out = Vec::new();
        Burgle::legal_actions(&self.state, Seat(seat), &mut out);
        out
    }

    /// Moves the current character by walking to `pos` (panics if refused).
    ///
    /// # Panics
    /// If the move is refused (a test bug).
    pub fn walk(&mut self, pos: &str) -> &[Event] {
        let to = p(pos);
        let seat = self.state.active().seat.0;
        self.act(
            seat,
            Action::Move {
                floor: to.floor,
                cell: to.cell,
                by: crate::actions::MoveBy::Walk,
            },
        )
        .unwrap_or_else(|e| panic!("walk to {pos}: {e}"))
    }

    /// Ends the current turn (panics if refused).
    ///
    /// # Panics
    /// If refused (a test bug).
    pub fn end_turn(&mut self) -> &[Event] {
        let seat = self.state.active().seat.0;
        self.act(seat, Action::EndTurn {}).expect("end turn")
    }

    /// Whether an event of the last action matches.
    #[must_use]
    pub fn saw(&self, pred: impl Fn(&Event) -> bool) -> bool {
        self.events.iter().any(pred)
    }
}
