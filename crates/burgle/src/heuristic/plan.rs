//! The turn planner: tries the current character's plain actions (peek, move, dice, roll, end
//! the turn, defensive tools, the Stethoscope and the Blueprints on a safe's line, the abilities
//! of the basic sides, the Rook's orders among them) in every useful order on a determinized
//! copy of the state, lets the guards really move at the end of each plan, and scores where
//! each plan leaves the team ([`super::score`]).
//!
//! The copy is resampled from the team's knowledge ([`crate::determinize`]): the planner never
//! sees a face-down room, a deck order or a future die. Safe rolls are averaged over a few
//! samples. A turn that ends with an event drawn is averaged over every card the deck may give
//! (the deck's order is unknown, what is left in it is not), so that no plan is chosen for one
//! lucky draw and none pays a flat price for a card that may save or sink the team: the guard
//! of another floor sent onto a teammate with no token left (Shift Change), a token gained
//! (Lampshade). Round 34 of docs/burgle-bot-rounds.md: 112 of `sim`'s 500 games won against
//! 107 with a flat price, and more on fresh seeds.

use lockpick_engine::{GameRng, Seat};

use super::Sight;
use crate::actions::{Action, Event};
use crate::state::{Stage, State};

/// Plans explored per determinization of a decision before the rest are cut short (each cut
/// plan ends the turn). Since a short plan's turn end plays every event card left (round 34 of
/// the rounds log), each such end costs twenty-odd plans and 3,000 cut plans short more often:
/// 6,000 won 101 of 400 fresh games against 80 (round 35); 12,000 won 113 of 400 more against
/// 105, at 1.47 times the CPU (round 36, not kept); 12,000 only once at most one safe is shut
/// won 91 of 400 more against 86 (round 38, not kept).
const NODE_BUDGET: u32 = 6_000;
/// Draws of an unknown outcome (a room turned over, a die) for the decision itself.
const CHANCE_SAMPLES: u32 = 3;
/// Draws of an unknown outcome later in a plan.
const NESTED_SAMPLES: u32 = 2;
/// Determinizations planned on per decision.
pub(super) const SAMPLES: u32 = 4;
/// Samples of the guard's move when he may draw a new destination.
const GUARD_SAMPLES: u32 = 4;
/// What drawing an event costs a plan cut short by the node budget, which ends its turn without
/// playing the card (most events hurt a little).
const EVENT_PENALTY: f64 = 40.0;

struct Planner {
    /// What the planner may read (the team's knowledge, or everything for the oracle).
    sight: Sight,
    turn: u32,
    /// Actions planned before the one being valued (0: the decision itself).
    depth: u32,
    seat: Seat,
    nodes: u32,
    rng: GameRng,
    events: Vec<Event>,
    /// What a capture is worth, from the decision's position ([`super::score::capture_points`]).
    capture: f64,
    /// The event cards a turn ending with few actions may draw, with how many of each.
    event_odds: Vec<(crate::cards::EventCard, u32)>,
}

/// The event cards the next draw may bring, with how many of each: the top card when the team
/// knows it, else every card left in the (determinized) deck, whose order nobody knows.
fn event_odds(
    state: &State,
    deck: &[crate::cards::EventCard],
) -> Vec<(crate::cards::EventCard, u32)> {
    if let Some(card) = state.known_tops.iter().find_map(|k| match k {
        crate::state::KnownTop::Event { depth: 0, card } => Some(*card),
        _ => None,
    }) {
        return vec![(card, 1)];
    }
    let mut odds: Vec<(crate::cards::EventCard, u32)> = Vec::new();
    for card in deck {
        match odds.iter_mut().find(|(c, _)| c == card) {
            Some((_, n)) => *n += 1,
            None => odds.push((*card, 1)),
        }
    }
    odds
}

/// The index in `legal` of the best first action of the best plan, if the planner has an
/// opinion (it plans the action phase only, without decisions pending).
pub(super) fn best(
    state: &State,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
    sight: Sight,
) -> Option<usize> {
    let totals = values(state, seat, legal, rng, sight)?;
    let mut best: Option<(f64, usize)> = None;
    for (i, v) in totals.iter().enumerate() {
        if best.is_none_or(|(b, _)| *v > b) {
            best = Some((*v, i));
        }
    }
    best.map(|(_, i)| i)
}

/// Each legal action's points summed over the planner's copies (minus infinity for the actions
/// it does not try), if the planner has an opinion.
pub(super) fn values(
    state: &State,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
    sight: Sight,
) -> Option<Vec<f64>> {
    if state.stage != Stage::Actions || state.decision.is_some() || state.outcome.is_some() {
        return None;
    }
    let mut totals = vec![0.0f64; legal.len()];
    let mut any = false;
    for _ in 0..SAMPLES {
        let mut root = super::sighted(state, rng, sight);
        let event_odds = match sight {
            Sight::Team => event_odds(state, &root.events),
            // The event deck's top card, as it lies.
            Sight::Everything => root
                .events
                .last()
                .map(|c| vec![(*c, 1)])
                .unwrap_or_default(),
        };
        root.events.clear();
        let capture = super::score::capture_points(&root);
        let mut planner = Planner {
            capture,
            sight,
            event_odds,
            turn: state.turn_number,
            depth: 0,
            seat,
            nodes: 0,
            rng: rng.fork(),
            events: Vec::new(),
        };
        for (i, action) in legal.iter().enumerate() {
            if !candidate(&root, action, None, None) {
                totals[i] = f64::NEG_INFINITY;
                continue;
            }
            any = true;
            totals[i] += planner.value(&root, action, None);
        }
    }
    if !any {
        return None;
    }
    Some(totals)
}

/// Whether the planner tries `action` here: the plain actions, peeks in one canonical order,
/// and no step straight back to the room just left.
fn candidate(
    state: &State,
    action: &Action,
    last_peek: Option<usize>,
    came_from: Option<crate::ids::Pos>,
) -> bool {
    let w = state.width;
    match action {
        Action::Peek { floor, cell } => {
            let _ = floor;
            last_peek.is_none_or(|k| cell.index(w) + 16 * floor.index() > k)
        }
        Action::Move { floor, cell, .. } => came_from != Some(crate::ids::Pos::new(*floor, *cell)),
        // A roll finds nothing while every face-up room of the line is decoded (it only spent
        // an action, and the planner liked it for the choices it put off).
        Action::Roll { floor, cell } => {
            crate::safe::roll_may_help(state, crate::ids::Pos::new(*floor, *cell))
        }
        Action::AddDie { .. }
        | Action::EndTurn {}
        | Action::Escape {}
        | Action::PickUp { .. }
        | Action::Hack {} => true,
        Action::UseTool {
            tool: crate::cards::Tool::Stethoscope,
            at: Some(safe),
            face: Some((die, new)),
            ..
        } => {
            // A die turned to a digit of the line still to decode (the first die that may
            // turn to it stands for every other).
            let faces = &state.tile(*safe).faces;
            faces.iter().position(|f| f != new) == Some(usize::from(*die))
                && crate::safe::line(state, *safe).iter().any(|p| {
                    let t = state.tile(*p);
                    t.revealed && !t.decoded && t.digit == *new
                })
        }
        Action::UseTool {
            tool: crate::cards::Tool::Blueprints,
            at: Some(at),
            ..
        } => {
            // A look into a face-down room of the line of a safe found and still shut.
            let safe = crate::ids::Pos::new(at.floor, state.floors[at.floor.index()].safe);
            let st = state.tile(safe);
            st.revealed && !st.cracked && crate::safe::line(state, safe).contains(at)
        }
        // The tools that open a way: a wall blown, stairs made up or down, a room's rule
        // disabled. Each costs the tool and, but for the Crowbar, an alarm: the score weighs
        // that against the way saved (fresh seeds 5,260 to 5,659: 67 won against 55 without
        // them; then 30 against 30 on 182 more).
        Action::UseTool {
            tool:
                crate::cards::Tool::Dynamite
                | crate::cards::Tool::ThermalBomb
                | crate::cards::Tool::Crowbar,
            ..
        } => true,
        // The tools that keep the team out of sight or buy actions; the planner plays them
        // when what they save is worth more than keeping them ([`super::score`]).
        Action::UseTool { tool, .. } => super::saving(*tool),
        Action::Ability { at, character, .. } => ability(state, *at, *character),
        // The Tiara's holder is seen from the rooms next door ([`super::score`]): who walks on
        // may hand it to a teammate who stays, as the rules let loot pass in one room for free.
        Action::Give {
            card: crate::actions::HeldCard::Loot(crate::cards::Loot::Tiara),
            ..
        } => true,
        _ => false,
    }
}

/// The basic-side abilities the planner weighs: the Hawk's look through a wall, the Juicer's
/// alarm next door when the guard's next move crosses her room (he turns towards it), the
/// Spotter's look at the next patrol card, the Raven's bird set down once a turn in a room the
/// guard is about to cross (he loses a step there), and the Rook's order that moves a teammate
/// one room (out of a guard's way, or on towards the teammate's goal).
fn ability(state: &State, at: Option<crate::ids::Pos>, character: Option<usize>) -> bool {
    use crate::cards::{CharacterKind, Side};
    let me = state.active();
    if me.side != Side::Basic {
        return false;
    }
    if character.is_some() {
        // The Rook's orders. Round 21 of the rounds log: over the 324 Rook games played, 57
        // won against 48 when the planner never gave one (sim's 1,000 games: 173 against
        // 173). No gain shown beyond chance; kept because the Rook's player expects them.
        return me.kind == CharacterKind::Rook && at.is_some();
    }
    match me.kind {
        CharacterKind::Hawk | CharacterKind::Spotter => true,
        // Only to turn a guard whose next move crosses her room: an alarm speeds him up and
        // costs him a patrol card, so one sounded every turn wore the decks out (over 293
        // Juicer games, 46 won against 30 offered always; round 10 of the rounds log).
        CharacterKind::Juicer => me
            .pos()
            .is_some_and(|p| super::threatened(state, p.floor)[p.cell.index(state.width)]),
        CharacterKind::Raven => {
            let moved = crate::characters::used(state, crate::characters::RAVEN_MOVED);
            at.is_some_and(|p| {
                !moved
                    && state.guard_at(p.floor) != Some(p.cell)
                    && super::threatened(state, p.floor)[p.cell.index(state.width)]
            })
        }
        _ => false,
    }
}

/// Whether the guard of the active character's floor may reach his destination in his next
/// move and draw a patrol card the team cannot know.
fn patrol_unknown(state: &State) -> bool {
    let Some(pos) = state.active().pos() else {
        return false;
    };
    let Some(g) = state.floors[pos.floor.index()].guard else {
        return false;
    };
    let steps =
        state.floors[pos.floor.index()].die + crate::guard::alarm_count(state, pos.floor) as u8 + 1;
    state
        .maze(pos.floor)
        .distance(g.at, g.target)
        .is_none_or(|d| d < steps)
}

/// Where a peek looks, as the planner orders peeks (`None` for other actions).
fn peek_key(state: &State, action: &Action) -> Option<usize> {
    match action {
        Action::Peek { floor, cell } => Some(cell.index(state.width) + 16 * floor.index()),
        _ => None,
    }
}

/// An action whose outcome the team cannot know before it is played.
#[derive(Clone, Copy)]
enum Chance {
    /// A face-down room is turned over (peek or entry).
    Room(crate::ids::Pos),
    /// Dice are rolled (a safe, a keypad).
    Dice,
}

fn chance(state: &State, action: &Action) -> Option<Chance> {
    match action {
        Action::Peek { floor, cell } | Action::Move { floor, cell, .. } => {
            let pos = crate::ids::Pos::new(*floor, *cell);
            let t = state.tile(pos);
            if !t.revealed {
                Some(Chance::Room(pos))
            } else if matches!(action, Action::Move { .. })
                && t.kind == crate::cards::TileKind::Keypad
                && !t.open
                && !t.disabled
            {
                Some(Chance::Dice)
            } else {
                None
            }
        }
        Action::Roll { .. } => Some(Chance::Dice),
        Action::UseTool {
            tool: crate::cards::Tool::Blueprints,
            at: Some(pos),
            ..
        } if !state.tile(*pos).revealed => Some(Chance::Room(*pos)),
        // The Hawk looks through a wall.
        Action::Ability { at: Some(pos), .. }
            if state.active().kind == crate::cards::CharacterKind::Hawk
                && !state.tile(*pos).revealed =>
        {
            Some(Chance::Room(*pos))
        }
        // The Rook orders a teammate into a face-down room.
        Action::Ability {
            at: Some(pos),
            character: Some(_),
            ..
        } if !state.tile(*pos).revealed => Some(Chance::Room(*pos)),
        _ => None,
    }
}

/// Swaps the face-down room at `pos` with a face-down room of its floor drawn at random (itself
/// included): in the planner's copy the room about to be turned over could be any of them.
fn redeal_room(state: &mut State, pos: crate::ids::Pos, rng: &mut GameRng) {
    let hidden: arrayvec::ArrayVec<crate::ids::Pos, 25> = state
        .rooms(pos.floor)
        .filter(|p| !state.tile(*p).revealed)
        .collect();
    if hidden.len() < 2 {
        return;
    }
    let other = hidden[rng.index(hidden.len())];
    if other == pos {
        return;
    }
    let here = (state.tile(pos).kind, state.tile(pos).digit);
    let there = (state.tile(other).kind, state.tile(other).digit);
    (state.tile_mut(pos).kind, state.tile_mut(pos).digit) = there;
    (state.tile_mut(other).kind, state.tile_mut(other).digit) = here;
    let floor = &mut state.floors[pos.floor.index()];
    if here.0 == crate::cards::TileKind::Safe {
        floor.safe = other.cell;
    } else if there.0 == crate::cards::TileKind::Safe {
        floor.safe = pos.cell;
    }
}

/// The patrol cards of `floor` that may come next, each as likely: the unseen ones (deck and
/// set-aside) but the one the Spotter sent under a deck of several, or none when the next card
/// is known or the deck is empty (it is reshuffled first).
fn next_patrol_cards(state: &State, floor: crate::ids::Floor) -> Vec<crate::ids::Cell> {
    let f = &state.floors[floor.index()];
    let known = state.known_patrol_top(floor).is_some();
    let bottom = state.known_patrol_bottom(floor);
    // A deck down to the card sent under it: that card comes next.
    if known || f.patrol.is_empty() || (bottom.is_some() && f.patrol.len() == 1) {
        return Vec::new();
    }
    f.patrol
        .iter()
        .chain(f.set_aside.iter())
        .copied()
        .filter(|c| Some(*c) != bottom)
        .collect()
}

/// Makes `card` the top of `floor`'s patrol deck (trading places with the top card when it
/// lies among the set-aside cards).
fn put_on_top(state: &mut State, floor: crate::ids::Floor, card: crate::ids::Cell) {
    let f = &mut state.floors[floor.index()];
    if let Some(i) = f.patrol.iter().position(|c| *c == card) {
        let c = f.patrol.remove(i);
        f.patrol.push(c);
    } else if let Some(i) = f.set_aside.iter().position(|c| *c == card)
        && let Some(top) = f.patrol.pop()
    {
        f.set_aside[i] = top;
        f.patrol.push(card);
    }
}

/// Deals the unseen patrol cards of a floor anew (the known top card stays, and so does the
/// known bottom one).
fn reshuffle_patrol(state: &mut State, floor: crate::ids::Floor, rng: &mut GameRng) {
    if state.known_patrol_top(floor).is_some() {
        return;
    }
    let bottom = state.known_patrol_bottom(floor);
    let f = &mut state.floors[floor.index()];
    let keep = usize::from(bottom.is_some() && f.patrol.first().copied() == bottom);
    let deck = f.patrol.len() - keep;
    let mut pool: crate::state::Cells<_> = f
        .patrol
        .drain(keep..)
        .chain(f.set_aside.drain(..))
        .collect();
    rng.shuffle(&mut pool);
    f.set_aside = pool.drain(deck..).collect();
    f.patrol.extend(pool);
}

impl Planner {
    /// The value of playing `action` in `state` and then the best continuation of the turn.
    fn value(&mut self, state: &State, action: &Action, last_peek: Option<usize>) -> f64 {
        if matches!(action, Action::EndTurn {})
            && !self.event_odds.is_empty()
            && crate::turn::draws_event(state)
        {
            return self.end_turn_with_event(state);
        }
        if matches!(action, Action::EndTurn {})
            && self.sight == Sight::Team
            && patrol_unknown(state)
        {
            // The guard reaches his destination and draws a card nobody knows: every unseen
            // card is as likely to come next, so average over each of them (a few samples
            // only when the deck must be reshuffled first).
            let floor = state.active().pos().map(|p| p.floor);
            let mut sum = 0.0;
            let cards = floor.map_or_else(Vec::new, |f| next_patrol_cards(state, f));
            if let (Some(f), false) = (floor, cards.is_empty()) {
                for card in &cards {
                    let mut s = state.clone();
                    s.rng = self.rng.fork();
                    reshuffle_patrol(&mut s, f, &mut self.rng);
                    put_on_top(&mut s, f, *card);
                    sum += self.after(s, action, None);
                }
                return sum / cards.len() as f64;
            }
            for _ in 0..GUARD_SAMPLES {
                let mut s = state.clone();
                s.rng = self.rng.fork();
                if let Some(f) = floor {
                    reshuffle_patrol(&mut s, f, &mut self.rng);
                }
                sum += self.after(s, action, None);
            }
            return sum / f64::from(GUARD_SAMPLES);
        }
        if let Action::Move { floor, .. } = action
            && state.floors[floor.index()].guard.is_none()
            && self.sight == Sight::Team
        {
            // A guard appears on a floor first entered, on a room drawn at random.
            let c = state.active();
            let rooms = state.rooms(*floor).count() as f64;
            let loss = if c.stealth == 0 {
                1.0e7
            } else {
                super::score::stealth_loss(c.stealth)
            };
            let v = self.after(state.clone(), action, None);
            return v - loss / rooms;
        }
        if let Some(chance) = chance(state, action)
            && !(matches!(chance, Chance::Room(_)) && self.sight == Sight::Everything)
        {
            // An outcome nobody can know yet (a room turned over, a die): average over a few
            // draws, so that no plan is chosen for the draw this copy happens to hold.
            let samples = if self.depth == 0 {
                CHANCE_SAMPLES
            } else {
                NESTED_SAMPLES
            };
            let peek = peek_key(state, action);
            let mut sum = 0.0;
            for _ in 0..samples {
                let mut s = state.clone();
                s.rng = self.rng.fork();
                if let Chance::Room(pos) = chance {
                    redeal_room(&mut s, pos, &mut self.rng);
                }
                sum += self.after(s, action, peek);
            }
            return sum / f64::from(samples);
        }
        let peek = peek_key(state, action);
        let _ = last_peek;
        self.after(state.clone(), action, peek)
    }

    /// Ends the turn with an event drawn: the average over every card the deck may give (each
    /// paired with one of the guard's next patrol cards when he may draw one, in turn).
    fn end_turn_with_event(&mut self, state: &State) -> f64 {
        let floor = state.active().pos().map(|p| p.floor);
        let unknown = self.sight == Sight::Team && patrol_unknown(state);
        let patrol = match floor {
            Some(f) if unknown => next_patrol_cards(state, f),
            _ => Vec::new(),
        };
        let offset = if patrol.is_empty() {
            0
        } else {
            self.rng.index(patrol.len())
        };
        let (mut sum, mut total) = (0.0, 0.0);
        for i in 0..self.event_odds.len() {
            let (card, n) = self.event_odds[i];
            let mut s = state.clone();
            s.rng = self.rng.fork();
            s.events.clear();
            s.events.push(card);
            if let Some(f) = floor
                && unknown
            {
                reshuffle_patrol(&mut s, f, &mut self.rng);
                if !patrol.is_empty() {
                    put_on_top(&mut s, f, patrol[(offset + i) % patrol.len()]);
                }
            }
            sum += f64::from(n) * self.after(s, &Action::EndTurn {}, None);
            total += f64::from(n);
        }
        sum / total
    }

    fn after(&mut self, mut s: State, action: &Action, peek: Option<usize>) -> f64 {
        self.nodes += 1;
        let mut penalty = 0.0;
        if matches!(action, Action::EndTurn {})
            && crate::turn::draws_event(&s)
            && s.events.is_empty()
        {
            penalty = EVENT_PENALTY;
        }
        let from = s.chars[s.current].pos();
        self.events.clear();
        if self.depth == 0 {
            // The decision's actions were listed on the true state, not on this copy.
            if crate::turn::apply(&mut s, self.seat, action, &mut self.events).is_err() {
                return f64::NEG_INFINITY;
            }
        } else {
            crate::turn::apply_listed(&mut s, self.seat, action, &mut self.events);
        }
        // Answer the choices the rules ask for as the bot would.
        let mut guard = 0;
        while s.outcome.is_none() && s.decision.is_some() && guard < 8 {
            guard += 1;
            let seat = crate::turn::acting_seat(&s);
            let mut legal = Vec::new();
            crate::turn::legal(&s, seat, &mut legal);
            if legal.is_empty() {
                break;
            }
            let d = s.decision.clone().expect("checked");
            let k = super::answer(&s, &d, &legal, &mut self.rng, self.sight);
            self.events.clear();
            crate::turn::apply_listed(&mut s, seat, &legal[k], &mut self.events);
        }
        if let Some(o) = &s.outcome
            && o.verdict == lockpick_engine::Verdict::Lost
        {
            return self.capture - penalty;
        }
        if s.outcome.is_some() || s.turn_number != self.turn || s.stage != Stage::Actions {
            return super::score::score(&s) - penalty;
        }
        if s.decision.is_some() {
            return super::score::score(&s) - penalty;
        }
        if self.nodes >= NODE_BUDGET {
            return self.after(s, &Action::EndTurn {}, None);
        }
        // The best continuation.
        let mut legal = Vec::new();
        crate::turn::legal(&s, self.seat, &mut legal);
        let moved = !matches!(action, Action::Peek { .. });
        let last = if moved { None } else { peek };
        let came_from = if matches!(action, Action::Move { .. }) {
            from
        } else {
            None
        };
        let mut best = f64::NEG_INFINITY;
        self.depth += 1;
        for a in &legal {
            if !candidate(&s, a, last, came_from) {
                continue;
            }
            let v = self.value(&s, a, last);
            if v > best {
                best = v;
            }
        }
        self.depth -= 1;
        best - penalty
    }
}
