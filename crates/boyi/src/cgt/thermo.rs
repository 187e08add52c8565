//! Thermographs: how a game's stops move as it is cooled, its mean (where
//! the walls meet in the mast) and its temperature (how high they meet).
//!
//! Walls are piecewise-linear functions of the temperature t ≥ -1 with
//! slopes -1, 0 or +1 and dyadic breakpoints, so everything is exact.

use super::dyadic::Dyadic;
use super::store::{Id, Store};

/// A piecewise-linear function of t on [-1, ∞): pieces start at the
/// given t with the given value and slope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    /// `(t, value at t, slope from t on)`, t increasing, the first at -1.
    pub pieces: Vec<(Dyadic, Dyadic, i128)>,
}

fn minus_one() -> Dyadic {
    Dyadic::integer(-1)
}

impl Trajectory {
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory { pieces: vec![(minus_one(), x, 0)] }
    }

    pub fn at(&self, t: Dyadic) -> Dyadic {
        let &(t0, v0, s) = self.pieces.iter().rev().find(|p| p.0 <= t).unwrap_or(&self.pieces[0]);
        v0 + (t - t0) * s
    }

    /// `f(t) + k·t`.
    fn tilt(&self, k: i128) -> Trajectory {
        Trajectory { pieces: self.pieces.iter().map(|&(t, v, s)| (t, v + t * k, s + k)).collect() }
    }

    /// The pointwise max (`upper`) or min of trajectories.
    fn envelope(all: &[Trajectory], upper: bool) -> Trajectory {
        let better = |a: (Dyadic, i128), b: (Dyadic, i128)| if upper { a > b } else { a < b };
        // Every breakpoint, and every crossing of two pieces between them.
        let mut ts: Vec<Dyadic> = all.iter().flat_map(|f| f.pieces.iter().map(|p| p.0)).collect();
        ts.sort();
        ts.dedup();
        let mut cuts = ts.clone();
        for (i, &t0) in ts.iter().enumerate() {
            let t1 = ts.get(i + 1).copied();
            for f in all {
                for g in all {
                    let (vf, sf) = (f.at(t0), f.slope_at(t0));
                    let (vg, sg) = (g.at(t0), g.slope_at(t0));
                    if sf != sg {
                        // vf + sf·d = vg + sg·d at d = (vg - vf) / (sf - sg)
                        let d = divide(vg - vf, sf - sg);
                        if d > Dyadic::ZERO && t1.is_none_or(|t1| t0 + d < t1) {
                            cuts.push(t0 + d);
                        }
                    }
                }
            }
        }
        cuts.sort();
        cuts.dedup();
        let mut pieces: Vec<(Dyadic, Dyadic, i128)> = Vec::new();
        for t in cuts {
            let best = all
                .iter()
                .map(|f| (f.at(t), f.slope_at(t)))
                .reduce(|a, b| if better(b, a) { b } else { a })
                .expect("an envelope of at least one trajectory");
            push_piece(&mut pieces, (t, best.0, best.1));
        }
        Trajectory { pieces }
    }

    fn slope_at(&self, t: Dyadic) -> i128 {
        self.pieces.iter().rev().find(|p| p.0 <= t).unwrap_or(&self.pieces[0]).2
    }

    /// The same up to `t`, constant from there on.
    fn mast_from(&self, t: Dyadic) -> Trajectory {
        let mut pieces: Vec<_> = self.pieces.iter().copied().filter(|p| p.0 < t).collect();
        push_piece(&mut pieces, (t, self.at(t), 0));
        Trajectory { pieces }
    }

    /// The breakpoints as (t, value), the last where it turns vertical.
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces.iter().map(|&(t, v, _)| (t, v)).collect()
    }
}

fn push_piece(pieces: &mut Vec<(Dyadic, Dyadic, i128)>, piece: (Dyadic, Dyadic, i128)) {
    if pieces.last().is_some_and(|last| last.2 == piece.2) {
        return; // the same line goes on
    }
    pieces.push(piece);
}

/// `x / k` for the small k slopes differ by (1 or 2).
fn divide(x: Dyadic, k: i128) -> Dyadic {
    match k {
        1 => x,
        -1 => -x,
        2 => x.half(),
        -2 => -x.half(),
        _ => unreachable!("slopes of walls are -1, 0 or 1"),
    }
}

/// A game's thermograph: its walls up to its temperature, then the mast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    pub left: Trajectory,
    pub right: Trajectory,
    pub temperature: Dyadic,
    pub mean: Dyadic,
}

impl Store {
    pub fn thermograph(&mut self, g: Id) -> Thermograph {
        if let Some(known) = self.thermographs.get(&g) {
            return known.clone();
        }
        let thermograph = self.thermograph_of(g);
        self.thermographs.insert(g, thermograph.clone());
        thermograph
    }

    fn thermograph_of(&mut self, g: Id) -> Thermograph {
        // a stopped store's answers are thrown away: any number's will do
        let g = if self.halted() { self.zero() } else { g };
        if let Some(x) = self.as_number(g) {
            // A number is its own mast; m/2^k has temperature -1/2^k, an
            // integer -1.
            let temperature = -Dyadic::new(1, x.exp());
            return Thermograph { left: Trajectory::constant(x), right: Trajectory::constant(x), temperature, mean: x };
        }
        let lefts: Vec<Trajectory> = self.left(g).into_iter().map(|gl| self.thermograph(gl).right.tilt(-1)).collect();
        let rights: Vec<Trajectory> = self.right(g).into_iter().map(|gr| self.thermograph(gr).left.tilt(1)).collect();
        let left = Trajectory::envelope(&lefts, true);
        let right = Trajectory::envelope(&rights, false);
        // The first t where the left scaffold is no longer right of the
        // right one: the difference is piecewise linear, so look at each
        // piece's start and where it reaches zero.
        let mut candidates: Vec<Dyadic> =
            left.pieces.iter().chain(right.pieces.iter()).map(|p| p.0).collect::<Vec<_>>();
        candidates.sort();
        candidates.dedup();
        let mut temperature = None;
        for (i, &t0) in candidates.iter().enumerate() {
            let gap = left.at(t0) - right.at(t0);
            if gap <= Dyadic::ZERO {
                temperature = Some(t0);
                break;
            }
            let closing = right.slope_at(t0) - left.slope_at(t0);
            if closing > 0 {
                let t = t0 + divide(gap, closing);
                if candidates.get(i + 1).is_none_or(|&t1| t <= t1) {
                    temperature = Some(t);
                    break;
                }
            }
        }
        let temperature = temperature.expect("the scaffolds of a short game cross");
        let mean = left.at(temperature);
        Thermograph { left: left.mast_from(temperature), right: right.mast_from(temperature), temperature, mean }
    }

    /// `g` cooled by `t ≥ 0`: every move taxed `t`, `{G^L_t - t | G^R_t + t}`,
    /// until it is cooled past its temperature, where it is its mean.
    pub fn cool(&mut self, g: Id, t: Dyadic) -> Id {
        if self.as_number(g).is_some() {
            return g;
        }
        let th = self.thermograph(g);
        if t > th.temperature {
            return self.number(th.mean);
        }
        let tax = self.number(t);
        let mut left = Vec::new();
        for gl in self.left(g) {
            let c = self.cool(gl, t);
            left.push(self.sub(c, tax));
        }
        let mut right = Vec::new();
        for gr in self.right(g) {
            let c = self.cool(gr, t);
            right.push(self.add(c, tax));
        }
        self.game(left, right)
    }

    pub fn temperature(&mut self, g: Id) -> Dyadic {
        self.thermograph(g).temperature
    }

    pub fn mean(&mut self, g: Id) -> Dyadic {
        self.thermograph(g).mean
    }
}
