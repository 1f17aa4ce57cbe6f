//! Information Set Monte Carlo Tree Search (single observer, open loop), cooperative.
//!
//! Every iteration draws a determinization of the root from the acting seat's knowledge
//! ([`Game::determinize`]), descends the one tree by UCB over the actions available in that
//! determinization (counting availability, as in Cowling, Powley & Whitehouse 2012), expands one
//! action, plays the game's heuristic for the rest of the rollout (cut off with
//! [`Heuristic::evaluate`]) and backs the team's result up the path. All seats maximize the team's
//! result. The oracle searches the true state instead (only the future dice are reseeded), and
//! the heuristic choice it credits reads the true state too ([`Heuristic::oracle_heuristic`]).
//!
//! A game may ask the search to trust its heuristic ([`Heuristic::search_prior`]): the
//! heuristic's choice at the root is then credited with that share of the root's visits before
//! the most visited action is played, so a short or noisy search overrules it only when its own
//! results clearly favour another action. A game that weighs the actions itself
//! ([`Heuristic::heuristic_values`]) may instead name a margin ([`Heuristic::near_tie`]): its
//! best action is then played without a search unless another comes within that margin, and
//! where one does the search decides between those near ties alone. The oracle does the same
//! with the values read on the true state ([`Heuristic::oracle_heuristic_values`]).

use std::fmt;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use lockpick_engine::{Game, GameRng, Heuristic, Seat, ToAct, Verdict};
use rayon::prelude::*;

use crate::Bot;

/// How hard the search thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations per move, over all trees.
    pub iterations: u32,
    /// An optional time budget per move (then results depend on the machine's speed).
    pub time: Option<Duration>,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// Actions played in a rollout before it is cut off and evaluated.
    pub rollout_depth: u32,
    /// Independent trees searched (in parallel when threads allow) and merged at the root.
    /// The result depends on this number, never on the thread count.
    pub trees: u32,
    /// Search the true state (cheats: for measurements only).
    pub oracle: bool,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        Self {
            iterations: 1_000,
            time: None,
            exploration: 0.3,
            rollout_depth: 16,
            trees: 1,
            oracle: false,
        }
    }
}

/// The ISMCTS bot (fair by default; the oracle with [`IsmctsConfig::oracle`]).
pub struct Ismcts<G: Game> {
    config: IsmctsConfig,
    rng: GameRng,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> fmt::Debug for Ismcts<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ismcts")
            .field("game", &G::ID)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

struct Edge<A> {
    action: A,
    child: u32,
    visits: u32,
    reward: f64,
    available: u32,
}

struct Tree<A> {
    nodes: Vec<Vec<Edge<A>>>,
}

impl<G: Heuristic> Ismcts<G> {
    /// A search with its own seed.
    #[must_use]
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        Self {
            config,
            rng: GameRng::from_seed(seed),
            game: PhantomData,
        }
    }

    /// Root visit counts per action after searching `state` for `seat` (the most visited is the
    /// choice). Exposed for tests and hints.
    pub fn search(&mut self, state: &G::State, seat: Seat) -> Vec<(G::Action, u32)> {
        let trees = self.config.trees.max(1);
        let per_tree = (self.config.iterations / trees).max(1);
        let seeds: Vec<u64> = (0..trees).map(|_| self.rng.next_u64()).collect();
        let config = self.config;
        let results: Vec<Vec<(G::Action, u32)>> = seeds
            .into_par_iter()
            .map(|seed| run_tree::<G>(state, seat, &config, per_tree, seed))
            .collect();
        let mut merged: Vec<(G::Action, u32)> = Vec::new();
        for result in results {
            for (action, visits) in result {
                match merged.iter_mut().find(|(a, _)| *a == action) {
                    Some((_, v)) => *v += visits,
                    None => merged.push((action, visits)),
                }
            }
        }
        merged
    }

    /// The heuristic's best action (the first of the best values), unless other actions come
    /// within `margin` of it: then the search is run and the most visited of those near ties is
    /// played (ties of visits go to the heuristic's best, then to the first listed).
    fn break_near_tie(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        values: &[f64],
        margin: f64,
    ) -> G::Action {
        let best = (0..legal.len())
            .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
            .unwrap_or(0);
        let near: Vec<usize> = (0..legal.len())
            .filter(|&i| i == best || (values[i].is_finite() && values[i] >= values[best] - margin))
            .collect();
        if near.len() == 1 {
            return legal[best].clone();
        }
        let visits = self.search(state, seat);
        let count = |i: usize| {
            visits
                .iter()
                .find(|(a, _)| *a == legal[i])
                .map_or(0, |(_, v)| *v)
        };
        let pick = near
            .iter()
            .copied()
            .max_by_key(|&i| (count(i), i == best, std::cmp::Reverse(i)))
            .unwrap_or(best);
        legal[pick].clone()
    }
}

impl<G: Heuristic> Bot<G> for Ismcts<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        let mut legal = Vec::new();
        G::legal_actions(state, seat, &mut legal);
        match legal.len() {
            0 => return None,
            1 => return legal.pop(),
            _ => {}
        }
        // Where the game weighs the actions, its best is played outright unless another comes
        // near it; then the search picks among the near ties.
        if let Some(margin) = G::near_tie() {
            let values = if self.config.oracle {
                G::oracle_heuristic_values(state, seat, &legal, &mut self.rng)
            } else {
                G::heuristic_values(state, seat, &legal, &mut self.rng)
            };
            // One value per legal action, or the game has broken the contract: search then.
            if let Some(values) = values
                && values.len() == legal.len()
            {
                return Some(self.break_near_tie(state, seat, &legal, &values, margin));
            }
        }
        let mut visits = self.search(state, seat);
        // The game's own choice, credited with a share of the visits (none by default).
        let prior = G::search_prior();
        if prior > 0.0 {
            let total: u32 = visits.iter().map(|(_, v)| *v).sum();
            // The oracle's heuristic reads the true state too: it is the same search, cheating.
            let k = if self.config.oracle {
                G::oracle_heuristic(state, seat, &legal, &mut self.rng)
            } else {
                G::heuristic(state, seat, &legal, &mut self.rng)
            };
            let bonus = (prior * f64::from(total)).round() as u32;
            match visits.iter_mut().find(|(a, _)| *a == legal[k]) {
                Some((_, v)) => *v += bonus,
                None => visits.push((legal[k].clone(), bonus)),
            }
        }
        // The most visited root action that is legal in the true state (ties: first listed).
        legal
            .iter()
            .enumerate()
            .max_by_key(|(i, a)| {
                let v = visits.iter().find(|(b, _)| b == *a).map_or(0, |(_, v)| *v);
                (v, std::cmp::Reverse(*i))
            })
            .map(|(_, a)| a.clone())
    }
}

fn acting(to_act: &ToAct, rng: &mut GameRng) -> Option<Seat> {
    match to_act {
        ToAct::Seats { seats } => rng.pick(seats).copied(),
        ToAct::Over { .. } => None,
    }
}

fn result_of(to_act: &ToAct) -> Option<f64> {
    to_act
        .outcome()
        .map(|o| if o.verdict == Verdict::Won { 1.0 } else { 0.0 })
}

fn run_tree<G: Heuristic>(
    root: &G::State,
    seat: Seat,
    config: &IsmctsConfig,
    iterations: u32,
    seed: u64,
) -> Vec<(G::Action, u32)> {
    let mut rng = GameRng::from_seed(seed);
    let mut tree: Tree<G::Action> = Tree {
        nodes: vec![Vec::new()],
    };
    let mut legal: Vec<G::Action> = Vec::new();
    let mut events = Vec::new();
    let mut path: Vec<(u32, usize)> = Vec::new();
    let start = Instant::now();
    for i in 0..iterations {
        if let Some(limit) = config.time
            && i % 16 == 0
            && start.elapsed() > limit
        {
            break;
        }
        let mut state = if config.oracle {
            let mut s = root.clone();
            G::reseed(&mut s, &mut rng);
            s
        } else {
            G::determinize(root, seat, &mut rng)
        };
        path.clear();
        let mut node = 0u32;
        let mut reward = None;
        // Selection and expansion.
        loop {
            let to_act = G::to_act(&state);
            if let Some(r) = result_of(&to_act) {
                reward = Some(r);
                break;
            }
            let Some(actor) = acting(&to_act, &mut rng) else {
                break;
            };
            G::legal_actions(&state, actor, &mut legal);
            G::search_actions(&state, &mut legal);
            if legal.is_empty() {
                reward = Some(0.0);
                break;
            }
            let edges = &mut tree.nodes[node as usize];
            for e in edges.iter_mut() {
                if legal.contains(&e.action) {
                    e.available += 1;
                }
            }
            let unexpanded: Vec<usize> = (0..legal.len())
                .filter(|&k| !edges.iter().any(|e| e.action == legal[k]))
                .collect();
            let (edge_index, expand) = if let Some(&k) = rng.pick(&unexpanded) {
                edges.push(Edge {
                    action: legal[k].clone(),
                    child: 0,
                    visits: 0,
                    reward: 0.0,
                    available: 1,
                });
                (edges.len() - 1, true)
            } else {
                let c = config.exploration;
                let best = edges
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| legal.contains(&e.action))
                    .max_by(|(_, a), (_, b)| ucb(a, c).total_cmp(&ucb(b, c)))
                    .map(|(k, _)| k)
                    .expect("every legal action has an edge");
                (best, false)
            };
            let action = tree.nodes[node as usize][edge_index].action.clone();
            events.clear();
            if G::apply(&mut state, actor, &action, &mut events).is_err() {
                reward = Some(0.0);
                break;
            }
            path.push((node, edge_index));
            let child = tree.nodes[node as usize][edge_index].child;
            if expand || child == 0 {
                let new = tree.nodes.len() as u32;
                tree.nodes.push(Vec::new());
                tree.nodes[node as usize][edge_index].child = new;
                break;
            }
            node = child;
        }
        // Rollout with the game's heuristic, cut off by its evaluation.
        let reward = reward.unwrap_or_else(|| {
            rollout::<G>(
                &mut state,
                config.rollout_depth,
                &mut rng,
                &mut legal,
                &mut events,
            )
        });
        for &(n, e) in &path {
            let edge = &mut tree.nodes[n as usize][e];
            edge.visits += 1;
            edge.reward += reward;
        }
    }
    tree.nodes[0]
        .iter()
        .map(|e| (e.action.clone(), e.visits))
        .collect()
}

fn ucb<A>(e: &Edge<A>, c: f64) -> f64 {
    if e.visits == 0 {
        return f64::INFINITY;
    }
    let n = f64::from(e.visits);
    e.reward / n + c * (f64::from(e.available.max(1)).ln() / n).sqrt()
}

fn rollout<G: Heuristic>(
    state: &mut G::State,
    depth: u32,
    rng: &mut GameRng,
    legal: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> f64 {
    for _ in 0..depth {
        let to_act = G::to_act(state);
        if let Some(r) = result_of(&to_act) {
            return r;
        }
        let Some(actor) = acting(&to_act, rng) else {
            return 0.0;
        };
        G::legal_actions(state, actor, legal);
        if legal.is_empty() {
            return 0.0;
        }
        let k = G::rollout(state, actor, legal, rng);
        events.clear();
        if G::apply_listed(state, actor, &legal[k], events).is_err() {
            return 0.0;
        }
    }
    result_of(&G::to_act(state)).unwrap_or_else(|| G::evaluate(state).clamp(0.0, 1.0))
}
