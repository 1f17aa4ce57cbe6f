//! Quick win rate of a bot on Burgle Bros. (default options: Bank Job, normal, 2 random basic
//! characters, default walls), one thread, with how far each game got (safes cracked and when,
//! on which floors, loot left lying, where the characters ended and what loot they held), the
//! actions played before the first safe, the turns by actions used, the idle turns (nothing
//! turned over, decoded or taken, no one moved on) and the stealth lost on them and on the
//! others, the turns ended with two characters on one floor, the turns from a safe turned over
//! to its cracking, and the dice and rolls each cracked safe took; and for the games that open
//! every safe, how many escape, sorted by what the team had at the last crack (the top floor's
//! stairs seen or not, the floor of the lowest character, the last safe on the top floor or
//! below). Last, for the games that open a safe, the games and wins by each kind of loot drawn
//! (held or lying at the end): which loot is drawn is chance, not play, so a kind won less
//! often than the others hurts the team as the bot plays it.
//! `cargo run --release -p lockpick-ai --example winrate -- [bot] [games] [iterations]
//! [first seed]`; the seeds are those of `lockpick sim --seed 1`.
//! `ZERO=1` prints the board of the first turns ended without an action.
//! `ONLY=Rook` (any character's name) plays only the games where that character takes part,
//! and skips the others: a change to one character's play is measured on its own games.

mod common;

use lockpick_burgle::Burgle;
use lockpick_burgle::ids::Floor;
use lockpick_engine::{Game, ToAct, Verdict};

fn main() {
    let run = common::Games::from_args(100);
    let bot = run.bot.as_str();
    // The games played (all of the range, or those `ONLY` keeps).
    let mut games = 0u32;
    let only = std::env::var("ONLY").ok();
    let (mut wins, mut turns, mut safes) = (0u32, 0u32, 0usize);
    let mut by_safes = [0u32; 4];
    let mut crack_turns = [0u32; 3];
    let mut kinds = std::collections::BTreeMap::new();
    let mut used = [0u32; 7];
    let mut shown = 0;
    let mut work_total = (0u32, 0u32, 0u32);
    // Turns by safes open when they ended, and the idle ones among them: no room turned over,
    // no die added or digit decoded, no loot taken, and every character where it began.
    let mut phase_turns = [0u32; 4];
    let mut idle_turns = [0u32; 4];
    // Stealth tokens lost on idle turns and on the others (the guard's move included).
    let mut lost = [[0u32; 4]; 2];
    // Turns ended with two characters or more on one floor, by safes open.
    let mut shared = [0u32; 4];
    // Turns from a safe turned over to its cracking, summed over the safes cracked.
    let mut found_total = [0u32; 2];
    let mut endgames = Endgames::default();
    // Games that opened a safe, and their wins, by each kind of loot drawn.
    let mut by_loot: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    let mut opened = (0u32, 0u32);
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        if let Some(only) = &only
            && !state.chars.iter().any(|c| format!("{:?}", c.kind) == *only)
        {
            continue;
        }
        games += 1;
        let mut events = Vec::new();
        let mut cracked_at = Vec::new();
        let mut cracked_floors = Vec::new();
        let mut found_at = [0u32; 3];
        let mut safe_work = [(0u32, 0u32); 3];
        let mut turn_sig = common::progress(&state);
        let stealth = |s: &lockpick_burgle::state::State| {
            s.chars.iter().map(|c| u32::from(c.stealth)).sum::<u32>()
        };
        let mut turn_stealth = stealth(&state);
        let mut last_crack = None;
        let outcome = loop {
            match Burgle::to_act(&state) {
                ToAct::Over { outcome } => break outcome,
                ToAct::Seats { seats } => {
                    let a = player.choose(&state, seats[0]).expect("an action");
                    if std::env::var_os("ZERO").is_some()
                        && shown < 6
                        && state.turn.used == 0
                        && state.stage == lockpick_burgle::state::Stage::Actions
                        && state.decision.is_none()
                        && a == (lockpick_burgle::Action::EndTurn {})
                    {
                        shown += 1;
                        println!(
                            "{}",
                            Burgle::render_text(
                                &Burgle::view(&state, lockpick_engine::Viewer::Spectator),
                                "en"
                            )
                        );
                    }
                    if cracked_at.is_empty() {
                        let k = serde_json::to_value(&a)
                            .ok()
                            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from))
                            .unwrap_or_default();
                        *kinds.entry(k).or_insert(0u32) += 1;
                    }
                    match &a {
                        lockpick_burgle::Action::AddDie { floor, .. } => {
                            safe_work[floor.index().min(2)].0 += 1;
                        }
                        lockpick_burgle::Action::Roll { floor, .. } => {
                            safe_work[floor.index().min(2)].1 += 1;
                        }
                        _ => {}
                    }
                    events.clear();
                    Burgle::apply(&mut state, seats[0], &a, &mut events).expect("legal");
                    for e in &events {
                        if let lockpick_burgle::Event::TurnEnded { actions, .. } = e {
                            used[usize::from(*actions).min(6)] += 1;
                            let phase = cracked_at.len().min(3);
                            phase_turns[phase] += 1;
                            let now = common::progress(&state);
                            idle_turns[phase] += u32::from(now == turn_sig);
                            let floors: Vec<_> = state
                                .chars
                                .iter()
                                .filter_map(|c| c.pos().map(|p| p.floor))
                                .collect();
                            shared[phase] += u32::from(
                                (1..floors.len()).any(|k| floors[..k].contains(&floors[k])),
                            );
                            lost[usize::from(now != turn_sig)][phase] +=
                                turn_stealth.saturating_sub(stealth(&state));
                        }
                        if let lockpick_burgle::Event::TurnStarted { .. } = e {
                            turn_sig = common::progress(&state);
                            turn_stealth = stealth(&state);
                        }
                        if let lockpick_burgle::Event::Revealed { at, kind, .. } = e
                            && *kind == lockpick_burgle::cards::TileKind::Safe
                        {
                            found_at[at.floor.index().min(2)] = state.turn_number;
                        }
                        if let lockpick_burgle::Event::SafeCracked { at } = e {
                            found_total[0] += state.turn_number - found_at[at.floor.index().min(2)];
                            found_total[1] += 1;
                            let (adds, rolls) = safe_work[at.floor.index().min(2)];
                            work_total.0 += adds;
                            work_total.1 += rolls;
                            work_total.2 += 1;
                            cracked_at.push(state.turn_number);
                            cracked_floors.push(at.floor.0 + 1);
                            if lockpick_burgle::safe::all_cracked(&state) {
                                last_crack = Some(Endgames::at_last_crack(&state, at.floor));
                            }
                        }
                    }
                }
            }
        };
        let cracked = lockpick_burgle::safe::cracked_count(&state);
        let won = outcome.verdict == Verdict::Won;
        wins += u32::from(won);
        turns += Burgle::turns(&state);
        safes += cracked;
        by_safes[cracked.min(3)] += 1;
        if let Some(at) = last_crack {
            endgames.add(at, won);
        }
        if cracked > 0 {
            opened.0 += 1;
            opened.1 += u32::from(won);
            let mut drawn: Vec<String> = state
                .chars
                .iter()
                .flat_map(|c| c.loot.iter().map(|l| format!("{l:?}")))
                .chain(state.loose.iter().filter_map(|(_, card)| match card {
                    lockpick_burgle::actions::HeldCard::Loot(l) => Some(format!("{l:?}")),
                    lockpick_burgle::actions::HeldCard::Tool(_) => None,
                }))
                .collect();
            drawn.sort();
            drawn.dedup();
            for l in drawn {
                let e = by_loot.entry(l).or_default();
                e.0 += 1;
                e.1 += u32::from(won);
            }
        }
        println!(
            "game {i}: {} after {} turns, {cracked} safes (turns {cracked_at:?}, floors {cracked_floors:?}), loot lying: {:?}, places {:?}, characters {:?}, loot {:?}",
            outcome.reason,
            Burgle::turns(&state),
            state.loose,
            state.chars.iter().map(|c| c.place).collect::<Vec<_>>(),
            state.chars.iter().map(|c| c.kind).collect::<Vec<_>>(),
            state
                .chars
                .iter()
                .map(|c| c.loot.clone())
                .collect::<Vec<_>>(),
        );
        for (k, t) in cracked_at.iter().enumerate() {
            crack_turns[k.min(2)] += t;
        }
    }
    println!(
        "{bot}: {wins}/{games} won, {:.1} turns, {:.2} safes per game, games by safes cracked {by_safes:?}",
        f64::from(turns) / f64::from(games),
        safes as f64 / f64::from(games),
    );
    println!(
        "per cracked safe: {:.2} dice added, {:.2} rolls",
        f64::from(work_total.0) / f64::from(work_total.2.max(1)),
        f64::from(work_total.1) / f64::from(work_total.2.max(1))
    );
    println!("actions before the first safe: {kinds:?}");
    println!("turns by actions used (0 to 6): {used:?}");
    println!("turns by safes open: {phase_turns:?}, of which idle: {idle_turns:?}");
    println!(
        "turns from a safe found to its cracking: {:.1}",
        f64::from(found_total[0]) / f64::from(found_total[1].max(1))
    );
    println!("turns ended with the team sharing a floor, by safes open: {shared:?}");
    println!(
        "stealth lost on idle turns: {:?}, on the others: {:?}",
        lost[0], lost[1]
    );
    let reached = |k: usize| by_safes[k + 1..].iter().sum::<u32>().max(1);
    println!(
        "mean turn of the 1st, 2nd, 3rd safe: {:.1}, {:.1}, {:.1}",
        f64::from(crack_turns[0]) / f64::from(reached(0)),
        f64::from(crack_turns[1]) / f64::from(reached(1)),
        f64::from(crack_turns[2]) / f64::from(reached(2)),
    );
    endgames.print();
    println!(
        "games opening a safe: {} won of {}; by loot drawn (won of games): {}",
        opened.1,
        opened.0,
        by_loot
            .iter()
            .map(|(l, (g, w))| format!("{l} {w} of {g}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

/// What the team had when its last safe opened: the top floor's stairs seen, the floor of its
/// lowest character still inside (0 for the first), the last safe on the top floor.
#[derive(Clone, Copy)]
struct LastCrack {
    stairs_seen: bool,
    lowest: usize,
    on_top: bool,
}

/// Games that opened every safe, as (won, played), by what the team had at the last crack.
#[derive(Default)]
struct Endgames {
    by_stairs: [[u32; 2]; 2],
    by_lowest: [[u32; 2]; 3],
    by_last: [[u32; 2]; 2],
}

impl Endgames {
    fn at_last_crack(state: &lockpick_burgle::state::State, floor: Floor) -> LastCrack {
        let top = state.top_floor();
        LastCrack {
            stairs_seen: state.rooms(top).any(|p| {
                let t = state.tile(p);
                t.revealed && t.kind == lockpick_burgle::cards::TileKind::Stairs
            }),
            lowest: state
                .chars
                .iter()
                .filter_map(|c| c.pos().map(|p| p.floor.index()))
                .min()
                .map_or(0, |f| f.min(2)),
            on_top: floor == top,
        }
    }

    fn add(&mut self, at: LastCrack, won: bool) {
        for tally in [
            &mut self.by_stairs[usize::from(at.stairs_seen)],
            &mut self.by_lowest[at.lowest],
            &mut self.by_last[usize::from(at.on_top)],
        ] {
            tally[0] += u32::from(won);
            tally[1] += 1;
        }
    }

    fn print(&self) {
        let f = |t: [u32; 2]| format!("{} of {}", t[0], t[1]);
        println!(
            "games opening every safe, escaped: with the top floor's stairs seen at the last crack {}, unseen {}; the lowest character on floor 1 {}, 2 {}, 3 {}; the last safe on the top floor {}, below it {}",
            f(self.by_stairs[1]),
            f(self.by_stairs[0]),
            f(self.by_lowest[0]),
            f(self.by_lowest[1]),
            f(self.by_lowest[2]),
            f(self.by_last[1]),
            f(self.by_last[0]),
        );
    }
}
