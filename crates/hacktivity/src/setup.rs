//! The options and the setup of scenario 1 (rulebook pages 4-5): the Alert screen, the
//! Antivirus screen, the Critical screen, the Anomaly deck, the character decks and boards,
//! and solo mode.

use lockpick_engine::{
    Choice, GameRng, OptionKind, OptionSpec, Options, Seat, SeatCount, SetupError, Text,
};

use crate::cards::Card;
use crate::content::{Catalog, try_catalog};
use crate::ids::{CardId, Character, Deck};
use crate::state::{
    ALERT_COLUMNS, Campaign, Cyberchains, Experimental, Phase, Player, State, ZoneState,
};

/// The option keys naming the characters at the table.
pub const CHARACTER_KEYS: [&str; 4] = ["character1", "character2", "character3", "character4"];

fn character_choices() -> Vec<Choice> {
    let mut out = vec![Choice {
        value: "any",
        label: Text::new("Any (random)", "Au hasard"),
    }];
    for c in Character::ALL {
        out.push(Choice {
            value: c.key(),
            label: Text::new(c.name(), c.name()),
        });
    }
    out
}

/// The options Hacktivity takes.
#[must_use]
pub fn schema() -> Vec<OptionSpec> {
    let mut out = vec![OptionSpec {
        key: "scenario",
        label: Text::new("Scenario", "Scénario"),
        help: Text::new(
            "Which scenario of the campaign (scenario 1 ships; 2 to 6 come later).",
            "Quel scénario de la campagne (le scénario 1 est fourni ; 2 à 6 viendront).",
        ),
        kind: OptionKind::Choice {
            choices: vec![Choice {
                value: "1",
                label: Text::new("1: First mission", "1 : Première mission"),
            }],
        },
        default: "1",
    }];
    let labels = [
        Text::new("Character 1", "Personnage 1"),
        Text::new("Character 2", "Personnage 2"),
        Text::new("Character 3", "Personnage 3"),
        Text::new("Character 4", "Personnage 4"),
    ];
    for (key, label) in CHARACTER_KEYS.into_iter().zip(labels) {
        out.push(OptionSpec {
            key,
            label,
            help: Text::new(
                "A character deck at the table (one per player; solo: characters 1 and 2 \
                 shuffled together). Seats follow the characters' numbers: CyberLink plays \
                 first, then DrPower, BLAAST! and ArTeMiS.",
                "Un paquet Personnage à la table (un par joueur ; en solo, les personnages 1 et \
                 2 mélangés). L'ordre suit les numéros : CyberLink, DrPower, BLAAST!, ArTeMiS.",
            ),
            kind: OptionKind::Choice {
                choices: character_choices(),
            },
            default: "any",
        });
    }
    out.push(OptionSpec {
        key: "campaign_defeats",
        label: Text::new("Defeats so far", "Défaites subies"),
        help: Text::new(
            "Defeats already suffered on this scenario: after the second, the emergency \
             protocol changes the setup.",
            "Défaites déjà subies sur ce scénario : après la deuxième, le protocole d'urgence \
             modifie la mise en place.",
        ),
        kind: OptionKind::Int { min: 0, max: 2 },
        default: "0",
    });
    out
}

/// Reads the characters at the table: named ones first, `any` drawn among the others, then
/// sorted into playing order.
fn characters(
    options: &Options,
    count: usize,
    rng: &mut GameRng,
) -> Result<Vec<Character>, SetupError> {
    let mut named = Vec::new();
    let mut any = 0;
    for key in &CHARACTER_KEYS[..count] {
        match options.get(key).unwrap_or("any") {
            "any" => any += 1,
            value => {
                let c = Character::from_key(value)
                    .ok_or_else(|| SetupError::Invalid(format!("unknown character '{value}'")))?;
                if named.contains(&c) {
                    return Err(SetupError::options(
                        format!(
                            "{} is chosen twice: each character deck is at the table once",
                            c.name()
                        ),
                        format!(
                            "{} est choisi deux fois : chaque paquet de personnage n'est qu'une \
                             fois à la table",
                            c.name()
                        ),
                    ));
                }
                named.push(c);
            }
        }
    }
    let mut free: Vec<Character> = Character::ALL
        .into_iter()
        .filter(|c| !named.contains(c))
        .collect();
    for _ in 0..any {
        let i = rng.index(free.len());
        named.push(free.remove(i));
    }
    named.sort();
    Ok(named)
}

fn ids(cards: &[Card]) -> impl Iterator<Item = CardId> + '_ {
    cards.iter().map(|c| c.id)
}

/// A new game.
///
/// # Errors
/// A seat count outside 1 to 4, a character named twice, an unknown scenario, or broken
/// embedded content.
pub fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<State, SetupError> {
    let catalog: &Catalog = try_catalog().map_err(|errors| {
        SetupError::Invalid(format!(
            "the embedded content does not validate: {}",
            errors.first().map(ToString::to_string).unwrap_or_default()
        ))
    })?;
    <crate::Hacktivity as lockpick_engine::Game>::check_seats(seats)?;
    let n = seats.get();
    let number: u8 = options
        .get("scenario")
        .unwrap_or("1")
        .parse()
        .map_err(|_| SetupError::Invalid("the scenario is a number".into()))?;
    let scenario = catalog
        .scenario(number)
        .ok_or_else(|| SetupError::Invalid(format!("scenario {number} is not available")))?;
    let defeats: u8 = options
        .get("campaign_defeats")
        .unwrap_or("0")
        .parse()
        .ok()
        .filter(|d| *d <= 2)
        .ok_or_else(|| SetupError::Invalid("campaign_defeats is 0 to 2".into()))?;
    let emergency = defeats >= 2;
    let mut rng = GameRng::from_seed(seed);
    let solo = n == 1;
    let chars = characters(options, if solo { 2 } else { n }, &mut rng)?;
    let table = scenario.table(n);

    let track = if solo {
        scenario.solo_firewall
    } else {
        scenario.firewall
    };
    let firewall_start = if emergency {
        (i16::from(track.start) + i16::from(scenario.emergency.firewall))
            .clamp(1, i16::from(track.max)) as u8
    } else {
        track.start
    };
    let groups: Vec<Vec<Character>> = if solo {
        vec![chars.clone()]
    } else {
        chars.iter().map(|c| vec![*c]).collect()
    };
    let mut players = Vec::new();
    for (i, group) in groups.into_iter().enumerate() {
        let mut deck: Vec<CardId> = Vec::new();
        for c in &group {
            let d = catalog.deck(*c);
            deck.extend(ids(&d.cards));
            if solo {
                deck.extend(ids(&d.solo_x));
            }
        }
        rng.shuffle(&mut deck);
        players.push(Player {
            seat: Seat(i as u8),
            characters: group,
            firewall: firewall_start,
            firewall_max: track.max,
            deck,
            hand: Vec::new(),
            top: Vec::new(),
            bottom: Vec::new(),
        });
    }
    let owner = |c: Character| {
        players
            .iter()
            .find(|p| p.characters.contains(&c))
            .map(|p| p.seat)
    };
    let experimental = owner(Character::DrPower).map(|seat| Experimental {
        owner: seat,
        charge: 0,
        used: vec![
            false;
            catalog
                .deck(Character::DrPower)
                .experimental
                .as_ref()
                .map_or(0, |x| x.programs.len())
        ],
    });
    let cyberchains = owner(Character::CyberLink).map(|seat| Cyberchains {
        owner: seat,
        reserve: catalog.deck(Character::CyberLink).cyberchains,
    });

    let mut alert = vec![None; ALERT_COLUMNS];
    for (col, row) in &table.alert_markers {
        alert[usize::from(col.0)] = Some(*row);
    }
    let mut alert_deck: Vec<CardId> = catalog.alerts[usize::from(table.alert_deck) - 2]
        .iter()
        .map(|c| c.id)
        .collect();
    rng.shuffle(&mut alert_deck);
    let mut anomaly_deck: Vec<CardId> = Vec::new();
    for g in &table.anomalies {
        anomaly_deck.extend(ids(&catalog.anomalies[usize::from(*g) - 1]));
    }
    if solo {
        anomaly_deck.extend(ids(&catalog.solo_a));
    }
    rng.shuffle(&mut anomaly_deck);

    let mut zones = vec![ZoneState::Empty; 4];
    if table.interdiction {
        zones[0] = ZoneState::Blocked;
    }
    for a in &table.alpha {
        zones[a.zone.index()] = ZoneState::Isolated {
            card: CardId::new(Deck::Alpha, a.card),
            blocks: a.blocks,
            chains: 0,
        };
    }
    let infection = if emergency {
        (table.infection + scenario.emergency.infection).max(scenario.infection_min)
    } else {
        table.infection
    };
    let mut state = State {
        scenario: number,
        solo,
        draws: vec![None; players.len()],
        ready: vec![false; players.len()],
        players,
        alert,
        alert_deck,
        anomaly_deck,
        zones,
        infection,
        breaking_point: table.breaking_point,
        tension_step: 0,
        enemy_discard: Vec::new(),
        exile: Vec::new(),
        experimental,
        cyberchains,
        phase: Phase::Draw,
        wave: 1,
        turn: None,
        turn_number: 0,
        tasks: std::collections::VecDeque::new(),
        outcome: None,
        campaign: Campaign {
            defeats_before: defeats,
            emergency,
            defeats,
            next: None,
        },
        rng,
        custom: Vec::new(),
        format: lockpick_engine::FORMAT_VERSION,
    };
    crate::scenario::rules(number).after_setup(&mut state);
    Ok(state)
}
