//! What a front end keeps while it answers questions about games: solved
//! tables and analyses under one memory cap ([`Cache`]), the transposition
//! tables that searches share, the threads a search may use, and the solved
//! data on disk (opening books, solved databases) that games may consult. The command line
//! makes one for a run, the server one for its life.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use boyi::db::Database;
use boyi::tt::TranspositionTable;
use boyi::Control;

use super::Cache;
use crate::error::Error;

pub struct Session {
    cache: Cache,
    search_bytes: u64,
    tables: Mutex<HashMap<String, Arc<TranspositionTable>>>,
    threads: usize,
    books: Vec<PathBuf>,
    databases: Vec<Arc<Database>>,
    /// Whether an instance of a game with a database for another instance
    /// is solved (a server's many users ask for many instances) or refused
    /// (a command that was given a file means to answer from it).
    solve_other_instances: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(256 << 20, 64 << 20)
    }
}

impl Session {
    /// Results kept up to `cache_bytes`; each kind of search shares one
    /// table of `search_bytes`.
    pub fn new(cache_bytes: u64, search_bytes: u64) -> Self {
        Session {
            cache: Cache::new(cache_bytes),
            search_bytes,
            tables: Mutex::new(HashMap::new()),
            threads: 0,
            books: Vec::new(),
            databases: Vec::new(),
            solve_other_instances: false,
        }
    }

    /// Search threads; 0 (the default) means one a core.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Solved data to consult besides what the games carry; each game
    /// takes the files meant for it.
    pub fn with_books(mut self, books: Vec<PathBuf>) -> Self {
        self.books = books;
        self
    }

    /// Solved databases (`boyi db build`): a game solved whole answers
    /// from the file that carries its instance's key instead of solving.
    pub fn with_databases(mut self, databases: Vec<Arc<Database>>) -> Self {
        self.databases = databases;
        self
    }

    pub fn databases(&self) -> &[Arc<Database>] {
        &self.databases
    }

    /// Solves instances the databases do not hold, as if there were none
    /// of their game (see [`Session::solves_other_instances`]).
    pub fn solving_other_instances(mut self) -> Self {
        self.solve_other_instances = true;
        self
    }

    /// Whether an instance no database holds is solved even where a
    /// database of its game holds another one.
    pub fn solves_other_instances(&self) -> bool {
        self.solve_other_instances
    }

    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    pub fn threads(&self) -> usize {
        if self.threads > 0 {
            self.threads
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }

    pub fn books(&self) -> &[PathBuf] {
        &self.books
    }

    pub fn search_bytes(&self) -> u64 {
        self.search_bytes
    }

    /// The shared transposition table named `key` (say, a game and a board
    /// size), made on first use with `bytes` (checked against `ctl`).
    pub fn search_table(&self, key: &str, bytes: u64, ctl: &Control) -> Result<Arc<TranspositionTable>, Error> {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = tables.get(key) {
            return Ok(t.clone());
        }
        ctl.reserve("the transposition table", bytes)?;
        let t = Arc::new(TranspositionTable::with_bytes(bytes));
        tables.insert(key.to_string(), t.clone());
        Ok(t)
    }
}
