//! What the bots need: the greedy player as the game's [`Heuristic`], and an evaluation of a
//! position. The heuristic looks one step ahead on a determinization drawn from the seat's own
//! knowledge, so it never reads another hand or the order of a deck.

use lockpick_engine::{Game, GameRng, Heuristic, Seat};

use crate::{Action, Hacktivity, State, greedy};

impl Heuristic for Hacktivity {
    fn heuristic(state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        let seen = Hacktivity::determinize(state, seat, rng);
        greedy::choose(&seen, seat, rng)
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
            actions.retain(|a| !matches!(a, Action::ShowIcons));
        }
    }
}
