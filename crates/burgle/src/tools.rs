//! The 13 tools: drawing them (the Rigger draws two and keeps one) and using them.
//!
//! A tool costs no action but may only be used by the active character during the action
//! phase, and never while carrying the Bust. Each distinct use has exactly one form of
//! [`Action::UseTool`]: [`legal`] lists them and [`apply`] plays them.

use crate::actions::{Action, Event, HeldCard, Seen};
use crate::cards::{CharacterKind, EventCard, Loot, TileKind, Tool};
use crate::ids::{Dir, Floor, Pos};
use crate::state::{Decision, KnownTop, Lasting, LastingCard, State};

/// Events the Crystal Ball shows.
pub const CRYSTAL_BALL_CARDS: usize = 3;

/// Stealth tokens a Smoke Bomb leaves in the room.
pub const SMOKE_BOMB_TOKENS: u8 = 3;

/// Hack tokens a Virus adds.
pub const VIRUS_TOKENS: u8 = 3;

/// Rooms whose rules a Crowbar can switch off: those that block moves or sound alarms.
pub const CROWBAR_ROOMS: [TileKind; 8] = [
    TileKind::Deadbolt,
    TileKind::Keypad,
    TileKind::Laser,
    TileKind::Fingerprint,
    TileKind::Motion,
    TileKind::Detector,
    TileKind::Thermo,
    TileKind::Camera,
];

/// A character finds a tool: the top of the deck, or with the Rigger in play the better of
/// the top two.
pub fn draw_tool(state: &mut State, who: usize, events: &mut Vec<Event>) {
    let rigger = state.chars.iter().any(|c| c.kind == CharacterKind::Rigger);
    if rigger && state.tools.len() >= 2 {
        let a = state.tools.pop().expect("checked");
        let b = state.tools.pop().expect("checked");
        // The two cards are seen: an undo barrier, like any draw.
        events.push(Event::CardSeen {
            what: Seen::Tools { tools: vec![a, b] },
        });
        state.decision = Some(Decision::KeepTool {
            who,
            tools: vec![a, b],
        });
        return;
    }
    if let Some(tool) = state.tools.pop() {
        state.chars[who].tools.push(tool);
        events.push(Event::ToolDrawn {
            character: who,
            tool,
        });
    }
}

/// The Rigger's choice: keep one of the two tools drawn, discard the other.
pub fn keep_tool(state: &mut State, tool: Tool, events: &mut Vec<Event>) {
    if let Some(Decision::KeepTool { who, tools }) = state.decision.take() {
        state.chars[who].tools.push(tool);
        events.push(Event::ToolDrawn {
            character: who,
            tool,
        });
        if let Some(other) = tools.iter().copied().find(|t| *t != tool).or_else(|| {
            // Two copies cannot happen, but keep the deck whole if it did.
            (tools.len() == 2 && tools[0] == tools[1]).then_some(tool)
        }) {
            state.tool_discard.push(other);
            events.push(Event::ToolDiscarded { tool: other });
        }
    }
}

/// A drilled safe's tool stays in its room for someone to pick up.
pub fn leave_tool(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    let _ = events;
    if let Some(tool) = state.tools.pop() {
        state.loose.push((safe, HeldCard::Tool(tool)));
    }
}

/// The one form of a tool use.
const fn use_tool(
    tool: Tool,
    at: Option<Pos>,
    dir: Option<Dir>,
    up: Option<bool>,
    face: Option<(u8, u8)>,
) -> Action {
    Action::UseTool {
        tool,
        at,
        dir,
        up,
        face,
    }
}

/// Appends the legal tool uses of the active character.
#[inline]
pub fn legal(state: &State, out: &mut Vec<Action>) {
    // Most hands are empty: nothing to look at.
    if state.chars[state.current].tools.is_empty() {
        return;
    }
    hand_uses(state, out);
}

/// [`legal`] for an active character with tools in hand.
fn hand_uses(state: &State, out: &mut Vec<Action>) {
    let who = state.current;
    let c = &state.chars[who];
    let Some(pos) = c.pos() else { return };
    if c.loot.contains(&Loot::Bust) {
        return;
    }
    let mut hand: arrayvec::ArrayVec<Tool, 16> = c.tools.iter().copied().take(16).collect();
    hand.sort_unstable();
    let mut last = None;
    hand.retain(|t| {
        let new = last != Some(*t);
        last = Some(*t);
        new
    });
    for tool in hand {
        uses(state, who, pos, tool, out);
    }
}

/// Every distinct use of `tool` by character `who` standing at `pos`.
fn uses(state: &State, who: usize, pos: Pos, tool: Tool, out: &mut Vec<Action>) {
    let at = |p: Pos| use_tool(tool, Some(p), None, None, None);
    let plain = use_tool(tool, None, None, None, None);
    match tool {
        Tool::Donuts => {
            for f in state.all_floors() {
                let floor = &state.floors[f.index()];
                if let Some(g) = floor.guard
                    && !floor.donuts
                {
                    out.push(at(Pos::new(f, g.at)));
                }
            }
        }
        Tool::Blueprints => {
            for f in state.all_floors() {
                out.extend(state.rooms(f).filter(|p| !state.tile(*p).revealed).map(at));
            }
        }
        Tool::Crowbar => {
            out.extend(
                state
                    .adjacent(pos)
                    .filter(|p| crowbar_target(state, *p))
                    .map(at),
            );
        }
        Tool::Emp
        | Tool::InvisibleSuit
        | Tool::MakeupKit
        | Tool::Rollerskates
        | Tool::SmokeBomb => out.push(plain),
        Tool::CrystalBall => {
            if !state.events.is_empty() {
                out.push(plain);
            }
        }
        Tool::Stethoscope => {
            let mut safes = state.turn.rolled.clone();
            safes.sort_unstable();
            safes.dedup();
            let workable = crate::safe::workable(state, who, pos);
            for safe in safes.into_iter().filter(|s| workable.contains(s)) {
                let faces = &state.tile(safe).faces;
                for (i, &old) in faces.iter().enumerate() {
                    // Dice showing the same face are interchangeable: the first one stands for all.
                    if faces[..i].contains(&old) {
                        continue;
                    }
                    for new in (1..=6).filter(|n| *n != old) {
                        out.push(use_tool(tool, Some(safe), None, None, Some((i as u8, new))));
                    }
                }
            }
        }
        Tool::Dynamite => {
            let walls = state.floors[pos.floor.index()].walls;
            for dir in Dir::ALL {
                if let Some(cell) = pos.cell.step(dir, state.width)
                    && Some(cell) != state.shaft
                    && walls.between(pos.cell, cell, state.width)
                {
                    out.push(use_tool(tool, None, Some(dir), None, None));
                }
            }
        }
        Tool::Virus => {
            for f in state.all_floors() {
                out.extend(
                    state
                        .rooms(f)
                        .filter(|p| {
                            let t = state.tile(*p);
                            t.revealed && t.kind.is_computer() && t.hack < crate::alarm::MAX_HACK
                        })
                        .map(at),
                );
            }
        }
        Tool::ThermalBomb => {
            let tile = state.tile(pos);
            let leads_up = tile.up || (tile.revealed && tile.kind == TileKind::Stairs);
            if !leads_up {
                out.push(use_tool(tool, None, None, Some(true), None));
            }
            if pos.floor.0 > 0 && !tile.down {
                out.push(use_tool(tool, None, None, Some(false), None));
            }
        }
    }
}

/// Whether a Crowbar may disable the room at `pos`: a face-up room with a rule that blocks
/// moves or sounds alarms, still working.
fn crowbar_target(state: &State, pos: Pos) -> bool {
    let t = state.tile(pos);
    t.revealed && !t.disabled && CROWBAR_ROOMS.contains(&t.kind)
}

/// Uses a tool (already checked): it leaves the hand for the discard (Donuts lie under their
/// guard until he loses his move) and takes effect.
pub fn apply(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let &Action::UseTool {
        tool,
        at,
        dir,
        up,
        face,
    } = action
    else {
        return;
    };
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    let hand = &mut state.chars[who].tools;
    let Some(i) = hand.iter().position(|t| *t == tool) else {
        return;
    };
    hand.remove(i);
    events.push(Event::ToolUsed {
        character: who,
        tool,
    });
    if tool != Tool::Donuts {
        state.tool_discard.push(tool);
    }
    match tool {
        Tool::Donuts => {
            if let Some(p) = at {
                state.floors[p.floor.index()].donuts = true;
            }
        }
        Tool::Blueprints => {
            if let Some(p) = at {
                crate::moves::reveal(state, p, events);
            }
        }
        Tool::Crowbar => {
            if let Some(p) = at {
                state.tile_mut(p).disabled = true;
                events.push(Event::RoomDisabled { at: p });
            }
        }
        Tool::Emp => emp(state, who, events),
        Tool::InvisibleSuit => {
            state.turn.invisible = true;
            state.turn.bonus += 1;
        }
        Tool::MakeupKit => {
            let here: Vec<usize> = state.chars_in(pos).collect();
            for c in here {
                state.chars[c].stealth += 1;
                events.push(Event::StealthGained {
                    character: c,
                    stealth: state.chars[c].stealth,
                });
            }
        }
        Tool::Rollerskates => state.turn.bonus += 2,
        Tool::SmokeBomb => state.tile_mut(pos).stealth += SMOKE_BOMB_TOKENS,
        Tool::Stethoscope => {
            if let (Some(safe), Some((die, new))) = (at, face)
                && let Some(f) = state.tile_mut(safe).faces.get_mut(usize::from(die))
            {
                *f = new;
                crate::safe::decode(state, safe, events);
            }
        }
        Tool::CrystalBall => crystal_ball(state, events),
        Tool::Dynamite => {
            if let Some(cell) = dir.and_then(|d| pos.cell.step(d, state.width)) {
                let w = state.width;
                state.floors[pos.floor.index()]
                    .walls
                    .remove(pos.cell, cell, w);
                events.push(Event::WallDestroyed {
                    floor: pos.floor,
                    a: pos.cell,
                    b: cell,
                });
                crate::alarm::raise(state, pos, events);
            }
        }
        Tool::Virus => {
            if let Some(p) = at {
                let t = state.tile_mut(p);
                t.hack = (t.hack + VIRUS_TOKENS).min(crate::alarm::MAX_HACK);
                let tokens = t.hack;
                events.push(Event::HackTokens { at: p, tokens });
            }
        }
        Tool::ThermalBomb => {
            thermal_bomb(state, pos, up == Some(true));
            crate::alarm::raise(state, pos, events);
        }
    }
}

/// E.M.P.: every alarm goes off, guards that were heading for one get a new destination, and no
/// alarm sounds until the user's next turn.
fn emp(state: &mut State, who: usize, events: &mut Vec<Event>) {
    let drawn_to_alarm: Vec<Floor> = state
        .all_floors()
        .filter(|f| {
            state.floors[f.index()]
                .guard
                .is_some_and(|g| state.tile(Pos::new(*f, g.target)).alarm)
        })
        .collect();
    crate::alarm::clear_all(state, events);
    state.lasting.push(Lasting {
        card: LastingCard::Emp,
        until: who,
    });
    for floor in drawn_to_alarm {
        crate::guard::new_destination(state, floor, events);
    }
}

/// Thermal Bomb: stairs between the room and the one above (`up`) or below. Stairs up from the
/// top floor lead to the roof.
fn thermal_bomb(state: &mut State, pos: Pos, up: bool) {
    if up {
        state.tile_mut(pos).up = true;
        if pos.floor < state.top_floor() {
            state
                .tile_mut(Pos::new(Floor(pos.floor.0 + 1), pos.cell))
                .down = true;
        }
    } else if pos.floor.0 > 0 {
        state.tile_mut(pos).down = true;
        state
            .tile_mut(Pos::new(Floor(pos.floor.0 - 1), pos.cell))
            .up = true;
    }
}

/// Crystal Ball: the team sees the top events (public from now on) and puts them back in any
/// order; with a single card left there is nothing to order.
fn crystal_ball(state: &mut State, events: &mut Vec<Event>) {
    let cards: Vec<EventCard> = state
        .events
        .iter()
        .rev()
        .take(CRYSTAL_BALL_CARDS)
        .copied()
        .collect();
    events.push(Event::CardSeen {
        what: Seen::CrystalBall {
            cards: cards.clone(),
        },
    });
    record_event_tops(state, &cards);
    if cards.len() > 1 {
        state.decision = Some(Decision::OrderEvents { cards });
    }
}

/// Answers the Crystal Ball (already checked: `order` is the cards seen, top first).
pub fn order_events(state: &mut State, order: &[EventCard], events: &mut Vec<Event>) {
    let Some(Decision::OrderEvents { cards }) = state.decision.take() else {
        return;
    };
    let n = cards.len().min(state.events.len());
    let keep = state.events.len() - n;
    state.events.truncate(keep);
    state.events.extend(order.iter().rev().copied());
    record_event_tops(state, order);
    events.push(Event::CardSeen {
        what: Seen::EventsPutBack {
            cards: order.to_vec(),
        },
    });
}

/// What the team knows of the event deck: these cards on top, top first.
fn record_event_tops(state: &mut State, top_first: &[EventCard]) {
    state
        .known_tops
        .retain(|k| !matches!(k, KnownTop::Event { .. }));
    for (depth, &card) in top_first.iter().enumerate() {
        state.known_tops.push(KnownTop::Event {
            depth: depth as u8,
            card,
        });
    }
}
