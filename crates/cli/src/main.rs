//! The `lockpick` binary: the registry of games this build offers, and the command line.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    lockpick::run_with_input(
        &lockpick::registry(),
        std::env::args_os(),
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        // Not locked for the whole run: `lockpick serve` logs to stderr from many threads.
        &mut io::stderr(),
    )
}
