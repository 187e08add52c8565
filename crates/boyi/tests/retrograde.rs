//! Retrograde analysis on random game graphs with cycles, self-loops,
//! repeated moves and bonus turns agrees with a plain fixed-point iteration
//! written here (`fixed_point`): values and remoteness alike, for every
//! position and every move, through both the un-move and the reverse-edge
//! paths.

use boyi::db;
use boyi::game::{Game, Indexed, Reversible, StepOf};
use boyi::solve::retrograde::{self, verify_unmoves};
use boyi::{Control, Outcome, Step, Turn, Value};
use proptest::prelude::*;

/// Position `i` has the moves `edges[i]`; without moves it is worth `terminal[i]`.
#[derive(Debug, Clone)]
struct Loopy {
    edges: Vec<Vec<(u32, Turn)>>,
    terminal: Vec<Outcome>,
}

impl Game for Loopy {
    type Pos = u32;
    type Move = u8;
    type Value = Outcome;

    fn moves(&self, pos: &u32, out: &mut Vec<u8>) {
        out.extend(0..self.edges[*pos as usize].len() as u8);
    }

    fn play(&self, pos: &u32, mv: u8) -> StepOf<Self> {
        let (to, turn) = self.edges[*pos as usize][mv as usize];
        Step { pos: to, reward: (), turn }
    }

    fn terminal(&self, pos: &u32) -> Outcome {
        self.terminal[*pos as usize]
    }
}

impl Indexed for Loopy {
    fn size(&self) -> u64 {
        self.edges.len() as u64
    }
    fn rank(&self, pos: &u32) -> u64 {
        *pos as u64
    }
    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

impl Reversible for Loopy {
    fn unmoves(&self, pos: &u32, out: &mut Vec<(u32, Turn)>) {
        for (p, es) in self.edges.iter().enumerate() {
            out.extend(es.iter().filter(|(to, _)| to == pos).map(|&(_, turn)| (p as u32, turn)));
        }
    }
}

/// Values with a horizon of `h` moves (unfinished = draw), `h` = 0, 1, 2, ...
/// until nothing changes: each round is `v(p) = max over moves back(v(child))`.
fn fixed_point(g: &Loopy) -> Vec<Outcome> {
    let n = g.edges.len();
    let step = |v: &[Outcome], p: usize| {
        let es = &g.edges[p];
        if es.is_empty() {
            g.terminal[p]
        } else {
            es.iter().map(|&(c, turn)| Outcome::back((), turn, v[c as usize])).max().unwrap()
        }
    };
    let mut v: Vec<Outcome> =
        (0..n).map(|p| if g.edges[p].is_empty() { g.terminal[p] } else { Outcome::Draw }).collect();
    loop {
        let next: Vec<Outcome> = (0..n).map(|p| step(&v, p)).collect();
        if next == v {
            return v;
        }
        v = next;
    }
}

fn loopy(max_positions: usize, again_percent: u32) -> impl Strategy<Value = Loopy> {
    loopy_sized(1..=max_positions, again_percent)
}

/// [`loopy`] with a number of positions in `sizes`.
fn loopy_sized(sizes: std::ops::RangeInclusive<usize>, again_percent: u32) -> impl Strategy<Value = Loopy> {
    sizes.prop_flat_map(move |n| {
        let edge = (0..n as u32, 0u32..100)
            .prop_map(move |(to, a)| (to, if a < again_percent { Turn::Again } else { Turn::Pass }));
        let edges = proptest::collection::vec(proptest::collection::vec(edge, 0..4), n);
        let terminal = proptest::collection::vec(
            prop_oneof![
                4 => Just(Outcome::Lose(0)),
                1 => Just(Outcome::Win(0)),
                1 => Just(Outcome::Draw),
                1 => Just(Outcome::Lose(2)),
                1 => Just(Outcome::Win(1)),
                1 => Just(Outcome::Win(3)),
            ],
            n,
        );
        (edges, terminal).prop_map(|(edges, terminal)| Loopy { edges, terminal })
    })
}

fn check(g: &Loopy) -> Result<(), TestCaseError> {
    prop_assert_eq!(verify_unmoves(g), Ok(()));
    let want = fixed_point(g);
    let ctl = Control::default();
    let by_unmoves = retrograde::solve(g, &ctl).unwrap();
    let by_edges = retrograde::solve_by_edges(g, &ctl).unwrap();
    // Every level found by scanning the table instead of its marks.
    let scanning = retrograde::solve_by_scans(g, &ctl).unwrap();
    // Two-byte cells throughout, and one-byte cells widened early.
    let wide = retrograde::solve_wide(g, &ctl).unwrap();
    let widened = retrograde::solve_widening_at(g, &ctl, 3).unwrap();
    for p in 0..g.edges.len() as u32 {
        prop_assert_eq!(by_unmoves.value(g, &p), want[p as usize], "un-moves at {}", p);
        prop_assert_eq!(by_edges.value(g, &p), want[p as usize], "edges at {}", p);
        prop_assert_eq!(scanning.value(g, &p), want[p as usize], "scanning at {}", p);
        prop_assert_eq!(wide.value(g, &p), want[p as usize], "two-byte cells at {}", p);
        prop_assert_eq!(widened.value(g, &p), want[p as usize], "widened at {}", p);
        let mut expected: Vec<Outcome> =
            g.edges[p as usize].iter().map(|&(c, turn)| Outcome::back((), turn, want[c as usize])).collect();
        expected.sort_by(|a, b| b.cmp(a));
        let got: Vec<Outcome> = by_unmoves.analyze(g, &p).into_iter().map(|m| m.value).collect();
        prop_assert_eq!(got, expected, "moves of {}", p);
    }
    let depth = want.iter().filter_map(|v| v.remoteness()).max().unwrap_or(0);
    prop_assert_eq!(by_unmoves.depth(), depth);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn retrograde_equals_fixed_point(g in loopy(14, 0)) {
        check(&g)?;
    }

    #[test]
    fn retrograde_with_bonus_turns_equals_fixed_point(g in loopy(14, 30)) {
        check(&g)?;
    }

    #[test]
    fn positions_left_out_of_the_index_are_valued_on_the_spot(g in loopy(14, 0)) {
        check_trimmed(&g)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// About ten thousand positions: a level's marks stand for lines of
    /// 128 positions where predecessors are scattered (a word of marks for
    /// 8,192), and these span many lines, two words of marks and several
    /// workers' shares.
    #[test]
    fn large_scattered_games_equal_fixed_point(g in loopy_sized(9_000..=10_000, 0)) {
        check_trimmed(&g)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn parts_solve_exactly_as_one(g in loopy(24, 20)) {
        check_parts(&g)?;
        check_parts(&Trimmed::new(&g))?;
    }
}

/// The rank space cut into 1 to 5 parts (some empty when there are more
/// parts than positions) gives the one-process solve's values exactly.
fn check_parts<G: Reversible<Value = Outcome>>(g: &G) -> Result<(), TestCaseError> {
    use boyi::solve::partitioned;
    let ctl = Control::default();
    let Ok(one) = retrograde::solve(g, &ctl) else {
        // a game the solver refuses (a bonus turn out of the index) is refused in parts too
        prop_assert!(partitioned::solve(g, 2, &ctl).is_err());
        return Ok(());
    };
    for parts in 1..=5 {
        let (split, _) = partitioned::solve(g, parts, &ctl).unwrap();
        for r in 0..g.size() {
            prop_assert_eq!(split.value_at(r), one.value_at(r), "{} parts, rank {}", parts, r);
        }
    }

    Ok(())
}

/// [`Loopy`] with its ended positions worth a loss in none, a draw or a
/// win in one valued on the spot, as Dōbutsu Shōgi values boards over at
/// once: those of odd number are left out of the index, the rest are
/// numbered `0..kept.len()`.
struct Trimmed<'a> {
    game: &'a Loopy,
    kept: Vec<u32>,
    rank_of: Vec<u64>,
    on_the_spot: Vec<bool>,
    /// Each position's un-moves, as `Loopy::unmoves` scans them, found
    /// once: the scan costs a pass over every edge, and the large games
    /// (ten thousand positions) made it most of a minute of the tests.
    unmoves: Vec<Vec<(u32, Turn)>>,
}

impl<'a> Trimmed<'a> {
    fn new(game: &'a Loopy) -> Self {
        let out = |p: usize| {
            game.edges[p].is_empty() && matches!(game.terminal[p], Outcome::Lose(0) | Outcome::Draw | Outcome::Win(1))
        };
        let kept: Vec<u32> = (0..game.edges.len()).filter(|&p| !out(p) || p % 2 == 0).map(|p| p as u32).collect();
        let mut rank_of = vec![u64::MAX; game.edges.len()];
        for (r, &p) in kept.iter().enumerate() {
            rank_of[p as usize] = r as u64;
        }
        let on_the_spot = (0..game.edges.len()).map(out).collect();
        let mut unmoves = vec![Vec::new(); game.edges.len()];
        for (p, es) in game.edges.iter().enumerate() {
            for &(to, turn) in es {
                unmoves[to as usize].push((p as u32, turn));
            }
        }
        Trimmed { game, kept, rank_of, on_the_spot, unmoves }
    }
}

impl Game for Trimmed<'_> {
    type Pos = u32;
    type Move = u8;
    type Value = Outcome;

    fn moves(&self, pos: &u32, out: &mut Vec<u8>) {
        self.game.moves(pos, out)
    }
    fn play(&self, pos: &u32, mv: u8) -> StepOf<Self> {
        self.game.play(pos, mv)
    }
    fn terminal(&self, pos: &u32) -> Outcome {
        self.game.terminal(pos)
    }
}

impl Indexed for Trimmed<'_> {
    fn size(&self) -> u64 {
        self.kept.len() as u64
    }
    fn rank(&self, pos: &u32) -> u64 {
        assert_ne!(self.rank_of[*pos as usize], u64::MAX, "rank of {pos}, left out");
        self.rank_of[*pos as usize]
    }
    fn unrank(&self, index: u64) -> u32 {
        self.kept[index as usize]
    }
    fn outside(&self, pos: &u32) -> Option<Outcome> {
        self.on_the_spot[*pos as usize].then(|| self.game.terminal[*pos as usize])
    }
}

impl Reversible for Trimmed<'_> {
    fn unmoves(&self, pos: &u32, out: &mut Vec<(u32, Turn)>) {
        out.extend_from_slice(&self.unmoves[*pos as usize]);
    }
    // so that the tests run the prefetching ring too
    fn predecessors_scattered(&self) -> bool {
        true
    }
    fn count_moves(&self, pos: &u32, _: &mut Vec<u8>) -> (usize, Option<Outcome>) {
        let edges = &self.game.edges[*pos as usize];
        let out = edges.iter().filter_map(|&(c, turn)| self.outside(&c).map(|v| Outcome::back((), turn, v))).max();
        (edges.iter().filter(|(c, _)| self.outside(c).is_none()).count(), out)
    }
}

fn check_trimmed(g: &Loopy) -> Result<(), TestCaseError> {
    let t = Trimmed::new(g);
    prop_assert_eq!(verify_unmoves(&t), Ok(()));
    let want = fixed_point(g);
    let ctl = Control::default();
    let by_unmoves = retrograde::solve(&t, &ctl).unwrap();
    let by_edges = retrograde::solve_by_edges(&t, &ctl).unwrap();
    let scanning = retrograde::solve_by_scans(&t, &ctl).unwrap();
    let widened = retrograde::solve_widening_at(&t, &ctl, 2).unwrap();
    let wide = retrograde::solve_wide(&t, &ctl).unwrap();
    for p in 0..g.edges.len() as u32 {
        prop_assert_eq!(widened.value(&t, &p), want[p as usize], "widened at {}", p);
        prop_assert_eq!(wide.value(&t, &p), want[p as usize], "two-byte cells at {}", p);
        prop_assert_eq!(by_unmoves.value(&t, &p), want[p as usize], "un-moves at {}", p);
        prop_assert_eq!(by_edges.value(&t, &p), want[p as usize], "edges at {}", p);
        prop_assert_eq!(scanning.value(&t, &p), want[p as usize], "scanning at {}", p);
    }
    // the slots of positions valued on the spot hold their values too
    for (r, &p) in t.kept.iter().enumerate() {
        prop_assert_eq!(by_unmoves.value_at(r as u64), want[p as usize], "slot {} (position {})", r, p);
        prop_assert_eq!(by_edges.value_at(r as u64), want[p as usize], "slot {} (position {})", r, p);
        prop_assert_eq!(scanning.value_at(r as u64), want[p as usize], "slot {} (position {})", r, p);
    }
    Ok(())
}

/// A database written from the solve reads back every value, passes
/// `verify`, and is caught when one value is changed.
fn database_round_trip(g: &Loopy) -> Result<(), TestCaseError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static FILE: AtomicU64 = AtomicU64::new(0);
    let ctl = Control::default();
    let solved = retrograde::solve(g, &ctl).unwrap();
    let path = std::env::temp_dir().join(format!(
        "boyi-db-test-{}-{}.db",
        std::process::id(),
        FILE.fetch_add(1, Ordering::Relaxed)
    ));
    let ident = db::Ident { game: "loopy".into(), params: String::new(), key: "loopy:test".into() };
    let header = db::write(&path, &ident, &solved, &ctl).unwrap();
    let opened = db::Database::open(&path).unwrap();
    prop_assert_eq!(opened.header(), &header);
    prop_assert!(opened.checksum_ok(&ctl).unwrap());
    for r in 0..g.size() {
        prop_assert_eq!(opened.get::<Outcome>(r), Some(solved.value_at(r)));
    }
    prop_assert!(db::verify(g, &opened, 10, &ctl).unwrap().is_empty());
    // Change one value to another the encoding can hold: verify names it.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = header.data_offset as usize;
    let width = header.encoding.slot_bytes() as usize;
    let old = solved.value_at(0);
    let new = if old == Outcome::Draw { Outcome::Lose(0) } else { Outcome::Draw };
    let mut slot = vec![0u8; width];
    db::Stored::encode(new, header.encoding, &mut slot);
    bytes[at..at + width].copy_from_slice(&slot);
    std::fs::write(&path, bytes).unwrap();
    let refused = db::Database::open(&path).unwrap_err().to_string();
    prop_assert!(refused.contains("do not match their checksum"), "{}", refused);
    let changed = db::Database::open_unchecked(&path).unwrap();
    prop_assert!(!changed.checksum_ok(&ctl).unwrap());
    let found = db::verify(g, &changed, 10, &ctl).unwrap();
    prop_assert!(found.iter().any(|d| d.rank == 0 && d.stored == new), "{:?}", found);
    std::fs::remove_file(&path).unwrap();
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn databases_round_trip_and_verify(g in loopy(14, 0)) {
        database_round_trip(&g)?;
    }

    #[test]
    fn databases_with_bonus_turns_round_trip_and_verify(g in loopy(14, 30)) {
        database_round_trip(&g)?;
    }
}

/// A seeded xorshift generator: `next(m)` is a number below `m`.
fn xorshift(mut s: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    }
}

/// Levels of thousands of positions are split across threads; the answer
/// must not depend on how.
#[test]
fn large_random_graph_in_parallel() {
    let mut next = xorshift(12345u64);
    let n = 60_000u64;
    let edges: Vec<Vec<(u32, Turn)>> =
        (0..n).map(|_| (0..next(4)).map(|_| (next(n) as u32, Turn::Pass)).collect()).collect();
    let terminal = (0..n).map(|_| if next(5) == 0 { Outcome::Draw } else { Outcome::Lose(0) }).collect();
    let g = Loopy { edges, terminal };
    let want = fixed_point(&g);
    let solved = retrograde::solve_by_edges(&g, &Control::default()).unwrap();
    compressed_database_round_trip(&g, &solved);
    let kinds = |v: &Outcome| match v {
        Outcome::Win(_) => 0,
        Outcome::Lose(_) => 1,
        Outcome::Draw => 2,
    };
    let mut seen = [0; 3];
    for p in 0..n as u32 {
        assert_eq!(solved.value(&g, &p), want[p as usize], "at {p}");
        seen[kinds(&want[p as usize])] += 1;
    }
    assert!(seen.iter().all(|&k| k > 1000), "the graph should mix wins, losses and draws: {seen:?}");
}

/// The same values through zstd blocks: every lookup (in an order that
/// revisits blocks, so the cache is exercised), the checksum, `verify`,
/// the histogram; back to plain, the file is the one first written; and a
/// damaged block is refused when the file is opened.
fn compressed_database_round_trip(g: &Loopy, solved: &boyi::solve::Solved<Outcome>) {
    use db::{Database, Layout};
    let ctl = Control::default();
    let dir = std::env::temp_dir();
    let name = |what: &str| dir.join(format!("boyi-zstd-test-{}-{what}.db", std::process::id()));
    let ident = db::Ident { game: "loopy".into(), params: "n=60000".into(), key: "loopy:big".into() };
    let plain_header = db::write(&name("plain"), &ident, solved, &ctl).unwrap();
    let plain = Database::open(&name("plain")).unwrap();
    let layout = Layout::Zstd { block_log2: 8 };
    let header = db::rewrite(&plain, &name("zstd"), layout, 3, &ctl).unwrap();
    assert_eq!(header, db::Header { layout, ..plain_header.clone() });
    let packed = Database::open(&name("zstd")).unwrap();
    assert!(packed.stored_bytes() < plain.stored_bytes(), "{} bytes", packed.stored_bytes());
    let n = g.size();
    for i in 0..2 * n {
        let r = (i * 7919) % n;
        assert_eq!(packed.get::<Outcome>(r), Some(solved.value_at(r)), "rank {r}");
    }
    assert!(packed.checksum_ok(&ctl).unwrap());
    assert!(db::verify(g, &packed, 10, &ctl).unwrap().is_empty());
    assert_eq!(packed.histogram::<Outcome>(&ctl).unwrap(), plain.histogram::<Outcome>(&ctl).unwrap());
    db::rewrite(&packed, &name("again"), Layout::Plain, 0, &ctl).unwrap();
    assert_eq!(std::fs::read(name("again")).unwrap(), std::fs::read(name("plain")).unwrap());
    let mut bytes = std::fs::read(name("zstd")).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 0x55;
    std::fs::write(name("zstd"), bytes).unwrap();
    let e = Database::open(&name("zstd")).unwrap_err().to_string();
    assert!(e.contains("the file is damaged"), "{e}");
    for what in ["plain", "zstd", "again"] {
        let _ = std::fs::remove_file(name(what));
    }
}

#[test]
fn memory_is_refused_up_front() {
    let g = Loopy { edges: vec![vec![]; 1000], terminal: vec![Outcome::Lose(0); 1000] };
    let ctl = Control::default().with_memory_limit(1000);
    let e = retrograde::solve(&g, &ctl).err().unwrap().to_string();
    assert_eq!(e, "the retrograde table needs 1.2 KiB, limit 1000 B");
    // A win in no moves breaks the parity one-byte cells rely on.
    let mut g = g;
    g.terminal[7] = Outcome::Win(0);
    let ctl = Control::default().with_memory_limit(2000);
    let e = retrograde::solve(&g, &ctl).err().unwrap().to_string();
    assert_eq!(e, "the retrograde table needs 2.2 KiB, limit 2.0 KiB");
}

/// Games longer than one-byte cells hold (remoteness 191), and positions
/// with more moves than they count, go on in two-byte cells with the
/// values of a solve in two-byte cells throughout.
#[test]
fn long_games_widen_their_cells() {
    let n = 700u32;
    // Chains back from three ended positions, with shortcuts that keep
    // some long, and one position with 80 moves.
    let mut edges: Vec<Vec<(u32, Turn)>> = (0..n).map(|p| vec![((p + 1) % n, Turn::Pass)]).collect();
    let mut terminal = vec![Outcome::Lose(0); n as usize];
    for end in [299, 450, 699] {
        edges[end].clear();
    }
    terminal[450] = Outcome::Win(1);
    for p in (0..n).step_by(37) {
        edges[p as usize].push(((p * 7 + 3) % n, Turn::Pass));
    }
    let g = Loopy { edges: edges.clone(), terminal: terminal.clone() };
    let want = fixed_point(&g);
    assert!(want.iter().filter_map(|v| v.remoteness()).max().unwrap() > 250);
    let many = Loopy {
        edges: {
            let mut e = edges;
            e[5] = (0..80).map(|k| ((k * 11) % n, Turn::Pass)).collect();
            e
        },
        terminal,
    };
    for (g, counts) in [(&g, 1), (&many, 2)] {
        let want = fixed_point(g);
        let ctl = Control::default();
        // widened in place: one counting pass; too many moves: two
        let seen = std::sync::Arc::new(Interrupter {
            reports: std::sync::atomic::AtomicU64::new(0),
            cancel_at: u64::MAX,
            flag: std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
            labels: std::sync::Mutex::new(vec![]),
        });
        let counted = Control::default().with_progress(seen.clone());
        let solved = retrograde::solve(g, &counted).unwrap();
        let labels = seen.labels.lock().unwrap();
        assert_eq!(labels.iter().filter(|l| l.as_str() == "counting moves").count(), counts, "{labels:?}");
        let scanning = retrograde::solve_by_scans(g, &ctl).unwrap();
        for p in 0..n {
            assert_eq!(solved.value(g, &p), want[p as usize], "at {p}");
            assert_eq!(scanning.value(g, &p), want[p as usize], "scanning at {p}");
        }
        database_round_trip(g).unwrap();
    }
}

/// Stops a solve after `cancel_at` progress reports, and keeps the labels
/// of the phases it saw.
struct Interrupter {
    reports: std::sync::atomic::AtomicU64,
    cancel_at: u64,
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    labels: std::sync::Mutex<Vec<String>>,
}

impl boyi::Progress for Interrupter {
    fn start(&self, label: &str, _: u64) {
        self.labels.lock().unwrap().push(label.to_string());
    }
    fn advance(&self, _: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        if self.reports.fetch_add(1, Relaxed) + 1 >= self.cancel_at {
            self.flag.store(true, Relaxed);
        }
    }
    fn finish(&self) {}
}

/// A solve interrupted anywhere resumes from its last checkpoint (every
/// level boundary here) and ends with the values of an uninterrupted
/// solve; the checkpoint is removed once the solve is done, and a
/// checkpoint of another instance is not resumed from. In one-byte cells,
/// in two-byte ones (bonus turns), and across a widening.
#[test]
fn an_interrupted_solve_resumes_from_its_checkpoint() {
    let mut next = xorshift(777u64);
    let n = 3000u64;
    let edges: Vec<Vec<(u32, Turn)>> =
        (0..n).map(|_| (0..1 + next(3)).map(|_| (next(n) as u32, Turn::Pass)).collect()).collect();
    let terminal = (0..n).map(|_| if next(5) == 0 { Outcome::Draw } else { Outcome::Lose(0) }).collect();
    let mut g = Loopy { edges, terminal };
    // Few ended positions make long chains of levels.
    for p in 0..n as usize {
        if next(40) == 0 {
            g.edges[p].clear();
        }
    }
    resumes_exactly(&g, "one-byte cells", 1, true);
    let mut bonus = g.clone();
    for p in (0..n as usize).step_by(13) {
        if let Some(e) = bonus.edges[p].first_mut() {
            e.1 = Turn::Again;
        }
    }
    resumes_exactly(&bonus, "bonus turns", 5, false);
    // remoteness past what one byte holds: widened on the way
    let chain = Loopy {
        edges: (0..230u32).map(|p| if p == 229 { vec![] } else { vec![(p + 1, Turn::Pass)] }).collect(),
        terminal: vec![Outcome::Lose(0); 230],
    };
    resumes_exactly(&chain, "widened", 17, false);
}

/// Interrupted after 1, 1 + `stride`, ... progress reports.
fn resumes_exactly(g: &Loopy, what: &str, stride: usize, other_instance: bool) {
    use boyi::control::Checkpoint;
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::sync::{Arc, Mutex};
    let n = g.edges.len() as u64;
    let want = retrograde::solve(g, &Control::default()).unwrap();
    assert!(want.depth() > 6, "{what}: the game should have several levels: {}", want.depth());
    let path = std::env::temp_dir().join(format!("boyi-checkpoint-test-{}-{what}", std::process::id()));
    let checkpoint = |tag: &str| Checkpoint { path: path.clone(), tag: tag.into(), every: std::time::Duration::ZERO };
    let mut deepest_resume = 0;
    for cancel_at in (1..).step_by(stride) {
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(Interrupter {
            reports: AtomicU64::new(0),
            cancel_at,
            flag: flag.clone(),
            labels: Mutex::new(vec![]),
        });
        let ctl = Control::default().with_cancel(flag).with_progress(stop).with_checkpoint(checkpoint("this"));
        match retrograde::solve_by_scans(g, &ctl) {
            Err(boyi::Error::Interrupted) => {}
            Ok(_) => break,
            Err(e) => panic!("{what}: {e}"),
        }
        let seen = Arc::new(Interrupter {
            reports: AtomicU64::new(0),
            cancel_at: u64::MAX,
            flag: Arc::new(AtomicBool::new(false)),
            labels: Mutex::new(vec![]),
        });
        let ctl = Control::default().with_progress(seen.clone()).with_checkpoint(checkpoint("this"));
        let solved = retrograde::solve(g, &ctl).unwrap();
        for p in 0..n as u32 {
            assert_eq!(solved.value(g, &p), want.value(g, &p), "{what}: at {p}, interrupted after {cancel_at} reports");
        }
        assert!(!path.exists(), "a finished solve removes its checkpoint");
        let labels = seen.labels.lock().unwrap();
        if let Some(level) = labels.iter().find_map(|l| l.strip_prefix("resuming from the checkpoint at level ")) {
            deepest_resume = deepest_resume.max(level.parse::<u32>().unwrap());
        }
    }
    assert!(deepest_resume > 3, "{what}: solves should have resumed from later levels: {deepest_resume}");
    if !other_instance {
        return;
    }
    // Another instance's checkpoint is left alone; the solve starts over.
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(Interrupter {
        reports: AtomicU64::new(0),
        cancel_at: 3,
        flag: flag.clone(),
        labels: Mutex::new(vec![]),
    });
    let ctl = Control::default().with_cancel(flag).with_progress(stop).with_checkpoint(checkpoint("other"));
    assert!(retrograde::solve_by_scans(g, &ctl).is_err());
    assert!(path.exists());
    let solved = retrograde::solve(g, &Control::default().with_checkpoint(checkpoint("this"))).unwrap();
    for p in 0..n as u32 {
        assert_eq!(solved.value(g, &p), want.value(g, &p));
    }
    let _ = std::fs::remove_file(&path);
}

/// Parts interrupted anywhere resume from their checkpoints (every part
/// saving at every level boundary, alternately in two files each) and end
/// with the values of a solve in one piece; their files are removed once
/// the solve is done.
#[test]
fn interrupted_parts_resume_from_their_checkpoints() {
    use boyi::control::Checkpoint;
    use boyi::solve::partitioned;
    use std::sync::atomic::{AtomicBool, AtomicU64};
    use std::sync::{Arc, Mutex};
    let mut next = xorshift(4242u64);
    let n = 2000u64;
    let edges: Vec<Vec<(u32, Turn)>> =
        (0..n).map(|_| (0..1 + next(3)).map(|_| (next(n) as u32, Turn::Pass)).collect()).collect();
    let terminal = (0..n).map(|_| if next(5) == 0 { Outcome::Draw } else { Outcome::Lose(0) }).collect();
    let mut g = Loopy { edges, terminal };
    for p in 0..n as usize {
        if next(40) == 0 {
            g.edges[p].clear();
        }
    }
    let want = retrograde::solve(&g, &Control::default()).unwrap();
    assert!(want.depth() > 6, "the game should have several levels: {}", want.depth());
    let path = std::env::temp_dir().join(format!("boyi-parts-checkpoint-test-{}", std::process::id()));
    let checkpoint = Checkpoint { path: path.clone(), tag: "this".into(), every: std::time::Duration::ZERO };
    let files = || {
        let dir = std::fs::read_dir(std::env::temp_dir()).unwrap();
        let stem = path.file_name().unwrap().to_string_lossy().to_string();
        dir.filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with(&stem)).count()
    };
    for parts in [2, 3] {
        let mut deepest_resume = 0;
        for cancel_at in 1.. {
            let flag = Arc::new(AtomicBool::new(false));
            let stop = Arc::new(Interrupter {
                reports: AtomicU64::new(0),
                cancel_at,
                flag: flag.clone(),
                labels: Mutex::new(vec![]),
            });
            let ctl = Control::default().with_cancel(flag).with_progress(stop).with_checkpoint(checkpoint.clone());
            match partitioned::solve(&g, parts, &ctl) {
                Err(boyi::Error::Interrupted) => {}
                Ok(_) => break,
                Err(e) => panic!("{e}"),
            }
            let seen = Arc::new(Interrupter {
                reports: AtomicU64::new(0),
                cancel_at: u64::MAX,
                flag: Arc::new(AtomicBool::new(false)),
                labels: Mutex::new(vec![]),
            });
            let ctl = Control::default().with_progress(seen.clone()).with_checkpoint(checkpoint.clone());
            let (solved, _) = partitioned::solve(&g, parts, &ctl).unwrap();
            for p in 0..n as u32 {
                assert_eq!(
                    solved.value(&g, &p),
                    want.value(&g, &p),
                    "{parts} parts, at {p}, interrupted after {cancel_at} reports"
                );
            }
            assert_eq!(files(), 0, "a finished solve removes its checkpoints");
            let labels = seen.labels.lock().unwrap();
            if let Some(level) = labels.iter().find_map(|l| l.strip_prefix("resuming from the checkpoint at level ")) {
                deepest_resume = deepest_resume.max(level.parse::<u32>().unwrap());
            }
        }
        assert!(deepest_resume > 3, "{parts} parts should have resumed from later levels: {deepest_resume}");
    }
}

/// Parts that exchange after every few updates (a level in many batches,
/// parts with different numbers of them) solve exactly as one process and
/// send the same updates as parts exchanging once a level.
#[test]
fn parts_exchanging_in_small_batches_solve_exactly_as_one() {
    use boyi::solve::partitioned;
    let mut next = xorshift(99u64);
    let n = 3000u64;
    let edges: Vec<Vec<(u32, Turn)>> = (0..n)
        .map(|_| {
            (0..1 + next(4)).map(|_| (next(n) as u32, if next(9) == 0 { Turn::Again } else { Turn::Pass })).collect()
        })
        .collect();
    let terminal = (0..n).map(|_| if next(5) == 0 { Outcome::Draw } else { Outcome::Lose(0) }).collect();
    let mut g = Loopy { edges, terminal };
    for p in 0..n as usize {
        if next(30) == 0 {
            g.edges[p].clear();
        }
    }
    let ctl = Control::default();
    let one = retrograde::solve(&g, &ctl).unwrap();
    for parts in [2, 3, 5] {
        let (whole, once) = partitioned::solve(&g, parts, &ctl).unwrap();
        for batch_bytes in [8, 24, 200] {
            let (split, traffic) = partitioned::solve_batched(&g, parts, batch_bytes, &ctl).unwrap();
            for r in 0..n {
                assert_eq!(
                    split.value_at(r),
                    one.value_at(r),
                    "{parts} parts, batches of {batch_bytes} bytes, rank {r}"
                );
                assert_eq!(whole.value_at(r), one.value_at(r));
            }
            assert_eq!(traffic, once, "{parts} parts, batches of {batch_bytes} bytes");
        }
    }
    // scattered predecessors: a mark stands for a line of positions
    let t = Trimmed::new(&g);
    let one = retrograde::solve(&t, &ctl).unwrap();
    for parts in [2, 3, 5] {
        for batch_bytes in [8, 200] {
            let (split, _) = partitioned::solve_batched(&t, parts, batch_bytes, &ctl).unwrap();
            for r in 0..t.size() {
                assert_eq!(
                    split.value_at(r),
                    one.value_at(r),
                    "trimmed, {parts} parts, batches of {batch_bytes} bytes"
                );
            }
        }
    }
}

/// A random loopy game of `n` positions from `seed` (SplitMix64), the same
/// in every process: MPI ranks build it each for themselves.
#[cfg(feature = "mpi")]
fn seeded_loopy(seed: u64, n: usize) -> Loopy {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let edges = (0..n)
        .map(|_| {
            let moves = next() % 4;
            (0..moves)
                .map(|_| ((next() % n as u64) as u32, if next() % 10 == 0 { Turn::Again } else { Turn::Pass }))
                .collect()
        })
        .collect();
    let terminal = (0..n)
        .map(|_| match next() % 6 {
            0..=2 => Outcome::Lose(0),
            3 => Outcome::Win(0),
            4 => Outcome::Draw,
            _ => Outcome::Win(1),
        })
        .collect();
    Loopy { edges, terminal }
}

#[cfg(feature = "mpi")]
fn loopy_ident(seed: u64) -> db::Ident {
    db::Ident { game: "loopy".into(), params: format!("seed={seed}"), key: format!("loopy:{seed}") }
}

/// Random loopy games solved by 1 to 4 MPI ranks give the one-process
/// database file byte for byte. The test starts this very test binary
/// under `mpirun`, each rank running [`mpi_rank`]; it needs the `mpi`
/// feature and Open MPI (`.ci/run` runs it; elsewhere it skips, saying so).
#[cfg(feature = "mpi")]
#[test]
fn mpi_ranks_write_the_one_process_database() {
    use std::process::Command;
    let found = Command::new("mpirun").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "CI is set but mpirun is missing (.ci/run installs openmpi-bin)");
        // Straight to stderr: the harness swallows `eprintln!` of a passing test.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: mpi_ranks_write_the_one_process_database: no mpirun (Debian's openmpi-bin)"
        );
        return;
    }
    let ctl = Control::default();
    let me = std::env::current_exe().unwrap();
    for seed in [1u64, 2, 3] {
        let game = seeded_loopy(seed, 400);
        let one = std::env::temp_dir().join(format!("boyi-loopy-{}-{seed}-one.db", std::process::id()));
        db::write(&one, &loopy_ident(seed), &retrograde::solve(&game, &ctl).unwrap(), &ctl).unwrap();
        let want = std::fs::read(&one).unwrap();
        let _ = std::fs::remove_file(&one);
        for ranks in 1..=4 {
            let out = std::env::temp_dir().join(format!("boyi-loopy-{}-{seed}-{ranks}.db", std::process::id()));
            let run = Command::new("mpirun")
                .args(["--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", &ranks.to_string()])
                .args(["-x", "BOYI_MPI_RANK_OUT", "-x", "BOYI_MPI_RANK_SEED"])
                .arg(&me)
                .args(["--exact", "mpi_rank", "--test-threads", "1", "--nocapture"])
                .env("BOYI_MPI_RANK_OUT", &out)
                .env("BOYI_MPI_RANK_SEED", seed.to_string())
                .output()
                .unwrap();
            assert!(run.status.success(), "seed {seed}, {ranks} ranks: {}", String::from_utf8_lossy(&run.stderr));
            let got = std::fs::read(&out).unwrap();
            let _ = std::fs::remove_file(&out);
            assert!(got == want, "seed {seed}, {ranks} ranks: the files differ");
        }
    }
}

/// One rank of [`mpi_ranks_write_the_one_process_database`]; does nothing
/// unless that test started it.
#[cfg(feature = "mpi")]
#[test]
fn mpi_rank() {
    let Some(out) = std::env::var_os("BOYI_MPI_RANK_OUT") else { return };
    let seed: u64 = std::env::var("BOYI_MPI_RANK_SEED").unwrap().parse().unwrap();
    let mpi = boyi::peers::mpi::Mpi::start().unwrap();
    let game = seeded_loopy(seed, 400);
    let ctl = Control::default();
    boyi::solve::partitioned::save_part(&game, &loopy_ident(seed), std::path::Path::new(&out), &mpi, &ctl).unwrap();
}
