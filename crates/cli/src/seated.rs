//! Bots in the seats of a saved game. `new --bot 1=heuristic` writes them in the file (and
//! `undo` keeps them); `new` and `act` let them play their seats' turns until a player's seat is
//! to act or the game ends; `hint` asks a bot what a seat could play. A bot decides from what its seat knows
//! (the oracle, which cheats, is never seated) and on a seed mixed from the game's seed and the
//! length of its log, so the same file always gets the same answer.

use std::collections::BTreeMap;

use lockpick_ai::{BotKind, Bots, TABLE_BOTS, decision_seed, hint_seed};
use lockpick_engine::{DynSession, EventBatch, SavedGame, Seat, SeatCount, ToAct, Why};
use serde_json::Value;

use crate::CliError;

/// ISMCTS iterations per move of a seated `ismcts` bot and of a hint: the search's default.
const ITERATIONS: u32 = 1_000;

/// The most actions the bots play in a row: far more than a whole game, so that a bot stuck
/// in a loop is reported rather than waited for.
const MOST_IN_A_ROW: usize = 20_000;

/// The seats bots play, read from `--bot SEAT=NAME` arguments.
///
/// # Errors
/// A malformed argument, a seat the table lacks or given twice, a bot no table seats, or a
/// game no bot plays.
pub(crate) fn parse(
    specs: &[String],
    seats: SeatCount,
    game: &str,
    bots: &Bots,
) -> Result<BTreeMap<Seat, String>, CliError> {
    let mut seated = BTreeMap::new();
    for spec in specs {
        let bad = |reason: Why| CliError::BadBot {
            given: spec.clone(),
            reason,
        };
        let (seat, name) = spec.split_once('=').ok_or_else(|| {
            bad(Why::new(
                "write SEAT=NAME, such as 2=heuristic",
                "écrivez PLACE=NOM, par exemple 2=heuristic",
            ))
        })?;
        let seat = crate::text::seat_number(seat).map_err(bad)?;
        let seat = seats.check(seat).map_err(|_| {
            bad(Why::new(
                crate::text::seat_out_of_range(seat, seats),
                crate::text::seat_out_of_range_fr(seat, seats),
            ))
        })?;
        let name = name.trim();
        check_name(name).map_err(bad)?;
        if seated.insert(seat, name.to_owned()).is_some() {
            return Err(bad(Why::new(
                format!("seat {} is given a bot twice", seat.number()),
                format!("la place {} reçoit deux bots", seat.number()),
            )));
        }
    }
    if !seated.is_empty() && !bots.ids().any(|id| id == game) {
        return Err(CliError::NoBots(game.to_owned()));
    }
    Ok(seated)
}

/// Refuses a name that is not a bot a seat may have.
fn check_name(name: &str) -> Result<(), Why> {
    if TABLE_BOTS.contains(&name) {
        Ok(())
    } else if name == "oracle" {
        Err(Why::new(
            "the oracle reads hidden cards: it is for `sim` only, never seated",
            "l'oracle lit les cartes cachées : il ne sert qu'à `sim`, jamais à une place",
        ))
    } else {
        let list = TABLE_BOTS.join(", ");
        Err(Why::new(
            format!("unknown bot '{name}' (a seat may have: {list})"),
            format!("bot inconnu « {name} » (une place peut avoir : {list})"),
        ))
    }
}

/// Checks the bots a saved game names: seats it has, bots a seat may have, a game bots play.
///
/// # Errors
/// What is wrong, in English and in French, for the file's error.
pub(crate) fn check_saved(save: &SavedGame, bots: &Bots) -> Result<(), Why> {
    if save.bots.is_empty() {
        return Ok(());
    }
    if !bots.ids().any(|id| id == save.game) {
        return Err(Why::new(
            format!("no bots play '{}' yet", save.game),
            format!("aucun bot ne joue encore à « {} »", save.game),
        ));
    }
    // The file's keys are seat indexes, from 0, as everywhere in its JSON.
    for (seat, name) in &save.bots {
        if !save.seats.contains(*seat) {
            return Err(Why::new(
                format!(
                    "key \"{}\" names no seat of this table (keys are seat indexes from 0; it has {})",
                    seat.0,
                    crate::text::count(save.seats.0, "seat")
                ),
                format!(
                    "la clé « {} » ne désigne aucune place de cette table (les clés sont les \
                     indices des places, à partir de 0 ; elle a {})",
                    seat.0,
                    crate::text::count_fr(save.seats.0, "place")
                ),
            ));
        }
        check_name(name).map_err(|e| {
            Why::new(
                format!("key \"{}\": {}", seat.0, e.en),
                format!("clé « {} » : {}", seat.0, e.fr),
            )
        })?;
    }
    Ok(())
}

/// A seated bot as a sentence names it: `the heuristic bot`, `le bot heuristique`.
pub(crate) fn named(bot: &str, fr: bool) -> String {
    match (bot, fr) {
        ("heuristic", true) => "le bot heuristique".to_owned(),
        ("random", true) => "le bot au hasard".to_owned(),
        ("ismcts", true) => "le bot ISMCTS".to_owned(),
        (other, true) => format!("le bot {other}"),
        (other, false) => format!("the {other} bot"),
    }
}

/// The bot `seats` gives `seat`, if any.
pub(crate) fn bot_of(seats: &BTreeMap<Seat, String>, seat: Seat) -> Option<&str> {
    seats.get(&seat).map(String::as_str)
}

/// Lets the bots play while a seat they hold is to act: the events of each action they play.
/// Each decides on a seed mixed from the game's seed and the length of its log at that moment.
///
/// # Errors
/// A bot that finds nothing to play or plays an action the game refuses (a bug: the actions
/// played before it stand), or bots that play on without end.
pub(crate) fn play(
    session: &mut dyn DynSession,
    seats: &BTreeMap<Seat, String>,
    bots: &Bots,
) -> Result<Vec<EventBatch>, (Vec<EventBatch>, CliError)> {
    let mut batches = Vec::new();
    if seats.is_empty() {
        return Ok(batches);
    }
    for _ in 0..MOST_IN_A_ROW {
        let ToAct::Seats { seats: acting } = session.to_act() else {
            return Ok(batches);
        };
        let Some((seat, name)) = acting
            .iter()
            .find_map(|s| bot_of(seats, *s).map(|name| (*s, name)))
        else {
            return Ok(batches);
        };
        let chosen = choose(
            session,
            seat,
            name,
            decision_seed(session.seed(), session.log_len(), seat),
            bots,
        );
        let failed = |reason: String| CliError::BotFailed {
            seat,
            bot: name.to_owned(),
            reason,
        };
        let action = match chosen {
            Ok(action) => action,
            Err(reason) => return Err((batches, failed(reason))),
        };
        match session.apply_json(seat, &action) {
            Ok(batch) => batches.push(batch),
            Err(e) => return Err((batches, failed(format!("the game refused {action}: {e}")))),
        }
    }
    Err((
        batches,
        CliError::BotsStuck {
            en: format!(
                "played {MOST_IN_A_ROW} actions in a row without reaching a player's turn or the \
                 end"
            ),
            fr: format!(
                "ont joué {MOST_IN_A_ROW} actions de suite sans arriver au tour d'un joueur ni à \
                 la fin"
            ),
        },
    ))
}

/// What `bot` (a name of [`TABLE_BOTS`]) plays for `seat` now, on `seed`.
fn choose(
    session: &dyn DynSession,
    seat: Seat,
    bot: &str,
    seed: u64,
    bots: &Bots,
) -> Result<Value, String> {
    let kind = BotKind::parse(bot, ITERATIONS).map_err(|e| e.to_string())?;
    let mut bot = bots
        .make(session.game_id(), kind, seed)
        .map_err(|e| e.to_string())?;
    bot.choose(session, seat)
        .ok_or_else(|| "it found nothing to play".to_owned())
}

/// What `bot` suggests `seat` play now: the same answer for the same file.
///
/// # Errors
/// An unknown bot, a game no bot plays, or nothing to suggest.
pub(crate) fn hint(
    session: &dyn DynSession,
    seat: Seat,
    bot: &str,
    bots: &Bots,
) -> Result<Value, CliError> {
    let game = session.game_id();
    if !bots.ids().any(|id| id == game) {
        return Err(CliError::NoBots(game.to_owned()));
    }
    check_name(bot).map_err(|reason| CliError::BadBot {
        given: bot.to_owned(),
        reason,
    })?;
    let seed = hint_seed(session.seed(), session.log_len(), seat);
    choose(session, seat, bot, seed, bots).map_err(|reason| CliError::BotFailed {
        seat,
        bot: bot.to_owned(),
        reason,
    })
}
