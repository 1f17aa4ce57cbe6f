//! What a viewer may know: the three screens, the piles, every board; one's own hand; of the
//! other hands only their backs and the icons their players showed. Deck orders never.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use lockpick_engine::{Outcome, Seat, Viewer};
use serde::Serialize;

use crate::cards::{Back, Card, Shape, line};
use crate::content::Program;
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
    /// The card on the Critical screen.
    pub critical: String,
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
fn face(v: &View, id: CardId) -> String {
    let found = crate::content::try_catalog()
        .ok()
        .and_then(|c| c.card(id))
        .or_else(|| v.custom.iter().find(|c| c.id == id));
    found.map_or_else(|| id.to_string(), line)
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

/// The view as text, for `lockpick show`: the three screens, the boards, the hand.
#[must_use]
pub fn render(v: &View) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Hacktivity, scenario {}{} -- wave {}, {:?} phase, tension {} (track {:?}, square {})",
        v.scenario,
        if v.solo { " (solo)" } else { "" },
        v.wave,
        v.phase,
        v.tension,
        v.tension_track,
        v.tension_step + 1
    );
    // The Alert screen: rows 8 (top) to 1, columns a to f.
    let _ = writeln!(
        s,
        "\nALERT screen ({} Alert cards in reserve)",
        v.alert_deck
    );
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
    let _ = writeln!(s, "\nANTIVIRUS screen");
    for (i, z) in v.zones.iter().enumerate() {
        let text = match z {
            ZoneState::Blocked => "Interdiction (blocked)".to_string(),
            ZoneState::Empty => "free".to_string(),
            ZoneState::Isolated {
                card,
                blocks,
                chains,
            } => {
                let chains = if *chains > 0 {
                    format!(", {chains} cyberchain token(s)")
                } else {
                    String::new()
                };
                format!("{blocks} data block(s){chains}: {}", face(v, *card))
            }
        };
        let _ = writeln!(s, "  zone {}: {text}", i + 1);
    }
    // The Critical screen.
    let _ = writeln!(
        s,
        "\nCRITICAL screen: {} -- infection {} (win at 0 or below; breaking point {}; bottom {})",
        v.critical, v.infection, v.breaking_point, v.infection_min
    );
    let _ = writeln!(
        s,
        "\nAnomaly deck: {} card(s){}; enemy discard: {}; out of play: {}",
        v.anomaly_deck,
        if v.alert_backs.is_empty() {
            String::new()
        } else {
            format!(" (yellow backs at {:?} from the top)", v.alert_backs)
        },
        names(&v.enemy_discard),
        names(&v.exile)
    );
    if let Some(x) = &v.experimental {
        let card = crate::content::try_catalog()
            .ok()
            .and_then(|c| c.deck(Character::DrPower).experimental.clone());
        let _ = writeln!(
            s,
            "\nDrPower's Experimental card (seat {}): charge {}",
            x.owner, x.charge
        );
        if let Some(card) = card {
            for (i, p) in card.programs.iter().enumerate() {
                let state = if !p.once {
                    "at will"
                } else if x.used.get(i).copied().unwrap_or(false) {
                    "used"
                } else {
                    "once"
                };
                let icons: Vec<String> = p.icons.iter().map(ToString::to_string).collect();
                let _ = writeln!(
                    s,
                    "  program {} {} (cost {}, {state}): {}",
                    i + 1,
                    p.name,
                    p.cost,
                    icons.join(", ")
                );
            }
        }
    }
    if let Some(c) = &v.cyberchains {
        let _ = writeln!(
            s,
            "\nCyberLink's cyberchains (seat {}): {} token(s) in reserve",
            c.owner, c.reserve
        );
    }
    let _ = writeln!(s, "\nPLAYERS");
    for p in &v.players {
        let marker = if v.turn.is_some_and(|t| t.seat == p.seat) {
            ">"
        } else {
            " "
        };
        let who: Vec<&str> = p.characters.iter().map(|c| c.name()).collect();
        let _ = writeln!(
            s,
            "{marker}seat {} {}: firewall {}/{}, deck {}, hand {} ({} character, {} anomaly, {} alert){}{}",
            p.seat,
            who.join(" + "),
            p.firewall,
            p.firewall_max,
            p.deck,
            p.hand,
            p.hand_character,
            p.hand_anomaly,
            p.hand_alert,
            p.draw
                .map(|d| format!(", draws {}+{}", d.own, d.anomaly))
                .unwrap_or_default(),
            if v.phase == Phase::Plan && p.ready {
                ", ready"
            } else {
                ""
            }
        );
        let _ = writeln!(s, "    top discard: {}", names(&p.top));
        let _ = writeln!(s, "    bottom discard: {}", names(&p.bottom));
        for shape in &p.shown {
            let _ = writeln!(
                s,
                "    shown ({:?}): [{} | {}]",
                shape.back,
                shape.top.join(", "),
                shape.bottom.join(", ")
            );
        }
    }
    if let Some(hand) = &v.hand {
        let _ = writeln!(s, "\nYOUR HAND");
        if hand.is_empty() {
            let _ = writeln!(s, "  (empty)");
        }
        for h in hand {
            let _ = writeln!(s, "  {}", face(v, h.card));
        }
    }
    if let Some(t) = v.pending.first() {
        let _ = writeln!(
            s,
            "\nWaiting for seat {} to choose: {} ({})",
            t.actor,
            t.step.icon_key(),
            serde_json::to_string(&t.step).unwrap_or_default()
        );
    }
    if let Some(o) = &v.outcome {
        let _ = writeln!(
            s,
            "\nGame over: {:?} ({}); defeats on this scenario: {}, next: {:?}",
            o.verdict, o.reason, v.campaign.defeats, v.campaign.next
        );
    } else {
        let seats: Vec<String> = v.to_act.iter().map(ToString::to_string).collect();
        let _ = writeln!(s, "\nTo act: seat {}", seats.join(", "));
    }
    s
}
