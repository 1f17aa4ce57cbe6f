//! Two bots' results on the same games, side by side: reads two outputs of `examples/winrate.rs`
//! (their `game N: escaped|captured ...` lines) and prints, for each block of games counted
//! from the lowest game both played, the games both played, the wins of each, the games won
//! by one side only and the two-sided sign test on those; then the same over every game. This
//! is how the rounds log (docs/burgle-bot-rounds.md) judges a trial against the build.
//! `cargo run --release -p lockpick-ai --example pairs -- TRIAL.txt BUILD.txt [block size]`
//! (blocks of 200 unless told).

use std::collections::BTreeMap;

use lockpick_ai::stats::{sign_test, wilson};

/// Each game's result in a `winrate` output: won (escaped) or not, by game number.
fn results(path: &str) -> BTreeMap<u64, bool> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("game ")?;
            let (number, rest) = rest.split_once(": ")?;
            let won = if rest.starts_with("escaped") {
                true
            } else if rest.starts_with("captured") {
                false
            } else {
                return None;
            };
            Some((number.parse().ok()?, won))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a_path, b_path, rest @ ..] = args.as_slice() else {
        eprintln!("usage: pairs TRIAL.txt BUILD.txt [block size]");
        std::process::exit(2);
    };
    let block: u64 = rest.first().map_or(200, |s| {
        s.parse()
            .unwrap_or_else(|_| panic!("the block size is not a number: {s:?}"))
    });
    let (a, b) = (results(a_path), results(b_path));
    let both: Vec<(u64, bool, bool)> = a
        .iter()
        .filter_map(|(g, wa)| b.get(g).map(|wb| (*g, *wa, *wb)))
        .collect();
    let Some(first) = both.first().map(|(g, _, _)| *g) else {
        println!("no game was played by both");
        return;
    };
    let mut blocks: BTreeMap<u64, Vec<(u64, bool, bool)>> = BTreeMap::new();
    for game in &both {
        blocks
            .entry((game.0 - first) / block.max(1))
            .or_default()
            .push(*game);
    }
    println!("A = {a_path}, B = {b_path}");
    for games in blocks.values() {
        let (lo, hi) = (games[0].0, games[games.len() - 1].0);
        line(&format!("games {lo} to {hi}"), games);
    }
    line("every game", &both);
}

/// One line of the table: the wins of each side and the games won by one side only.
fn line(label: &str, games: &[(u64, bool, bool)]) {
    let n = games.len() as u32;
    let count = |f: fn(&(u64, bool, bool)) -> bool| games.iter().filter(|g| f(g)).count() as u32;
    let (wa, wb) = (count(|g| g.1), count(|g| g.2));
    let (oa, ob) = (count(|g| g.1 && !g.2), count(|g| g.2 && !g.1));
    let pct = |w: u32| {
        let (lo, hi) = wilson(w, n);
        format!(
            "{w} ({:.1}%, {:.1}% to {:.1}%)",
            100.0 * f64::from(w) / f64::from(n.max(1)),
            100.0 * lo,
            100.0 * hi
        )
    };
    println!(
        "{label}: {n} games; A won {}, B won {}; won by one side only: {oa} against {ob}, sign test {:.3}",
        pct(wa),
        pct(wb),
        sign_test(oa, ob)
    );
}
