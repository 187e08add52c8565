//! Values up to infinitesimals: the order modulo Inf and the reduced
//! canonical form (Calistrate 1996; Siegel, *Combinatorial Game Theory*,
//! II.6), the simplest game that differs from a value by an infinitesimal
//! only. It is what a hot game is worth once its infinitesimal parts (the
//! ↑s and *s a sum leaves over) are set aside: `rcf(1 + ↑*) = 1`,
//! `rcf({2 | ↑ || -1}) = {2 | 0 || -1}`.

use super::dyadic::Dyadic;
use super::store::{Id, Store};

impl Store {
    /// `a ≤ b` up to an infinitesimal (`a ≤ b + ε` for some infinitesimal
    /// `ε`): exactly when `b − a`'s right stop is not negative (Siegel,
    /// CGT, II.6).
    pub fn inf_leq(&mut self, a: Id, b: Id) -> bool {
        let d = self.sub(b, a);
        self.right_stop(d) >= Dyadic::ZERO
    }

    /// `a` and `b` differ by an infinitesimal.
    pub fn inf_equal(&mut self, a: Id, b: Id) -> bool {
        self.inf_leq(a, b) && self.inf_leq(b, a)
    }

    /// The reduced canonical form of `g`: a number when `g`'s stops meet
    /// (it is that number plus an infinitesimal); otherwise its options'
    /// reduced forms with every option dominated up to Inf removed and
    /// every option reversible up to Inf bypassed, until none is. Games
    /// that differ by an infinitesimal have the same one.
    pub fn reduced(&mut self, g: Id) -> Id {
        if let Some(&r) = self.reduced.get(&g) {
            return r;
        }
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        let r = if ls == rs {
            self.number(ls)
        } else {
            let mut left: Vec<Id> = self.left(g).into_iter().map(|x| self.reduced(x)).collect();
            let mut right: Vec<Id> = self.right(g).into_iter().map(|x| self.reduced(x)).collect();
            loop {
                if self.halted() {
                    // a stopped store's comparisons need not settle (its
                    // answers are thrown away)
                    break;
                }
                sort_dedup(&mut left);
                sort_dedup(&mut right);
                // of two options equal up to Inf (distinct reduced forms
                // never are, but nothing is lost by keeping one) the first stays
                let l = left.clone();
                left.retain(|&a| !l.iter().any(|&b| b != a && self.inf_leq(a, b) && (b < a || !self.inf_leq(b, a))));
                let r = right.clone();
                right.retain(|&a| !r.iter().any(|&b| b != a && self.inf_leq(b, a) && (b < a || !self.inf_leq(a, b))));
                let whole = self.game(left.clone(), right.clone());
                let mut changed = false;
                let mut next = Vec::new();
                for a in std::mem::take(&mut left) {
                    // Left's a reverses through a^R when a^R ≤ G up to Inf
                    match self.right(a).into_iter().find(|&ar| self.inf_leq(ar, whole)) {
                        Some(ar) => {
                            next.extend(self.left(ar));
                            changed = true;
                        }
                        None => next.push(a),
                    }
                }
                left = next;
                let mut next = Vec::new();
                for a in std::mem::take(&mut right) {
                    match self.left(a).into_iter().find(|&al| self.inf_leq(whole, al)) {
                        Some(al) => {
                            next.extend(self.right(al));
                            changed = true;
                        }
                        None => next.push(a),
                    }
                }
                right = next;
                if !changed {
                    break;
                }
            }
            self.game(left, right)
        };
        self.reduced.insert(g, r);
        self.reduced.insert(r, r);
        r
    }
}

fn sort_dedup(ids: &mut Vec<Id>) {
    ids.sort_unstable();
    ids.dedup();
}
