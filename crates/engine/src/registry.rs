use crate::{DynGame, Game, dyn_game::Entry};

/// The games a program offers, by id.
#[derive(Default)]
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.games.iter().map(|g| g.id()))
            .finish()
    }
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a game.
    ///
    /// # Panics
    /// Panics if a game with the same id is already registered (a programming error).
    #[must_use]
    pub fn with<G: Game>(mut self) -> Self {
        assert!(
            self.get(G::ID).is_none(),
            "game '{}' registered twice",
            G::ID
        );
        self.games.push(Box::new(Entry::<G>::new()));
        self
    }

    /// The game with this id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&dyn DynGame> {
        self.games.iter().find(|g| g.id() == id).map(AsRef::as_ref)
    }

    /// Every game, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn DynGame> {
        self.games.iter().map(AsRef::as_ref)
    }

    /// The ids, comma-separated (for error messages).
    #[must_use]
    pub fn ids(&self) -> String {
        self.games
            .iter()
            .map(|g| g.id())
            .collect::<Vec<_>>()
            .join(", ")
    }
}
