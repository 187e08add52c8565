//! Tabling a game of integer positions from its moves: the Grundy value of
//! every position in a box, positions the moves reach outside it valued as
//! needed, each position's options asked once however often the box grows.

use rustc_hash::{FxHashMap, FxHashSet};

use super::Table;

/// An option: the positions it leaves (one for a plain move, several for a
/// move that splits a heap; their values XOR).
pub type Option_ = Vec<Vec<u64>>;

/// Why a table could not be made.
#[derive(Debug)]
pub enum Failure<E> {
    /// The moves' own error.
    Moves(E),
    /// A position that can be reached again from itself: Grundy values of
    /// such games need a theory of their own.
    Cycle(Vec<u64>),
    /// The box is too large.
    TooLarge(usize),
}

/// Values a game position by position, keeping what it learned.
pub struct Tabler<F> {
    dims: usize,
    moves: F,
    known: FxHashMap<Vec<u64>, u64>,
    // a position's options until it is valued: its value is all a larger box needs
    options: FxHashMap<Vec<u64>, Vec<Option_>>,
}

/// Positions a table may hold.
pub const MOST_POSITIONS: usize = 50_000_000;

impl<E, F: FnMut(&[u64]) -> Result<Vec<Option_>, E>> Tabler<F> {
    pub fn new(dims: usize, moves: F) -> Self {
        Tabler { dims, moves, known: FxHashMap::default(), options: FxHashMap::default() }
    }

    /// Asks the moves of `pos`, once.
    fn list(&mut self, pos: &[u64]) -> Result<(), Failure<E>> {
        if !self.options.contains_key(pos) {
            let listed = (self.moves)(pos).map_err(Failure::Moves)?;
            self.options.insert(pos.to_vec(), listed);
        }
        Ok(())
    }

    /// The Grundy value of `start`, by an explicit stack (no recursion).
    pub fn value(&mut self, start: &[u64]) -> Result<u64, Failure<E>> {
        if let Some(&v) = self.known.get(start) {
            return Ok(v);
        }
        let mut stack: Vec<Vec<u64>> = vec![start.to_vec()];
        let mut on_path: FxHashSet<Vec<u64>> = FxHashSet::default();
        on_path.insert(start.to_vec());
        while let Some(top) = stack.last().cloned() {
            self.list(&top)?;
            // one pass: the options' values, or the first part not yet valued
            let options = &self.options[&top];
            let mut seen = vec![false; options.len() + 1];
            let mut missing = None;
            'options: for option in options {
                let mut g = 0;
                for part in option {
                    match self.known.get(part) {
                        Some(v) => g ^= v,
                        None => {
                            missing = Some(part.clone());
                            break 'options;
                        }
                    }
                }
                if (g as usize) < seen.len() {
                    seen[g as usize] = true;
                }
            }
            match missing {
                Some(part) => {
                    if !on_path.insert(part.clone()) {
                        return Err(Failure::Cycle(part));
                    }
                    stack.push(part);
                }
                None => {
                    let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
                    self.options.remove(&top);
                    self.known.insert(top.clone(), mex);
                    on_path.remove(&top);
                    stack.pop();
                }
            }
        }
        Ok(self.known[start])
    }

    /// Every position with coordinates below `side`.
    pub fn table(&mut self, side: usize) -> Result<Table, Failure<E>> {
        let total =
            side.checked_pow(self.dims as u32).filter(|&t| t <= MOST_POSITIONS).ok_or(Failure::TooLarge(side))?;
        let mut table = Table { dims: self.dims, side, values: vec![0; total] };
        for i in 0..total {
            let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
            table.values[i] = self.value(&pos)?;
        }
        Ok(table)
    }
}

/// How big a table grows when the caller names no size: the side of the
/// box for 1, 2, 3 and more coordinates, doubled from the first while the
/// rule found changes, up to the last. A rule must come out the same from
/// two tables, the second twice the side of the first, before it is taken.
pub const GROWTH: [(usize, usize); 4] = [(1024, 32768), (48, 384), (16, 48), (8, 16)];

/// The rule of the game `tabler` values, from a table of side `upto + 1`,
/// or grown by [`GROWTH`] until the rule found settles.
pub fn find_growing<E, F>(
    tabler: &mut Tabler<F>,
    values: super::Values,
    upto: Option<u64>,
) -> Result<(super::Rule, Table), Failure<E>>
where
    F: FnMut(&[u64]) -> Result<Vec<Option_>, E>,
{
    let dims = tabler.dims;
    grow(dims, values, upto, |side| tabler.table(side))
}

/// [`find_growing`] with tables of a side made by `table`.
pub fn grow<E>(
    dims: usize,
    values: super::Values,
    upto: Option<u64>,
    mut table: impl FnMut(usize) -> Result<Table, Failure<E>>,
) -> Result<(super::Rule, Table), Failure<E>> {
    if let Some(upto) = upto {
        let side = usize::try_from(upto).ok().and_then(|u| u.checked_add(1)).ok_or(Failure::TooLarge(usize::MAX))?;
        let table = table(side)?;
        return Ok((super::find(&table, values), table));
    }
    let (first, last) = GROWTH[(dims - 1).min(3)];
    let mut side = first;
    let mut before: Option<super::Rule> = None;
    loop {
        let table = table(side)?;
        let rule = super::find(&table, values);
        let settled = before.as_ref().is_some_and(|b| b.form == rule.form && b.exceptions == rule.exceptions);
        if settled || side >= last {
            return Ok((rule, table));
        }
        before = Some(rule);
        side = (side * 2).min(last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_xor_and_cycles_are_refused() {
        // Lasker's Nim: take any, or split a heap in two
        let mut lasker = Tabler::new(1, |p: &[u64]| -> Result<Vec<Option_>, ()> {
            let n = p[0];
            let mut out: Vec<Option_> = (0..n).map(|k| vec![vec![k]]).collect();
            out.extend((1..n).filter(|&a| a <= n - a).map(|a| vec![vec![a], vec![n - a]]));
            Ok(out)
        });
        let t = lasker.table(13).unwrap();
        // g(4k+1..4k+4) = 4k+1, 4k+2, 4k+4, 4k+3
        assert_eq!(t.values, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]);
        let mut loopy = Tabler::new(1, |p: &[u64]| -> Result<Vec<Option_>, ()> { Ok(vec![vec![vec![1 - p[0]]]]) });
        assert!(matches!(loopy.table(2), Err(Failure::Cycle(_))));
    }
}
