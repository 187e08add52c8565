//! Small Morris games solved tier by tier against the engine's one-table
//! retrograde solve of the same positions, ranks round-tripping in every
//! tier, and every value agreeing with the values its moves lead to.

use boyi::solve::retrograde;
use boyi::solve::tiers::{self, Tiered};
use boyi::{Control, Game, Indexed, Outcome, Turn, Value};

use super::board::Board;
use super::rules::{Counts, Morris, Stones};

/// Every tier of a game end to end: one index, for the one-table solve.
struct Flat<'a> {
    game: &'a Morris,
    tiers: Vec<Counts>,
    offsets: Vec<u64>,
}

impl<'a> Flat<'a> {
    fn new(game: &'a Morris) -> Self {
        let tiers = game.tiers();
        let mut offsets = vec![0];
        for &t in &tiers {
            offsets.push(offsets.last().unwrap() + game.tier_size(t));
        }
        Flat { game, tiers, offsets }
    }
}

impl Game for Flat<'_> {
    type Pos = Stones;
    type Move = super::rules::Shift;
    type Value = Outcome;
    fn moves(&self, pos: &Stones, out: &mut Vec<Self::Move>) {
        self.game.moves(pos, out)
    }
    fn play(&self, pos: &Stones, mv: Self::Move) -> boyi::StepOf<Self> {
        self.game.play(pos, mv)
    }
    fn terminal(&self, pos: &Stones) -> Outcome {
        self.game.terminal(pos)
    }
}

impl Indexed for Flat<'_> {
    fn size(&self) -> u64 {
        *self.offsets.last().unwrap()
    }
    fn rank(&self, pos: &Stones) -> u64 {
        let t = self.game.tier_of(pos);
        let i = self.tiers.binary_search(&t).expect("a tier the start reaches");
        self.offsets[i] + self.game.rank_in(t, pos)
    }
    fn unrank(&self, r: u64) -> Stones {
        let i = self.offsets.partition_point(|&o| o <= r) - 1;
        self.game.unrank_in(self.tiers[i], r - self.offsets[i])
    }
}

/// Whether these tests were built with `--release` (in `target/release`).
/// Debug assertions do not tell: CI turns them on in its release build.
pub(super) fn release_build() -> bool {
    let exe = std::env::current_exe().ok();
    exe.as_deref().and_then(|e| e.parent()?.parent()?.file_name()).is_some_and(|profile| profile == "release")
}

/// Six Men's Morris with three stones each, and Lasker's rule; with four
/// stones against three too in a release build (2.6·10^6 positions: 20 s;
/// the test profile's builds take ten times as long).
fn games() -> Vec<Morris> {
    let mut games = vec![Morris::new(Board::six(), [3, 3], false), Morris::new(Board::six(), [3, 3], true)];
    if release_build() {
        games.push(Morris::new(Board::six(), [4, 3], false));
    }
    games
}

#[test]
fn ranks_round_trip_in_every_tier() {
    for game in games() {
        for t in game.tiers() {
            let size = game.tier_size(t);
            let step = (size / 2000).max(1);
            for r in (0..size).step_by(step as usize) {
                let s = game.unrank_in(t, r);
                assert_eq!(game.tier_of(&s), t, "{s:?}");
                // a slot holds its class's least board, or (where that board
                // is symmetric) an image of it that is not least
                let rank = game.rank_in(t, &s);
                let least = game.unrank_in(t, rank);
                assert_eq!(game.rank_in(t, &least), rank, "tier {t:?}, {s:?}");
                let fold = game.folding();
                assert!(
                    (0..fold.symmetries()).any(|k| least.mine == fold.image(k, s.mine)
                        && least.theirs == fold.image(k, s.theirs)
                        && least.hand == s.hand),
                    "tier {t:?}: {s:?} and {least:?}"
                );
                // and only there: the first side's stones are their class's least
                assert!(rank == r || least.mine == s.mine || least.theirs == s.theirs, "{s:?}");
                assert_eq!(s.mine & s.theirs, 0);
            }
        }
    }
}

/// `pos`'s value as its moves give it from `solution`'s values (where it
/// has none, as it stands).
fn by_moves(
    game: &Morris,
    solution: &tiers::Solution<Counts>,
    pos: &Stones,
    moves: &mut Vec<super::rules::Shift>,
) -> Outcome {
    moves.clear();
    game.moves(pos, moves);
    moves
        .iter()
        .map(|&m| Outcome::back((), Turn::Pass, solution.value(game, &game.play(pos, m).pos)))
        .max()
        .unwrap_or(game.terminal(pos))
}

#[test]
fn tiers_give_the_one_table_solve() {
    let ctl = Control::default();
    for game in games() {
        let flat = Flat::new(&game);
        let started = std::time::Instant::now();
        eprintln!("{:?} lasker {}: {} positions in {} tiers", game.stones, game.lasker, flat.size(), flat.tiers.len());
        let whole = retrograde::solve_by_edges(&flat, &ctl).unwrap();
        let tiered = tiers::solve(&game, &ctl).unwrap();
        let mut moves = Vec::new();
        let (mut won, mut lost, mut drawn) = (0, 0, 0);
        for r in 0..flat.size() {
            let pos = flat.unrank(r);
            let v = tiered.value(&game, &pos);
            assert_eq!(v, whole.value_at(r), "{pos:?} (stones {:?}, lasker {})", game.stones, game.lasker);
            // and the value is what the moves give
            assert_eq!(v, by_moves(&game, &tiered, &pos, &mut moves), "{pos:?}");
            match v {
                Outcome::Win(_) => won += 1,
                Outcome::Lose(_) => lost += 1,
                Outcome::Draw => drawn += 1,
            }
        }
        eprintln!("  {:.1} s: {won} won, {lost} lost, {drawn} drawn", started.elapsed().as_secs_f64());
        // a game in which every value kind occurs is a test of all three
        assert!(won > 0 && lost > 0, "{won} {lost} {drawn}");
    }
}

/// A mill's choices valued each time they are met, where the budget holds a
/// tier's cells but not the kept choices beside them, give the values the
/// kept choices give (which the one-table solve checks above).
#[test]
fn choices_not_kept_give_the_same_values() {
    for game in [Morris::new(Board::six(), [3, 3], false), Morris::new(Board::six(), [3, 3], true)] {
        let kept = tiers::solve(&game, &Control::default()).unwrap();
        let mut tested = 0;
        for t in game.tiers() {
            let (Some((_, count)), n) = (game.choice_tier(t), game.tier_size(t)) else { continue };
            // a byte short of the cells and the kept choices beside them
            let tight = Control::default().with_memory_limit(n * 6 + count * 2 - 1);
            let unkept = tiers::solve_tier(&game, t, &kept.tiers, &tight).unwrap();
            for r in 0..n {
                assert_eq!(unkept.value_at(r), kept.tiers[&t].value_at(r), "tier {t:?}, rank {r}");
            }
            tested += 1;
        }
        assert!(tested > 0, "no tier has choices: the test would test nothing");
    }
}

/// `db verify` of every tier, every seventh slot's value changed, reports
/// exactly the positions whose moves made give another value than the one
/// stored, with that value: in movement tiers, where drawn and won
/// positions read their steps only until one gives their value and the
/// lost positions' un-moves check the rest, as in placement tiers, where
/// every move is read (a step can stay in a Lasker placement tier).
#[test]
fn verify_finds_what_the_moves_made_find() {
    let others = [Outcome::Draw, Outcome::Win(1), Outcome::Win(4), Outcome::Lose(0), Outcome::Lose(3)];
    let ctl = Control::default();
    let (mut moves, mut found_in) = (Vec::new(), [0; 2]);
    for game in games() {
        let solution = tiers::solve(&game, &ctl).unwrap();
        for t in game.tiers() {
            let n = game.tier_size(t);
            let mut values: Vec<Outcome> = (0..n).map(|r| solution.tiers[&t].value_at(r)).collect();
            for r in (0..n).step_by(7) {
                let was = others.iter().position(|&o| o == values[r as usize]).unwrap_or(0);
                values[r as usize] = others[(r as usize / 7 + was + 1) % others.len()];
            }
            let mut wrong = tiers::Solution { tiers: solution.tiers.clone() };
            wrong.tiers.insert(t, std::sync::Arc::new(boyi::solve::Solved::from_values(values.clone())));
            let want: Vec<_> = (0..n)
                .filter_map(|r| {
                    let derived = by_moves(&game, &wrong, &game.unrank_in(t, r), &mut moves);
                    (derived != values[r as usize]).then_some((r, values[r as usize], derived))
                })
                .collect();
            let found = tiers::verify_tier(&game, t, &wrong, usize::MAX, &ctl).unwrap();
            let got: Vec<_> = found.iter().map(|d| (d.rank, d.stored, d.derived)).collect();
            assert_eq!(got, want, "tier {t:?}, Lasker {}", game.lasker);
            found_in[game.moves_stay(t) as usize] += want.len();
        }
    }
    assert!(found_in.iter().all(|&f| f > 100), "{found_in:?} wrong values found outside and inside loops");
}

/// A tier holds the counts the start reaches and no others: every count of
/// stones (on the board and to place, the mover's first) met in play from
/// the start is in a tier, and every count a tier holds is met. Six Men's
/// Morris with three stones each, and four against three, with Lasker's
/// rule and without; the standard game's 305 tiers hold 2.8·10^10
/// positions, where every count and the count turned round in one tier
/// made 1,023 tiers of 6.1·10^10.
#[test]
fn tiers_hold_the_counts_the_start_reaches() {
    use std::collections::BTreeSet;
    let counts = |s: &Stones| [s.mine.count_ones() as u8, s.theirs.count_ones() as u8, s.hand[0], s.hand[1]];
    for (stones, lasker) in [([3, 3], false), ([3, 3], true), ([4, 3], false), ([4, 3], true)] {
        let game = Morris::new(Board::six(), stones, lasker);
        let mut met = BTreeSet::new();
        let mut seen = std::collections::HashSet::from([game.start()]);
        let (mut todo, mut moves) = (vec![game.start()], Vec::new());
        while let Some(pos) = todo.pop() {
            met.insert(counts(&pos));
            moves.clear();
            game.moves(&pos, &mut moves);
            for &m in &moves {
                let next = game.play(&pos, m).pos;
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        let mut held = BTreeSet::new();
        for t in game.tiers() {
            // a tier of two views holds them in turn, slot by slot
            for r in 0..game.tier_size(t).min(2) {
                held.insert(counts(&game.unrank_in(t, r)));
            }
        }
        assert_eq!(held, met, "{stones:?} lasker {lasker}");
    }
    let nine = Morris::new(Board::standard(), [9, 9], false);
    let positions: u64 = nine.tiers().iter().map(|&t| nine.tier_size(t)).sum();
    // pinned: files follow this layout (a change bumps the key, `listing.rs`)
    assert_eq!((nine.tiers().len(), positions), (305, 27_992_630_580));
}

/// Un-moves give every tier's predecessors as the moves do, folded or not,
/// with Lasker's rule or not, flying included.
#[test]
fn unmoves_are_the_moves_reversed() {
    let mut cases = vec![([3, 3], false), ([3, 3], true)];
    if release_build() {
        cases.push(([4, 3], true));
    }
    for (stones, lasker) in cases {
        let mut games = vec![Morris::new(Board::six(), stones, lasker)];
        if stones == [3, 3] {
            games.push(Morris::unfolded(Board::six(), stones, lasker));
        }
        for game in games {
            for t in game.tiers() {
                if let Err(e) = tiers::verify_unmoves(&game, t) {
                    panic!("{stones:?} lasker {lasker}: {e}");
                }
            }
        }
    }
    // the standard board's and Morabaraba's tiers too, a few (their sizes
    // grow fast)
    let small = if release_build() { 20_000 } else { 2_000 };
    for game in [Morris::new(Board::standard(), [4, 4], false), Morris::new(Board::morabaraba(), [4, 4], false)] {
        for t in game.tiers().into_iter().filter(|&t| game.tier_size(t) < small) {
            tiers::verify_unmoves(&game, t).unwrap();
        }
    }
}

/// The solver's count of a position's moves out of its tier, and the ranks
/// of the children they reach (ranked together, not one by one), against
/// the moves made, as are the ranks of all its children `db verify` reads
/// ([`Tiered::children`]): a few hundred positions of every tier of the full games
/// (placements with and without captures, steps, flights, boards whose
/// stones have a symmetry of their own).
#[test]
fn moves_out_are_the_moves_made() {
    let games = [
        Morris::new(Board::standard(), [9, 9], false),
        Morris::new(Board::standard(), [10, 10], true),
        Morris::new(Board::morabaraba(), [12, 12], false),
        Morris::new(Board::six(), [6, 6], false),
    ];
    let per_tier = if release_build() { 400 } else { 40 };
    let mut checked = 0;
    for game in games {
        for t in game.tiers() {
            let size = game.tier_size(t);
            // spread over the tier, the first side's symmetric classes first
            let step = (size / per_tier).max(1) | 1;
            for r in (0..size).step_by(step as usize).chain(0..per_tier.min(size)) {
                let pos = game.unrank_in(t, r);
                if game.own_slot(t, r, &pos) && game.moves_in_tier_distinct(&pos) {
                    tiers::verify_moves_out(&game, t, &pos).unwrap();
                    checked += 1;
                }
                tiers::verify_children(&game, t, &pos).unwrap();
            }
        }
    }
    assert!(checked > 100_000 / if release_build() { 1 } else { 10 }, "{checked} positions checked");
}

/// The index folded by the board's sixteen symmetries against one slot a
/// board: every image of a position has its rank, every position the value
/// the unfolded solve gives it, in about a sixteenth of the slots.
#[test]
fn symmetric_positions_share_a_value() {
    let ctl = Control::default();
    for lasker in [false, true] {
        let folded = Morris::new(Board::six(), [3, 3], lasker);
        let plain = Morris::unfolded(Board::six(), [3, 3], lasker);
        assert_eq!(folded.folding().symmetries(), 16);
        let (by_classes, by_boards) = (tiers::solve(&folded, &ctl).unwrap(), tiers::solve(&plain, &ctl).unwrap());
        let flat = Flat::new(&plain);
        let mut seen = 0;
        for r in (0..flat.size()).step_by(3) {
            let pos = flat.unrank(r);
            let t = folded.tier_of(&pos);
            assert_eq!(by_classes.value(&folded, &pos), by_boards.value(&plain, &pos), "{pos:?}");
            let rank = folded.rank_in(t, &pos);
            for s in 0..16 {
                let fold = folded.folding();
                let image = Stones { mine: fold.image(s, pos.mine), theirs: fold.image(s, pos.theirs), hand: pos.hand };
                assert_eq!(folded.rank_in(t, &image), rank, "{pos:?} by symmetry {s}");
            }
            seen += 1;
        }
        assert!(seen > 10_000, "{seen}");
        let slots = |g: &Morris| g.tiers().iter().map(|&t| g.tier_size(t)).sum::<u64>();
        // a sixteenth, and the slots of boards with symmetries of their own
        // over (most on these small boards)
        assert!(slots(&folded) * 8 < slots(&plain), "{} of {}", slots(&folded), slots(&plain));
    }
}

/// Positions as the catalogue writes and reads them, and what it refuses.
#[test]
fn positions_are_written_and_read_back() {
    use crate::catalogue::{self, Cx, Session};
    let morris = catalogue::game("morris").unwrap();
    for text in ["none/none/9,9/w", "six:a7,d7/b6/1,2/b", "a7,d7,g7/b6,d6/0,1/b", "six:none/none/3,3/w"] {
        assert_eq!(morris.open(text).unwrap().text(), text);
    }
    for bad in
        ["a7/a7/0,0/w", "z9/none/0,0/w", "none/none/13,0/w", "none/none/1,1/x", "none/none/1/w", "hex:none/none/1,1/w"]
    {
        assert!(morris.open(bad).is_err(), "{bad}");
    }
    // a mill's capture named, played, and valued: Black closes b6-d6-f6 and
    // takes one of White's three stones, which leaves White two
    let pos = morris.open("six:a7,d7,g7/b6,d6/0,1/b").unwrap();
    let ctl = Control::default();
    let session = Session::default();
    let analysis = pos.analyze(&Cx::new(&ctl, &session)).unwrap();
    assert_eq!(analysis.value, crate::verdict::Verdict::Win(Some(1)));
    assert_eq!(analysis.moves[0].info.name, "f6xa7");
    let after = pos.play("f6xa7").unwrap();
    assert_eq!(after.text(), "six:d7,g7/b6,d6,f6/0,0/w");
    assert!(after.over());
    // the standard game is refused up front, with what it needs
    // "-" is read for none too, and written as "none"
    assert_eq!(morris.open("-/-/9,9/w").unwrap().text(), "none/none/9,9/w");
    let start = morris.open("none/none/9,9/w").unwrap();
    let refused = start.analyze(&Cx::new(&ctl, &session)).err().unwrap();
    assert!(refused.to_string().contains("needs"), "{refused}");
}

/// A full board (twelve stones each can fill Morabaraba's) is a draw, not a
/// loss for the side without a move: Six Men's board filled with eight each,
/// no mill closed by the last stone.
#[test]
fn a_full_board_is_a_draw() {
    use crate::catalogue::{self, Cx, Session};
    let game = Morris::new(Board::six(), [8, 8], false);
    // around each square the colours alternate: no side's three in a line
    let (white, black) = (0b0101_0101_0101_0101u32, 0b0010_1010_1010_1010u32);
    let pos = Stones { mine: black, theirs: white, hand: [1, 0] };
    let mut moves = Vec::new();
    game.moves(&pos, &mut moves);
    assert_eq!(moves.len(), 1);
    let full = game.play(&pos, moves[0]).pos;
    assert_eq!(full.mine | full.theirs, game.board.all());
    moves.clear();
    game.moves(&full, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.terminal(&full), Outcome::Draw);
    // but two stones lose even on a full board
    assert_eq!(game.terminal(&Stones { mine: 0b11, theirs: game.board.all() & !0b11, hand: [0, 0] }), Outcome::Lose(0));
    // Morabaraba in the catalogue: its own board by default, its start named so
    let entry = catalogue::game("morabaraba").unwrap();
    assert_eq!(entry.start(&crate::Params::new()).unwrap().text(), "none/none/12,12/w");
    let pos = entry.open("six:a7,g7,g1,a1,b6,f6,f2,b2/d7,g4,d1,a4,d6,f4,d2/0,1/b").unwrap();
    let ctl = Control::default();
    let session = Session::default();
    let analysis = pos.analyze(&Cx::new(&ctl, &session)).unwrap();
    assert_eq!(analysis.value, crate::verdict::Verdict::Draw);
}
