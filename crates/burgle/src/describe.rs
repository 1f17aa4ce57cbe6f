//! Plain sentences for the game log, in English and French: one for every event. Characters are
//! named by their place in turn order ("burglar 2"), the only thing an event knows of them.

use lockpick_engine::Verdict;

use crate::actions::{Event, HeldCard, Seen, TargetReason};
use crate::cards::{EventCard, Tool};
use crate::ids::Pos;

/// English or French.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lang {
    En,
    Fr,
}

impl Lang {
    /// One text or the other.
    pub(crate) fn pick(self, en: String, fr: String) -> String {
        match self {
            Self::En => en,
            Self::Fr => fr,
        }
    }
}

/// A count and its noun, singular for one in English and for zero or one in French.
fn count(n: impl Into<u32>, lang: Lang, en: (&str, &str), fr: (&str, &str)) -> String {
    let n = n.into();
    match lang {
        Lang::En => lockpick_engine::count_en(n, en.0, en.1),
        Lang::Fr => lockpick_engine::count_fr(n, fr.0, fr.1),
    }
}

pub(crate) fn place(pos: Pos, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} (floor {})", pos.cell, pos.floor),
        Lang::Fr => format!("{} (étage {})", pos.cell, pos.floor),
    }
}

fn who(character: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Burglar {}", character + 1),
        Lang::Fr => format!("Le cambrioleur {}", character + 1),
    }
}

/// A French name in the middle of a sentence ("L'acrobate" -> "l'acrobate").
pub(crate) fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

pub(crate) fn card(card: &HeldCard, lang: Lang) -> &'static str {
    match (card, lang) {
        (HeldCard::Tool(t), Lang::En) => t.en(),
        (HeldCard::Tool(t), Lang::Fr) => t.fr(),
        (HeldCard::Loot(l), Lang::En) => l.en(),
        (HeldCard::Loot(l), Lang::Fr) => l.fr(),
    }
}

/// A character card's side, in English and French.
pub(crate) const fn side_name(side: crate::cards::Side) -> (&'static str, &'static str) {
    match side {
        crate::cards::Side::Basic => ("basic side", "face de base"),
        crate::cards::Side::Advanced => ("advanced side", "face avancée"),
    }
}

/// Cards named in a list, in the order given.
fn names<T: Copy>(cards: &[T], name: impl Fn(T) -> &'static str) -> String {
    cards
        .iter()
        .map(|&c| name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a card or an ability showed the team, as the log says it.
fn seen(what: &Seen, l: Lang) -> String {
    match what {
        Seen::Tools { tools } => l.pick(
            format!(
                "The team sees the tools drawn, one to keep: {}",
                names(tools, Tool::en)
            ),
            format!(
                "L'équipe voit les outils piochés, un à garder : {}",
                names(tools, Tool::fr)
            ),
        ),
        Seen::PatrolTop { floor, cell } => l.pick(
            format!("The team sees patrol card {cell} on top of floor {floor}'s deck"),
            format!("L'équipe voit la carte Patrouille {cell} sur le paquet de l'étage {floor}"),
        ),
        Seen::EventTop { card } => l.pick(
            format!(
                "The team sees event card {} on top of the event deck",
                card.en()
            ),
            format!(
                "L'équipe voit la carte Événement {} sur le paquet Événements",
                card.fr()
            ),
        ),
        Seen::CrystalBall { cards } => l.pick(
            format!(
                "The Crystal Ball shows the next events, from the top: {}",
                names(cards, EventCard::en)
            ),
            format!(
                "La Boule de cristal montre les prochains événements, du dessus : {}",
                names(cards, EventCard::fr)
            ),
        ),
        Seen::EventsPutBack { cards } => l.pick(
            format!(
                "The events are put back, from the top: {}",
                names(cards, EventCard::en)
            ),
            format!(
                "Les événements sont remis, du dessus : {}",
                names(cards, EventCard::fr)
            ),
        ),
    }
}

fn numbers(values: &[u8]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn reason(code: &str, lang: Lang) -> String {
    let (en, fr) = match code {
        "escaped" => (
            "the team escaped with the loot",
            "l'équipe s'est échappée avec le butin",
        ),
        "captured" => ("a burglar was caught", "un cambrioleur a été pris"),
        "loot_left_behind" => ("loot was left behind", "du butin est resté derrière"),
        other => (other, other),
    };
    lang.pick(en.to_owned(), fr.to_owned())
}

/// One sentence for an event (`lang` is "en" or "fr"; anything else reads as English).
#[must_use]
pub fn describe(event: &Event, lang: &str) -> String {
    let l = if lang == "fr" { Lang::Fr } else { Lang::En };
    let p = |pos: &Pos| place(*pos, l);
    let w = |c: &usize| who(*c, l);
    match event {
        Event::CharacterChosen {
            character,
            kind,
            side,
        } => {
            let (side_en, side_fr) = side_name(*side);
            l.pick(
                format!("{} is the {} ({side_en})", w(character), kind.en()),
                format!(
                    "{} sera {} ({side_fr})",
                    w(character),
                    lower_first(kind.fr())
                ),
            )
        }
        Event::WallsRerolled => l.pick(
            "New walls are drawn".into(),
            "De nouveaux murs sont tirés".into(),
        ),
        Event::ShaftMoved { cell } => l.pick(
            format!("The shaft moves to {cell}"),
            format!("Le puits est déplacé en {cell}"),
        ),
        Event::GuardPlaced { floor, at, toward } => l.pick(
            format!("The guard on floor {floor} appears at {at}, heading for {toward}"),
            format!("Le gardien de l'étage {floor} apparaît en {at} et se dirige vers {toward}"),
        ),
        Event::GuardMoved {
            floor, from, to, ..
        } => l.pick(
            format!("The guard on floor {floor} moves from {from} to {to}"),
            format!("Le gardien de l'étage {floor} se déplace de {from} à {to}"),
        ),
        Event::GuardTarget {
            floor,
            toward,
            reason,
        } => match reason {
            TargetReason::Patrol => l.pick(
                format!("The guard on floor {floor} draws a patrol card: he heads for {toward}"),
                format!(
                    "Le gardien de l'étage {floor} tire une carte de patrouille : il se dirige vers {toward}"
                ),
            ),
            TargetReason::Alarm => l.pick(
                format!("The guard on floor {floor} heads for the alarm at {toward}"),
                format!("Le gardien de l'étage {floor} se dirige vers l'alarme en {toward}"),
            ),
            TargetReason::Card => l.pick(
                format!("The guard on floor {floor} now heads for {toward}"),
                format!("Le gardien de l'étage {floor} se dirige désormais vers {toward}"),
            ),
        },
        Event::PatrolReshuffled { floor, die } => l.pick(
            format!("The patrol deck of floor {floor} is reshuffled: the guard speeds up to {die}"),
            format!(
                "La pioche de patrouille de l'étage {floor} est mélangée : le gardien accélère à {die}"
            ),
        ),
        Event::GuardSpeed { floor, die } => l.pick(
            format!("The guard on floor {floor} now moves {die} rooms a turn"),
            format!("Le gardien de l'étage {floor} avance désormais de {die} pièces par tour"),
        ),
        Event::TurnStarted { character, turn } => l.pick(
            format!("Turn {turn}: {} plays", w(character)),
            format!(
                "Tour {turn} : au tour du cambrioleur {}",
                character.saturating_add(1)
            ),
        ),
        Event::TurnSkipped { character } => l.pick(
            format!("{} skips the turn", w(character)),
            format!("{} passe son tour", w(character)),
        ),
        Event::TurnEnded {
            character,
            actions,
        } => {
            let n = count(*actions, l, ("action", "actions"), ("action", "actions"));
            l.pick(
                format!("{} ends the turn after {n}", w(character)),
                format!("{} finit son tour après {n}", w(character)),
            )
        }
        Event::Revealed { at, kind, digit } => l.pick(
            format!("{} is revealed: {} ({digit})", p(at), kind.en()),
            format!("{} est révélée : {} ({digit})", p(at), kind.fr()),
        ),
        Event::Moved {
            character,
            from,
            to,
            ..
        } => match from {
            None => l.pick(
                format!("{} enters the building at {}", w(character), p(to)),
                format!("{} entre dans le bâtiment en {}", w(character), p(to)),
            ),
            Some(_) => l.pick(
                format!("{} moves to {}", w(character), p(to)),
                format!("{} va en {}", w(character), p(to)),
            ),
        },
        Event::StayedOut { character, at } => l.pick(
            format!("{} stays out of {}", w(character), p(at)),
            format!("{} reste hors de {}", w(character), p(at)),
        ),
        Event::Fell { character, to } => l.pick(
            format!("{} falls to {}", w(character), p(to)),
            format!("{} tombe en {}", w(character), p(to)),
        ),
        Event::Escaped { character } => l.pick(
            format!("{} escapes to the roof", w(character)),
            format!("{} s'échappe par le toit", w(character)),
        ),
        Event::StealthLost {
            character,
            left,
            from_room,
        } => {
            if *from_room {
                l.pick(
                    format!("{} is covered by a stealth token of the room", w(character)),
                    format!(
                        "{} est couvert par un jeton Camouflage de la pièce",
                        w(character)
                    ),
                )
            } else {
                let n = count(*left, l, ("left", "left"), ("restant", "restants"));
                l.pick(
                    format!("{} loses a stealth token ({n})", w(character)),
                    format!("{} perd un jeton Camouflage ({n})", w(character)),
                )
            }
        }
        Event::StealthGained { character, stealth } => l.pick(
            format!("{} gains a stealth token ({stealth} now)", w(character)),
            format!(
                "{} gagne un jeton Camouflage ({stealth} désormais)",
                w(character)
            ),
        ),
        Event::Captured { character } => l.pick(
            format!("{} is caught by the guard!", w(character)),
            format!("{} est pris par le gardien !", w(character)),
        ),
        Event::AlarmOn { at } => l.pick(
            format!("An alarm goes off at {}", p(at)),
            format!("Une alarme se déclenche en {}", p(at)),
        ),
        Event::AlarmOff { at } => l.pick(
            format!("The alarm at {} is switched off", p(at)),
            format!("L'alarme en {} est coupée", p(at)),
        ),
        Event::HackTokens { at, tokens } => {
            let n = count(
                *tokens,
                l,
                ("hack token", "hack tokens"),
                ("jeton de piratage", "jetons de piratage"),
            );
            l.pick(
                format!("The computer at {} now has {n}", p(at)),
                format!("L'ordinateur en {} a maintenant {n}", p(at)),
            )
        }
        Event::KeypadRolled { at, dice, opened } => {
            let dice = numbers(dice);
            if *opened {
                l.pick(
                    format!("The keypad at {} is tried ({dice}): it opens", p(at)),
                    format!("Le digicode en {} est tenté ({dice}) : il s'ouvre", p(at)),
                )
            } else {
                l.pick(
                    format!("The keypad at {} is tried ({dice}): it stays shut", p(at)),
                    format!(
                        "Le digicode en {} est tenté ({dice}) : il reste fermé",
                        p(at)
                    ),
                )
            }
        }
        Event::DieAdded { at, dice } => {
            let n = count(*dice, l, ("die", "dice"), ("dé", "dés"));
            l.pick(
                format!("A die is added to the safe at {} ({n})", p(at)),
                format!("Un dé est ajouté au coffre en {} ({n})", p(at)),
            )
        }
        Event::SafeRolled { at, faces } => l.pick(
            format!("The safe's dice at {} roll {}", p(at), numbers(faces)),
            format!("Les dés du coffre en {} donnent {}", p(at), numbers(faces)),
        ),
        Event::Decoded { at, digit } => l.pick(
            format!("The {digit} of {} is decoded", p(at)),
            format!("Le {digit} de {} est décodé", p(at)),
        ),
        Event::SafeCracked { at } => l.pick(
            format!("The safe at {} is cracked!", p(at)),
            format!("Le coffre en {} est ouvert !", p(at)),
        ),
        Event::ToolDrawn { character, tool } => l.pick(
            format!("{} draws a tool: {}", w(character), tool.en()),
            format!("{} pioche un outil : {}", w(character), tool.fr()),
        ),
        Event::ToolUsed { character, tool } => l.pick(
            format!("{} uses the {}", w(character), tool.en()),
            format!("{} utilise : {}", w(character), tool.fr()),
        ),
        Event::ToolDiscarded { tool } => l.pick(
            format!("The {} is discarded", tool.en()),
            format!("{} : défaussé", tool.fr()),
        ),
        Event::LootDrawn { character, loot } => l.pick(
            format!("{} takes loot: {}", w(character), loot.en()),
            format!("{} prend un butin : {}", w(character), loot.fr()),
        ),
        Event::LootDropped { loot, at } => l.pick(
            format!("The {} is left at {}", loot.en(), p(at)),
            format!("{} : laissé en {}", loot.fr(), p(at)),
        ),
        Event::LootPickedUp { character, loot } => l.pick(
            format!("{} picks up the {}", w(character), loot.en()),
            format!("{} ramasse : {}", w(character), loot.fr()),
        ),
        Event::CardPassed {
            from,
            to,
            card: held,
        } => l.pick(
            format!(
                "{} gives the {} to burglar {}",
                w(from),
                card(held, l),
                to + 1
            ),
            format!(
                "{} donne {} au cambrioleur {}",
                w(from),
                card(held, l),
                to + 1
            ),
        ),
        Event::EventDrawn {
            character,
            card: drawn,
        } => l.pick(
            format!("{} draws an event: {}", w(character), drawn.en()),
            format!("{} pioche un événement : {}", w(character), drawn.fr()),
        ),
        Event::LootRolled {
            character,
            loot,
            roll,
        } => l.pick(
            format!("{} rolls {roll} for the {}", w(character), loot.en()),
            format!("{} fait {roll} pour : {}", w(character), loot.fr()),
        ),
        Event::AbilityUsed {
            character,
            kind,
            side,
            at,
        } => {
            let (en, fr) = kind.ability(*side);
            match at {
                Some(at) => l.pick(
                    format!("{} uses {en} on {}", w(character), p(at)),
                    format!("{} utilise {fr} sur {}", w(character), p(at)),
                ),
                None => l.pick(
                    format!("{} uses {en}", w(character)),
                    format!("{} utilise {fr}", w(character)),
                ),
            }
        }
        Event::RavenHeldGuard {
            character,
            side,
            at,
        } => {
            let (en, fr) = crate::cards::CharacterKind::Raven.ability(*side);
            let (at, n) = (p(at), character + 1);
            match side {
                crate::cards::Side::Basic => l.pick(
                    format!(
                        "The raven on {at} distracts the guard: one step fewer (Burglar {n}'s {en})"
                    ),
                    format!(
                        "Le corbeau en {at} distrait le gardien : un pas de moins ({fr} du \
                         cambrioleur {n})"
                    ),
                ),
                crate::cards::Side::Advanced => l.pick(
                    format!(
                        "The raven on {at} stops the guard for this move and comes back to \
                         Burglar {n} ({en})"
                    ),
                    format!(
                        "Le corbeau en {at} arrête le gardien pour ce déplacement et revient au \
                         cambrioleur {n} ({fr})"
                    ),
                ),
            }
        }
        Event::CardSeen { what } => seen(what, l),
        Event::DonutsEaten { floor } => l.pick(
            format!("The guard on floor {floor} eats the Donuts and loses this move"),
            format!("Le gardien de l'étage {floor} mange les Donuts et perd ce déplacement"),
        ),
        Event::WallDestroyed { floor, a, b } => l.pick(
            format!("The wall between {a} and {b} on floor {floor} is blown up"),
            format!("Le mur entre {a} et {b} à l'étage {floor} saute"),
        ),
        Event::RoomDisabled { at } => l.pick(
            format!("{} is disabled for good", p(at)),
            format!("{} est désactivée pour de bon", p(at)),
        ),
        Event::GameOver {
            verdict,
            reason: code,
        } => match verdict {
            Verdict::Won => l.pick(
                format!("The team wins: {}", reason(code, l)),
                format!("L'équipe gagne : {}", reason(code, l)),
            ),
            Verdict::Lost => l.pick(
                format!("The team loses: {}", reason(code, l)),
                format!("L'équipe perd : {}", reason(code, l)),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{TileKind, Tool};
    use crate::ids::{Cell, Floor};

    fn pos(s: &str) -> Pos {
        Pos::new(Floor(0), Cell::parse(s).unwrap())
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        let ended = |actions| Event::TurnEnded {
            character: 0,
            actions,
        };
        assert_eq!(
            describe(&ended(1), "en"),
            "Burglar 1 ends the turn after 1 action"
        );
        assert_eq!(
            describe(&ended(3), "en"),
            "Burglar 1 ends the turn after 3 actions"
        );
        assert_eq!(
            describe(&ended(1), "fr"),
            "Le cambrioleur 1 finit son tour après 1 action"
        );
        assert_eq!(
            describe(&ended(0), "fr"),
            "Le cambrioleur 1 finit son tour après 0 action"
        );
        let lost = Event::StealthLost {
            character: 1,
            left: 1,
            from_room: false,
        };
        assert_eq!(
            describe(&lost, "fr"),
            "Le cambrioleur 2 perd un jeton Camouflage (1 restant)"
        );
        let die = Event::DieAdded {
            at: pos("B2"),
            dice: 1,
        };
        assert_eq!(
            describe(&die, "en"),
            "A die is added to the safe at B2 (floor 1) (1 die)"
        );
        let hacked = Event::HackTokens {
            at: pos("C3"),
            tokens: 2,
        };
        assert_eq!(
            describe(&hacked, "fr"),
            "L'ordinateur en C3 (étage 1) a maintenant 2 jetons de piratage"
        );
    }

    #[test]
    fn what_the_team_sees_reads_in_the_logs_language() {
        let cards = vec![
            EventCard::ThrowVoice,
            EventCard::Lampshade,
            EventCard::ShiftChange,
        ];
        let ball = Event::CardSeen {
            what: Seen::CrystalBall {
                cards: cards.clone(),
            },
        };
        assert_eq!(
            describe(&ball, "en"),
            "The Crystal Ball shows the next events, from the top: Throw Voice, Lampshade, Shift \
             Change"
        );
        assert_eq!(
            describe(&ball, "fr"),
            "La Boule de cristal montre les prochains événements, du dessus : Écho, Abat-jour, \
             Changement de planning"
        );
        let back = Event::CardSeen {
            what: Seen::EventsPutBack { cards },
        };
        assert_eq!(
            describe(&back, "fr"),
            "Les événements sont remis, du dessus : Écho, Abat-jour, Changement de planning"
        );
        let top = Event::CardSeen {
            what: Seen::EventTop {
                card: EventCard::Lampshade,
            },
        };
        assert_eq!(
            describe(&top, "fr"),
            "L'équipe voit la carte Événement Abat-jour sur le paquet Événements"
        );
        let tools = Event::CardSeen {
            what: Seen::Tools {
                tools: vec![Tool::ThermalBomb, Tool::Crowbar],
            },
        };
        assert_eq!(
            describe(&tools, "en"),
            "The team sees the tools drawn, one to keep: Thermal Bomb, Crowbar"
        );
        let donuts = Event::DonutsEaten { floor: Floor(1) };
        assert_eq!(
            describe(&donuts, "fr"),
            "Le gardien de l'étage 2 mange les Donuts et perd ce déplacement"
        );
    }

    #[test]
    fn events_read_as_sentences_in_both_languages() {
        let moved = Event::GuardMoved {
            floor: Floor(0),
            from: Cell::parse("B2").unwrap(),
            to: Cell::parse("C2").unwrap(),
            toward: Cell::parse("D2").unwrap(),
        };
        assert_eq!(
            describe(&moved, "en"),
            "The guard on floor 1 moves from B2 to C2"
        );
        assert_eq!(
            describe(&moved, "fr"),
            "Le gardien de l'étage 1 se déplace de B2 à C2"
        );
        let revealed = Event::Revealed {
            at: pos("A4"),
            kind: TileKind::Safe,
            digit: 3,
        };
        assert_eq!(
            describe(&revealed, "en"),
            "A4 (floor 1) is revealed: Safe (3)"
        );
        let drawn = Event::ToolDrawn {
            character: 0,
            tool: Tool::Crowbar,
        };
        assert_eq!(
            describe(&drawn, "fr"),
            "Le cambrioleur 1 pioche un outil : Pied-de-biche"
        );
        let over = Event::GameOver {
            verdict: Verdict::Lost,
            reason: "captured".into(),
        };
        assert_eq!(
            describe(&over, "en"),
            "The team loses: a burglar was caught"
        );
    }
}
