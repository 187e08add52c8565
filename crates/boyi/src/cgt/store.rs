//! Short partizan games in canonical form, each interned once.
//!
//! Every value the store hands out is an [`Id`] of a canonical form, so
//! two values are equal exactly when their ids are, and sums, negations
//! and comparisons are computed once per pair of ids. Numbers are kept as
//! numbers (their options made on demand), which is what lets an integer
//! be large without a chain of forms behind it, and what the number
//! translation and number avoidance theorems need to skip work.

use std::sync::Arc as Rc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::dyadic::Dyadic;

/// A canonical value in a [`Store`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(u32);

impl Id {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Number(Dyadic),
    /// A canonical form that is not a number; options sorted, distinct.
    Form {
        left: Rc<[Id]>,
        right: Rc<[Id]>,
    },
}

/// How a value compares with another (or with zero: its outcome class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// Neither ≤ nor ≥: the first player wins their difference.
    Confused,
}

/// Who wins a value: Left whoever starts (L, > 0), Right (R, < 0), the
/// second player (P, = 0) or the first (N, ‖ 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    L,
    R,
    P,
    N,
}

impl Class {
    pub fn letter(self) -> &'static str {
        match self {
            Class::L => "L",
            Class::R => "R",
            Class::P => "P",
            Class::N => "N",
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Class::L => "Left wins whoever starts",
            Class::R => "Right wins whoever starts",
            Class::P => "the second player wins",
            Class::N => "the first player wins",
        }
    }
}

/// A form whose options are canonical but which may itself be neither
/// canonical nor interned: what canonicalisation works on.
#[derive(Clone, Debug)]
struct Candidate {
    left: Vec<Id>,
    right: Vec<Id>,
}

/// What stops a watched store: its caller's control, looked at every
/// [`Watch::EVERY`] operations, and why it stopped once it has.
struct Watch {
    ctl: crate::Control,
    ticks: u32,
    stopped: Option<crate::Error>,
}

impl Watch {
    const EVERY: u32 = 1 << 10;
}

/// What each value of one store became in another: see [`Store::copy_with`].
#[derive(Default)]
pub struct Copies(HashMap<Id, Id>);

#[derive(Default)]
pub struct Store {
    /// A store that stops when told to: see [`Store::watched`].
    watch: Option<Watch>,
    nodes: Vec<Node>,
    /// Options held by all the forms, for the store's size.
    option_ids: usize,
    /// Each value's (left stop, right stop), kept to cut comparisons short.
    stops: Vec<(Dyadic, Dyadic)>,
    index: HashMap<Node, Id>,
    leq: HashMap<(Id, Id), bool>,
    sums: HashMap<(Id, Id), Id>,
    negatives: HashMap<Id, Id>,
    pub(super) thermographs: HashMap<Id, super::thermo::Thermograph>,
    /// Each value's reduced canonical form, once asked (`reduced.rs`).
    pub(super) reduced: HashMap<Id, Id>,
    /// Atomic weights, all-smallness and birthdays, once asked (`atomic.rs`).
    pub(super) weights: HashMap<Id, Id>,
    pub(super) all_small: HashMap<Id, bool>,
    pub(super) birthdays: HashMap<Id, u32>,
}

impl Store {
    pub fn new() -> Store {
        let mut store = Store::default();
        store.intern(Node::Number(Dyadic::ZERO));
        store
    }

    /// A store whose operations look at `ctl` now and then: once it is
    /// interrupted, or the store outgrows its memory limit, every operation
    /// returns at once with a meaningless value, and [`Store::check`] says
    /// why. Its values are then worthless: a stopped store is thrown away.
    /// (Stopping this way keeps every operation's signature plain, where
    /// carrying a `Result` through each recursion would not.)
    pub fn watched(ctl: &crate::Control) -> Store {
        Store { watch: Some(Watch { ctl: ctl.clone(), ticks: 0, stopped: None }), ..Store::new() }
    }

    /// Why a watched store stopped, if it did.
    pub fn check(&self) -> Result<(), crate::Error> {
        match self.watch.as_ref().and_then(|w| w.stopped.as_ref()) {
            None => Ok(()),
            Some(crate::Error::Memory { what, needed, limit }) => {
                Err(crate::Error::Memory { what: what.clone(), needed: *needed, limit: *limit })
            }
            Some(_) => Err(crate::Error::Interrupted),
        }
    }

    /// Whether a watched store has stopped (looking at its control every
    /// so many calls); operations return at once once it has.
    pub(super) fn halted(&mut self) -> bool {
        let due = match self.watch.as_mut() {
            None => return false,
            Some(w) if w.stopped.is_some() => return true,
            Some(w) => {
                w.ticks = w.ticks.wrapping_add(1);
                w.ticks.is_multiple_of(Watch::EVERY)
            }
        };
        if !due {
            return false;
        }
        let bytes = self.bytes();
        let Some(w) = self.watch.as_mut() else { return false };
        w.stopped = w.ctl.check().and_then(|()| w.ctl.reserve("the store of values", bytes)).err();
        w.stopped.is_some()
    }

    /// About the bytes the store holds: each value with its options, its
    /// index entry and stops, and the tables of answers kept (hash tables
    /// at about twice their entries).
    pub fn bytes(&self) -> u64 {
        let values = self.nodes.len() * (std::mem::size_of::<Node>() * 3 + std::mem::size_of::<(Dyadic, Dyadic)>())
            + self.option_ids * std::mem::size_of::<Id>();
        let answers = (self.leq.len() + self.sums.len() + self.negatives.len()) * 24
            + (self.reduced.len() + self.weights.len() + self.all_small.len() + self.birthdays.len()) * 24
            + self.thermographs.len() * 256;
        (values + answers) as u64
    }

    /// How many distinct values the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn intern(&mut self, node: Node) -> Id {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        // once stopped, comparisons answer anything, and a form they made
        // may lack options on a side: no more forms are kept
        if matches!(node, Node::Form { .. }) && self.watch.as_ref().is_some_and(|w| w.stopped.is_some()) {
            return Id(0);
        }
        let id = Id(u32::try_from(self.nodes.len()).expect("more than 2^32 values"));
        let stops = match &node {
            Node::Number(x) => (*x, *x),
            Node::Form { left, right } => (
                left.iter().map(|l| self.stops[l.index()].1).max().expect("a form that is no number has Left options"),
                right
                    .iter()
                    .map(|r| self.stops[r.index()].0)
                    .min()
                    .expect("a form that is no number has Right options"),
            ),
        };
        if let Node::Form { left, right } = &node {
            self.option_ids += left.len() + right.len();
        }
        self.stops.push(stops);
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        id
    }

    /// `g`, a value of the store `from`, as a value of this one: its
    /// canonical form rebuilt node by node (a canonical form's options are
    /// canonical, so nothing is compared). Lets work be done in a store
    /// that may be stopped and thrown away, and only its answer kept.
    pub fn copy_from(&mut self, from: &Store, g: Id) -> Id {
        self.copy_with(from, g, &mut Copies::default())
    }

    /// [`Store::copy_from`] that remembers, in `copies`, what each value of
    /// `from` became here: values copied back and forth between two stores
    /// that both keep theirs are copied once. `copies` is worthless once
    /// either store is thrown away.
    pub fn copy_with(&mut self, from: &Store, g: Id, copies: &mut Copies) -> Id {
        let copied = &mut copies.0;
        // depth first without recursion: a node once its options are copied
        let mut stack = vec![(g, false)];
        while let Some((at, expanded)) = stack.pop() {
            if copied.contains_key(&at) {
                continue;
            }
            match &from.nodes[at.index()] {
                Node::Number(x) => {
                    copied.insert(at, self.number(*x));
                }
                Node::Form { left, right } if expanded => {
                    let mut left: Vec<Id> = left.iter().map(|o| copied[o]).collect();
                    let mut right: Vec<Id> = right.iter().map(|o| copied[o]).collect();
                    // options are kept in the order of this store's ids
                    sort_dedup(&mut left);
                    sort_dedup(&mut right);
                    let id = self.intern(Node::Form { left: left.into(), right: right.into() });
                    copied.insert(at, id);
                }
                Node::Form { left, right } => {
                    stack.push((at, true));
                    stack.extend(
                        left.iter().chain(right.iter()).filter(|o| !copied.contains_key(o)).map(|&o| (o, false)),
                    );
                }
            }
        }
        copied[&g]
    }

    /// How many values `g` is made of (itself and every option of an
    /// option, each once), counted up to `most`: what work on `g` may cost.
    pub fn followers_upto(&self, g: Id, most: usize) -> usize {
        let mut seen: HashSet<Id> = HashSet::default();
        let mut stack = vec![g];
        while let Some(at) = stack.pop() {
            if seen.len() >= most {
                break;
            }
            if !seen.insert(at) {
                continue;
            }
            if let Node::Form { left, right } = &self.nodes[at.index()] {
                stack.extend(left.iter().chain(right.iter()).filter(|o| !seen.contains(o)));
            }
        }
        seen.len().min(most)
    }

    /// How many forms and numbers `g`'s text writes out, a part met twice
    /// written twice (the text of a sum can be exponentially longer than
    /// the value it names), counted up to `most`.
    pub fn written_upto(&self, g: Id, most: u64) -> u64 {
        let mut written: HashMap<Id, u64> = HashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((at, expanded)) = stack.pop() {
            if written.contains_key(&at) {
                continue;
            }
            match &self.nodes[at.index()] {
                Node::Number(_) => {
                    written.insert(at, 1);
                }
                Node::Form { left, right } if expanded => {
                    let n = left.iter().chain(right.iter()).fold(1u64, |n, o| n.saturating_add(written[o])).min(most);
                    written.insert(at, n);
                }
                Node::Form { left, right } => {
                    stack.push((at, true));
                    stack.extend(
                        left.iter().chain(right.iter()).filter(|o| !written.contains_key(o)).map(|&o| (o, false)),
                    );
                }
            }
        }
        written[&g].min(most)
    }

    /// Watches `ctl` from now on (see [`Store::watched`]), or nothing; a
    /// store kept between pieces of work is watched by each one's control.
    pub fn watch(&mut self, ctl: Option<&crate::Control>) {
        self.watch = ctl.map(|ctl| Watch { ctl: ctl.clone(), ticks: 0, stopped: None });
    }

    pub fn zero(&mut self) -> Id {
        self.number(Dyadic::ZERO)
    }

    pub fn number(&mut self, x: Dyadic) -> Id {
        self.intern(Node::Number(x))
    }

    pub fn integer(&mut self, n: i128) -> Id {
        self.number(Dyadic::integer(n))
    }

    /// `*n`: `{0, *, ..., *(n-1) | 0, *, ..., *(n-1)}`, canonical as it
    /// stands (no option dominates or reverses).
    pub fn nimber(&mut self, n: u32) -> Id {
        let mut options = vec![self.zero()];
        for _ in 1..=n {
            let shared: Rc<[Id]> = options.clone().into();
            options.push(self.intern(Node::Form { left: shared.clone(), right: shared }));
        }
        options[n as usize]
    }

    /// `n` when the value is `*n`.
    pub fn as_nimber(&self, g: Id) -> Option<u32> {
        match &self.nodes[g.index()] {
            Node::Number(x) => (*x == Dyadic::ZERO).then_some(0),
            Node::Form { left, right } if left == right => {
                // *n's options are *0 ... *(n-1), which sort in that order
                // (each interned after the one before)
                let n = left.len() as u32;
                left.iter().enumerate().all(|(i, &o)| self.as_nimber(o) == Some(i as u32)).then_some(n)
            }
            Node::Form { .. } => None,
        }
    }

    /// `n·↑` (`n` negative: `|n|·↓`): ↑ = {0 | *}, (n+1)·↑ = {0 | n·↑ + *}.
    pub fn up(&mut self, n: i32) -> Id {
        let (zero, star) = (self.zero(), self.nimber(1));
        let mut value = zero;
        for _ in 0..n.unsigned_abs() {
            let right = self.add(value, star);
            value = self.game(vec![zero], vec![right]);
        }
        if n < 0 {
            self.neg(value)
        } else {
            value
        }
    }

    pub fn as_number(&self, g: Id) -> Option<Dyadic> {
        match &self.nodes[g.index()] {
            Node::Number(x) => Some(*x),
            Node::Form { .. } => None,
        }
    }

    /// Left's options of the canonical form.
    pub fn left(&mut self, g: Id) -> Vec<Id> {
        match self.nodes[g.index()].clone() {
            Node::Form { left, .. } => left.to_vec(),
            Node::Number(x) => match number_options(x).0 {
                Some(l) => vec![self.number(l)],
                None => Vec::new(),
            },
        }
    }

    /// Right's options of the canonical form.
    pub fn right(&mut self, g: Id) -> Vec<Id> {
        match self.nodes[g.index()].clone() {
            Node::Form { right, .. } => right.to_vec(),
            Node::Number(x) => match number_options(x).1 {
                Some(r) => vec![self.number(r)],
                None => Vec::new(),
            },
        }
    }

    /// The value of `{left | right}`, its options values already.
    pub fn game(&mut self, left: Vec<Id>, right: Vec<Id>) -> Id {
        if self.halted() {
            return Id(0);
        }
        let mut c = Candidate { left, right };
        sort_dedup(&mut c.left);
        sort_dedup(&mut c.right);
        if let Some(x) = self.number_between(&c) {
            return self.number(x);
        }
        self.remove_dominated(&mut c);
        // a stopped store's comparisons may find options reversible forever
        while !self.halted() && self.bypass_reversible(&mut c) {
            sort_dedup(&mut c.left);
            sort_dedup(&mut c.right);
            self.remove_dominated(&mut c);
        }
        if let Some(x) = self.number_between(&c) {
            return self.number(x);
        }
        self.intern(Node::Form { left: c.left.into(), right: c.right.into() })
    }

    /// The simplest number between the options, when they are all
    /// numbers and Left's are below Right's.
    fn number_between(&self, c: &Candidate) -> Option<Dyadic> {
        let numbers = |ids: &[Id]| ids.iter().map(|&g| self.as_number(g)).collect::<Option<Vec<_>>>();
        let (l, r) = (numbers(&c.left)?, numbers(&c.right)?);
        let (lo, hi) = (l.iter().max().copied(), r.iter().min().copied());
        match (lo, hi) {
            (Some(lo), Some(hi)) if lo >= hi => None,
            _ => Some(Dyadic::simplest_between(lo, hi)),
        }
    }

    fn remove_dominated(&mut self, c: &mut Candidate) {
        // Left keeps its maximal options, Right its minimal ones; equal
        // values are one id already.
        let left = c.left.clone();
        c.left.retain(|&a| !left.iter().any(|&b| b != a && self.leq(a, b)));
        let right = c.right.clone();
        c.right.retain(|&a| !right.iter().any(|&b| b != a && self.leq(b, a)));
    }

    /// Bypass one round of reversible options; whether any was.
    fn bypass_reversible(&mut self, c: &mut Candidate) -> bool {
        let mut changed = false;
        let mut left = Vec::new();
        for a in c.left.clone() {
            // a is reversible through a^R when a^R ≤ G: Left's a is then
            // as good as the options Left has from a^R.
            let through = self.right(a).into_iter().find(|&ar| self.leq_candidate_right(ar, c));
            match through {
                Some(ar) => {
                    left.extend(self.left(ar));
                    changed = true;
                }
                None => left.push(a),
            }
        }
        let mut right = Vec::new();
        for a in c.right.clone() {
            let through = self.left(a).into_iter().find(|&al| self.leq_candidate_left(c, al));
            match through {
                Some(al) => {
                    right.extend(self.right(al));
                    changed = true;
                }
                None => right.push(a),
            }
        }
        c.left = left;
        c.right = right;
        changed
    }

    /// `g ≤ c`: no `g^L ≥ c` and no `c^R ≤ g`.
    fn leq_candidate_right(&mut self, g: Id, c: &Candidate) -> bool {
        for gl in self.left(g) {
            if self.leq_candidate_left(c, gl) {
                return false;
            }
        }
        !c.right.iter().any(|&cr| self.leq(cr, g))
    }

    /// `c ≤ g`: no `c^L ≥ g` and no `g^R ≤ c`.
    fn leq_candidate_left(&mut self, c: &Candidate, g: Id) -> bool {
        if c.left.iter().any(|&cl| self.leq(g, cl)) {
            return false;
        }
        for gr in self.right(g) {
            if self.leq_candidate_right(gr, c) {
                return false;
            }
        }
        true
    }

    /// `a ≤ b`.
    pub fn leq(&mut self, a: Id, b: Id) -> bool {
        if a == b {
            return true;
        }
        if let Some(&known) = self.leq.get(&(a, b)) {
            return known;
        }
        if self.halted() {
            return false;
        }
        let ((als, ars), (bls, brs)) = (self.stops[a.index()], self.stops[b.index()]);
        // a ≤ b needs both stops of a no higher than b's
        if als > bls || ars > brs {
            return false;
        }
        let answer = match (&self.nodes[a.index()], &self.nodes[b.index()]) {
            (Node::Number(x), Node::Number(y)) => x <= y,
            // Against a number x, a game's stops mostly settle it (G > x
            // when its right stop is above x, G < x when its left stop is
            // below), and otherwise only the game's own options matter
            // (number avoidance: x ≤ G iff no G^R ≤ x).
            (Node::Number(x), Node::Form { right, .. }) => {
                let right = right.clone();
                *x < brs || (*x <= bls && !right.iter().any(|&br| self.leq(br, a)))
            }
            (Node::Form { left, .. }, Node::Number(y)) => {
                let left = left.clone();
                als < *y || (ars <= *y && !left.iter().any(|&al| self.leq(b, al)))
            }
            (Node::Form { left, .. }, Node::Form { right, .. }) => {
                let (left, right) = (left.clone(), right.clone());
                !left.iter().any(|&al| self.leq(b, al)) && !right.iter().any(|&br| self.leq(br, a))
            }
        };
        self.leq.insert((a, b), answer);
        answer
    }

    pub fn compare(&mut self, a: Id, b: Id) -> Relation {
        match (self.leq(a, b), self.leq(b, a)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    pub fn class(&mut self, g: Id) -> Class {
        let zero = self.zero();
        match self.compare(g, zero) {
            Relation::Greater => Class::L,
            Relation::Less => Class::R,
            Relation::Equal => Class::P,
            Relation::Confused => Class::N,
        }
    }

    pub fn neg(&mut self, g: Id) -> Id {
        if let Some(x) = self.as_number(g) {
            return self.number(-x);
        }
        if let Some(&n) = self.negatives.get(&g) {
            return n;
        }
        let (left, right) = (self.left(g), self.right(g));
        let mut l: Vec<Id> = right.into_iter().map(|r| self.neg(r)).collect();
        let mut r: Vec<Id> = left.into_iter().map(|x| self.neg(x)).collect();
        sort_dedup(&mut l);
        sort_dedup(&mut r);
        // The negative of a canonical form is canonical.
        let n = self.intern(Node::Form { left: l.into(), right: r.into() });
        self.negatives.insert(g, n);
        self.negatives.insert(n, g);
        n
    }

    pub fn add(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        match (self.as_number(a), self.as_number(b)) {
            (Some(x), Some(y)) => return self.number(x + y),
            (Some(x), None) if x == Dyadic::ZERO => return b,
            (None, Some(y)) if y == Dyadic::ZERO => return a,
            _ => {}
        }
        if let Some(&s) = self.sums.get(&(a, b)) {
            return s;
        }
        if self.halted() {
            return Id(0);
        }
        let sum = match (self.as_number(a), self.as_number(b)) {
            // Number translation: G + x = {G^L + x | G^R + x}, canonical
            // as it stands when G is canonical and not a number.
            (Some(_), None) | (None, Some(_)) => {
                let (g, x) = if self.as_number(a).is_some() { (b, a) } else { (a, b) };
                let mut l: Vec<Id> = self.left(g).into_iter().map(|gl| self.add(gl, x)).collect();
                let mut r: Vec<Id> = self.right(g).into_iter().map(|gr| self.add(gr, x)).collect();
                sort_dedup(&mut l);
                sort_dedup(&mut r);
                self.intern(Node::Form { left: l.into(), right: r.into() })
            }
            _ => {
                let mut l = Vec::new();
                let mut r = Vec::new();
                for al in self.left(a) {
                    l.push(self.add(al, b));
                }
                for bl in self.left(b) {
                    l.push(self.add(a, bl));
                }
                for ar in self.right(a) {
                    r.push(self.add(ar, b));
                }
                for br in self.right(b) {
                    r.push(self.add(a, br));
                }
                self.game(l, r)
            }
        };
        self.sums.insert((a, b), sum);
        sum
    }

    pub fn sub(&mut self, a: Id, b: Id) -> Id {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// The sum of many values.
    pub fn sum(&mut self, values: impl IntoIterator<Item = Id>) -> Id {
        let zero = self.zero();
        values.into_iter().fold(zero, |s, v| self.add(s, v))
    }

    /// Left's stop: where the game ends as a number when Left starts and
    /// both play to the number that suits them.
    pub fn left_stop(&mut self, g: Id) -> Dyadic {
        self.stops[g.index()].0
    }

    pub fn right_stop(&mut self, g: Id) -> Dyadic {
        self.stops[g.index()].1
    }
}

fn sort_dedup(ids: &mut Vec<Id>) {
    ids.sort_unstable();
    ids.dedup();
}

/// A number's canonical options: n = {n-1 |} for n > 0, {| n+1} for n < 0,
/// m/2^k = {(m-1)/2^k | (m+1)/2^k}.
fn number_options(x: Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    if x.is_integer() {
        let n = x.num();
        match n.cmp(&0) {
            std::cmp::Ordering::Greater => (Some(Dyadic::integer(n - 1)), None),
            std::cmp::Ordering::Less => (None, Some(Dyadic::integer(n + 1))),
            std::cmp::Ordering::Equal => (None, None),
        }
    } else {
        (Some(Dyadic::new(x.num() - 1, x.exp())), Some(Dyadic::new(x.num() + 1, x.exp())))
    }
}
