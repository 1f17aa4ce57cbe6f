//! Hidden information: what each seat may see of an event, and states a seat cannot tell from
//! the real one (for fair bots).
//!
//! A seat knows the box's contents, every card played, its own hand, the backs of the other
//! hands (character, mauve anomaly or yellow Alert) and the icons their players showed, and
//! where yellow backs lie in the Anomaly deck. It knows neither the order of any deck nor the
//! faces of the other hands.

use lockpick_engine::{GameRng, Seat, Viewer};

use crate::actions::Event;
use crate::cards::Back;
use crate::ids::CardId;
use crate::state::State;

/// The part of `event` that `viewer` may know: cards going to a hand are named to that hand's
/// player only; everything else is public.
#[must_use]
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    match event {
        Event::CardsDrawn {
            seat,
            own,
            anomaly,
            alert,
            ..
        } if viewer.seat() != Some(*seat) => Event::CardsDrawn {
            seat: *seat,
            own: *own,
            anomaly: *anomaly,
            alert: *alert,
            cards: Vec::new(),
        },
        other => other.clone(),
    }
}

/// Where an unknown card lies.
#[derive(Debug, Clone, Copy)]
enum Place {
    Hand(usize, usize),
    Deck(usize, usize),
    Anomaly(usize),
    Alert(usize),
}

fn get(s: &State, p: Place) -> CardId {
    match p {
        Place::Hand(j, i) => s.players[j].hand[i].card,
        Place::Deck(j, i) => s.players[j].deck[i],
        Place::Anomaly(i) => s.anomaly_deck[i],
        Place::Alert(i) => s.alert_deck[i],
    }
}

fn set(s: &mut State, p: Place, card: CardId) {
    match p {
        Place::Hand(j, i) => s.players[j].hand[i].card = card,
        Place::Deck(j, i) => s.players[j].deck[i] = card,
        Place::Anomaly(i) => s.anomaly_deck[i] = card,
        Place::Alert(i) => s.alert_deck[i] = card,
    }
}

/// Deals the cards of `places` among them at random, except that a hand card whose icons were
/// shown gets a card with the same icons.
fn resample(s: &mut State, places: &[Place], rng: &mut GameRng) {
    let cards: Vec<CardId> = places.iter().map(|p| get(s, *p)).collect();
    let mut pool = cards.clone();
    rng.shuffle(&mut pool);
    let mut dealt: Vec<Option<CardId>> = vec![None; places.len()];
    for (i, p) in places.iter().enumerate() {
        if let Place::Hand(j, k) = p
            && s.players[*j].hand[*k].shown
        {
            let shape = s.card(cards[i]).shape();
            if let Some(at) = pool.iter().position(|c| s.card(*c).shape() == shape) {
                dealt[i] = Some(pool.remove(at));
            }
        }
    }
    for d in &mut dealt {
        if d.is_none() {
            *d = pool.pop();
        }
    }
    for (p, card) in places.iter().zip(dealt) {
        if let Some(card) = card {
            set(s, *p, card);
        }
    }
}

/// A state `seat` cannot tell from `state`: its own deck reshuffled, the other players' hands
/// and decks dealt again from what they could hold, the Anomaly and Alert cards redistributed
/// among the places with their backs, and a new generator.
#[must_use]
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut s = state.clone();
    s.rng = rng.fork();
    let me = seat.index();
    if let Some(p) = s.players.get_mut(me) {
        rng.shuffle(&mut p.deck);
    }
    let others: Vec<usize> = (0..s.players.len()).filter(|j| *j != me).collect();
    let hand_places = |s: &State, back: Back| -> Vec<Place> {
        others
            .iter()
            .flat_map(|&j| {
                s.players[j]
                    .hand
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| s.card(h.card).back() == back)
                    .map(move |(i, _)| Place::Hand(j, i))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    // Each other player's character cards: hand and deck.
    for &j in &others {
        let mut places: Vec<Place> = s.players[j]
            .hand
            .iter()
            .enumerate()
            .filter(|(_, h)| s.card(h.card).back() == Back::Character)
            .map(|(i, _)| Place::Hand(j, i))
            .collect();
        places.extend((0..s.players[j].deck.len()).map(|i| Place::Deck(j, i)));
        resample(&mut s, &places, rng);
    }
    // Mauve backs: other hands and the Anomaly deck.
    let mut places = hand_places(&s, Back::Anomaly);
    places.extend(
        (0..s.anomaly_deck.len())
            .filter(|i| s.card(s.anomaly_deck[*i]).back() == Back::Anomaly)
            .map(Place::Anomaly),
    );
    resample(&mut s, &places, rng);
    // Yellow backs: other hands, the Anomaly deck and the Alert deck.
    let mut places = hand_places(&s, Back::Alert);
    places.extend(
        (0..s.anomaly_deck.len())
            .filter(|i| s.card(s.anomaly_deck[*i]).back() == Back::Alert)
            .map(Place::Anomaly),
    );
    places.extend((0..s.alert_deck.len()).map(Place::Alert));
    resample(&mut s, &places, rng);
    s
}
