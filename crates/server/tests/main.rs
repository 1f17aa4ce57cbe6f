//! Every integration test of the crate, in one test binary
//! (`cargo test -p lockpick-server --test server`): one build and one link rather than one per
//! file, which keeps CI's test build short. Each file is a module;
//! `cargo test -p lockpick-server --test server MODULE::` runs one file's tests.

mod common;

mod formats;
mod play;
mod refusals;
mod replay;
mod rest;
mod store;
mod takeover;
