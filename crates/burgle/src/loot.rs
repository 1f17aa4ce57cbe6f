//! Loot: drawing it from a cracked safe, carrying it, handing it over, and its penalties that
//! act every turn.

use crate::actions::{Action, Event, HeldCard};
use crate::cards::Loot;
use crate::ids::Pos;
use crate::state::State;

/// A character cracking a safe draws a loot card.
pub fn draw_loot(state: &mut State, who: usize, safe: Pos, events: &mut Vec<Event>) {
    let Some(loot) = state.loot.pop() else { return };
    events.push(Event::LootDrawn {
        character: who,
        loot,
    });
    if can_carry(state, who, loot) {
        state.chars[who].loot.push(loot);
    } else {
        state.loose.push((safe, HeldCard::Loot(loot)));
        events.push(Event::LootDropped { loot, at: safe });
    }
    after_draw(state, who, loot, safe, events);
}

/// What a loot card does when it is drawn (Cursed Goblet, Gold Bar).
fn after_draw(state: &mut State, who: usize, loot: Loot, safe: Pos, events: &mut Vec<Event>) {
    match loot {
        // "Perd un jeton de Camouflage": with none left, nothing (only a guard captures).
        Loot::CursedGoblet if state.format >= 4 => {
            crate::meet::lose_token_if_any(state, who, events);
        }
        Loot::CursedGoblet => crate::meet::lose_stealth(state, who, events),
        Loot::GoldBar => {
            if let Some(i) = state.loot.iter().position(|l| *l == Loot::GoldBar) {
                state.loot.remove(i);
                state.loose.push((safe, HeldCard::Loot(Loot::GoldBar)));
                events.push(Event::LootDropped {
                    loot: Loot::GoldBar,
                    at: safe,
                });
            }
        }
        _ => {}
    }
}

/// A drilled safe's loot stays in its room.
pub fn leave_loot(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    if let Some(loot) = state.loot.pop() {
        state.loose.push((safe, HeldCard::Loot(loot)));
        events.push(Event::LootDropped { loot, at: safe });
        if loot == Loot::GoldBar
            && let Some(i) = state.loot.iter().position(|l| *l == Loot::GoldBar)
        {
            state.loot.remove(i);
            state.loose.push((safe, HeldCard::Loot(Loot::GoldBar)));
            events.push(Event::LootDropped {
                loot: Loot::GoldBar,
                at: safe,
            });
        }
    }
}

/// Whether a character may take this loot (one Gold Bar each).
#[must_use]
pub fn can_carry(state: &State, who: usize, loot: Loot) -> bool {
    loot != Loot::GoldBar || !state.chars[who].loot.contains(&Loot::GoldBar)
}

/// Whoever arrives in a room picks up the cards lying there (those they may carry).
pub fn pick_up_here(state: &mut State, who: usize, pos: Pos, events: &mut Vec<Event>) {
    let mut i = 0;
    while i < state.loose.len() {
        let (p, card) = state.loose[i];
        let ok = p == pos
            && match card {
                HeldCard::Loot(l) => can_carry(state, who, l),
                HeldCard::Tool(_) => true,
            };
        if ok {
            state.loose.remove(i);
            match card {
                HeldCard::Loot(loot) => {
                    state.chars[who].loot.push(loot);
                    events.push(Event::LootPickedUp {
                        character: who,
                        loot,
                    });
                }
                HeldCard::Tool(tool) => {
                    state.chars[who].tools.push(tool);
                    events.push(Event::ToolDrawn {
                        character: who,
                        tool,
                    });
                }
            }
        } else {
            i += 1;
        }
    }
}

/// Appends the free exchanges of cards between characters in one room, and the loot lying in
/// the room that the active character may pick up.
#[inline]
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    // Nothing lying anywhere and nobody else here: nothing to pick up or pass.
    let company = state
        .chars
        .iter()
        .enumerate()
        .any(|(i, c)| i != who && c.pos() == Some(pos));
    if state.loose.is_empty() && !company {
        return;
    }
    exchanges(state, who, pos, out);
}

/// [`legal`] for the active character `who` at `pos`.
fn exchanges(state: &State, who: usize, pos: Pos, out: &mut Vec<Action>) {
    for (p, card) in &state.loose {
        if let HeldCard::Loot(loot) = *card
            && *p == pos
            && can_carry(state, who, loot)
        {
            push_unique(out, Action::PickUp { loot });
        }
    }
    for other in state.chars_in(pos).filter(|&o| o != who) {
        // What the active character may give, then what they may take.
        for (holder, receiver, giving) in [(who, other, true), (other, who, false)] {
            let tools = state.chars[holder].tools.iter().map(|t| HeldCard::Tool(*t));
            let loot = state.chars[holder]
                .loot
                .iter()
                .filter(|l| can_carry(state, receiver, **l))
                .map(|l| HeldCard::Loot(*l));
            for card in tools.chain(loot) {
                let action = if giving {
                    Action::Give { card, to: other }
                } else {
                    Action::Take { card, from: other }
                };
                push_unique(out, action);
            }
        }
    }
}

fn push_unique(out: &mut Vec<Action>, action: Action) {
    if !out.contains(&action) {
        out.push(action);
    }
}

/// Picks up one loot card lying in the active character's room (already checked).
pub fn pick_up(state: &mut State, loot: Loot, events: &mut Vec<Event>) {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    if let Some(i) = state
        .loose
        .iter()
        .position(|(p, c)| *p == pos && *c == HeldCard::Loot(loot))
    {
        state.loose.remove(i);
        state.chars[who].loot.push(loot);
        events.push(Event::LootPickedUp {
            character: who,
            loot,
        });
    }
}

/// Passes a card from one character to another (already checked).
pub fn pass(state: &mut State, from: usize, to: usize, card: HeldCard, events: &mut Vec<Event>) {
    match card {
        HeldCard::Tool(t) => {
            let hand = &mut state.chars[from].tools;
            if let Some(i) = hand.iter().position(|x| *x == t) {
                hand.remove(i);
                state.chars[to].tools.push(t);
            }
        }
        HeldCard::Loot(l) => {
            let hand = &mut state.chars[from].loot;
            if let Some(i) = hand.iter().position(|x| *x == l) {
                hand.remove(i);
                state.chars[to].loot.push(l);
            }
        }
    }
    events.push(Event::CardPassed { from, to, card });
}

/// The loot that rolls a die at the end of every turn of its holder: the Persian Kitty runs one
/// room toward the nearest alarm of the floor on a 1 or 2 (and lies there until someone picks it
/// up); the Chihuahua barks on a 6 and sounds an alarm in the holder's room.
pub fn turn_rolls(state: &mut State, events: &mut Vec<Event>) {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    if state.chars[who].loot.contains(&Loot::PersianKitty) {
        let roll = state.rng.die();
        events.push(Event::LootRolled {
            character: who,
            loot: Loot::PersianKitty,
            roll,
        });
        if roll <= 2 {
            // Ties between equally near alarms: the first in reading order.
            let nearest = crate::guard::nearest_alarms(state, pos.floor, pos.cell)
                .into_iter()
                .next();
            if let Some(alarm) = nearest
                && let Some(next) = state.maze(pos.floor).next_step(pos.cell, alarm)
            {
                let hand = &mut state.chars[who].loot;
                if let Some(i) = hand.iter().position(|l| *l == Loot::PersianKitty) {
                    hand.remove(i);
                }
                let at = Pos::new(pos.floor, next);
                state.loose.push((at, HeldCard::Loot(Loot::PersianKitty)));
                events.push(Event::LootDropped {
                    loot: Loot::PersianKitty,
                    at,
                });
            }
        }
    }
    if state.chars[who].loot.contains(&Loot::Chihuahua) {
        let roll = state.rng.die();
        events.push(Event::LootRolled {
            character: who,
            loot: Loot::Chihuahua,
            roll,
        });
        if roll == 6 {
            crate::alarm::raise(state, pos, events);
        }
    }
}
