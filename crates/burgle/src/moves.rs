//! Peeking and moving: where a character may look and go, and what happens on arrival.

use crate::actions::{Action, Event, MoveBy, Why};
use crate::cards::{CharacterKind, Loot, Side, TileKind};
use crate::ids::{Floor, Pos};
use crate::state::LastingCard;
use crate::state::{Decision, Payment, Place, State};
use arrayvec::ArrayVec;

/// Turns a room face up, with what its reveal brings (Lavatory's tokens, the down-stairs token
/// above a Stairs).
pub fn reveal(state: &mut State, pos: Pos, events: &mut Vec<Event>) {
    if state.tile(pos).revealed || Some(pos.cell) == state.shaft {
        return;
    }
    let tile = state.tile_mut(pos);
    tile.revealed = true;
    let (kind, digit) = (tile.kind, tile.digit);
    events.push(Event::Revealed {
        at: pos,
        kind,
        digit,
    });
    match kind {
        TileKind::Lavatory => state.tile_mut(pos).stealth += 3,
        TileKind::Stairs if pos.floor < state.top_floor() => {
            state
                .tile_mut(Pos::new(Floor(pos.floor.0 + 1), pos.cell))
                .down = true;
        }
        _ => {}
    }
}

/// The rooms a character at `pos` may peek into for an action.
#[must_use]
pub fn peek_targets(state: &State, pos: Pos) -> ArrayVec<Pos, 6> {
    let mut out = ArrayVec::new();
    each_peek_target(state, pos, state.open_dirs(pos), |p| out.push(p));
    out
}

/// [`peek_targets`], each room handed to `found` in the list's order, with `pos`'s
/// [`State::open_dirs`] already known: the legal list takes them with no list in between.
#[inline]
fn each_peek_target(state: &State, pos: Pos, open: u8, mut found: impl FnMut(Pos)) {
    let floor = &state.floors[pos.floor.index()];
    let mut dirs = open;
    while dirs != 0 {
        let d = dirs & dirs.wrapping_neg();
        dirs &= !d;
        let cell = crate::state::neighbour(pos.cell, d);
        if !floor.tiles[cell.index(state.width)].revealed {
            found(Pos::new(pos.floor, cell));
        }
    }
    let tile = &floor.tiles[pos.cell.index(state.width)];
    if tile.revealed && !tile.disabled && matches!(tile.kind, TileKind::Stairs | TileKind::Atrium) {
        if pos.floor < state.top_floor() {
            let up = Pos::new(Floor(pos.floor.0 + 1), pos.cell);
            if !state.tile(up).revealed {
                found(up);
            }
        }
        if tile.kind == TileKind::Atrium && pos.floor.0 > 0 {
            let down = Pos::new(Floor(pos.floor.0 - 1), pos.cell);
            if !state.tile(down).revealed {
                found(down);
            }
        }
    }
}

/// Whether stairs may be taken now (Time Lock forbids it).
fn stairs_open(state: &State) -> bool {
    !state.lasting(LastingCard::TimeLock)
}

/// Every move a character at `pos` may make, with how.
#[must_use]
pub fn move_targets(state: &State, who: usize, pos: Pos) -> ArrayVec<(Pos, MoveBy), 8> {
    let mut out = ArrayVec::new();
    each_move_target(state, who, pos, state.open_dirs(pos), |to, by| {
        out.push((to, by));
    });
    out
}

/// [`move_targets`], each move handed to `found` in the list's order, with `pos`'s
/// [`State::open_dirs`] already known.
#[inline]
fn each_move_target(
    state: &State,
    who: usize,
    pos: Pos,
    open: u8,
    mut found: impl FnMut(Pos, MoveBy),
) {
    let mut dirs = walk_dirs(state, who, pos, state.inside_dirs(pos.cell), open);
    while dirs != 0 {
        let d = dirs & dirs.wrapping_neg();
        dirs &= !d;
        found(
            Pos::new(pos.floor, crate::state::neighbour(pos.cell, d)),
            MoveBy::Walk,
        );
    }
    each_move_beyond(state, who, pos, found);
}

/// The directions (bits as in [`State::open_dirs`]) in which a character at `pos` may walk:
/// every open one, and through a wall only into a face-up Secret Door (not with the Painting).
/// `inside` and `open` are `pos`'s [`State::inside_dirs`] and [`State::open_dirs`].
#[inline]
fn walk_dirs(state: &State, who: usize, pos: Pos, inside: u8, open: u8) -> u8 {
    if state.chars[who].loot.contains(&Loot::Painting) {
        return open;
    }
    let tiles = &state.floors[pos.floor.index()].tiles;
    let mut dirs = open;
    let mut walled = inside & !open;
    while walled != 0 {
        let d = walled & walled.wrapping_neg();
        walled &= !d;
        let t = &tiles[crate::state::neighbour(pos.cell, d).index(state.width)];
        if t.revealed && t.kind == TileKind::SecretDoor {
            dirs |= d;
        }
    }
    dirs
}

/// The moves of [`move_targets`] that go further than next door (stairs, the duct, a walkway),
/// in the list's order.
#[inline]
fn each_move_beyond(state: &State, who: usize, pos: Pos, mut found: impl FnMut(Pos, MoveBy)) {
    let tiles = &state.floors[pos.floor.index()].tiles;
    let painting = state.chars[who].loot.contains(&Loot::Painting);
    let tile = &tiles[pos.cell.index(state.width)];
    // Only Stairs, Walkways, Service Ducts and holes lead anywhere but next door.
    if !(tile.up
        || tile.down
        || matches!(
            tile.kind,
            TileKind::Stairs | TileKind::Walkway | TileKind::ServiceDuct
        ))
    {
        return;
    }
    let gym = state.lasting(LastingCard::Gymnastics) && tile.is_active(TileKind::Walkway);
    if stairs_open(state) {
        let up = tile.is_active(TileKind::Stairs) || tile.up || gym;
        if up && pos.floor < state.top_floor() {
            found(Pos::new(Floor(pos.floor.0 + 1), pos.cell), MoveBy::Stairs);
        }
        if (tile.down || gym) && pos.floor.0 > 0 {
            found(Pos::new(Floor(pos.floor.0 - 1), pos.cell), MoveBy::Stairs);
        }
    }
    if tile.is_active(TileKind::ServiceDuct) && !painting {
        let other = state.find_room(
            |t| t.kind == TileKind::ServiceDuct && t.revealed,
            |p| p != pos,
        );
        if let Some(other) = other {
            found(other, MoveBy::Duct);
        }
    }
    if tile.revealed && tile.kind == TileKind::Walkway && pos.floor.0 > 0 {
        found(Pos::new(Floor(pos.floor.0 - 1), pos.cell), MoveBy::Walkway);
    }
}

/// The actions a move costs before any room asks for more (Gemstone: one more into a room
/// where another character stands).
#[must_use]
#[inline]
pub fn move_cost(state: &State, who: usize, to: Pos) -> u8 {
    let gem =
        state.chars[who].loot.contains(&Loot::Gemstone) && state.chars_in(to).any(|i| i != who);
    1 + u8::from(gem)
}

/// Whether nobody (character or guard) stands in the room, so a Deadbolt asks for 3 actions.
fn deadbolt_locked(state: &State, who: usize, to: Pos) -> bool {
    !state.guard_in(to) && !state.chars_in(to).any(|i| i != who)
}

/// Appends the legal peeks, moves and the escape of the active character.
#[inline]
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return;
    };
    let left = state.actions_left();
    if left == 0 {
        return;
    }
    let inside = state.inside_dirs(pos.cell);
    let open = state.open_within(pos, inside);
    each_peek_target(state, pos, open, |p| {
        out.push(Action::Peek {
            floor: p.floor,
            cell: p.cell,
        });
    });
    // A move costs one action, and one is left, unless the Gemstone or a Deadbolt asks more.
    let gem = state.chars[who].loot.contains(&Loot::Gemstone);
    let mut dirs = walk_dirs(state, who, pos, inside, open);
    while dirs != 0 {
        let d = dirs & dirs.wrapping_neg();
        dirs &= !d;
        let to = Pos::new(pos.floor, crate::state::neighbour(pos.cell, d));
        let plain = !gem && !state.tile(to).is_active(TileKind::Deadbolt);
        if plain || move_allowed(state, who, to, MoveBy::Walk, left) {
            out.push(Action::Move {
                floor: to.floor,
                cell: to.cell,
                by: MoveBy::Walk,
            });
        }
    }
    each_move_beyond(state, who, pos, |to, by| {
        let plain =
            !gem && (by == MoveBy::Walkway || !state.tile(to).is_active(TileKind::Deadbolt));
        if plain || move_allowed(state, who, to, by, left) {
            out.push(Action::Move {
                floor: to.floor,
                cell: to.cell,
                by,
            });
        }
    });
    if can_escape(state, pos) {
        out.push(Action::Escape {});
    }
}

/// Whether `action` (a peek, move or escape) is among [`legal`]'s, checked without listing them
/// all.
#[must_use]
pub fn allows(state: &State, action: &Action) -> bool {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return false;
    };
    let left = state.actions_left();
    if left == 0 {
        return false;
    }
    match *action {
        Action::Peek { floor, cell } => peek_targets(state, pos).contains(&Pos::new(floor, cell)),
        Action::Move { floor, cell, by } => {
            let to = Pos::new(floor, cell);
            let target = if by == MoveBy::Walk {
                walk_target(state, who, pos, to)
            } else {
                move_targets(state, who, pos)
                    .iter()
                    .any(|&(p, b)| p == to && b == by)
            };
            target && move_allowed(state, who, to, by, left)
        }
        Action::Escape {} => can_escape(state, pos),
        _ => false,
    }
}

/// Whether `(to, MoveBy::Walk)` is among [`move_targets`]`(state, who, pos)`, checked for that
/// one direction only.
fn walk_target(state: &State, who: usize, pos: Pos, to: Pos) -> bool {
    if to.floor != pos.floor {
        return false;
    }
    let (a, b) = (pos.cell, to.cell);
    let d = if a.col == b.col && b.row + 1 == a.row {
        1
    } else if a.row == b.row && a.col + 1 == b.col {
        2
    } else if a.col == b.col && a.row + 1 == b.row {
        4
    } else if a.row == b.row && b.col + 1 == a.col {
        8
    } else {
        return false;
    };
    if state.inside_dirs(a) & d == 0 {
        return false;
    }
    if state.open_dirs(pos) & d != 0 {
        return true;
    }
    // Through a wall only into a face-up Secret Door (not with the Painting).
    let t = state.tile(to);
    t.revealed && t.kind == TileKind::SecretDoor && !state.chars[who].loot.contains(&Loot::Painting)
}

/// The actions a move to `to` costs in all: [`move_cost`], and 2 more for a locked Deadbolt.
#[inline]
fn move_price(state: &State, who: usize, to: Pos, by: MoveBy) -> u8 {
    let mut cost = move_cost(state, who, to);
    if by != MoveBy::Walkway
        && state.tile(to).is_active(TileKind::Deadbolt)
        && deadbolt_locked(state, who, to)
    {
        cost += 2;
    }
    cost
}

/// Whether the actions left pay for a move to `to`.
#[inline]
fn move_allowed(state: &State, who: usize, to: Pos, by: MoveBy, left: u8) -> bool {
    move_price(state, who, to, by) <= left
}

/// Whether a character at `pos` may take the stairs to the roof.
#[must_use]
pub fn can_escape(state: &State, pos: Pos) -> bool {
    let tile = state.tile(pos);
    pos.floor == state.top_floor()
        && (tile.is_active(TileKind::Stairs) || tile.up)
        && stairs_open(state)
        && state.actions_left() >= 1
        && crate::safe::all_cracked(state)
}

/// Peeks into a room (the action is already checked).
pub fn peek(state: &mut State, pos: Pos, events: &mut Vec<Event>) {
    state.turn.used += 1;
    reveal(state, pos, events);
}

/// Starts a move (the action is already checked): pays its cost, then leaves the room (a Motion
/// room may ask for a hack first) and arrives.
pub fn start_move(state: &mut State, to: Pos, by: MoveBy, events: &mut Vec<Event>) {
    let who = state.current;
    let from = state.chars[who]
        .pos()
        .expect("moving characters are in the building");
    state.turn.used += move_cost(state, who, to);
    let leaving_motion = state.turn.motion_entered.contains(&from)
        && state.tile(from).is_active(TileKind::Motion)
        && !crate::alarm::jammed(state, who, from);
    if leaving_motion {
        let options = alarm_payments(state, TileKind::Motion);
        if options.len() > 1 {
            state.decision = Some(Decision::Leave {
                who,
                from,
                to,
                by,
                options: options.to_vec(),
            });
            return;
        }
        crate::alarm::raise(state, from, events);
    }
    arrive(state, who, from, to, by, events);
}

/// The ways to keep a Fingerprint, Laser or Motion room quiet, the alarm last (room is left
/// for the Laser's extra action in front).
fn alarm_payments(state: &State, kind: TileKind) -> ArrayVec<Payment, 4> {
    let mut options = ArrayVec::new();
    if crate::alarm::hack_tokens(state, kind) > 0 {
        options.push(Payment::Hack);
    }
    if state.chars.iter().any(|c| c.laptop) {
        options.push(Payment::Laptop);
    }
    options.push(Payment::Alarm);
    options
}

/// A character reaches `to` from `from`: the room is revealed and its rules apply.
pub fn arrive(
    state: &mut State,
    who: usize,
    from: Pos,
    to: Pos,
    by: MoveBy,
    events: &mut Vec<Event>,
) {
    let newly = !state.tile(to).revealed;
    reveal(state, to, events);
    let entry = by != MoveBy::Walkway;
    let tile = *state.tile(to);
    if entry && !tile.disabled && !crate::characters::slips_in(state, who, to) {
        match tile.kind {
            TileKind::Deadbolt if deadbolt_locked(state, who, to) => {
                if state.actions_left() >= 2 {
                    state.decision = Some(Decision::Enter {
                        who,
                        by,
                        to,
                        from,
                        options: vec![Payment::TwoActions, Payment::StayOut],
                    });
                } else {
                    events.push(Event::StayedOut {
                        character: who,
                        at: to,
                    });
                }
                return;
            }
            TileKind::Keypad if !tile.open && !crate::safe::try_keypad(state, who, to, events) => {
                events.push(Event::StayedOut {
                    character: who,
                    at: to,
                });
                return;
            }
            TileKind::Laser | TileKind::Fingerprint if !quiet(state, who, to, tile.kind) => {
                let mut options = alarm_payments(state, tile.kind);
                if tile.kind == TileKind::Laser && state.actions_left() >= 1 {
                    options.insert(0, Payment::Action);
                }
                if options.len() > 1 {
                    state.decision = Some(Decision::Enter {
                        who,
                        by,
                        to,
                        from,
                        options: options.to_vec(),
                    });
                    return;
                }
                place(state, who, Some(from), to, entry, events);
                crate::alarm::raise(state, to, events);
                after_entry(state, who, to, events);
                return;
            }
            // "Si cette pièce est révélée en vous déplaçant, vous tombez d'un étage": whatever
            // the move (a walk, the stairs, a hole, a climb down).
            TileKind::Walkway
                if newly && (by == MoveBy::Walk || state.format >= 4) && to.floor.0 > 0 =>
            {
                let below = Pos::new(Floor(to.floor.0 - 1), to.cell);
                state.chars[who].place = Place::In { pos: below };
                events.push(Event::Fell {
                    character: who,
                    to: below,
                });
                reveal(state, below, events);
                crate::meet::character_arrives(state, who, below, false, events);
                return;
            }
            _ => {}
        }
    }
    place(state, who, Some(from), to, entry, events);
    if entry && !tile.disabled {
        after_entry(state, who, to, events);
    }
}

/// Whether a Laser or Fingerprint room keeps quiet for `who` by itself: the Hacker jams it, a
/// guard stands there (no alarm sounds with a guard), or the Mirror crosses the laser.
fn quiet(state: &State, who: usize, to: Pos, kind: TileKind) -> bool {
    crate::alarm::jammed(state, who, to)
        || state.guard_in(to)
        || (kind == TileKind::Laser && state.chars[who].loot.contains(&Loot::Mirror))
}

/// Answers a room's demand on entry or on leaving.
pub fn pay(state: &mut State, payment: Payment, events: &mut Vec<Event>) {
    match state.decision.take() {
        Some(Decision::Enter { who, to, from, .. }) => {
            let kind = state.tile(to).kind;
            match payment {
                Payment::StayOut => {
                    events.push(Event::StayedOut {
                        character: who,
                        at: to,
                    });
                    return;
                }
                Payment::TwoActions => state.turn.used += 2,
                Payment::Action => state.turn.used += 1,
                Payment::Hack => crate::alarm::spend_hack(state, kind, events),
                Payment::Laptop => spend_laptop(state),
                Payment::Alarm => {}
            }
            place(state, who, Some(from), to, true, events);
            if payment == Payment::Alarm {
                crate::alarm::raise(state, to, events);
            }
            after_entry(state, who, to, events);
        }
        Some(Decision::Leave {
            who, from, to, by, ..
        }) => {
            match payment {
                Payment::Hack => crate::alarm::spend_hack(state, TileKind::Motion, events),
                Payment::Laptop => spend_laptop(state),
                _ => {
                    crate::alarm::raise(state, from, events);
                }
            }
            arrive(state, who, from, to, by, events);
        }
        other => state.decision = other,
    }
}

fn spend_laptop(state: &mut State) {
    if let Some(c) = state.chars.iter_mut().find(|c| c.laptop) {
        c.laptop = false;
    }
}

/// Puts a character in a room and checks who sees them.
pub fn place(
    state: &mut State,
    who: usize,
    from: Option<Pos>,
    to: Pos,
    entry: bool,
    events: &mut Vec<Event>,
) {
    state.chars[who].place = Place::In { pos: to };
    events.push(Event::Moved {
        character: who,
        from,
        to,
        entry,
    });
    crate::meet::character_arrives(state, who, to, entry, events);
}

/// The room's rules that act once a character is inside.
fn after_entry(state: &mut State, who: usize, to: Pos, events: &mut Vec<Event>) {
    if state.outcome.is_some() {
        return;
    }
    let tile = *state.tile(to);
    match tile.kind {
        TileKind::Motion if !crate::characters::slips_in(state, who, to) => {
            state.turn.motion_entered.push(to);
        }
        TileKind::Detector => {
            let c = &state.chars[who];
            if !c.tools.is_empty() || !c.loot.is_empty() {
                crate::alarm::raise(state, to, events);
            }
        }
        TileKind::Thermo if state.chars[who].loot.contains(&Loot::Isotope) => {
            crate::alarm::raise(state, to, events);
        }
        TileKind::Laboratory if !tile.tool_taken => {
            state.tile_mut(to).tool_taken = true;
            crate::tools::draw_tool(state, who, events);
        }
        _ => {}
    }
}

/// Takes the stairs to the roof.
pub fn escape(state: &mut State, events: &mut Vec<Event>) {
    let who = state.current;
    state.turn.used += 1;
    state.chars[who].place = Place::Roof;
    events.push(Event::Escaped { character: who });
    if state.chars.iter().all(|c| c.place == Place::Roof) {
        // "Si un seul Butin est laissé derrière vous, vous perdez": loot only; a drilled
        // safe's tool left lying is merely lost.
        let loot_left = state
            .loose
            .iter()
            .any(|(_, card)| matches!(card, crate::actions::HeldCard::Loot(_)) || state.format < 4);
        let outcome = if !loot_left {
            lockpick_engine::Outcome::won("escaped")
        } else {
            lockpick_engine::Outcome::lost("loot_left_behind")
        };
        crate::turn::finish(state, outcome, events);
    }
}

/// Whether the character is the Acrobat or any other with a given ability side.
#[must_use]
pub fn has(state: &State, who: usize, kind: CharacterKind, side: Side) -> bool {
    state.chars[who].is(kind, side)
}

/// Why a peek, move or escape that [`allows`] refuses is out of reach, in a player's words: the
/// room is not next door, a wall stands between, another way leads there, or it costs more
/// actions than are left.
#[must_use]
pub fn why_not(state: &State, action: &Action) -> Why {
    let who = state.current;
    let Some(pos) = state.chars[who].pos() else {
        return Why::new(
            "you are not in the building",
            "vous n'êtes pas dans le bâtiment",
        );
    };
    let (to, by) = match *action {
        Action::Peek { floor, cell } => (Pos::new(floor, cell), None),
        Action::Move { floor, cell, by } => (Pos::new(floor, cell), Some(by)),
        Action::Escape {} => return why_no_escape(state, pos),
        _ => {
            return Why::new(
                "this is not a peek or a move",
                "ce n'est ni un coup d'œil ni un déplacement",
            );
        }
    };
    if to == pos {
        return Why::new(
            format!("you are in {to} already"),
            format!("vous êtes déjà en {to}"),
        );
    }
    let Some(by) = by else {
        if state.tile(to).revealed {
            return Why::new(
                format!("{to} is face up already: there is nothing to peek at"),
                format!("{to} est déjà face visible : il n'y a rien à regarder"),
            );
        }
        if to.floor != pos.floor {
            return Why::new(
                format!(
                    "you peek into another floor only from face-up stairs (up) or an atrium (up \
                     or down), and {to} is not above or below your room {pos}"
                ),
                format!(
                    "on ne regarde un autre étage que depuis un escalier face visible (vers le \
                     haut) ou une cour intérieure (vers le haut ou le bas), et {to} n'est ni \
                     au-dessus ni au-dessous de votre pièce {pos}"
                ),
            );
        }
        return why_not_next_door(state, pos, to, Verb::Peek);
    };
    let targets = move_targets(state, who, pos);
    if let Some(&(_, other)) = targets.iter().find(|&&(p, b)| p == to && b != by) {
        return Why::new(
            format!("{to} is reached {}, not {}", how(other).0, how(by).0),
            format!("on atteint {to} {}, pas {}", how(other).1, how(by).1),
        );
    }
    if targets.contains(&(to, by)) {
        let cost = move_price(state, who, to, by);
        let deadbolt = cost > move_cost(state, who, to);
        let left = state.actions_left();
        return Why::new(
            format!(
                "moving into {to} costs {cost} actions{}; you have {left} left",
                if deadbolt {
                    " (a Deadbolt with nobody in it)"
                } else {
                    ""
                },
            ),
            format!(
                "entrer en {to} coûte {cost} actions{} ; il vous en reste {left}",
                if deadbolt {
                    " (une Serrure où personne ne se trouve)"
                } else {
                    ""
                },
            ),
        );
    }
    match by {
        MoveBy::Walk if to.floor != pos.floor => Why::new(
            format!(
                "walking keeps you on floor {}: {to} is reached by stairs, a walkway or a hole, \
                 if at all",
                pos.floor
            ),
            format!(
                "en marchant, vous restez à l'étage {} : {to} s'atteint par un escalier, une \
                 passerelle ou un trou, si c'est possible",
                pos.floor
            ),
        ),
        MoveBy::Walk => why_not_next_door(state, pos, to, Verb::Walk),
        MoveBy::Stairs if !stairs_open(state) => time_lock(),
        MoveBy::Stairs => Why::new(
            format!("no stairs lead from {pos} to {to}"),
            format!("aucun escalier ne mène de {pos} à {to}"),
        ),
        MoveBy::Duct => Why::new(
            format!("no service duct leads from {pos} to {to}"),
            format!("aucun conduit de service ne mène de {pos} à {to}"),
        ),
        MoveBy::Walkway => Why::new(
            format!("no walkway leads down from {pos} to {to}"),
            format!("aucune passerelle ne descend de {pos} à {to}"),
        ),
    }
}

fn time_lock() -> Why {
    Why::new(
        "Time Lock: nobody takes the stairs this turn",
        "Verrouillage temporisé : personne ne prend l'escalier ce tour-ci",
    )
}

/// How a move goes, for [`why_not`], in English and French.
const fn how(by: MoveBy) -> (&'static str, &'static str) {
    match by {
        MoveBy::Walk => ("by walking", "en marchant"),
        MoveBy::Stairs => ("by the stairs", "par l'escalier"),
        MoveBy::Duct => ("by the service duct", "par le conduit de service"),
        MoveBy::Walkway => ("down the walkway", "par la passerelle"),
    }
}

/// A peek or a step, for [`why_not_next_door`].
#[derive(Clone, Copy)]
enum Verb {
    Peek,
    Walk,
}

/// Why a room of the same floor is out of reach for a step or a peek.
fn why_not_next_door(state: &State, pos: Pos, to: Pos, verb: Verb) -> Why {
    let d = [1u8, 2, 4, 8].into_iter().find(|&d| {
        state.inside_dirs(pos.cell) & d != 0 && crate::state::neighbour(pos.cell, d) == to.cell
    });
    let (en, only, cannot) = match verb {
        Verb::Peek => ("peek into", "on ne regarde que dans", "regarder dans"),
        Verb::Walk => ("walk into", "on n'entre que dans", "entrer en"),
    };
    match d {
        None => Why::new(
            format!("you {en} only a room next to yours ({pos}), and {to} is not"),
            format!("{only} une pièce voisine de la vôtre ({pos}), et {to} ne l'est pas"),
        ),
        Some(_) if Some(to.cell) == state.shaft => Why::new(
            format!("{to} is the shaft: nobody goes there"),
            format!("{to} est le puits : personne n'y va"),
        ),
        Some(d) if state.open_dirs(pos) & d == 0 => Why::new(
            format!("a wall stands between {pos} and {to}"),
            format!("un mur sépare {pos} de {to}"),
        ),
        Some(_) => Why::new(
            format!("you cannot {en} {to} now"),
            format!("on ne peut pas {cannot} {to} maintenant"),
        ),
    }
}

/// Why the roof is out of reach.
fn why_no_escape(state: &State, pos: Pos) -> Why {
    let tile = state.tile(pos);
    if !crate::safe::all_cracked(state) {
        Why::new(
            "the roof is for when every safe is cracked",
            "le toit, c'est une fois tous les coffres ouverts",
        )
    } else if pos.floor != state.top_floor() || !(tile.is_active(TileKind::Stairs) || tile.up) {
        let top = state.top_floor();
        Why::new(
            format!(
                "the roof is reached from the stairs of the top floor (floor {top}), and you are \
                 in {pos}"
            ),
            format!(
                "on atteint le toit par l'escalier du dernier étage (étage {top}), et vous êtes \
                 en {pos}"
            ),
        )
    } else if !stairs_open(state) {
        time_lock()
    } else {
        Why::new(
            "escaping costs 1 action and you have none left",
            "s'échapper coûte 1 action et il ne vous en reste aucune",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockpick_engine::{GameRng, Options, SeatCount};

    /// The one-direction checks agree with the full lists in every room of positions reached
    /// by random play (walls, Secret Doors, the Painting, the Fort Knox shaft).
    #[test]
    fn walk_checks_agree_with_the_move_list() {
        let mut rng = GameRng::from_seed(11);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut checked = 0;
        for (job, walls) in [
            ("bank", "random"),
            ("fort_knox", "random"),
            ("office", "default"),
        ] {
            let options =
                Options::resolve(&crate::setup::schema(), [("job", job), ("walls", walls)])
                    .expect("options");
            for seed in 0..40 {
                let mut state = crate::setup::setup(&options, SeatCount(2), seed).expect("setup");
                for _ in 0..400 {
                    if state.outcome.is_some() {
                        break;
                    }
                    let seat = crate::turn::acting_seat(&state);
                    if let Some(pos) = state.active().pos() {
                        let who = state.current;
                        let list = move_targets(&state, who, pos);
                        for floor in state.all_floors() {
                            for to in state.width.all().map(|c| Pos::new(floor, c)) {
                                assert_eq!(
                                    walk_target(&state, who, pos, to),
                                    list.contains(&(to, MoveBy::Walk)),
                                    "{job} seed {seed}: {pos} to {to}"
                                );
                            }
                        }
                        let open: Vec<Pos> = state.open_neighbours(pos).collect();
                        let naive: Vec<Pos> = crate::ids::Dir::ALL
                            .into_iter()
                            .filter_map(|d| {
                                let cell = pos.cell.step(d, state.width)?;
                                let blocked = Some(cell) == state.shaft
                                    || Some(pos.cell) == state.shaft
                                    || state.floors[pos.floor.index()].walls.between(
                                        pos.cell,
                                        cell,
                                        state.width,
                                    );
                                (!blocked).then_some(Pos::new(pos.floor, cell))
                            })
                            .collect();
                        assert_eq!(open, naive, "{job} seed {seed}: {pos}");
                        checked += 1;
                    }
                    crate::turn::legal(&state, seat, &mut legal);
                    let Some(action) = rng.pick(&legal).cloned() else {
                        break;
                    };
                    events.clear();
                    crate::turn::apply(&mut state, seat, &action, &mut events).expect("legal");
                }
            }
        }
        assert!(checked > 3_000, "only {checked} positions checked");
    }
}
