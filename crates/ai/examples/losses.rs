//! Where a bot's team loses its stealth tokens on Burgle Bros. (default options): every token
//! lost is classed by when it happened (during the character's own actions, or in the guard's
//! move after its own turn or a teammate's) and why (the guard drew a new destination on the
//! way, or headed for an alarm), and whether that turn drew an event card.
//! `cargo run --release -p lockpick-ai --example losses -- [bot] [games] [iterations] [first
//! game]`.

mod common;

use std::collections::BTreeMap;

use lockpick_burgle::actions::TargetReason;
use lockpick_burgle::{Action, Burgle, Event};
use lockpick_engine::{Game, ToAct};

fn main() {
    let run = common::Games::from_args(50);
    let mut causes: BTreeMap<String, u32> = BTreeMap::new();
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        let mut events = Vec::new();
        let verbose = std::env::var("SHOW").ok();
        let mut turn_start = String::new();
        let mut turn_actions: Vec<String> = Vec::new();
        while let ToAct::Seats { seats } = Burgle::to_act(&state) {
            if verbose.is_some() && turn_actions.is_empty() {
                turn_start = Burgle::render_text(
                    &Burgle::view(&state, lockpick_engine::Viewer::Spectator),
                    "en",
                );
            }
            turn_actions.push(format!("{a:?}", a = ()));
            let a = player.choose(&state, seats[0]).expect("an action");
            let active = state.current;
            let action_kind = format!("{a:?}")
                .split([' ', '{', '('])
                .next()
                .unwrap_or("")
                .to_string();
            events.clear();
            Burgle::apply(&mut state, seats[0], &a, &mut events).expect("legal");
            turn_actions.pop();
            let mut line = serde_json::to_string(&a).unwrap_or_default();
            for e in &events {
                line.push_str("\n      ");
                line.push_str(&Burgle::describe_event(e, "en"));
            }
            turn_actions.push(line);
            let mut ended = false;
            let mut drew = false;
            let mut alarm = false;
            let mut event = false;
            let mut last_moved = None;
            for e in &events {
                match e {
                    Event::TurnEnded { .. } => ended = true,
                    Event::GuardTarget { reason, .. } if ended => match reason {
                        TargetReason::Patrol => drew = true,
                        TargetReason::Alarm => alarm = true,
                        TargetReason::Card => {}
                    },
                    Event::AlarmOn { .. } if ended => alarm = true,
                    Event::EventDrawn { .. } => event = true,
                    Event::Moved { character, .. } => last_moved = Some(*character),
                    // A token taken from the room (a Lavatory's, a Smoke Bomb's) spares the
                    // character's own.
                    Event::StealthLost {
                        from_room: true, ..
                    } => *causes.entry("a room's token instead".into()).or_insert(0) += 1,
                    Event::StealthLost { character, .. } | Event::Captured { character } => {
                        let who = if *character == active { "self" } else { "mate" };
                        let class = if ended {
                            format!(
                                "guard after {who}'s turn{}{}{}",
                                if drew {
                                    ", new patrol card on the way"
                                } else {
                                    ""
                                },
                                if alarm { ", alarm" } else { "" },
                                if event { ", event drawn" } else { "" }
                            )
                        } else if matches!(a, Action::EndTurn {}) {
                            format!("end of turn ({who})")
                        } else if last_moved == Some(*character) {
                            format!("{who} moved ({action_kind})")
                        } else {
                            format!("{who} during {action_kind}")
                        };
                        let all = lockpick_burgle::safe::all_cracked(&state);
                        let tag = match (matches!(e, Event::Captured { .. }), all) {
                            (true, true) => "CAPTURED, all safes open: ",
                            (true, false) => "CAPTURED: ",
                            (false, true) => "all safes open: ",
                            (false, false) => "",
                        };
                        if verbose.as_deref() == Some(class.as_str()) {
                            println!("=== game {i}, turn {}", state.turn_number);
                            println!("{turn_start}");
                            for t in &turn_actions {
                                println!("> {t}");
                            }
                            for e in &events {
                                println!("    {e:?}");
                            }
                        }
                        *causes.entry(format!("{tag}{class}")).or_insert(0) += 1;
                    }
                    _ => {}
                }
            }
            if events
                .iter()
                .any(|e| matches!(e, Event::TurnStarted { .. }))
            {
                turn_actions.clear();
            }
        }
    }
    let total: u32 = causes
        .iter()
        .filter(|(k, _)| !k.starts_with("CAPTURED") && !k.starts_with("a room"))
        .map(|(_, v)| v)
        .sum();
    println!("{total} stealth tokens lost in {} games", run.range.len());
    let mut rows: Vec<_> = causes.into_iter().collect();
    rows.sort_by_key(|(_, v)| std::cmp::Reverse(*v));
    for (k, v) in rows {
        println!("{v:5}  {k}");
    }
}
