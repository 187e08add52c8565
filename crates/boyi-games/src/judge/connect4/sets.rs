//! Pascal Pons' benchmark sets (`boyi bench connect4 --sets FILE...`):
//! lines of moves and the exact score, each position solved from an empty
//! table and timed alone, or on one thread against more (`--scaling`), or
//! with what each search thread did and duplicated (`--duplication`).

use std::time::{Duration, Instant};

use boyi::control::format_bytes;
use boyi::solve::alphabeta::{AlphaBeta, ThreadStats};
use boyi::Control;

use super::{score as score_of, threads};
use crate::bench::measure::{cores, micros};
use crate::bench::sets::{Set, Sets};
use crate::connect4::{table_bytes, with_board, Board, Book, Connect4, OnBoard, Shape};
use crate::error::Error;
use crate::judge::SolveOptions;

/// Times `read` as `sets` asks, on the board `options.size` names.
pub fn run(read: &[Set], sets: &Sets, options: &SolveOptions, ctl: &Control, emit: &dyn Fn(&str)) -> Result<(), Error> {
    struct Timed<'a> {
        read: &'a [Set],
        sets: &'a Sets<'a>,
        options: &'a SolveOptions,
        ctl: &'a Control,
        emit: &'a dyn Fn(&str),
    }
    impl OnBoard for Timed<'_> {
        type Output = ();
        fn run<S: Shape>(self, game: Connect4<S>) -> Result<(), Error> {
            // every line read before the table is reserved or a line printed
            let parsed =
                self.read.iter().map(|set| parse(&game, set, self.sets.limit)).collect::<Result<Vec<_>, _>>()?;
            run_sets(&game, &parsed, self.sets, self.options, self.ctl, self.emit)
        }
    }
    // No book unless one is given: the sets time the search.
    let book = match &options.book {
        Some(path) => Some(std::sync::Arc::new(Book::load(path)?)),
        None => None,
    };
    with_board(options.size.unwrap_or(Connect4::STANDARD), book, Timed { read, sets, options, ctl, emit })
}

/// A position of a set and the score its line gives, if any.
type Scored = (Board, Option<i32>);

/// A set's name and its first `limit` positions (lines `moves score`).
fn parse<S: Shape>(game: &Connect4<S>, set: &Set, limit: Option<usize>) -> Result<(String, Vec<Scored>), Error> {
    let positions = set
        .text
        .lines()
        .take(limit.unwrap_or(usize::MAX))
        .enumerate()
        .map(|(i, line)| {
            let mut parts = line.split_whitespace();
            let board = game
                .parse(parts.next().unwrap_or(""))
                .map_err(|e| Error::input(format!("{} line {}: {e}", set.name, i + 1)))?;
            Ok((board, parts.next().and_then(|s| s.parse().ok())))
        })
        .collect::<Result<_, Error>>()?;
    Ok((set.name.clone(), positions))
}

/// Each thread's totals over a set (`--duplication`).
#[derive(Default)]
struct Threads {
    nodes: Vec<u64>,
    distinct: Vec<u64>,
    probes: Vec<u64>,
    hits: Vec<u64>,
    cutoffs: Vec<u64>,
    /// Positions the first two threads both searched (estimated).
    shared: u64,
}

impl Threads {
    fn add(&mut self, stats: &[ThreadStats]) {
        let n = stats.len().max(self.nodes.len());
        for v in [&mut self.nodes, &mut self.distinct, &mut self.probes, &mut self.hits, &mut self.cutoffs] {
            v.resize(n, 0);
        }
        for (i, s) in stats.iter().enumerate() {
            self.nodes[i] += s.nodes;
            self.distinct[i] += s.distinct();
            self.probes[i] += s.probes;
            self.hits[i] += s.hits;
            self.cutoffs[i] += s.cutoffs;
        }
        if let [a, b, ..] = stats {
            self.shared += a.shared_with(b);
        }
    }

    fn row(&self, set: &str) -> String {
        let per = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" / ");
        let rate = |num: &[u64], den: &[u64]| {
            num.iter()
                .zip(den)
                .map(|(&a, &b)| format!("{:.1} %", 100.0 * a as f64 / b.max(1) as f64))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        let second = self.distinct.get(1).copied().unwrap_or(0);
        format!(
            "| {set} | {} | {} | {} ({:.1} % of the second's) | {} | {} |\n",
            per(&self.nodes),
            per(&self.distinct),
            self.shared,
            100.0 * self.shared as f64 / second.max(1) as f64,
            rate(&self.hits, &self.probes),
            rate(&self.cutoffs, &self.probes),
        )
    }
}

fn run_sets<S: Shape>(
    game: &Connect4<S>,
    parsed: &[(String, Vec<Scored>)],
    sets: &Sets,
    options: &SolveOptions,
    ctl: &Control,
    emit: &dyn Fn(&str),
) -> Result<(), Error> {
    let threads = threads(options);
    if sets.scaling && threads < 2 {
        return Err(Error::input("--scaling compares one thread with more: give --threads 2 or more"));
    }
    let mut search = AlphaBeta::new(game, ctl.clone(), table_bytes(ctl))?;
    if sets.duplication {
        search = search.with_stats();
    }
    search.table().touch_all();
    if sets.scaling {
        return run_scaling(&mut search, parsed, sets, options.weak, threads, emit);
    }
    emit(&format!(
        "machine: {} cores; {threads} search thread(s); table {}; {} per position{}\n\n\
         | set | positions | correct | mean time | max time | mean nodes |\n|---|---|---|---|---|---|\n",
        cores(),
        format_bytes(search.table().bytes()),
        if options.weak { "weak solve" } else { "exact solve" },
        if sets.runs > 1 { format!(", fastest of {}", sets.runs) } else { String::new() },
    ));
    let mut threads_by_set = Vec::new();
    for (name, positions) in parsed {
        let (mut total, mut max, mut nodes, mut correct) = (Duration::ZERO, Duration::ZERO, 0u64, 0usize);
        let mut by_thread = Threads::default();
        for &(board, expected) in positions {
            let (mut took, mut score) = (Duration::MAX, None);
            for _ in 0..sets.runs.max(1) {
                search.clear();
                let t0 = Instant::now();
                score = Some(score_of(&mut search, &board, options.weak, threads)?);
                took = took.min(t0.elapsed());
            }
            total += took;
            max = max.max(took);
            nodes += search.nodes();
            by_thread.add(&search.thread_stats());
            let expected = expected.map(|e| if options.weak { e.signum() } else { e });
            correct += usize::from(expected.is_some() && expected == score);
        }
        let n = positions.len().max(1) as u32;
        emit(&format!(
            "| {name} | {} | {correct} | {} | {} | {} |\n",
            positions.len(),
            micros(total / n),
            micros(max),
            nodes / n as u64,
        ));
        threads_by_set.push((name, by_thread));
    }
    if sets.duplication {
        emit(&format!(
            "\nper thread, first (the caller's) / then helpers, summed over each set's last runs; distinct and \
             shared positions estimated from one key in {}:\n\n\
             | set | nodes | distinct positions | searched by both of the first two | table hits | table cutoffs |\n\
             |---|---|---|---|---|---|\n",
            boyi::solve::alphabeta::stats::SAMPLE
        ));
        for (name, by_thread) in &threads_by_set {
            emit(&by_thread.row(name));
        }
    }
    Ok(())
}

/// `--scaling`: each position solved on one thread and on `threads`, in
/// turn (which goes first alternates), `runs` times, the fastest of each
/// counting. A position's two times are taken milliseconds apart, so the
/// machine's drift, a fifth either way over minutes, cancels in their
/// ratio; the ratio of the sums and the median ratio are the figures.
fn run_scaling<S: Shape>(
    search: &mut AlphaBeta<Connect4<S>>,
    parsed: &[(String, Vec<Scored>)],
    sets: &Sets,
    weak: bool,
    threads: usize,
    emit: &dyn Fn(&str),
) -> Result<(), Error> {
    emit(&format!(
        "machine: {} cores; 1 against {threads} search threads, in turn, each position; table {}; {}{}\n\n\
         | set | positions | correct | mean time, 1 thread | mean time, {threads} threads | speedup of the sums | \
         speedup, median a position (range) |\n|---|---|---|---|---|---|---|\n",
        cores(),
        format_bytes(search.table().bytes()),
        if weak { "weak solve" } else { "exact solve" },
        if sets.runs > 1 { format!(", fastest of {}", sets.runs) } else { String::new() },
    ));
    for (name, positions) in parsed {
        let (mut one, mut many, mut correct) = (Duration::ZERO, Duration::ZERO, 0usize);
        let mut ratios = Vec::with_capacity(positions.len());
        for (i, &(board, expected)) in positions.iter().enumerate() {
            let expected = expected.map(|e| if weak { e.signum() } else { e });
            // Whichever runs first finds the caches cold: the order
            // alternates from one position to the next.
            let order = if i % 2 == 0 { [(0, 1), (1, threads)] } else { [(1, threads), (0, 1)] };
            let mut best = [Duration::MAX; 2];
            let mut right = true;
            for _ in 0..sets.runs.max(1) {
                for (slot, t) in order {
                    search.clear();
                    let t0 = Instant::now();
                    let score = score_of(search, &board, weak, t)?;
                    best[slot] = best[slot].min(t0.elapsed());
                    right &= expected == Some(score);
                }
            }
            one += best[0];
            many += best[1];
            ratios.push(best[0].as_secs_f64() / best[1].as_secs_f64().max(1e-9));
            correct += usize::from(right);
        }
        ratios.sort_by(f64::total_cmp);
        let n = positions.len().max(1) as u32;
        let median = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
        let (low, high) = (ratios.first().copied().unwrap_or(0.0), ratios.last().copied().unwrap_or(0.0));
        emit(&format!(
            "| {name} | {} | {correct} | {} | {} | {:.2} | {median:.2} ({low:.2}–{high:.2}) |\n",
            positions.len(),
            micros(one / n),
            micros(many / n),
            one.as_secs_f64() / many.as_secs_f64().max(1e-9),
        ));
    }
    Ok(())
}
