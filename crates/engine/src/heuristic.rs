//! What a game tells its bots: a hand-written sensible move and an evaluation of a position.
//! Games implement it; `lockpick-ai` builds its bots on it. A game crate never knows the bots.

use crate::{Game, GameRng, Seat};

/// A game's own sense of play, for the heuristic bot and the search's rollouts.
pub trait Heuristic: Game {
    /// The index in `legal` (never empty) of a sensible action for `seat`; `rng` breaks ties.
    fn heuristic(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> usize;

    /// The index in `legal` (never empty) of the action the heuristic plays when it may read
    /// the whole state, hidden information included: the oracle's own choice, which its search
    /// credits as the fair search credits [`Heuristic::heuristic`]. A heuristic that reads only
    /// what the seat knows (by resampling the rest) should let this one read the true state, or
    /// the oracle would be partly fair and its lead would understate what the hidden
    /// information is worth. The default is [`Heuristic::heuristic`], for a heuristic that
    /// reads the state as it is given.
    fn oracle_heuristic(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> usize {
        Self::heuristic(state, seat, legal, rng)
    }

    /// The index in `legal` (never empty) of the action a search plays in its rollouts: a cheap
    /// policy, called thousands of times per move. The default is [`Heuristic::heuristic`].
    fn rollout(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> usize {
        Self::heuristic(state, seat, legal, rng)
    }

    /// How promising an unfinished position is for the team, from 0 (lost) to 1 (won): the
    /// value a search takes when it cuts a rollout short.
    fn evaluate(state: &Self::State) -> f64;

    /// Trims the legal actions a search considers (never to nothing): free actions that can
    /// be repeated forever, such as handing a card back and forth, would stall a search. The
    /// default keeps them all.
    fn search_actions(state: &Self::State, actions: &mut Vec<Self::Action>) {
        let _ = (state, actions);
    }

    /// The search settings that suit this game, when a bot is made with the generic ones: the
    /// UCB exploration constant and how many rollout actions are played before [`evaluate`]
    /// cuts the rollout short. The default keeps them; a game whose evaluation is a rough
    /// guess wants longer rollouts.
    ///
    /// [`evaluate`]: Heuristic::evaluate
    fn search_settings(exploration: &mut f64, rollout_depth: &mut u32) {
        let _ = (exploration, rollout_depth);
    }

    /// How much a search trusts [`Heuristic::heuristic`] at the root: its choice is credited
    /// with this share of the root's visits before the most visited action is played, so the
    /// search overrules the heuristic only when its own results clearly favour another action.
    /// The oracle uses the same share: it is the same search on the true state, so that the gap
    /// between the two is what the hidden information costs and nothing else. The default, 0,
    /// leaves the search on its own.
    fn search_prior() -> f64 {
        0.0
    }

    /// The heuristic's points for each action of `legal` (higher is better; minus infinity for
    /// an action it does not weigh), where it weighs the actions of this decision at all, drawn
    /// as [`Heuristic::heuristic`] draws them: its choice is the first of the best. A game that
    /// gives them and a [`Heuristic::near_tie`] lets the search decide only where the
    /// heuristic hesitates. The default, `None`, has no opinion.
    fn heuristic_values(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Option<Vec<f64>> {
        let _ = (state, seat, legal, rng);
        None
    }

    /// [`Heuristic::heuristic_values`] read on the whole state, hidden information included:
    /// what the oracle's search weighs, as [`Heuristic::oracle_heuristic`] is its choice. The
    /// default is [`Heuristic::heuristic_values`].
    fn oracle_heuristic_values(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Option<Vec<f64>> {
        Self::heuristic_values(state, seat, legal, rng)
    }

    /// How close, in the points of [`Heuristic::heuristic_values`], another action must come
    /// to the heuristic's best for the search to decide between them. Where the heuristic gives
    /// values, a search plays its best outright when no other action comes that close, and
    /// otherwise plays the near tie its own visits favour; where it gives none (or this is
    /// `None`, the default), the search decides, crediting [`Heuristic::search_prior`].
    fn near_tie() -> Option<f64> {
        None
    }
}
