//! Toads and Frogs on a strip: Left's toads (`T`) move right, Right's
//! frogs (`F`) left, one step into an empty cell (`.`) or a jump over one
//! creature of the other kind into the empty cell beyond; who cannot move
//! loses. Reversing the strip and swapping the kinds swaps the players.

use boyi::cgt::Partizan;

use crate::error::Error;

/// Cells a strip may have.
pub const MOST_CELLS: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(pub Vec<u8>);

impl Strip {
    pub fn parse(text: &str) -> Result<Strip, Error> {
        let cells: Vec<u8> = text.trim().bytes().collect();
        if cells.is_empty() || cells.len() > MOST_CELLS {
            return Err(Error::position(format!("a strip of Toads and Frogs has 1 to {MOST_CELLS} cells")));
        }
        if let Some(bad) = cells.iter().find(|c| !matches!(c, b'T' | b'F' | b'.')) {
            return Err(Error::position(format!(
                "`{}` in a Toads and Frogs strip: T is a toad (Left's), F a frog (Right's), . an empty cell",
                *bad as char
            )));
        }
        Ok(Strip(cells))
    }

    /// Where `kind` may go: (from, to).
    fn moves(&self, kind: u8) -> Vec<Strip> {
        let (step, other): (isize, u8) = if kind == b'T' { (1, b'F') } else { (-1, b'T') };
        let at = |i: isize| if i < 0 { None } else { self.0.get(i as usize).copied() };
        let mut out = Vec::new();
        for (i, &c) in self.0.iter().enumerate() {
            if c != kind {
                continue;
            }
            let i = i as isize;
            let to = if at(i + step) == Some(b'.') {
                Some(i + step)
            } else if at(i + step) == Some(other) && at(i + 2 * step) == Some(b'.') {
                Some(i + 2 * step)
            } else {
                None
            };
            if let Some(to) = to {
                let mut next = self.0.clone();
                next[i as usize] = b'.';
                next[to as usize] = kind;
                out.push(Strip(next));
            }
        }
        out
    }
}

impl std::fmt::Display for Strip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", String::from_utf8_lossy(&self.0))
    }
}

pub struct ToadsFrogs;

impl Partizan for ToadsFrogs {
    type Position = Strip;

    fn left_options(&self, p: &Strip) -> Vec<Strip> {
        p.moves(b'T')
    }

    fn right_options(&self, p: &Strip) -> Vec<Strip> {
        p.moves(b'F')
    }

    /// Frogs at the left end and toads at the right end never move again
    /// and nothing jumps them; cut them off.
    fn components(&self, p: &Strip) -> Vec<Strip> {
        let cells = &p.0;
        let start = cells.iter().position(|&c| c != b'F').unwrap_or(cells.len());
        let end = cells.iter().rposition(|&c| c != b'T').map_or(start, |e| e + 1).max(start);
        vec![Strip(cells[start..end].to_vec())]
    }

    fn normal(&self, p: &Strip) -> (Strip, bool) {
        let mirrored = Strip(
            p.0.iter()
                .rev()
                .map(|&c| match c {
                    b'T' => b'F',
                    b'F' => b'T',
                    c => c,
                })
                .collect(),
        );
        if mirrored < *p {
            (mirrored, true)
        } else {
            (p.clone(), false)
        }
    }
}
