//! From a table to a rule (打表找规律): the Grundy values of every
//! position of an impartial game in a box of integer coordinates, and the
//! rule they follow, found among families whose forms are known, checked
//! against the whole table, and given as words, as Python and as C++.
//!
//! A rule that is wrong past the table is the worst answer this can give,
//! so each family accepts a form only with margin (a period seen three
//! times over the last two thirds of the table, a ratio pinned by every
//! pair the box holds) and reports "none" otherwise. Where the table alone
//! proves nothing, a rule is "checked" to the table's extent; "proved" is
//! left to callers that know the moves (a heap code's periodicity theorem,
//! the kernel proof of `proof.rs` for a game of piles).
//!
//! Families, tried in order:
//! - `periodic.rs`: one coordinate, periodic or arithmetic-periodic after
//!   a preperiod (the preperiod's values kept as exceptions), for nimbers
//!   and for outcomes (P where the nimber is 0);
//! - `sums.rs`: several coordinates whose nimber is the XOR of one
//!   sequence a coordinate, each found as above;
//! - `beatty.rs`: two coordinates whose P-positions are complementary
//!   Beatty pairs (⌊kα⌋, ⌊kβ⌋) and their mirrors, α and β quadratic
//!   irrationals recognised from the data (Wythoff's game and its kin);
//! - `linear.rs`: P-positions given by a linear or modular condition on
//!   the coordinates, with finitely many exceptions near the origin;
//! - `ratio.rs`: two coordinates whose P-positions depend on y : x only,
//!   sectors between lines through the origin of simple slopes (Euclid's
//!   game: the larger number below φ times the smaller);
//! - `grid.rs`: several coordinates, values periodic (or
//!   arithmetic-periodic) along each axis from a preperiod on: a finite
//!   block repeated (some games of bounded takes);
//! - `automatic.rs`: values a finite automaton reads off the coordinates'
//!   digits (base 2, Zeckendorf, base 3), learned from the table with one
//!   digit fewer than it holds and held to all of it.
//!
//! `table.rs` makes the table from a game's moves; `code.rs` writes a rule
//! as words, Python and C++ (`regex.rs`: an automatic P-set's digits as a
//! regular expression).
//!
//! Where the moves are given as rules (`piles.rs`: k-pile games of takes)
//! and the P-set is read by an automaton in base b or on Zeckendorf digits
//! (Wythoff's pairs, by Silber's theorem), `proof.rs` proves the
//! rule over every position: the P-set is the kernel of the move graph,
//! checked by automata (`relation.rs`: the moves as an automaton on pairs;
//! `as_automaton.rs`: a rule's P-set as one, whatever its family). Where
//! every move takes from one pile, `separable.rs` proves nimbers too: the
//! Sprague-Grundy theorem gives them in closed form, and the rule found
//! must be that form.

pub mod as_automaton;
pub mod automatic;
pub mod beatty;
pub mod code;
pub mod grid;
pub mod linear;
pub mod periodic;
pub mod piles;
pub mod proof;
pub mod ratio;
pub mod regex;
pub mod relation;
pub mod separable;
pub mod sums;
pub mod table;

use std::fmt;

/// The Grundy values of every position with coordinates below `side` in
/// each of `dims` axes, row-major (the last coordinate fastest).
#[derive(Clone, Debug)]
pub struct Table {
    pub dims: usize,
    pub side: usize,
    pub values: Vec<u64>,
}

impl Table {
    pub fn one(values: Vec<u64>) -> Table {
        Table { dims: 1, side: values.len(), values }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value at `pos` (each coordinate below `side`).
    pub fn at(&self, pos: &[usize]) -> u64 {
        self.values[self.index(pos)]
    }

    pub fn index(&self, pos: &[usize]) -> usize {
        pos.iter().fold(0, |i, &c| i * self.side + c)
    }

    /// The coordinates of flat index `i`.
    pub fn coords(&self, mut i: usize) -> Vec<usize> {
        let mut out = vec![0; self.dims];
        for d in (0..self.dims).rev() {
            out[d] = i % self.side;
            i /= self.side;
        }
        out
    }

    /// The values along axis `axis` with the other coordinates 0.
    pub fn axis(&self, axis: usize) -> Vec<u64> {
        (0..self.side)
            .map(|c| {
                let mut pos = vec![0; self.dims];
                pos[axis] = c;
                self.at(&pos)
            })
            .collect()
    }
}

/// What is found: nimbers, or only who wins (P: the player to move loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Outcome,
    Nimber,
}

impl Values {
    /// A value as this kind reads it: a nimber, or 0 (P) and 1 (N).
    pub fn read(self, nimber: u64) -> u64 {
        match self {
            Values::Nimber => nimber,
            Values::Outcome => u64::from(nimber != 0),
        }
    }
}

/// How sure the rule is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A theorem covers it (say which in the rule's words).
    Proved,
    /// It agrees with every position of the table, no further.
    Checked,
    /// No rule found.
    None,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Checked => "checked",
            Status::None => "none",
        }
    }
}

/// A rule's form.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// One coordinate: `v(n)` (see [`periodic::Periodic`]).
    Periodic(periodic::Periodic),
    /// The XOR of one sequence a coordinate.
    Xor(Vec<periodic::Periodic>),
    /// P-positions: Beatty pairs and their mirrors.
    Beatty(beatty::Beatty),
    /// P-positions: a linear or modular condition, with exceptions.
    Linear(linear::Linear),
    /// Values read off the digits by a finite automaton.
    Automatic(automatic::Automaton),
    /// Several coordinates: a block repeated along every axis.
    Grid(grid::Grid),
    /// P-positions: sectors of the quadrant between lines through the origin.
    Ratio(ratio::Ratio),
}

/// Positions and their values, where a rule's general form does not hold.
pub type Exceptions = Vec<(Vec<u64>, u64)>;

/// A rule found in a table.
#[derive(Clone, Debug)]
pub struct Rule {
    pub values: Values,
    pub dims: usize,
    pub form: Option<Form>,
    pub status: Status,
    /// The table's extent that agrees: every coordinate below this.
    pub checked_to: u64,
    /// Positions the general form does not cover, with their values.
    pub exceptions: Exceptions,
    /// Why it is proved, where it is.
    pub proof: Option<String>,
}

impl Rule {
    /// `"periodic"` (along every axis, for several coordinates),
    /// `"arithmetic-periodic"`, `"ratio"`, `"xor"`, `"beatty"`, `"linear"`, `"automatic"` or `"none"`.
    pub fn family(&self) -> &'static str {
        match &self.form {
            None => "none",
            Some(Form::Periodic(p)) if p.saltus != 0 => "arithmetic-periodic",
            Some(Form::Periodic(_)) => "periodic",
            Some(Form::Grid(g)) if g.saltus.iter().any(|&s| s != 0) => "arithmetic-periodic",
            Some(Form::Grid(_)) => "periodic",
            Some(Form::Ratio(_)) => "ratio",
            Some(Form::Xor(_)) => "xor",
            Some(Form::Beatty(_)) => "beatty",
            Some(Form::Linear(_)) => "linear",
            Some(Form::Automatic(_)) => "automatic",
        }
    }

    /// The value the rule gives `pos` (P as 0, N as 1 for outcomes), exact
    /// for coordinates up to 10^18.
    pub fn predict(&self, pos: &[u64]) -> Option<u64> {
        if pos.len() != self.dims {
            return None;
        }
        if let Some((_, v)) = self.exceptions.iter().find(|(p, _)| p == pos) {
            return Some(*v);
        }
        let v = match self.form.as_ref()? {
            Form::Periodic(p) => p.at(pos[0]),
            Form::Xor(parts) => parts.iter().zip(pos).fold(0, |x, (p, &c)| x ^ p.at(c)),
            Form::Beatty(b) => u64::from(!b.is_p(pos[0], pos[1])),
            Form::Linear(l) => u64::from(!l.is_p(pos)),
            Form::Automatic(a) => a.at(pos)?,
            Form::Grid(g) => g.at(pos),
            Form::Ratio(r) => u64::from(!r.is_p(pos[0], pos[1])),
        };
        Some(self.values.read(v))
    }

    /// The rule in words.
    pub fn text(&self) -> String {
        let mut s = match &self.form {
            None => "no rule found in the families tried (periodic, arithmetic-periodic, XOR of sequences, \
                     Beatty pairs, linear and modular conditions, sectors by the ratio of two coordinates, periodic \
                     along every axis, automata on base 2, \
                     Zeckendorf and base 3 digits)"
                .to_string(),
            Some(f) => code::words(f, self.values, self.dims),
        };
        if let Some(Form::Linear(l)) = &self.form {
            if l.is_never() && self.values == Values::Outcome {
                let shown: Vec<String> = self.exceptions.iter().map(|(p, _)| code::tuple(p)).collect();
                return if shown.is_empty() {
                    "no P-positions: every position is won by the player to move".to_string()
                } else {
                    format!("P-positions: only {}", shown.join(", "))
                };
            }
        }
        if !self.exceptions.is_empty() && self.form.is_some() {
            let read = |v: u64| match self.values {
                Values::Outcome => (if v == 0 { "P" } else { "N" }).to_string(),
                Values::Nimber => v.to_string(),
            };
            let shown: Vec<String> =
                self.exceptions.iter().take(8).map(|(p, v)| format!("{} {}", code::tuple(p), read(*v))).collect();
            s += &format!(
                "; except at {} position{} ({}{})",
                self.exceptions.len(),
                if self.exceptions.len() == 1 { "" } else { "s" },
                shown.join(", "),
                if self.exceptions.len() > 8 { ", ..." } else { "" }
            );
        }
        s
    }

    /// A self-contained Python function computing the value exactly.
    pub fn python(&self) -> String {
        code::python(self)
    }

    /// The same in C++ (64-bit coordinates, ready to paste).
    pub fn cpp(&self) -> String {
        code::cpp(self)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, to {}): {}", self.family(), self.status.name(), self.checked_to, self.text())
    }
}

/// A family's search of a table: the form it claims and its exceptions.
type Family<'a> = dyn Fn() -> Option<(Form, Exceptions)> + 'a;

/// The rule `table` follows, looked for in every family that fits its
/// shape; a rule with no form (family "none") where nothing fits.
pub fn find(table: &Table, values: Values) -> Rule {
    let none = Rule {
        values,
        dims: table.dims,
        form: None,
        status: Status::None,
        checked_to: table.side as u64,
        exceptions: Vec::new(),
        proof: None,
    };
    // Whatever a family claims is held to every position of the table; one
    // that fails it gives way to the next family, not to "none".
    let holds = |(form, exceptions): (Form, Exceptions)| {
        let rule = Rule { form: Some(form), status: Status::Checked, exceptions, ..none.clone() };
        let agrees = (0..table.len()).all(|i| {
            let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
            rule.predict(&pos) == Some(values.read(table.values[i]))
        });
        agrees.then_some(rule)
    };
    let automatic = || {
        let read = Table { values: table.values.iter().map(|&v| values.read(v)).collect(), ..table.clone() };
        automatic::NUMERATIONS.iter().find_map(|&n| automatic::find(&read, n)).map(|a| (Form::Automatic(a), Vec::new()))
    };
    let outcomes = values == Values::Outcome;
    let families: Vec<Box<Family>> = match table.dims {
        1 => vec![
            Box::new(|| periodic::find(&table.values, values).map(|(p, e)| (Form::Periodic(p), e))),
            Box::new(automatic),
        ],
        _ => vec![
            Box::new(|| sums::find(table, values).map(|parts| (Form::Xor(parts), Vec::new()))),
            Box::new(|| {
                (outcomes && table.dims == 2)
                    .then(|| {
                        beatty::find(table)
                            .map(|b| (Form::Beatty(b), Vec::new()))
                            .or_else(|| beatty::with_exceptions(table).map(|(b, e)| (Form::Beatty(b), e)))
                    })
                    .flatten()
            }),
            Box::new(|| outcomes.then(|| linear::find(table).map(|(l, e)| (Form::Linear(l), e))).flatten()),
            Box::new(|| {
                (outcomes && table.dims == 2)
                    .then(|| ratio::find(table).map(|r| (Form::Ratio(r), Vec::new())))
                    .flatten()
            }),
            Box::new(|| grid::find(table, values).map(|g| (Form::Grid(g), Vec::new()))),
            Box::new(automatic),
        ],
    };
    families.iter().find_map(|family| family().and_then(holds)).unwrap_or(none)
}

/// The first position where `f` disagrees with the table (`None`: it agrees everywhere).
pub fn first_difference(table: &Table, values: Values, mut f: impl FnMut(&[u64]) -> Option<u64>) -> Option<Vec<u64>> {
    // Nearest the origin first: by the sum of coordinates, then row-major.
    let mut order: Vec<usize> = (0..table.len()).collect();
    order.sort_by_key(|&i| (table.coords(i).iter().sum::<usize>(), i));
    order.into_iter().find_map(|i| {
        let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
        (f(&pos) != Some(values.read(table.values[i]))).then_some(pos)
    })
}

/// `⌊√n⌋`, exact.
pub fn isqrt(n: u128) -> u128 {
    n.isqrt()
}
