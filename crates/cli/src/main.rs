//! The `lockpick` binary: the registry of games this build offers, and the command line.

use std::io;
use std::process::ExitCode;

use lockpick_engine::Registry;

/// Every game this build offers. Register a game by adding `.with::<TheGame>()`.
fn registry() -> Registry {
    Registry::new()
        .with::<lockpick_burgle::Burgle>()
        .with::<lockpick_hacktivity::Hacktivity>()
}

fn main() -> ExitCode {
    lockpick::run(
        &registry(),
        std::env::args_os(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    )
}
