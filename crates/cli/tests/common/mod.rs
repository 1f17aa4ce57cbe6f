//! Drives the `lockpick` command line in-process with the engine's toy game.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lockpick_engine::testkit::toy::{Toy, ToyAction};
use lockpick_engine::{Game, Options, Seat, SeatCount, Session, ToAct};
use tempfile::TempDir;

/// What one run printed and returned.
#[derive(Debug)]
pub struct Run {
    pub code: ExitCode,
    pub out: String,
    pub err: String,
}

impl Run {
    /// Asserts success and returns stdout.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(self.code, ExitCode::SUCCESS, "expected success: {self:?}");
        &self.out
    }

    /// Asserts a failed command with exactly one `error: ...` line on stderr, and returns it
    /// without the prefix.
    #[track_caller]
    pub fn error(&self) -> &str {
        assert_eq!(self.code, ExitCode::FAILURE, "expected failure: {self:?}");
        assert_eq!(
            self.err.lines().count(),
            1,
            "expected one line on stderr: {self:?}"
        );
        assert!(
            self.out.is_empty(),
            "a failed command prints nothing on stdout: {self:?}"
        );
        self.err
            .trim_end()
            .strip_prefix("error: ")
            .expect("the line starts with 'error: '")
    }
}

/// Runs `lockpick ARGS...` with the toy game registered.
pub fn lockpick(args: &[&str]) -> Run {
    lockpick_with(&lockpick_engine::Registry::new().with::<Toy>(), args)
}

/// Runs `lockpick ARGS...` with `registry`.
pub fn lockpick_with(registry: &lockpick_engine::Registry, args: &[&str]) -> Run {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("lockpick").chain(args.iter().copied());
    let code = lockpick::run(registry, argv, &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8(out).expect("stdout is UTF-8"),
        err: String::from_utf8(err).expect("stderr is UTF-8"),
    }
}

/// A temporary directory with a path for a saved game in it.
pub struct Table {
    _dir: TempDir,
    pub path: PathBuf,
}

impl Table {
    /// An empty directory; `path` does not exist yet.
    pub fn empty() -> Self {
        let dir = TempDir::new().expect("a temporary directory");
        let path = dir.path().join("game.json");
        Self { _dir: dir, path }
    }

    /// A new 2-seat toy game, seed 7, saved with `lockpick new`.
    pub fn new_game() -> Self {
        let table = Self::empty();
        lockpick(&[
            "new",
            "toy",
            "-o",
            table.file(),
            "--seats",
            "2",
            "--seed",
            "7",
        ])
        .ok();
        table
    }

    /// A 1-seat toy game played to its end, written with the engine directly.
    pub fn finished_game() -> Self {
        let table = Self::empty();
        let options = Options::resolve(&Toy::options_schema(), []).unwrap();
        let mut session = Session::<Toy>::new(options, SeatCount(1), 3).unwrap();
        while let ToAct::Seats { seats } = Toy::to_act(session.state()) {
            let mut legal = Vec::new();
            Toy::legal_actions(session.state(), seats[0], &mut legal);
            let end = legal
                .iter()
                .find(|a| !matches!(a, ToyAction::Move { .. }))
                .unwrap();
            session.apply(seats[0], &end.clone()).unwrap();
        }
        std::fs::write(&table.path, session.to_save().to_json()).unwrap();
        table
    }

    /// The path as a string argument.
    pub fn file(&self) -> &str {
        self.path.to_str().expect("a UTF-8 temporary path")
    }

    /// The file's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.path).expect("the saved game exists")
    }

    /// The file's text.
    pub fn text(&self) -> String {
        String::from_utf8(self.bytes()).unwrap()
    }

    /// Overwrites the file.
    pub fn write(&self, contents: impl AsRef<[u8]>) {
        std::fs::write(&self.path, contents).unwrap();
    }

    /// The legal actions `lockpick legal` prints for `seat`.
    pub fn legal(&self, seat: Seat) -> Vec<String> {
        let run = lockpick(&["legal", self.file(), "--seat", &seat.number().to_string()]);
        run.ok().lines().map(str::to_owned).collect()
    }
}

/// The files in `dir` (to check no temporary file is left behind).
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `lockpick ARGS...` with `registry`, `input` standing for what the player types.
pub fn lockpick_typing(registry: &lockpick_engine::Registry, args: &[&str], input: &str) -> Run {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("lockpick").chain(args.iter().copied());
    let code = lockpick::run_with_input(registry, argv, &mut input.as_bytes(), &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8(out).expect("stdout is UTF-8"),
        err: String::from_utf8(err).expect("stderr is UTF-8"),
    }
}
