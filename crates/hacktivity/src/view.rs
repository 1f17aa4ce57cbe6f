//! What a viewer may know: the three screens, the piles, every board; one's own hand; of the
//! other hands only their backs and the icons their players showed. Deck orders never.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use lockpick_engine::{Outcome, Seat, Viewer};
use serde::Serialize;

use crate::cards::{Back, Card, Shape, line};
use crate::content::Program;
use crate::describe::{DATA_BLOCKS, count};
use crate::effects::Task;
use crate::ids::{CardId, Character, Column};
use crate::state::{
    ALERT_ROWS, Campaign, Cyberchains, DrawSplit, Experimental, HandCard, Phase, State, Turn,
    ZoneState,
};

/// A player as everyone sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The character(s).
    pub characters: Vec<Character>,
    /// The firewall marker.
    pub firewall: u8,
    /// The firewall card's top.
    pub firewall_max: u8,
    /// Cards left in the character deck.
    pub deck: usize,
    /// Cards in hand.
    pub hand: usize,
    /// Backs in hand: character cards.
    pub hand_character: usize,
    /// Backs in hand: mauve anomaly backs.
    pub hand_anomaly: usize,
    /// Backs in hand: yellow Alert backs.
    pub hand_alert: usize,
    /// The icons shown to the team, one entry per shown card in hand order.
    pub shown: Vec<Shape>,
    /// The top discard pile, oldest first.
    pub top: Vec<CardId>,
    /// The bottom discard pile, oldest first.
    pub bottom: Vec<CardId>,
    /// This wave's draw choice, once made.
    pub draw: Option<DrawSplit>,
    /// Ready to play (plan step).
    pub ready: bool,
}

/// What one viewer sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The scenario's number.
    pub scenario: u8,
    /// Who looks (none: a spectator).
    pub viewer: Option<Seat>,
    /// Solo mode.
    pub solo: bool,
    /// The phase of the wave.
    pub phase: Phase,
    /// The wave number.
    pub wave: u32,
    /// Cards each player draws this wave.
    pub tension: u8,
    /// The tension track and the marker's square on it.
    pub tension_track: Vec<u8>,
    /// The marker's square (from 0).
    pub tension_step: u8,
    /// Each Alert column's marker row.
    pub alert: Vec<Option<u8>>,
    /// Cards left in the Alert deck.
    pub alert_deck: usize,
    /// The four Antivirus zones.
    pub zones: Vec<ZoneState>,
    /// The card on the Critical screen, in English.
    pub critical: String,
    /// Its title in French; empty when the content gives none (the English then stands).
    pub critical_fr: String,
    /// The infection marker.
    pub infection: i8,
    /// The breaking point.
    pub breaking_point: i8,
    /// The track's bottom.
    pub infection_min: i8,
    /// Cards left in the Anomaly deck.
    pub anomaly_deck: usize,
    /// Where yellow-backed Alert cards lie in the Anomaly deck, counted from the top.
    pub alert_backs: Vec<usize>,
    /// The enemy discard, oldest first.
    pub enemy_discard: Vec<CardId>,
    /// The out-of-play discard.
    pub exile: Vec<CardId>,
    /// DrPower's Experimental card.
    pub experimental: Option<Experimental>,
    /// CyberLink's cyberchains.
    pub cyberchains: Option<Cyberchains>,
    /// The players.
    pub players: Vec<PlayerView>,
    /// The viewer's own hand.
    pub hand: Option<Vec<HandCard>>,
    /// The play phase's turn.
    pub turn: Option<Turn>,
    /// Effects waiting to resolve, the next first (all public: the cards were played).
    pub pending: Vec<Task>,
    /// Seats that may act now.
    pub to_act: Vec<Seat>,
    /// The end, once decided.
    pub outcome: Option<Outcome>,
    /// The campaign record.
    pub campaign: Campaign,
    /// Faces of cards defined outside the catalog (tests).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub custom: Vec<Card>,
    /// The printed face of every card this viewer can see face up (hand, zones, discards), so a
    /// screen can draw them without the catalog.
    pub faces: BTreeMap<CardId, Card>,
    /// DrPower's programs as printed on the Experimental card, when it is in play.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<Program>,
}

fn player_view(state: &State, seat: Seat) -> PlayerView {
    let p = state.player(seat);
    let backs = |b: Back| {
        p.hand
            .iter()
            .filter(|h| state.card(h.card).back() == b)
            .count()
    };
    PlayerView {
        seat,
        characters: p.characters.clone(),
        firewall: p.firewall,
        firewall_max: p.firewall_max,
        deck: p.deck.len(),
        hand: p.hand.len(),
        hand_character: backs(Back::Character),
        hand_anomaly: backs(Back::Anomaly),
        hand_alert: backs(Back::Alert),
        shown: p
            .hand
            .iter()
            .filter(|h| h.shown)
            .map(|h| state.card(h.card).shape())
            .collect(),
        top: p.top.clone(),
        bottom: p.bottom.clone(),
        draw: state.draws.get(seat.index()).copied().flatten(),
        ready: state.ready.get(seat.index()).copied().unwrap_or(false),
    }
}

/// The view of `viewer`.
#[must_use]
pub fn view(state: &State, viewer: Viewer) -> View {
    let seat = viewer.seat().filter(|s| s.index() < state.players.len());
    let len = state.anomaly_deck.len();
    View {
        scenario: state.scenario,
        viewer: seat,
        solo: state.solo,
        phase: state.phase,
        wave: state.wave,
        tension: state.tension(),
        tension_track: state.scenario().tension.clone(),
        tension_step: state.tension_step,
        alert: state.alert.clone(),
        alert_deck: state.alert_deck.len(),
        zones: state.zones.clone(),
        critical: state.scenario().critical.clone(),
        critical_fr: state.scenario().critical_fr.clone(),
        infection: state.infection,
        breaking_point: state.breaking_point,
        infection_min: state.infection_min(),
        anomaly_deck: len,
        alert_backs: state
            .anomaly_deck
            .iter()
            .enumerate()
            .filter(|(_, c)| state.card(**c).back() == Back::Alert)
            .map(|(i, _)| len - 1 - i)
            .rev()
            .collect(),
        enemy_discard: state.enemy_discard.clone(),
        exile: state.exile.clone(),
        experimental: state.experimental.clone(),
        cyberchains: state.cyberchains,
        players: state.seats().map(|s| player_view(state, s)).collect(),
        hand: seat.map(|s| state.player(s).hand.clone()),
        turn: state.turn,
        pending: state.tasks.iter().cloned().collect(),
        to_act: crate::turn::acting(state).to_vec(),
        outcome: state.outcome.clone(),
        campaign: state.campaign,
        custom: state.custom.clone(),
        faces: faces(state, seat),
        programs: state
            .experimental
            .as_ref()
            .and_then(|_| {
                state
                    .catalog()
                    .deck(Character::DrPower)
                    .experimental
                    .clone()
            })
            .map(|card| card.programs)
            .unwrap_or_default(),
    }
}

/// The faces of the cards `seat` (or a spectator) sees face up.
fn faces(state: &State, seat: Option<Seat>) -> BTreeMap<CardId, Card> {
    let mut ids: Vec<CardId> = Vec::new();
    for z in &state.zones {
        if let ZoneState::Isolated { card, .. } = z {
            ids.push(*card);
        }
    }
    for s in state.seats() {
        let p = state.player(s);
        ids.extend(p.top.iter().chain(&p.bottom));
    }
    ids.extend(state.enemy_discard.iter().chain(&state.exile));
    if let Some(s) = seat {
        ids.extend(state.player(s).hand.iter().map(|h| h.card));
    }
    ids.into_iter()
        .map(|id| (id, state.card(id).clone()))
        .collect()
}

/// The face of a card for drawing a view.
fn face(v: &View, id: CardId, lang: &str) -> String {
    let found = crate::content::try_catalog()
        .ok()
        .and_then(|c| c.card(id))
        .or_else(|| v.custom.iter().find(|c| c.id == id));
    found.map_or_else(|| id.to_string(), |card| line(card, lang))
}

fn names(list: &[CardId]) -> String {
    if list.is_empty() {
        "-".into()
    } else {
        list.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The view as text, for `lockpick show`: the three screens, the boards, the hand, in English
/// or French (`lang` = "en" | "fr"; anything else reads as English). Cards and programs go by
/// their French names in French where the content files give them (`name_fr`); icons keep the
/// files' notation.
#[must_use]
pub fn render(v: &View, lang: &str) -> String {
    let fr = lang == "fr";
    let say = |en: &'static str, french: &'static str| if fr { french } else { en };
    // French puts a space before a colon.
    let colon = say(":", " :");
    let mut s = String::new();
    let (scenario, wave, tension, square) = (v.scenario, v.wave, v.tension, v.tension_step + 1);
    let solo = if v.solo { " (solo)" } else { "" };
    let track = &v.tension_track;
    let _ = if fr {
        let phase = match v.phase {
            Phase::Draw => "pioche",
            Phase::Plan => "préparation",
            Phase::Play => "jeu",
            Phase::Over => "fin",
        };
        writeln!(
            s,
            "Hacktivity, scénario {scenario}{solo} -- vague {wave}, phase {phase}, tension \
             {tension} (piste {track:?}, case {square})"
        )
    } else {
        writeln!(
            s,
            "Hacktivity, scenario {scenario}{solo} -- wave {wave}, {:?} phase, tension {tension} \
             (track {track:?}, square {square})",
            v.phase
        )
    };
    // The Alert screen: rows 8 (top) to 1, columns a to f.
    let reserve = v.alert_deck;
    let _ = if fr {
        writeln!(s, "\nÉcran ALERTE ({reserve} cartes Alerte en réserve)")
    } else {
        writeln!(s, "\nALERT screen ({reserve} Alert cards in reserve)")
    };
    for row in (1..=ALERT_ROWS).rev() {
        let _ = write!(s, "  {row} ");
        for m in &v.alert {
            let mark = if *m == Some(row) {
                'X'
            } else if row == ALERT_ROWS {
                '!'
            } else {
                '.'
            };
            let _ = write!(s, " {mark}");
        }
        let _ = writeln!(s);
    }
    let _ = write!(s, "    ");
    for i in 0..v.alert.len() {
        let _ = write!(s, " {}", Column(i as u8).letter());
    }
    let _ = writeln!(s);
    // The Antivirus screen.
    let _ = writeln!(s, "\n{}", say("ANTIVIRUS screen", "Écran ANTIVIRUS"));
    for (i, z) in v.zones.iter().enumerate() {
        let text = match z {
            ZoneState::Blocked => {
                say("Interdiction (blocked)", "Interdiction (bloquée)").to_owned()
            }
            ZoneState::Empty => say("free", "libre").to_owned(),
            ZoneState::Isolated {
                card,
                blocks,
                chains,
            } => {
                let chains = match *chains {
                    0 => String::new(),
                    n => {
                        let tokens = count(
                            n,
                            fr,
                            ("cyberchain token", "cyberchain tokens"),
                            ("pion cyberchaîne", "pions cyberchaîne"),
                        );
                        format!(", {tokens}")
                    }
                };
                let blocks = count(*blocks, fr, DATA_BLOCKS.0, DATA_BLOCKS.1);
                format!("{blocks}{chains}{colon} {}", face(v, *card, lang))
            }
        };
        let _ = writeln!(s, "  zone {}{colon} {text}", i + 1);
    }
    // The Critical screen.
    let critical = if fr && !v.critical_fr.is_empty() {
        &v.critical_fr
    } else {
        &v.critical
    };
    let (infection, breaking, bottom) = (v.infection, v.breaking_point, v.infection_min);
    let _ = if fr {
        writeln!(
            s,
            "\nÉcran CRITIQUE : {critical} -- infection {infection} (victoire à 0 ou moins ; \
             point de rupture {breaking} ; plancher {bottom})"
        )
    } else {
        writeln!(
            s,
            "\nCRITICAL screen: {critical} -- infection {infection} (win at 0 or below; breaking \
             point {breaking}; bottom {bottom})"
        )
    };
    let backs = match (v.alert_backs.is_empty(), fr) {
        (true, _) => String::new(),
        (false, false) => format!(" (yellow backs at {:?} from the top)", v.alert_backs),
        (false, true) => format!(" (dos jaunes en {:?} depuis le dessus)", v.alert_backs),
    };
    let (enemy, exile) = (names(&v.enemy_discard), names(&v.exile));
    let deck = count(
        v.anomaly_deck as u64,
        fr,
        ("card", "cards"),
        ("carte", "cartes"),
    );
    let _ = if fr {
        writeln!(
            s,
            "\nPioche Anomalie : {deck}{backs} ; défausse ennemie : {enemy} ; hors jeu : {exile}"
        )
    } else {
        writeln!(
            s,
            "\nAnomaly deck: {deck}{backs}; enemy discard: {enemy}; out of play: {exile}"
        )
    };
    if let Some(x) = &v.experimental {
        let card = crate::content::try_catalog()
            .ok()
            .and_then(|c| c.deck(Character::DrPower).experimental.clone());
        let (owner, charge) = (x.owner.number(), x.charge);
        let _ = if fr {
            writeln!(
                s,
                "\nCarte Expérimentale de DrPower (place {owner}) : charge {charge}"
            )
        } else {
            writeln!(
                s,
                "\nDrPower's Experimental card (seat {owner}): charge {charge}"
            )
        };
        if let Some(card) = card {
            for (i, p) in card.programs.iter().enumerate() {
                let state = if !p.once {
                    say("at will", "à volonté")
                } else if x.used.get(i).copied().unwrap_or(false) {
                    say("used", "utilisé")
                } else {
                    say("once", "une fois")
                };
                let icons: Vec<String> = p.icons.iter().map(ToString::to_string).collect();
                let _ = writeln!(
                    s,
                    "  {} {} {} ({} {}, {state}){colon} {}",
                    say("program", "programme"),
                    i + 1,
                    if fr && !p.name_fr.is_empty() {
                        &p.name_fr
                    } else {
                        &p.name
                    },
                    say("cost", "coût"),
                    p.cost,
                    icons.join(", ")
                );
            }
        }
    }
    if let Some(c) = &v.cyberchains {
        let owner = c.owner.number();
        let reserve = count(c.reserve, fr, ("token", "tokens"), ("pion", "pions"));
        let _ = if fr {
            writeln!(
                s,
                "\nCyberchaînes de CyberLink (place {owner}) : {reserve} en réserve"
            )
        } else {
            writeln!(
                s,
                "\nCyberLink's cyberchains (seat {owner}): {reserve} in reserve"
            )
        };
    }
    let _ = writeln!(s, "\n{}", say("PLAYERS", "JOUEURS"));
    for p in &v.players {
        let marker = if v.turn.is_some_and(|t| t.seat == p.seat) {
            ">"
        } else {
            " "
        };
        let who: Vec<&str> = p.characters.iter().map(|c| c.name()).collect();
        let who = who.join(" + ");
        let (seat, firewall, max, deck, hand) =
            (p.seat.number(), p.firewall, p.firewall_max, p.deck, p.hand);
        let (character, anomaly, alert) = (p.hand_character, p.hand_anomaly, p.hand_alert);
        let draws = p.draw.map_or_else(String::new, |d| {
            format!(", {} {}+{}", say("draws", "pioche"), d.own, d.anomaly)
        });
        let ready = if v.phase == Phase::Plan && p.ready {
            say(", ready", ", prêt")
        } else {
            ""
        };
        let backs = [
            count(
                character as u64,
                fr,
                ("character", "characters"),
                ("personnage", "personnages"),
            ),
            count(
                anomaly as u64,
                fr,
                ("anomaly", "anomalies"),
                ("anomalie", "anomalies"),
            ),
            count(alert as u64, fr, ("alert", "alerts"), ("alerte", "alertes")),
        ]
        .join(", ");
        let _ = if fr {
            writeln!(
                s,
                "{marker}place {seat} {who} : pare-feu {firewall}/{max}, pioche {deck}, main \
                 {hand} ({backs}){draws}{ready}"
            )
        } else {
            writeln!(
                s,
                "{marker}seat {seat} {who}: firewall {firewall}/{max}, deck {deck}, hand {hand} \
                 ({backs}){draws}{ready}"
            )
        };
        let _ = writeln!(
            s,
            "    {} {}",
            say("top discard:", "défausse du haut :"),
            names(&p.top)
        );
        let _ = writeln!(
            s,
            "    {} {}",
            say("bottom discard:", "défausse du bas :"),
            names(&p.bottom)
        );
        for shape in &p.shown {
            let back = match shape.back {
                Back::Character => say("character", "personnage"),
                Back::Anomaly => say("anomaly", "anomalie"),
                Back::Alert => say("alert", "alerte"),
            };
            let _ = writeln!(
                s,
                "    {} ({back}){colon} [{} | {}]",
                say("shown", "montrée"),
                shape.top.join(", "),
                shape.bottom.join(", ")
            );
        }
    }
    if let Some(hand) = &v.hand {
        let _ = writeln!(s, "\n{}", say("YOUR HAND", "VOTRE MAIN"));
        if hand.is_empty() {
            let _ = writeln!(s, "  {}", say("(empty)", "(vide)"));
        }
        for h in hand {
            let _ = writeln!(s, "  {}", face(v, h.card, lang));
        }
    }
    if let Some(t) = v.pending.first() {
        let step = serde_json::to_string(&t.step).unwrap_or_default();
        let (actor, icon) = (t.actor.number(), t.step.icon_key());
        let _ = if fr {
            writeln!(
                s,
                "\nEn attente du choix de la place {actor} : {icon} ({step})"
            )
        } else {
            writeln!(s, "\nWaiting for seat {actor} to choose: {icon} ({step})")
        };
    }
    if let Some(o) = &v.outcome {
        let (defeats, next) = (v.campaign.defeats, v.campaign.next);
        let _ = if fr {
            let verdict = o.verdict.french();
            writeln!(
                s,
                "\nPartie finie : {verdict} ({}) ; défaites sur ce scénario : {defeats}, suite : \
                 {next:?}",
                o.reason
            )
        } else {
            writeln!(
                s,
                "\nGame over: {:?} ({}); defeats on this scenario: {defeats}, next: {next:?}",
                o.verdict, o.reason
            )
        };
    } else {
        let seats: Vec<String> = v.to_act.iter().map(|s| s.number().to_string()).collect();
        let _ = writeln!(
            s,
            "\n{} {}",
            say("To act: seat", "À jouer : place"),
            seats.join(", ")
        );
    }
    s
}
