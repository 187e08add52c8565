//! Morris written a second time, from nothing but the points' names: the
//! lines read off the 7×7 grid the names place the points on, the rules
//! as plain loops over a position's moves, and every position the start
//! reaches solved by a plain retrograde analysis over the explicit graph
//! (children kept, predecessors inverted from them: no un-moves, no
//! tiers, no symmetry). The catalogue's boards and its tier solve must
//! agree with it; what the two share is only the names and `Outcome`.
//! And the reading of the rules where they leave a choice, made alike on
//! purpose: a mill closed while the other side has no stone on the board
//! takes nothing; under Lasker's rule a player with stones still to place
//! steps rather than flies; a full board is a draw unless the mover is
//! down to two stones.

use std::collections::HashMap;

use boyi::solve::tiers;
use boyi::{Control, Game, Outcome};

use super::board::Board;
use super::rules::{Morris, Stones};
use super::tests::release_build;

/// A point's column and row on the grid (`a7`: 0, 6).
fn grid(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// The board's lines as runs of points, in order along each: the points
/// of one row (or column) of the grid, cut where the row passes the
/// board's centre (which no board here has a point on), and the squares'
/// diagonals where `diagonals`.
fn lines(names: &[&str], diagonals: bool) -> Vec<Vec<u32>> {
    let at: Vec<(i32, i32)> = names.iter().map(|n| grid(n)).collect();
    let mut runs = Vec::new();
    for across in [false, true] {
        for k in 0..7 {
            let mut on: Vec<u32> = (0..at.len() as u32).filter(|&p| on_line(at[p as usize], across, k)).collect();
            on.sort_by_key(|&p| along(at[p as usize], across));
            let (before, after): (Vec<u32>, Vec<u32>) = on.iter().partition(|&&p| along(at[p as usize], across) < 3);
            if k == 3 {
                runs.push(before);
                runs.push(after);
            } else {
                runs.push(on);
            }
        }
    }
    if diagonals {
        // a corner of each square to the same corner of the next
        for corner in [(0, 0), (0, 6), (6, 0), (6, 6)] {
            let toward = |c: i32| if c == 0 { 1 } else { -1 };
            let run: Vec<u32> = (0..3)
                .filter_map(|s| {
                    let p = (corner.0 + s * toward(corner.0), corner.1 + s * toward(corner.1));
                    at.iter().position(|&q| q == p).map(|q| q as u32)
                })
                .collect();
            runs.push(run);
        }
    }
    runs.retain(|r| r.len() > 1);
    runs
}

fn on_line(p: (i32, i32), across: bool, k: i32) -> bool {
    if across {
        p.1 == k
    } else {
        p.0 == k
    }
}

fn along(p: (i32, i32), across: bool) -> i32 {
    if across {
        p.0
    } else {
        p.1
    }
}

/// The points' neighbours (as masks) and the mills: each line's runs of
/// three.
fn neighbours_and_mills(names: &[&str], diagonals: bool) -> (Vec<u32>, Vec<u32>) {
    let mut adjacent = vec![0u32; names.len()];
    let mut mills = Vec::new();
    for run in lines(names, diagonals) {
        for w in run.windows(2) {
            adjacent[w[0] as usize] |= 1 << w[1];
            adjacent[w[1] as usize] |= 1 << w[0];
        }
        if run.len() == 3 {
            mills.push(run.iter().fold(0u32, |m, &p| m | 1 << p));
        }
    }
    (adjacent, mills)
}

/// A position from the side to move: its stones, the other's, and the
/// stones each has to place (the mover's first).
type Position = (u32, u32, [u8; 2]);

struct Plain {
    all: u32,
    adjacent: Vec<u32>,
    mills: Vec<u32>,
    lasker: bool,
}

impl Plain {
    fn children(&self, (mine, theirs, hand): Position) -> Vec<Position> {
        let mut out = Vec::new();
        let on = mine.count_ones();
        if on + (hand[0] as u32) < 3 {
            return out;
        }
        let empty = self.all & !(mine | theirs);
        let mut landings = Vec::new();
        if hand[0] > 0 {
            for to in 0..32 {
                if empty >> to & 1 == 1 {
                    landings.push((mine | 1 << to, to, hand[0] - 1));
                }
            }
        }
        if hand[0] == 0 || self.lasker {
            for from in 0..32 {
                if mine >> from & 1 == 0 {
                    continue;
                }
                let reach = if on == 3 && hand[0] == 0 { empty } else { self.adjacent[from] & empty };
                for to in 0..32 {
                    if reach >> to & 1 == 1 {
                        landings.push((mine & !(1 << from) | 1 << to, to, hand[0]));
                    }
                }
            }
        }
        let in_mills = self.mills.iter().filter(|&&m| theirs & m == m).fold(0, |a, &m| a | m);
        let takeable = if theirs & !in_mills != 0 { theirs & !in_mills } else { theirs };
        for (after, to, left) in landings {
            let closes = self.mills.iter().any(|&m| m >> to & 1 == 1 && after & m == m);
            if closes && takeable != 0 {
                for t in 0..32 {
                    if takeable >> t & 1 == 1 {
                        out.push((theirs & !(1 << t), after, [hand[1], left]));
                    }
                }
            } else {
                out.push((theirs, after, [hand[1], left]));
            }
        }
        out
    }

    /// The value of a position without a move: a full board is a draw
    /// unless the mover is down to two stones; else the mover has lost.
    fn terminal(&self, (mine, theirs, hand): Position) -> Outcome {
        if mine | theirs == self.all && mine.count_ones() + hand[0] as u32 >= 3 {
            Outcome::Draw
        } else {
            Outcome::Lose(0)
        }
    }

    /// Every position the start reaches, with its value: some 1.5 GB for
    /// the standard board with three stones each, where a position has
    /// about 55 moves (the children and parents kept as lists).
    fn solve(&self, stones: [u8; 2]) -> HashMap<Position, Outcome> {
        let start = (0, 0, stones);
        let mut index = HashMap::from([(start, 0u32)]);
        let mut positions = vec![start];
        let mut children: Vec<Vec<u32>> = Vec::new();
        while children.len() < positions.len() {
            let p = positions[children.len()];
            let mut c: Vec<u32> = self
                .children(p)
                .into_iter()
                .map(|q| {
                    *index.entry(q).or_insert_with(|| {
                        positions.push(q);
                        positions.len() as u32 - 1
                    })
                })
                .collect();
            c.sort_unstable();
            c.dedup();
            children.push(c);
        }
        let n = positions.len();
        let mut parents = vec![Vec::new(); n];
        for (p, c) in children.iter().enumerate() {
            for &q in c {
                parents[q as usize].push(p as u32);
            }
        }
        let mut value: Vec<Option<Outcome>> = vec![None; n];
        let mut waiting: Vec<usize> = children.iter().map(Vec::len).collect();
        let mut level = Vec::new();
        for (p, &position) in positions.iter().enumerate() {
            if children[p].is_empty() {
                let end = self.terminal(position);
                value[p] = Some(end);
                if end != Outcome::Draw {
                    level.push(p as u32);
                }
            }
        }
        // settled in order of remoteness: a win takes its fastest lost
        // child, a loss waits for its slowest won one
        while !level.is_empty() {
            let mut next = Vec::new();
            for &q in &level {
                let settled = value[q as usize].unwrap();
                for &p in &parents[q as usize] {
                    let p = p as usize;
                    if value[p].is_some() {
                        continue;
                    }
                    match settled {
                        Outcome::Lose(k) => {
                            value[p] = Some(Outcome::Win(k + 1));
                            next.push(p as u32);
                        }
                        Outcome::Win(k) => {
                            waiting[p] -= 1;
                            if waiting[p] == 0 {
                                value[p] = Some(Outcome::Lose(k + 1));
                                next.push(p as u32);
                            }
                        }
                        Outcome::Draw => unreachable!("draws are not queued"),
                    }
                }
            }
            level = next;
        }
        positions.into_iter().zip(value).map(|(p, v)| (p, v.unwrap_or(Outcome::Draw))).collect()
    }
}

#[test]
fn boards_are_the_lines_drawn() {
    for (board, diagonals) in [(Board::standard(), false), (Board::six(), false), (Board::morabaraba(), true)] {
        let (adjacent, mut mills) = neighbours_and_mills(board.names, diagonals);
        let mut theirs = board.mills.clone();
        mills.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(board.adjacent, adjacent, "{}", board.id);
        assert_eq!(theirs, mills, "{}", board.id);
    }
    // the sizes everyone knows: 16 mills on the standard board, 20 with
    // Morabaraba's diagonals, 8 on Six Men's Morris's
    assert_eq!(neighbours_and_mills(Board::standard().names, false).1.len(), 16);
    assert_eq!(neighbours_and_mills(Board::morabaraba().names, true).1.len(), 20);
    assert_eq!(neighbours_and_mills(Board::six().names, false).1.len(), 8);
}

/// Every move of random positions of the three boards, with Lasker's rule
/// and without, any stones on the board and in hand: the catalogue's moves
/// lead to the positions the plain rules give, no more and no fewer (a
/// rule can differ where no value shows it: with few stones, which stones
/// a mill may take seldom changes who wins).
#[test]
fn moves_are_the_plain_moves() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |below: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as u32
    };
    let boards: [(fn() -> Board, bool); 3] = [(Board::standard, false), (Board::six, false), (Board::morabaraba, true)];
    for (make, diagonals) in boards {
        for lasker in [false, true] {
            let board = make();
            let (adjacent, mills) = neighbours_and_mills(board.names, diagonals);
            let plain = Plain { all: board.all(), adjacent, mills, lasker };
            let points = board.points();
            let game = Morris::new(make(), [12, 12], lasker);
            let (mut taking, mut from_mills, mut full) = (0, 0, 0);
            for _ in 0..20_000 {
                // stones dropped on random empty points
                let (mut mine, mut theirs) = (0u32, 0u32);
                let (a, b) = (next(points / 2 + 1), next(points / 2 + 1));
                while mine.count_ones() < a || theirs.count_ones() < b {
                    let p = next(points);
                    if (mine | theirs) >> p & 1 == 0 {
                        if mine.count_ones() < a {
                            mine |= 1 << p;
                        } else {
                            theirs |= 1 << p;
                        }
                    }
                }
                let hand = [next(4) as u8, next(4) as u8];
                let mut want = plain.children((mine, theirs, hand));
                let pos = Stones { mine, theirs, hand };
                let mut moves = Vec::new();
                game.moves(&pos, &mut moves);
                let mut got: Vec<Position> = moves
                    .iter()
                    .map(|&m| {
                        let c = game.play(&pos, m).pos;
                        (c.mine, c.theirs, c.hand)
                    })
                    .collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{} lasker {lasker}: {pos:?}", board.id);
                if want.is_empty() {
                    let end = plain.terminal((mine, theirs, hand));
                    assert_eq!(game.terminal(&pos), end, "{} lasker {lasker}: {pos:?}", board.id);
                    full += (end == Outcome::Draw) as usize;
                }
                // a capture leaves the other side (first in the child) a stone fewer
                let captures = want.iter().filter(|c| c.0 != theirs).count();
                taking += captures;
                let in_mills = plain.mills.iter().filter(|&&m| theirs & m == m).fold(0, |a, &m| a | m);
                if captures > 0 && theirs & !in_mills == 0 {
                    from_mills += 1;
                }
            }
            // captures, captures where every stone stands in a mill, and
            // full boards each met
            assert!(
                taking > 1000 && from_mills > 0 && full > 0,
                "{} lasker {lasker}: {taking}, {from_mills}, {full}",
                board.id
            );
        }
    }
}

#[test]
fn tier_solve_gives_the_plain_solve() {
    // Six Men's Morris, three stones each, and in a release build (about
    // 15 s) three each with Lasker's rule and four each without it
    // (2.4·10^6 positions); with BOYI_MORRIS_STANDARD set (to anything),
    // the standard board with three each, with and without Lasker's rule
    // (3.1 and 3.7·10^6 positions, some 40 s and 1.5 GB each)
    let six: fn() -> Board = Board::six;
    let mut games = vec![(six, [3, 3], false)];
    if release_build() {
        games.extend([(six, [3, 3], true), (six, [4, 4], false)]);
    }
    if std::env::var_os("BOYI_MORRIS_STANDARD").is_some() {
        games.extend([(Board::standard as fn() -> Board, [3, 3], false), (Board::standard, [3, 3], true)]);
    }
    let ctl = Control::default();
    for (make, stones, lasker) in games {
        let started = std::time::Instant::now();
        let board = make();
        let (adjacent, mills) = neighbours_and_mills(board.names, false);
        let plain = Plain { all: board.all(), adjacent, mills, lasker };
        let values = plain.solve(stones);
        let game = Morris::new(make(), stones, lasker);
        let solved = tiers::solve(&game, &ctl).unwrap();
        let (mut won, mut lost, mut draws) = (0, 0, 0);
        for (&(mine, theirs, hand), &v) in &values {
            let pos = Stones { mine, theirs, hand };
            assert_eq!(solved.value(&game, &pos), v, "{pos:?} (stones {stones:?}, lasker {lasker})");
            match v {
                Outcome::Win(_) => won += 1,
                Outcome::Lose(_) => lost += 1,
                Outcome::Draw => draws += 1,
            }
        }
        eprintln!(
            "{} {stones:?}, lasker {lasker}: {won} won, {lost} lost, {draws} drawn ({:.1} s)",
            board.id,
            started.elapsed().as_secs_f64()
        );
        assert!(won > 0 && lost > 0 && draws > 0, "{stones:?} {lasker}: {won} {lost} {draws}");
    }
}
