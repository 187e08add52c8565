//! P-positions by a linear or modular condition on the coordinates: `Σ
//! cᵢ·xᵢ = r` (two piles of Nim: `x = y`), `Σ cᵢ·xᵢ ≡ r (mod m)`, or a
//! pattern of residues `(x₁ mod m₁, ..., x_d mod m_d)`; positions near the
//! origin may break it (the exceptions), but none past the first quarter
//! of the table. The smallest condition that fits is taken.

use super::{Exceptions, Table};

/// Exceptions allowed, all in the first quarter of the box.
const MOST_EXCEPTIONS: usize = 24;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Linear {
    /// `Σ cᵢ·xᵢ = r`.
    Equal { coefficients: Vec<i64>, r: i64 },
    /// `Σ cᵢ·xᵢ ≡ r (mod m)`.
    Congruent { coefficients: Vec<i64>, r: i64, m: i64 },
    /// `(xᵢ mod mᵢ)ᵢ` is one of `residues` (listed in the order of the residues' flat index).
    Residues { moduli: Vec<u64>, residues: Vec<Vec<u64>> },
}

impl Linear {
    /// No position at all: the P-positions are finitely many, all exceptions.
    pub fn never(dims: usize) -> Linear {
        Linear::Residues { moduli: vec![1; dims], residues: Vec::new() }
    }

    pub fn is_never(&self) -> bool {
        matches!(self, Linear::Residues { residues, .. } if residues.is_empty())
    }

    pub fn is_p(&self, pos: &[u64]) -> bool {
        let sum = |c: &[i64]| c.iter().zip(pos).map(|(&c, &x)| i128::from(c) * i128::from(x)).sum::<i128>();
        match self {
            Linear::Equal { coefficients, r } => sum(coefficients) == i128::from(*r),
            Linear::Congruent { coefficients, r, m } => sum(coefficients).rem_euclid(i128::from(*m)) == i128::from(*r),
            Linear::Residues { moduli, residues } => {
                let at: Vec<u64> = pos.iter().zip(moduli).map(|(&x, &m)| x % m).collect();
                residues.contains(&at)
            }
        }
    }
}

/// The positions where `cond` disagrees with the table, if they are few
/// and all near the origin.
fn exceptions(table: &Table, cond: &Linear) -> Option<Exceptions> {
    let mut out = Vec::new();
    for i in 0..table.len() {
        let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
        let p = table.values[i] == 0;
        if cond.is_p(&pos) != p {
            if out.len() == MOST_EXCEPTIONS || pos.iter().any(|&c| c as usize >= table.side / 4) {
                return None;
            }
            out.push((pos, u64::from(!p)));
        }
    }
    Some(out)
}

/// Coefficient vectors in `range` for `dims` coordinates, the simplest
/// (fewest and smallest) first, none all zero.
fn coefficient_vectors(dims: usize, range: std::ops::RangeInclusive<i64>) -> Vec<Vec<i64>> {
    let values: Vec<i64> = range.collect();
    let mut out: Vec<Vec<i64>> = vec![vec![]];
    for _ in 0..dims {
        out = out.into_iter().flat_map(|v| values.iter().map(move |&c| [v.clone(), vec![c]].concat())).collect();
    }
    out.retain(|v| v.iter().any(|&c| c != 0) && v.iter().find(|&&c| c != 0).is_some_and(|&c| c > 0));
    out.sort_by_key(|v| (v.iter().filter(|&&c| c != 0).count(), v.iter().map(|c| c.abs()).sum::<i64>()));
    out
}

pub fn find(table: &Table) -> Option<(Linear, Exceptions)> {
    if table.dims > 3 || table.side < 8 {
        return None;
    }
    // a few P-positions near the origin and none further (take any amounts
    // from any piles: only the empty position)
    if let Some(e) = exceptions(table, &Linear::never(table.dims)) {
        return Some((Linear::never(table.dims), e));
    }
    let coefficients = coefficient_vectors(table.dims, -3..=3);
    for c in &coefficients {
        for r in -3..=3 {
            let cond = Linear::Equal { coefficients: c.clone(), r };
            if let Some(e) = exceptions(table, &cond) {
                return Some((cond, e));
            }
        }
    }
    // moduli small against the table, so each residue is seen many times
    for m in 2..=(table.side as i64 / 4).min(12) {
        for c in coefficient_vectors(table.dims, 0..=m - 1) {
            for r in 0..m {
                let cond = Linear::Congruent { coefficients: c.clone(), r, m };
                if let Some(e) = exceptions(table, &cond) {
                    return Some((cond, e));
                }
            }
        }
    }
    residues(table)
}

/// The least moduli under which the P-positions repeat across the table.
fn residues(table: &Table) -> Option<(Linear, Exceptions)> {
    let mut moduli = Vec::new();
    for d in 0..table.dims {
        let m = (1..=table.side / 3).find(|&m| {
            (0..table.len()).all(|i| {
                let mut pos = table.coords(i);
                if pos[d] + m >= table.side {
                    return true;
                }
                let here = table.values[i] == 0;
                pos[d] += m;
                here == (table.at(&pos) == 0)
            })
        })?;
        moduli.push(m as u64);
    }
    let mut residues = Vec::new();
    for i in 0..table.len() {
        let pos = table.coords(i);
        if table.values[i] == 0 && pos.iter().zip(&moduli).all(|(&x, &m)| (x as u64) < m) {
            residues.push(pos.iter().map(|&x| x as u64).collect());
        }
    }
    Some((Linear::Residues { moduli, residues }, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(side: usize, p: impl Fn(u64, u64) -> bool) -> Table {
        let values = (0..side * side).map(|i| u64::from(!p((i / side) as u64, (i % side) as u64))).collect();
        Table { dims: 2, side, values }
    }

    #[test]
    fn equal_piles_congruences_and_residues() {
        let (cond, e) = find(&table(40, |x, y| x == y)).unwrap();
        assert_eq!(cond, Linear::Equal { coefficients: vec![1, -1], r: 0 });
        assert!(e.is_empty());
        let (cond, _) = find(&table(40, |x, y| (x + 2 * y) % 5 == 1)).unwrap();
        assert!(cond.is_p(&[1, 0]) && cond.is_p(&[10u64.pow(18) + 1, 0]) && !cond.is_p(&[2, 0]));
        let (cond, _) = find(&table(40, |x, y| x % 3 == 0 && y % 2 == 1)).unwrap();
        assert!(cond.is_p(&[999_999, 1_000_001]) && !cond.is_p(&[1, 1]));
        // a few exceptions near the origin are kept as such
        let (_, e) = find(&table(40, |x, y| (x == y) != (x + y == 2))).unwrap();
        assert_eq!(e.len(), 3);
    }

    #[test]
    fn finitely_many_p_positions_are_said_as_such() {
        // take any amounts from both piles at once: only the empty position is P
        let only_empty = table(40, |x, y| x == 0 && y == 0);
        let (cond, e) = find(&only_empty).unwrap();
        assert!(cond.is_never() && !cond.is_p(&[0, 0]));
        assert_eq!(e, vec![(vec![0, 0], 0)]);
        let rule = super::super::find(&only_empty, super::super::Values::Outcome);
        assert_eq!(rule.text(), "P-positions: only (0, 0)");
        // P-positions reaching the table's far half are no finite set
        assert!(find(&table(40, |x, y| x == 0 && y < 30)).is_none_or(|(c, _)| !c.is_never()));
    }
}
