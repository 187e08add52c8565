//! Atomic weights of all-small games (Winning Ways, ch. 8; Siegel,
//! *Combinatorial Game Theory*, II.7): how many ups a game is worth, so
//! that a sum of all-small games is read off the sum of its parts' weights
//! (a weight of 2 or more wins for Left whoever starts, the two-ahead rule).

use super::dyadic::Dyadic;
use super::store::{Id, Relation, Store};

impl Store {
    /// Whether every subposition of `g` has moves for both players or for
    /// neither (no number but 0 anywhere in it).
    pub fn is_all_small(&mut self, g: Id) -> bool {
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        let (left, right) = (self.left(g), self.right(g));
        let answer = left.is_empty() == right.is_empty()
            && left.iter().chain(right.iter()).copied().collect::<Vec<_>>().into_iter().all(|x| self.is_all_small(x));
        self.all_small.insert(g, answer);
        answer
    }

    /// The atomic weight of an all-small `g` (`None` for any other game):
    /// `{aw(g^L) − 2 | aw(g^R) + 2}`, unless that is an integer, when `g`
    /// is compared with a remote star ☆ (a nimber beyond every one in `g`):
    /// above it, the weight is the largest integer not ≥ any
    /// `aw(g^R) + 2`; below it, the least not ≤ any `aw(g^L) − 2`;
    /// confused with it, 0.
    pub fn atomic_weight(&mut self, g: Id) -> Option<Id> {
        if !self.is_all_small(g) {
            return None;
        }
        Some(self.weight(g))
    }

    fn weight(&mut self, g: Id) -> Id {
        if let Some(&w) = self.weights.get(&g) {
            return w;
        }
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let lefts: Vec<Id> = self.left(g).into_iter().map(|x| self.weight(x)).collect();
        let rights: Vec<Id> = self.right(g).into_iter().map(|x| self.weight(x)).collect();
        let lefts: Vec<Id> = lefts.into_iter().map(|w| self.add(w, minus_two)).collect();
        let rights: Vec<Id> = rights.into_iter().map(|w| self.add(w, two)).collect();
        let candidate = self.game(lefts.clone(), rights.clone());
        let w = match self.as_number(candidate) {
            Some(n) if n.is_integer() => {
                let star = self.remote_star(g);
                match self.compare(g, star) {
                    Relation::Greater if !rights.is_empty() => {
                        // the largest integer n with no n ≥ aw(g^R) + 2
                        let mut n = rights.iter().map(|&r| self.left_stop(r).floor()).min().unwrap_or(0);
                        // (a stopped store's comparisons need not settle)
                        while !self.halted()
                            && rights.iter().any(|&r| {
                                let x = self.integer(n);
                                self.leq(r, x)
                            })
                        {
                            n -= 1;
                        }
                        self.integer(n)
                    }
                    Relation::Less if !lefts.is_empty() => {
                        let mut n = lefts.iter().map(|&l| self.right_stop(l).ceil()).max().unwrap_or(0);
                        while !self.halted()
                            && lefts.iter().any(|&l| {
                                let x = self.integer(n);
                                self.leq(x, l)
                            })
                        {
                            n += 1;
                        }
                        self.integer(n)
                    }
                    _ => self.number(Dyadic::ZERO),
                }
            }
            _ => candidate,
        };
        self.weights.insert(g, w);
        w
    }

    /// A nimber larger than every nimber `g`'s subpositions can hold: the
    /// least power of two above twice its birthday.
    fn remote_star(&mut self, g: Id) -> Id {
        let birthday = self.birthday(g);
        let mut n = 1u32;
        while n <= 2 * birthday + 1 {
            n *= 2;
        }
        self.nimber(n)
    }

    /// The canonical form's birthday: its depth as a tree.
    pub fn birthday(&mut self, g: Id) -> u32 {
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let options: Vec<Id> = self.left(g).into_iter().chain(self.right(g)).collect();
        let b = options.into_iter().map(|x| self.birthday(x) + 1).max().unwrap_or(0);
        self.birthdays.insert(g, b);
        b
    }
}
