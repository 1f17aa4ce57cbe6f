//! The flow of a game: who acts, what they may do, the play phase's turns, the end of a wave
//! and the end of the game.

use lockpick_engine::{ActingSeats, Outcome, Seat, ToAct, Verdict, Why};

use crate::actions::{Action, Event, Illegal};
use crate::effects::{expand, push_front};
use crate::ids::{CardId, Side, Zone};
use crate::state::{DrawSplit, NextStep, Phase, State, Turn};

/// Ends the game with a defeat for `reason`.
pub fn finish_lost(state: &mut State, reason: &str, events: &mut Vec<Event>) {
    finish(state, Outcome::lost(reason), events);
}

/// Ends the game, recording the campaign's next step.
pub fn finish(state: &mut State, outcome: Outcome, events: &mut Vec<Event>) {
    if state.outcome.is_some() {
        return;
    }
    let c = &mut state.campaign;
    match outcome.verdict {
        Verdict::Won => {
            c.defeats = c.defeats_before;
            c.next = Some(NextStep::NextScenario);
        }
        Verdict::Lost => {
            c.defeats = c.defeats_before + 1;
            c.next = Some(match c.defeats {
                1 => NextStep::Replay,
                2 => NextStep::EmergencyProtocol,
                _ => NextStep::MoveOn,
            });
        }
    }
    events.push(Event::GameOver {
        verdict: outcome.verdict,
        reason: outcome.reason.clone(),
        campaign: state.campaign,
    });
    state.outcome = Some(outcome);
    state.phase = Phase::Over;
    state.tasks.clear();
    state.turn = None;
}

/// Who may act now.
#[must_use]
pub fn to_act(state: &State) -> ToAct {
    if let Some(outcome) = &state.outcome {
        return ToAct::Over {
            outcome: outcome.clone(),
        };
    }
    ToAct::Seats {
        seats: acting(state),
    }
}

/// The seats that may act now.
#[must_use]
pub fn acting(state: &State) -> ActingSeats {
    if state.outcome.is_some() {
        return ActingSeats::new();
    }
    if let Some(seat) = state.deciding() {
        return ActingSeats::from_slice(&[seat]);
    }
    match state.phase {
        // "À tour de rôle": one seat at a time, in playing order (CyberLink first); before
        // format 4 every seat still to choose at once.
        Phase::Draw => {
            let waiting = state.seats().filter(|s| state.draws[s.index()].is_none());
            let at_once = if state.format < 4 { usize::MAX } else { 1 };
            waiting.take(at_once).collect()
        }
        Phase::Plan => state.seats().filter(|s| !state.ready[s.index()]).collect(),
        Phase::Play => state.turn.map(|t| t.seat).into_iter().collect(),
        Phase::Over => ActingSeats::new(),
    }
}

fn can_show(state: &State, seat: Seat) -> bool {
    !state.solo && state.player(seat).hand.iter().any(|h| !h.shown)
}

/// The plays of one card from the hand: both options of a standard card; for an anomaly, its
/// deactivation into each free zone and its self-destruct.
fn plays(state: &State, card: CardId, out: &mut Vec<Action>) {
    if state.card(card).kind.is_anomaly() {
        for zone in state.free_zones() {
            out.push(Action::Play {
                card,
                side: Side::Top,
                zone: Some(zone),
            });
        }
        out.push(Action::Play {
            card,
            side: Side::Bottom,
            zone: None,
        });
    } else {
        for side in Side::ALL {
            out.push(Action::Play {
                card,
                side,
                zone: None,
            });
        }
    }
}

/// Every legal action of `seat`.
pub fn legal(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if !acting(state).contains(&seat) {
        return;
    }
    if let Some(task) = state.tasks.front() {
        out.extend(crate::effects::options(state, task));
        return;
    }
    match state.phase {
        Phase::Draw => {
            out.extend(
                crate::draw::splits(state, seat)
                    .into_iter()
                    .map(|d| Action::ChooseDraw {
                        own: d.own,
                        anomaly: d.anomaly,
                    }),
            )
        }
        Phase::Plan => {
            if can_show(state, seat) {
                out.push(Action::ShowIcons {});
            }
            out.push(Action::Ready {});
        }
        Phase::Play => {
            let Some(turn) = state.turn else { return };
            if turn.played < 2 {
                for h in &state.player(seat).hand {
                    plays(state, h.card, out);
                }
            }
            for program in crate::characters::runnable(state, seat) {
                out.push(Action::RunProgram { program });
            }
            if can_show(state, seat) {
                out.push(Action::ShowIcons {});
            }
            if turn.played >= 1 || state.player(seat).hand.is_empty() {
                out.push(Action::EndTurn {});
            }
        }
        Phase::Over => {}
    }
}

/// Why `action` is not legal for `seat` now.
fn why_illegal(state: &State, seat: Seat, action: &Action) -> Illegal {
    if state.outcome.is_some() {
        return Illegal::Over;
    }
    if !acting(state).contains(&seat) {
        return Illegal::NotYourTurn;
    }
    if !state.tasks.is_empty()
        && matches!(
            action,
            Action::Play { .. }
                | Action::EndTurn {}
                | Action::RunProgram { .. }
                | Action::ShowIcons {}
        )
    {
        return Illegal::ChoicePending;
    }
    match action {
        Action::Play { card, .. } if !state.player(seat).holds(*card) => Illegal::NotInHand(*card),
        Action::Play { zone: Some(z), .. } => Illegal::NotNow(Why::new(
            format!(
                "cannot play that: zone {z} must be free and the card an anomaly, and at most 2 \
                 cards a turn"
            ),
            format!(
                "impossible de jouer cela : la zone {z} doit être libre et la carte une anomalie, \
                 et 2 cartes au plus par tour"
            ),
        )),
        Action::Play { .. } => Illegal::NotNow(Why::new(
            "cannot play that now (an anomaly's deactivation names a free zone; 2 cards a turn)",
            "impossible de jouer cela maintenant (la désactivation d'une anomalie nomme une zone \
             libre ; 2 cartes par tour)",
        )),
        Action::ChooseDraw { own, anomaly } => {
            let tension = state.tension();
            Illegal::BadDraw(Why::new(
                format!(
                    "cannot draw {own} from your deck and {anomaly} anomalies: draw the tension \
                     level ({tension}) within what the decks hold, leaving the others what they \
                     need"
                ),
                format!(
                    "impossible de piocher {own} dans votre pioche et {anomaly} anomalies : \
                     piochez le niveau de tension ({tension}) dans ce que les pioches contiennent, \
                     en laissant aux autres ce qu'il leur faut"
                ),
            ))
        }
        Action::EndTurn {} => Illegal::NotNow(Why::new(
            "play at least one card before ending your turn",
            "jouez au moins une carte avant de finir votre tour",
        )),
        Action::RunProgram { program } => Illegal::NotNow(Why::new(
            format!(
                "program {program} cannot run now (DrPower's turn, enough charge, one-shot \
                 programs once)"
            ),
            format!(
                "le programme {program} ne peut pas être activé maintenant (au tour de DrPower, \
                 avec assez de charge, les programmes à usage unique une seule fois)"
            ),
        )),
        other => {
            let json = serde_json::to_string(other).unwrap_or_default();
            Illegal::NotNow(Why::new(
                format!("{json} is not possible now"),
                format!("{json} n'est pas possible maintenant"),
            ))
        }
    }
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
    let mut legal_now = Vec::new();
    legal(state, seat, &mut legal_now);
    if !legal_now.contains(action) {
        return Err(why_illegal(state, seat, action));
    }
    if !state.tasks.is_empty() {
        crate::effects::answer(state, action, events);
    } else {
        match action {
            Action::ChooseDraw { own, anomaly } => crate::draw::choose(
                state,
                seat,
                DrawSplit {
                    own: *own,
                    anomaly: *anomaly,
                },
                events,
            ),
            Action::ShowIcons {} => show_icons(state, seat, events),
            Action::Ready {} => {
                state.ready[seat.index()] = true;
                events.push(Event::Ready { seat });
                if state.ready.iter().all(|r| *r) {
                    start_play(state, events);
                }
            }
            Action::Play { card, side, zone } => play(state, seat, *card, *side, *zone, events),
            Action::EndTurn {} => end_turn(state, events),
            Action::RunProgram { program } => {
                crate::characters::run_program(state, seat, *program, events);
            }
            Action::Target { .. }
            | Action::Teammate { .. }
            | Action::Discard { .. }
            | Action::Duplicate { .. } => {}
        }
    }
    advance(state, events);
    Ok(())
}

/// Resolves what can be resolved, then moves the turn on when the current player is done.
fn advance(state: &mut State, events: &mut Vec<Event>) {
    crate::effects::run(state, events);
    if state.outcome.is_some() || !state.tasks.is_empty() || state.phase != Phase::Play {
        return;
    }
    let Some(turn) = state.turn else { return };
    let p = state.player(turn.seat);
    let can_play = !p.hand.is_empty() && turn.played < 2;
    let programs = !crate::characters::runnable(state, turn.seat).is_empty();
    if !can_play && !programs {
        end_turn(state, events);
    }
}

/// Tells the team the icons of the hand's cards not yet shown.
fn show_icons(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let mut shapes = Vec::new();
    let hand = state.players[seat.index()].hand.clone();
    for h in &hand {
        if !h.shown {
            shapes.push(state.card(h.card).shape());
        }
    }
    for h in &mut state.player_mut(seat).hand {
        h.shown = true;
    }
    events.push(Event::IconsShown { seat, shapes });
}

/// Plays a card (checked beforehand): to its pile (or a zone, or the enemy discard, or the
/// out-of-play discard), then its option's icons left to right.
fn play(
    state: &mut State,
    seat: Seat,
    card: CardId,
    side: Side,
    zone: Option<Zone>,
    events: &mut Vec<Event>,
) {
    let p = state.player_mut(seat);
    let Some(i) = p.hand.iter().position(|h| h.card == card) else {
        return;
    };
    p.hand.remove(i);
    if let Some(t) = &mut state.turn {
        t.played += 1;
    }
    events.push(Event::CardPlayed {
        seat,
        card,
        side,
        zone,
    });
    let face = state.card(card).clone();
    if face.exiles(side) {
        state.exile.push(card);
        events.push(Event::Exiled { card });
    } else if face.kind.is_anomaly() {
        match (side, zone) {
            (Side::Top, Some(zone)) => crate::antivirus::isolate(state, card, zone, events),
            _ => state.enemy_discard.push(card),
        }
    } else if face.kind == crate::cards::CardKind::Character {
        state.player_mut(seat).pile_mut(side).push(card);
    } else {
        state.enemy_discard.push(card);
    }
    let tasks = expand(state, seat, Some(card), face.option(side));
    push_front(state, tasks);
}

/// Starts the play phase with the first player in order who holds cards.
pub fn start_play(state: &mut State, events: &mut Vec<Event>) {
    state.phase = Phase::Play;
    let first = state.seats().find(|s| !state.player(*s).hand.is_empty());
    match first {
        Some(seat) => begin_turn(state, seat, events),
        None => end_wave(state, events),
    }
}

fn begin_turn(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    state.turn = Some(Turn { seat, played: 0 });
    state.turn_number += 1;
    events.push(Event::TurnStarted { seat });
}

/// Ends the current turn: the next player in order who holds cards plays, or the wave ends.
fn end_turn(state: &mut State, events: &mut Vec<Event>) {
    let Some(turn) = state.turn.take() else {
        return;
    };
    events.push(Event::TurnEnded { seat: turn.seat });
    let n = state.players.len() as u8;
    let next = (1..=n)
        .map(|k| Seat((turn.seat.0 + k) % n))
        .find(|s| !state.player(*s).hand.is_empty());
    match next {
        Some(seat) => begin_turn(state, seat, events),
        None => end_wave(state, events),
    }
}

/// Every hand is empty: the tension marker moves on, and the game ends if every deck is empty
/// too (won with the infection at 0 or below); otherwise a new wave begins.
fn end_wave(state: &mut State, events: &mut Vec<Event>) {
    state.turn = None;
    events.push(Event::WaveEnded { wave: state.wave });
    let last = state.scenario().tension.len().saturating_sub(1) as u8;
    state.tension_step = (state.tension_step + 1).min(last);
    let rules = crate::scenario::rules(state.scenario);
    rules.after_wave(state, events);
    if state.outcome.is_some() {
        return;
    }
    if state.all_cards_played() {
        if state.infection <= 0 && rules.extra_victory(state) {
            finish(state, Outcome::won("network_cleaned"), events);
        } else {
            finish_lost(state, "infection_remains", events);
        }
        return;
    }
    state.wave += 1;
    state.phase = Phase::Draw;
    state.draws = vec![None; state.players.len()];
    state.ready = vec![false; state.players.len()];
    events.push(Event::WaveStarted {
        wave: state.wave,
        tension: state.tension(),
    });
}
