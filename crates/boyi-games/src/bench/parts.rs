//! `boyi bench --parts P...`: an instance solved whole in one process and
//! with its rank space cut into each P parts (the distributed solver's
//! algorithm, parts as threads of one process): wall time, and the bytes
//! the busiest part sent. The instances are catalogue games with their
//! parameters, in one list; each says which solver cuts it.

use std::marker::PhantomData;
use std::time::Instant;

use boyi::game::Reversible;
use boyi::solve::{partitioned, partitioned_table, retrograde, table};
use boyi::{Control, Layered, Outcome};

use super::measure::median;
use crate::chase::ChaseListing;
use crate::dobutsu::DobutsuListing;
use crate::error::Error;
use crate::listing::{Info, Listing};
use crate::params::Params;
use crate::young_chess::YoungChessListing;

pub struct Target {
    pub name: &'static str,
    /// The instance, as `boyi db build GAME PARAMS` takes it.
    pub params: &'static str,
    /// Runs of each solve when none are asked for (Dōbutsu Shōgi's take a
    /// minute each).
    pub runs: usize,
    cut: &'static (dyn Cut + Sync),
}

/// Every instance `--parts` solves, the default first.
pub static TARGETS: &[Target] = &[
    Target { name: "chase-64", params: "n=64", runs: 3, cut: &Cutting(ChaseListing::PLAIN, PhantomData::<Retrograde>) },
    Target { name: "dobutsu", params: "", runs: 1, cut: &Cutting(DobutsuListing, PhantomData::<Retrograde>) },
    Target {
        name: "young-chess-14x14",
        params: "rows=14 cols=14 seed=1",
        runs: 3,
        cut: &Cutting(YoungChessListing, PhantomData::<ByTable>),
    },
];

impl Target {
    pub fn game(&self) -> &'static Info {
        self.cut.game()
    }

    /// What `--list` says of it.
    pub fn what(&self) -> String {
        let params = if self.params.is_empty() { "the whole game" } else { self.params };
        format!("{}, {params}, by {}", self.game().name, self.cut.solver())
    }
}

/// A solver that solves a game whole and with its ranks cut into parts.
trait Solver<G> {
    const NAME: &'static str;
    fn whole(game: &G, ctl: &Control) -> Result<(), boyi::Error>;
    /// The most bytes a part sent at one level (where the solver counts
    /// by level) and in all.
    fn parts(game: &G, parts: usize, ctl: &Control) -> Result<(Option<u64>, u64), boyi::Error>;
}

/// Loopy games, by retrograde analysis.
struct Retrograde;

/// Layered games, by the table solver.
struct ByTable;

impl<G: Reversible<Value = Outcome>> Solver<G> for Retrograde {
    const NAME: &'static str = "retrograde analysis";

    fn whole(game: &G, ctl: &Control) -> Result<(), boyi::Error> {
        retrograde::solve(game, ctl).map(std::hint::black_box).map(drop)
    }

    fn parts(game: &G, parts: usize, ctl: &Control) -> Result<(Option<u64>, u64), boyi::Error> {
        let (solved, traffic) = partitioned::solve(game, parts, ctl)?;
        std::hint::black_box(solved);
        let total = (0..parts).map(|i| traffic.sent.iter().map(|level| level[i]).sum::<u64>()).max().unwrap_or(0);
        Ok((Some(traffic.busiest()), total))
    }
}

impl<G: Layered> Solver<G> for ByTable {
    const NAME: &'static str = "the table solver";

    fn whole(game: &G, ctl: &Control) -> Result<(), boyi::Error> {
        table::solve(game, ctl).map(std::hint::black_box).map(drop)
    }

    fn parts(game: &G, parts: usize, ctl: &Control) -> Result<(Option<u64>, u64), boyi::Error> {
        let (solved, busiest) = partitioned_table::solve(game, parts, ctl)?;
        std::hint::black_box(solved);
        Ok((None, busiest))
    }
}

/// A catalogue game's instance and the solver that cuts it, its types
/// hidden behind [`Cut`] so that one list holds them all.
struct Cutting<L, S>(L, PhantomData<S>);

trait Cut {
    fn game(&self) -> &'static Info;
    fn solver(&self) -> &'static str;
    fn run(
        &self,
        target: &Target,
        counts: &[usize],
        runs: usize,
        ctl: &Control,
        emit: &dyn Fn(&str),
    ) -> Result<(), Error>;
}

impl<L: Listing, S: Solver<L::Game> + Sync> Cut for Cutting<L, S> {
    fn game(&self) -> &'static Info {
        self.0.info()
    }

    fn solver(&self) -> &'static str {
        S::NAME
    }

    fn run(
        &self,
        target: &Target,
        counts: &[usize],
        runs: usize,
        ctl: &Control,
        emit: &dyn Fn(&str),
    ) -> Result<(), Error> {
        let (game, _) = self.0.start(&Params::from_words(target.params.split_whitespace())?)?;
        let quiet = ctl.without_progress();
        compare(target.name, counts, runs, emit, || S::whole(&game, &quiet), |p| S::parts(&game, p, &quiet))
    }
}

/// The target `names` names (none: the first of [`TARGETS`]).
pub fn target(names: &[String]) -> Result<&'static Target, Error> {
    let known = || TARGETS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ");
    match names {
        [] => Ok(&TARGETS[0]),
        [name] => TARGETS
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| Error::input(format!("--parts solves one of {}, not {name}", known()))),
        _ => Err(Error::input(format!("--parts solves one instance at a time, not {}", names.join(" ")))),
    }
}

/// Solves the target `names` names in one process and in each of `counts`
/// parts, `runs` times each (the target's own count if none), and hands
/// `emit` the table.
pub fn run(
    names: &[String],
    counts: &[usize],
    runs: Option<usize>,
    ctl: &Control,
    emit: &dyn Fn(&str),
) -> Result<(), Error> {
    let target = target(names)?;
    target.cut.run(target, counts, runs.unwrap_or(target.runs), ctl, emit)
}

/// The table: `one` solves in one process; `split` with P parts, giving
/// the most bytes a part sent at one level (if the solver counts by level)
/// and in all.
fn compare(
    label: &str,
    counts: &[usize],
    runs: usize,
    emit: &dyn Fn(&str),
    mut one: impl FnMut() -> Result<(), boyi::Error>,
    mut split: impl FnMut(usize) -> Result<(Option<u64>, u64), boyi::Error>,
) -> Result<(), Error> {
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

    /// Each instance is a catalogue game's, and its parameters start it.
    #[test]
    fn targets_are_catalogue_instances() {
        for t in TARGETS {
            let entry = crate::catalogue::game(t.game().id).expect("a catalogue game");
            assert!(std::ptr::eq(entry.info(), t.game()), "{}", t.name);
            let params = Params::from_words(t.params.split_whitespace()).unwrap();
            assert!(entry.start(&params).is_ok(), "{}: {}", t.name, t.params);
        }
        assert_eq!(target(&[]).unwrap().name, TARGETS[0].name);
        assert!(target(&["no-such".into()]).is_err());
    }

    /// A small instance of each kind, in one part and in three: the parts
    /// give the table its rows.
    #[test]
    fn a_small_instance_in_parts() {
        let small = [
            Target {
                name: "chase-6",
                params: "n=6",
                runs: 1,
                cut: &Cutting(ChaseListing::PLAIN, PhantomData::<Retrograde>),
            },
            Target {
                name: "young-chess-3x4",
                params: "rows=3 cols=4 seed=1",
                runs: 1,
                cut: &Cutting(YoungChessListing, PhantomData::<ByTable>),
            },
        ];
        for t in &small {
            let out = std::sync::Mutex::new(String::new());
            t.cut.run(t, &[1, 3], 1, &Control::default(), &|s| out.lock().unwrap().push_str(s)).unwrap();
            let out = out.into_inner().unwrap();
            assert!(out.contains("| one process |") && out.contains("| 3 parts |"), "{out}");
        }
    }
}
