//! The engine's conformance kit on Burgle Bros.: every check at every step on a few seeds of
//! every option family, then a soak of many seeds per job (expensive checks every 32 steps).
//! `LOCKPICK_KIT_SEEDS` sets the soak's seeds per job; `./scripts/test` runs 10,000.

use lockpick_burgle::Burgle;
use lockpick_engine::testkit::{self, KitConfig};
use lockpick_engine::{Game, Options, SeatCount};

fn soak_seeds() -> u64 {
    std::env::var("LOCKPICK_KIT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

#[test]
fn burgle_keeps_the_engine_contract_on_every_option_family() {
    let report =
        testkit::check::<Burgle>(&KitConfig::thorough(0..12)).unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{report}");
}

fn soak(job: &str) {
    let options = Options::resolve(&Burgle::options_schema(), [("job", job)]).unwrap();
    let config = KitConfig::soak(0..soak_seeds());
    let report = testkit::check_table::<Burgle>(&options, SeatCount(2), &config)
        .unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{job}: {report}");
}

#[test]
fn soak_office() {
    soak("office");
}

#[test]
fn soak_bank() {
    soak("bank");
}

#[test]
fn soak_fort_knox() {
    soak("fort_knox");
}
