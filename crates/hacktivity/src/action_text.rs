//! An action in plain words, in English and French, as the terminal lists it for a player
//! ("Play Link Relay (cyberlink-6), top option: chain 1, attack 1"). It reads the acting seat's
//! view, so it names only cards that seat sees face up; seats are counted from 1.

use crate::actions::{Action, DiscardSource};
use crate::cards::Card;
use crate::describe::target;
use crate::ids::{CardId, Side};
use crate::view::View;

/// The face of a card the viewer sees.
fn face(view: &View, id: CardId) -> Option<&Card> {
    view.faces
        .get(&id)
        .or_else(|| view.custom.iter().find(|c| c.id == id))
}

/// "Link Relay (cyberlink-6)", or the id alone for a card the viewer cannot see.
fn name(view: &View, id: CardId, lang: &str) -> String {
    face(view, id).map_or_else(|| id.to_string(), |c| format!("{} ({id})", c.name_in(lang)))
}

/// One line for an action that `view`'s seat may take (`lang` is "en" or "fr"; anything else
/// reads as English).
#[must_use]
pub fn describe_action(view: &View, action: &Action, lang: &str) -> String {
    let fr = lang == "fr";
    let pick = |en: String, fr_text: String| if fr { fr_text } else { en };
    match action {
        Action::ChooseDraw { own, anomaly } => pick(
            format!("Draw {anomaly} from the Anomaly deck and {own} from your deck"),
            format!("Piocher {anomaly} dans la pioche Anomalie et {own} dans votre pioche"),
        ),
        Action::ShowIcons {} => pick(
            "Show the team your cards' icons".into(),
            "Montrer à l'équipe les icônes de vos cartes".into(),
        ),
        Action::Ready {} => pick("Ready to play".into(), "Prêt à jouer".into()),
        Action::Play { card, side, zone } => {
            let card_face = face(view, *card);
            let anomaly = card_face.is_some_and(|c| c.kind.is_anomaly());
            let option = match (anomaly, side, fr) {
                (true, Side::Top, false) => "deactivation",
                (true, Side::Bottom, false) => "self-destruct",
                (false, Side::Top, false) => "top option",
                (false, Side::Bottom, false) => "bottom option",
                (true, Side::Top, true) => "désactivation",
                (true, Side::Bottom, true) => "autodestruction",
                (false, Side::Top, true) => "option du haut",
                (false, Side::Bottom, true) => "option du bas",
            };
            let icons = card_face
                .map(|c| {
                    c.option(*side)
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .filter(|s| !s.is_empty())
                .map(|s| format!(" ({s})"))
                .unwrap_or_default();
            let into = zone.map_or_else(String::new, |z| {
                pick(format!(", into zone {z}"), format!(", dans la zone {z}"))
            });
            let card = name(view, *card, lang);
            pick(
                format!("Play {card}: {option}{icons}{into}"),
                format!("Jouer {card} : {option}{icons}{into}"),
            )
        }
        Action::EndTurn {} => pick("End your turn".into(), "Finir votre tour".into()),
        Action::RunProgram { program } => {
            let printed = view
                .programs
                .get(usize::from(*program).saturating_sub(1))
                .map(|p| {
                    let title = if fr && !p.name_fr.is_empty() {
                        &p.name_fr
                    } else {
                        &p.name
                    };
                    format!(" ({title}, charge {})", p.cost)
                })
                .unwrap_or_default();
            pick(
                format!("Run program {program}{printed}"),
                format!("Lancer le programme {program}{printed}"),
            )
        }
        Action::Target { target: t } => pick(
            format!("Aim at {}", target(*t, false)),
            format!("Viser {}", target(*t, true)),
        ),
        Action::Teammate { seat } => pick(
            format!("Give it to seat {}", seat.number()),
            format!("Le donner à la place {}", seat.number()),
        ),
        Action::Discard { from, pile } => {
            let card = match from {
                DiscardSource::Hand(id) => name(view, *id, lang),
                DiscardSource::Deck => pick(
                    "the top card of your deck".into(),
                    "la carte du dessus de votre pioche".into(),
                ),
            };
            let pile = match (pile, fr) {
                (Side::Top, false) => "the top pile",
                (Side::Bottom, false) => "the bottom pile",
                (Side::Top, true) => "la pile du haut",
                (Side::Bottom, true) => "la pile du bas",
            };
            pick(
                format!("Discard {card} into {pile}"),
                format!("Défausser {card} dans {pile}"),
            )
        }
        Action::Duplicate { card } => pick(
            format!("Copy {}", name(view, *card, lang)),
            format!("Copier {}", name(view, *card, lang)),
        ),
    }
}
