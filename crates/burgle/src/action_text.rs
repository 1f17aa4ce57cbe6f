//! An action in plain words, in English and French, as the terminal lists it for a player
//! ("Peek at B2 (floor 1, Laboratory)"). It reads the acting seat's view, never the state, so it
//! names only what the team may know: a face-down room stays a cell and a floor.

use crate::actions::{AbilityMode, Action, MoveBy};
use crate::describe::{Lang, card as card_name, lower_first, place, side_name};
use crate::ids::{Dir, Pos};
use crate::state::Payment;
use crate::view::View;

/// A room as the team knows it: "B2 (floor 1, Laboratory)", or "B2 (floor 1)" face down.
fn room(view: &View, pos: Pos, l: Lang) -> String {
    let kind = view
        .floors
        .iter()
        .find(|f| f.floor == pos.floor)
        .and_then(|f| f.tiles.iter().find(|t| t.cell == pos.cell))
        .and_then(|t| t.kind);
    match (kind, l) {
        (Some(k), Lang::En) => format!("{} (floor {}, {})", pos.cell, pos.floor, k.en()),
        (Some(k), Lang::Fr) => format!("{} (étage {}, {})", pos.cell, pos.floor, k.fr()),
        (None, _) => place(pos, l),
    }
}

/// A teammate by their character ("the Rigger", "le foreur"), or by number before the draft
/// has named them.
fn teammate(view: &View, index: usize, l: Lang) -> String {
    match (view.characters.get(index), l) {
        (Some(c), Lang::En) => format!("the {}", c.kind.en()),
        (Some(c), Lang::Fr) => lower_first(c.kind.fr()),
        (None, Lang::En) => format!("burglar {}", index + 1),
        (None, Lang::Fr) => format!("le cambrioleur {}", index + 1),
    }
}

/// "à" before a French name, contracted: "au foreur", "à l'acrobate".
fn to_fr(name: &str) -> String {
    name.strip_prefix("le ")
        .map_or_else(|| format!("à {name}"), |rest| format!("au {rest}"))
}

/// ", the wall to the north", ", le mur au nord".
const fn wall(d: Dir, l: Lang) -> &'static str {
    match (d, l) {
        (Dir::North, Lang::En) => ", the wall to the north",
        (Dir::East, Lang::En) => ", the wall to the east",
        (Dir::South, Lang::En) => ", the wall to the south",
        (Dir::West, Lang::En) => ", the wall to the west",
        (Dir::North, Lang::Fr) => ", le mur au nord",
        (Dir::East, Lang::Fr) => ", le mur à l'est",
        (Dir::South, Lang::Fr) => ", le mur au sud",
        (Dir::West, Lang::Fr) => ", le mur à l'ouest",
    }
}

const fn payment(p: Payment) -> (&'static str, &'static str) {
    match p {
        Payment::Alarm => ("Let the alarm sound", "Laisser sonner l'alarme"),
        Payment::Hack => ("Spend a hack token", "Dépenser un jeton de piratage"),
        Payment::Laptop => (
            "Spend the Hacker's laptop token",
            "Dépenser le jeton de l'ordinateur du pirate",
        ),
        Payment::Action => ("Spend one more action", "Dépenser une action de plus"),
        Payment::TwoActions => ("Spend two more actions", "Dépenser deux actions de plus"),
        Payment::StayOut => ("Stay out", "Rester dehors"),
    }
}

const fn mode(m: AbilityMode) -> (&'static str, &'static str) {
    match m {
        AbilityMode::PickUpAlarm => ("to pick up the alarm", "pour ramasser l'alarme"),
        AbilityMode::DropAlarm => ("to put the alarm down", "pour poser l'alarme"),
        AbilityMode::Patrol => (
            "to look at the patrol deck",
            "pour regarder la pioche de patrouille",
        ),
        AbilityMode::Events => (
            "to look at the event deck",
            "pour regarder la pioche d'événements",
        ),
    }
}

/// One line for an action that `view`'s acting character may take (`lang` is "en" or "fr";
/// anything else reads as English).
#[must_use]
pub fn describe_action(view: &View, action: &Action, lang: &str) -> String {
    let l = if lang == "fr" { Lang::Fr } else { Lang::En };
    let pick = |en: String, fr: String| l.pick(en, fr);
    let at = |floor, cell| room(view, Pos { floor, cell }, l);
    // A safe's room needs no kind: the sentence says it.
    let safe = |floor, cell| place(Pos { floor, cell }, l);
    match action {
        Action::ChooseCharacter { character, side } => {
            let (ability_en, ability_fr) = character.ability(*side);
            let (side_en, side_fr) = side_name(*side);
            pick(
                format!("Play the {} ({side_en}: {ability_en})", character.en()),
                format!(
                    "Jouer {} ({side_fr} : {ability_fr})",
                    lower_first(character.fr())
                ),
            )
        }
        Action::RerollWalls {} => pick("Draw new walls".into(), "Tirer de nouveaux murs".into()),
        Action::MoveShaft { cell } => pick(
            format!("Move the shaft to {cell}"),
            format!("Déplacer le puits en {cell}"),
        ),
        Action::ConfirmLayout {} => pick("Keep these walls".into(), "Garder ces murs".into()),
        Action::ChooseEntry { cell } => {
            let ground = crate::ids::Floor(0);
            pick(
                format!("Enter the building at {}", at(ground, *cell)),
                format!("Entrer dans le bâtiment en {}", at(ground, *cell)),
            )
        }
        Action::Peek { floor, cell } => pick(
            format!("Peek at {}", at(*floor, *cell)),
            format!("Jeter un œil en {}", at(*floor, *cell)),
        ),
        Action::Move { floor, cell, by } => {
            let to = at(*floor, *cell);
            match by {
                MoveBy::Walk => pick(format!("Move to {to}"), format!("Aller en {to}")),
                MoveBy::Stairs => pick(
                    format!("Take the stairs to {to}"),
                    format!("Prendre l'escalier vers {to}"),
                ),
                MoveBy::Duct => pick(
                    format!("Crawl through the duct to {to}"),
                    format!("Passer par le conduit vers {to}"),
                ),
                MoveBy::Walkway => pick(
                    format!("Climb down the walkway to {to}"),
                    format!("Descendre par la passerelle vers {to}"),
                ),
            }
        }
        Action::Escape {} => pick("Escape to the roof".into(), "S'échapper par le toit".into()),
        Action::Hack {} => pick(
            "Hack this computer (1 action)".into(),
            "Pirater cet ordinateur (1 action)".into(),
        ),
        Action::AddDie { floor, cell } => pick(
            format!(
                "Add a die to the safe at {} (2 actions)",
                safe(*floor, *cell)
            ),
            format!(
                "Ajouter un dé au coffre en {} (2 actions)",
                safe(*floor, *cell)
            ),
        ),
        Action::Roll { floor, cell } => pick(
            format!("Roll the safe's dice at {}", safe(*floor, *cell)),
            format!("Lancer les dés du coffre en {}", safe(*floor, *cell)),
        ),
        Action::EndTurn {} => pick("End the turn".into(), "Finir le tour".into()),
        Action::Pay { payment: p } => {
            let (en, fr) = payment(*p);
            pick(en.into(), fr.into())
        }
        Action::ChooseAlarm { cell } => pick(
            format!("Send the guard to the alarm at {cell} first"),
            format!("Envoyer d'abord le gardien vers l'alarme en {cell}"),
        ),
        Action::ChooseRoom { floor, cell } => pick(
            format!("Choose {}", at(*floor, *cell)),
            format!("Choisir {}", at(*floor, *cell)),
        ),
        Action::ChooseTeammate { character } => pick(
            format!("Choose {}", teammate(view, *character, Lang::En)),
            format!("Choisir {}", teammate(view, *character, Lang::Fr)),
        ),
        Action::KeepTool { tool } => pick(
            format!("Keep the {}", tool.en()),
            format!("Garder : {}", tool.fr()),
        ),
        Action::OrderEvents { order } => {
            let names = |fr: bool| {
                order
                    .iter()
                    .map(|e| if fr { e.fr() } else { e.en() })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            pick(
                format!("Put the events back, top first: {}", names(false)),
                format!(
                    "Remettre les événements, du dessus vers le dessous : {}",
                    names(true)
                ),
            )
        }
        Action::PutBack { top: true } => pick(
            "Put the card back on top".into(),
            "Remettre la carte sur le dessus".into(),
        ),
        Action::PutBack { top: false } => pick(
            "Put the card at the bottom".into(),
            "Mettre la carte en dessous".into(),
        ),
        Action::UseTool {
            tool,
            at: target,
            dir: d,
            up,
            face,
        } => {
            let mut line = pick(
                format!("Use the {}", tool.en()),
                format!("Utiliser : {}", tool.fr()),
            );
            if let Some(pos) = target {
                line.push_str(&pick(" on ".into(), " sur ".into()));
                line.push_str(&room(view, *pos, l));
            }
            if let Some(d) = d {
                line.push_str(wall(*d, l));
            }
            match up {
                Some(true) => line.push_str(&pick(", up".into(), ", vers le haut".into())),
                Some(false) => line.push_str(&pick(", down".into(), ", vers le bas".into())),
                None => {}
            }
            if let Some((value, die)) = face {
                line.push_str(&pick(
                    format!(", die {} to {value}", die + 1),
                    format!(", dé {} sur {value}", die + 1),
                ));
            }
            line
        }
        Action::Give { card, to } => pick(
            format!(
                "Give the {} to {}",
                card_name(card, l),
                teammate(view, *to, l)
            ),
            format!(
                "Donner {} {}",
                card_name(card, l),
                to_fr(&teammate(view, *to, l))
            ),
        ),
        Action::Take { card, from } => pick(
            format!(
                "Take the {} from {}",
                card_name(card, l),
                teammate(view, *from, l)
            ),
            format!(
                "Prendre {} {}",
                card_name(card, l),
                to_fr(&teammate(view, *from, l))
            ),
        ),
        Action::PickUp { loot } => pick(
            format!("Pick up the {}", loot.en()),
            format!("Ramasser : {}", loot.fr()),
        ),
        Action::Ability {
            at: target,
            character,
            mode: m,
        } => {
            let me = view.characters.get(view.current);
            let mut line = match me {
                Some(c) => {
                    let (en, fr) = c.kind.ability(c.side);
                    pick(format!("Use {en}"), format!("Utiliser {fr}"))
                }
                None => pick("Use your ability".into(), "Utiliser votre capacité".into()),
            };
            if let Some(m) = m {
                let (en, fr) = mode(*m);
                line.push(' ');
                line.push_str(&pick(en.into(), fr.into()));
            }
            if let Some(pos) = target {
                line.push_str(&pick(" on ".into(), " sur ".into()));
                line.push_str(&room(view, *pos, l));
            }
            if let Some(c) = character {
                line.push_str(&pick(
                    format!(" for {}", teammate(view, *c, l)),
                    format!(" pour {}", teammate(view, *c, l)),
                ));
            }
            line
        }
    }
}
