//! Plain sentences for the game log, in English and French.

use crate::actions::Event;

/// One sentence for an event.
#[must_use]
pub fn describe(event: &Event, lang: &str) -> String {
    let fr = lang == "fr";
    match event {
        Event::GuardMoved {
            floor, from, to, ..
        } => {
            if fr {
                format!("Le gardien de l'étage {floor} se déplace de {from} à {to}")
            } else {
                format!("The guard on floor {floor} moves from {from} to {to}")
            }
        }
        Event::GuardPlaced { floor, at, toward } => {
            if fr {
                format!("Le gardien de l'étage {floor} apparaît en {at} et se dirige vers {toward}")
            } else {
                format!("The guard on floor {floor} appears at {at}, heading for {toward}")
            }
        }
        Event::Revealed { at, kind, digit } => {
            if fr {
                format!("{at} est révélée : {} ({digit})", kind.fr())
            } else {
                format!("{at} is revealed: {} ({digit})", kind.en())
            }
        }
        Event::AlarmOn { at } => {
            if fr {
                format!("Une alarme se déclenche en {at}")
            } else {
                format!("An alarm goes off at {at}")
            }
        }
        Event::StealthLost {
            character, left, ..
        } => {
            if fr {
                format!("Le personnage {character} perd un jeton Camouflage ({left} restants)")
            } else {
                format!("Character {character} loses a stealth token ({left} left)")
            }
        }
        Event::SafeCracked { at } => {
            if fr {
                format!("Le coffre en {at} est ouvert !")
            } else {
                format!("The safe at {at} is cracked!")
            }
        }
        Event::Moved { character, to, .. } => {
            if fr {
                format!("Le personnage {character} va en {to}")
            } else {
                format!("Character {character} moves to {to}")
            }
        }
        Event::GameOver { verdict, reason } => {
            if fr {
                format!("Fin de la partie : {verdict:?} ({reason})")
            } else {
                format!("Game over: {verdict:?} ({reason})")
            }
        }
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}
