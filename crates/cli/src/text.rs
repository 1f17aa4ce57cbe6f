//! Short texts shared by the commands, in English (and in French where a command speaks it).

use std::fmt::Write as _;

use lockpick_engine::{GameInfo, OptionKind, Outcome, ToAct, Verdict, Viewer};

/// `seat 0 to act`, `seats 0, 2 to act` or `game over: won (escaped)`.
pub(crate) fn status(to_act: &ToAct) -> String {
    match to_act {
        ToAct::Seats { seats } if seats.len() == 1 => format!("seat {} to act", seats[0]),
        ToAct::Seats { seats } => {
            let list: Vec<String> = seats.iter().map(ToString::to_string).collect();
            format!("seats {} to act", list.join(", "))
        }
        ToAct::Over { outcome } => format!("game over: {}", outcome_text(outcome)),
    }
}

/// A seat the table does not have, in French, as the engine words it in English.
pub(crate) fn seat_out_of_range_fr(seat: u8, seats: u8) -> String {
    format!(
        "la place {seat} n'existe pas : cette table a les places 0 à {}",
        seats.saturating_sub(1)
    )
}

/// `1 seat`, `2 seats`: a count with its noun (a regular English plural).
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// `won (escaped)`.
pub(crate) fn outcome_text(outcome: &Outcome) -> String {
    let verdict = match outcome.verdict {
        Verdict::Won => "won",
        Verdict::Lost => "lost",
    };
    format!("{verdict} ({})", outcome.reason)
}

/// The header of `lockpick show --say fr`: `Burgle Bros. : vue de la place 0, à la place 0 de
/// jouer`.
pub(crate) fn view_header_fr(name: &str, viewer: Viewer, to_act: &ToAct) -> String {
    let viewer = match viewer {
        Viewer::Seat(s) => format!("vue de la place {s}"),
        Viewer::Spectator => "vue du spectateur".to_owned(),
    };
    format!("{name} : {viewer}, {}", status_fr(to_act))
}

/// `à la place 0 de jouer`, `aux places 0, 2 de jouer` or `partie finie : perdue (caught)`.
pub(crate) fn status_fr(to_act: &ToAct) -> String {
    match to_act {
        ToAct::Seats { seats } if seats.len() == 1 => format!("à la place {} de jouer", seats[0]),
        ToAct::Seats { seats } => {
            let list: Vec<String> = seats.iter().map(ToString::to_string).collect();
            format!("aux places {} de jouer", list.join(", "))
        }
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
        Viewer::Seat(s) => format!("seat {s}"),
        Viewer::Spectator => "spectator".to_owned(),
    }
}

/// A game's id, name, seats and options, for `lockpick games`:
///
/// ```text
/// toy  Toy heist, 1 to 3 seats
///   --option target=VALUE  (default 4)
///       Target: How many cards the team must lay on the table to win.
///       a whole number from 2 to 6
/// ```
pub(crate) fn game_info(info: &GameInfo) -> String {
    let seats = if info.min_seats == info.max_seats {
        count(info.min_seats, "seat")
    } else {
        format!("{} to {} seats", info.min_seats, info.max_seats)
    };
    let mut out = format!("{}  {}, {seats}\n", info.id, info.name.en);
    if info.options.is_empty() {
        out.push_str("  no options\n");
    }
    for spec in &info.options {
        let _ = writeln!(
            out,
            "  --option {}=VALUE  (default {})",
            spec.key, spec.default
        );
        let _ = writeln!(out, "      {}: {}", spec.label.en, spec.help.en);
        match &spec.kind {
            OptionKind::Choice { choices } => {
                let width = choices.iter().map(|c| c.value.len()).max().unwrap_or(0);
                for c in choices {
                    let _ = writeln!(out, "      {:width$}  {}", c.value, c.label.en);
                }
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
}
