//! `boyi bench`: the benchmark suite. Each benchmark generates its input from
//! a fixed seed, solves it through the same path as `boyi solve`, and reports
//! the median, min and max wall time over several runs, CPU time, positions
//! per second and peak memory (Linux: read from /proc, reset before each run).

use std::time::{Duration, Instant};

use boyi::Control;
use boyi_games::{catalogue, generate, generate::Rng, heap_report};

pub struct Bench {
    pub name: &'static str,
    problem: &'static str,
    what: &'static str,
    input: fn(&mut Rng) -> String,
    /// Positions the solve values (for positions per second).
    positions: u64,
}

const fn binom(n: u64, k: u64) -> u64 {
    let mut r = 1u64;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

pub const BENCHES: &[Bench] = &[
    Bench {
        name: "young-chess-10x10",
        problem: "young-chess",
        what: "judge largest: 10x10 board",
        input: |r| generate::young_chess(r, 10, 10),
        positions: binom(20, 10),
    },
    Bench {
        name: "permutation-game-100x15",
        problem: "permutation-game",
        what: "judge largest: 100 cases of N = 15",
        input: |r| generate::permutation_game(r, 100, 15),
        positions: 100 << 15,
    },
    Bench {
        name: "gems-fight-20xB21",
        problem: "gems-fight",
        what: "judge largest: 20 cases, G = 8, B = 21, S = 19, 10 gems a bag",
        input: |r| generate::gems_fight(r, 20, 8, 21, 19, 10),
        positions: 20 << 21,
    },
    Bench {
        name: "coin-game-2000",
        problem: "coin-game",
        what: "judge largest: n = 2000",
        input: |r| generate::coin_game(r, 2000),
        positions: 2001 * 2002 / 2,
    },
    Bench {
        name: "young-chess-13x13",
        problem: "young-chess",
        what: "beyond the judge: 13x13 board",
        input: |r| generate::young_chess(r, 13, 13),
        positions: binom(26, 13),
    },
    Bench {
        name: "young-chess-15x15",
        problem: "young-chess",
        what: "beyond the judge: 15x15 board",
        input: |r| generate::young_chess(r, 15, 15),
        positions: binom(30, 15),
    },
    Bench {
        name: "gems-fight-B24",
        problem: "gems-fight",
        what: "beyond the judge: one case, G = 8, B = 24, S = 19, 10 gems a bag",
        input: |r| generate::gems_fight(r, 1, 8, 24, 19, 10),
        positions: 1 << 24,
    },
    Bench {
        name: "permutation-game-N24",
        problem: "permutation-game",
        what: "beyond the judge: one case, N = 24",
        input: |r| generate::permutation_game(r, 1, 24),
        positions: 1 << 24,
    },
    Bench {
        name: "coin-game-20000",
        problem: "coin-game",
        what: "beyond the judge: n = 20000",
        input: |r| generate::coin_game(r, 20000),
        positions: 20001 * 20002 / 2,
    },
    Bench {
        name: "chase-20-every-start",
        problem: "chase",
        what: "judge largest: n = 20, all 159,600 starts in one input (one solve)",
        input: |_| generate::chase_every_start(20),
        positions: 2 * 20u64.pow(4),
    },
    Bench {
        name: "chase-20-one-start",
        problem: "chase",
        what: "judge largest: n = 20, one start (the judge's input)",
        input: |r| generate::chase(r, 20),
        positions: 2 * 20u64.pow(4),
    },
    Bench {
        name: "rabbit-egg-40x40",
        problem: "rabbit-egg",
        what: "judge largest: 40x40, k = 799 (the most a 40x40 board allows)",
        input: |r| generate::rabbit_egg(r, 40, 40, 799),
        positions: 2 * 799,
    },
    Bench {
        name: "chase-64",
        problem: "chase",
        what: "beyond the judge: n = 64, one start",
        input: |r| generate::chase(r, 64),
        positions: 2 * 64u64.pow(4),
    },
    Bench {
        name: "geography-bipartite-1e5",
        problem: "geography",
        what: "beyond the judge: random bipartite graph, 10^5 vertices, 3*10^5 edges",
        input: |r| generate::bipartite_geography(r, 100_000, 300_000),
        positions: 100_000,
    },
    Bench {
        name: "split-game-10x21",
        problem: "split-game",
        what: "judge largest: 10 cases of n = 21, up to 10^4 beans a bottle",
        input: |r| generate::split_game(r, 10, 21),
        positions: 10 * 21,
    },
    Bench {
        name: "array-game-1e9",
        problem: "array-game",
        what: "judge largest: n = 10^9, 100 queries of 100 cells",
        input: |r| generate::array_game(r, 1_000_000_000, 100, 100),
        // the distinct quotients n / x: about 2 sqrt(n)
        positions: 63_244,
    },
    Bench {
        name: "moving-pebbles-10x1e5",
        problem: "moving-pebbles",
        what: "judge largest: 10 lines of 10^5 piles",
        input: |r| generate::moving_pebbles(r, 10, 100_000),
        positions: 1_000_000,
    },
    Bench {
        name: "black-white-1e4",
        problem: "black-white",
        what: "judge largest: n = 10^4, k = 100, d = 1",
        input: |_| "10000 100 1\n".to_string(),
        positions: 10_000,
    },
    Bench {
        name: "misere-nim-500x50",
        problem: "misere-nim",
        what: "judge largest (BZOJ 1022): 500 cases of 50 heaps up to 5000",
        input: |r| generate::heaps(r, 500, 50, 5000),
        positions: 500 * 50,
    },
    Bench {
        name: "wythoff-1e6",
        problem: "wythoff",
        what: "beyond the judge: 10^6 pairs up to 10^18, half of them cold",
        input: |r| generate::wythoff(r, 1_000_000, 1_000_000_000_000_000_000),
        positions: 1_000_000,
    },
    Bench {
        name: "staircase-nim-20x1000",
        problem: "staircase-nim",
        what: "judge largest: 20 cases of 1000 men on cells up to 10000",
        input: |r| generate::staircase(r, 20, 1000, 10_000),
        positions: 20 * 1000,
    },
    Bench {
        name: "lasker-nim-1e6",
        problem: "lasker-nim",
        what: "judge largest case: 10^6 heaps up to 2^31 - 1",
        input: |r| generate::heaps(r, 1, 1_000_000, (1 << 31) - 1),
        positions: 1_000_000,
    },
    Bench {
        name: "every-sg-100x1000",
        problem: "every-sg",
        what: "judge largest: 100 cases of 1000 games, piles up to 1000",
        input: |r| generate::every_sg(r, 100, 1000, 1000),
        positions: 100 * 1000,
    },
    Bench {
        name: "tree-game-path-10x1e5",
        problem: "tree-game",
        what: "judge sizes: 10 paths of 10^5 vertices from the root",
        input: |r| generate::tree_game(r, 10, 100_000, true),
        positions: 10 * 100_000,
    },
    Bench {
        name: "tree-game-random-10x1e5",
        problem: "tree-game",
        what: "judge sizes: 10 random trees of 10^5 vertices",
        input: |r| generate::tree_game(r, 10, 100_000, false),
        positions: 10 * 100_000,
    },
    Bench {
        name: "christmas-game-100x99",
        problem: "christmas-game",
        what: "judge sizes: 100 cases of 99 pictures, 99 vertices each, polygons hung on trees",
        input: |r| generate::christmas_game(r, 100, 99, 99),
        positions: 100 * 99 * 99,
    },
    Bench {
        name: "fibonacci-nim-1e6",
        problem: "fibonacci-nim",
        what: "beyond the judge: 10^6 piles below 2^31",
        input: |r| generate::fibonacci_nim(r, 1_000_000),
        positions: 1_000_000,
    },
    Bench {
        name: "grundy-kayles-1e6",
        problem: GRUNDY,
        what: "boyi grundy 0.77 --to 1000000",
        input: |_| "0.77 1000000".to_string(),
        positions: 1_000_001,
    },
    Bench {
        name: "grundy-game-2p21",
        problem: GRUNDY,
        what: "boyi grundy grundy --to 2097152 (Grundy's game)",
        input: |_| "grundy 2097152".to_string(),
        positions: (1 << 21) + 1,
    },
    Bench {
        name: "grundy-0.376",
        problem: GRUNDY,
        what: "boyi grundy 0.376 --to 4600000 (proves period 4, preperiod 2268248)",
        input: |_| "0.376 4600000".to_string(),
        positions: 4_600_001,
    },
    Bench {
        name: "grundy-0.354",
        problem: GRUNDY,
        what: "boyi grundy 0.354 --to 20200000 (proves period 1180, preperiod 10061916)",
        input: |_| "0.354 20200000".to_string(),
        positions: 20_200_001,
    },
    Bench {
        name: "grundy-0.1777",
        problem: GRUNDY,
        what: "boyi grundy 0.1777 --to 450000000 (proves period 60620715, preperiod 160949018)",
        input: |_| "0.1777 450000000".to_string(),
        positions: 450_000_001,
    },
];

/// A benchmark of `boyi grundy`: its input is `RULE N`.
const GRUNDY: &str = "grundy";

pub fn list() -> String {
    BENCHES.iter().map(|b| format!("{:26} {}\n", b.name, b.what)).collect()
}

/// The input of the benchmark named `name`, as `boyi solve` reads it: to
/// time another program on exactly what the benchmark solves.
pub fn input(name: &str) -> Result<String, boyi_games::Error> {
    let b = BENCHES.iter().find(|b| b.name == name).ok_or_else(|| {
        boyi_games::Error::input(format!("no benchmark is called {name}; `boyi bench --list` names them"))
    })?;
    Ok((b.input)(&mut Rng::new(2026)))
}

/// The benchmarks `filter` names: the one of that name, else those it is
/// a prefix of.
fn matching(filter: &str) -> impl Iterator<Item = &'static Bench> + '_ {
    let exact = BENCHES.iter().any(|b| b.name == filter);
    BENCHES.iter().filter(move |b| if exact { b.name == filter } else { b.name.starts_with(filter) })
}

/// Runs the benchmarks `filters` name (all if none), handing `emit` the
/// table's header and then each row as it is measured.
pub fn run(filters: &[String], runs: usize, ctl: &Control, emit: impl Fn(&str)) -> Result<(), boyi_games::Error> {
    let chosen: Vec<&Bench> = if filters.is_empty() {
        BENCHES.iter().collect()
    } else {
        BENCHES.iter().filter(|b| filters.iter().any(|f| matching(f).any(|m| m.name == b.name))).collect()
    };
    if chosen.is_empty() {
        return Err(boyi_games::Error::input(format!(
            "no benchmark matches {}; `boyi bench --list` names them",
            filters.join(" ")
        )));
    }
    emit(&format!(
        "machine: {} cores, {} of memory; {runs} runs each\n\n\
         | benchmark | input | median | min | max | CPU (median) | positions/s | peak memory |\n\
         |---|---|---|---|---|---|---|---|\n",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        memory_total().map_or("unknown".to_string(), boyi::control::format_bytes),
    ));
    for b in chosen {
        let input = (b.input)(&mut Rng::new(2026));
        let run_once = |ctl: &Control| -> Result<(), boyi_games::Error> {
            if b.problem == GRUNDY {
                let (rule, to) = input.split_once(' ').expect("grundy benchmarks are `RULE N`");
                let report = heap_report::grundy(rule, to.parse().expect("a heap count"), 0, ctl)?;
                eprintln!("{}: {}", b.name, report.summary);
            } else {
                catalogue::problem(b.problem).expect("benchmarks name catalogue problems").solve(
                    &input,
                    &Default::default(),
                    ctl,
                )?;
            }
            Ok(())
        };
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        let mut peak = 0;
        for _ in 0..runs.max(1) {
            reset_peak_memory();
            let cpu0 = cpu_time();
            let t0 = Instant::now();
            run_once(ctl)?;
            walls.push(t0.elapsed());
            cpus.push(cpu_time().saturating_sub(cpu0));
            peak = peak.max(peak_memory().unwrap_or(0));
        }
        walls.sort();
        cpus.sort();
        let median = walls[walls.len() / 2];
        let row = format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            b.name,
            b.what,
            secs(median),
            secs(walls[0]),
            secs(walls[walls.len() - 1]),
            secs(cpus[cpus.len() / 2]),
            rate(b.positions, median),
            if peak > 0 { boyi::control::format_bytes(peak) } else { "n/a".to_string() },
        );
        emit(&row);
    }
    Ok(())
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

fn rate(positions: u64, d: Duration) -> String {
    let r = positions as f64 / d.as_secs_f64();
    if r >= 1e6 {
        format!("{:.1} M", r / 1e6)
    } else {
        format!("{:.0} k", r / 1e3)
    }
}

fn status_field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(name))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn peak_memory() -> Option<u64> {
    status_field("VmHWM:")
}

/// Linux resets the peak resident size when 5 is written to clear_refs.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn memory_total() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = info.lines().next()?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// User plus system time of this process, from /proc/self/stat (in ticks of 10 ms).
fn cpu_time() -> Duration {
    let ticks = std::fs::read_to_string("/proc/self/stat").ok().and_then(|s| {
        let rest = &s[s.rfind(')')? + 2..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
    });
    Duration::from_millis(ticks.unwrap_or(0) * 10)
}

/// What `boyi bench --connect4` runs.
pub struct Sets<'a> {
    pub files: &'a [std::path::PathBuf],
    /// Only the first this many positions of each file.
    pub limit: Option<usize>,
    /// Solves of each position; the fastest counts.
    pub runs: usize,
    /// Also report what the search threads did and duplicated.
    pub duplication: bool,
    /// Time each position on one thread and on the asked threads, in turn.
    pub scaling: bool,
}

pub fn connect4_sets(
    sets: &Sets,
    options: &boyi_games::SolveOptions,
    ctl: &Control,
    emit: &dyn Fn(&str),
) -> Result<(), boyi_games::Error> {
    use boyi_games::connect4 as c4;
    struct OnBoard<'a> {
        sets: &'a Sets<'a>,
        options: &'a boyi_games::SolveOptions,
        ctl: &'a Control,
        emit: &'a dyn Fn(&str),
    }
    impl c4::OnBoard for OnBoard<'_> {
        type Output = ();
        fn run<S: boyi_games::connect4::Shape>(
            self,
            game: boyi_games::connect4::Connect4<S>,
        ) -> Result<(), boyi_games::Error> {
            run_sets(&game, self.sets, self.options, self.ctl, self.emit)
        }
    }
    // No book unless one is given: the sets time the search.
    let book = match &options.book {
        Some(path) => Some(std::sync::Arc::new(c4::Book::load(path)?)),
        None => None,
    };
    c4::with_board(options.size.unwrap_or(c4::Connect4::STANDARD), book, OnBoard { sets, options, ctl, emit })
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
    fn add(&mut self, stats: &[boyi::solve::alphabeta::ThreadStats]) {
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

fn run_sets<S: boyi_games::connect4::Shape>(
    game: &boyi_games::connect4::Connect4<S>,
    sets: &Sets,
    options: &boyi_games::SolveOptions,
    ctl: &Control,
    emit: &dyn Fn(&str),
) -> Result<(), boyi_games::Error> {
    use boyi::solve::alphabeta::AlphaBeta;
    use boyi_games::judge::connect4 as c4;

    let threads = c4::threads(options);
    let mut search = AlphaBeta::new(game, ctl.clone(), boyi_games::connect4::table_bytes(ctl))?;
    if sets.duplication {
        search = search.with_stats();
    }
    search.table().touch_all();
    if sets.scaling {
        return run_scaling(game, &mut search, sets, options.weak, threads, emit);
    }
    emit(&format!(
        "machine: {} cores; {threads} search thread(s); table {}; {} per position{}\n\n\
         | set | positions | correct | mean time | max time | mean nodes |\n|---|---|---|---|---|---|\n",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        boyi::control::format_bytes(search.table().bytes()),
        if options.weak { "weak solve" } else { "exact solve" },
        if sets.runs > 1 { format!(", fastest of {}", sets.runs) } else { String::new() },
    ));
    let mut threads_by_set = Vec::new();
    for file in sets.files {
        let (name, positions) = read_set(game, file, sets.limit)?;
        let (mut total, mut max, mut nodes, mut correct) = (Duration::ZERO, Duration::ZERO, 0u64, 0usize);
        let mut by_thread = Threads::default();
        for &(board, expected) in &positions {
            let (mut took, mut score) = (Duration::MAX, None);
            for _ in 0..sets.runs.max(1) {
                search.clear();
                let t0 = Instant::now();
                score = Some(c4::score(&mut search, &board, options.weak, threads)?);
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
        let row = format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            name,
            positions.len(),
            correct,
            micros(total / n),
            micros(max),
            nodes / n as u64,
        );
        emit(&row);
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
fn run_scaling<S: boyi_games::connect4::Shape>(
    game: &boyi_games::connect4::Connect4<S>,
    search: &mut boyi::solve::alphabeta::AlphaBeta<boyi_games::connect4::Connect4<S>>,
    sets: &Sets,
    weak: bool,
    threads: usize,
    emit: &dyn Fn(&str),
) -> Result<(), boyi_games::Error> {
    use boyi_games::judge::connect4 as c4;
    if threads < 2 {
        return Err(boyi_games::Error::input("--scaling compares one thread with more: give --threads 2 or more"));
    }
    emit(&format!(
        "machine: {} cores; 1 against {threads} search threads, in turn, each position; table {}; {}{}\n\n\
         | set | positions | correct | mean time, 1 thread | mean time, {threads} threads | speedup of the sums | \
         speedup, median a position (range) |\n|---|---|---|---|---|---|---|\n",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        boyi::control::format_bytes(search.table().bytes()),
        if weak { "weak solve" } else { "exact solve" },
        if sets.runs > 1 { format!(", fastest of {}", sets.runs) } else { String::new() },
    ));
    for file in sets.files {
        let (name, positions) = read_set(game, file, sets.limit)?;
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
                    let score = c4::score(search, &board, weak, t)?;
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

/// A position of a benchmark set and the score its line gives, if any.
type Scored = (boyi_games::connect4::Board, Option<i32>);

/// A set's name and its first `limit` positions (lines `moves score`).
fn read_set<S: boyi_games::connect4::Shape>(
    game: &boyi_games::connect4::Connect4<S>,
    file: &std::path::Path,
    limit: Option<usize>,
) -> Result<(String, Vec<Scored>), boyi_games::Error> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| boyi_games::Error::input(format!("cannot read {}: {e}", file.display())))?;
    let positions = text
        .lines()
        .take(limit.unwrap_or(usize::MAX))
        .map(|line| {
            let mut parts = line.split_whitespace();
            let board = game.parse(parts.next().unwrap_or(""))?;
            Ok((board, parts.next().and_then(|s| s.parse().ok())))
        })
        .collect::<Result<_, boyi_games::Error>>()?;
    let name = file.file_name().map_or("?".into(), |f| f.to_string_lossy().into_owned());
    Ok((name, positions))
}

fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// `boyi bench --db FILE`: lookups at random slots of each database, the
/// first pass over fresh pages and then warm passes; nanoseconds a lookup.
/// A file that holds only the positions its game stores gets a second
/// row: lookups at random positions of the game's index, as players make
/// them (those the file leaves out searched one ply).
pub fn lookups(databases: &[std::sync::Arc<boyi::db::Database>], runs: usize, emit: impl Fn(&str)) {
    use boyi::db::Encoding;
    const LOOKUPS: usize = 1_000_000;
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
        time_lookups(db.header().key.as_str(), "slots", db.len(), &slot, runs, LOOKUPS, &emit);
        let by_rank = boyi_games::catalogue::game(&db.header().game).and_then(|e| e.database_lookups(db.clone()).ok());
        if let Some((lookup, size)) = by_rank.filter(|(_, size)| *size != db.len()) {
            time_lookups(db.header().key.as_str(), "positions", size, &lookup, runs, LOOKUPS, &emit);
        }
    }
}

fn time_lookups(
    key: &str,
    what: &str,
    size: u64,
    lookup: &dyn Fn(u64) -> i64,
    runs: usize,
    lookups: usize,
    emit: &impl Fn(&str),
) {
    let mut rng = Rng::new(2026);
    let ranks: Vec<u64> = (0..lookups).map(|_| rng.next_u64() % size).collect();
    let pass = || {
        let start = Instant::now();
        let sum = ranks.iter().fold(0i64, |sum, &r| sum.wrapping_add(lookup(r)));
        std::hint::black_box(sum);
        start.elapsed().as_nanos() as f64 / lookups as f64
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

/// `boyi bench --parts P...`: `game` solved in one process and with its
/// rank space cut into each P parts (the distributed solver's algorithm,
/// parts as threads of one process): wall time, and the bytes the busiest
/// part sent at one level and in all.
pub fn parts<G: boyi::game::Reversible<Value = boyi::Outcome>>(
    label: &str,
    game: &G,
    counts: &[usize],
    runs: usize,
    ctl: &Control,
    emit: impl Fn(&str),
) -> Result<(), boyi::Error> {
    use boyi::solve::{partitioned, retrograde};
    let quiet = ctl.without_progress();
    parts_table(
        label,
        counts,
        runs,
        emit,
        || retrograde::solve(game, &quiet).map(std::hint::black_box).map(drop),
        |p| {
            let (solved, traffic) = partitioned::solve(game, p, &quiet)?;
            std::hint::black_box(solved);
            let total = (0..p).map(|i| traffic.sent.iter().map(|level| level[i]).sum::<u64>()).max().unwrap_or(0);
            Ok((Some(traffic.busiest()), total))
        },
    )
}

/// `boyi bench --parts P... --table`: a layered `game` solved by the table
/// solver in one process and with its rank space cut into each P parts
/// (the distributed table solve, parts as threads): wall time, and the
/// bytes the busiest part sent (its questions and answers).
pub fn table_parts<G: boyi::Layered>(
    label: &str,
    game: &G,
    counts: &[usize],
    runs: usize,
    ctl: &Control,
    emit: impl Fn(&str),
) -> Result<(), boyi::Error> {
    use boyi::solve::{partitioned_table, table};
    let quiet = ctl.without_progress();
    parts_table(
        label,
        counts,
        runs,
        emit,
        || table::solve(game, &quiet).map(std::hint::black_box).map(drop),
        |p| {
            let (solved, busiest) = partitioned_table::solve(game, p, &quiet)?;
            std::hint::black_box(solved);
            Ok((None, busiest))
        },
    )
}

/// The table of `boyi bench --parts`: `one` solves in one process; `split`
/// with P parts, giving the most bytes a part sent at one level (if the
/// solver counts by level) and in all.
fn parts_table(
    label: &str,
    counts: &[usize],
    runs: usize,
    emit: impl Fn(&str),
    mut one: impl FnMut() -> Result<(), boyi::Error>,
    mut split: impl FnMut(usize) -> Result<(Option<u64>, u64), boyi::Error>,
) -> Result<(), boyi::Error> {
    let median = |mut t: Vec<Duration>| {
        t.sort();
        t[t.len() / 2]
    };
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        one()?;
        times.push(start.elapsed());
    }
    let whole = median(times);
    emit(&format!(
        "| {label} | wall (median) | / one process | busiest part, one level | busiest part, all levels |\n\
         |---|---|---|---|---|\n"
    ));
    emit(&format!("| one process | {:.2} s | 1.00 | | |\n", whole.as_secs_f64()));
    for &p in counts {
        let mut times = Vec::new();
        let mut sent = (None, 0);
        for _ in 0..runs.max(1) {
            let start = Instant::now();
            sent = split(p)?;
            times.push(start.elapsed());
        }
        let t = median(times);
        emit(&format!(
            "| {p} parts | {:.2} s | {:.2} | {} | {:.1} MB |\n",
            t.as_secs_f64(),
            t.as_secs_f64() / whole.as_secs_f64(),
            sent.0.map_or("".to_string(), |b| format!("{:.1} MB", b as f64 / 1e6)),
            sent.1 as f64 / 1e6
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_matches_itself_before_it_matches_as_a_prefix() {
        let names = |f: &str| matching(f).map(|b| b.name).collect::<Vec<_>>();
        assert_eq!(names("coin-game-2000"), ["coin-game-2000"]);
        assert_eq!(names("coin-game"), ["coin-game-2000", "coin-game-20000"]);
        assert!(names("no-such").is_empty());
    }
}
