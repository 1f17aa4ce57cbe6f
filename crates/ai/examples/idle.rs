//! Where the idle turns of a Burgle Bros. bot are spent: each turn is sorted by the safes open
//! when it began, where the character who played it stood (a floor whose safe is open, a floor
//! whose safe is found and shut, a floor whose safe is still face down), how far its floor's
//! guard stood (his walk, rooms) and whether a teammate shared the floor; for each kind, the
//! turns played and how many were idle (nothing turned over, no die added or digit decoded, no
//! loot taken, no one moved on: `common::progress`).
//! `cargo run --release -p lockpick-ai --example idle -- [bot] [games] [iterations] [first game]`.

mod common;

use std::collections::BTreeMap;

use lockpick_burgle::state::State;
use lockpick_burgle::{Burgle, Event};
use lockpick_engine::{Game, ToAct};

/// The kind of a turn, from the state it began in.
fn kind(start: &State) -> Option<String> {
    let who = start.current;
    let pos = start.chars[who].pos()?;
    let floor = &start.floors[pos.floor.index()];
    let safe = start.tile(lockpick_burgle::ids::Pos::new(pos.floor, floor.safe));
    let open = start
        .all_floors()
        .filter(|f| lockpick_burgle::safe::cracked(start, *f))
        .count();
    let place = if safe.cracked {
        "on a floor already open"
    } else if safe.revealed {
        "on a floor whose safe is found and shut"
    } else {
        "on a floor whose safe is face down"
    };
    let guard = floor
        .guard
        .and_then(|g| start.maze(pos.floor).distance(g.at, pos.cell))
        .map_or("no guard", |d| match d {
            0..=2 => "guard 0-2 away",
            3..=4 => "guard 3-4 away",
            _ => "guard 5+ away",
        });
    let shared = start
        .chars
        .iter()
        .enumerate()
        .any(|(k, c)| k != who && c.pos().is_some_and(|p| p.floor == pos.floor));
    Some(format!(
        "{open} open, {place}, {guard}{}",
        if shared { ", floor shared" } else { "" }
    ))
}

fn main() {
    let run = common::Games::from_args(100);
    // Turns played and idle, by kind.
    let mut kinds: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        let mut events = Vec::new();
        let mut start = state.clone();
        while let ToAct::Seats { seats } = Burgle::to_act(&state) {
            let action = player.choose(&state, seats[0]).expect("an action");
            events.clear();
            Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
            for e in &events {
                match e {
                    Event::TurnEnded { .. } => {
                        let still = common::progress(&state) == common::progress(&start);
                        if let Some(k) = kind(&start) {
                            let entry = kinds.entry(k).or_default();
                            entry.0 += 1;
                            entry.1 += u32::from(still);
                        }
                    }
                    Event::TurnStarted { .. } => start = state.clone(),
                    _ => {}
                }
            }
        }
    }
    let (turns, idle) = kinds
        .values()
        .fold((0u32, 0u32), |(n, i), (kn, ki)| (n + kn, i + ki));
    println!(
        "{} games: {idle} idle turns of {turns} ({:.1}%)",
        run.range.len(),
        100.0 * f64::from(idle) / f64::from(turns.max(1))
    );
    let mut rows: Vec<_> = kinds.into_iter().collect();
    rows.sort_by_key(|(k, (_, still))| (std::cmp::Reverse(*still), k.clone()));
    for (k, (n, still)) in rows {
        println!(
            "{still:6} idle of {n:6} turns ({:5.1}%)  {k}",
            100.0 * f64::from(still) / f64::from(n.max(1))
        );
    }
}
