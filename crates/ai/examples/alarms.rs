//! The alarms a bot's team sounds on Burgle Bros. (default options), by the kind of room they
//! sound in, and its hacking: the hack actions played and the hack tokens spent to enter a room
//! without its alarm. One line a game (won or lost, alarms), then the totals.
//! `cargo run --release -p lockpick-ai --example alarms -- [bot] [games] [iterations] [first
//! game]`.

mod common;

use std::collections::BTreeMap;

use lockpick_burgle::{Action, Burgle, Event};
use lockpick_engine::{Game, ToAct, Verdict};

fn main() {
    let run = common::Games::from_args(50);
    let mut by_room: BTreeMap<String, u32> = BTreeMap::new();
    let (mut games, mut wins) = (0u32, 0u32);
    let (mut alarms, mut alarms_in_wins) = (0u32, 0u32);
    let (mut hacks, mut spent) = (0u32, 0u32);
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        let mut events = Vec::new();
        let mut sounded = 0u32;
        let mut tokens = BTreeMap::new();
        let outcome = loop {
            match Burgle::to_act(&state) {
                ToAct::Over { outcome } => break outcome,
                ToAct::Seats { seats } => {
                    let action = player.choose(&state, seats[0]).expect("an action");
                    hacks += u32::from(action == Action::Hack {});
                    events.clear();
                    Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
                    for e in &events {
                        match e {
                            Event::AlarmOn { at } => {
                                sounded += 1;
                                let kind = state.tile(*at).kind.en().to_owned();
                                *by_room.entry(kind).or_insert(0) += 1;
                            }
                            Event::HackTokens { at, tokens: now } => {
                                let before = tokens.insert(*at, *now).unwrap_or(0);
                                spent += u32::from(before.saturating_sub(*now));
                            }
                            _ => {}
                        }
                    }
                }
            }
        };
        let won = outcome.verdict == Verdict::Won;
        games += 1;
        wins += u32::from(won);
        alarms += sounded;
        if won {
            alarms_in_wins += sounded;
        }
        println!(
            "game {i}: {} alarms {sounded}",
            if won { "won" } else { "lost" }
        );
    }
    let per = |n: u32, d: u32| f64::from(n) / f64::from(d.max(1));
    println!(
        "{games} games, {wins} won; {alarms} alarms ({:.1} a game, {:.1} a game won); {hacks} hack actions, {spent} hack tokens spent",
        per(alarms, games),
        per(alarms_in_wins, wins)
    );
    for (kind, n) in by_room {
        println!("  {kind}: {n}");
    }
}
