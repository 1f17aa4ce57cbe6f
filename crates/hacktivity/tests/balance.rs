//! Balance: how often random and greedy play win, by player count. The authored decks aim at
//! games that simple play sometimes wins and random play rarely does. `LOCKPICK_BALANCE_SEEDS`
//! sets the games per player count (default 60); run with `--nocapture` to see the rates.

use std::collections::BTreeMap;

use lockpick_engine::{Game, GameRng, Options, SeatCount, ToAct, Verdict};
use lockpick_hacktivity::{Hacktivity, greedy};

fn seeds() -> u64 {
    std::env::var("LOCKPICK_BALANCE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60)
}

/// Plays one game; `smart` picks greedy moves, else uniformly random ones.
fn play(players: u8, seed: u64, smart: bool) -> (bool, String) {
    let options = Options::resolve(&Hacktivity::options_schema(), []).unwrap();
    let mut state = Hacktivity::setup(&options, SeatCount(players), seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    for _ in 0..10_000 {
        let seats = match Hacktivity::to_act(&state) {
            ToAct::Over { outcome } => {
                return (outcome.verdict == Verdict::Won, outcome.reason);
            }
            ToAct::Seats { seats } => seats,
        };
        let seat = seats[0];
        let action = if smart {
            greedy::choose(&state, seat, &mut rng).expect("a legal action")
        } else {
            let mut legal = Vec::new();
            Hacktivity::legal_actions(&state, seat, &mut legal);
            legal[rng.index(legal.len())].clone()
        };
        Hacktivity::apply(&mut state, seat, &action, &mut Vec::new()).unwrap();
    }
    panic!("seed {seed} did not end");
}

fn rates(smart: bool) -> Vec<(u8, f64, BTreeMap<String, usize>)> {
    let n = seeds();
    (1..=4u8)
        .map(|players| {
            let mut won = 0;
            let mut reasons = BTreeMap::new();
            for seed in 0..n {
                let (w, reason) = play(players, seed, smart);
                won += usize::from(w);
                *reasons.entry(reason).or_insert(0) += 1;
            }
            (players, won as f64 / n as f64, reasons)
        })
        .collect()
}

#[test]
fn greedy_play_sometimes_wins_and_random_play_rarely() {
    let greedy_rates = rates(true);
    let random_rates = rates(false);
    for ((p, g, gr), (_, r, rr)) in greedy_rates.iter().zip(&random_rates) {
        eprintln!(
            "{p} player(s): greedy {:.0}% {gr:?} | random {:.0}% {rr:?}",
            g * 100.0,
            r * 100.0
        );
    }
    for (p, g, _) in &greedy_rates {
        assert!(*g > 0.0, "greedy never wins at {p} player(s)");
    }
    for (p, r, _) in &random_rates {
        assert!(*r < 0.5, "random play wins too often at {p} player(s)");
    }
}
