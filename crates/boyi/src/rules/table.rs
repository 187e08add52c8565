//! Tabling a game of integer positions from its moves: the Grundy value of
//! every position in a box, positions the moves reach outside it valued as
//! needed, each position's options asked once however often the box grows.

use std::time::{Duration, Instant};

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
/// two tables, the second twice the side of the first, before it is taken;
/// at the last side (or when the next table is past the budget while no
/// rule was found) the rule of that one table is taken, held to all of it:
/// an automaton learned with the last digit held back, a period repeated
/// with margin.
pub const GROWTH: [(usize, usize); 4] = [(1024, 32768), (48, 384), (16, 48), (8, 16)];

/// While no rule is found, the table still grows (a rule may need more
/// digits or a longer preperiod than a small table shows) as long as the
/// next one is expected to take no longer than this to make: 2^(dims + 1)
/// times the last (twice the side in every coordinate, and a position
/// often has twice the options).
pub const BUDGET: Duration = Duration::from_secs(5);

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
    table: impl FnMut(usize) -> Result<Table, Failure<E>>,
) -> Result<(super::Rule, Table), Failure<E>> {
    grow_within(dims, values, upto, BUDGET, table)
}

/// [`grow`] with tables expected to take up to `budget` each, while no
/// rule is found.
pub fn grow_within<E>(
    dims: usize,
    values: super::Values,
    upto: Option<u64>,
    budget: Duration,
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
        let started = Instant::now();
        let table = table(side)?;
        let next_takes = started.elapsed().saturating_mul(1 << (dims.min(8) + 1));
        let rule = super::find(&table, values);
        let settled = before.as_ref().is_some_and(|b| b.form == rule.form && b.exceptions == rule.exceptions);
        let found = rule.form.is_some();
        if side >= last || (settled && (found || next_takes > budget)) {
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

    /// A king's steps toward the corner, or two squares along x: P-positions
    /// in two regions either side of x = 2y, one repeating every 4 squares
    /// along x, the other every 3. A table of side 96 shows no rule; one
    /// of 384 shows an automaton on base-2 digits.
    fn king_and_two(p: &[u64]) -> Result<Vec<Option_>, ()> {
        let (x, y) = (p[0], p[1]);
        let mut out = Vec::new();
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (2, 0)] {
            if x >= dx && y >= dy {
                out.push(vec![vec![x - dx, y - dy]]);
            }
        }
        Ok(out)
    }

    #[test]
    fn a_table_grows_past_two_tables_without_a_rule_while_it_is_cheap() {
        use super::super::Values;
        let mut sides = Vec::new();
        let mut tabler = Tabler::new(2, king_and_two);
        let (rule, _) = grow_within(2, Values::Outcome, None, Duration::from_secs(3600), |side| {
            sides.push(side);
            tabler.table(side)
        })
        .unwrap();
        assert_eq!(sides, [48, 96, 192, 384]);
        assert_eq!(rule.family(), "automatic");
        // the rule against the game far along both regions' strips
        let mut p: Vec<Vec<bool>> = Vec::new();
        // (both regions, and the line between them, ten times past the table)
        let (width, rows) = (4000usize, 1600usize);
        for y in 0..rows {
            let mut row = Vec::with_capacity(width);
            for x in 0..width {
                let to_p = king_and_two(&[x as u64, y as u64]).unwrap().iter().any(|o| {
                    let (a, b) = (o[0][0] as usize, o[0][1] as usize);
                    if b == y {
                        row[a]
                    } else {
                        p[b][a]
                    }
                });
                row.push(!to_p);
            }
            p.push(row);
        }
        for (y, row) in p.iter().enumerate() {
            for (x, &is_p) in row.iter().enumerate().skip(y % 7).step_by(7) {
                assert_eq!(rule.predict(&[x as u64, y as u64]), Some(u64::from(!is_p)), "({x}, {y})");
            }
        }
        // with no time to spare, two tables without a rule end the search
        let mut sides = Vec::new();
        let mut tabler = Tabler::new(2, king_and_two);
        let (rule, _) = grow_within(2, Values::Outcome, None, Duration::ZERO, |side| {
            sides.push(side);
            tabler.table(side)
        })
        .unwrap();
        assert_eq!((sides, rule.family()), (vec![48, 96], "none"));
    }
}
