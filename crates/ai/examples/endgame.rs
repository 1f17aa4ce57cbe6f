//! The endgame of Burgle Bros. games, replayed many times, so that a change to how the bots
//! leave the building is measured on hundreds of endgames rather than on the few dozen that a
//! few hundred whole games reach.
//!
//! - `endgame snap [games] [first game]` plays the heuristic on the games of `winrate` until
//!   every safe is open and no loot lies about, and writes each such position (the start of a
//!   turn) as one JSON line: `{"game": N, "state": ...}`.
//! - `endgame snap-loot [games] [first game]` does the same for the positions where every safe
//!   is open and loot still lies in a room (the second Gold Bar left on its safe): someone must
//!   fetch it before the team may leave.
//! - `endgame snap-open K [games] [first game]` stops each game at the first turn's start with
//!   exactly K safes open (on the Bank Job, K = 2 is the last safe still to crack: most games
//!   are lost there), so that the middle of the game can be replayed the same way.
//! - `endgame play FILE [repeats] [game]` plays each position to its end `repeats` times (10
//!   when left out) with the heuristic, one line per ending; each repeat deals the decks and the
//!   face-down rooms anew from what the team knows, and seeds the bot and the dice by the game
//!   and the repeat, so that two builds play the same endings. With a game number, only that
//!   game, with the board and every action printed. Each ending's line gives the safes open at
//!   the end, where the tokens went (lost on a floor whose safe is shut, on one already open
//!   while a safe is shut, after the last safe), where the characters stood at each turn's
//!   start while a safe was shut, and, floor by floor on the open floors, those starts and the
//!   tokens lost there: a character waiting on an open floor for its teammate to crack the last
//!   safe gets nothing done, and its guard walks after each of its turns.

mod common;

use lockpick_burgle::Burgle;
use lockpick_burgle::actions::{Event, HeldCard};
use lockpick_burgle::state::State;
use lockpick_engine::{Game, ToAct};

/// Every safe open, and loot lying in a room exactly when `lying`: all that is left is the way
/// to the roof, with or without loot to fetch on it.
fn endgame(state: &State, lying: bool) -> bool {
    state.outcome.is_none()
        && lockpick_burgle::safe::all_cracked(state)
        && state
            .loose
            .iter()
            .any(|(_, c)| matches!(c, HeldCard::Loot(_)))
            == lying
}

/// Plays the heuristic on `winrate`'s games and writes the first position (the start of a turn)
/// where `at` holds, one JSON line a game; `skip` arguments come before the games and the first.
fn snap(args: &[String], at: impl Fn(&State) -> bool, skip: usize) {
    let games: u32 = common::number(args, 2 + skip, 100);
    let first: u32 = common::number(args, 3 + skip, 0);
    let run = common::Games::new("heuristic", 1000, first..first + games);
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        let mut events = Vec::new();
        while let ToAct::Seats { seats } = Burgle::to_act(&state) {
            if state.decision.is_none() && state.turn.used == 0 && at(&state) {
                println!("{}", serde_json::json!({ "game": i, "state": state }));
                break;
            }
            let action = player.choose(&state, seats[0]).expect("an action");
            events.clear();
            Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
        }
    }
}

fn play(args: &[String]) {
    let file = args.get(2).expect("a file of positions (endgame snap)");
    let repeats: u64 = common::number(args, 3, 10);
    let only: Option<u64> = args.get(4).map(|_| common::number(args, 4, 0));
    // Over every ending: played, won, with every safe open, tokens lost (as `lost`),
    // character-turns (as `spent`).
    let (mut endings, mut won, mut cracked) = (0u32, 0u32, 0u32);
    let (mut all_lost, mut all_spent) = ([0u32; 3], [0u32; 2]);
    for (game, start) in common::positions(file) {
        if only.is_some_and(|g| g != game) {
            continue;
        }
        for r in 0..repeats {
            let (mut state, mut player) = common::deal(&start, game, r);
            let mut events = Vec::new();
            let turns = state.turn_number;
            // Tokens lost (and captures) on a floor whose safe is shut, on one already open while
            // a safe is still shut, and once every safe is open.
            let mut lost = [0u32; 3];
            // Characters counted at each turn's start while a safe is shut: on a floor whose
            // safe is shut, on one whose safe is open.
            let mut spent = [0u32; 2];
            // The same on open floors, floor by floor: characters at turn starts, tokens lost.
            let mut by_floor = [[0u32; 2]; 4];
            let mut counted = 0;
            let outcome = loop {
                let seat = match Burgle::to_act(&state) {
                    ToAct::Over { outcome } => break outcome,
                    ToAct::Seats { seats } => seats[0],
                };
                if state.turn_number != counted && !lockpick_burgle::safe::all_cracked(&state) {
                    counted = state.turn_number;
                    for p in state.chars.iter().filter_map(|c| c.pos()) {
                        let open = lockpick_burgle::safe::cracked(&state, p.floor);
                        spent[usize::from(open)] += 1;
                        if open {
                            by_floor[p.floor.index().min(3)][0] += 1;
                        }
                    }
                }
                if only.is_some() && state.turn.used == 0 && state.decision.is_none() {
                    common::print_board(&state);
                }
                let action = player.choose(&state, seat).expect("an action");
                events.clear();
                Burgle::apply(&mut state, seat, &action, &mut events).expect("legal");
                for e in &events {
                    if let Event::StealthLost { character, .. } | Event::Captured { character } = e
                        && let Some(p) = state.chars[*character].pos()
                    {
                        let open = lockpick_burgle::safe::cracked(&state, p.floor);
                        let all = lockpick_burgle::safe::all_cracked(&state);
                        lost[usize::from(open) + usize::from(all)] += 1;
                        if open && !all {
                            by_floor[p.floor.index().min(3)][1] += 1;
                        }
                    }
                }
                if only.is_some() {
                    common::print_action(&action, &events);
                }
            };
            let open = lockpick_burgle::safe::cracked_count(&state);
            println!(
                "game {game} rep {r}: {:?} after {} turns, {open} safes, tokens lost on shut floors {}, on open ones {}, after the last safe {}, character-turns on shut floors {}, on open ones {}, open floors (character-turns, lost) {:?}",
                outcome.verdict,
                state.turn_number - turns,
                lost[0],
                lost[1],
                lost[2],
                spent[0],
                spent[1],
                by_floor
            );
            endings += 1;
            won += u32::from(outcome.verdict == lockpick_engine::Verdict::Won);
            cracked += u32::from(lockpick_burgle::safe::all_cracked(&state));
            for (a, b) in all_lost.iter_mut().zip(lost) {
                *a += b;
            }
            for (a, b) in all_spent.iter_mut().zip(spent) {
                *a += b;
            }
        }
    }
    if only.is_none() {
        println!(
            "{endings} endings: {won} won, {cracked} with every safe open; tokens lost on shut floors {}, on open ones {}, after the last safe {}; character-turns on shut floors {}, on open ones {}",
            all_lost[0], all_lost[1], all_lost[2], all_spent[0], all_spent[1]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("snap") => snap(&args, |s| endgame(s, false), 0),
        Some("snap-loot") => snap(&args, |s| endgame(s, true), 0),
        Some("snap-open") => {
            let open: usize = common::number(&args, 2, 2);
            let cracked = move |s: &State| {
                s.outcome.is_none() && lockpick_burgle::safe::cracked_count(s) == open
            };
            snap(&args, cracked, 1);
        }
        Some("play") => play(&args),
        _ => eprintln!(
            "usage: endgame snap|snap-loot [games] [first game] | endgame snap-open K [games] [first game] | endgame play FILE [repeats] [game]"
        ),
    }
}
