//! The flow of play: who acts, what they may do, and the automatic steps between turns
//! (Thermo, events, loot rolls, the guard's move, the next character).

use lockpick_engine::{Outcome, Seat, ToAct};

use crate::actions::{Action, Event, Illegal, Why};
use crate::cards::{CharacterKind, Side, TileKind, Tool};
use crate::ids::{Cell, Floor, Pos};
use crate::state::{Decision, Place, Stage, State};

/// Ends the game.
pub fn finish(state: &mut State, outcome: Outcome, events: &mut Vec<Event>) {
    if state.outcome.is_none() {
        events.push(Event::GameOver {
            verdict: outcome.verdict,
            reason: outcome.reason.clone(),
        });
        state.outcome = Some(outcome);
    }
}

/// The seat that answers the pending decision or plays the current stage.
#[must_use]
pub fn acting_seat(state: &State) -> Seat {
    match &state.decision {
        Some(
            Decision::Enter { who, .. }
            | Decision::Leave { who, .. }
            | Decision::KeepTool { who, .. },
        ) => state.chars[*who].seat,
        Some(_) => state.chars[state.current].seat,
        None => match state.stage {
            Stage::Draft => state.draft[0].seat,
            Stage::Layout | Stage::Entry => state.chars.first().map_or(Seat(0), |c| c.seat),
            _ => state.chars[state.current].seat,
        },
    }
}

/// Who may act now.
#[must_use]
pub fn to_act(state: &State) -> ToAct {
    match &state.outcome {
        Some(outcome) => ToAct::Over {
            outcome: outcome.clone(),
        },
        None => ToAct::one(acting_seat(state)),
    }
}

/// Every legal action of `seat`.
pub fn legal(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if state.outcome.is_some() || acting_seat(state) != seat {
        return;
    }
    if let Some(decision) = &state.decision {
        decision_answers(decision, out);
        return;
    }
    match state.stage {
        Stage::Draft => draft_choices(state, out),
        Stage::Layout => {
            out.push(Action::ConfirmLayout {});
            out.push(Action::RerollWalls {});
            if state.shaft.is_some() {
                for cell in state.width.all().filter(|c| Some(*c) != state.shaft) {
                    out.push(Action::MoveShaft { cell });
                }
            }
        }
        Stage::Entry => {
            for p in state.rooms(Floor(0)) {
                out.push(Action::ChooseEntry { cell: p.cell });
            }
        }
        Stage::Actions => {
            crate::moves::legal(state, out);
            action_phase_extras(state, out);
            crate::tools::legal(state, out);
            crate::characters::legal(state, out);
            crate::loot::legal(state, out);
            out.push(Action::EndTurn {});
        }
        _ => {}
    }
}

fn draft_choices(state: &State, out: &mut Vec<Action>) {
    let d = state.draft[0];
    let taken: Vec<CharacterKind> = state
        .chars
        .iter()
        .map(|c| c.kind)
        .chain(state.draft.iter().filter_map(|d| d.kind))
        .collect();
    let sides: &[Side] = if d.advanced {
        &[Side::Basic, Side::Advanced]
    } else {
        &[Side::Basic]
    };
    let kinds: Vec<CharacterKind> = match d.kind {
        Some(k) => vec![k],
        None => CharacterKind::ALL
            .iter()
            .copied()
            .filter(|k| !taken.contains(k))
            .filter(|k| !(state.character_count() == 1 && *k == CharacterKind::Rook))
            .collect(),
    };
    for character in kinds {
        for &side in sides {
            out.push(Action::ChooseCharacter { character, side });
        }
    }
}

#[inline]
fn action_phase_extras(state: &State, out: &mut Vec<Action>) {
    let Some(pos) = state.active().pos() else {
        return;
    };
    // Only computer rooms and safes offer anything here, and the Peterman's Drill (the safes
    // above and below); most rooms are neither.
    let kind = state.tile(pos).kind;
    if kind.is_computer()
        || kind == TileKind::Safe
        || state.active().is(CharacterKind::Peterman, Side::Advanced)
    {
        hack_and_safes(state, pos, out);
    }
}

/// [`action_phase_extras`] in a room that may offer a hack or a safe's actions.
fn hack_and_safes(state: &State, pos: Pos, out: &mut Vec<Action>) {
    let left = state.actions_left();
    let tile = state.tile(pos);
    if left >= 1 && tile.revealed && tile.kind.is_computer() && tile.hack < crate::alarm::MAX_HACK {
        out.push(Action::Hack {});
    }
    for safe in crate::safe::workable(state, state.current, pos) {
        if left >= 2 && state.tile(safe).dice < crate::safe::MAX_DICE {
            out.push(Action::AddDie {
                floor: safe.floor,
                cell: safe.cell,
            });
        }
        if left >= 1 && state.tile(safe).dice > 0 && crate::safe::keycard_ok(state, safe) {
            out.push(Action::Roll {
                floor: safe.floor,
                cell: safe.cell,
            });
        }
    }
}

fn decision_answers(decision: &Decision, out: &mut Vec<Action>) {
    match decision {
        Decision::Enter { options, .. } | Decision::Leave { options, .. } => {
            out.extend(options.iter().map(|&payment| Action::Pay { payment }));
        }
        Decision::Alarm { cells, .. } => {
            out.extend(cells.iter().map(|&cell| Action::ChooseAlarm { cell }));
        }
        Decision::Room { rooms, .. } => {
            out.extend(rooms.iter().map(|p| Action::ChooseRoom {
                floor: p.floor,
                cell: p.cell,
            }));
        }
        Decision::Teammate { characters, .. } => {
            out.extend(
                characters
                    .iter()
                    .map(|&character| Action::ChooseTeammate { character }),
            );
        }
        Decision::KeepTool { tools, .. } => {
            for &tool in tools {
                if !out.contains(&Action::KeepTool { tool }) {
                    out.push(Action::KeepTool { tool });
                }
            }
        }
        Decision::OrderEvents { cards } => {
            for order in permutations(cards) {
                out.push(Action::OrderEvents { order });
            }
        }
        Decision::TopOrBottom { .. } => {
            out.push(Action::PutBack { top: true });
            out.push(Action::PutBack { top: false });
        }
    }
}

fn permutations<T: Copy>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Whether `action` is in `legal(state, seat)`, generating only the part of the list its kind
/// can be in (the action phase's generators each make one kind of action).
fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
    if state.outcome.is_some() || acting_seat(state) != seat {
        return false;
    }
    if matches!(action, Action::EndTurn {})
        && state.decision.is_none()
        && state.stage == Stage::Actions
    {
        return true;
    }
    thread_local! {
        // A reused buffer: checking an action allocates nothing on the hot path.
        static BUFFER: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with_borrow_mut(|out| {
        out.clear();
        if state.decision.is_some() || state.stage != Stage::Actions {
            legal(state, seat, out);
            return out.contains(action);
        }
        match action {
            Action::Peek { .. } | Action::Move { .. } | Action::Escape {} => {
                return crate::moves::allows(state, action);
            }
            Action::Hack {} | Action::AddDie { .. } | Action::Roll { .. } => {
                action_phase_extras(state, out)
            }
            Action::UseTool { .. } => crate::tools::legal(state, out),
            Action::Ability { .. } => crate::characters::legal(state, out),
            Action::Give { .. } | Action::Take { .. } | Action::PickUp { .. } => {
                crate::loot::legal(state, out)
            }
            _ => return false,
        }
        out.contains(action)
    })
}

/// Why `action` is not legal for `seat` now.
fn why_illegal(state: &State, seat: Seat, action: &Action) -> Illegal {
    if state.outcome.is_some() {
        return Illegal::Over;
    }
    if acting_seat(state) != seat {
        return Illegal::NotYourTurn;
    }
    if let Some(d) = &state.decision {
        return Illegal::DecisionPending(d.asks());
    }
    if let Some(why) = not_yet(state, action) {
        return Illegal::BadTarget(why);
    }
    let costs = match action {
        Action::Peek { .. }
        | Action::Move { .. }
        | Action::Hack {}
        | Action::Roll { .. }
        | Action::Escape {} => 1,
        Action::AddDie { .. } => 2,
        _ => 0,
    };
    if state.stage == Stage::Actions && costs > state.actions_left() {
        return Illegal::NoActions;
    }
    if let Some(what) = off_the_building(state, action) {
        return Illegal::BadTarget(what);
    }
    let what = match action {
        Action::Peek { .. } | Action::Move { .. } | Action::Escape {} => {
            crate::moves::why_not(state, action)
        }
        Action::Hack {} => Why::new(
            "hacking needs a face-up computer room with fewer than 6 tokens",
            "pirater demande une salle informatique face visible avec moins de 6 pions",
        ),
        Action::AddDie { .. } | Action::Roll { .. } => {
            Why::new("no safe to work on there", "pas de coffre à travailler là")
        }
        Action::ChooseCharacter { character, side } if state.stage == Stage::Draft => {
            let (en, fr) = match side {
                Side::Basic => ("basic", "de base"),
                Side::Advanced => ("advanced", "avancée"),
            };
            Why::new(
                format!("the {character:?} ({en} side) is not among the characters left to choose"),
                format!(
                    "{} (face {fr}) n'est pas parmi les personnages qui restent à choisir",
                    character.fr()
                ),
            )
        }
        Action::ChooseCharacter { .. } => Why::new(
            "characters are chosen before the heist begins",
            "les personnages se choisissent avant le début du casse",
        ),
        Action::MoveShaft { cell } if state.stage == Stage::Layout => Why::new(
            format!("the shaft cannot move to {cell}: it is there already, or this job has none"),
            format!("le puits ne peut pas aller en {cell} : il y est déjà, ou ce casse n'en a pas"),
        ),
        Action::RerollWalls {} | Action::MoveShaft { .. } | Action::ConfirmLayout {}
            if state.stage != Stage::Layout =>
        {
            Why::new(
                "the walls are set before the heist begins",
                "les murs se placent avant le début du casse",
            )
        }
        Action::ChooseEntry { .. } if state.stage != Stage::Entry => Why::new(
            "the entry room is chosen once, before the first turn",
            "la pièce d'entrée se choisit une fois, avant le premier tour",
        ),
        Action::Pay { .. }
        | Action::ChooseAlarm { .. }
        | Action::ChooseRoom { .. }
        | Action::ChooseTeammate { .. }
        | Action::KeepTool { .. }
        | Action::OrderEvents { .. }
        | Action::PutBack { .. } => Why::new(
            "nothing asks for that choice now",
            "aucun choix de ce genre n'est demandé maintenant",
        ),
        other => {
            let json = serde_json::to_string(other).unwrap_or_default();
            Why::new(
                format!("{json} is not possible now"),
                format!("{json} n'est pas possible maintenant"),
            )
        }
    };
    Illegal::BadTarget(what)
}

/// Why an action of the action phase is refused before it: the team is still choosing its
/// characters, walls or entry room.
fn not_yet(state: &State, action: &Action) -> Option<Why> {
    let acting = matches!(
        action,
        Action::Peek { .. }
            | Action::Move { .. }
            | Action::Escape {}
            | Action::Hack {}
            | Action::AddDie { .. }
            | Action::Roll { .. }
            | Action::EndTurn {}
            | Action::UseTool { .. }
            | Action::Give { .. }
            | Action::Take { .. }
            | Action::PickUp { .. }
            | Action::Ability { .. }
    );
    let (en, fr) = match state.stage {
        Stage::Draft => (
            "each player takes a character (choose_character)",
            "chaque joueur prend un personnage (choose_character)",
        ),
        Stage::Layout => (
            "the team keeps the walls (confirm_layout) or draws new ones",
            "l'équipe garde les murs (confirm_layout) ou en tire d'autres",
        ),
        Stage::Entry => (
            "the team chooses the entry room on the ground floor (choose_entry)",
            "l'équipe choisit la pièce d'entrée au premier étage (choose_entry)",
        ),
        _ => return None,
    };
    acting.then(|| {
        Why::new(
            format!("the heist has not begun: first {en}"),
            format!("le casse n'a pas commencé : d'abord, {fr}"),
        )
    })
}

/// The floor or room an action names that this building does not have: "not possible now"
/// would suggest it might be later.
fn off_the_building(state: &State, action: &Action) -> Option<Why> {
    let (floor, cell) = match action {
        Action::MoveShaft { cell }
        | Action::ChooseEntry { cell }
        | Action::ChooseAlarm { cell } => (None, Some(*cell)),
        Action::Peek { floor, cell }
        | Action::Move { floor, cell, .. }
        | Action::AddDie { floor, cell }
        | Action::Roll { floor, cell }
        | Action::ChooseRoom { floor, cell } => (Some(*floor), Some(*cell)),
        Action::UseTool { at: Some(p), .. } | Action::Ability { at: Some(p), .. } => {
            (Some(p.floor), Some(p.cell))
        }
        _ => (None, None),
    };
    let floors = state.floors.len();
    if let Some(f) = floor.filter(|f| f.index() >= floors) {
        return Some(Why::new(
            format!("this building has no floor {f}: its floors are 1 to {floors}"),
            format!("ce bâtiment n'a pas d'étage {f} : ses étages vont de 1 à {floors}"),
        ));
    }
    let w = state.width.0;
    cell.filter(|c| !c.fits(state.width)).map(|c| {
        let last = Cell {
            row: w - 1,
            col: w - 1,
        };
        Why::new(
            format!("a floor of this building has no room {c}: its rooms are A1 to {last}"),
            format!(
                "un étage de ce bâtiment n'a pas de pièce {c} : ses pièces vont de A1 à {last}"
            ),
        )
    })
}

/// Plays an action.
///
/// # Errors
/// The action is not in the legal list; the state is untouched.
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), Illegal> {
    if !is_legal(state, seat, action) {
        return Err(why_illegal(state, seat, action));
    }
    apply_listed(state, seat, action, events);
    Ok(())
}

/// Plays an action that [`legal`] has just listed for `seat` in this state, without checking it
/// again (random playouts and searches; debug builds still check). Any other action is a bug in
/// the caller.
pub fn apply_listed(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    debug_assert!(
        is_legal(state, seat, action),
        "apply_listed was given an action that is not legal: {action:?}"
    );
    match action {
        Action::ChooseCharacter { character, side } => {
            let d = state.draft.remove(0);
            let c = crate::setup::new_character(*character, *side, d.seat, state.start_stealth);
            state.chars.push(c);
            let index = state.chars.len() - 1;
            events.push(Event::CharacterChosen {
                character: index,
                kind: *character,
                side: *side,
            });
            if state.draft.is_empty() {
                after_draft(state, events);
            }
        }
        Action::RerollWalls {} => {
            let per = if state.width.0 == 5 { 12 } else { 8 };
            for f in 0..state.floors.len() {
                state.floors[f].walls =
                    crate::walls::Walls::random(state.width, per, state.shaft, &mut state.rng);
            }
            events.push(Event::WallsRerolled);
        }
        Action::MoveShaft { cell } => move_shaft(state, *cell, events),
        Action::ConfirmLayout {} => start_entry(state, events),
        Action::ChooseEntry { cell } => {
            state.entry = Some(*cell);
            state.current = 0;
            start_turn(state, events);
        }
        Action::Peek { floor, cell } => crate::moves::peek(state, Pos::new(*floor, *cell), events),
        Action::Move { floor, cell, by } => {
            crate::moves::start_move(state, Pos::new(*floor, *cell), *by, events);
        }
        Action::Escape {} => crate::moves::escape(state, events),
        Action::Hack {} => {
            state.turn.used += 1;
            let pos = state.active().pos().expect("checked");
            let t = state.tile_mut(pos);
            t.hack += 1;
            let tokens = t.hack;
            events.push(Event::HackTokens { at: pos, tokens });
        }
        Action::AddDie { floor, cell } => {
            crate::safe::add_die(state, Pos::new(*floor, *cell), events)
        }
        Action::Roll { floor, cell } => crate::safe::roll(state, Pos::new(*floor, *cell), events),
        Action::EndTurn {} => {
            events.push(Event::TurnEnded {
                character: state.current,
                actions: state.turn.used,
            });
            state.turn.ended = true;
            state.stage = Stage::Thermo;
        }
        Action::Pay { payment } => crate::moves::pay(state, *payment, events),
        Action::ChooseAlarm { cell } => {
            if let Some(Decision::Alarm { floor, .. }) = state.decision.take() {
                crate::guard::set_target(
                    state,
                    floor,
                    *cell,
                    crate::actions::TargetReason::Alarm,
                    events,
                );
            }
        }
        Action::KeepTool { tool } => crate::tools::keep_tool(state, *tool, events),
        Action::OrderEvents { order } => crate::tools::order_events(state, order, events),
        Action::PutBack { .. } if matches!(state.decision, Some(Decision::TopOrBottom { .. })) => {
            crate::characters::answer(state, action, events);
        }
        Action::ChooseRoom { .. } | Action::ChooseTeammate { .. } | Action::PutBack { .. } => {
            crate::event_cards::answer(state, action, events)
        }
        Action::UseTool { .. } => crate::tools::apply(state, action, events),
        Action::Give { card, to } => crate::loot::pass(state, state.current, *to, *card, events),
        Action::Take { card, from } => {
            crate::loot::pass(state, *from, state.current, *card, events)
        }
        Action::PickUp { loot } => crate::loot::pick_up(state, *loot, events),
        Action::Ability { .. } => crate::characters::apply(state, action, events),
    }
    run(state, events);
}

/// After the draft: the Rigger's Dynamite, then the layout (random walls) or the entry.
pub fn after_draft(state: &mut State, events: &mut Vec<Event>) {
    if !state.draft.is_empty() {
        state.stage = Stage::Draft;
        return;
    }
    for i in 0..state.chars.len() {
        if state.chars[i].is(CharacterKind::Rigger, Side::Basic)
            && !state.chars[i].tools.contains(&Tool::Dynamite)
        {
            if let Some(k) = state.tools.iter().position(|t| *t == Tool::Dynamite) {
                state.tools.remove(k);
            }
            state.chars[i].tools.push(Tool::Dynamite);
        }
    }
    if state.random_walls {
        state.stage = Stage::Layout;
    } else {
        start_entry(state, events);
    }
}

/// Fort Knox with random walls: the team moves the shaft (the room tile there swaps places
/// with the blank), and new walls are drawn around it.
fn move_shaft(state: &mut State, cell: crate::ids::Cell, events: &mut Vec<Event>) {
    let old = state.shaft.expect("only Fort Knox has a shaft");
    let w = state.width;
    for f in 0..state.floors.len() {
        state.floors[f].tiles.swap(old.index(w), cell.index(w));
        if state.floors[f].safe == cell {
            state.floors[f].safe = old;
        }
    }
    state.shaft = Some(cell);
    for f in 0..state.floors.len() {
        state.floors[f].walls = crate::walls::Walls::random(w, 12, Some(cell), &mut state.rng);
    }
    for floor in state.all_floors() {
        crate::guard::build_patrol_deck(state, floor);
    }
    events.push(Event::ShaftMoved { cell });
}

/// The ground floor's guard is placed; the team then chooses the entry.
fn start_entry(state: &mut State, events: &mut Vec<Event>) {
    crate::guard::place_guard(state, Floor(0), events);
    state.stage = Stage::Entry;
}

/// Begins the current character's turn.
fn start_turn(state: &mut State, events: &mut Vec<Event>) {
    let who = state.current;
    state.turn_number += 1;
    state.turn.reset();
    state.guard_bonus = 0;
    state.shift_change = false;
    crate::event_cards::end_lasting(state, who);
    if state.heads_up {
        state.heads_up = false;
        state.turn.bonus += 1;
    }
    if state.chars[who].loot.contains(&crate::cards::Loot::Mirror) {
        state.turn.malus += 1;
    }
    state.stage = Stage::Actions;
    events.push(Event::TurnStarted {
        character: who,
        turn: state.turn_number,
    });
    if state.chars[who].place == Place::Outside {
        let entry = Pos::new(
            Floor(0),
            state.entry.expect("entry chosen before the first turn"),
        );
        crate::moves::reveal(state, entry, events);
        crate::moves::place(state, who, None, entry, false, events);
    }
}

/// Whether the active character's turn, ended now, draws an event: two actions used or fewer
/// (three for the Stamp's holder), inside the building.
#[must_use]
pub fn draws_event(state: &State) -> bool {
    let c = state.active();
    let limit = if c.loot.contains(&crate::cards::Loot::Stamp) {
        3
    } else {
        2
    };
    state.turn.used <= limit && c.pos().is_some()
}

/// Runs the automatic steps until a player must act.
pub fn run(state: &mut State, events: &mut Vec<Event>) {
    loop {
        if state.outcome.is_some() || state.decision.is_some() {
            return;
        }
        match state.stage {
            Stage::Draft | Stage::Layout | Stage::Entry | Stage::Actions => return,
            Stage::Thermo => {
                state.stage = Stage::Event;
                if let Some(pos) = state.active().pos()
                    && state.tile(pos).is_active(TileKind::Thermo)
                {
                    crate::alarm::raise(state, pos, events);
                }
            }
            Stage::Event => {
                state.stage = Stage::LootRolls;
                if draws_event(state) {
                    crate::event_cards::draw_event(state, events);
                }
            }
            Stage::LootRolls => {
                state.stage = Stage::Guards;
                crate::loot::turn_rolls(state, events);
                crate::guard::start_guard_turn(state);
            }
            Stage::Guards => {
                if crate::guard::run_guard_turn(state, events) {
                    state.stage = Stage::Next;
                }
            }
            Stage::Next => next_character(state, events),
        }
    }
}

/// Hands the turn to the next character still in the building (Jump the Gun skips one).
fn next_character(state: &mut State, events: &mut Vec<Event>) {
    let n = state.chars.len();
    let mut next = (state.current + 1) % n;
    for _ in 0..n {
        if state.chars[next].place == Place::Roof {
            // What lasts "until your next turn" ends when that turn would have come (before
            // format 4 it outlasted a character who escaped: an E.M.P. for good).
            if state.format >= 4 {
                crate::event_cards::end_lasting(state, next);
            }
            next = (next + 1) % n;
            continue;
        }
        if state.skip_next {
            state.skip_next = false;
            events.push(Event::TurnSkipped { character: next });
            crate::event_cards::end_lasting(state, next);
            next = (next + 1) % n;
            continue;
        }
        break;
    }
    state.current = next;
    start_turn(state, events);
}
