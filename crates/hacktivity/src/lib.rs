//! # lockpick-hacktivity
//!
//! Hacktivity for Lockpick: a team of hackers plays its character decks against the anomalies
//! of an infected network, wave after wave, watching three screens: Alert, Antivirus and
//! Critical. Every rule of the base rulebook (`shared/seeds/002`) is enforced;
//! `docs/rules/hacktivity.md` maps each rule and icon to its tests.
//!
//! The crate reads like the rulebook: [`setup`], [`draw`] (phase 1), [`turn`] (phase 2 and the
//! end of waves), [`effects`] (icons), [`antivirus`], [`alert`], [`critical`], [`players`]
//! (firewalls, draws, discards), [`characters`] (DrPower, CyberLink, BLAAST!), [`scenario`].
//! The cards are data: [`content`] loads and checks `content/*.toml`.

#![warn(missing_docs)]

mod action_text;
pub mod actions;
pub mod alert;
pub mod antivirus;
mod bots;
pub mod cards;
pub mod characters;
pub mod content;
pub mod critical;
mod describe;
pub mod determinize;
pub mod draw;
pub mod effects;
pub mod greedy;
pub mod icons;
pub mod ids;
pub mod players;
#[cfg(feature = "testkit")]
pub mod probe;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod testing;
pub mod turn;
pub mod view;

use lockpick_engine::{
    Game, GameRng, OptionSpec, Options, Seat, SeatCount, SetupError, Text, ToAct, Viewer,
};

pub use actions::{Action, Event, Illegal};
pub use state::State;
pub use view::View;

/// Hacktivity.
#[derive(Debug, Clone, Copy)]
pub struct Hacktivity;

impl Game for Hacktivity {
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Illegal = Illegal;

    const ID: &'static str = "hacktivity";
    const NAME: Text = Text::new("Hacktivity", "Hacktivity");
    const MIN_SEATS: u8 = 1;
    const MAX_SEATS: u8 = 4;

    fn options_schema() -> Vec<OptionSpec> {
        setup::schema()
    }

    fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<State, SetupError> {
        setup::setup(options, seats, seed)
    }

    fn to_act(state: &State) -> ToAct {
        turn::to_act(state)
    }

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

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn redact(_state: &State, event: &Event, viewer: Viewer) -> Option<Event> {
        Some(determinize::redact(event, viewer))
    }

    fn play_by_format(state: &mut State, format: u32) {
        state.format = format;
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(state, seat, rng)
    }

    fn undoable(
        before: &State,
        after: &State,
        seat: Seat,
        action: &Action,
        events: &[Event],
    ) -> bool {
        // "Une fois posée, vous ne pouvez pas revenir en arrière": a card placed on a pile is
        // final, and so is everything it does (its targets, the teammate it names, what it
        // discards or duplicates): teammates have seen it. Only DrPower's choice of a program,
        // before anything of it resolves, draws, reveals, shuffles or shows, may be taken back
        // within his turn.
        before.phase == state::Phase::Play
            && after.phase == state::Phase::Play
            && before.turn.is_some_and(|t| t.seat == seat)
            && before.turn_number == after.turn_number
            && before.rng == after.rng
            && matches!(action, Action::RunProgram { .. })
            && !events.iter().any(|e| {
                matches!(
                    e,
                    Event::CardsDrawn { .. }
                        | Event::AlertTriggered { .. }
                        | Event::IconsShown { .. }
                        | Event::Discarded {
                            from_deck: true,
                            ..
                        }
                        | Event::GameOver { .. }
                )
            })
    }

    fn turns(state: &State) -> u32 {
        // A wave is Hacktivity's round.
        state.wave
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
