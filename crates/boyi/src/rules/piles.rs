//! The moves of a k-pile game written as rules rather than a callback, so
//! that `proof.rs` can read them: a list of kinds of take, any of which is
//! a move. As text, `piles:K:TAKE,TAKE,...` with each TAKE one of
//!
//! - `one`: any t ≥ 1 from one pile;
//! - `equal`: the same t ≥ 1 from every pile;
//! - `M.M...M` (K multipliers, not all 0): mᵢ·t from each pile i, t ≥ 1
//!   (`1.1.0`: the same from the first two piles; `1.2`: t and 2t);
//! - `mooreJ`: positive amounts from at least one and at most J piles
//!   (Moore's Nim_J).
//!
//! Every move lowers the sum of the piles, so every game of this form ends.

use std::fmt;

use super::Table;

/// One kind of move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Take {
    /// Any t ≥ 1 from any one pile.
    One,
    /// `multipliers[i]·t` from each pile i, for any t ≥ 1.
    Times(Vec<u64>),
    /// Positive amounts from at least one and at most this many piles.
    AtMost(usize),
}

/// A k-pile game: a move is any move of any of its kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piles {
    pub piles: usize,
    pub takes: Vec<Take>,
}

/// Piles the text form takes: beyond six, neither tables nor automata
/// over their digits stay small.
pub const MOST_PILES: usize = 6;
/// The largest multiplier the text form takes.
pub const MOST_MULTIPLIER: u64 = 16;

impl Piles {
    /// The game, where every kind of take fits `piles` piles.
    pub fn new(piles: usize, takes: Vec<Take>) -> Result<Piles, String> {
        if !(1..=MOST_PILES).contains(&piles) {
            return Err(format!("{piles} piles: from 1 to {MOST_PILES}"));
        }
        if takes.is_empty() {
            return Err("no kind of move given".to_string());
        }
        for take in &takes {
            match take {
                Take::One => {}
                Take::Times(m) => {
                    if m.len() != piles {
                        return Err(format!("{} multipliers for {piles} piles", m.len()));
                    }
                    if m.iter().all(|&x| x == 0) {
                        // t could grow without the position changing: no game
                        return Err("multipliers all 0: the move takes nothing".to_string());
                    }
                    if m.iter().any(|&x| x > MOST_MULTIPLIER) {
                        return Err(format!("a multiplier above {MOST_MULTIPLIER}"));
                    }
                }
                Take::AtMost(j) => {
                    if !(1..=piles).contains(j) {
                        return Err(format!("moore{j}: from 1 to {piles} piles"));
                    }
                }
            }
        }
        Ok(Piles { piles, takes })
    }

    /// Reads `piles:K:TAKE,...` (the `piles:` optional).
    pub fn parse(text: &str) -> Result<Piles, String> {
        let body = text.strip_prefix("piles:").unwrap_or(text);
        let (count, takes) = body
            .split_once(':')
            .ok_or_else(|| format!("`{text}`: expected piles:K:TAKE,... (e.g. piles:2:one,equal)"))?;
        let piles: usize = count.parse().map_err(|_| format!("`{count}`: the number of piles, an integer"))?;
        let takes = takes
            .split(',')
            .map(|word| match word {
                "one" => Ok(Take::One),
                "equal" => Ok(Take::Times(vec![1; piles])),
                _ if word.starts_with("moore") => word["moore".len()..]
                    .parse()
                    .map(Take::AtMost)
                    .map_err(|_| format!("`{word}`: mooreJ with J the most piles a move takes from")),
                _ => word
                    .split('.')
                    .map(|m| m.parse::<u64>())
                    .collect::<Result<Vec<_>, _>>()
                    .map(Take::Times)
                    .map_err(|_| format!("`{word}`: one, equal, mooreJ or multipliers such as 1.2 (t and 2t)")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Piles::new(piles, takes)
    }

    /// Every position with each pile below `side`, the first pile fastest
    /// (what tests compare move by move).
    #[cfg(test)]
    pub(crate) fn positions_below(&self, side: u64) -> Vec<Vec<u64>> {
        (0..side.pow(self.piles as u32))
            .map(|i| (0..self.piles).map(|c| i / side.pow(c as u32) % side).collect())
            .collect()
    }

    /// Every option of `pos`, each once, in increasing order.
    pub fn moves(&self, pos: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for take in &self.takes {
            match take {
                Take::One => at_most(pos, 1, &mut out),
                Take::AtMost(j) => at_most(pos, *j, &mut out),
                Take::Times(m) => {
                    let most = pos.iter().zip(m).filter(|(_, &m)| m > 0).map(|(&p, &m)| p / m).min().unwrap_or(0);
                    out.extend((1..=most).map(|t| pos.iter().zip(m).map(|(&p, &m)| p - m * t).collect()));
                }
            }
        }
        // kinds may overlap (one and moore2 both take from one pile)
        out.sort();
        out.dedup();
        out
    }
}

impl Piles {
    /// Who wins each position below `side` (0: P, 1: N), `None` past
    /// [`super::table::MOST_POSITIONS`]. A position is N when it moves to a
    /// P-position found before it (a move lowers some piles and raises
    /// none, so its option comes earlier in row-major order): far fewer
    /// pairs than every position's options where P-positions are sparse.
    pub fn outcomes(&self, side: usize) -> Option<Table> {
        let total = side.checked_pow(self.piles as u32).filter(|&t| t <= super::table::MOST_POSITIONS)?;
        let mut table = Table { dims: self.piles, side, values: vec![0; total] };
        let mut p_positions: Vec<Vec<u64>> = Vec::new();
        for i in 0..total {
            let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
            let n = p_positions.iter().any(|q| self.is_move(&pos, q));
            table.values[i] = u64::from(n);
            if !n {
                p_positions.push(pos);
            }
        }
        Some(table)
    }

    /// The nimber of each position below `side`, `None` past
    /// [`super::table::MOST_POSITIONS`]. Every option lowers some piles
    /// and raises none, so it lies earlier in row-major order and is
    /// valued already: options are walked as offsets into the table, none
    /// listed as positions (the tabler's way costs an allocation and a
    /// hash lookup an option, ten times this at Wythoff's 384²).
    pub fn nimbers(&self, side: usize) -> Option<Table> {
        let total = side.checked_pow(self.piles as u32).filter(|&t| t <= super::table::MOST_POSITIONS)?;
        let mut table = Table { dims: self.piles, side, values: vec![0; total] };
        let stride: Vec<usize> = (0..self.piles).map(|c| side.pow((self.piles - 1 - c) as u32)).collect();
        let mut seen: Vec<bool> = Vec::new();
        let mut options: Vec<usize> = Vec::new();
        for i in 0..total {
            let pos = table.coords(i);
            options.clear();
            for take in &self.takes {
                match take {
                    Take::One => lowered(&pos, &stride, 1, i, &mut options),
                    Take::AtMost(j) => lowered(&pos, &stride, *j, i, &mut options),
                    Take::Times(m) => {
                        let m: Vec<usize> = m.iter().map(|&x| x as usize).collect();
                        let most = pos.iter().zip(&m).filter(|(_, &m)| m > 0).map(|(&p, &m)| p / m).min().unwrap_or(0);
                        let step: usize = m.iter().zip(&stride).map(|(&m, &s)| m * s).sum();
                        options.extend((1..=most).map(|t| i - t * step));
                    }
                }
            }
            seen.clear();
            seen.resize(options.len() + 1, false);
            for &o in &options {
                let g = table.values[o] as usize;
                if g < seen.len() {
                    seen[g] = true;
                }
            }
            table.values[i] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        }
        Some(table)
    }

    /// Whether `q` is an option of `p`, without listing them.
    pub fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        if p.len() != self.piles || q.len() != self.piles || p.iter().zip(q).any(|(a, b)| b > a) {
            return false;
        }
        let lowered = p.iter().zip(q).filter(|(a, b)| a != b).count();
        self.takes.iter().any(|take| match take {
            Take::One => lowered == 1,
            Take::AtMost(j) => (1..=*j).contains(&lowered),
            Take::Times(m) => {
                let (i, &mi) = m.iter().enumerate().find(|(_, &x)| x > 0).expect("a take takes");
                let t = (p[i] - q[i]) / mi;
                t >= 1 && p.iter().zip(q).zip(m).all(|((a, b), &m)| a - b == m * t)
            }
        })
    }
}

/// Positive amounts from at least one and at most `most` piles of `pos`.
fn at_most(pos: &[u64], most: usize, out: &mut Vec<Vec<u64>>) {
    fn go(pos: &[u64], i: usize, left: usize, cur: &mut Vec<u64>, changed: bool, out: &mut Vec<Vec<u64>>) {
        if i == pos.len() {
            if changed {
                out.push(cur.clone());
            }
            return;
        }
        cur.push(pos[i]);
        go(pos, i + 1, left, cur, changed, out);
        cur.pop();
        if left > 0 {
            for rest in 0..pos[i] {
                cur.push(rest);
                go(pos, i + 1, left - 1, cur, true, out);
                cur.pop();
            }
        }
    }
    go(pos, 0, most, &mut Vec::with_capacity(pos.len()), false, out);
}

/// The flat indices of the positions `pos` (at index `at`) moves to by
/// positive amounts from at least one and at most `most` piles.
fn lowered(pos: &[usize], stride: &[usize], most: usize, at: usize, out: &mut Vec<usize>) {
    fn go(pos: &[usize], stride: &[usize], c: usize, left: usize, off: usize, at: usize, out: &mut Vec<usize>) {
        if c == pos.len() {
            if off > 0 {
                out.push(at - off);
            }
            return;
        }
        go(pos, stride, c + 1, left, off, at, out);
        if left > 0 {
            for taken in 1..=pos[c] {
                go(pos, stride, c + 1, left - 1, off + taken * stride[c], at, out);
            }
        }
    }
    go(pos, stride, 0, most, 0, at, out);
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let takes: Vec<String> = self
            .takes
            .iter()
            .map(|t| match t {
                Take::One => "one".to_string(),
                Take::Times(m) if self.piles > 1 && m.iter().all(|&x| x == 1) => "equal".to_string(),
                Take::Times(m) => m.iter().map(u64::to_string).collect::<Vec<_>>().join("."),
                Take::AtMost(j) => format!("moore{j}"),
            })
            .collect();
        write!(f, "piles:{}:{}", self.piles, takes.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_both_ways() {
        for text in ["piles:2:one,equal", "piles:3:moore2", "piles:2:1.2,2.1", "piles:3:one,1.1.0", "piles:1:one"] {
            assert_eq!(Piles::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Piles::parse("2:one").unwrap(), Piles::parse("piles:2:one").unwrap());
        for bad in
            ["piles:2", "piles:0:one", "piles:2:", "piles:2:two", "piles:2:0.0", "piles:2:1.2.3", "piles:2:moore3"]
        {
            assert!(Piles::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_by_hand() {
        let wythoff = Piles::parse("piles:2:one,equal").unwrap();
        assert_eq!(wythoff.moves(&[1, 2]), vec![vec![0, 1], vec![0, 2], vec![1, 0], vec![1, 1]]);
        assert!(wythoff.moves(&[0, 0]).is_empty());
        let skew = Piles::parse("piles:2:1.2").unwrap();
        assert_eq!(skew.moves(&[3, 5]), vec![vec![1, 1], vec![2, 3]]);
        // Moore's Nim_2 on (1, 1, 1): one or two of the piles emptied
        let moore = Piles::parse("piles:3:moore2").unwrap();
        assert_eq!(moore.moves(&[1, 1, 1]).len(), 6);
        assert!(!moore.moves(&[1, 1, 1]).contains(&vec![0, 0, 0]));
    }

    #[test]
    fn outcomes_and_nimbers_are_the_grundy_tables() {
        // brute force: every position's options listed, Grundy values by mex
        for (text, side) in [
            ("piles:2:one,equal", 20),
            ("piles:3:moore2", 8),
            ("piles:2:1.2,2.1", 20),
            ("piles:3:one,1.1.0,0.2.1", 9),
            ("piles:1:2", 40),
            ("piles:4:moore3", 5),
        ] {
            let game = Piles::parse(text).unwrap();
            let mut tabler = super::super::table::Tabler::new(game.piles, |p: &[u64]| -> Result<_, ()> {
                Ok(game.moves(p).into_iter().map(|q| vec![q]).collect())
            });
            let grundy = tabler.table(side).unwrap();
            let zeros: Vec<u64> = grundy.values.iter().map(|&g| u64::from(g != 0)).collect();
            assert_eq!(game.outcomes(side).unwrap().values, zeros, "{text}");
            assert_eq!(game.nimbers(side).unwrap().values, grundy.values, "{text}");
        }
    }

    #[test]
    fn is_move_is_what_moves_lists() {
        for text in ["piles:2:one,equal", "piles:2:1.2,0.3", "piles:3:moore2,2.0.1", "piles:3:1.1.1"] {
            let game = Piles::parse(text).unwrap();
            let all = game.positions_below(7);
            for p in &all {
                let listed = game.moves(p);
                for q in &all {
                    assert_eq!(game.is_move(p, q), listed.contains(q), "{text}: {p:?} -> {q:?}");
                }
            }
        }
    }
}
