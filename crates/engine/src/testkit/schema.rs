//! Checks made once per game, before any playout: id, seats, options schema, configurations,
//! and a setup that refuses the seat counts the game cannot play.

use std::collections::BTreeSet;

use super::{Check, KitFailure, Probe};
use crate::{OptionKind, Options, SeatCount, Text};

fn fail<G: Probe>(detail: String) -> KitFailure {
    KitFailure {
        game: G::ID,
        check: Check::Schema,
        options: Options::default(),
        seats: SeatCount(0),
        seed: None,
        step: None,
        seat: None,
        action: None,
        detail,
    }
}

fn text_ok(text: &Text) -> bool {
    !text.en.trim().is_empty() && !text.fr.trim().is_empty()
}

/// Checks the id, the seat range, the options schema and the configurations to play.
pub(crate) fn check<G: Probe>() -> Result<Vec<(Options, SeatCount)>, KitFailure> {
    let id_ok = G::ID.starts_with(|c: char| c.is_ascii_lowercase())
        && G::ID
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(fail::<G>(format!(
            "id '{}' must be lowercase letters, digits and '-', starting with a letter",
            G::ID
        )));
    }
    if !text_ok(&G::NAME) {
        return Err(fail::<G>(
            "the name needs an English and a French text".into(),
        ));
    }
    if G::MIN_SEATS == 0 || G::MIN_SEATS > G::MAX_SEATS {
        return Err(fail::<G>(format!(
            "seat range {}..={} is empty or starts at 0",
            G::MIN_SEATS,
            G::MAX_SEATS
        )));
    }
    let schema = G::options_schema();
    let mut keys = BTreeSet::new();
    for spec in &schema {
        if spec.key.is_empty() || !keys.insert(spec.key) {
            return Err(fail::<G>(format!(
                "option key '{}' is empty or repeated",
                spec.key
            )));
        }
        if !text_ok(&spec.label) || !text_ok(&spec.help) {
            return Err(fail::<G>(format!(
                "option '{}' needs a label and a help text in English and French",
                spec.key
            )));
        }
        match &spec.kind {
            OptionKind::Choice { choices } => {
                let values: BTreeSet<&str> = choices.iter().map(|c| c.value).collect();
                if choices.is_empty() || values.len() != choices.len() {
                    return Err(fail::<G>(format!(
                        "option '{}' has no choices or a repeated choice",
                        spec.key
                    )));
                }
                if let Some(c) = choices.iter().find(|c| !text_ok(&c.label)) {
                    return Err(fail::<G>(format!(
                        "choice '{}' of option '{}' needs an English and a French label",
                        c.value, spec.key
                    )));
                }
            }
            OptionKind::Int { min, max } => {
                if min > max {
                    return Err(fail::<G>(format!("option '{}' has min > max", spec.key)));
                }
            }
        }
        if let Err(e) = spec.check(spec.default) {
            return Err(fail::<G>(format!(
                "the default of option '{}' is invalid: {e}",
                spec.key
            )));
        }
    }
    let configs = G::configs();
    if configs.is_empty() {
        return Err(fail::<G>("Probe::configs() lists no table to play".into()));
    }
    for (options, seats) in &configs {
        if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&seats.0) {
            return Err(fail::<G>(format!(
                "Probe::configs() lists {} seats, outside {}..={}",
                seats.0,
                G::MIN_SEATS,
                G::MAX_SEATS
            )));
        }
        match options.revalidate(&schema) {
            Ok(valid) if &valid == options => {}
            Ok(_) => {
                return Err(fail::<G>(
                    "Probe::configs() lists options missing a key: build them with Options::resolve"
                        .into(),
                ));
            }
            Err(e) => {
                return Err(fail::<G>(format!(
                    "Probe::configs() lists invalid options: {e}"
                )));
            }
        }
    }
    let defaults = super::default_options::<G>();
    for seats in [0, G::MAX_SEATS.saturating_add(1)] {
        if seats == G::MAX_SEATS {
            continue;
        }
        let setup = std::panic::catch_unwind(|| G::setup(&defaults, SeatCount(seats), 0).err());
        let does = match setup {
            Ok(Some(crate::SetupError::SeatCount { .. })) => continue,
            Ok(_) => "accepts",
            Err(_) => "panics on",
        };
        return Err(fail::<G>(format!(
            "setup {does} {seats} seats, outside {}..={}: it must refuse them with \
             SetupError::SeatCount (start it with Game::check_seats)",
            G::MIN_SEATS,
            G::MAX_SEATS
        )));
    }
    Ok(configs)
}
