//! The crate's integration tests in one test binary
//! (`cargo test -p lockpick-burgle --test burgle`): one build and one link rather than one per
//! file, which keeps CI's test build short. Each file is a module;
//! `cargo test -p lockpick-burgle --test burgle MODULE::` runs one file's tests.
//! `conformance` stays a binary of its own: its soak is run by name, optimized, with more
//! seeds (`--release --test conformance`).

mod action_text;
mod characters;
mod events;
mod guard_path;
mod heuristic;
mod rules;
mod rules_map;
mod smoke;
mod text_board;
mod tools;
