//! # lockpick-burgle
//!
//! Burgle Bros. (Tim Fowers, Fowers Games) for Lockpick: break into a building floor by floor,
//! crack the safes, escape by the roof. Every rule of the Board Game Arena rules summary
//! (`shared/seeds/003`) is enforced; `docs/rules/burgle.md` maps each rule to its tests.
//!
//! The crate reads like the rulebook: [`setup`], [`turn`], [`moves`], [`guard`], [`alarm`],
//! [`safe`], [`meet`] (guards seeing characters), [`tools`], [`loot`], [`event_cards`],
//! [`characters`].

pub mod actions;
pub mod alarm;
pub mod cards;
pub mod characters;
pub mod content;
pub mod determinize;
pub mod event_cards;
pub mod guard;
pub mod heuristic;
pub mod ids;
pub mod inline;
pub mod loot;
pub mod meet;
pub mod moves;
pub mod path;
#[cfg(feature = "testkit")]
pub mod probe;
pub mod safe;
pub mod setup;
pub mod state;
pub mod testing;
pub mod tools;
pub mod turn;
pub mod view;
pub mod walls;

use lockpick_engine::{
    Game, GameRng, OptionSpec, Options, Seat, SeatCount, SetupError, Text, ToAct, Viewer,
};

pub use actions::{Action, Event, Illegal};
pub use state::State;
pub use view::View;

/// Burgle Bros.
#[derive(Debug, Clone, Copy)]
pub struct Burgle;

impl Game for Burgle {
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Illegal = Illegal;

    const ID: &'static str = "burgle";
    const NAME: Text = Text::new("Burgle Bros.", "Burgle Bros.");
    const MIN_SEATS: u8 = 1;
    const MAX_SEATS: u8 = 4;

    fn options_schema() -> Vec<OptionSpec> {
        setup::schema()
    }

    fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seats, seed)
    }

    fn play_by_format(state: &mut State, format: u32) {
        state.format = format;
        if format < 4 {
            // Not kept then: such a game's JSON (and hash) never held it.
            state.one_deadbolt = false;
        }
    }

    #[inline]
    fn to_act(state: &State) -> ToAct {
        turn::to_act(state)
    }

    #[inline]
    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        turn::legal(state, seat, out);
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        turn::apply(state, seat, action, events)
    }

    #[inline]
    fn apply_listed(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        turn::apply_listed(state, seat, action, events);
        Ok(())
    }

    fn view(state: &State, _viewer: Viewer) -> View {
        view::view(state)
    }

    fn redact(_state: &State, event: &Event, _viewer: Viewer) -> Option<Event> {
        // Every event carries public information only (reveals are seen by the whole table).
        Some(event.clone())
    }

    fn determinize(state: &State, _seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(state, rng)
    }

    fn undoable(
        before: &State,
        after: &State,
        seat: Seat,
        action: &Action,
        events: &[Event],
    ) -> bool {
        let _ = seat;
        // Only the current character's own plain actions, within the turn, revealing nothing
        // and rolling nothing: the RNG must not have moved and no card or tile came to light.
        before.stage == state::Stage::Actions
            && after.stage == state::Stage::Actions
            && before.current == after.current
            && before.turn_number == after.turn_number
            && before.rng == after.rng
            && !matches!(action, Action::EndTurn {})
            && !events.iter().any(|e| {
                matches!(
                    e,
                    Event::Revealed { .. }
                        | Event::GuardPlaced { .. }
                        | Event::ToolDrawn { .. }
                        | Event::LootDrawn { .. }
                        | Event::EventDrawn { .. }
                        | Event::CardSeen { .. }
                        | Event::GuardTarget { .. }
                )
            })
    }

    fn reseed(state: &mut State, rng: &mut GameRng) {
        state.rng = rng.fork();
    }

    fn turns(state: &State) -> u32 {
        state.turn_number
    }

    fn render_text(view: &View, lang: &str) -> String {
        view::render(view, lang)
    }

    fn describe_event(event: &Event, lang: &str) -> String {
        describe::describe(event, lang)
    }

    fn describe_action(view: &View, action: &Action, lang: &str) -> Option<String> {
        Some(action_text::describe_action(view, action, lang))
    }

    fn describe_illegal(illegal: &Illegal, lang: &str) -> String {
        if lang == "fr" {
            illegal.french()
        } else {
            illegal.to_string()
        }
    }
}

mod action_text;
mod describe;
