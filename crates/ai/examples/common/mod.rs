//! What the Burgle Bros. examples share: their arguments, `[bot] [games] [iterations] [first
//! game]`, and the games they play, those of `lockpick sim burgle --seats 2 --seed 1` (Bank Job,
//! normal, 2 random basic characters, default walls).

// Each example uses a part of what is here.
#![allow(dead_code)]

use lockpick_ai::sim::game_seed;
use lockpick_ai::{Bot, BotKind};
use lockpick_burgle::Burgle;
use lockpick_burgle::state::State;
use lockpick_engine::{Game, Options, SeatCount, Viewer};

/// Argument `i` of the command line as a number, `default` when left out.
pub fn number<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).map_or(default, |s| {
        s.parse()
            .unwrap_or_else(|_| panic!("argument {i} is not a number: {s:?}"))
    })
}

/// Prints the board as a spectator sees it.
pub fn print_board(state: &State) {
    println!(
        "{}",
        Burgle::render_text(&Burgle::view(state, Viewer::Spectator), "en")
    );
}

/// Prints an action and what it did.
pub fn print_action(action: &lockpick_burgle::Action, events: &[lockpick_burgle::Event]) {
    println!("> {}", serde_json::to_string(action).unwrap_or_default());
    for e in events {
        println!("    {}", Burgle::describe_event(e, "en"));
    }
}

/// The games an example plays, read from its command line.
pub struct Games {
    /// The bot's name, as given (not every example prints it).
    pub bot: String,
    kind: BotKind,
    options: Options,
    /// The games' numbers, as `sim` counts them.
    pub range: std::ops::Range<u32>,
}

impl Games {
    /// Reads `[bot] [games] [iterations] [first game]` (the heuristic, `games`, 1,000
    /// iterations and game 0 when left out).
    pub fn from_args(games: u32) -> Self {
        let args: Vec<String> = std::env::args().collect();
        let bot = args.get(1).map_or("heuristic", String::as_str);
        let (games, iterations, first) = (
            number(&args, 2, games),
            number(&args, 3, 1000),
            number(&args, 4, 0),
        );
        Self {
            bot: bot.to_owned(),
            kind: BotKind::parse(bot, iterations)
                .expect("a bot: random, heuristic, ismcts, oracle"),
            options: Options::resolve(&Burgle::options_schema(), []).expect("options"),
            range: first..first + games,
        }
    }

    /// The games `range` played by `bot` at `iterations`.
    pub fn new(bot: &str, iterations: u32, range: std::ops::Range<u32>) -> Self {
        Self {
            bot: bot.to_owned(),
            kind: BotKind::parse(bot, iterations).expect("a bot"),
            options: Options::resolve(&Burgle::options_schema(), []).expect("options"),
            range,
        }
    }

    /// Game `i`'s opening state and the bot that plays it, seeded as `sim` seeds them.
    pub fn start(&self, i: u32) -> (State, Box<dyn Bot<Burgle>>) {
        let seed = game_seed(1, 0, i);
        let state = Burgle::setup(&self.options, SeatCount(2), seed).expect("setup");
        (state, self.kind.make::<Burgle>(seed ^ 0x5EED))
    }
}

/// The positions of a file written by `endgame snap...`: each line's game number and state,
/// with the file and line named on an unreadable one.
pub fn positions(file: &str) -> Vec<(u64, State)> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1));
            let game = v["game"].as_u64().expect("a game number");
            let state = serde_json::from_value(v["state"].clone())
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1));
            (game, state)
        })
        .collect()
}

/// Repeat `r` of a position of game `game`: the decks and face-down rooms dealt anew from what
/// the team knows, and the heuristic that plays it, both seeded by the game and the repeat, so
/// that two builds (and `endgame play` and `why`) play the same endings.
pub fn deal(start: &State, game: u64, r: u64) -> (State, Box<dyn Bot<Burgle>>) {
    let mut rng = lockpick_engine::GameRng::from_seed(game * 1000 + r);
    let mut state = lockpick_burgle::determinize::determinize(start, &mut rng);
    state.rng = rng.fork();
    let player = BotKind::parse("heuristic", 1000)
        .expect("the heuristic")
        .make::<Burgle>(game * 7919 + r);
    (state, player)
}

/// What a turn may change for the better: rooms turned over, dice added, digits decoded and
/// safes cracked, where each character stands, and loot held. A turn that leaves it as it was
/// is idle.
pub fn progress(s: &State) -> (u32, u32, u32, u32) {
    let mut sig = (0u32, 0u32, 0u32, 0u32);
    for f in &s.floors {
        for t in &f.tiles {
            sig.0 += u32::from(t.revealed);
            sig.1 += u32::from(t.dice) + u32::from(t.decoded) + u32::from(t.cracked);
        }
    }
    for c in &s.chars {
        sig.2 = sig.2 * 128
            + c.pos().map_or(127, |p| {
                u32::from(p.floor.0) * 32 + p.cell.index(s.width) as u32
            });
        sig.3 += c.loot.len() as u32;
    }
    sig
}
