//! The characters' own powers: DrPower's Experimental card (charge and programs), CyberLink's
//! cyberchain tokens and BLAAST!'s duplicate.

use lockpick_engine::Seat;

use crate::actions::{Event, NoEffect};
use crate::cards::CardKind;
use crate::effects::{expand, push_front};
use crate::ids::{CardId, Side, Zone};
use crate::state::{State, ZoneState};

/// Moves DrPower's charge marker, within the track (the golden rule when DrPower is absent).
pub fn charge(state: &mut State, up: bool, amount: u8, events: &mut Vec<Event>) {
    let max = state.experimental_card().max_charge;
    let icon = if up { "charge_up" } else { "charge_down" };
    let Some(x) = &mut state.experimental else {
        events.push(Event::Ignored {
            icon: icon.into(),
            reason: NoEffect::NoDrPower,
        });
        return;
    };
    let from = x.charge;
    let to = if up {
        from.saturating_add(amount).min(max)
    } else {
        from.saturating_sub(amount)
    };
    if to == from {
        events.push(Event::Ignored {
            icon: icon.into(),
            reason: NoEffect::ChargeAtEnd,
        });
        return;
    }
    x.charge = to;
    events.push(Event::Charge { from, to });
}

/// The programs `seat` may run now (1 to 4): DrPower's, with enough charge, not yet used if
/// one-shot.
#[must_use]
pub fn runnable(state: &State, seat: Seat) -> Vec<u8> {
    let Some(x) = &state.experimental else {
        return Vec::new();
    };
    if x.owner != seat {
        return Vec::new();
    }
    state
        .experimental_card()
        .programs
        .iter()
        .enumerate()
        .filter(|(i, p)| x.charge >= p.cost && !(p.once && x.used.get(*i).copied().unwrap_or(true)))
        .map(|(i, _)| i as u8 + 1)
        .collect()
}

/// Runs a program (checked beforehand): spend the charge, remove its marker if one-shot, and
/// queue its icons.
pub fn run_program(state: &mut State, seat: Seat, program: u8, events: &mut Vec<Event>) {
    let i = usize::from(program) - 1;
    let p = &state.experimental_card().programs[i];
    let (cost, once, icons) = (p.cost, p.once, p.icons.clone());
    if let Some(x) = &mut state.experimental {
        let from = x.charge;
        x.charge -= cost;
        if once {
            x.used[i] = true;
        }
        let to = x.charge;
        events.push(Event::ProgramRun { program, cost });
        events.push(Event::Charge { from, to });
    }
    let tasks = expand(state, seat, None, &icons);
    push_front(state, tasks);
}

/// Puts one of CyberLink's tokens from the reserve on the anomaly in `zone`.
pub fn place_chain(state: &mut State, zone: Zone, events: &mut Vec<Event>) {
    if state.cyberchains.is_none_or(|c| c.reserve == 0) {
        return;
    }
    if let ZoneState::Isolated {
        card,
        blocks,
        chains,
    } = state.zone(zone)
    {
        if let Some(c) = &mut state.cyberchains {
            c.reserve -= 1;
        }
        *state.zone_mut(zone) = ZoneState::Isolated {
            card,
            blocks,
            chains: chains + 1,
        };
        events.push(Event::ChainPlaced {
            zone,
            tokens: chains + 1,
        });
    }
}

/// The cards BLAAST! may duplicate: character cards on top of any player's discard piles,
/// except cards that duplicate themselves.
#[must_use]
pub fn duplicable(state: &State) -> Vec<CardId> {
    let mut out = Vec::new();
    for p in &state.players {
        for side in Side::ALL {
            if let Some(&top) = p.pile(side).last() {
                let card = state.card(top);
                if card.kind == CardKind::Character && !card.duplicates() {
                    out.push(top);
                }
            }
        }
    }
    out
}

/// The pile a visible card lies on top of.
fn pile_of(state: &State, card: CardId) -> Option<Side> {
    state.players.iter().find_map(|p| {
        Side::ALL
            .into_iter()
            .find(|s| p.pile(*s).last() == Some(&card))
    })
}

/// Duplicates `times` the option of `card` that matches its pile, for `seat`.
pub fn duplicate(state: &mut State, seat: Seat, card: CardId, times: u8, events: &mut Vec<Event>) {
    let Some(side) = pile_of(state, card) else {
        return;
    };
    events.push(Event::Duplicated {
        seat,
        card,
        side,
        times,
    });
    let option = state.card(card).option(side).to_vec();
    let mut tasks = Vec::new();
    for _ in 0..times {
        tasks.extend(expand(state, seat, Some(card), &option));
    }
    push_front(state, tasks);
}
