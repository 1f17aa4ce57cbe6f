//! The icons of the glossary (the last page of the rulebook) and their text notation in the
//! content files: `"attack 2"`, `"attack_two 2 1"`, `"each firewall_up 1"`,
//! `"split 1 per_character"`.

use std::fmt;

use lockpick_engine::Why;
use serde::{Deserialize, Serialize};

/// One icon with its printed numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "icon", rename_all = "snake_case")]
pub enum Icon {
    /// Attack X one target: an isolated anomaly or the Bogue étrange (never split).
    Attack {
        /// X.
        x: u8,
    },
    /// Attack X one target and Y a different target.
    AttackTwo {
        /// X.
        x: u8,
        /// Y.
        y: u8,
    },
    /// Attack X split over one or more targets.
    Split {
        /// X.
        x: u8,
    },
    /// Attack X one anomaly only.
    AnomalyAttack {
        /// X.
        x: u8,
    },
    /// Attack X one anomaly and Y the Bogue étrange (a different target).
    AttackAndBug {
        /// X.
        x: u8,
        /// Y.
        y: u8,
    },
    /// Raise the infection by X.
    InfectionUp {
        /// X.
        x: u8,
    },
    /// Lower the infection by X: the forced attack on the Bogue étrange.
    InfectionDown {
        /// X.
        x: u8,
    },
    /// Raise the charge of DrPower's Experimental card by X.
    ChargeUp {
        /// X.
        x: u8,
    },
    /// Lower the charge of DrPower's Experimental card by X.
    ChargeDown {
        /// X.
        x: u8,
    },
    /// Lower your own firewall by X.
    FirewallDown {
        /// X.
        x: u8,
    },
    /// Lower firewalls by X, split among the team (you included).
    FirewallDownTeam {
        /// X.
        x: u8,
    },
    /// Raise your own firewall by X.
    FirewallUp {
        /// X.
        x: u8,
    },
    /// Raise firewalls by X, split among the team (you included).
    FirewallUpTeam {
        /// X.
        x: u8,
    },
    /// Raise the marker of the leftmost Alert column by X.
    AlertUp {
        /// X.
        x: u8,
    },
    /// Lower the marker of the leftmost Alert column by X.
    AlertDown {
        /// X.
        x: u8,
    },
    /// Discard X character cards from your hand or the top of your deck.
    Discard {
        /// X.
        x: u8,
    },
    /// Duplicate X times a character card on top of a discard pile (BLAAST!).
    Duplicate {
        /// X.
        x: u8,
    },
    /// Draw X cards from your character deck.
    Draw {
        /// X.
        x: u8,
    },
    /// Draw X cards from the Anomaly deck.
    DrawAnomaly {
        /// X.
        x: u8,
    },
    /// Draw X Core Attack cards (later scenarios; ignored where there is no such deck).
    DrawCore {
        /// X.
        x: u8,
    },
    /// Put this card in the out-of-play discard when played.
    Exile,
    /// Add X data blocks to another isolated anomaly that has 1 to 4.
    AddBlocks {
        /// X.
        x: u8,
    },
    /// Place X of CyberLink's cyberchain tokens on isolated anomalies.
    Chain {
        /// X.
        x: u8,
    },
}

/// Every icon key, in glossary order.
pub const KEYS: [&str; 23] = [
    "attack",
    "attack_two",
    "split",
    "anomaly_attack",
    "attack_and_bug",
    "infection_up",
    "infection_down",
    "charge_up",
    "charge_down",
    "firewall_down",
    "firewall_down_team",
    "firewall_up",
    "firewall_up_team",
    "alert_up",
    "alert_down",
    "discard",
    "duplicate",
    "draw",
    "draw_anomaly",
    "draw_core",
    "exile",
    "add_blocks",
    "chain",
];

/// An icon's name in English and French, from its key, as the log names it ("Charge −",
/// "Pare-feu de l'équipe +"); `None` for a key that is no icon's.
#[must_use]
pub fn name(key: &str) -> Option<lockpick_engine::Text> {
    use lockpick_engine::Text;
    Some(match key {
        "attack" => Text::new("Attack", "Attaque"),
        "attack_two" => Text::new("Attack two targets", "Attaque de deux cibles"),
        "split" => Text::new("Split attack", "Attaque répartie"),
        "anomaly_attack" => Text::new("Anomaly attack", "Attaque d'anomalie"),
        "attack_and_bug" => Text::new("Attack and Strange Bug", "Attaque et Bogue étrange"),
        "infection_up" => Text::new("Infection +", "Infection +"),
        "infection_down" => Text::new("Infection −", "Infection −"),
        "charge_up" => Text::new("Charge +", "Charge +"),
        "charge_down" => Text::new("Charge −", "Charge −"),
        "firewall_down" => Text::new("Firewall −", "Pare-feu −"),
        "firewall_down_team" => Text::new("Team firewalls −", "Pare-feux de l'équipe −"),
        "firewall_up" => Text::new("Firewall +", "Pare-feu +"),
        "firewall_up_team" => Text::new("Team firewalls +", "Pare-feux de l'équipe +"),
        "alert_up" => Text::new("Alert +", "Alerte +"),
        "alert_down" => Text::new("Alert −", "Alerte −"),
        "discard" => Text::new("Discard", "Défausse"),
        "duplicate" => Text::new("Duplicate", "Duplication"),
        "draw" => Text::new("Draw", "Pioche"),
        "draw_anomaly" => Text::new("Draw anomalies", "Pioche Anomalie"),
        "draw_core" => Text::new("Draw Core Attack", "Pioche Attaque du Noyau"),
        "exile" => Text::new("Out of play", "Hors jeu"),
        "add_blocks" => Text::new("Add data blocks", "Ajout de blocs de données"),
        "chain" => Text::new("Cyberchain", "Cyberchaîne"),
        _ => return None,
    })
}

impl Icon {
    /// The icon's key in the notation (and in shown icons).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::Attack { .. } => "attack",
            Self::AttackTwo { .. } => "attack_two",
            Self::Split { .. } => "split",
            Self::AnomalyAttack { .. } => "anomaly_attack",
            Self::AttackAndBug { .. } => "attack_and_bug",
            Self::InfectionUp { .. } => "infection_up",
            Self::InfectionDown { .. } => "infection_down",
            Self::ChargeUp { .. } => "charge_up",
            Self::ChargeDown { .. } => "charge_down",
            Self::FirewallDown { .. } => "firewall_down",
            Self::FirewallDownTeam { .. } => "firewall_down_team",
            Self::FirewallUp { .. } => "firewall_up",
            Self::FirewallUpTeam { .. } => "firewall_up_team",
            Self::AlertUp { .. } => "alert_up",
            Self::AlertDown { .. } => "alert_down",
            Self::Discard { .. } => "discard",
            Self::Duplicate { .. } => "duplicate",
            Self::Draw { .. } => "draw",
            Self::DrawAnomaly { .. } => "draw_anomaly",
            Self::DrawCore { .. } => "draw_core",
            Self::Exile => "exile",
            Self::AddBlocks { .. } => "add_blocks",
            Self::Chain { .. } => "chain",
        }
    }

    /// The printed numbers (none, X, or X and Y).
    #[must_use]
    pub fn numbers(self) -> Vec<u8> {
        match self {
            Self::AttackTwo { x, y } | Self::AttackAndBug { x, y } => vec![x, y],
            Self::Exile => vec![],
            Self::Attack { x }
            | Self::Split { x }
            | Self::AnomalyAttack { x }
            | Self::InfectionUp { x }
            | Self::InfectionDown { x }
            | Self::ChargeUp { x }
            | Self::ChargeDown { x }
            | Self::FirewallDown { x }
            | Self::FirewallDownTeam { x }
            | Self::FirewallUp { x }
            | Self::FirewallUpTeam { x }
            | Self::AlertUp { x }
            | Self::AlertDown { x }
            | Self::Discard { x }
            | Self::Duplicate { x }
            | Self::Draw { x }
            | Self::DrawAnomaly { x }
            | Self::DrawCore { x }
            | Self::AddBlocks { x }
            | Self::Chain { x } => vec![x],
        }
    }

    /// The icon with its numbers multiplied by `k` (saturating), for "× the number of characters".
    #[must_use]
    pub fn times(self, k: u8) -> Self {
        let numbers: Vec<u8> = self.numbers().iter().map(|n| n.saturating_mul(k)).collect();
        Self::build(self.key(), &numbers).unwrap_or(self)
    }

    /// Builds an icon from its key and numbers.
    ///
    /// # Errors
    /// An unknown key, or the wrong count of numbers for the icon, in English and in French.
    pub fn build(key: &str, numbers: &[u8]) -> Result<Self, Why> {
        let given = numbers.len();
        // French puts 0 and 1 in the singular.
        let given_fr = match given {
            0 | 1 => format!("{given} nombre donné"),
            n => format!("{n} nombres donnés"),
        };
        let one = |make: fn(u8) -> Self| match numbers {
            [x] => Ok(make(*x)),
            _ => Err(Why::new(
                format!("'{key}' takes one number, {given} given"),
                format!("« {key} » prend un nombre, {given_fr}"),
            )),
        };
        let two = |make: fn(u8, u8) -> Self| match numbers {
            [x, y] => Ok(make(*x, *y)),
            _ => Err(Why::new(
                format!("'{key}' takes two numbers, {given} given"),
                format!("« {key} » prend deux nombres, {given_fr}"),
            )),
        };
        match key {
            "attack" => one(|x| Self::Attack { x }),
            "attack_two" => two(|x, y| Self::AttackTwo { x, y }),
            "split" => one(|x| Self::Split { x }),
            "anomaly_attack" => one(|x| Self::AnomalyAttack { x }),
            "attack_and_bug" => two(|x, y| Self::AttackAndBug { x, y }),
            "infection_up" => one(|x| Self::InfectionUp { x }),
            "infection_down" => one(|x| Self::InfectionDown { x }),
            "charge_up" => one(|x| Self::ChargeUp { x }),
            "charge_down" => one(|x| Self::ChargeDown { x }),
            "firewall_down" => one(|x| Self::FirewallDown { x }),
            "firewall_down_team" => one(|x| Self::FirewallDownTeam { x }),
            "firewall_up" => one(|x| Self::FirewallUp { x }),
            "firewall_up_team" => one(|x| Self::FirewallUpTeam { x }),
            "alert_up" => one(|x| Self::AlertUp { x }),
            "alert_down" => one(|x| Self::AlertDown { x }),
            "discard" => one(|x| Self::Discard { x }),
            "duplicate" => one(|x| Self::Duplicate { x }),
            "draw" => one(|x| Self::Draw { x }),
            "draw_anomaly" => one(|x| Self::DrawAnomaly { x }),
            "draw_core" => one(|x| Self::DrawCore { x }),
            "exile" if numbers.is_empty() => Ok(Self::Exile),
            "exile" => Err(Why::new(
                "'exile' takes no number",
                "« exile » ne prend pas de nombre",
            )),
            "add_blocks" => one(|x| Self::AddBlocks { x }),
            "chain" => one(|x| Self::Chain { x }),
            _ => Err(Why::new(
                format!("unknown icon '{key}' (icons: {})", KEYS.join(", ")),
                format!("icône inconnue « {key} » (icônes : {})", KEYS.join(", ")),
            )),
        }
    }
}

/// An icon as printed on a card option: the icon, and the two modifiers of the glossary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Effect {
    /// The icon and its numbers.
    #[serde(flatten)]
    pub icon: Icon,
    /// "Every player activates the icon."
    #[serde(default, skip_serializing_if = "is_false")]
    pub each: bool,
    /// "Multiply by the number of characters in your group."
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_character: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(b: &bool) -> bool {
    !*b
}

/// The largest number an icon may print.
pub const MAX_NUMBER: u8 = 9;

impl Effect {
    /// A plain effect.
    #[must_use]
    pub const fn new(icon: Icon) -> Self {
        Self {
            icon,
            each: false,
            per_character: false,
        }
    }

    /// Parses the notation `[each] KEY [X [Y]] [per_character]`.
    ///
    /// # Errors
    /// What is wrong, in a sentence, in English and in French.
    pub fn parse(text: &str) -> Result<Self, Why> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let each = words.first() == Some(&"each");
        if each {
            words.remove(0);
        }
        let per_character = words.last() == Some(&"per_character");
        if per_character {
            words.pop();
        }
        let Some((&key, rest)) = words.split_first() else {
            return Err(Why::new("an empty icon", "une icône vide"));
        };
        let mut numbers = Vec::new();
        for word in rest {
            let n: u8 = word.parse().map_err(|_| {
                Why::new(
                    format!("'{word}' is not a number (in '{text}')"),
                    format!("« {word} » n'est pas un nombre (dans « {text} »)"),
                )
            })?;
            if !(1..=MAX_NUMBER).contains(&n) {
                return Err(Why::new(
                    format!("{n} is out of 1..={MAX_NUMBER} (in '{text}')"),
                    format!("{n} n'est pas entre 1 et {MAX_NUMBER} (dans « {text} »)"),
                ));
            }
            numbers.push(n);
        }
        let icon = Icon::build(key, &numbers)?;
        if per_character && icon == Icon::Exile {
            return Err(Why::new(
                "'exile' has no number to multiply",
                "« exile » n'a pas de nombre à multiplier",
            ));
        }
        if each && matches!(icon, Icon::Exile | Icon::Duplicate { .. }) {
            return Err(Why::new(
                format!("'{key}' cannot be activated by every player"),
                format!("« {key} » ne peut pas être activée par tous les joueurs"),
            ));
        }
        Ok(Self {
            icon,
            each,
            per_character,
        })
    }

    /// The icon without its numbers, as a teammate may be told: `"each firewall_up"`.
    #[must_use]
    pub fn shape(&self) -> String {
        let mut s = String::new();
        if self.each {
            s.push_str("each ");
        }
        s.push_str(self.icon.key());
        if self.per_character {
            s.push_str(" per_character");
        }
        s
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.each {
            write!(f, "each ")?;
        }
        write!(f, "{}", self.icon.key())?;
        for n in self.icon.numbers() {
            write!(f, " {n}")?;
        }
        if self.per_character {
            write!(f, " per_character")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_parses_and_prints_back() {
        for key in KEYS {
            let text = match key {
                "exile" => "exile".to_string(),
                "attack_two" | "attack_and_bug" => format!("{key} 2 1"),
                _ => format!("{key} 2"),
            };
            let e = Effect::parse(&text).unwrap();
            assert_eq!(e.to_string(), text);
            assert_eq!(e.icon.key(), key);
        }
        let e = Effect::parse("each firewall_up 1 per_character").unwrap();
        assert!(e.each && e.per_character);
        assert_eq!(e.to_string(), "each firewall_up 1 per_character");
        assert_eq!(e.shape(), "each firewall_up per_character");
    }

    #[test]
    fn bad_notation_is_explained() {
        assert!(
            Effect::parse("attak 2")
                .unwrap_err()
                .en
                .contains("unknown icon 'attak'")
        );
        assert!(
            Effect::parse("attack")
                .unwrap_err()
                .en
                .contains("takes one number")
        );
        assert!(Effect::parse("attack 0").unwrap_err().en.contains("out of"));
        assert!(
            Effect::parse("exile 1")
                .unwrap_err()
                .en
                .contains("no number")
        );
        assert_eq!(
            Effect::parse("attack").unwrap_err().fr,
            "« attack » prend un nombre, 0 nombre donné"
        );
        assert!(Effect::parse("each duplicate 1").is_err());
        assert!(Effect::parse("").is_err());
    }

    #[test]
    fn times_multiplies_every_number() {
        assert_eq!(
            Icon::AttackTwo { x: 2, y: 1 }.times(3),
            Icon::AttackTwo { x: 6, y: 3 }
        );
        assert_eq!(Icon::Exile.times(3), Icon::Exile);
    }
}
