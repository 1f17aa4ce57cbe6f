//! The kit passes the sound toy and names the problem of each flawed one.

use crate::testkit::toy::{Toy, ToyGame, flaw};
use crate::testkit::{Check, KitConfig, KitFailure, Probe, check, check_table};
use crate::{Options, SeatCount};

fn config(seeds: std::ops::Range<u64>) -> KitConfig {
    KitConfig {
        seeds,
        ..KitConfig::default()
    }
}

fn failure<G: Probe>(config: &KitConfig) -> KitFailure {
    match check::<G>(config) {
        Ok(report) => panic!("the kit passed a flawed game:\n{report}"),
        Err(failure) => failure,
    }
}

#[test]
fn the_sound_toy_passes_every_check_with_wins_and_losses() {
    let report = check::<Toy>(&KitConfig::thorough(0..60)).unwrap_or_else(|f| panic!("{f}"));
    let tables = Toy::configs().len();
    assert_eq!(report.playouts, 60 * tables);
    assert!(report.won > 0 && report.lost > 0, "{report}");
    assert_eq!(report.won + report.lost, report.playouts);
    assert!(report.outcomes.contains_key("won/cracked"), "{report}");
    assert!(report.outcomes.contains_key("lost/alarm"), "{report}");
    assert_eq!(
        report.checked_steps, report.steps,
        "check_every 1 checks every step"
    );
    assert!(
        report.replays > report.playouts,
        "replay_every 8 replays mid-game too"
    );
    assert!(report.illegal_probes > report.steps, "{report}");
    assert!(report.undos > 0 && report.determinizations > 0 && report.leak_checks > 0);
}

#[test]
fn many_seeds_pass_with_sparse_checks() {
    let report = check::<Toy>(&KitConfig::soak(0..1_000)).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.playouts, 1_000 * Toy::configs().len());
    assert!(report.checked_steps < report.steps / 4, "{report}");
}

#[test]
fn how_often_the_kit_checks_does_not_change_the_playouts() {
    let every = check::<Toy>(&config(0..40)).unwrap();
    let sparse = check::<Toy>(&KitConfig {
        check_every: 7,
        ..config(0..40)
    })
    .unwrap();
    assert_eq!(
        (every.steps, &every.outcomes),
        (sparse.steps, &sparse.outcomes)
    );
    assert!(sparse.checked_steps < every.checked_steps);
}

#[test]
fn a_leaky_view_is_a_leak() {
    let f = failure::<ToyGame<{ flaw::LEAKY_VIEW }>>(&config(0..10));
    assert_eq!(f.check, Check::Leak, "{f}");
    assert!(f.detail.contains("the view for"), "{f}");
    assert!(f.detail.contains("hidden from this viewer"), "{f}");
    assert!(f.to_string().contains("/all_hands/"), "{f}");
}

#[test]
fn an_unredacted_event_is_a_leak() {
    let f = failure::<ToyGame<{ flaw::LEAKY_EVENT }>>(&config(0..10));
    assert_eq!(f.check, Check::Leak, "{f}");
    assert!(f.detail.contains("\"type\":\"drew\""), "{f}");
}

#[test]
fn determinize_must_keep_the_seats_view() {
    let f = failure::<ToyGame<{ flaw::DETERMINIZE_CHANGES_VIEW }>>(&config(0..10));
    assert_eq!(f.check, Check::DeterminizeView, "{f}");
    assert!(f.detail.contains("at /hand/"), "{f}");
}

#[test]
fn a_refused_action_must_not_change_the_state() {
    let f = failure::<ToyGame<{ flaw::MUTATES_ON_ERROR }>>(&config(0..10));
    assert_eq!(f.check, Check::MutatedOnError, "{f}");
    assert!(f.detail.contains("at /alarm: 0 vs 1"), "{f}");
    assert!(f.action.is_some() && f.seat.is_some(), "{f}");
}

#[test]
fn a_game_that_never_ends_fails_at_max_steps() {
    let f = failure::<ToyGame<{ flaw::NEVER_ENDS }>>(&KitConfig {
        max_steps: 300,
        ..config(0..3)
    });
    assert_eq!(f.check, Check::NeverEnds, "{f}");
    assert_eq!(f.step, Some(300));
    assert!(
        f.to_string().contains("no outcome after 300 actions"),
        "{f}"
    );
}

#[test]
fn a_listed_action_that_apply_refuses_is_caught() {
    let f = failure::<ToyGame<{ flaw::LISTS_REFUSED }>>(&config(0..10));
    assert_eq!(f.check, Check::LegalRefused, "{f}");
    assert_eq!(f.action, Some(serde_json::json!({"type": "crack"})), "{f}");
    assert!(f.detail.contains("the vault is in room 3"), "{f}");
}

#[test]
fn a_seat_to_act_without_legal_actions_is_caught() {
    type Stuck = ToyGame<{ flaw::NO_ACTIONS }>;
    let f = failure::<Stuck>(&KitConfig {
        determinize_depth: 0,
        ..config(0..20)
    });
    assert_eq!(f.check, Check::NoLegalAction, "{f}");
    assert!(f.seat.is_some_and(|s| f.seats.contains(s)), "{f}");
    assert!(f.detail.contains("which has no legal action"), "{f}");
    // Playing ahead from determinized states finds the dead end sooner.
    let ahead = failure::<Stuck>(&config(0..20));
    assert_eq!(ahead.check, Check::DeterminizePlayout, "{ahead}");
    assert!(ahead.detail.contains("has no legal action"), "{ahead}");
    assert!(ahead.step <= f.step, "{ahead}\n{f}");
}

#[test]
fn a_fast_path_that_plays_differently_is_caught() {
    let f = failure::<ToyGame<{ flaw::LISTED_DIFFERS }>>(&config(0..10));
    assert_eq!(f.check, Check::Nondeterministic, "{f}");
    assert!(f.detail.contains("apply_listed, then apply"), "{f}");
    assert!(f.detail.contains("alarm"), "{f}");
}

#[test]
fn nondeterministic_apply_is_caught() {
    let f = failure::<ToyGame<{ flaw::NONDETERMINISTIC }>>(&config(0..10));
    assert!(
        matches!(f.check, Check::Nondeterministic | Check::Replay),
        "{f}"
    );
    let sparse = KitConfig {
        check_every: 1_000,
        ..config(0..10)
    };
    let f = failure::<ToyGame<{ flaw::NONDETERMINISTIC }>>(&sparse);
    assert!(
        matches!(f.check, Check::Nondeterministic | Check::Replay),
        "{f}"
    );
}

#[test]
fn an_invalid_option_default_is_a_schema_failure() {
    let f = failure::<ToyGame<{ flaw::BAD_DEFAULT }>>(&config(0..1));
    assert_eq!(f.check, Check::Schema, "{f}");
    assert_eq!(f.seed, None);
    assert!(
        f.detail
            .contains("the default of option 'target' is invalid"),
        "{f}"
    );
}

#[test]
fn a_setup_that_seats_too_many_players_is_a_schema_failure() {
    let f = failure::<ToyGame<{ flaw::SEATS_UNCHECKED }>>(&config(0..1));
    assert_eq!(f.check, Check::Schema, "{f}");
    assert!(
        f.detail
            .contains("setup accepts 0 seats, outside 1..=3: it must refuse them"),
        "{f}"
    );
}

#[test]
fn a_game_panic_is_reported_with_its_seed_and_action() {
    let f = failure::<ToyGame<{ flaw::PANICS }>>(&config(0..20));
    assert_eq!(f.check, Check::Panic, "{f}");
    assert!(f.detail.contains("the toy's vault exploded"), "{f}");
    assert_eq!(f.action, Some(serde_json::json!({"type": "crack"})), "{f}");
    assert!(f.seed.is_some() && f.step.is_some());
}

#[test]
fn a_failure_reproduces_from_its_seed_alone() {
    type Broken = ToyGame<{ flaw::LISTS_REFUSED }>;
    let first = failure::<Broken>(&config(0..50));
    let seed = first.seed.expect("a playout failure has a seed");
    let again = check_table::<Broken>(&first.options, first.seats, &config(seed..seed + 1))
        .expect_err("the same seed fails again");
    assert_eq!(again, first);
    let message = first.to_string();
    assert!(
        message.contains(&format!("reproduce with seeds: {seed}..{}", seed + 1)),
        "{message}"
    );
    assert!(message.contains("game toy"), "{message}");
}

#[test]
fn a_table_the_game_cannot_seat_is_a_setup_failure() {
    let options = Options::resolve(&<Toy as crate::Game>::options_schema(), []).unwrap();
    let f = check_table::<Toy>(&options, SeatCount(5), &config(0..1)).unwrap_err();
    assert_eq!(f.check, Check::Setup, "{f}");
    assert!(
        f.detail.contains("this game seats 1 to 3 players, not 5"),
        "{f}"
    );
}
