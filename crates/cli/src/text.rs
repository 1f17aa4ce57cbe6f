//! Short texts shared by the commands, in English (and in French where a command speaks it).

use std::fmt::Write as _;

use lockpick_engine::{
    GameInfo, OptionKind, Outcome, Seat, SeatCount, ToAct, Verdict, Viewer, Why,
};

/// `seat 1 to act`, `seats 1, 3 to act` or `game over: won (escaped)` (seats counted from 1).
pub(crate) fn status(to_act: &ToAct) -> String {
    match to_act {
        ToAct::Seats { seats } if seats.len() == 1 => format!("seat {} to act", seats[0].number()),
        ToAct::Seats { seats } => format!("seats {} to act", numbers(seats)),
        ToAct::Over { outcome } => format!("game over: {}", outcome_text(outcome)),
    }
}

/// `1, 3`: seats as players count them.
fn numbers(seats: &[Seat]) -> String {
    let list: Vec<String> = seats.iter().map(|s| s.number().to_string()).collect();
    list.join(", ")
}

/// The seat a player's number names (`1` is the first seat).
pub(crate) fn seat_number(text: &str) -> Result<Seat, Why> {
    let text = text.trim();
    let number: u16 = text.parse().map_err(|_| {
        Why::new(
            format!("'{text}' is not a seat number (seats are counted from 1)"),
            format!(
                "« {text} » n'est pas un numéro de place (les places se comptent à partir de 1)"
            ),
        )
    })?;
    Seat::from_number(number).ok_or_else(|| match number {
        0 => Why::new(
            "seats are counted from 1: the first seat is 1",
            "les places se comptent à partir de 1 : la première est la place 1",
        ),
        _ => Why::new(
            format!("no table has a seat {number}"),
            format!("aucune table n'a de place {number}"),
        ),
    })
}

/// A seat the table does not have.
pub(crate) fn seat_out_of_range(seat: Seat, seats: SeatCount) -> String {
    format!(
        "seat {} is out of range: this table has seats 1 to {}",
        seat.number(),
        seats.0
    )
}

/// A seat the table does not have, in French.
pub(crate) fn seat_out_of_range_fr(seat: Seat, seats: SeatCount) -> String {
    format!(
        "la place {} n'existe pas : cette table a les places 1 à {}",
        seat.number(),
        seats.0
    )
}

/// `1 seat`, `2 seats`: a count with its noun (a regular English plural).
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    lockpick_engine::count_en(n, noun, &format!("{noun}s"))
}

/// `0 action`, `1 place`, `2 places`: a count with its noun, French putting 0 and 1 in the
/// singular (a regular plural otherwise).
pub(crate) fn count_fr(n: impl Into<u64>, noun: &str) -> String {
    lockpick_engine::count_fr(n, noun, &format!("{noun}s"))
}

/// `won (escaped)`.
pub(crate) fn outcome_text(outcome: &Outcome) -> String {
    let verdict = match outcome.verdict {
        Verdict::Won => "won",
        Verdict::Lost => "lost",
    };
    format!("{verdict} ({})", outcome.reason)
}

/// The header of `lockpick show --say fr`: `Burgle Bros. : vue de la place 1, à la place 1 de
/// jouer`.
pub(crate) fn view_header_fr(name: &str, viewer: Viewer, to_act: &ToAct) -> String {
    let viewer = match viewer {
        Viewer::Seat(s) => format!("vue de la place {}", s.number()),
        Viewer::Spectator => "vue du spectateur".to_owned(),
    };
    format!("{name} : {viewer}, {}", status_fr(to_act))
}

/// `à la place 1 de jouer`, `aux places 1, 3 de jouer` or `partie finie : perdue (caught)`.
pub(crate) fn status_fr(to_act: &ToAct) -> String {
    match to_act {
        ToAct::Seats { seats } if seats.len() == 1 => {
            format!("à la place {} de jouer", seats[0].number())
        }
        ToAct::Seats { seats } => format!("aux places {} de jouer", numbers(seats)),
        ToAct::Over { outcome } => {
            format!(
                "partie finie : {} ({})",
                outcome.verdict.french(),
                outcome.reason
            )
        }
    }
}

/// `seat 1` or `spectator`.
pub(crate) fn viewer_text(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(s) => format!("seat {}", s.number()),
        Viewer::Spectator => "spectator".to_owned(),
    }
}

/// A game's id, name, seats and options, for `lockpick games` (in French with `fr`):
///
/// ```text
/// toy  Toy heist, 1 to 3 seats
///   --option target=VALUE  (default 4)
///       Target: How many cards the team must lay on the table to win.
///       a whole number from 2 to 6
/// ```
pub(crate) fn game_info(info: &GameInfo, fr: bool) -> String {
    let pick = |text: &lockpick_engine::Text| if fr { text.fr } else { text.en };
    let seats = match (info.min_seats == info.max_seats, fr) {
        (true, false) => count(info.min_seats, "seat"),
        (true, true) => count_fr(info.min_seats, "place"),
        (false, false) => format!("{} to {} seats", info.min_seats, info.max_seats),
        (false, true) => format!("{} à {} places", info.min_seats, info.max_seats),
    };
    let mut out = format!("{}  {}, {seats}\n", info.id, pick(&info.name));
    if info.options.is_empty() {
        out.push_str(if fr {
            "  aucune option\n"
        } else {
            "  no options\n"
        });
    }
    for spec in &info.options {
        let default = if fr { "par défaut" } else { "default" };
        let _ = writeln!(
            out,
            "  --option {}=VALUE  ({default} {})",
            spec.key, spec.default
        );
        let colon = if fr { " :" } else { ":" };
        let _ = writeln!(
            out,
            "      {}{colon} {}",
            pick(&spec.label),
            pick(&spec.help)
        );
        match &spec.kind {
            OptionKind::Choice { choices } => {
                let width = choices.iter().map(|c| c.value.len()).max().unwrap_or(0);
                for c in choices {
                    let _ = writeln!(out, "      {:width$}  {}", c.value, pick(&c.label));
                }
            }
            OptionKind::Int { min, max } if fr => {
                let _ = writeln!(out, "      un nombre entier de {min} à {max}");
            }
            OptionKind::Int { min, max } => {
                let _ = writeln!(out, "      a whole number from {min} to {max}");
            }
        }
    }
    out
}

#[cfg(test)]
mod count_tests {
    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(super::count(1u8, "seat"), "1 seat");
        assert_eq!(super::count(0u8, "action"), "0 actions");
        assert_eq!(super::count(12usize as u64, "action"), "12 actions");
    }

    #[test]
    fn french_puts_zero_and_one_in_the_singular() {
        assert_eq!(super::count_fr(0u8, "action"), "0 action");
        assert_eq!(super::count_fr(1u8, "place"), "1 place");
        assert_eq!(super::count_fr(2u8, "place"), "2 places");
    }
}
