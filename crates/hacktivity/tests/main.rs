//! The crate's integration tests in one test binary
//! (`cargo test -p lockpick-hacktivity --test hacktivity`): one build and one link rather than
//! one per file, which keeps CI's test build short. Each file is a module;
//! `cargo test -p lockpick-hacktivity --test hacktivity MODULE::` runs one file's tests.
//! `conformance` and `balance` stay binaries of their own: they are run by name, optimized,
//! with more seeds (`--release --test conformance`, `--release --test balance`).

mod action_text;
mod characters;
mod icons;
mod rules;
mod rules_map;
mod smoke;
