//! A simple greedy player, for balance measurements until the real bots come: each choice is
//! the legal action whose result scores best on the public screens (one step ahead, no
//! search), and draws keep the own deck and the anomalies emptying at the same pace.

use lockpick_engine::{Game, GameRng, Seat};

use crate::state::{Phase, State, ZoneState};
use crate::{Action, Hacktivity};

/// A score of the position for the team: higher is better.
#[must_use]
pub fn score(state: &State) -> i64 {
    if let Some(o) = &state.outcome {
        return match o.verdict {
            lockpick_engine::Verdict::Won => 1_000_000,
            lockpick_engine::Verdict::Lost => -1_000_000,
        };
    }
    let mut s: i64 = 0;
    let infection = i64::from(state.infection);
    let bp = i64::from(state.breaking_point);
    s -= 40 * infection.max(0) + 10 * infection.min(0);
    // Close to the breaking point is dangerous.
    if bp - infection <= 2 {
        s -= 200;
    }
    for p in &state.players {
        let f = i64::from(p.firewall);
        s += 30 * f.min(3) + 5 * f;
        if p.firewall == 1 {
            s -= 150;
        }
    }
    let markers: Vec<u8> = state.alert.iter().flatten().copied().collect();
    s += 60 * markers.len() as i64;
    for m in &markers {
        s -= i64::from(*m) * 4;
    }
    if markers.len() == 1 {
        s -= 200;
    }
    for z in &state.zones {
        match z {
            ZoneState::Isolated { blocks, chains, .. } => {
                s -= 12 + 6 * i64::from(*blocks);
                s += 4 * i64::from(*chains);
            }
            ZoneState::Empty => s += 10,
            ZoneState::Blocked => {}
        }
    }
    if let Some(x) = &state.experimental {
        s += 3 * i64::from(x.charge);
    }
    s -= 15 * state.anomaly_deck.len() as i64 / 4;
    s
}

/// The draw split keeping the decks emptying together.
fn choose_draw(state: &State, seat: Seat, legal: &[Action]) -> Action {
    let own_left = state.player(seat).deck.len() as f64;
    let share = state.anomaly_deck.len() as f64 / state.players.len() as f64;
    let t = f64::from(state.tension());
    let want = if own_left + share > 0.0 {
        (t * share / (own_left + share)).round()
    } else {
        0.0
    };
    legal
        .iter()
        .min_by_key(|a| match a {
            Action::ChooseDraw { anomaly, .. } => {
                ((f64::from(*anomaly) - want).abs() * 10.0) as i64
            }
            _ => i64::MAX,
        })
        .cloned()
        .unwrap_or(Action::Ready {})
}

/// The greedy choice for `seat`; `rng` breaks ties.
#[must_use]
pub fn choose(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Action> {
    let mut legal = Vec::new();
    Hacktivity::legal_actions(state, seat, &mut legal);
    if legal.is_empty() {
        return None;
    }
    if state.phase == Phase::Draw && state.tasks.is_empty() {
        return Some(choose_draw(state, seat, &legal));
    }
    let mut best: Vec<(i64, Action)> = Vec::new();
    for a in legal {
        if matches!(a, Action::ShowIcons {}) {
            continue;
        }
        let mut copy = state.clone();
        if Hacktivity::apply(&mut copy, seat, &a, &mut Vec::new()).is_err() {
            continue;
        }
        let mut sc = score(&copy);
        // Ending the turn early keeps cards for later: a small nudge against it.
        if matches!(a, Action::EndTurn {}) {
            sc -= 1;
        }
        best.push((sc, a));
    }
    let top = best.iter().map(|(s, _)| *s).max()?;
    let ties: Vec<Action> = best
        .into_iter()
        .filter(|(s, _)| *s == top)
        .map(|(_, a)| a)
        .collect();
    rng.pick(&ties).cloned()
}
