//! The engine's conformance kit on Hacktivity: every check at every step on a few seeds of
//! every table (1 to 4 seats and the option families), then a soak of many seeds per player
//! count (expensive checks every 32 steps). `LOCKPICK_KIT_SEEDS` sets the soak's seeds per
//! player count.

use lockpick_engine::SeatCount;
use lockpick_engine::testkit::{self, KitConfig, default_options};
use lockpick_hacktivity::Hacktivity;

fn soak_seeds() -> u64 {
    std::env::var("LOCKPICK_KIT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
}

#[test]
fn hacktivity_keeps_the_engine_contract_on_every_table() {
    let report =
        testkit::check::<Hacktivity>(&KitConfig::thorough(0..6)).unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{report}");
}

fn soak(players: u8) {
    let config = KitConfig::soak(0..soak_seeds());
    let report = testkit::check_table::<Hacktivity>(
        &default_options::<Hacktivity>(),
        SeatCount(players),
        &config,
    )
    .unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{players} player(s): {report}");
}

#[test]
fn soak_solo() {
    soak(1);
}

#[test]
fn soak_two_players() {
    soak(2);
}

#[test]
fn soak_three_players() {
    soak(3);
}

#[test]
fn soak_four_players() {
    soak(4);
}
