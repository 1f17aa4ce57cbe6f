//! Running the server: bind, serve until asked to stop, then stop cleanly.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use lockpick_ai::Bots;
use lockpick_engine::Registry;
use tokio::net::TcpListener;

use crate::config::Config;
use crate::state::AppState;
use crate::store::{Store, StoreError};

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The store could not be opened, migrated or read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("the server failed: {0}")]
    Serve(#[source] std::io::Error),
}

/// A server bound to its address, with its tables resumed, ready to [`Server::run`].
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    state: AppState,
}

impl Server {
    /// Opens the store (running its migrations), resumes every unfinished table and binds the
    /// address (`127.0.0.1:0` picks a free port).
    ///
    /// # Errors
    /// The store cannot be opened or read, or the address cannot be bound.
    pub async fn bind(
        config: Config,
        registry: Arc<Registry>,
        bots: Arc<Bots>,
    ) -> Result<Self, ServerError> {
        let store = Store::open(&config.db).await?;
        let listener =
            TcpListener::bind(&config.addr)
                .await
                .map_err(|source| ServerError::Bind {
                    addr: config.addr.clone(),
                    source,
                })?;
        let state = AppState::new(store, registry, bots, config.settings).await?;
        Ok(Self { listener, state })
    }

    /// The address the server listens on.
    ///
    /// # Errors
    /// The socket cannot tell (it always can once bound).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The server's state (to stop it from a test: [`AppState::shutdown`]).
    #[must_use]
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes (or [`AppState::shutdown`] is called), then stops
    /// taking requests, lets requests in flight finish, closes every socket with "going away",
    /// stops the bots between two moves and closes the store. Every action acknowledged before
    /// is on disk.
    ///
    /// # Errors
    /// Serving failed.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let Self { listener, state } = self;
        let token = state.shutdown_token();
        if let Ok(addr) = listener.local_addr() {
            tracing::info!(%addr, "listening");
        }
        let stop = token.clone();
        // Served with each peer's address: the limit on tables and seats created counts per address.
        let app =
            crate::app(state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>();
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                tokio::select! {
                    () = shutdown => {}
                    () = stop.cancelled() => {}
                }
                tracing::info!("shutting down");
                stop.cancel();
            })
            .await;
        state.finish().await;
        tracing::info!("stopped");
        served.map_err(ServerError::Serve)
    }
}

/// Binds and runs a server with `config` until `shutdown` completes.
///
/// # Errors
/// See [`Server::bind`] and [`Server::run`].
pub async fn serve(
    config: Config,
    registry: Arc<Registry>,
    bots: Arc<Bots>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    Server::bind(config, registry, bots)
        .await?
        .run(shutdown)
        .await
}
