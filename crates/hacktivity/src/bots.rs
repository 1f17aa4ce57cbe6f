//! What the bots need: the greedy player as the game's [`Heuristic`], and an evaluation of a
//! position. The heuristic looks one step ahead on a determinization drawn from the seat's own
//! knowledge, so it never reads another hand or the order of a deck.

use lockpick_engine::{Game, GameRng, Heuristic, Seat};

use crate::{Action, Hacktivity, State, greedy};

impl Heuristic for Hacktivity {
    /// Hacktivity's evaluation only counts what is left to do, so its searches play rollouts
    /// to (nearly) the end of the game, with the wider exploration its rewards suit: with
    /// Burgle Bros.'s settings (0.3, 16) ISMCTS at 200 iterations won 0 of 30 two-player games,
    /// with these 29 of 30.
    fn search_settings(exploration: &mut f64, rollout_depth: &mut u32) {
        *exploration = 0.7;
        *rollout_depth = 60;
    }

    fn heuristic(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        let seen = Hacktivity::determinize(state, seat, rng);
        greedy::choose(&seen, seat, rng)
            .and_then(|a| legal.iter().position(|l| *l == a))
            .unwrap_or_else(|| rng.index(legal.len()))
    }

    /// The greedy step on the true state (the oracle's choice; Hacktivity's searches credit no
    /// heuristic, so only a caller that asks for it sees it).
    fn oracle_heuristic(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        greedy::choose(state, seat, rng)
            .and_then(|a| legal.iter().position(|l| *l == a))
            .unwrap_or_else(|| rng.index(legal.len()))
    }

    fn evaluate(state: &State) -> f64 {
        // The greedy score is a sum of tens to hundreds of points: squash it into 0..1.
        let s = greedy::score(state) as f64;
        1.0 / (1.0 + (-s / 150.0).exp())
    }

    fn search_actions(_state: &State, actions: &mut Vec<Action>) {
        // Showing icons changes nothing the search can use.
        if actions.len() > 1 {
            actions.retain(|a| !matches!(a, Action::ShowIcons {}));
        }
    }
}
