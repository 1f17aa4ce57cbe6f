//! The 26 event cards.
//!
//! A character who ends the action phase having used 2 actions or fewer (3 or fewer with the
//! Stamp) draws the top event card; it is resolved at once, before the guard moves, so the cards
//! that change the guard's move (Daydreaming, Espresso, Shift Change) act on this very end of
//! turn. A card with no valid target does nothing. Cards that ask for a choice set
//! [`State::decision`] and finish in [`answer`]; the end of the turn then goes on by itself.
//!
//! The three cards that stay in play for a round (Video Loop, Time Lock, Gymnastics) lie in
//! [`State::lasting`] until the start of the drawer's next turn, and only then reach the
//! discard ([`end_lasting`]).

use crate::actions::{Action, Event, HeldCard, MoveBy, TargetReason};
use crate::cards::{EventCard, TileKind};
use crate::ids::{Cell, Floor, Pos};
use crate::state::{
    Decision, KnownTop, Lasting, LastingCard, Payment, Place, RoomReason, State, TeammateReason,
};

/// Draws the top event card for the active character and resolves it.
pub fn draw_event(state: &mut State, events: &mut Vec<Event>) {
    let Some(card) = state.events.pop() else {
        return;
    };
    let who = state.current;
    events.push(Event::EventDrawn {
        character: who,
        card,
    });
    // The cards the team has seen below the top move up by one.
    state
        .known_tops
        .retain(|k| !matches!(k, KnownTop::Event { depth: 0, .. }));
    for k in &mut state.known_tops {
        if let KnownTop::Event { depth, .. } = k {
            *depth -= 1;
        }
    }
    match lasting_card(card) {
        Some(lasting) => state.lasting.push(Lasting {
            card: lasting,
            until: who,
        }),
        None => state.event_discard.push(card),
    }
    resolve(state, card, events);
}

/// The event card behind a lasting effect, if it is one.
fn event_of(card: LastingCard) -> Option<EventCard> {
    match card {
        LastingCard::VideoLoop => Some(EventCard::VideoLoop),
        LastingCard::TimeLock => Some(EventCard::TimeLock),
        LastingCard::Gymnastics => Some(EventCard::Gymnastics),
        LastingCard::Emp => None,
    }
}

/// The lasting effect of an event card that stays in play for a round.
fn lasting_card(card: EventCard) -> Option<LastingCard> {
    match card {
        EventCard::VideoLoop => Some(LastingCard::VideoLoop),
        EventCard::TimeLock => Some(LastingCard::TimeLock),
        EventCard::Gymnastics => Some(LastingCard::Gymnastics),
        _ => None,
    }
}

/// The start of `who`'s turn (or its skipping) ends the cards they left in play: event cards go
/// to the event discard; other lasting cards (the E.M.P.) simply end.
pub fn end_lasting(state: &mut State, who: usize) {
    if !state.lasting.iter().any(|l| l.until == who) {
        return;
    }
    let ended: Vec<EventCard> = state
        .lasting
        .iter()
        .filter(|l| l.until == who)
        .filter_map(|l| event_of(l.card))
        .collect();
    state.event_discard.extend(ended);
    state.lasting.retain(|l| l.until != who);
}

/// Resolves a card just drawn by the active character.
fn resolve(state: &mut State, card: EventCard, events: &mut Vec<Event>) {
    let who = state.current;
    let Some(here) = state.chars[who].pos() else {
        return;
    };
    let floor = here.floor;
    match card {
        EventCard::ThrowVoice => throw_voice(state, floor, events),
        EventCard::LostGrip if floor.0 > 0 => {
            change_floor(state, who, Pos::new(Floor(floor.0 - 1), here.cell), events);
        }
        EventCard::FreightElevator if floor < state.top_floor() => {
            change_floor(state, who, Pos::new(Floor(floor.0 + 1), here.cell), events);
        }
        EventCard::LostGrip | EventCard::FreightElevator => {}
        EventCard::Reboot => reboot(state, events),
        EventCard::GoWithYourGut => {
            let rooms: Vec<Pos> = state
                .adjacent(here)
                .filter(|p| state.open_between(here, *p) && !state.tile(*p).revealed)
                .collect();
            ask_room(state, RoomReason::GoWithYourGut, rooms, events);
        }
        EventCard::BrownOut => brown_out(state, events),
        EventCard::Lampshade => {
            state.chars[who].stealth += 1;
            events.push(Event::StealthGained {
                character: who,
                stealth: state.chars[who].stealth,
            });
        }
        // Stay in play until the drawer's next turn (see `draw_event`).
        EventCard::VideoLoop | EventCard::TimeLock | EventCard::Gymnastics => {}
        EventCard::DeadDrop => dead_drop(state, who, events),
        EventCard::SwitchSigns => switch_signs(state, floor, events),
        EventCard::Shoplifting => shoplifting(state, events),
        EventCard::JuryRig => crate::tools::draw_tool(state, who, events),
        EventCard::Crash => {
            if state.floors[floor.index()].guard.is_some() {
                crate::guard::set_target(state, floor, here.cell, TargetReason::Card, events);
            }
        }
        EventCard::JumpTheGun => state.skip_next = true,
        EventCard::ShiftChange => state.shift_change = true,
        EventCard::Squeak => squeak(state, floor, events),
        EventCard::ChangeOfPlans => change_of_plans(state, floor, events),
        EventCard::Daydreaming => state.guard_bonus -= 1,
        EventCard::Espresso => state.guard_bonus += 1,
        EventCard::WhereIsHe => {
            if let Some(g) = state.floors[floor.index()].guard
                && g.at != g.target
            {
                guard_to(state, floor, g.target, events);
            }
        }
        EventCard::BuddySystem => {
            let characters: Vec<usize> = (0..state.chars.len())
                .filter(|&i| i != who && state.chars[i].pos().is_some_and(|p| p != here))
                .collect();
            match characters.len() {
                0 => {}
                1 => buddy_system(state, characters[0], events),
                _ => {
                    state.decision = Some(Decision::Teammate {
                        reason: TeammateReason::BuddySystem,
                        characters,
                    })
                }
            }
        }
        EventCard::Peekhole => {
            let mut rooms: Vec<Pos> = state.adjacent(here).collect();
            if floor < state.top_floor() {
                rooms.push(Pos::new(Floor(floor.0 + 1), here.cell));
            }
            if floor.0 > 0 {
                rooms.push(Pos::new(Floor(floor.0 - 1), here.cell));
            }
            rooms.retain(|p| !state.tile(*p).revealed);
            ask_room(state, RoomReason::Peekhole, rooms, events);
        }
        EventCard::KeycodeChange => {
            for floor in state.all_floors() {
                for p in state.rooms(floor) {
                    let t = state.tile_mut(p);
                    if t.kind == TileKind::Keypad {
                        t.open = false;
                    }
                }
            }
        }
        EventCard::HeadsUp => state.heads_up = true,
    }
}

/// Answers a choice an event card asked for (already checked against the pending decision).
pub fn answer(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    match (state.decision.take(), action) {
        (Some(Decision::Room { reason, .. }), Action::ChooseRoom { floor, cell }) => {
            chosen_room(state, reason, Pos::new(*floor, *cell), events);
        }
        (
            Some(Decision::Teammate {
                reason: TeammateReason::BuddySystem,
                ..
            }),
            Action::ChooseTeammate { character },
        ) => {
            buddy_system(state, *character, events);
        }
        // Not an event card's question (Crystal Ball, Spotter): left for its owner.
        (other, _) => state.decision = other,
    }
}

/// Asks the active character to pick one of `rooms`; with a single room there is nothing to ask.
fn ask_room(state: &mut State, reason: RoomReason, rooms: Vec<Pos>, events: &mut Vec<Event>) {
    match rooms.len() {
        0 => {}
        1 => chosen_room(state, reason, rooms[0], events),
        _ => state.decision = Some(Decision::Room { reason, rooms }),
    }
}

/// Carries out a card's effect on the room picked.
fn chosen_room(state: &mut State, reason: RoomReason, at: Pos, events: &mut Vec<Event>) {
    match reason {
        RoomReason::ThrowVoice => {
            crate::guard::set_target(state, at.floor, at.cell, TargetReason::Card, events)
        }
        RoomReason::GoWithYourGut => go_with_your_gut(state, at, events),
        RoomReason::Peekhole => crate::moves::reveal(state, at, events),
        RoomReason::Squeak => guard_to(state, at.floor, at.cell, events),
    }
}

/// Throw Voice: the guard's destination moves to a room next to the guard (walls do not stop a
/// voice), other than where it lies now.
fn throw_voice(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(g) = state.floors[floor.index()].guard else {
        return;
    };
    let rooms: Vec<Pos> = state
        .adjacent(Pos::new(floor, g.at))
        .filter(|p| p.cell != g.target)
        .collect();
    ask_room(state, RoomReason::ThrowVoice, rooms, events);
}

/// Lost Grip and Freight Elevator: the character changes floor in the same cell. The room is
/// turned face up but its rules do not apply (not an entry); guards still see them.
fn change_floor(state: &mut State, who: usize, to: Pos, events: &mut Vec<Event>) {
    let from = state.chars[who].pos();
    crate::moves::reveal(state, to, events);
    if to.floor.0 < from.map_or(to.floor.0, |p| p.floor.0) {
        state.chars[who].place = Place::In { pos: to };
        events.push(Event::Fell { character: who, to });
        crate::meet::character_arrives(state, who, to, false, events);
    } else {
        crate::moves::place(state, who, from, to, false, events);
    }
}

/// Reboot: every face-up computer room is left with exactly one hack token.
fn reboot(state: &mut State, events: &mut Vec<Event>) {
    for floor in state.all_floors() {
        for at in state.rooms(floor) {
            let t = state.tile_mut(at);
            if t.revealed && t.kind.is_computer() && t.hack != 1 {
                t.hack = 1;
                events.push(Event::HackTokens { at, tokens: 1 });
            }
        }
    }
}

/// Go With Your Gut: the character goes into the unexplored room at once, for free. It is an
/// entry: the room's rules apply, but the action phase is over, so no action can be spent to
/// get in (a Deadbolt keeps them out, a Laser sounds unless hacked). Leaving a Motion room
/// entered this turn sounds it as any move would.
fn go_with_your_gut(state: &mut State, to: Pos, events: &mut Vec<Event>) {
    let who = state.current;
    let Some(from) = state.chars[who].pos() else {
        return;
    };
    state.turn.used = state.turn.used.max(state.action_limit());
    let leaving_motion = state.turn.motion_entered.contains(&from)
        && state.tile(from).is_active(TileKind::Motion)
        && !crate::alarm::jammed(state, who, from);
    if leaving_motion {
        let mut options = Vec::new();
        if crate::alarm::hack_tokens(state, TileKind::Motion) > 0 {
            options.push(Payment::Hack);
        }
        if state.chars.iter().any(|c| c.laptop) {
            options.push(Payment::Laptop);
        }
        if !options.is_empty() {
            options.push(Payment::Alarm);
            state.decision = Some(Decision::Leave {
                who,
                from,
                to,
                by: MoveBy::Walk,
                options,
            });
            return;
        }
        crate::alarm::raise(state, from, events);
    }
    crate::moves::arrive(state, who, from, to, MoveBy::Walk, events);
}

/// Brown Out: every alarm of the building goes off; each floor's guard draws a patrol card for
/// each alarm removed on his floor and heads for the last one drawn.
fn brown_out(state: &mut State, events: &mut Vec<Event>) {
    for (floor, removed) in crate::alarm::clear_all(state, events) {
        let Some(g) = state.floors[floor.index()].guard else {
            continue;
        };
        let mut card = g.target;
        for _ in 0..removed {
            card = crate::guard::draw_patrol(state, floor, events);
        }
        // As with any patrol card: one naming his own room sends him on to the next.
        if card == g.at {
            card = crate::guard::draw_patrol(state, floor, events);
        }
        crate::guard::set_target(state, floor, card, TargetReason::Patrol, events);
    }
}

/// Dead Drop: the active character hands every tool and loot card to the character on their
/// right, the previous one in (clockwise) turn order still in the building. Loot the receiver may
/// not carry (a second Gold Bar) stays with the giver.
fn dead_drop(state: &mut State, who: usize, events: &mut Vec<Event>) {
    let n = state.chars.len();
    let Some(to) = (1..n)
        .map(|k| (who + n - k) % n)
        .find(|&i| state.chars[i].place != Place::Roof)
    else {
        return;
    };
    for tool in state.chars[who].tools.clone() {
        crate::loot::pass(state, who, to, HeldCard::Tool(tool), events);
    }
    for loot in state.chars[who].loot.clone() {
        if crate::loot::can_carry(state, to, loot) {
            crate::loot::pass(state, who, to, HeldCard::Loot(loot), events);
        }
    }
}

/// Switch Signs: the guard and his destination swap places. Standing where the die was, he
/// switches off an alarm there and meets whoever is in the room.
fn switch_signs(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(g) = state.floors[floor.index()].guard else {
        return;
    };
    if g.at == g.target {
        return;
    }
    crate::guard::set_target(state, floor, g.at, TargetReason::Card, events);
    guard_to(state, floor, g.target, events);
}

/// Shoplifting: an alarm sounds in every face-up Laboratory whose tool was taken.
fn shoplifting(state: &mut State, events: &mut Vec<Event>) {
    let labs: Vec<Pos> = state
        .all_floors()
        .flat_map(|f| state.rooms(f))
        .filter(|p| {
            let t = state.tile(*p);
            t.revealed && t.kind == TileKind::Laboratory && t.tool_taken
        })
        .collect();
    // Each alarm makes its floor's guard look again for the nearest alarm; the last look on a
    // floor is the one that counts. Equally near alarms on several floors would each ask the
    // players; only one question can wait, so the lowest floor's is asked and the other guards
    // keep heading for the first of their nearest alarms.
    let mut questions: Vec<(Floor, Decision)> = Vec::new();
    for at in labs {
        if crate::alarm::raise(state, at, events) {
            questions.retain(|(f, _)| *f != at.floor);
            if let Some(q) = state.decision.take() {
                questions.push((at.floor, q));
            }
        }
    }
    state.decision = questions.into_iter().next().map(|(_, q)| q);
}

/// Squeak!: the guard takes one step toward the nearest character on his floor (the players pick
/// when equally near characters lie in different directions).
fn squeak(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(g) = state.floors[floor.index()].guard else {
        return;
    };
    let maze = state.maze(floor);
    let dist = maze.distances(g.at);
    let targets: Vec<Cell> = state
        .chars
        .iter()
        .filter_map(|c| c.pos())
        .filter(|p| p.floor == floor && dist[p.cell.index(state.width)] != u8::MAX)
        .map(|p| p.cell)
        .collect();
    let Some(nearest) = targets.iter().map(|c| dist[c.index(state.width)]).min() else {
        return;
    };
    if nearest == 0 {
        return;
    }
    let mut steps: Vec<Pos> = Vec::new();
    for c in targets
        .into_iter()
        .filter(|c| dist[c.index(state.width)] == nearest)
    {
        if let Some(next) = maze.next_step(g.at, c)
            && !steps.iter().any(|p| p.cell == next)
        {
            steps.push(Pos::new(floor, next));
        }
    }
    ask_room(state, RoomReason::Squeak, steps, events);
}

/// Change of Plans: the guard's next patrol card becomes his destination.
fn change_of_plans(state: &mut State, floor: Floor, events: &mut Vec<Event>) {
    let Some(g) = state.floors[floor.index()].guard else {
        return;
    };
    let mut card = crate::guard::draw_patrol(state, floor, events);
    if card == g.at {
        card = crate::guard::draw_patrol(state, floor, events);
    }
    crate::guard::set_target(state, floor, card, TargetReason::Patrol, events);
}

/// Buddy System: the teammate is brought into the active character's room; not an entry, but
/// a guard there still sees them.
fn buddy_system(state: &mut State, mate: usize, events: &mut Vec<Event>) {
    let Some(to) = state.active().pos() else {
        return;
    };
    let from = state.chars[mate].pos();
    crate::moves::place(state, mate, from, to, false, events);
}

/// A card puts the guard of `floor` in `cell` at once (Switch Signs, Squeak!, Where Is He?): as
/// with a step, an alarm there goes off, whoever is there or watching loses stealth, and on
/// reaching his destination he takes a new one.
fn guard_to(state: &mut State, floor: Floor, cell: Cell, events: &mut Vec<Event>) {
    crate::guard::put_guard(state, floor, cell, events);
    if state.outcome.is_none()
        && state.floors[floor.index()]
            .guard
            .is_some_and(|g| g.at == g.target)
    {
        crate::guard::new_destination(state, floor, events);
    }
}
