//! Clobber: Left's stones `x`, Right's `o`; a move takes one of your
//! stones onto an orthogonally adjacent stone of the other colour, which
//! leaves the board; who cannot move loses. Rows joined by `|`, `.` empty.
//! Groups of touching stones are independent parts; the square's eight
//! symmetries keep a value and swapping the colours negates it.

use boyi::cgt::Partizan;

use crate::error::Error;

/// Cells a board may have.
pub const MOST_CELLS: usize = 64;

/// A board: `cells[r·w + c]` is `x`, `o` or `.`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub h: usize,
    pub w: usize,
    pub cells: Vec<u8>,
}

impl Board {
    pub fn parse(text: &str) -> Result<Board, Error> {
        let rows: Vec<&str> = text.trim().split(['|', '/', '\n']).map(str::trim).collect();
        let w = rows[0].len();
        if w == 0 || rows.iter().any(|r| r.len() != w) {
            return Err(Error::position(format!("`{text}`: every row of a Clobber board is as long as the first")));
        }
        if rows.len() * w > MOST_CELLS {
            return Err(Error::position(format!("a Clobber board has at most {MOST_CELLS} cells")));
        }
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
        if let Some(bad) = cells.iter().find(|c| !matches!(c, b'x' | b'o' | b'.')) {
            return Err(Error::position(format!(
                "`{}` on a Clobber board: x is Left's stone, o Right's, . an empty cell",
                *bad as char
            )));
        }
        Ok(Board { h: rows.len(), w, cells })
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (i / self.w, i % self.w);
        [
            (r > 0).then(|| i - self.w),
            (r + 1 < self.h).then(|| i + self.w),
            (c > 0).then(|| i - 1),
            (c + 1 < self.w).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    fn moves(&self, mine: u8, theirs: u8) -> Vec<Board> {
        let mut out = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] != mine {
                continue;
            }
            for j in self.neighbours(i) {
                if self.cells[j] == theirs {
                    let mut next = self.clone();
                    next.cells[i] = b'.';
                    next.cells[j] = mine;
                    out.push(next);
                }
            }
        }
        out
    }

    fn transformed(&self, s: u8) -> Board {
        let (h, w) = if s & 4 == 4 { (self.w, self.h) } else { (self.h, self.w) };
        let mut cells = vec![b'.'; h * w];
        for r in 0..self.h {
            for c in 0..self.w {
                let r2 = if s & 1 == 1 { self.h - 1 - r } else { r };
                let c2 = if s & 2 == 2 { self.w - 1 - c } else { c };
                let at = if s & 4 == 4 { c2 * w + r2 } else { r2 * w + c2 };
                cells[at] = self.cells[r * self.w + c];
            }
        }
        Board { h, w, cells }
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows: Vec<String> = self.cells.chunks(self.w).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
        write!(f, "{}", rows.join("|"))
    }
}

pub struct Clobber;

impl Partizan for Clobber {
    type Position = Board;

    fn left_options(&self, p: &Board) -> Vec<Board> {
        p.moves(b'x', b'o')
    }

    fn right_options(&self, p: &Board) -> Vec<Board> {
        p.moves(b'o', b'x')
    }

    /// Groups of touching stones, each cut to its bounding box; a group of
    /// one colour has no move and is left out.
    fn components(&self, p: &Board) -> Vec<Board> {
        let mut seen = vec![false; p.cells.len()];
        let mut parts = Vec::new();
        for start in 0..p.cells.len() {
            if seen[start] || p.cells[start] == b'.' {
                continue;
            }
            let mut group = vec![start];
            seen[start] = true;
            let mut k = 0;
            while k < group.len() {
                for j in p.neighbours(group[k]).collect::<Vec<_>>() {
                    if !seen[j] && p.cells[j] != b'.' {
                        seen[j] = true;
                        group.push(j);
                    }
                }
                k += 1;
            }
            if group.iter().all(|&i| p.cells[i] == p.cells[start]) {
                continue;
            }
            let rows = group.iter().map(|&i| i / p.w);
            let cols = group.iter().map(|&i| i % p.w);
            let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
            let (left, right) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
            let (h, w) = (bottom - top + 1, right - left + 1);
            let mut cells = vec![b'.'; h * w];
            for &i in &group {
                cells[(i / p.w - top) * w + (i % p.w - left)] = p.cells[i];
            }
            parts.push(Board { h, w, cells });
        }
        parts
    }

    fn normal(&self, p: &Board) -> (Board, bool) {
        let swapped = Board {
            cells: p
                .cells
                .iter()
                .map(|&c| match c {
                    b'x' => b'o',
                    b'o' => b'x',
                    c => c,
                })
                .collect(),
            ..p.clone()
        };
        (0..8u8)
            .flat_map(|s| [(p.transformed(s), false), (swapped.transformed(s), true)])
            .min()
            .expect("sixteen images")
    }
}
