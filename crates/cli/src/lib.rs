//! The `lockpick` command line, as a library: [`run`] parses the arguments and runs one command
//! against any [`Registry`] of games, so tests drive it with the engine's toy game.
//!
//! ```text
//! lockpick games [--json | --say en|fr]
//! lockpick new GAME -o FILE [--seats N] [--seed N] [--option KEY=VALUE]... [--bot SEAT=NAME]...
//! lockpick show FILE [--seat N | --spectator] [--json]
//! lockpick legal FILE [--seat N] [--words] [--say en|fr]
//! lockpick act FILE --seat N ACTION [--say en|fr]     (JSON, or in words: `peek B2`)
//! lockpick play FILE [--say en|fr]                  (at the terminal, with the bots of the file)
//! lockpick hint FILE [--seat N] [--bot NAME] [--json] [--say en|fr]
//! lockpick replay FILE [--say en|fr]
//! lockpick undo FILE --seat N [--say en|fr]
//! lockpick serve [--addr HOST:PORT] [--db PATH|URL] [--log LEVEL]
//! ```
//!
//! Seats are counted from 1, as players count them and as the games' sentences and the web table
//! name them (`--seat 1` is the first seat); JSON (actions, views, saved games) keeps the index,
//! from 0. A failed command prints one `error: ...` line on stderr, exits with a non-zero code
//! and leaves the file as it was.

mod commands;
mod content;
mod error;
mod file;
mod notation;
mod seated;
mod serve;
mod sim;
mod terminal;
mod text;

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use lockpick_engine::{Registry, Seat};

pub use error::CliError;

/// Every game this build offers. Register a game by adding `.with::<TheGame>()` (and its bots
/// in `sim::bots`).
#[must_use]
pub fn registry() -> Registry {
    Registry::new()
        .with::<lockpick_burgle::Burgle>()
        .with::<lockpick_hacktivity::Hacktivity>()
}

/// Play, replay and inspect cooperative heist board games from the command line.
#[derive(Debug, Parser)]
#[command(name = "lockpick", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A language the games' sentences are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Language {
    /// English.
    En,
    /// French.
    Fr,
}

impl Language {
    /// The code the games' sentences go by ("en", "fr").
    const fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Fr => "fr",
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the games and their options.
    Games {
        /// Print the games and their option schemas as JSON.
        #[arg(long)]
        json: bool,
        /// Describe the games and their options in this language.
        #[arg(long, value_name = "LANG", conflicts_with = "json")]
        say: Option<Language>,
    },
    /// Start a new game and save it to a file.
    New {
        /// The game's id (see `lockpick games`).
        game: String,
        /// The file to save the game to.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
        /// How many seats (default: the fewest the game allows).
        #[arg(long, value_name = "N")]
        seats: Option<u8>,
        /// The seed of the game's random number generator (default: a fresh one, printed).
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// An option of the game (repeatable; see `lockpick games`).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// A seat a bot plays (counted from 1) and the bot: random, heuristic or ismcts
        /// (repeatable: `--bot 2=heuristic`).
        /// Bots play their seats' turns as soon as they are to act, here and after each `act`.
        #[arg(long = "bot", value_name = "SEAT=NAME")]
        bots: Vec<String>,
        /// Overwrite FILE if it exists.
        #[arg(long)]
        force: bool,
        /// Say what was made (and why not) in this language.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Show what one seat (or a spectator) sees.
    Show {
        /// The saved game.
        file: PathBuf,
        /// The seat whose view to show, counted from 1 (default: the first seat to act; a
        /// spectator once the game is over).
        #[arg(long, value_name = "N", conflicts_with = "spectator", value_parser = seat_number)]
        seat: Option<Seat>,
        /// Show what a spectator sees.
        #[arg(long)]
        spectator: bool,
        /// Print the view as JSON.
        #[arg(long)]
        json: bool,
        /// Draw the board in this language (rooms keep their codes; cards take their French
        /// titles where the content gives them).
        #[arg(long, value_name = "LANG", conflicts_with = "json")]
        say: Option<Language>,
    },
    /// List a seat's legal actions, one JSON object per line.
    Legal {
        /// The saved game.
        file: PathBuf,
        /// The seat, counted from 1 (default: the first seat to act).
        #[arg(long, value_name = "N", value_parser = seat_number)]
        seat: Option<Seat>,
        /// Print each action in words, as `act` takes them (`peek C1 1`), instead of JSON; with
        /// `--say`, after a sentence in that language (`Peek at C1 (floor 1)  [peek C1 1]`).
        #[arg(long)]
        words: bool,
        /// Say why there are no actions (and a refusal) in this language; with `--words`, say
        /// each action in a sentence too.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Play one action, print the events that seat sees (JSON lines) and save the game.
    Act {
        /// The saved game.
        file: PathBuf,
        /// The seat that acts, counted from 1.
        #[arg(long, value_name = "N", value_parser = seat_number)]
        seat: Seat,
        /// The action: one JSON object as `lockpick legal` prints it, or in words: its type,
        /// then enough of its values to name it among the legal actions, in any order, or as
        /// `key=value` (`end_turn`, `peek B2`, `move C1 2`, `choose_draw own=2 anomaly=1`).
        action: String,
        /// Print the events as sentences in this language instead of JSON lines, and a
        /// refusal in it too.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Play at the terminal: the board, the legal actions numbered, and a prompt, for every
    /// seat no bot plays (friends around one screen take turns); bots play theirs. Each action
    /// is saved at once.
    Play {
        /// The saved game (`lockpick new` makes one; `--bot SEAT=NAME` seats teammates).
        file: PathBuf,
        /// The language of the board, the events and the prompts.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Ask a bot what a seat could play now (played nowhere): the action in words, as `act`
    /// takes them.
    Hint {
        /// The saved game.
        file: PathBuf,
        /// The seat, counted from 1 (default: the first seat to act).
        #[arg(long, value_name = "N", value_parser = seat_number)]
        seat: Option<Seat>,
        /// The bot asked: random, heuristic or ismcts (1,000 iterations).
        #[arg(long, value_name = "NAME", default_value = "ismcts")]
        bot: String,
        /// Print the action as JSON, as `lockpick legal` prints it.
        #[arg(long)]
        json: bool,
        /// Say a refusal in this language.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Replay the game's log and check that it reproduces the saved state.
    Replay {
        /// The saved game.
        file: PathBuf,
        /// Say the result (and a refusal) in this language.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
    /// Play many games with a bot and report win rates per option combination.
    Sim(sim::SimArgs),
    /// Measure speed: random-playout moves and games per second, ISMCTS iterations per second,
    /// the size of a state and of a saved game.
    Bench {
        /// One game (default: every game).
        game: Option<String>,
        /// Seconds spent on each measure.
        #[arg(long, value_name = "S", default_value_t = 2.0)]
        seconds: f64,
        /// One JSON object per game.
        #[arg(long)]
        json: bool,
        /// The figures (and a refusal) in this language.
        #[arg(long, value_name = "LANG", conflicts_with = "json")]
        say: Option<Language>,
    },
    /// Check game content files (cards, tiles, walls): the embedded ones, or edited copies.
    Content {
        #[command(subcommand)]
        command: ContentCommand,
    },
    /// Host tables over HTTP and WebSocket for every game of this build (see the server's
    /// README and /openapi.json). Stops cleanly on Ctrl-C or SIGTERM.
    Serve {
        /// The address to listen on.
        #[arg(
            long,
            env = "LOCKPICK_ADDR",
            value_name = "HOST:PORT",
            default_value = "127.0.0.1:8080"
        )]
        addr: String,
        /// Where tables are stored: a SQLite file (created if missing), or a postgres:// URL.
        #[arg(
            long,
            env = "LOCKPICK_DB",
            value_name = "PATH|URL",
            default_value = "lockpick.db"
        )]
        db: String,
        /// The log level or filter (error, warn, info, debug, trace, or e.g. `lockpick_server=debug`).
        #[arg(
            long,
            env = "LOCKPICK_LOG",
            value_name = "LEVEL",
            default_value = "info"
        )]
        log: String,
        /// The log format.
        #[arg(long, env = "LOCKPICK_LOG_FORMAT", value_enum, default_value = "text")]
        log_format: serve::LogFormat,
        /// How long bots wait before they play, in milliseconds.
        #[arg(
            long,
            env = "LOCKPICK_BOT_DELAY_MS",
            value_name = "MS",
            default_value_t = 400
        )]
        bot_delay_ms: u64,
        /// How long a player may be disconnected before a bot plays their seat, in seconds.
        #[arg(
            long,
            env = "LOCKPICK_TAKEOVER_SECS",
            value_name = "S",
            default_value_t = 20
        )]
        takeover_secs: u64,
        /// Messages one socket connection may send a second (bursts of twice as many); 0: no limit.
        #[arg(
            long,
            env = "LOCKPICK_SOCKET_RATE",
            value_name = "N",
            default_value_t = 20
        )]
        socket_rate: u32,
        /// Tables and seats one client address may create a minute; 0: no limit.
        #[arg(
            long,
            env = "LOCKPICK_CREATE_RATE",
            value_name = "N",
            default_value_t = 30
        )]
        create_rate: u32,
        /// The URL clients reach the server at, for invitation links (default: from each
        /// request's Host header).
        #[arg(long, env = "LOCKPICK_PUBLIC_URL", value_name = "URL")]
        public_url: Option<String>,
    },
    /// Take back a seat's last undoable action and save the game.
    Undo {
        /// The saved game.
        file: PathBuf,
        /// The seat whose action to take back, counted from 1.
        #[arg(long, value_name = "N", value_parser = seat_number)]
        seat: Seat,
        /// Say the result (and a refusal) in this language.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
}

#[derive(Debug, Subcommand)]
enum ContentCommand {
    /// Validate content: with no FILE, every game's embedded content; else each FILE, known by
    /// its name (Burgle Bros.: `tiles.toml`, `walls.toml`). Errors name the file, the entry and
    /// the problem.
    Check {
        /// Edited content files.
        files: Vec<PathBuf>,
        /// Say what was checked and every problem in this language.
        #[arg(long, value_name = "LANG")]
        say: Option<Language>,
    },
}

/// A seat as players count it, from 1 (`--seat 1` is the first seat).
fn seat_number(text: &str) -> Result<Seat, String> {
    text::seat_number(text).map_err(|why| why.en)
}

/// Runs the command line `args` (program name first) against `registry`, writing results to
/// `stdout` and errors to `stderr`.
///
/// Returns success, 1 for a failed command (after one `error: ...` line on stderr), or 2 for
/// arguments that do not parse.
pub fn run<I, T>(
    registry: &Registry,
    args: I,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_input(registry, args, &mut io::empty(), stdout, stderr)
}

/// [`run`], with the lines `lockpick play` reads from `stdin`.
pub fn run_with_input<I, T>(
    registry: &Registry,
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.render().to_string();
            return if e.use_stderr() {
                let _ = write!(stderr, "{text}");
                ExitCode::from(2)
            } else {
                let _ = write!(stdout, "{text}");
                ExitCode::SUCCESS
            };
        }
    };
    match execute(registry, cli.command, stdin, stdout, stderr) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader (`lockpick legal game.json | head -1`) has all it wanted.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(stderr, "error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A command's failure in the language it was asked to speak.
fn in_language(say: Option<Language>, result: Result<(), CliError>) -> Result<(), CliError> {
    match say {
        Some(Language::Fr) => result.map_err(CliError::french),
        _ => result,
    }
}

fn execute(
    registry: &Registry,
    command: Command,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    match command {
        Command::Games { json, say } => commands::games(registry, json, say, out),
        Command::New {
            game,
            output,
            seats,
            seed,
            options,
            bots,
            force,
            say,
        } => {
            let args = commands::NewArgs {
                game,
                output,
                seats,
                seed,
                options,
                bots,
                force,
                say,
            };
            in_language(say, commands::new(registry, &args, out))
        }
        Command::Show {
            file,
            seat,
            spectator,
            json,
            say,
        } => in_language(
            say,
            commands::show(registry, &file, seat, spectator, json, say, out),
        ),
        Command::Legal {
            file,
            seat,
            words,
            say,
        } => in_language(
            say,
            commands::legal(registry, &file, seat, words, say, out, err),
        ),
        Command::Act {
            file,
            seat,
            action,
            say,
        } => in_language(say, commands::act(registry, &file, seat, &action, say, out)),
        Command::Play { file, say } => {
            in_language(say, terminal::play(registry, &file, say, input, out))
        }
        Command::Hint {
            file,
            seat,
            bot,
            json,
            say,
        } => in_language(say, commands::hint(registry, &file, seat, &bot, json, out)),
        Command::Replay { file, say } => {
            in_language(say, commands::replay(registry, &file, say, out))
        }
        Command::Undo { file, seat, say } => {
            in_language(say, commands::undo(registry, &file, seat, say, out))
        }
        Command::Sim(args) => in_language(args.say, sim::sim(registry, &args, out)),
        Command::Bench {
            game,
            seconds,
            json,
            say,
        } => in_language(
            say,
            sim::bench(
                registry,
                game.as_deref(),
                seconds,
                json,
                say == Some(Language::Fr),
                out,
            ),
        ),
        Command::Content {
            command: ContentCommand::Check { files, say },
        } => in_language(say, content::check(&files, say == Some(Language::Fr), out)),
        Command::Serve {
            addr,
            db,
            log,
            log_format,
            bot_delay_ms,
            takeover_secs,
            socket_rate,
            create_rate,
            public_url,
        } => serve::serve(&serve::ServeArgs {
            addr,
            db,
            log,
            log_format,
            bot_delay_ms,
            takeover_secs,
            socket_rate,
            create_rate,
            public_url,
        }),
    }
}
