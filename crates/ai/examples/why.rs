//! Why the heuristic plays what it plays: replays one position written by `endgame snap...` as
//! `endgame play FILE R GAME` does, and at each of the first turns' decisions prints the planner's
//! points for every action it tries, best first, before the bot plays on.
//! `cargo run --release -p lockpick-ai --example why -- FILE GAME [repeat] [turns]`.

mod common;

use lockpick_burgle::Burgle;
use lockpick_engine::{Game, GameRng, ToAct};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("a file of positions");
    let game: u64 = common::number(&args, 2, 0);
    let r: u64 = common::number(&args, 3, 0);
    let turns: u32 = common::number(&args, 4, 3);
    let (_, start) = common::positions(file)
        .into_iter()
        .find(|(g, _)| *g == game)
        .expect("the game in the file");
    let (mut state, mut player) = common::deal(&start, game, r);
    let first = state.turn_number;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut probe = GameRng::from_seed(99);
    while let ToAct::Seats { seats } = Burgle::to_act(&state) {
        if state.turn_number >= first + turns {
            break;
        }
        if state.turn.used == 0 && state.decision.is_none() {
            common::print_board(&state);
        }
        Burgle::legal_actions(&state, seats[0], &mut legal);
        if let Some(values) =
            lockpick_burgle::heuristic::plan_values(&state, seats[0], &legal, &mut probe)
        {
            let mut order: Vec<usize> = (0..legal.len())
                .filter(|&i| values[i].is_finite())
                .collect();
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
            for &i in order.iter().take(8) {
                println!(
                    "      {:>10.0}  {}",
                    values[i],
                    serde_json::to_string(&legal[i]).unwrap()
                );
            }
        }
        let action = player.choose(&state, seats[0]).expect("an action");
        events.clear();
        Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
        common::print_action(&action, &events);
    }
}
