//! The tier solver on random games in tiers (moves inside a tier loop,
//! moves out of it go to later tiers): every position's value and
//! remoteness equal a plain fixed-point iteration over the whole graph and
//! the one-table retrograde solve, predecessors from reverse edges or from
//! un-moves; a build into a directory resumes after
//! losing a tier and writes the same files.

use boyi::db::Ident;
use boyi::game::{Game, Indexed, StepOf};
use boyi::solve::retrograde;
use boyi::solve::tiers::{self, Tiered};
use boyi::{Control, Outcome, Step, Turn, Value};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// Position `(t, i)` has the moves `edges[t][i]`, each to a position of
/// tier `t` or a later one; without moves it is worth `terminal[t][i]`.
#[derive(Debug, Clone)]
struct Layers {
    edges: Vec<Vec<Vec<(u32, u32)>>>,
    terminal: Vec<Vec<Outcome>>,
    /// Says every move leaves every tier, whatever the edges say.
    lies: bool,
}

impl Layers {
    fn offset(&self, t: u32) -> u64 {
        self.edges[..t as usize].iter().map(|e| e.len() as u64).sum()
    }
}

impl Game for Layers {
    type Pos = (u32, u32);
    type Move = u8;
    type Value = Outcome;

    fn moves(&self, &(t, i): &(u32, u32), out: &mut Vec<u8>) {
        out.extend(0..self.edges[t as usize][i as usize].len() as u8);
    }

    fn play(&self, &(t, i): &(u32, u32), mv: u8) -> StepOf<Self> {
        Step { pos: self.edges[t as usize][i as usize][mv as usize], reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, &(t, i): &(u32, u32)) -> Outcome {
        self.terminal[t as usize][i as usize]
    }
}

impl Tiered for Layers {
    type Tier = u32;
    fn tiers(&self) -> Vec<u32> {
        (0..self.edges.len() as u32).collect()
    }
    fn child_tiers(&self, t: u32) -> Vec<u32> {
        let mut c: Vec<u32> = self.edges[t as usize].iter().flatten().map(|&(u, _)| u).filter(|&u| u != t).collect();
        c.sort();
        c.dedup();
        c
    }
    fn tier_size(&self, t: u32) -> u64 {
        self.edges[t as usize].len() as u64
    }
    fn tier_of(&self, pos: &(u32, u32)) -> u32 {
        pos.0
    }
    fn rank_in(&self, _: u32, pos: &(u32, u32)) -> u64 {
        pos.1 as u64
    }
    fn unrank_in(&self, t: u32, rank: u64) -> (u32, u32) {
        (t, rank as u32)
    }
    fn tier_name(&self, t: u32) -> String {
        format!("tier-{t}")
    }
    fn moves_stay(&self, t: u32) -> bool {
        !self.lies && self.edges[t as usize].iter().flatten().any(|&(u, _)| u == t)
    }
}

/// The same game solved with un-moves instead of reverse edges: a
/// position's predecessors read off its tier's moves.
struct Unmoved<'a>(&'a Layers, Vec<Vec<Vec<(u32, u32)>>>);

impl<'a> Unmoved<'a> {
    /// Every position's predecessors in its tier, a position with two
    /// moves to one named twice (the solver counts it once): found once,
    /// as a scan of the tier's moves for each position walked took most
    /// of a minute on the interrupted builds' large tier.
    fn new(game: &'a Layers) -> Self {
        let mut before: Vec<Vec<Vec<(u32, u32)>>> = game.edges.iter().map(|e| vec![Vec::new(); e.len()]).collect();
        for (t, tier) in game.edges.iter().enumerate() {
            for (i, moves) in tier.iter().enumerate() {
                for &(u, j) in moves.iter().filter(|&&(u, _)| u as usize == t) {
                    before[u as usize][j as usize].push((t as u32, i as u32));
                }
            }
        }
        Unmoved(game, before)
    }
}

impl Game for Unmoved<'_> {
    type Pos = (u32, u32);
    type Move = u8;
    type Value = Outcome;
    fn moves(&self, pos: &(u32, u32), out: &mut Vec<u8>) {
        self.0.moves(pos, out)
    }
    fn play(&self, pos: &(u32, u32), mv: u8) -> StepOf<Self> {
        self.0.play(pos, mv)
    }
    fn terminal(&self, pos: &(u32, u32)) -> Outcome {
        self.0.terminal(pos)
    }
}

impl Tiered for Unmoved<'_> {
    type Tier = u32;
    fn tiers(&self) -> Vec<u32> {
        self.0.tiers()
    }
    fn child_tiers(&self, t: u32) -> Vec<u32> {
        self.0.child_tiers(t)
    }
    fn tier_size(&self, t: u32) -> u64 {
        self.0.tier_size(t)
    }
    fn tier_of(&self, pos: &(u32, u32)) -> u32 {
        pos.0
    }
    fn rank_in(&self, t: u32, pos: &(u32, u32)) -> u64 {
        self.0.rank_in(t, pos)
    }
    fn unrank_in(&self, t: u32, rank: u64) -> (u32, u32) {
        (t, rank as u32)
    }
    fn tier_name(&self, t: u32) -> String {
        self.0.tier_name(t)
    }
    fn moves_stay(&self, t: u32) -> bool {
        self.0.moves_stay(t)
    }
    fn has_unmoves(&self) -> bool {
        true
    }
    fn unmoves_in_tier(&self, &(t, i): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        out.extend_from_slice(&self.1[t as usize][i as usize]);
    }
    /// The moves inside the tier left for later, named by their number:
    /// verify then reads them only until one gives a won or drawn
    /// position's value.
    fn children(&self, _: u32, &(t, i): &(u32, u32), out: &mut Vec<(u32, u64)>, later: &mut Vec<u32>) -> bool {
        for (k, &(u, j)) in self.0.edges[t as usize][i as usize].iter().enumerate() {
            if u == t {
                later.push(k as u32);
            } else {
                out.push((u, j as u64));
            }
        }
        true
    }
    fn rank_later(&self, _: u32, &(t, i): &(u32, u32), later: u32) -> u64 {
        self.0.edges[t as usize][i as usize][later as usize].1 as u64
    }
}

/// The same game as one table, for the one-table solve.
impl Indexed for Layers {
    fn size(&self) -> u64 {
        self.offset(self.edges.len() as u32)
    }
    fn rank(&self, &(t, i): &(u32, u32)) -> u64 {
        self.offset(t) + i as u64
    }
    fn unrank(&self, mut r: u64) -> (u32, u32) {
        for (t, e) in self.edges.iter().enumerate() {
            if r < e.len() as u64 {
                return (t as u32, r as u32);
            }
            r -= e.len() as u64;
        }
        unreachable!("a rank past the positions")
    }
}

/// Values with a horizon growing until nothing changes.
fn fixed_point(g: &Layers) -> Vec<Outcome> {
    let all: Vec<(u32, u32)> = (0..g.size()).map(|r| g.unrank(r)).collect();
    let step = |v: &[Outcome], &(t, i): &(u32, u32)| {
        let es = &g.edges[t as usize][i as usize];
        if es.is_empty() {
            g.terminal[t as usize][i as usize]
        } else {
            es.iter().map(|c| Outcome::back((), Turn::Pass, v[g.rank(c) as usize])).max().unwrap()
        }
    };
    let mut v: Vec<Outcome> = all
        .iter()
        .map(|&(t, i)| {
            if g.edges[t as usize][i as usize].is_empty() {
                g.terminal[t as usize][i as usize]
            } else {
                Outcome::Draw
            }
        })
        .collect();
    loop {
        let next: Vec<Outcome> = all.iter().map(|p| step(&v, p)).collect();
        if next == v {
            return v;
        }
        v = next;
    }
}

fn layers() -> impl Strategy<Value = Layers> {
    proptest::collection::vec(1usize..10, 1..5).prop_flat_map(|sizes| {
        let tiers = sizes.len();
        let per_tier: Vec<_> = sizes
            .iter()
            .enumerate()
            .map(|(t, &n)| {
                let sizes = sizes.clone();
                // a move stays in the tier half the time, else goes to a later
                // one; in some tiers every move leaves (a walk with nothing to walk)
                let leaves = t + 1 < tiers && sizes[t] % 3 == 0;
                let edge = (0u32..100, 0u32..1000).prop_map(move |(a, b)| {
                    let to =
                        if t + 1 == tiers || a < 50 && !leaves { t } else { t + 1 + (a as usize) % (tiers - t - 1) };
                    (to as u32, b % sizes[to] as u32)
                });
                let terminal = prop_oneof![
                    4 => Just(Outcome::Lose(0)),
                    1 => Just(Outcome::Win(0)),
                    1 => Just(Outcome::Draw),
                    1 => Just(Outcome::Lose(2)),
                    1 => Just(Outcome::Win(1)),
                    1 => Just(Outcome::Win(3)),
                ];
                (
                    proptest::collection::vec(proptest::collection::vec(edge, 0..4), n),
                    proptest::collection::vec(terminal, n),
                )
            })
            .collect();
        per_tier.prop_map(|tiers| {
            let (edges, terminal) = tiers.into_iter().unzip();
            Layers { edges, terminal, lies: false }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn tiers_agree_with_the_whole_graph(g in layers()) {
        let ctl = Control::default();
        let want = fixed_point(&g);
        let by_edges = retrograde::solve_by_edges(&g, &ctl).unwrap();
        let solution = tiers::solve(&g, &ctl).unwrap();
        let by_unmoves = Unmoved::new(&g);
        let unmoved = tiers::solve(&by_unmoves, &ctl).unwrap();
        for t in g.tiers() {
            prop_assert!(tiers::verify_unmoves(&by_unmoves, t).is_ok());
        }
        for r in 0..g.size() {
            let pos = g.unrank(r);
            prop_assert_eq!(solution.value(&g, &pos), want[r as usize], "position {:?}", pos);
            prop_assert_eq!(unmoved.value(&by_unmoves, &pos), want[r as usize], "by un-moves: {:?}", pos);
            prop_assert_eq!(by_edges.value_at(r), want[r as usize]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// `db verify` of a tier with values changed reports exactly the
    /// positions a plain check of every move reports, with the values they
    /// should have: where a won or drawn position's moves inside the tier
    /// are read only until one gives its value, and the lost positions'
    /// un-moves check the rest, as where every move is read.
    #[test]
    fn verify_finds_what_every_move_read_finds(
        g in layers(),
        changes in proptest::collection::vec((0u32..1000, 0usize..8), 1..4),
    ) {
        let ctl = Control::default();
        let lazy = Unmoved::new(&g);
        let solution = tiers::solve(&lazy, &ctl).unwrap();
        let others = [
            Outcome::Draw, Outcome::Win(1), Outcome::Win(2), Outcome::Win(3),
            Outcome::Lose(0), Outcome::Lose(1), Outcome::Lose(2), Outcome::Lose(4),
        ];
        for t in g.tiers() {
            let size = g.tier_size(t);
            let mut values: Vec<Outcome> = (0..size).map(|r| solution.tiers[&t].value_at(r)).collect();
            for &(a, k) in &changes {
                values[(a as u64 % size) as usize] = others[k];
            }
            let mut wrong = tiers::Solution { tiers: solution.tiers.clone() };
            wrong.tiers.insert(t, std::sync::Arc::new(boyi::solve::Solved::from_values(values.clone())));
            let value = |(u, j): (u32, u32)| if u == t { values[j as usize] } else { solution.tiers[&u].value_at(j as u64) };
            let want: Vec<_> = (0..size)
                .filter_map(|r| {
                    let moves = &g.edges[t as usize][r as usize];
                    let derived = moves
                        .iter()
                        .map(|&c| Outcome::back((), Turn::Pass, value(c)))
                        .max()
                        .unwrap_or(g.terminal[t as usize][r as usize]);
                    (derived != values[r as usize]).then_some((r, values[r as usize], derived))
                })
                .collect();
            let found = tiers::verify_tier(&lazy, t, &wrong, usize::MAX, &ctl).unwrap();
            let got: Vec<_> = found.iter().map(|d| (d.rank, d.stored, d.derived)).collect();
            prop_assert_eq!(&got, &want, "tier {}", t);
            let plain = tiers::verify_tier(&g, t, &wrong, usize::MAX, &ctl).unwrap();
            let got: Vec<_> = plain.iter().map(|d| (d.rank, d.stored, d.derived)).collect();
            prop_assert_eq!(&got, &want, "tier {}, every move read", t);
        }
    }
}

#[test]
fn tiers_form_no_cycle() {
    // tier 0 leads to 1 and 1 back to 0: refused, not looped on
    let g = Layers {
        edges: vec![vec![vec![(1, 0)]], vec![vec![(0, 0)]]],
        terminal: vec![vec![Outcome::Lose(0)]; 2],
        lies: false,
    };
    assert!(tiers::order(&g).is_err());
    assert!(tiers::solve(&g, &Control::default()).is_err());
}

#[test]
fn a_tier_said_to_keep_no_moves_that_keeps_one_is_refused() {
    // position 1 moves to position 0 of its own tier, which has no moves
    let mut g =
        Layers { edges: vec![vec![vec![], vec![(0, 0)]]], terminal: vec![vec![Outcome::Lose(0); 2]], lies: false };
    let honest = tiers::solve(&g, &Control::default()).unwrap();
    assert_eq!(honest.value(&g, &(0, 1)), Outcome::Win(1));
    g.lies = true;
    let err = tiers::solve(&g, &Control::default()).err().expect("a move inside the tier refused");
    assert!(err.to_string().contains("every move leaves the tier"), "{err}");
    let err = tiers::solve(&Unmoved::new(&g), &Control::default()).err().expect("refused by un-moves too");
    assert!(err.to_string().contains("every move leaves the tier"), "{err}");
}

#[test]
fn a_build_into_a_directory_resumes_to_the_same_files() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let g = (0..50).map(|_| layers().new_tree(&mut runner).unwrap().current()).max_by_key(|g| g.edges.len()).unwrap();
    let ident = Ident { game: "layers".into(), params: String::new(), key: "layers:test".into() };
    let dir = std::env::temp_dir().join(format!("boyi-tiers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ctl = Control::default();
    let whole = tiers::solve_to_dir(&g, &ident, &dir, None, &ctl).unwrap();
    let read = |t: u32| std::fs::read(dir.join(format!("tier-{t}.db"))).unwrap();
    let files: Vec<Vec<u8>> = (0..g.edges.len() as u32).map(read).collect();
    let manifest = std::fs::read_to_string(dir.join(tiers::MANIFEST)).unwrap();
    assert!(manifest.contains("tier tier-0 "), "{manifest}");
    // the first tier solved (the last in order) lost, as if the build stopped in it
    let first = tiers::order(&g).unwrap()[0];
    std::fs::remove_file(dir.join(format!("tier-{first}.db"))).unwrap();
    let resumed = tiers::solve_to_dir(&g, &ident, &dir, None, &ctl).unwrap();
    for (t, want) in files.iter().enumerate() {
        assert_eq!(&read(t as u32), want, "tier {t}");
    }
    assert_eq!(std::fs::read_to_string(dir.join(tiers::MANIFEST)).unwrap(), manifest);
    let want = fixed_point(&g);
    for r in 0..g.size() {
        let pos = g.unrank(r);
        assert_eq!(whole.value(&g, &pos), want[r as usize]);
        assert_eq!(resumed.value(&g, &pos), want[r as usize]);
    }
    // read back by its manifest, every tier agrees with its moves
    let manifest = tiers::Manifest::read(&dir).unwrap();
    assert_eq!((manifest.key.as_str(), manifest.tiers.len()), ("layers:test", g.edges.len()));
    let read = tiers::read_dir(&g, &dir).unwrap();
    let ctl = Control::default();
    for r in 0..g.size() {
        assert_eq!(read.value(&g, &g.unrank(r)), want[r as usize]);
    }
    for t in g.tiers() {
        assert!(tiers::verify_tier(&g, t, &read, 10, &ctl).unwrap().is_empty(), "tier {t}");
    }
    // and a value changed is found: a win that is no win, a draw that wins
    let mut wrong = read;
    let t = (0..g.edges.len() as u32).max_by_key(|&t| g.tier_size(t)).unwrap();
    let own = &wrong.tiers[&t];
    let changed = (0..g.tier_size(t))
        .map(|r| match own.value_at(r) {
            Outcome::Win(k) => Outcome::Win(k + 2),
            Outcome::Lose(k) => Outcome::Lose(k + 2),
            Outcome::Draw => Outcome::Lose(0),
        })
        .collect::<Vec<_>>();
    wrong.tiers.insert(t, std::sync::Arc::new(boyi::solve::Solved::from_values(changed)));
    let found = tiers::verify_tier(&g, t, &wrong, 3, &ctl).unwrap();
    assert_eq!(found.len(), 3.min(g.tier_size(t) as usize), "{found:?}");
    assert!(found.iter().all(|d| d.stored != d.derived));
    // a directory without a manifest is no database
    std::fs::remove_file(dir.join(tiers::MANIFEST)).unwrap();
    assert!(tiers::read_dir(&g, &dir).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tiers of a level lead only to lower levels, and parts sharing a
/// build (threads meeting as the ranks of an MPI job do) write the
/// one-process build's files and manifest, byte for byte, whatever tiers
/// the directory held already.
#[test]
fn parts_sharing_a_build_write_the_one_process_files() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let ident = Ident { game: "layers".into(), params: String::new(), key: "layers:parts".into() };
    let ctl = Control::default();
    let dir = |name: &str| std::env::temp_dir().join(format!("boyi-tiers-parts-{}-{name}", std::process::id()));
    for case in 0..8 {
        let g = layers().new_tree(&mut runner).unwrap().current();
        let order = tiers::order(&g).unwrap();
        let levels = tiers::levels(&g, &order);
        assert_eq!(levels.iter().map(Vec::len).sum::<usize>(), order.len());
        let level_of = |t: u32| levels.iter().position(|l| l.iter().any(|&i| order[i] == t)).unwrap();
        for &t in &order {
            for c in g.child_tiers(t).into_iter().filter(|&c| c != t) {
                assert!(level_of(c) < level_of(t), "case {case}: tier {t} leads to {c} on level {}", level_of(c));
            }
        }
        let one = dir("one");
        let _ = std::fs::remove_dir_all(&one);
        tiers::solve_to_dir(&g, &ident, &one, None, &ctl).unwrap();
        let want = files_in(&one);
        for parts in 1..=3 {
            let shared = dir(&format!("shared-{parts}"));
            let _ = std::fs::remove_dir_all(&shared);
            if parts == 3 {
                // a directory that holds some tiers already: they are read
                std::fs::create_dir_all(&shared).unwrap();
                let first = format!("tier-{}.db", order[0]);
                std::fs::copy(one.join(&first), shared.join(&first)).unwrap();
            }
            let solved = boyi::peers::in_threads(parts, |peers| {
                let phases = std::sync::Arc::new(Phases::default());
                let ctl = ctl.clone().with_progress(phases.clone());
                let solution = tiers::solve_to_dir(&g, &ident, &shared, Some(peers), &ctl)?;
                let solved = phases.0.lock().unwrap().iter().filter(|p| p.ends_with(": moves")).cloned().collect();
                Ok((solution, solved))
            })
            .unwrap();
            assert_eq!(files_in(&shared), want, "case {case}, {parts} parts");
            // each tier solved by one part, the tier already there by none
            let mut by_all: Vec<String> = solved.iter().flat_map(|(_, s): &(_, Vec<String>)| s.clone()).collect();
            by_all.sort();
            let before = by_all.len();
            by_all.dedup();
            assert_eq!(by_all.len(), before, "case {case}, {parts} parts: a tier solved twice");
            assert_eq!(by_all.len(), order.len() - usize::from(parts == 3), "case {case}, {parts} parts");
            let fixed = fixed_point(&g);
            for (s, _) in &solved {
                for r in 0..g.size() {
                    assert_eq!(s.value(&g, &g.unrank(r)), fixed[r as usize], "case {case}, {parts} parts");
                }
            }
            let _ = std::fs::remove_dir_all(&shared);
        }
        let _ = std::fs::remove_dir_all(&one);
    }
}

/// Every file in `dir` with its bytes, by name.
fn files_in(dir: &std::path::Path) -> Vec<(std::ffi::OsString, Vec<u8>)> {
    let mut f: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name(), std::fs::read(e.path()).unwrap()))
        .collect();
    f.sort();
    f
}

/// The phases a solve started, by label.
#[derive(Default)]
struct Phases(std::sync::Mutex<Vec<String>>);

impl boyi::control::Progress for Phases {
    fn start(&self, label: &str, _: u64) {
        self.0.lock().unwrap().push(label.to_string());
    }
    fn advance(&self, _: u64) {}
    fn finish(&self) {}
}

/// Counts progress reports and raises the cancel flag at the `cancel_at`th;
/// keeps the notes (a tier resumed, and where).
struct Interrupter {
    reports: std::sync::atomic::AtomicU64,
    cancel_at: u64,
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    notes: std::sync::Mutex<Vec<String>>,
}

impl boyi::control::Progress for Interrupter {
    fn start(&self, _: &str, _: u64) {}
    fn advance(&self, _: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        if self.reports.fetch_add(1, Relaxed) + 1 >= self.cancel_at {
            self.flag.store(true, Relaxed);
        }
    }
    fn finish(&self) {}
    fn note(&self, text: &str) {
        self.notes.lock().unwrap().push(text.to_string());
    }
}

/// A build interrupted anywhere, inside a tier too (each tier's solve saved
/// between blocks of its moves and at every level boundary), resumes to the files of a build that never
/// stopped, and leaves no checkpoint behind: with predecessors from
/// reverse edges (built again on resuming) and from un-moves.
#[test]
fn a_build_interrupted_inside_a_tier_resumes_to_the_same_files() {
    use boyi::control::Checkpoint;
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::sync::{Arc, Mutex};
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut g =
        (0..50).map(|_| layers().new_tree(&mut runner).unwrap().current()).max_by_key(|g| g.edges.len()).unwrap();
    // a chain of 40 in the first tier, entered from its positions: walks of
    // many levels
    let at = g.edges[0].len() as u32;
    for i in 0..40 {
        g.edges[0].push(if i == 39 { vec![] } else { vec![(0, at + i + 1)] });
        g.terminal[0].push(Outcome::Lose(0));
    }
    for i in 0..at as usize {
        g.edges[0][i].push((0, at));
    }
    // a move twice: cells count it twice by reverse edges, once by un-moves
    g.edges[0][0].push((0, at));
    // draws with a move to a drawn end and one to an end won for the mover
    // there: a duplicate of that end in a level's bucket (a block of moves
    // read in part, saved, and read again) would count the move off twice
    // and lose the draw
    for _ in 0..1 << 12 {
        let at = g.edges[0].len() as u32;
        g.edges[0].extend([vec![(0, at + 1), (0, at + 2)], vec![], vec![]]);
        g.terminal[0].extend([Outcome::Lose(0), Outcome::Win(1), Outcome::Draw]);
    }
    // and drawn ends enough to read the first tier's moves in several
    // blocks (never walked: a settled draw waits on nothing)
    for _ in 0..1 << 17 {
        g.edges[0].push(vec![]);
        g.terminal[0].push(Outcome::Draw);
    }
    let ident = Ident { game: "layers".into(), params: String::new(), key: "layers:walk".into() };
    let dir = |name: &str| std::env::temp_dir().join(format!("boyi-tiers-walk-{}-{name}", std::process::id()));
    let whole = dir("whole");
    let _ = std::fs::remove_dir_all(&whole);
    let unmoved = Unmoved::new(&g);
    tiers::solve_to_dir(&g, &ident, &whole, None, &Control::default()).unwrap();
    let want = files_in(&whole);
    let _ = std::fs::remove_dir_all(&whole);
    // saved at every chance, or only when interrupted (the first save an
    // hour away): an interruption saves the walk where it is
    for (every, by_unmoves) in [(0, false), (0, true), (3600, false), (3600, true)] {
        let every = std::time::Duration::from_secs(every);
        let build = |d: &std::path::Path, ctl: &Control| match by_unmoves {
            false => tiers::solve_to_dir(&g, &ident, d, None, ctl).map(|_| ()),
            true => tiers::solve_to_dir(&unmoved, &ident, d, None, ctl).map(|_| ()),
        };
        let (mut deepest, mut mid_moves, mut saved_on_stop) = (0u32, 0, 0);
        for cancel_at in (1..).step_by(3) {
            let d = dir(&format!("{by_unmoves}-{}-{cancel_at}", every.as_secs()));
            let _ = std::fs::remove_dir_all(&d);
            let checkpoint = Checkpoint { path: d.join("unused"), tag: String::new(), every };
            let flag = Arc::new(AtomicBool::new(false));
            let stop = Arc::new(Interrupter {
                reports: AtomicU64::new(0),
                cancel_at,
                flag: flag.clone(),
                notes: Mutex::new(vec![]),
            });
            let ctl =
                Control::default().with_cancel(flag).with_progress(stop.clone()).with_checkpoint(checkpoint.clone());
            let finished = match build(&d, &ctl) {
                Err(boyi::Error::Interrupted) => false,
                Ok(()) => true,
                Err(e) => panic!("{e}"),
            };
            let saving =
                stop.notes.lock().unwrap().iter().filter(|n| n.starts_with("saving the walk of tier ")).count();
            saved_on_stop += saving;
            let seen = Arc::new(Interrupter {
                reports: AtomicU64::new(0),
                cancel_at: u64::MAX,
                flag: Arc::new(AtomicBool::new(false)),
                notes: Mutex::new(vec![]),
            });
            build(&d, &Control::default().with_progress(seen.clone()).with_checkpoint(checkpoint)).unwrap();
            // (not assert_eq: the files are long)
            assert!(
                files_in(&d) == want,
                "un-moves {by_unmoves}, every {every:?}, interrupted after {cancel_at} reports"
            );
            for note in seen.notes.lock().unwrap().iter() {
                if let Some((_, level)) = note.split_once("resuming from its checkpoint at level ") {
                    deepest = deepest.max(level.parse().unwrap());
                }
                mid_moves += usize::from(note.ends_with("positions' moves read"));
            }
            let _ = std::fs::remove_dir_all(&d);
            if finished {
                break;
            }
        }
        let how = format!("un-moves {by_unmoves}, saved every {every:?}");
        assert!(deepest > 20, "{how}: builds should have resumed deep inside a tier: {deepest}");
        assert!(mid_moves > 3, "{how}: builds should have resumed inside the moves' pass: {mid_moves}");
        assert!(every.is_zero() || saved_on_stop > 20, "{how}: interruptions should have saved: {saved_on_stop}");
    }
    // a checkpoint of the other way of finding predecessors, or one cut
    // short or damaged, is not resumed from: the tier starts over
    for (cancel_at, spoil) in [(20, 0), (40, 1), (60, 2)] {
        let d = dir(&format!("spoilt-{cancel_at}"));
        let _ = std::fs::remove_dir_all(&d);
        let checkpoint = Checkpoint { path: d.join("unused"), tag: String::new(), every: std::time::Duration::ZERO };
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(Interrupter {
            reports: AtomicU64::new(0),
            cancel_at,
            flag: flag.clone(),
            notes: Mutex::new(vec![]),
        });
        let ctl = Control::default().with_cancel(flag).with_progress(stop).with_checkpoint(checkpoint.clone());
        assert!(matches!(tiers::solve_to_dir(&g, &ident, &d, None, &ctl), Err(boyi::Error::Interrupted)));
        let saved: Vec<std::path::PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "checkpoint"))
            .collect();
        assert_eq!(saved.len(), 1, "interrupted after {cancel_at} reports: {saved:?}");
        let bytes = std::fs::read(&saved[0]).unwrap();
        match spoil {
            1 => std::fs::write(&saved[0], &bytes[..bytes.len() / 2]).unwrap(),
            2 => {
                // the level: past any remoteness
                let mut bad = bytes.clone();
                let at = 8 + 4 + 4 + (bytes[12] as usize) + 8 + 8;
                bad[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
                std::fs::write(&saved[0], bad).unwrap();
            }
            _ => {}
        }
        let ctl = Control::default().with_checkpoint(checkpoint);
        // resumed by un-moves where the save counted edges
        tiers::solve_to_dir(&Unmoved::new(&g), &ident, &d, None, &ctl).unwrap();
        assert_eq!(files_in(&d), want, "spoilt {spoil}, interrupted after {cancel_at} reports");
        let _ = std::fs::remove_dir_all(&d);
    }
}
