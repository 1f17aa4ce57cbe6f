//! Plain sentences for the game log, in English and French.

use crate::actions::Event;
use crate::ids::{CardId, Side, Target};
use lockpick_engine::{count_en, count_fr};

fn side(s: Side, fr: bool) -> &'static str {
    match (s, fr) {
        (Side::Top, false) => "top",
        (Side::Bottom, false) => "bottom",
        (Side::Top, true) => "haut",
        (Side::Bottom, true) => "bas",
    }
}

pub(crate) fn target(t: Target, fr: bool) -> String {
    match (t, fr) {
        (Target::Anomaly(z), false) => format!("the anomaly in zone {z}"),
        (Target::Anomaly(z), true) => format!("l'anomalie de la zone {z}"),
        // Scenario 1's Critical card, as content/scenario1.toml names it.
        (Target::Bug, false) => "the Strange Bug".into(),
        (Target::Bug, true) => "le Bogue étrange".into(),
    }
}

/// A noun, singular and plural.
pub(crate) type Noun = (&'static str, &'static str);
/// "Data block" in English and in French.
pub(crate) const DATA_BLOCKS: (Noun, Noun) = (
    ("data block", "data blocks"),
    ("bloc de données", "blocs de données"),
);

/// A count and its noun in the log's language.
pub(crate) fn count(n: impl Into<u64>, fr: bool, en: Noun, fr_noun: Noun) -> String {
    if fr {
        count_fr(n, fr_noun.0, fr_noun.1)
    } else {
        count_en(n, en.0, en.1)
    }
}

/// Cards drawn or taken by kind, the kinds of none left out: `2 character cards and 1 anomaly
/// card`, `3 cartes Personnage` (`no card` / `aucune carte` when every count is zero).
fn cards_by_kind(own: u8, anomaly: u8, alert: u8, fr: bool) -> String {
    let kinds = [
        (
            own,
            ("character card", "character cards"),
            ("carte Personnage", "cartes Personnage"),
        ),
        (
            anomaly,
            ("anomaly card", "anomaly cards"),
            ("carte Anomalie", "cartes Anomalie"),
        ),
        (
            alert,
            ("alert card", "alert cards"),
            ("carte Alerte", "cartes Alerte"),
        ),
    ];
    let parts: Vec<String> = kinds
        .iter()
        .filter(|(n, ..)| *n > 0)
        .map(|&(n, en, fr_noun)| count(n, fr, en, fr_noun))
        .collect();
    match parts.as_slice() {
        [] if fr => "aucune carte".to_owned(),
        [] => "no card".to_owned(),
        [one] => one.clone(),
        [first @ .., last] => {
            format!(
                "{} {} {last}",
                first.join(", "),
                if fr { "et" } else { "and" }
            )
        }
    }
}

/// Why a game ended, from its code, in English and French (an unknown code as it is).
fn outcome_reason(code: &str) -> (&str, &str) {
    match code {
        "network_cleaned" => ("the network is clean", "le réseau est nettoyé"),
        "firewall_down" => ("a firewall fell", "un pare-feu est tombé"),
        "infection_breaking_point" => (
            "the infection reached its breaking point",
            "l'infection a atteint son point de rupture",
        ),
        "alert_markers_gone" => (
            "no alert marker is left",
            "il ne reste plus de marqueur Alerte",
        ),
        "infection_remains" => (
            "infection remains at the end",
            "il reste de l'infection à la fin",
        ),
        other => (other, other),
    }
}

/// The event with its seats counted from 1, as players and screens count them ("Seat 1" is
/// the first seat).
fn counted_from_one(event: &Event) -> Event {
    let mut e = event.clone();
    match &mut e {
        Event::DrawChosen { seat, .. }
        | Event::CardsDrawn { seat, .. }
        | Event::IconsShown { seat, .. }
        | Event::Ready { seat }
        | Event::TurnStarted { seat }
        | Event::CardPlayed { seat, .. }
        | Event::Firewall { seat, .. }
        | Event::Discarded { seat, .. }
        | Event::Duplicated { seat, .. }
        | Event::TurnEnded { seat } => seat.0 += 1,
        _ => {}
    }
    e
}

/// A card as the log names it: its title in `lang` and its id.
fn card_name(id: CardId, lang: &str) -> String {
    crate::content::try_catalog()
        .ok()
        .and_then(|c| c.card(id))
        .map_or_else(|| id.to_string(), |c| format!("{} ({id})", c.name_in(lang)))
}

/// One sentence for an event; seats are counted from 1.
#[must_use]
#[allow(clippy::too_many_lines)] // one arm per event, nothing to factor
pub fn describe(event: &Event, lang: &str) -> String {
    let event = &counted_from_one(event);
    let fr = lang == "fr";
    let pick = |en: String, fr_text: String| if fr { fr_text } else { en };
    match event {
        Event::WaveStarted { wave, tension } => pick(
            format!("Wave {wave} begins: each player draws {tension} cards"),
            format!("La vague {wave} commence : chaque joueur pioche {tension} cartes"),
        ),
        Event::DrawChosen { seat, own, anomaly } => {
            let cards = cards_by_kind(*own, *anomaly, 0, fr);
            pick(
                format!("Seat {seat} draws {cards}, face down"),
                format!("La place {seat} pioche {cards}, face cachée"),
            )
        }
        Event::CardsDrawn {
            seat,
            own,
            anomaly,
            alert,
            cards,
        } => {
            let named = if cards.is_empty() {
                String::new()
            } else {
                format!(
                    "{} {}",
                    if fr { " :" } else { ":" },
                    cards
                        .iter()
                        .map(|c| card_name(*c, lang))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let taken = cards_by_kind(*own, *anomaly, *alert, fr);
            pick(
                format!("Seat {seat} takes {taken}{named}"),
                format!("La place {seat} prend {taken}{named}"),
            )
        }
        Event::IconsShown { seat, shapes } => {
            let cards = count(
                shapes.len() as u64,
                fr,
                ("card", "cards"),
                ("carte", "cartes"),
            );
            pick(
                format!("Seat {seat} shows the icons of {cards}"),
                format!("La place {seat} montre les icônes de {cards}"),
            )
        }
        Event::Ready { seat } => pick(
            format!("Seat {seat} is ready"),
            format!("La place {seat} est prête"),
        ),
        Event::TurnStarted { seat } => pick(
            format!("Seat {seat}'s turn"),
            format!("Au tour de la place {seat}"),
        ),
        Event::CardPlayed {
            seat,
            card,
            side: s,
            zone,
        } => {
            let card = card_name(*card, lang);
            let z = zone.map(|z| format!(" (zone {z})")).unwrap_or_default();
            pick(
                format!("Seat {seat} plays {card}, {} option{z}", side(*s, false)),
                format!(
                    "La place {seat} joue {card}, option du {}{z}",
                    side(*s, true)
                ),
            )
        }
        Event::Isolated { card, zone, blocks } => {
            let card = card_name(*card, lang);
            let blocks = count(*blocks, fr, DATA_BLOCKS.0, DATA_BLOCKS.1);
            pick(
                format!("{card} is isolated in zone {zone} with {blocks}"),
                format!("{card} est isolée dans la zone {zone} avec {blocks}"),
            )
        }
        Event::AnomalyHit {
            zone,
            card,
            amount,
            blocks,
        } => {
            let card = card_name(*card, lang);
            let lost = count(*amount, fr, DATA_BLOCKS.0, ("bloc", "blocs"));
            pick(
                format!("{card} (zone {zone}) loses {lost}, {blocks} left"),
                format!("{card} (zone {zone}) perd {lost}, il en reste {blocks}"),
            )
        }
        Event::Deactivated { card, zone, chain } => {
            let card = card_name(*card, lang);
            pick(
                format!("{card} is deactivated, zone {zone} is free (cyberchain {chain})"),
                format!("{card} est désactivée, la zone {zone} est libre (cyberchaîne {chain})"),
            )
        }
        Event::Infection { from, to } => pick(
            format!("Infection {from} -> {to}"),
            format!("Infection {from} -> {to}"),
        ),
        Event::Firewall { seat, from, to } => pick(
            format!("Seat {seat}'s firewall {from} -> {to}"),
            format!("Pare-feu de la place {seat} : {from} -> {to}"),
        ),
        Event::Charge { from, to } => pick(
            format!("DrPower's charge {from} -> {to}"),
            format!("Charge de DrPower : {from} -> {to}"),
        ),
        Event::AlertMoved { column, from, to } => pick(
            format!("Alert marker {column}: row {from} -> {to}"),
            format!("Marqueur Alerte {column} : rangée {from} -> {to}"),
        ),
        Event::AlertTriggered { column, position } => match position {
            Some(p) => {
                let deep = count(*p as u64, fr, ("card", "cards"), ("carte", "cartes"));
                pick(
                    format!(
                        "Alert! Marker {column} is removed; an Alert card goes {deep} deep into the Anomaly deck"
                    ),
                    format!(
                        "Alerte ! Le marqueur {column} est retiré ; une carte Alerte est glissée à {deep} du dessus du paquet Anomalie"
                    ),
                )
            }
            None => pick(
                format!("Alert! Marker {column} is removed (no Alert card left)"),
                format!("Alerte ! Le marqueur {column} est retiré (plus de carte Alerte)"),
            ),
        },
        Event::Discarded {
            seat,
            card,
            pile,
            from_deck,
        } => {
            let card = card_name(*card, lang);
            let (en_from, fr_from) = if *from_deck {
                ("the top of the deck", "du dessus du paquet")
            } else {
                ("the hand", "de la main")
            };
            pick(
                format!(
                    "Seat {seat} discards {card} from {en_from} to the {} pile",
                    side(*pile, false)
                ),
                format!(
                    "La place {seat} défausse {card} {fr_from} dans la défausse du {}",
                    side(*pile, true)
                ),
            )
        }
        Event::Duplicated {
            seat,
            card,
            side: s,
            times,
        } => {
            let card = card_name(*card, lang);
            pick(
                format!(
                    "Seat {seat} duplicates the {} option of {card} x{times}",
                    side(*s, false)
                ),
                format!(
                    "La place {seat} duplique l'option du {} de {card} x{times}",
                    side(*s, true)
                ),
            )
        }
        Event::Exiled { card } => {
            let card = card_name(*card, lang);
            pick(
                format!("{card} goes out of play"),
                format!("{card} va dans la défausse hors-jeu"),
            )
        }
        Event::BlocksAdded {
            zone,
            card,
            amount,
            blocks,
        } => {
            let card = card_name(*card, lang);
            let gained = count(*amount, fr, DATA_BLOCKS.0, ("bloc", "blocs"));
            pick(
                format!("{card} (zone {zone}) gains {gained}: {blocks}"),
                format!("{card} (zone {zone}) gagne {gained} : {blocks}"),
            )
        }
        Event::ChainPlaced { zone, tokens } => pick(
            format!("A cyberchain token on zone {zone} ({tokens} there)"),
            format!("Un jeton cyberchaîne sur la zone {zone} ({tokens})"),
        ),
        Event::Chained {
            from,
            amount,
            targets,
        } => {
            let en: Vec<String> = targets.iter().map(|t| target(*t, false)).collect();
            let frs: Vec<String> = targets.iter().map(|t| target(*t, true)).collect();
            pick(
                format!(
                    "The cyberchain of zone {from} strikes {amount}: {}",
                    en.join(" and ")
                ),
                format!(
                    "La cyberchaîne de la zone {from} frappe de {amount} : {}",
                    frs.join(" et ")
                ),
            )
        }
        Event::ProgramRun { program, cost } => pick(
            format!("DrPower runs program {program} at a charge of {cost}"),
            format!("DrPower active le programme {program} pour une charge de {cost}"),
        ),
        Event::Ignored { icon, reason } => {
            let name = crate::icons::name(icon);
            let (en, fr_name) = name.map_or((icon.as_str(), icon.as_str()), |t| (t.en, t.fr));
            pick(
                format!("The {en} icon is ignored: {}", reason.text().en),
                format!("L'icône {fr_name} est ignorée : {}", reason.text().fr),
            )
        }
        Event::TurnEnded { seat } => pick(
            format!("Seat {seat}'s turn ends"),
            format!("Fin du tour de la place {seat}"),
        ),
        Event::WaveEnded { wave } => pick(
            format!("Wave {wave} ends"),
            format!("Fin de la vague {wave}"),
        ),
        Event::GameOver {
            verdict, reason, ..
        } => {
            let (en, fr_reason) = outcome_reason(reason);
            match verdict {
                lockpick_engine::Verdict::Won => pick(
                    format!("The team wins: {en}"),
                    format!("L'équipe gagne : {fr_reason}"),
                ),
                lockpick_engine::Verdict::Lost => pick(
                    format!("The team loses: {en}"),
                    format!("L'équipe perd : {fr_reason}"),
                ),
            }
        }
    }
}
