//! Every integration test of the crate, in one test binary (`cargo test -p lockpick --test cli`):
//! one build and one link rather than one per file, which keeps CI's test build short. Each
//! file is a module; `cargo test -p lockpick --test cli MODULE::` runs one file's tests.

mod common;

mod bots;
mod burgle;
mod content_french;
mod errors;
mod french;
mod play;
mod serve;
