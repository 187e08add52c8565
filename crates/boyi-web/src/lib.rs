//! `boyi serve`: a web page that shows the value of every move, and the
//! JSON API behind it.
//!
//! The server knows no game by name: every game of the catalogue is served
//! through its one interface, and the page draws each from its diagram.
//! It keeps no per-user state: a position travels as a string in the
//! game's notation and the page keeps its own history. Work is bounded:
//! bodies and positions have a size limit; every analysis runs once on
//! tokio's blocking pool behind a small semaphore ([`jobs`]), so a slow
//! request never holds up the others, reports its progress to whoever asks,
//! and at the time limit its engine `Control` cancel flag stops it; solved
//! values are kept in the session's cache under a memory cap.

pub mod api;
pub mod error;
pub mod jobs;
pub mod state;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;
pub use state::State;

/// Limits and sizes of one server.
#[derive(Clone, Debug)]
pub struct Config {
    pub bind: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// The most a request may take, queueing included.
    pub time_limit: Duration,
    /// Memory one solve may use (tables, memos).
    pub request_memory: u64,
    /// The cap on cached tables and analyses.
    pub cache_bytes: u64,
    /// The transposition table each kind of search shares between requests.
    pub table_bytes: u64,
    /// Threads one search may use (0: one a core).
    pub threads: usize,
    /// Opening books to consult beside those games ship with.
    pub books: Vec<std::path::PathBuf>,
    /// Solved databases, opened: instances they hold are looked up, not solved.
    pub databases: Vec<std::sync::Arc<boyi::db::Database>>,
    /// Solves running at once; more requests wait for a slot.
    pub solvers: usize,
    /// Largest request body.
    pub body_limit: usize,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            time_limit: Duration::from_secs(10),
            request_memory: 512 << 20,
            cache_bytes: 256 << 20,
            table_bytes: 128 << 20,
            threads: 0,
            books: Vec::new(),
            databases: Vec::new(),
            // A slow solve holds one core; twice the cores keeps short
            // requests flowing next to a couple of long ones.
            solvers: 2 * cores,
            body_limit: 16 << 10,
        }
    }
}

/// A server started on its own threads, stopped when dropped.
pub struct Running {
    pub addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Running {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Starts a server in the background (tests, benchmarks); returns once it listens.
pub fn start(config: Config) -> std::io::Result<Running> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        let failed = tx.clone();
        let result = run(config, flag, move |addr| {
            let _ = tx.send(Ok(addr));
        });
        if let Err(e) = &result {
            let _ = failed.send(Err(std::io::Error::new(e.kind(), e.to_string())));
        }
        result
    });
    let addr = rx.recv().map_err(|_| std::io::Error::other("the server thread ended before listening"))??;
    Ok(Running { addr, stop, thread: Some(thread) })
}

/// Serves until `stop` is raised; `ready` learns the address once bound.
pub fn run(config: Config, stop: Arc<AtomicBool>, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("boyi-web").enable_all().build()?;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(config.bind, config.port)).await?;
        ready(listener.local_addr()?);
        let app = api::router(Arc::new(api::App::new(config)));
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
            .await
    });
    // Solves still running were cancelled with their requests; do not
    // wait long for the last of them to notice.
    runtime.shutdown_timeout(Duration::from_secs(2));
    served
}
