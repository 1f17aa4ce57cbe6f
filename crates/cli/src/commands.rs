//! One function per command. Each loads what it needs, fails before touching the file, and
//! saves (atomically) only after the game accepted the change.

use std::hash::{BuildHasher, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use lockpick_engine::{
    ActError, DynSession, EventBatch, Options, Registry, Seat, SeatCount, ToAct, Viewer,
};
use serde_json::{Value, json};

use crate::CliError;
use crate::file::{Loaded, known_games, load, saved_text, write_atomic};
use crate::notation;
use crate::seated;
use crate::text::{game_info, outcome_text, status, status_fr, view_header_fr, viewer_text};

/// `lockpick games`.
pub(crate) fn games(
    registry: &Registry,
    json: bool,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let infos: Vec<_> = registry.iter().map(|g| g.info()).collect();
    let fr = say == Some(crate::Language::Fr);
    if json {
        let text = serde_json::to_string_pretty(&infos).expect("game infos serialize");
        writeln!(out, "{text}")?;
    } else if infos.is_empty() {
        let none = if fr {
            "aucun jeu n'est encore enregistré"
        } else {
            "no games are registered yet"
        };
        writeln!(out, "{none}")?;
    } else {
        for info in &infos {
            write!(out, "{}", game_info(info, fr))?;
        }
    }
    Ok(())
}

/// The arguments of `lockpick new`.
#[derive(Debug)]
pub(crate) struct NewArgs {
    pub(crate) game: String,
    pub(crate) output: PathBuf,
    pub(crate) seats: Option<u8>,
    pub(crate) seed: Option<u64>,
    pub(crate) options: Vec<String>,
    pub(crate) bots: Vec<String>,
    pub(crate) force: bool,
    pub(crate) say: Option<crate::Language>,
}

/// `lockpick new`.
pub(crate) fn new(
    registry: &Registry,
    args: &NewArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let game = registry
        .get(&args.game)
        .ok_or_else(|| CliError::UnknownGame {
            given: args.game.clone(),
            known: known_games(registry),
        })?;
    let info = game.info();
    let options = Options::parse_pairs(&info.options, &args.options)?;
    let seats = SeatCount(args.seats.unwrap_or(info.min_seats));
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if !args.force && args.output.exists() {
        return Err(CliError::Exists(args.output.clone()));
    }
    let bots = crate::sim::bots();
    let seated = seated::parse(&args.bots, seats, &args.game, &bots)?;
    let mut session = game.new_session(&options, seats, seed)?;
    // Bots whose seats act first play at once; the file keeps what they played even if one fails.
    let played = seated::play(session.as_mut(), &seated, &bots);
    write_atomic(&args.output, &saved_text(session.as_ref(), &seated))?;
    played.map_err(|(_, e)| e)?;
    let to_act = session.to_act();
    if args.say == Some(crate::Language::Fr) {
        writeln!(
            out,
            "nouvelle partie de {} enregistrée dans {} : {}, graine {seed}",
            info.name.fr,
            args.output.display(),
            crate::text::count_fr(seats.0, "place")
        )?;
        for (seat, bot) in &seated {
            writeln!(
                out,
                "la place {} est jouée par {}",
                seat.number(),
                seated::named(bot, true)
            )?;
        }
        writeln!(out, "{}", status_fr(&to_act))?;
    } else {
        writeln!(
            out,
            "new {} game saved to {}: {}, seed {seed}",
            info.name.en,
            args.output.display(),
            crate::text::count(seats.0, "seat")
        )?;
        for (seat, bot) in &seated {
            writeln!(
                out,
                "seat {} is played by {}",
                seat.number(),
                seated::named(bot, false)
            )?;
        }
        writeln!(out, "{}", status(&to_act))?;
    }
    Ok(())
}

/// A seed nobody chose: the OS-seeded hasher of the standard library, mixed with the clock.
fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(nanos);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// `seat` if the table has it.
fn table_seat(session: &dyn DynSession, seat: Seat) -> Result<Seat, CliError> {
    let seats = session.seats();
    seats
        .check(seat)
        .map_err(|_| CliError::SeatOutOfRange { seat, seats })
}

/// The first seat to act, if any.
fn first_to_act(session: &dyn DynSession) -> Option<Seat> {
    match session.to_act() {
        ToAct::Seats { seats } => seats.first().copied(),
        ToAct::Over { .. } => None,
    }
}

/// `lockpick show`.
pub(crate) fn show(
    registry: &Registry,
    path: &Path,
    seat: Option<Seat>,
    spectator: bool,
    json: bool,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let loaded = load(registry, path)?;
    let session = loaded.session.as_ref();
    let viewer = match seat {
        Some(seat) => Viewer::Seat(table_seat(session, seat)?),
        None if spectator => Viewer::Spectator,
        None => first_to_act(session).map_or(Viewer::Spectator, Viewer::Seat),
    };
    let to_act = session.to_act();
    if json {
        let doc = json!({
            "game": session.game_id(),
            "viewer": viewer,
            "to_act": to_act,
            "can_undo": viewer.seat().is_some_and(|s| session.can_undo(s)),
            "view": session.view(viewer),
        });
        let text = serde_json::to_string_pretty(&doc).expect("a view serializes");
        writeln!(out, "{text}")?;
    } else {
        draw(&loaded, viewer, say, out)?;
    }
    Ok(())
}

/// The board as `viewer` sees it, under a line naming the game, the viewer and who acts.
pub(crate) fn draw(
    loaded: &Loaded<'_>,
    viewer: Viewer,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let session = loaded.session.as_ref();
    let to_act = session.to_act();
    let name = loaded.game.info().name;
    let lang = if say == Some(crate::Language::Fr) {
        writeln!(out, "{}", view_header_fr(name.fr, viewer, &to_act))?;
        "fr"
    } else {
        writeln!(
            out,
            "{}: {}'s view, {}",
            name.en,
            viewer_text(viewer),
            status(&to_act)
        )?;
        "en"
    };
    writeln!(out)?;
    let board = session.render_text(viewer, lang);
    write!(out, "{board}")?;
    if !board.ends_with('\n') {
        writeln!(out)?;
    }
    Ok(())
}

/// `lockpick legal`: the actions on stdout (JSON, or in words), a note on stderr when there are
/// none.
pub(crate) fn legal(
    registry: &Registry,
    path: &Path,
    seat: Option<Seat>,
    words: bool,
    say: Option<crate::Language>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let loaded = load(registry, path)?;
    let session = loaded.session.as_ref();
    let to_act = session.to_act();
    let fr = say == Some(crate::Language::Fr);
    if let ToAct::Over { outcome } = &to_act {
        if fr {
            writeln!(
                err,
                "la partie est finie ({} ({})) : aucune action possible",
                outcome.verdict.french(),
                outcome.reason
            )?;
        } else {
            writeln!(
                err,
                "the game is over ({}): no legal actions",
                outcome_text(outcome)
            )?;
        }
        return Ok(());
    }
    let seat = match seat {
        Some(seat) => table_seat(session, seat)?,
        None => first_to_act(session).unwrap_or(Seat(0)),
    };
    if !to_act.includes(seat) {
        if fr {
            writeln!(
                err,
                "la place {} ne peut pas jouer maintenant ({})",
                seat.number(),
                status_fr(&to_act)
            )?;
        } else {
            writeln!(
                err,
                "seat {} may not act now ({})",
                seat.number(),
                status(&to_act)
            )?;
        }
        return Ok(());
    }
    let legal = session.legal_actions(seat);
    match (words, say) {
        // In words with a language: each action's sentence, then the words that type it.
        (true, Some(lang)) => {
            for line in notation::listed(session, seat, &legal, lang.code()) {
                writeln!(out, "{line}")?;
            }
        }
        (true, None) => {
            for action in &legal {
                writeln!(out, "{}", notation::short(action))?;
            }
        }
        (false, _) => {
            for action in &legal {
                writeln!(out, "{action}")?;
            }
        }
    }
    Ok(())
}

/// `lockpick act`: plays, saves, then prints the events the seat sees.
pub(crate) fn act(
    registry: &Registry,
    path: &Path,
    seat: Seat,
    action: &str,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut loaded = load(registry, path)?;
    let seat = table_seat(loaded.session.as_ref(), seat)?;
    let played = play_and_save(&mut loaded, path, seat, action, say)?;
    print_events(&played.batches, seat, say, out)?;
    played.failed.map_or(Ok(()), Err)
}

/// What one action brought: its events, then those of the bots' actions after it, and a bot's
/// failure (the actions before it stand and are saved).
pub(crate) struct Played {
    pub(crate) batches: Vec<EventBatch>,
    pub(crate) failed: Option<CliError>,
}

/// Plays `action` (JSON, or in words) for `seat`, then lets the bots play while their seats are
/// to act, and saves the file. Nothing is saved when the action is refused.
pub(crate) fn play_and_save(
    loaded: &mut Loaded<'_>,
    path: &Path,
    seat: Seat,
    action: &str,
    say: Option<crate::Language>,
) -> Result<Played, CliError> {
    let session = loaded.session.as_mut();
    if let Some(bot) = seated::bot_of(&loaded.save.bots, seat) {
        return Err(CliError::SeatIsBot {
            seat,
            bot: bot.to_owned(),
        });
    }
    let to_act = session.to_act();
    // Words that name no legal action may still be near one, for the game to say why not; if
    // the game cannot even read it, the words are refused with the legal actions listed.
    let (action, unread): (Value, Option<CliError>) = if action.trim_start().starts_with(['{', '['])
    {
        let json =
            serde_json::from_str(action).map_err(|e| CliError::ActionNotJson(e.to_string()))?;
        (json, None)
    } else {
        in_words(session, seat, &to_act, action)?
    };
    let batch = session.apply_json(seat, &action).map_err(|e| match e {
        ActError::Malformed(_) if unread.is_some() => unread.expect("just checked"),
        ActError::SeatOutOfRange { seat, seats } => CliError::SeatOutOfRange { seat, seats },
        // The game refuses an action once it is over, so `to_act` says how it ended.
        ActError::GameOver => match to_act.outcome() {
            Some(outcome) => CliError::GameOver {
                outcome: outcome.clone(),
            },
            None => CliError::NotYourTurn {
                seat,
                to_act: to_act.clone(),
            },
        },
        ActError::NotYourTurn(seat) => CliError::NotYourTurn {
            seat,
            to_act: to_act.clone(),
        },
        ActError::Malformed(reason) => CliError::ActionNotOfGame {
            game: loaded.game.id().to_owned(),
            reason,
        },
        ActError::Illegal { reason, fr } => {
            CliError::Illegal(if say == Some(crate::Language::Fr) {
                format!("action impossible : {fr}")
            } else {
                format!("illegal action: {reason}")
            })
        }
    })?;
    // Then the bots, while their seats are to act: the seat sees their moves as at a table.
    let mut played = bots_then_save(loaded, path)?;
    played.batches.insert(0, batch);
    Ok(played)
}

/// Lets the bots play while their seats are to act, then saves the file (what they played
/// before one failed included).
pub(crate) fn bots_then_save(loaded: &mut Loaded<'_>, path: &Path) -> Result<Played, CliError> {
    let session = loaded.session.as_mut();
    let (batches, failed) = match seated::play(session, &loaded.save.bots, &crate::sim::bots()) {
        Ok(batches) => (batches, None),
        Err((batches, e)) => (batches, Some(e)),
    };
    write_atomic(path, &saved_text(session, &loaded.save.bots))?;
    Ok(Played { batches, failed })
}

/// Prints the events `seat` sees: JSON lines, or the log's sentences in a language.
pub(crate) fn print_events(
    batches: &[EventBatch],
    seat: Seat,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    for batch in batches {
        for seen in batch.for_viewer(Viewer::Seat(seat)) {
            match say {
                None => writeln!(out, "{}", seen.event)?,
                Some(crate::Language::En) => writeln!(out, "{}", seen.en)?,
                Some(crate::Language::Fr) => writeln!(out, "{}", seen.fr)?,
            }
        }
    }
    Ok(())
}

/// `lockpick hint`: what a bot suggests the seat play, in words (or JSON), played nowhere.
pub(crate) fn hint(
    registry: &Registry,
    path: &Path,
    seat: Option<Seat>,
    bot: &str,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let loaded = load(registry, path)?;
    let session = loaded.session.as_ref();
    let to_act = session.to_act();
    if let ToAct::Over { outcome } = &to_act {
        return Err(CliError::GameOver {
            outcome: outcome.clone(),
        });
    }
    let seat = match seat {
        Some(seat) => table_seat(session, seat)?,
        None => first_to_act(session).unwrap_or(Seat(0)),
    };
    if !to_act.includes(seat) {
        return Err(CliError::NotYourTurn {
            seat,
            to_act: to_act.clone(),
        });
    }
    let action = seated::hint(session, seat, bot, &crate::sim::bots())?;
    if json {
        writeln!(out, "{action}")?;
    } else {
        writeln!(out, "{}", notation::short(&action))?;
    }
    Ok(())
}

/// The legal action a line of words names ([`notation`]): refused, as a JSON action would be,
/// when the seat may not act now. Words near one legal action but naming none give that
/// action, for the game to say why it refuses it, with the error to give instead if the game
/// cannot read it.
fn in_words(
    session: &dyn DynSession,
    seat: Seat,
    to_act: &ToAct,
    words: &str,
) -> Result<(Value, Option<CliError>), CliError> {
    match to_act {
        ToAct::Over { outcome } => {
            return Err(CliError::GameOver {
                outcome: outcome.clone(),
            });
        }
        ToAct::Seats { .. } if !to_act.includes(seat) => {
            return Err(CliError::NotYourTurn {
                seat,
                to_act: to_act.clone(),
            });
        }
        ToAct::Seats { .. } => {}
    }
    let legal = session.legal_actions(seat);
    let none = || CliError::NoActionInWords {
        words: words.trim().to_owned(),
        seat,
        legal: legal
            .iter()
            .map(notation::short)
            .collect::<Vec<_>>()
            .join(", "),
    };
    match notation::resolve(words, &legal) {
        notation::Match::One(action) => Ok((action, None)),
        notation::Match::None => match notation::near(words, &legal) {
            Some(action) => Ok((action, Some(none()))),
            None => Err(none()),
        },
        notation::Match::Several(matches) => Err(CliError::SeveralActionsInWords {
            words: words.trim().to_owned(),
            matches: matches.join(", "),
        }),
    }
}

/// `lockpick replay`: loading replays the log and checks the hash; then a summary.
pub(crate) fn replay(
    registry: &Registry,
    path: &Path,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let loaded = load(registry, path)?;
    let save = &loaded.save;
    let hash: String = save.hash.chars().take(16).collect();
    let to_act = loaded.session.to_act();
    let actions = save.log.len() as u64;
    let name = loaded.game.info().name;
    let (summary, status) = if say == Some(crate::Language::Fr) {
        let replayed = if actions > 1 { "rejouées" } else { "rejouée" };
        let summary = format!(
            "{} : {}, {}, graine {}, {} {replayed}, l'empreinte {hash}… concorde",
            path.display(),
            name.fr,
            crate::text::count_fr(save.seats.0, "place"),
            save.seed,
            crate::text::count_fr(actions, "action")
        );
        (summary, status_fr(&to_act))
    } else {
        let summary = format!(
            "{}: {}, {}, seed {}, {} replayed, hash {hash}… matches",
            path.display(),
            name.en,
            crate::text::count(save.seats.0, "seat"),
            save.seed,
            crate::text::count(actions, "action")
        );
        (summary, status(&to_act))
    };
    writeln!(out, "{summary}\n{status}")?;
    Ok(())
}

/// `lockpick undo`.
pub(crate) fn undo(
    registry: &Registry,
    path: &Path,
    seat: Seat,
    say: Option<crate::Language>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut loaded = load(registry, path)?;
    let session = loaded.session.as_mut();
    let seat = table_seat(session, seat)?;
    session.undo(seat)?;
    write_atomic(path, &saved_text(session, &loaded.save.bots))?;
    if say == Some(crate::Language::Fr) {
        writeln!(
            out,
            "dernière action de la place {} reprise ; {}",
            seat.number(),
            status_fr(&session.to_act())
        )?;
    } else {
        writeln!(
            out,
            "took back seat {}'s last action; {}",
            seat.number(),
            status(&session.to_act())
        )?;
    }
    Ok(())
}
