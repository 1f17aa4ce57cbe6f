//! `lockpick play`: a game at the terminal. Every seat no bot plays is played here, in turn (a
//! player alone, or friends around one screen), and the bots play theirs. Before each choice the
//! board as the acting seat sees it and that seat's legal actions, numbered; the player types a
//! number, the action in words (`peek B2`), `hint`, `undo`, `board` or `quit` (or their French:
//! `conseil`, `annuler`, `plateau`, `quitter`). Each action is saved at once, so the game can be
//! left at any moment and taken up again with the same command.

use std::io::{BufRead, Write};
use std::path::Path;

use lockpick_engine::{Registry, Seat, ToAct, Viewer};

use crate::commands::{bots_then_save, draw, play_and_save, print_events};
use crate::file::{load, saved_text, write_atomic};
use crate::text::{status, status_fr};
use crate::{CliError, Language, notation, seated};

/// What the player typed.
enum Typed {
    Nothing,
    Quit,
    Board,
    Hint,
    Undo,
    Action(String),
}

fn read(line: &str, legal: &[serde_json::Value]) -> Typed {
    let line = line.trim();
    match line.to_lowercase().as_str() {
        "" => Typed::Nothing,
        "quit" | "q" | "exit" | "quitter" => Typed::Quit,
        "board" | "plateau" => Typed::Board,
        "hint" | "conseil" | "?" => Typed::Hint,
        "undo" | "annuler" => Typed::Undo,
        _ => match line.parse::<usize>() {
            Ok(n) if (1..=legal.len()).contains(&n) => Typed::Action(legal[n - 1].to_string()),
            _ => Typed::Action(line.to_owned()),
        },
    }
}

/// The player's words, in English or French.
struct Words {
    fr: bool,
}

impl Words {
    fn say<'a>(&self, en: &'a str, fr: &'a str) -> &'a str {
        if self.fr { fr } else { en }
    }

    fn error(&self, e: &CliError) -> String {
        if self.fr {
            e.in_french()
        } else {
            e.to_string()
        }
    }
}

/// `lockpick play FILE`: reads the player's lines from `input` until the game ends, `quit`, or
/// the input ends.
pub(crate) fn play(
    registry: &Registry,
    path: &Path,
    say: Option<Language>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut loaded = load(registry, path)?;
    let words = Words {
        fr: say == Some(Language::Fr),
    };
    let say = Some(say.unwrap_or(Language::En));
    writeln!(
        out,
        "{}",
        words.say(
            "Type an action's number or its words (peek B2); hint asks the search, undo takes back, board draws again, quit stops (every action is saved).",
            "Tapez le numéro d'une action ou ses mots (peek B2) ; conseil demande à la recherche, annuler reprend, plateau redessine, quitter arrête (chaque action est enregistrée)."
        )
    )?;
    let mut redraw = true;
    loop {
        let to_act = loaded.session.to_act();
        let acting = match &to_act {
            ToAct::Over { .. } => {
                writeln!(out)?;
                draw(&loaded, Viewer::Spectator, say, out)?;
                // "Game over: lost (captured)", "Partie finie : perdue (captured)".
                let text = if words.fr {
                    status_fr(&to_act)
                } else {
                    status(&to_act)
                };
                let mut letters = text.chars();
                let first = letters.next().map(|c| c.to_uppercase().to_string());
                writeln!(out, "{}{}", first.unwrap_or_default(), letters.as_str())?;
                return Ok(());
            }
            ToAct::Seats { seats } => seats
                .iter()
                .copied()
                .find(|s| seated::bot_of(&loaded.save.bots, *s).is_none()),
        };
        let Some(seat) = acting else {
            // Only bots to act: one failed when it last played. They try again (on the same
            // seed, a bot that failed fails again, and the command ends with its error).
            let played = bots_then_save(&mut loaded, path)?;
            if let Some(e) = played.failed {
                return Err(e);
            }
            if played.batches.is_empty() {
                return Err(CliError::BotsStuck {
                    en: "hold every seat to act but play nothing".into(),
                    fr: "tiennent toutes les places à jouer mais ne jouent rien".into(),
                });
            }
            continue;
        };
        let legal = loaded.session.legal_actions(seat);
        if redraw {
            writeln!(out)?;
            draw(&loaded, Viewer::Seat(seat), say, out)?;
            writeln!(out)?;
            let lines =
                notation::listed(loaded.session.as_ref(), seat, &legal, words.say("en", "fr"));
            for (i, line) in lines.iter().enumerate() {
                writeln!(out, "{:>4}. {line}", i + 1)?;
            }
        }
        redraw = false;
        write!(out, "{} {}> ", words.say("seat", "place"), seat.number())?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            break;
        }
        match read(&line, &legal) {
            Typed::Nothing => {}
            Typed::Quit => break,
            Typed::Board => redraw = true,
            Typed::Hint => hint(&loaded, seat, &words, out)?,
            Typed::Undo => match loaded.session.undo(seat) {
                Ok(()) => {
                    write_atomic(
                        path,
                        &saved_text(loaded.session.as_ref(), &loaded.save.bots),
                    )?;
                    redraw = true;
                }
                Err(e) => writeln!(out, "{}", words.error(&CliError::Undo(e)))?,
            },
            Typed::Action(action) => match play_and_save(&mut loaded, path, seat, &action, say) {
                Ok(played) => {
                    print_events(&played.batches, seat, say, out)?;
                    if let Some(e) = played.failed {
                        return Err(e);
                    }
                    redraw = true;
                }
                // Refused: say why, and ask again.
                Err(e) => writeln!(out, "{}", words.error(&e))?,
            },
        }
    }
    writeln!(
        out,
        "{} {}",
        words.say("Saved; to go on:", "Enregistrée ; pour continuer :"),
        format_args!("lockpick play {}", path.display())
    )?;
    Ok(())
}

/// What the search suggests `seat` play, in words.
fn hint(
    loaded: &crate::file::Loaded<'_>,
    seat: Seat,
    words: &Words,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let session = loaded.session.as_ref();
    let found = seated::hint(session, seat, "ismcts", &crate::sim::bots());
    match found {
        Ok(action) => {
            let line = notation::listed(
                session,
                seat,
                std::slice::from_ref(&action),
                words.say("en", "fr"),
            );
            writeln!(out, "{} {}", words.say("hint:", "conseil :"), line.concat())?;
        }
        Err(e) => writeln!(out, "{}", words.error(&e))?,
    }
    Ok(())
}
