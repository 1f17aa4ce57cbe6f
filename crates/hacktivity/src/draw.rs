//! Phase 1 of a wave: every player chooses, face down, how many cards to take from their own
//! deck and from the Anomaly deck (the tension level in total); when all have chosen, the
//! cards are dealt in playing order and every player looks at the same moment.
//!
//! When the decks cannot give every player the tension level (the last wave), each player takes
//! all they can from their own deck and the team shares the remaining anomalies as it likes:
//! the choices, made one by one, must together take every remaining anomaly.

use lockpick_engine::Seat;

use crate::actions::Event;
use crate::state::{DrawSplit, HandCard, Phase, State};

/// How many cards `seat` can take from its own deck this wave.
fn capacity(state: &State, seat: Seat) -> u8 {
    let t = usize::from(state.tension());
    state.player(seat).deck.len().min(t) as u8
}

/// Whether the decks can give every player the tension level this wave.
#[must_use]
pub fn full_wave(state: &State) -> bool {
    let t = state.tension();
    let need: usize = state
        .seats()
        .map(|s| usize::from(t - capacity(state, s)))
        .sum();
    need <= state.anomaly_deck.len()
}

/// The splits `seat` may choose now, given the choices already made by others.
#[must_use]
pub fn splits(state: &State, seat: Seat) -> Vec<DrawSplit> {
    let t = state.tension();
    let a = state.anomaly_deck.len();
    let reserved: usize = state
        .seats()
        .filter(|s| *s != seat)
        .filter_map(|s| state.draws[s.index()])
        .map(|d| usize::from(d.anomaly))
        .sum();
    let room_others: usize = state
        .seats()
        .filter(|s| *s != seat && state.draws[s.index()].is_none())
        .map(|s| usize::from(t - capacity(state, s)))
        .sum();
    let cap = capacity(state, seat);
    let rem = a.saturating_sub(reserved);
    let mut out = Vec::new();
    if full_wave(state) {
        // Everyone draws the tension level; leave enough anomalies for the others' shortfall.
        for m in (t - cap)..=t {
            if usize::from(m) + room_others <= rem {
                out.push(DrawSplit {
                    own: t - m,
                    anomaly: m,
                });
            }
        }
    } else {
        // The last wave: all own cards, and the remaining anomalies shared out completely.
        for m in 0..=(t - cap) {
            if usize::from(m) <= rem && rem - usize::from(m) <= room_others {
                out.push(DrawSplit {
                    own: cap,
                    anomaly: m,
                });
            }
        }
    }
    out
}

/// Records a choice; when every player has chosen, deals and reveals.
pub fn choose(state: &mut State, seat: Seat, split: DrawSplit, events: &mut Vec<Event>) {
    state.draws[seat.index()] = Some(split);
    events.push(Event::DrawChosen {
        seat,
        own: split.own,
        anomaly: split.anomaly,
    });
    if state.draws.iter().all(Option::is_some) {
        deal(state, events);
    }
}

/// Deals every player's chosen cards in playing order, then everyone looks.
fn deal(state: &mut State, events: &mut Vec<Event>) {
    for seat in state.seats() {
        let Some(split) = state.draws[seat.index()] else {
            continue;
        };
        let mut cards = Vec::new();
        for _ in 0..split.own {
            if let Some(c) = state.player_mut(seat).deck.pop() {
                cards.push(c);
            }
        }
        for _ in 0..split.anomaly {
            if let Some(c) = state.anomaly_deck.pop() {
                cards.push(c);
            }
        }
        state
            .player_mut(seat)
            .hand
            .extend(cards.iter().map(|&card| HandCard { card, shown: false }));
        let e = crate::players::drawn(state, seat, cards);
        events.push(e);
    }
    if state.solo {
        crate::turn::start_play(state, events);
    } else {
        state.phase = Phase::Plan;
        state.ready = state.players.iter().map(|p| p.hand.is_empty()).collect();
        if state.ready.iter().all(|r| *r) {
            crate::turn::start_play(state, events);
        }
    }
}
