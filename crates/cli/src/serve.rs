//! `lockpick serve`: the table server, with this build's games and bots.

use std::sync::Arc;
use std::time::Duration;

use lockpick_server::{Config, Settings};
use tracing_subscriber::EnvFilter;

use crate::CliError;

/// How logs are written (to stderr).
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum LogFormat {
    /// One human-readable line per event.
    Text,
    /// One JSON object per event.
    Json,
}

pub(crate) struct ServeArgs {
    pub addr: String,
    pub db: String,
    pub log: String,
    pub log_format: LogFormat,
    pub bot_delay_ms: u64,
    pub takeover_secs: u64,
    pub socket_rate: u32,
    pub create_rate: u32,
    pub public_url: Option<String>,
}

fn init_logs(filter: &str, format: LogFormat) -> Result<(), CliError> {
    let filter = EnvFilter::try_new(filter).map_err(|e| CliError::LogFilter {
        filter: filter.to_owned(),
        reason: e.to_string(),
    })?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    // A subscriber already set (a test running several servers) is kept.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
    Ok(())
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

pub(crate) fn serve(args: &ServeArgs) -> Result<(), CliError> {
    init_logs(&args.log, args.log_format)?;
    let config = Config {
        addr: args.addr.clone(),
        db: args.db.clone(),
        settings: Settings {
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            takeover_after: Duration::from_secs(args.takeover_secs),
            messages_per_sec: args.socket_rate,
            creations_per_min: args.create_rate,
            public_url: args.public_url.clone(),
            ..Settings::default()
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(CliError::Runtime)?;
    runtime.block_on(lockpick_server::serve(
        config,
        Arc::new(crate::registry()),
        Arc::new(crate::sim::bots()),
        stop_signal(),
    ))?;
    Ok(())
}
