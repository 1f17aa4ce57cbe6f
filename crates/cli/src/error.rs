//! Everything a command can fail with, each with its own message.

use std::io;
use std::path::PathBuf;

use lockpick_engine::{
    LoadError, OptionError, Outcome, Seat, SeatCount, SetupError, ToAct, UndoError, Why,
};

/// Why a command failed. The message is what `lockpick` prints after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// No game of this id is registered.
    #[error("unknown game '{given}' (known games: {known})")]
    UnknownGame {
        /// The id given.
        given: String,
        /// The registered ids.
        known: String,
    },
    /// A saved game of a game this program does not have.
    #[error("{}: the saved game is of an unknown game '{game}' (known games: {known})", path.display())]
    UnknownGameInFile {
        /// The file.
        path: PathBuf,
        /// The game id in the file.
        game: String,
        /// The registered ids.
        known: String,
    },
    /// A bad `--option`.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The game cannot be set up with these seats or options.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A seat the table does not have.
    #[error("{}", crate::text::seat_out_of_range(*seat, *seats))]
    SeatOutOfRange {
        /// The seat given.
        seat: Seat,
        /// The table's seats.
        seats: SeatCount,
    },
    /// Content files that do not validate (the problems are listed on stdout, one a line).
    #[error("{}: the content does not validate", crate::text::count(*.0 as u64, "content problem"))]
    Content(usize),
    /// A content file whose name says nothing of what it holds.
    #[error("{}: unknown content file (Burgle Bros. reads tiles.toml and walls.toml; Hacktivity its cards, e.g. cyberlink.toml, anomalies.toml)", .0.display())]
    UnknownContent(PathBuf),
    /// A simulation or benchmark could not run.
    #[error(transparent)]
    Sim(#[from] lockpick_ai::SimError),
    /// A bad simulation argument, in English and in French.
    #[error("{}", .0.en)]
    SimArgs(Why),
    /// The file does not exist.
    #[error("file not found: {}", .0.display())]
    NotFound(PathBuf),
    /// The file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file is not a saved game this program can load.
    #[error("{}: {source}", path.display())]
    Load {
        /// The file.
        path: PathBuf,
        /// Why (truncated, corrupted, newer format, hash mismatch...).
        source: LoadError,
    },
    /// `new` would overwrite a file.
    #[error("{} already exists; add --force to overwrite it", .0.display())]
    Exists(PathBuf),
    /// The file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Words that name no legal action of the seat.
    #[error("'{words}' is none of seat {}'s legal actions: {legal}", seat.number())]
    NoActionInWords {
        /// The words given.
        words: String,
        /// The seat.
        seat: Seat,
        /// Its legal actions, in words.
        legal: String,
    },
    /// Words that fit several legal actions.
    #[error("'{words}' fits several legal actions ({matches}): add a word to tell them apart")]
    SeveralActionsInWords {
        /// The words given.
        words: String,
        /// The actions they fit, in words.
        matches: String,
    },
    /// The action argument is not JSON.
    #[error(
        "malformed action: not JSON ({0}); give one JSON object as `lockpick legal` prints it, or the action in words (`end_turn`, `peek B2`)"
    )]
    ActionNotJson(String),
    /// The action is JSON but not an action of this game.
    #[error("malformed action: not an action of {game}: {reason}")]
    ActionNotOfGame {
        /// The game's id.
        game: String,
        /// Why it does not parse.
        reason: String,
    },
    /// A bad `--bot SEAT=NAME` (or `hint --bot NAME`).
    #[error("bad bot '{given}': {reason}")]
    BadBot {
        /// The argument given.
        given: String,
        /// What is wrong with it (it says itself in English and in French).
        reason: Why,
    },
    /// Bots asked of a game no bot plays.
    #[error("no bots play '{0}' yet")]
    NoBots(String),
    /// A saved game whose bots are wrong (a seat it lacks, a bot no seat may have).
    #[error("{}: the saved game's bots are invalid: {}", path.display(), reason.en)]
    BadBotsInFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, in English and in French.
        reason: Why,
    },
    /// An action given for a seat a bot plays.
    #[error(
        "seat {} is played by {}: it plays its own turns",
        seat.number(),
        crate::seated::named(bot, false)
    )]
    SeatIsBot {
        /// The seat.
        seat: Seat,
        /// Its bot.
        bot: String,
    },
    /// A bot could not play (the actions played before it are saved).
    #[error(
        "{} of seat {} could not play: {reason}",
        crate::seated::named(bot, false),
        seat.number()
    )]
    BotFailed {
        /// Its seat.
        seat: Seat,
        /// Its name.
        bot: String,
        /// Why.
        reason: String,
    },
    /// The bots played on without end, or could not be made to play.
    #[error("the bots {en}")]
    BotsStuck {
        /// What they did, in English.
        en: String,
        /// The same in French.
        fr: String,
    },
    /// The action is not legal now: "illegal action: " and why, or its French with `--say fr`.
    #[error("{0}")]
    Illegal(String),
    /// The seat may not act now.
    #[error("it is not seat {}'s turn ({})", seat.number(), crate::text::status(to_act))]
    NotYourTurn {
        /// The seat given.
        seat: Seat,
        /// Who may act.
        to_act: ToAct,
    },
    /// The game has ended.
    #[error(
        "the game is over: {}; no more actions can be played",
        crate::text::outcome_text(outcome)
    )]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// An error worded in the language the command was asked to speak.
    #[error("{0}")]
    Said(String),
    /// Nothing to undo, or not this seat's action.
    #[error("cannot undo: {}", match .0 {
        UndoError::NotYours(seat) => format!("the last action is seat {}'s, not yours", seat.number()),
        other => other.to_string(),
    })]
    Undo(#[from] UndoError),
    /// The table server could not start or failed.
    #[error(transparent)]
    Serve(#[from] lockpick_server::ServerError),
    /// A `--log` filter that does not parse.
    #[error("bad --log filter '{filter}': {reason}")]
    LogFilter {
        /// The filter given.
        filter: String,
        /// Why it does not parse.
        reason: String,
    },
    /// The async runtime could not start.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(io::Error),
    /// Standard output is closed or full.
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
}

impl CliError {
    /// This error worded in French ([`Self::in_french`]); a failure to write the output stays
    /// itself, for `run` to recognise a closed pipe.
    #[must_use]
    pub fn french(self) -> Self {
        match self {
            Self::Output(e) => Self::Output(e),
            other => Self::Said(other.in_french()),
        }
    }

    /// The message in French: actions in words, the turn, the end of the game, undo, bots,
    /// seats, options and setup, files (missing, unreadable, broken, newer), content, `sim`'s
    /// arguments. The server's own failures (`serve`, `--log`) and a failure to write the output
    /// stay in English, as do the details a parser or a bot gives inside a French frame. A
    /// refusal of the game is already in French when the command was asked to speak it.
    #[must_use]
    pub fn in_french(&self) -> String {
        match self {
            Self::NoActionInWords { words, seat, legal } => format!(
                "« {words} » n'est aucune des actions possibles de la place {} : {legal}",
                seat.number()
            ),
            Self::SeveralActionsInWords { words, matches } => format!(
                "« {words} » désigne plusieurs actions possibles ({matches}) : ajoutez un mot pour \
                 les distinguer"
            ),
            Self::ActionNotJson(reason) => format!(
                "action mal formée : ce n'est pas du JSON ({reason}) ; donnez un objet JSON comme \
                 `lockpick legal` les écrit, ou l'action en mots (`end_turn`, `peek B2`)"
            ),
            Self::ActionNotOfGame { game, reason } => {
                format!("action mal formée : ce n'est pas une action de {game} : {reason}")
            }
            Self::NotYourTurn { seat, to_act } => format!(
                "ce n'est pas au tour de la place {} ({})",
                seat.number(),
                crate::text::status_fr(to_act)
            ),
            Self::GameOver { outcome } => format!(
                "la partie est finie : {} ({}) ; plus aucune action ne peut être jouée",
                outcome.verdict.french(),
                outcome.reason
            ),
            Self::Undo(UndoError::Nothing) => {
                "impossible d'annuler : la dernière action ne peut pas être reprise".to_owned()
            }
            Self::Undo(UndoError::NotYours(seat)) => {
                format!(
                    "impossible d'annuler : la dernière action est celle de la place {}",
                    seat.number()
                )
            }
            Self::SeatIsBot { seat, bot } => format!(
                "la place {} est jouée par {} : il joue ses propres tours",
                seat.number(),
                crate::seated::named(bot, true)
            ),
            Self::BotFailed { seat, bot, reason } => format!(
                "{} de la place {} n'a pas pu jouer : {reason}",
                crate::seated::named(bot, true),
                seat.number()
            ),
            Self::BotsStuck { fr, .. } => format!("les bots {fr}"),
            Self::NotFound(path) => format!("fichier introuvable : {}", path.display()),
            Self::SeatOutOfRange { seat, seats } => {
                crate::text::seat_out_of_range_fr(*seat, *seats)
            }
            Self::BadBot { given, reason } => format!("mauvais bot « {given} » : {}", reason.fr),
            Self::NoBots(game) => format!("aucun bot ne joue encore à « {game} »"),
            Self::BadBotsInFile { path, reason } => format!(
                "{} : les bots de la partie enregistrée ne sont pas valables : {}",
                path.display(),
                reason.fr
            ),
            Self::UnknownGame { given, known } => {
                format!("jeu inconnu « {given} » (jeux connus : {known})")
            }
            Self::UnknownGameInFile { path, game, known } => format!(
                "{} : la partie enregistrée est d'un jeu inconnu « {game} » (jeux connus : {known})",
                path.display()
            ),
            Self::Option(e) => option_fr(e),
            Self::Setup(e) => setup_fr(e),
            Self::Exists(path) => format!(
                "{} existe déjà ; ajoutez --force pour le remplacer",
                path.display()
            ),
            Self::Read { path, source } => {
                format!("impossible de lire {} : {source}", path.display())
            }
            Self::Write { path, source } => {
                format!("impossible d'écrire {} : {source}", path.display())
            }
            Self::Load { path, source } => format!("{} : {}", path.display(), load_fr(source)),
            Self::SimArgs(why) => why.fr.clone(),
            Self::Sim(lockpick_ai::SimError::Bot(lockpick_ai::BotError::UnknownBot(bot))) => {
                format!("bot inconnu « {bot} » (bots : random, heuristic, ismcts, oracle)")
            }
            Self::Sim(lockpick_ai::SimError::Bot(lockpick_ai::BotError::UnknownGame(game))) => {
                format!("aucun bot ne joue encore à « {game} »")
            }
            Self::Sim(lockpick_ai::SimError::Setup(e)) => setup_fr(e),
            Self::Content(n) => format!(
                "{} de contenu : le contenu n'est pas valide",
                crate::text::count_fr(*n as u64, "problème")
            ),
            Self::UnknownContent(path) => format!(
                "{} : fichier de contenu inconnu (Burgle Bros. lit tiles.toml et walls.toml ; \
                 Hacktivity ses cartes, p. ex. cyberlink.toml, anomalies.toml)",
                path.display()
            ),
            other => other.to_string(),
        }
    }
}

/// A bad option, in French.
fn option_fr(e: &OptionError) -> String {
    match e {
        OptionError::Unknown { key, known } => {
            format!("option inconnue « {key} » (les options de ce jeu : {known})")
        }
        OptionError::BadValue {
            key,
            value,
            expected,
        } => format!("mauvaise valeur « {value} » pour l'option « {key} » : attendu {expected}"),
        OptionError::Malformed(given) => {
            format!("l'option « {given} » n'est pas de la forme CLÉ=VALEUR")
        }
        OptionError::Repeated(key) => format!("l'option « {key} » est donnée deux fois"),
    }
}

/// A game that cannot be set up, in French.
fn setup_fr(e: &SetupError) -> String {
    match e {
        SetupError::SeatCount { min, max, given } => {
            format!("ce jeu se joue de {min} à {max} joueurs, pas {given}")
        }
        SetupError::Options { fr, .. } => fr.clone(),
        SetupError::Invalid(reason) => reason.clone(),
    }
}

/// A saved game that cannot be loaded, in French (the details the JSON reader or the game
/// give stay as they are).
fn load_fr(e: &LoadError) -> String {
    match e {
        LoadError::Truncated(detail) => format!("la partie enregistrée est tronquée : {detail}"),
        LoadError::Corrupted(detail) => {
            format!("la partie enregistrée est corrompue : {detail}")
        }
        LoadError::NewerFormat { found, supported } => format!(
            "la partie enregistrée est au format {found}, plus récent que ce que ce programme lit \
             ({supported}) : mettez Lockpick à jour"
        ),
        LoadError::UnknownGame(game) => {
            format!("la partie enregistrée est d'un jeu inconnu « {game} »")
        }
        LoadError::Options(e) => format!(
            "les options de la partie enregistrée ne sont pas valables : {}",
            option_fr(e)
        ),
        LoadError::Setup(e) => format!(
            "la partie enregistrée ne peut pas être mise en place : {}",
            setup_fr(e)
        ),
        LoadError::Replay { index, reason } => format!(
            "l'action {index} du journal de la partie enregistrée ne peut pas être rejouée : \
             {reason}"
        ),
        LoadError::HashMismatch { saved, replayed } => format!(
            "rejouer ne redonne pas l'état enregistré (empreinte enregistrée {saved}, rejouée \
             {replayed})"
        ),
    }
}
