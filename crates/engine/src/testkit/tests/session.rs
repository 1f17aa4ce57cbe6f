//! Sessions on the toy heist: applying, refusing, and undo with its barriers.

use crate::testkit::toy::{Toy, ToyAction};
use crate::{ActError, Game, Options, Seat, SeatCount, Session, ToAct, UndoError};

fn session(seats: u8) -> Session<Toy> {
    let options = Options::resolve(&Toy::options_schema(), []).unwrap();
    Session::new(options, SeatCount(seats), 7).unwrap()
}

fn legal(session: &Session<Toy>, seat: Seat) -> Vec<ToyAction> {
    let mut out = Vec::new();
    Toy::legal_actions(session.state(), seat, &mut out);
    out
}

/// The first legal action of `seat` that is not a move: it draws or reveals, an undo barrier.
fn turn_ender(session: &Session<Toy>, seat: Seat) -> ToyAction {
    legal(session, seat)
        .into_iter()
        .find(|a| !matches!(a, ToyAction::Move { .. }))
        .expect("a seat can always end its turn")
}

#[test]
fn a_move_can_be_undone_and_restores_the_state() {
    let mut s = session(1);
    let start = s.state().clone();
    s.apply(Seat(0), &ToyAction::Move { room: 1 }).unwrap();
    assert!(s.can_undo(Seat(0)));
    s.undo(Seat(0)).unwrap();
    assert_eq!(s.state(), &start);
    assert!(s.log().is_empty());
    assert!(!s.can_undo(Seat(0)));
}

#[test]
fn two_moves_undo_newest_first() {
    let mut s = session(1);
    s.apply(Seat(0), &ToyAction::Move { room: 1 }).unwrap();
    let after_one = s.state().clone();
    s.apply(Seat(0), &ToyAction::Move { room: 2 }).unwrap();
    s.undo(Seat(0)).unwrap();
    assert_eq!(s.state(), &after_one);
    assert_eq!(s.log(), &[(Seat(0), ToyAction::Move { room: 1 })]);
    s.undo(Seat(0)).unwrap();
    assert!(s.log().is_empty());
}

#[test]
fn a_draw_is_an_undo_barrier() {
    let mut s = session(2);
    s.apply(Seat(0), &ToyAction::Move { room: 1 }).unwrap();
    let end = turn_ender(&s, Seat(0));
    s.apply(Seat(0), &end).unwrap();
    assert!(!s.can_undo(Seat(0)));
    let before = s.state().clone();
    assert_eq!(s.undo(Seat(0)), Err(UndoError::Nothing));
    assert_eq!(s.state(), &before, "a refused undo changes nothing");
    assert_eq!(s.log().len(), 2);
}

#[test]
fn only_the_seat_that_moved_may_undo() {
    let mut s = session(2);
    s.apply(Seat(0), &ToyAction::Move { room: 1 }).unwrap();
    let before = s.state().clone();
    let err = s.undo(Seat(1)).unwrap_err();
    assert_eq!(err, UndoError::NotYours(Seat(0)));
    assert_eq!(err.to_string(), "the last action is seat 0's, not yours");
    assert_eq!(s.state(), &before);
    assert!(!s.can_undo(Seat(1)));
}

#[test]
fn nothing_to_undo_at_the_start() {
    let mut s = session(1);
    let err = s.undo(Seat(0)).unwrap_err();
    assert_eq!(err, UndoError::Nothing);
    assert_eq!(
        err.to_string(),
        "nothing to undo: the last action cannot be taken back"
    );
}

#[test]
fn another_seats_turn_is_refused_without_change() {
    let mut s = session(2);
    let before = s.state().clone();
    assert_eq!(
        s.apply(Seat(1), &ToyAction::Move { room: 1 }).unwrap_err(),
        ActError::NotYourTurn(Seat(1))
    );
    assert_eq!(
        s.apply(Seat(2), &ToyAction::Move { room: 1 }).unwrap_err(),
        ActError::SeatOutOfRange {
            seat: Seat(2),
            seats: SeatCount(2)
        }
    );
    assert_eq!(s.state(), &before);
    assert!(s.log().is_empty());
}

#[test]
fn an_illegal_action_is_refused_with_the_games_reason() {
    let mut s = session(1);
    let err = s.apply(Seat(0), &ToyAction::Move { room: 3 }).unwrap_err();
    assert_eq!(
        err,
        ActError::Illegal {
            reason: "room 3 is not next to room 0".into(),
            fr: "room 3 is not next to room 0".into(),
        },
        "a game that words its refusals in English only gives them in English"
    );
    assert_eq!(
        err.to_string(),
        "illegal action: room 3 is not next to room 0"
    );
    assert!(s.log().is_empty());
}

#[test]
fn a_finished_game_refuses_every_action() {
    let mut s = session(1);
    while let ToAct::Seats { seats } = Toy::to_act(s.state()) {
        let end = turn_ender(&s, seats[0]);
        s.apply(seats[0], &end).unwrap();
    }
    let before = s.state().clone();
    assert_eq!(s.apply(Seat(0), &ToyAction::Pass), Err(ActError::GameOver));
    assert_eq!(s.state(), &before);
}
