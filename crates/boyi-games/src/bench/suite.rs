//! The suite: judge problems on inputs generated from a fixed seed, each
//! solved through the same path as `boyi solve`, with the median, min and
//! max wall time over several runs, CPU time, positions per second and
//! peak memory. The list below is the one place a benchmark is declared;
//! it names each problem by its catalogue id.

use std::time::Instant;

use boyi::control::format_bytes;
use boyi::Control;

use super::measure::{cores, cpu_time, memory_total, peak_memory, rate, reset_peak_memory, secs};
use crate::error::Error;
use crate::generate::{self, Rng};
use crate::{catalogue, heap_report};

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

/// One line a benchmark: its name, what `boyi solve` problem reads its
/// input (`--input`), and what it solves.
pub fn list() -> String {
    BENCHES.iter().map(|b| format!("{:26} {:17} {}\n", b.name, b.problem, b.what)).collect()
}

/// The input of the benchmark named `name`, as `boyi solve` reads it: to
/// time another program on exactly what the benchmark solves.
pub fn input(name: &str) -> Result<String, Error> {
    let b = BENCHES
        .iter()
        .find(|b| b.name == name)
        .ok_or_else(|| Error::input(format!("no benchmark is called {name}; `boyi bench --list` names them")))?;
    Ok((b.input)(&mut Rng::new(2026)))
}

/// The benchmarks `filter` names: the one of that name, else those it is
/// a prefix of.
fn matching(filter: &str) -> impl Iterator<Item = &'static Bench> + '_ {
    let exact = BENCHES.iter().any(|b| b.name == filter);
    BENCHES.iter().filter(move |b| if exact { b.name == filter } else { b.name.starts_with(filter) })
}

/// Runs the benchmarks `filters` name (all if none), handing `emit` the
/// table's header and then each row as it is measured, and `note` what a
/// run says beside its figures (the period a `grundy` benchmark proves).
pub fn run(
    filters: &[String],
    runs: usize,
    ctl: &Control,
    emit: &dyn Fn(&str),
    note: &dyn Fn(&str),
) -> Result<(), Error> {
    let chosen: Vec<&Bench> = if filters.is_empty() {
        BENCHES.iter().collect()
    } else {
        BENCHES.iter().filter(|b| filters.iter().any(|f| matching(f).any(|m| m.name == b.name))).collect()
    };
    if chosen.is_empty() {
        return Err(Error::input(format!(
            "no benchmark matches {}; `boyi bench --list` names them",
            filters.join(" ")
        )));
    }
    emit(&format!(
        "machine: {} cores, {} of memory; {runs} runs each\n\n\
         | benchmark | input | median | min | max | CPU (median) | positions/s | peak memory |\n\
         |---|---|---|---|---|---|---|---|\n",
        cores(),
        memory_total().map_or("unknown".to_string(), format_bytes),
    ));
    for b in chosen {
        let input = (b.input)(&mut Rng::new(2026));
        let run_once = |ctl: &Control| -> Result<(), Error> {
            if b.problem == GRUNDY {
                let (rule, to) = input.split_once(' ').expect("grundy benchmarks are `RULE N`");
                let report = heap_report::grundy(rule, to.parse().expect("a heap count"), 0, ctl)?;
                note(&format!("{}: {}", b.name, report.summary));
            } else {
                let problem = catalogue::problem(b.problem).expect("benchmarks name catalogue problems");
                problem.solve(&input, &Default::default(), ctl)?;
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
        let median = walls[walls.len() / 2];
        emit(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            b.name,
            b.what,
            secs(median),
            secs(walls[0]),
            secs(walls[walls.len() - 1]),
            secs(super::measure::median(cpus)),
            rate(b.positions, median),
            if peak > 0 { format_bytes(peak) } else { "n/a".to_string() },
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

    /// The suite reaches its games through the catalogue: every problem
    /// it names is one `boyi solve` knows (or `boyi grundy`'s rules).
    #[test]
    fn every_benchmark_names_a_catalogue_problem_once() {
        let mut names: Vec<&str> = BENCHES.iter().map(|b| b.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), BENCHES.len(), "names are unique");
        for b in BENCHES {
            match b.problem {
                GRUNDY => {
                    let input = (b.input)(&mut Rng::new(2026));
                    let (rule, to) = input.split_once(' ').unwrap();
                    assert!(heap_report::grundy(rule, 10, 0, &Control::default()).is_ok(), "{}", b.name);
                    assert!(to.parse::<u64>().is_ok(), "{}", b.name);
                }
                id => assert_eq!(catalogue::problem(id).map(|p| p.id()), Some(id), "{}", b.name),
            }
        }
    }
}
