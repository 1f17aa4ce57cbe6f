use std::fmt;
use std::marker::PhantomData;

use lockpick_engine::{Game, GameRng, Heuristic, Seat};

/// A player of game `G`.
pub trait Bot<G: Game>: Send {
    /// The action `seat` plays in `state`, or `None` if the seat has nothing to do.
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action>;
}

/// How a [`PolicyBot`] picks among the legal actions, without looking ahead.
pub trait Policy<G: Game> {
    /// The bot's name in debug output.
    const NAME: &'static str;

    /// The index in `legal` (never empty) of the action to play.
    fn pick(state: &G::State, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize;
}

/// Uniform over the legal actions.
#[derive(Debug, Clone, Copy)]
pub enum Uniform {}

impl<G: Game> Policy<G> for Uniform {
    const NAME: &'static str = "RandomBot";

    fn pick(_: &G::State, _: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize {
        rng.index(legal.len())
    }
}

/// The game's own hand-written choice ([`Heuristic::heuristic`]).
#[derive(Debug, Clone, Copy)]
pub enum HandWritten {}

impl<G: Heuristic> Policy<G> for HandWritten {
    const NAME: &'static str = "HeuristicBot";

    fn pick(state: &G::State, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize {
        G::heuristic(state, seat, legal, rng)
    }
}

/// A bot that plays one [`Policy`] on the legal actions, with its own seeded generator.
pub struct PolicyBot<G: Game, P> {
    rng: GameRng,
    legal: Vec<G::Action>,
    game: PhantomData<fn() -> (G, P)>,
}

/// Plays a uniformly random legal action.
pub type RandomBot<G> = PolicyBot<G, Uniform>;

/// Plays the game's own hand-written choice ([`Heuristic::heuristic`]); the seed breaks ties.
pub type HeuristicBot<G> = PolicyBot<G, HandWritten>;

impl<G: Game, P: Policy<G>> fmt::Debug for PolicyBot<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(P::NAME)
            .field("game", &G::ID)
            .finish_non_exhaustive()
    }
}

impl<G: Game, P: Policy<G>> PolicyBot<G, P> {
    /// A bot with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::from_seed(seed),
            legal: Vec::new(),
            game: PhantomData,
        }
    }
}

impl<G: Game, P: Policy<G>> Bot<G> for PolicyBot<G, P> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        G::legal_actions(state, seat, &mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        let i = P::pick(state, seat, &self.legal, &mut self.rng);
        self.legal.get(i).cloned()
    }
}
