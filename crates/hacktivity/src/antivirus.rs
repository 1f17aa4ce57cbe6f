//! The Antivirus screen: isolating anomalies in its four zones, attacking them down to 0 data
//! blocks, deactivation and cyberchains, and data blocks added by anomalies.

use std::collections::VecDeque;

use crate::actions::Event;
use crate::content::MAX_BLOCKS;
use crate::ids::{CardId, Target, Zone};
use crate::state::{State, ZoneState};

/// Places an anomaly in a free zone with its printed data blocks (the deactivation option).
pub fn isolate(state: &mut State, card: CardId, zone: Zone, events: &mut Vec<Event>) {
    let blocks = state.card(card).blocks.clamp(1, MAX_BLOCKS);
    *state.zone_mut(zone) = ZoneState::Isolated {
        card,
        blocks,
        chains: 0,
    };
    events.push(Event::Isolated { card, zone, blocks });
}

/// The first enemies to the left and to the right of `zone`: the nearest isolated anomalies,
/// even across empty zones; on the right, the Bogue étrange when no anomaly is there (the
/// Critical screen is the Antivirus screen's right neighbour).
#[must_use]
pub fn neighbours(state: &State, zone: Zone) -> Vec<Target> {
    let occupied = |z: &Zone| matches!(state.zone(*z), ZoneState::Isolated { .. });
    let left = Zone::ALL
        .into_iter()
        .filter(|z| z.0 < zone.0)
        .rev()
        .find(occupied)
        .map(Target::Anomaly);
    let right = Zone::ALL
        .into_iter()
        .filter(|z| z.0 > zone.0)
        .find(occupied)
        .map_or(Target::Bug, Target::Anomaly);
    left.into_iter().chain([right]).collect()
}

/// Attacks `target` for `amount`: an anomaly loses data blocks (at 0 it is deactivated and its
/// cyberchains strike on), the Bogue étrange loses infection. An excess is lost at the limit.
pub fn hit(state: &mut State, target: Target, amount: u8, events: &mut Vec<Event>) {
    let mut queue = VecDeque::from([(target, amount)]);
    while let Some((target, amount)) = queue.pop_front() {
        if state.outcome.is_some() {
            return;
        }
        let zone = match target {
            Target::Bug => {
                crate::critical::lower(state, amount, events);
                continue;
            }
            Target::Anomaly(zone) => zone,
        };
        let ZoneState::Isolated {
            card,
            blocks,
            chains,
        } = state.zone(zone)
        else {
            continue;
        };
        let dealt = amount.min(blocks);
        let left = blocks - dealt;
        events.push(Event::AnomalyHit {
            zone,
            card,
            amount: dealt,
            blocks: left,
        });
        if left > 0 {
            *state.zone_mut(zone) = ZoneState::Isolated {
                card,
                blocks: left,
                chains,
            };
            continue;
        }
        let chain = state.card(card).chain + chains;
        *state.zone_mut(zone) = ZoneState::Empty;
        if let Some(c) = &mut state.cyberchains {
            c.reserve += chains;
        }
        state.enemy_discard.push(card);
        events.push(Event::Deactivated { card, zone, chain });
        if chain > 0 {
            let targets = neighbours(state, zone);
            events.push(Event::Chained {
                from: zone,
                amount: chain,
                targets: targets.clone(),
            });
            queue.extend(targets.into_iter().map(|t| (t, chain)));
        }
    }
}

/// Adds data blocks to the anomaly in `zone` (checked beforehand: it has 1 to 4 and room).
pub fn add_blocks(state: &mut State, zone: Zone, amount: u8, events: &mut Vec<Event>) {
    if let ZoneState::Isolated {
        card,
        blocks,
        chains,
    } = state.zone(zone)
    {
        let blocks = (blocks + amount).min(MAX_BLOCKS);
        *state.zone_mut(zone) = ZoneState::Isolated {
            card,
            blocks,
            chains,
        };
        events.push(Event::BlocksAdded {
            zone,
            card,
            amount,
            blocks,
        });
    }
}
