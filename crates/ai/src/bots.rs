use std::fmt;
use std::marker::PhantomData;

use lockpick_engine::{Game, GameRng, Heuristic, Seat};

/// A player of game `G`.
pub trait Bot<G: Game>: Send {
    /// The action `seat` plays in `state`, or `None` if the seat has nothing to do.
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action>;
}

/// Plays a uniformly random legal action.
pub struct RandomBot<G: Game> {
    rng: GameRng,
    legal: Vec<G::Action>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> fmt::Debug for RandomBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RandomBot")
            .field("game", &G::ID)
            .finish_non_exhaustive()
    }
}

impl<G: Game> RandomBot<G> {
    /// A random bot with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::from_seed(seed),
            legal: Vec::new(),
            game: PhantomData,
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        G::legal_actions(state, seat, &mut self.legal);
        self.rng.pick(&self.legal).cloned()
    }
}

/// Plays the game's own hand-written choice ([`Heuristic::heuristic`]).
pub struct HeuristicBot<G: Game> {
    rng: GameRng,
    legal: Vec<G::Action>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> fmt::Debug for HeuristicBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HeuristicBot")
            .field("game", &G::ID)
            .finish_non_exhaustive()
    }
}

impl<G: Heuristic> HeuristicBot<G> {
    /// A heuristic bot; the seed breaks ties.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::from_seed(seed),
            legal: Vec::new(),
            game: PhantomData,
        }
    }
}

impl<G: Heuristic> Bot<G> for HeuristicBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        G::legal_actions(state, seat, &mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        let i = G::heuristic(state, seat, &self.legal, &mut self.rng);
        self.legal.get(i).cloned()
    }
}
