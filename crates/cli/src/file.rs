//! Saved games on disk: loading with a distinct error for each way a file can be wrong, and
//! saving through a temporary file renamed into place, so a failure never leaves half a file.

use std::collections::BTreeMap;
use std::fs::{self, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};

use lockpick_engine::{DynGame, DynSession, LoadError, Registry, SavedGame, Seat};

use crate::CliError;

/// A loaded game: its registry entry and the session rebuilt by replaying its log.
pub(crate) struct Loaded<'r> {
    pub(crate) game: &'r dyn DynGame,
    pub(crate) session: Box<dyn DynSession>,
    pub(crate) save: SavedGame,
}

/// Reads, parses and replays `path` (the replay checks the saved hash).
pub(crate) fn load<'r>(registry: &'r Registry, path: &Path) -> Result<Loaded<'r>, CliError> {
    let bytes = fs::read(path).map_err(|source| match source.kind() {
        ErrorKind::NotFound => CliError::NotFound(path.to_owned()),
        _ => CliError::Read {
            path: path.to_owned(),
            source,
        },
    })?;
    let load_error = |source| CliError::Load {
        path: path.to_owned(),
        source,
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| load_error(LoadError::Corrupted("the file is not UTF-8 text".into())))?;
    let save = SavedGame::from_json(&text).map_err(load_error)?;
    let game = registry
        .get(&save.game)
        .ok_or_else(|| CliError::UnknownGameInFile {
            path: path.to_owned(),
            game: save.game.clone(),
            known: known_games(registry),
        })?;
    crate::seated::check_saved(&save, &crate::sim::bots()).map_err(|reason| {
        CliError::BadBotsInFile {
            path: path.to_owned(),
            reason,
        }
    })?;
    let session = game.load(&save).map_err(load_error)?;
    Ok(Loaded {
        game,
        session,
        save,
    })
}

/// The file's text for `session`, with the seats its bots play.
pub(crate) fn saved_text(session: &dyn DynSession, bots: &BTreeMap<Seat, String>) -> String {
    let mut save = session.save();
    save.bots.clone_from(bots);
    save.to_json()
}

/// The registered ids, for error messages.
pub(crate) fn known_games(registry: &Registry) -> String {
    let ids = registry.ids();
    if ids.is_empty() {
        "none yet".to_owned()
    } else {
        ids
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same directory, flushed to
/// disk, then renamed over `path`.
pub(crate) fn write_atomic(path: &Path, contents: &str) -> Result<(), CliError> {
    let error = |source| CliError::Write {
        path: path.to_owned(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| error(io::Error::new(ErrorKind::InvalidInput, "not a file name")))?;
    for attempt in 0..100 {
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.{attempt}.tmp", std::process::id()));
        let tmp: PathBuf = dir.join(tmp_name);
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => file,
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(error(e)),
        };
        let written = file
            .write_all(contents.as_bytes())
            .and_then(|()| file.sync_all())
            .and_then(|()| fs::rename(&tmp, path));
        return written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            error(e)
        });
    }
    Err(error(io::Error::new(
        ErrorKind::AlreadyExists,
        "no free temporary file name",
    )))
}
