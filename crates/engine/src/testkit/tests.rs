//! The kit's own tests, and tests of sessions and saved games, all on the toy heist.

mod kit;
mod save;
mod session;
