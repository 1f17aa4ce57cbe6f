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

/// Deals the face-down rooms anew, as the box's setup could have dealt them given what is face
/// up: a floor whose own Safe is face down gets one of the face-down Safes, a floor with no
/// Stairs face up one of the face-down Stairs (which copy, and so which digit, is drawn: the
/// Bank Job deals its three Stairs one per floor at random), a floor with no Deadbolt face up
/// one of the face-down Deadbolts when they were dealt one per floor; every other face-down room
/// (Fort Knox's spare Safe and Stairs among them) is shuffled across the building.
fn shuffle_face_down(s: &mut State, rng: &mut GameRng) {
    let hidden: Vec<Pos> = s
        .all_floors()
        .flat_map(|f| s.rooms(f))
        .filter(|p| !s.tile(*p).revealed)
        .collect();
    let mut pool: Vec<(TileKind, u8)> = hidden
        .iter()
        .map(|p| (s.tile(*p).kind, s.tile(*p).digit))
        .collect();
    rng.shuffle(&mut pool);
    let mut dealt: Vec<(Pos, (TileKind, u8))> = Vec::with_capacity(hidden.len());
    // The rooms no need took, dealt from what the needs of every floor left.
    let mut free: Vec<Pos> = Vec::with_capacity(hidden.len());
    for floor in s.all_floors() {
        let mut slots: Vec<Pos> = hidden
            .iter()
            .copied()
            .filter(|p| p.floor == floor)
            .collect();
        rng.shuffle(&mut slots);
        let face_up = |kind: TileKind| {
            s.rooms(floor)
                .any(|p| s.tile(p).revealed && s.tile(p).kind == kind)
        };
        let own_safe = Pos::new(floor, s.floors[floor.index()].safe);
        let needs = [
            (TileKind::Safe, !s.tile(own_safe).revealed),
            (TileKind::Stairs, !face_up(TileKind::Stairs)),
            (
                TileKind::Deadbolt,
                s.one_deadbolt && !face_up(TileKind::Deadbolt),
            ),
        ];
        for (kind, needed) in needs {
            if !needed {
                continue;
            }
            // The pool is shuffled: its first card of the kind is any of them.
            let Some(i) = pool.iter().position(|(k, _)| *k == kind) else {
                continue;
            };
            let Some(slot) = slots.pop() else {
                continue;
            };
            if kind == TileKind::Safe {
                // The floor's own safe is the one its need drew.
                s.floors[floor.index()].safe = slot.cell;
            }
            dealt.push((slot, pool.remove(i)));
        }
        free.extend(slots);
    }
    for slot in free {
        dealt.push((slot, pool.pop().expect("as many tiles as face-down rooms")));
    }
    for (p, (kind, digit)) in dealt {
        let t = s.tile_mut(p);
        t.kind = kind;
        t.digit = digit;
    }
}
