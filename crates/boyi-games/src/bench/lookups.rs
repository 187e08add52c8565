//! `boyi bench --db FILE`: lookups at random slots of each database, the
//! first pass over fresh pages and then warm passes; nanoseconds a lookup.
//! A file that holds only the positions its game stores gets a second
//! row: lookups at random positions of the game's index, as players make
//! them (those the file leaves out searched one ply). The files of a
//! directory of tiers get one more row: positions of the whole game, each
//! found in its tier's file as a question to the directory finds it.

use std::sync::Arc;
use std::time::Instant;

use boyi::db::{Database, Encoding};

use crate::catalogue;
use crate::generate::Rng;

const LOOKUPS: usize = 1_000_000;

pub fn run(databases: &[Arc<Database>], runs: usize, emit: &dyn Fn(&str)) {
    emit(
        "| database | lookups of | positions | first pass (ns a lookup) | warm: median | min | max |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for db in databases {
        if db.is_empty() {
            continue;
        }
        let slot = |r: u64| match db.header().encoding {
            Encoding::Integer { .. } => db.get::<i64>(r).unwrap_or(0),
            _ => db.get::<boyi::Outcome>(r).map_or(0, boyi::Value::to_score),
        };
        time(db.header().key.as_str(), "slots", db.len(), &slot, runs, emit);
        let by_rank = catalogue::game(&db.header().game).and_then(|e| e.database_lookups(db.clone()).ok());
        if let Some((lookup, size)) = by_rank.filter(|(_, size)| *size != db.len()) {
            time(db.header().key.as_str(), "positions", size, &lookup, runs, emit);
        }
    }
    // a tier's file is keyed `<directory's key>/<tier>`: one row a directory
    let mut directories: Vec<(&str, Vec<Arc<Database>>)> = Vec::new();
    for db in databases {
        if let Some((key, _)) = db.header().key.split_once('/') {
            match directories.iter_mut().find(|(k, _)| *k == key) {
                Some((_, files)) => files.push(db.clone()),
                None => directories.push((key, vec![db.clone()])),
            }
        }
    }
    for (key, files) in directories {
        let whole = catalogue::game(&files[0].header().game).and_then(|e| e.database_tier_lookups(&files).ok());
        if let Some((lookup, size)) = whole {
            time(key, "positions of every tier", size, &lookup, runs, emit);
        }
    }
}

fn time(key: &str, what: &str, size: u64, lookup: &dyn Fn(u64) -> i64, runs: usize, emit: &dyn Fn(&str)) {
    let mut rng = Rng::new(2026);
    let ranks: Vec<u64> = (0..LOOKUPS).map(|_| rng.next_u64() % size).collect();
    let pass = || {
        let start = Instant::now();
        let sum = ranks.iter().fold(0i64, |sum, &r| sum.wrapping_add(lookup(r)));
        std::hint::black_box(sum);
        start.elapsed().as_nanos() as f64 / LOOKUPS as f64
    };
    let first = pass();
    let mut warm: Vec<f64> = (0..runs.max(1)).map(|_| pass()).collect();
    warm.sort_by(f64::total_cmp);
    emit(&format!(
        "| {key} | {what} | {size} | {first:.0} | {:.0} | {:.0} | {:.0} |\n",
        warm[warm.len() / 2],
        warm[0],
        warm[warm.len() - 1]
    ));
}
