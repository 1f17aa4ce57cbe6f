//! A player's own things: the firewall, drawing into the hand, and discarding.

use lockpick_engine::Seat;

use crate::actions::{DiscardSource, Event, NoEffect};
use crate::cards::{Back, CardKind};
use crate::ids::{CardId, Side};
use crate::state::{HandCard, State};

/// Moves a firewall marker by `amount`: up stops at the card's maximum (the excess is lost),
/// down to 0 ejects the player and the team loses.
pub fn firewall(state: &mut State, seat: Seat, up: bool, amount: u8, events: &mut Vec<Event>) {
    let p = state.player_mut(seat);
    let from = p.firewall;
    let to = if up {
        from.saturating_add(amount).min(p.firewall_max)
    } else {
        from.saturating_sub(amount)
    };
    if to == from {
        let icon = if up { "firewall_up" } else { "firewall_down" };
        events.push(Event::Ignored {
            icon: icon.into(),
            reason: NoEffect::FirewallAtLimit,
        });
        return;
    }
    p.firewall = to;
    events.push(Event::Firewall { seat, from, to });
    if to == 0 {
        crate::turn::finish_lost(state, "firewall_down", events);
    }
}

/// The event for cards arriving in `seat`'s hand (others see the backs only).
#[must_use]
pub fn drawn(state: &State, seat: Seat, cards: Vec<CardId>) -> Event {
    let count = |back| {
        cards
            .iter()
            .filter(|c| state.card(**c).back() == back)
            .count() as u8
    };
    Event::CardsDrawn {
        seat,
        own: count(Back::Character),
        anomaly: count(Back::Anomaly),
        alert: count(Back::Alert),
        cards,
    }
}

fn take(state: &mut State, seat: Seat, cards: Vec<CardId>, events: &mut Vec<Event>) {
    state
        .player_mut(seat)
        .hand
        .extend(cards.iter().map(|&card| HandCard { card, shown: false }));
    let e = drawn(state, seat, cards);
    events.push(e);
}

/// Draws up to `amount` cards from the player's character deck into the hand.
pub fn draw_own(state: &mut State, seat: Seat, amount: u8, events: &mut Vec<Event>) {
    let deck = &mut state.player_mut(seat).deck;
    let n = usize::from(amount).min(deck.len());
    if n == 0 {
        events.push(Event::Ignored {
            icon: "draw".into(),
            reason: NoEffect::CharacterDeckEmpty,
        });
        return;
    }
    let cards: Vec<CardId> = (0..n).filter_map(|_| deck.pop()).collect();
    take(state, seat, cards, events);
}

/// Draws up to `amount` cards from the Anomaly deck into the player's hand.
pub fn draw_anomaly(state: &mut State, seat: Seat, amount: u8, events: &mut Vec<Event>) {
    let n = usize::from(amount).min(state.anomaly_deck.len());
    if n == 0 {
        events.push(Event::Ignored {
            icon: "draw_anomaly".into(),
            reason: NoEffect::AnomalyDeckEmpty,
        });
        return;
    }
    let cards: Vec<CardId> = (0..n).filter_map(|_| state.anomaly_deck.pop()).collect();
    take(state, seat, cards, events);
}

/// Discards a character card from the hand, or the topmost character card of the deck, into
/// a pile, without resolving it (checked beforehand).
pub fn discard(
    state: &mut State,
    seat: Seat,
    from: DiscardSource,
    pile: Side,
    events: &mut Vec<Event>,
) {
    let card = match from {
        DiscardSource::Hand(card) => {
            let p = state.player_mut(seat);
            let Some(i) = p.hand.iter().position(|h| h.card == card) else {
                return;
            };
            p.hand.remove(i);
            card
        }
        DiscardSource::Deck => {
            // Solo-X cards are no character cards: the topmost character card goes.
            let Some(i) = state
                .player(seat)
                .deck
                .iter()
                .rposition(|c| state.card(*c).kind == CardKind::Character)
            else {
                return;
            };
            state.player_mut(seat).deck.remove(i)
        }
    };
    state.player_mut(seat).pile_mut(pile).push(card);
    events.push(Event::Discarded {
        seat,
        card,
        pile,
        from_deck: from == DiscardSource::Deck,
    });
}
