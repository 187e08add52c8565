//! The boards Morris games are played on: points, which points are
//! neighbours, and the mills (three points in a line). Points are named as
//! on a 7×7 grid, files a–g and ranks 1–7 (`a7` the outer square's top left
//! corner, `d5` the inner square's top middle).

/// A board: its points' names, neighbours and mills.
#[derive(Debug)]
pub struct Board {
    pub id: &'static str,
    pub names: &'static [&'static str],
    /// `adjacent[p]`: the points one step from `p`, as a mask.
    pub adjacent: Vec<u32>,
    /// Every mill as a mask of its three points.
    pub mills: Vec<u32>,
    /// `mills_at[p]`: the mills through `p` (two or three; unused ones 0,
    /// which every stones hold: skipped by the nonzero test).
    mills_at: Vec<[u32; 3]>,
}

/// The squares' points, clockwise from the top left corner.
const SQUARE_NAMES: [[&str; 8]; 3] = [
    ["a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4"],
    ["b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4"],
    ["c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4"],
];

/// The first `N / 8` squares' names, square by square.
const fn names<const N: usize>() -> [&'static str; N] {
    let mut n = [""; N];
    let mut i = 0;
    while i < N {
        n[i] = SQUARE_NAMES[i / 8][i % 8];
        i += 1;
    }
    n
}

const NAMES_24: [&str; 24] = names::<24>();
/// Six Men's Morris: the outer two squares' names, kept.
const NAMES_16: [&str; 16] = names::<16>();

impl Board {
    /// `squares` nested squares of eight points; the squares' middles joined
    /// from square to square, and their corners too where `diagonals`
    /// (Morabaraba). Lines across the squares are mills where they hold
    /// three points.
    fn squares(id: &'static str, squares: usize, diagonals: bool) -> Board {
        let points = 8 * squares;
        let mut adjacent = vec![0u32; points];
        let mut join = |a: usize, b: usize| {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        };
        let mut mills = Vec::new();
        for s in 0..squares {
            for k in 0..8 {
                join(8 * s + k, 8 * s + (k + 1) % 8);
            }
            for k in [0, 2, 4, 6] {
                mills.push((1u32 << (8 * s + k)) | 1 << (8 * s + k + 1) | 1 << (8 * s + (k + 2) % 8));
            }
        }
        for k in 0..8 {
            if k % 2 == 1 || diagonals {
                for s in 0..squares - 1 {
                    join(8 * s + k, 8 * (s + 1) + k);
                }
                if squares == 3 {
                    mills.push((1u32 << k) | 1 << (8 + k) | 1 << (16 + k));
                }
            }
        }
        let names: &'static [&'static str] = if squares == 3 { &NAMES_24 } else { &NAMES_16 };
        let mills_at = (0..points)
            .map(|p| {
                let mut at = [0u32; 3];
                for (slot, &m) in at.iter_mut().zip(mills.iter().filter(|&&m| m >> p & 1 == 1)) {
                    *slot = m;
                }
                at
            })
            .collect();
        Board { id, names, adjacent, mills, mills_at }
    }

    pub fn standard() -> Board {
        Board::squares("standard", 3, false)
    }

    pub fn morabaraba() -> Board {
        Board::squares("morabaraba", 3, true)
    }

    pub fn six() -> Board {
        Board::squares("six", 2, false)
    }

    pub fn points(&self) -> u32 {
        self.names.len() as u32
    }

    pub fn all(&self) -> u32 {
        ((1u64 << self.points()) - 1) as u32
    }

    /// Whether `p`, one of `stones`, stands in a mill of them.
    pub fn in_mill(&self, stones: u32, p: u32) -> bool {
        self.mills_at[p as usize].iter().any(|&m| m != 0 && stones & m == m)
    }

    /// The stones of `stones` that stand in a mill of them.
    pub fn in_mills(&self, stones: u32) -> u32 {
        self.mills.iter().filter(|&&m| stones & m == m).fold(0, |all, &m| all | m)
    }

    /// The board's symmetries, each as the image of every point: the
    /// square's eight (turns and reflections) with and without its squares
    /// read from the inside out (the outer and inner squares swapped; the
    /// lines across the squares, diagonals too, are kept). Sixteen on every
    /// board here; the identity first.
    pub fn symmetries(&self) -> Vec<Vec<u8>> {
        let squares = self.points() as usize / 8;
        let mut out = Vec::with_capacity(16);
        for swap in [false, true] {
            for mirror in [false, true] {
                for turn in 0..4 {
                    let image = (0..self.points() as usize)
                        .map(|p| {
                            let (s, k) = (p / 8, p % 8);
                            let k = if mirror { (10 - k) % 8 } else { k };
                            let s = if swap { squares - 1 - s } else { s };
                            (8 * s + (k + 2 * turn) % 8) as u8
                        })
                        .collect();
                    out.push(image);
                }
            }
        }
        out
    }

    /// The point named `name`.
    pub fn point(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|&n| n.eq_ignore_ascii_case(name.trim())).map(|p| p as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_have_their_lines() {
        let b = Board::standard();
        assert_eq!((b.points(), b.mills.len()), (24, 16));
        // 32 lines joining points: 24 along the squares, 8 across
        assert_eq!(b.adjacent.iter().map(|a| a.count_ones()).sum::<u32>(), 64);
        assert_eq!(b.adjacent[b.point("d6").unwrap() as usize].count_ones(), 4);
        let m = Board::morabaraba();
        assert_eq!((m.points(), m.mills.len()), (24, 20));
        assert_eq!(m.adjacent[m.point("b6").unwrap() as usize].count_ones(), 4);
        let six = Board::six();
        assert_eq!((six.points(), six.mills.len()), (16, 8));
        assert_eq!(six.adjacent[six.point("d7").unwrap() as usize].count_ones(), 3);
        for board in [b, m, six] {
            for (p, &a) in board.adjacent.iter().enumerate() {
                for q in 0..board.points() {
                    assert_eq!(a >> q & 1, board.adjacent[q as usize] >> p & 1, "{}: symmetric", board.id);
                }
            }
            // every symmetry a permutation that keeps lines and mills, and
            // no two the same
            let syms = board.symmetries();
            let map = |sym: &[u8], m: u32| {
                (0..board.points()).filter(|&p| m >> p & 1 == 1).fold(0u32, |o, p| o | 1 << sym[p as usize])
            };
            for (i, sym) in syms.iter().enumerate() {
                assert_eq!(map(sym, board.all()), board.all());
                assert!(syms[..i].iter().all(|other| other != sym), "{}: symmetry {i} repeated", board.id);
                for p in 0..board.points() as usize {
                    assert_eq!(map(sym, board.adjacent[p]), board.adjacent[sym[p] as usize], "{}", board.id);
                }
                for &m in &board.mills {
                    assert!(board.mills.contains(&map(sym, m)), "{}: a mill's image", board.id);
                }
            }
            assert_eq!(syms.len(), 16);
            // a point's mills as the list of all mills says
            for stones in [0u32, board.all(), 0b1011_0111_0110_1101, 0x5a5a5a & board.all()] {
                for p in 0..board.points() {
                    let any = board.mills.iter().any(|&m| m >> p & 1 == 1 && stones & m == m);
                    assert_eq!(board.in_mill(stones, p), any);
                    assert_eq!(board.in_mills(stones) >> p & 1 == 1, any && stones >> p & 1 == 1);
                }
            }
        }
    }
}
