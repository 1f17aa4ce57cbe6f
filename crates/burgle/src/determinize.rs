//! Resampling what no seat can know: face-down rooms, the order of every deck, set-aside patrol
//! cards, and the random number generator. The team knows the box's contents, that every floor
//! holds its own Safe and Stairs, the cards it has seen on top of decks and the patrol card
//! the Spotter sent under its deck.

use lockpick_engine::GameRng;

use crate::cards::TileKind;
use crate::ids::Pos;
use crate::state::{KnownTop, State};

/// A state the team cannot tell from `state`.
#[must_use]
pub fn determinize(state: &State, rng: &mut GameRng) -> State {
    let mut s = state.clone();
    s.rng = rng.fork();
    shuffle_face_down(&mut s, rng);
    for f in 0..s.floors.len() {
        let known_top = s.known_patrol_top(crate::ids::Floor(f as u8));
        let known_bottom = s.known_patrol_bottom(crate::ids::Floor(f as u8));
        let floor = &mut s.floors[f];
        // Deck and set-aside cards are one unknown pool, but for the top card the team has
        // seen and the bottom card the Spotter sent under.
        let deck_len = floor.patrol.len();
        let mut pool: crate::state::Cells<_> = floor
            .patrol
            .drain(..)
            .chain(floor.set_aside.drain(..))
            .collect();
        let mut take = |card: Option<crate::ids::Cell>| {
            let i = pool.iter().position(|c| Some(*c) == card)?;
            Some(pool.remove(i))
        };
        let top = take(known_top);
        let bottom = take(known_bottom);
        rng.shuffle(&mut pool);
        let fixed = usize::from(top.is_some()) + usize::from(bottom.is_some());
        let deck = deck_len.saturating_sub(fixed).min(pool.len());
        floor.set_aside = pool.drain(deck..).collect();
        floor.patrol = bottom.into_iter().chain(pool).chain(top).collect();
    }
    rng.shuffle(&mut s.tools);
    rng.shuffle(&mut s.loot);
    // Events seen on top (Crystal Ball, Spotter) stay where they are.
    let n = s.events.len();
    let fixed: Vec<(usize, crate::cards::EventCard)> = s
        .known_tops
        .iter()
        .filter_map(|k| match k {
            KnownTop::Event { depth, card } if (*depth as usize) < n => {
                Some((n - 1 - *depth as usize, *card))
            }
            _ => None,
        })
        .collect();
    let mut rest: Vec<_> = s.events.to_vec();
    for (_, card) in &fixed {
        if let Some(i) = rest.iter().position(|c| c == card) {
            rest.remove(i);
        }
    }
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    s.events = (0..n)
        .map(|i| {
            fixed
                .iter()
                .find(|(at, _)| *at == i)
                .map_or_else(|| rest.next().expect("sizes match"), |(_, c)| *c)
        })
        .collect();
    s
}

/// Deals the face-down rooms anew: each floor keeps its count of unseen Safes and Stairs (every
/// floor has its own), the other unseen rooms are shuffled across the building.
fn shuffle_face_down(s: &mut State, rng: &mut GameRng) {
    let hidden: Vec<Pos> = s
        .all_floors()
        .flat_map(|f| s.rooms(f))
        .filter(|p| !s.tile(*p).revealed)
        .collect();
    let structural = |k: TileKind| k == TileKind::Safe || k == TileKind::Stairs;
    let mut pool: Vec<(TileKind, u8)> = hidden
        .iter()
        .map(|p| (s.tile(*p).kind, s.tile(*p).digit))
        .filter(|(k, _)| !structural(*k))
        .collect();
    rng.shuffle(&mut pool);
    for floor in s.all_floors() {
        let mut slots: Vec<Pos> = hidden
            .iter()
            .copied()
            .filter(|p| p.floor == floor)
            .collect();
        let mut own: Vec<(TileKind, u8)> = slots
            .iter()
            .map(|p| (s.tile(*p).kind, s.tile(*p).digit))
            .filter(|(k, _)| structural(*k))
            .collect();
        while own.len() < slots.len() {
            own.push(pool.pop().expect("as many tiles as face-down rooms"));
        }
        rng.shuffle(&mut slots);
        let safe_was_hidden = slots.contains(&Pos::new(floor, s.floors[floor.index()].safe));
        for (p, (kind, digit)) in slots.into_iter().zip(own) {
            let t = s.tile_mut(p);
            t.kind = kind;
            t.digit = digit;
            if safe_was_hidden && kind == TileKind::Safe {
                s.floors[floor.index()].safe = p.cell;
            }
        }
    }
}
