//! Canonical forms against the definitions: random game trees are valued
//! by the store, and the value is compared with the tree itself by the
//! plain recursive definitions of ≤ (no simplification anywhere).

use boyi::cgt::{self, Copies, Dyadic, Format, Id, Parsed, Relation, Store};
use proptest::prelude::*;
use std::rc::Rc;

/// A game tree as written, no simplification.
#[derive(Debug)]
struct Raw {
    left: Vec<Rc<Raw>>,
    right: Vec<Rc<Raw>>,
}

/// `a ≤ b` by the definition: no a^L ≥ b and no b^R ≤ a.
fn leq(a: &Raw, b: &Raw) -> bool {
    !a.left.iter().any(|al| leq(b, al)) && !b.right.iter().any(|br| leq(br, a))
}

fn equal(a: &Raw, b: &Raw) -> bool {
    leq(a, b) && leq(b, a)
}

fn raw_sum(a: &Rc<Raw>, b: &Rc<Raw>) -> Rc<Raw> {
    let mut left: Vec<Rc<Raw>> = a.left.iter().map(|al| raw_sum(al, b)).collect();
    left.extend(b.left.iter().map(|bl| raw_sum(a, bl)));
    let mut right: Vec<Rc<Raw>> = a.right.iter().map(|ar| raw_sum(ar, b)).collect();
    right.extend(b.right.iter().map(|br| raw_sum(a, br)));
    Rc::new(Raw { left, right })
}

/// The store's canonical form written out as a tree.
fn tree(store: &mut Store, g: Id) -> Rc<Raw> {
    let (l, r) = (store.left(g), store.right(g));
    Rc::new(Raw {
        left: l.into_iter().map(|x| tree(store, x)).collect(),
        right: r.into_iter().map(|x| tree(store, x)).collect(),
    })
}

fn value(store: &mut Store, t: &Raw) -> Id {
    let l = t.left.iter().map(|x| value(store, x)).collect();
    let r = t.right.iter().map(|x| value(store, x)).collect();
    store.game(l, r)
}

/// Random trees up to `depth` deep, up to three options a side.
fn arb_raw(depth: u32) -> BoxedStrategy<Rc<Raw>> {
    let leaf = Just(Rc::new(Raw { left: vec![], right: vec![] })).boxed();
    leaf.prop_recursive(depth, 40, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
            .prop_map(|(left, right)| Rc::new(Raw { left, right }))
    })
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn canonical_forms_equal_the_trees(t in arb_raw(4)) {
        let mut s = Store::new();
        let v = value(&mut s, &t);
        let c = tree(&mut s, v);
        prop_assert!(equal(&c, &t), "{} is not the tree's value", s.write(v, Format::Braces));
        // canonical: no smaller form. Its birthday is at most the tree's.
        prop_assert!(depth(&c) <= depth(&t));
    }

    #[test]
    fn equal_values_are_one_id_and_order_agrees(a in arb_raw(3), b in arb_raw(3)) {
        let mut s = Store::new();
        let (va, vb) = (value(&mut s, &a), value(&mut s, &b));
        prop_assert_eq!(va == vb, equal(&a, &b));
        prop_assert_eq!(s.leq(va, vb), leq(&a, &b));
        prop_assert_eq!(s.leq(vb, va), leq(&b, &a));
    }

    #[test]
    fn sums_and_negatives_agree_with_the_trees(a in arb_raw(3), b in arb_raw(3)) {
        let mut s = Store::new();
        let (va, vb) = (value(&mut s, &a), value(&mut s, &b));
        let sum = s.add(va, vb);
        let raw = raw_sum(&a, &b);
        prop_assert_eq!(value(&mut s, &raw), sum);
        let na = s.neg(va);
        prop_assert_eq!(s.add(va, na), s.zero());
    }

    #[test]
    fn a_value_copied_to_another_store_is_that_stores_own(a in arb_raw(4), b in arb_raw(3)) {
        // the second store already holds other values, so its ids differ
        let (mut from, mut to) = (Store::new(), Store::new());
        let vb = value(&mut to, &b);
        // a's parts made in the other order than `from` makes them: ids in another order
        let mut parts = vec![a.clone()];
        let mut i = 0;
        while i < parts.len() {
            let t = parts[i].clone();
            parts.extend(t.left.iter().chain(&t.right).cloned());
            i += 1;
        }
        for t in parts.iter().rev().step_by(2) {
            value(&mut to, t);
        }
        let va = value(&mut from, &a);
        let copied = to.copy_from(&from, va);
        prop_assert_eq!(copied, value(&mut to, &a));
        // (the same form, written with its options in `to`'s order)
        let text = from.write(va, Format::Braces);
        prop_assert_eq!(cgt::value(&mut to, &text), Ok(copied));
        prop_assert_eq!(to.leq(copied, vb), leq(&a, &b));
        let sum = to.add(copied, vb);
        prop_assert_eq!(sum, value(&mut to, &raw_sum(&a, &b)));
    }

    #[test]
    fn both_notations_read_back(t in arb_raw(4)) {
        let mut s = Store::new();
        let v = value(&mut s, &t);
        for format in [Format::Cgsuite, Format::Braces] {
            let text = s.write(v, format);
            prop_assert_eq!(cgt::value(&mut s, &text), Ok(v), "{}", text);
        }
    }

    #[test]
    fn cooling_gives_the_thermographs_walls(t in arb_raw(4), quarters in 0i128..16) {
        let mut s = Store::new();
        let v = value(&mut s, &t);
        let th = s.thermograph(v);
        let temp = Dyadic::new(quarters, 2);
        let cooled = s.cool(v, temp);
        // the walls are the cooled game's stops, two ways to the same thing
        prop_assert_eq!(s.left_stop(cooled), th.left.at(temp), "{}", s.write(v, Format::Braces));
        prop_assert_eq!(s.right_stop(cooled), th.right.at(temp), "{}", s.write(v, Format::Braces));
    }

    #[test]
    fn stops_bound_the_mean(t in arb_raw(4)) {
        let mut s = Store::new();
        let v = value(&mut s, &t);
        let th = s.thermograph(v);
        let (ls, rs) = (s.left_stop(v), s.right_stop(v));
        prop_assert!(rs <= th.mean && th.mean <= ls, "{} {} {}", rs, th.mean, ls);
        // the walls at t = 0 are the stops
        prop_assert_eq!(th.left.at(Dyadic::ZERO), ls);
        prop_assert_eq!(th.right.at(Dyadic::ZERO), rs);
        // the mean of a sum is the sum of the means
        let w = s.add(v, v);
        prop_assert_eq!(s.mean(w), th.mean + th.mean);
    }

    #[test]
    fn the_order_up_to_inf_agrees_with_infinitesimals_added(a in arb_raw(3), b in arb_raw(3)) {
        let mut s = Store::new();
        let (va, vb) = (value(&mut s, &a), value(&mut s, &b));
        let small = infinitesimals(&mut s);
        // a ≤ b + ε for one of these infinitesimals exactly when a ≤ b up to Inf
        let mut some = false;
        for &e in &small {
            let be = s.add(vb, e);
            some |= s.leq(va, be);
        }
        prop_assert_eq!(s.inf_leq(va, vb), some, "{} against {}", s.write(va, Format::Braces), s.write(vb, Format::Braces));
    }

    #[test]
    fn reduced_forms_set_infinitesimals_aside(t in arb_raw(4), e in arb_raw(3)) {
        let mut s = Store::new();
        let g = value(&mut s, &t);
        let r = s.reduced(g);
        let text = s.write(g, Format::Braces);
        // r differs from g by an infinitesimal and is its own reduced form
        prop_assert!(s.inf_equal(g, r), "{} and its reduced form {}", text, s.write(r, Format::Braces));
        prop_assert_eq!(s.reduced(r), r, "{}", text);
        // no bigger than the canonical form
        let (tr, tg) = (tree(&mut s, r), tree(&mut s, g));
        prop_assert!(depth(&tr) <= depth(&tg), "{}", text);
        // and the same for every game an infinitesimal away: a random
        // game whose stops are 0 (an infinitesimal), and the usual ones
        let mut small = infinitesimals(&mut s);
        let ve = value(&mut s, &e);
        if s.left_stop(ve) == Dyadic::ZERO && s.right_stop(ve) == Dyadic::ZERO {
            small.push(ve);
        }
        for eps in small {
            let moved = s.add(g, eps);
            prop_assert_eq!(s.reduced(moved), r, "{} + {}", text, s.write(eps, Format::Braces));
        }
        let (ng, nr) = (s.neg(g), s.neg(r));
        prop_assert_eq!(s.reduced(ng), nr, "-({})", text);
    }
}

fn depth(t: &Raw) -> usize {
    t.left.iter().chain(t.right.iter()).map(|x| depth(x) + 1).max().unwrap_or(0)
}

fn read(s: &mut Store, text: &str) -> Id {
    cgt::value(s, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn known_values_and_their_names() {
    let mut s = Store::new();
    for (text, name) in [
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|0}", "*"),
        ("{0|1}", "1/2"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0,*}", "*2"),
        ("{1|-1}", "±1"),
        ("{3|1}", "2±1"),
        ("{1|1}", "1*"),
        ("{0|^*}", "^^"),
        ("^ + ^", "^^"),
        ("^ + *", "^*"),
        ("* + *", "0"),
        ("1/2 + 1/2", "1"),
        ("{*|*}", "0"),
        ("{{2|0}|-1}", "{2|0||-1}"),
        ("{2|0||-1}", "{2|0||-1}"),
        ("3/4 - 1/4", "1/2"),
        ("-(1/2)", "-1/2"),
        ("+-1", "±1"),
        // the sign is the number's: -1v is written for -1 + v and read back so
        ("{{-1|-1}|-1}", "-1v"),
        ("-1 + v", "-1v"),
        ("-1v", "-1v"),
        ("-1^", "-1^"),
        ("-(1^)", "-1v"),
        ("-1/2^*", "-1/2^*"),
        ("--1v", "1v"),
        ("2 - 1v", "1^"),
    ] {
        let v = read(&mut s, text);
        assert_eq!(s.write(v, Format::Cgsuite), name, "{text}");
    }
    let g = read(&mut s, "{2|0||-1}");
    assert_eq!(s.write(g, Format::Braces), "{{2|0}|-1}");
    let g = read(&mut s, "^*");
    assert_eq!(s.write(g, Format::Braces), "{0,*|0}");
}

#[test]
fn values_copied_between_stores_that_made_their_parts_in_another_order() {
    // `from` makes ±1 before ^, `to` (reading the texts backwards) after:
    // the first form's options are listed in another order in each store
    let texts = ["{{1|-1},^|-2}", "{2|0||-1}", "{0,{1|-1}|-2}", "{1|-1}", "^"];
    let (mut from, mut to) = (Store::new(), Store::new());
    let made: Vec<Id> = texts.iter().map(|t| read(&mut from, t)).collect();
    let own: Vec<Id> = texts.iter().rev().map(|t| read(&mut to, t)).collect();
    for (i, &g) in made.iter().enumerate() {
        assert_eq!(to.copy_from(&from, g), own[texts.len() - 1 - i], "{}", texts[i]);
    }
}

#[test]
fn values_copied_back_and_forth_with_copies_kept() {
    let (mut main, mut work) = (Store::new(), Store::new());
    let (mut inward, mut outward) = (Copies::default(), Copies::default());
    let a = read(&mut main, "{2|0||-1}");
    let b = read(&mut main, "{{1|-1},^|-2}");
    let (wa, wb) = (work.copy_with(&main, a, &mut inward), work.copy_with(&main, b, &mut inward));
    let held = work.len();
    // copied once: the second time is the first's answer and makes nothing
    assert_eq!(work.copy_with(&main, a, &mut inward), wa);
    assert_eq!(work.len(), held);
    let sum = work.add(wa, wb);
    let back = main.copy_with(&work, sum, &mut outward);
    assert_eq!(back, main.add(a, b));
    // an operand copied back is the value it was made from
    assert_eq!(main.copy_with(&work, wa, &mut outward), a);
}

#[test]
fn followers_are_counted_up_to_a_bound() {
    let mut s = Store::new();
    let pm = read(&mut s, "{1|-1}");
    // ±1, 1 and -1: numbers have no options in the store
    assert_eq!(s.followers_upto(pm, 100), 3);
    assert_eq!(s.followers_upto(pm, 2), 2);
    let g = read(&mut s, "{2|0||-1}");
    // {2|0}, 2, 0, -1 and itself
    assert_eq!(s.followers_upto(g, 100), 5);
    let zero = s.zero();
    assert_eq!(s.followers_upto(zero, 100), 1);
    // written out: {2|0||-1} is five parts; in a sum, parts met twice
    // count twice (against a plain count of the tree)
    assert_eq!(s.written_upto(g, 100), 5);
    fn tree(s: &mut Store, g: Id) -> u64 {
        if s.as_number(g).is_some() {
            return 1;
        }
        let options: Vec<Id> = s.left(g).into_iter().chain(s.right(g)).collect();
        1 + options.into_iter().map(|o| tree(s, o)).sum::<u64>()
    }
    for text in ["{1|-1} + {2|-2} + {3|-3}", "{2|0||-1} + {1|-1} + ^", "{2|-2} + {3|-3} + {4|-4} + ^"] {
        let v = read(&mut s, text);
        let want = tree(&mut s, v);
        assert!(want > s.followers_upto(v, 1000) as u64, "{text}: no part is met twice");
        assert_eq!(s.written_upto(v, 1 << 20), want, "{text}");
        assert_eq!(s.written_upto(v, want - 1), want - 1, "{text}");
    }
}

#[test]
fn comparisons_and_classes() {
    let mut s = Store::new();
    let check = |s: &mut Store, text: &str, holds: bool| match cgt::parse(s, text) {
        Ok(Parsed::Comparison { holds: h, .. }) => assert_eq!(h, holds, "{text}"),
        other => panic!("{text}: {other:?}"),
    };
    check(&mut s, "^ > *", false);
    check(&mut s, "^ <> *", true);
    check(&mut s, "^ > 0", true);
    check(&mut s, "{1|-1} <> 0", true);
    check(&mut s, "1/2 < 1", true);
    check(&mut s, "^^* > 0", true);
    check(&mut s, "{1|-1} + {1|-1} == 0", true);
    let (up, star) = (s.up(1), s.nimber(1));
    assert_eq!(s.compare(up, star), Relation::Confused);
    let pm = read(&mut s, "±1");
    assert_eq!(s.class(pm).letter(), "N");
    let half = read(&mut s, "1/2");
    assert_eq!(s.class(half).letter(), "L");
    for bad in ["{1|", "1/3", "{1||2||3}", "2.5", "x", "", "{,|}"] {
        assert!(cgt::value(&mut s, bad).is_err(), "{bad} read");
    }
}

#[test]
fn thermographs_of_switches() {
    let mut s = Store::new();
    let d = |n: i128| Dyadic::integer(n);
    let pm = read(&mut s, "±1");
    let th = s.thermograph(pm);
    assert_eq!((th.temperature, th.mean), (d(1), d(0)));
    assert_eq!(th.left.points(), [(d(-1), d(2)), (d(1), d(0))]);
    assert_eq!(th.right.points(), [(d(-1), d(-2)), (d(1), d(0))]);
    // {2|0||-1}: Left's option 1±1 has right wall t then 1, so Left's
    // scaffold is 0 to t = 1; Right's is t - 1; they meet at (1, 0).
    let g = read(&mut s, "{2|0||-1}");
    let th = s.thermograph(g);
    assert_eq!((th.temperature, th.mean), (d(1), d(0)));
    assert_eq!(th.left.points(), [(d(-1), d(0))]);
    assert_eq!(th.right.points(), [(d(-1), d(-2)), (d(1), d(0))]);
    // numbers: temperature -1 for integers, -1/2^k for m/2^k
    let x = read(&mut s, "3/4");
    assert_eq!(s.temperature(x), Dyadic::new(-1, 2));
    let x = read(&mut s, "5");
    assert_eq!(s.temperature(x), d(-1));
    // infinitesimals are at temperature 0
    let up = read(&mut s, "^");
    assert_eq!(s.temperature(up), d(0));
    // cooling: ±1 by 1 freezes to *, by more it is its mean
    let pm = read(&mut s, "±1");
    let star = s.nimber(1);
    assert_eq!(s.cool(pm, d(1)), star);
    assert_eq!(s.cool(pm, d(2)), s.zero());
    let g = read(&mut s, "{3|1/2}");
    assert_eq!((s.temperature(g), s.mean(g)), (Dyadic::new(5, 2), Dyadic::new(7, 2)));
}

#[test]
fn big_numbers_stay_numbers() {
    let mut s = Store::new();
    let g = read(&mut s, "1000000000000 + {1|-1} - 999999999999");
    assert_eq!(s.write(g, Format::Cgsuite), "1±1");
    let n = read(&mut s, "{1000000|}");
    assert_eq!(s.as_number(n), Some(Dyadic::integer(1000001)));
}

/// Input that once overflowed the stack or took quadratic time: braces
/// nested past the limit are refused with a message, nesting up to it is
/// read, and a long sum outside every brace is read in one pass.
#[test]
fn deep_nesting_is_refused_and_long_sums_are_read() {
    let mut s = Store::new();
    let deep = format!("{}0{}", "{".repeat(100_000), "|}".repeat(100_000));
    let refused = cgt::parse(&mut s, &deep).unwrap_err();
    assert!(refused.contains("nested 100000 deep"), "{refused}");
    // {0|} nested: 1, {1|} = 2, ... the limit's depth is the integer it nests to
    let limit = cgt::notation::MAX_NESTING;
    let text = format!("{}0{}", "{".repeat(limit), "|}".repeat(limit));
    let g = read(&mut s, &text);
    assert_eq!(s.write(g, Format::Cgsuite), limit.to_string());
    let sum = vec!["1"; 20_000].join(" + ");
    match cgt::parse(&mut s, &format!("{sum} == 20000")) {
        Ok(Parsed::Comparison { holds, .. }) => assert!(holds),
        other => panic!("{other:?}"),
    }
    // and a run of minus signs
    let g = read(&mut s, &format!("{}1", "-".repeat(100_001)));
    assert_eq!(s.write(g, Format::Cgsuite), "-1");
}

/// Infinitesimals of several kinds: ups and stars, tiny and miny, and
/// their sums with ups.
fn infinitesimals(s: &mut Store) -> Vec<Id> {
    let mut out = Vec::new();
    for text in ["0", "*", "^", "v", "^*", "v*", "*2", "{0||0|-1}", "{1|0||0}", "{0||0|-2}", "{2|0||0}"] {
        let base = read(s, text);
        for n in -4..=4 {
            let up = s.up(n);
            out.push(s.add(base, up));
        }
    }
    out
}

#[test]
fn known_reduced_forms() {
    let mut s = Store::new();
    for (game, reduced) in [
        ("^", "0"),
        ("*", "0"),
        ("1+^*", "1"),
        ("{1|-1}+*", "±1"),
        ("{2|^||-1}", "{2|0||-1}"),
        ("{1|0}", "{1|0}"),
        ("{0||0|-1}", "0"),
        ("{3|{1|*}}", "{3||1|0}"),
    ] {
        let g = read(&mut s, game);
        let want = read(&mut s, reduced);
        let r = s.reduced(g);
        assert_eq!(r, want, "rcf({game}) is {}, not {reduced}", s.write(r, Format::Cgsuite));
    }
}

/// Random all-small game trees: every node has moves for both players or
/// for neither.
fn arb_small(depth: u32) -> BoxedStrategy<Rc<Raw>> {
    let leaf = Just(Rc::new(Raw { left: vec![], right: vec![] })).boxed();
    leaf.prop_recursive(depth, 30, 3, |inner| {
        (prop::collection::vec(inner.clone(), 1..3), prop::collection::vec(inner, 1..3))
            .prop_map(|(left, right)| Rc::new(Raw { left, right }))
    })
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Atomic weights add (Winning Ways, ch. 8), negate with the game, and
    /// keep the two-ahead rule: a weight of 2 or more wins for Left
    /// whoever starts, of 1 or more when Left starts.
    #[test]
    fn atomic_weights_add_and_obey_the_two_ahead_rule(a in arb_small(3), b in arb_small(3)) {
        let mut s = Store::new();
        let (ga, gb) = (value(&mut s, &a), value(&mut s, &b));
        prop_assert!(s.is_all_small(ga) && s.is_all_small(gb));
        let (wa, wb) = (s.atomic_weight(ga).unwrap(), s.atomic_weight(gb).unwrap());
        let sum = s.add(ga, gb);
        let ws = s.atomic_weight(sum).unwrap();
        let want = s.add(wa, wb);
        prop_assert_eq!(ws, want, "aw({} + {})", s.write(ga, Format::Cgsuite), s.write(gb, Format::Cgsuite));
        let n = s.neg(ga);
        let (wn, minus) = (s.atomic_weight(n).unwrap(), s.neg(wa));
        prop_assert_eq!(wn, minus);
        let zero = s.zero();
        let (two, one) = (s.integer(2), s.integer(1));
        if s.leq(two, wa) {
            prop_assert_eq!(s.compare(ga, zero), Relation::Greater, "{}", s.write(ga, Format::Cgsuite));
        }
        if s.leq(one, wa) {
            // Left moving first wins: not G ≤ 0
            prop_assert!(!s.leq(ga, zero), "{}", s.write(ga, Format::Cgsuite));
        }
    }
}

#[test]
fn known_atomic_weights() {
    let mut s = Store::new();
    for (game, weight) in [
        ("0", "0"),
        ("*", "0"),
        ("*5", "0"),
        ("^", "1"),
        ("^*", "1"),
        ("^^", "2"),
        ("^^^*", "3"),
        ("v", "-1"),
        ("{0|^}", "2"),
    ] {
        let g = read(&mut s, game);
        let want = read(&mut s, weight);
        let w = s.atomic_weight(g).unwrap_or_else(|| panic!("{game} is all-small"));
        assert_eq!(w, want, "aw({game}) is {}, not {weight}", s.write(w, Format::Cgsuite));
    }
    for game in ["1", "1/2", "{1|-1}", "1*"] {
        let g = read(&mut s, game);
        assert_eq!(s.atomic_weight(g), None, "{game} is not all-small");
    }
}

/// A watched store stops when its memory runs out or it is interrupted,
/// wherever that falls (in a sum, a comparison, a thermograph, a reduced
/// form, an atomic weight), without a panic or a hang; where it finishes,
/// its answers are an unwatched store's.
#[test]
fn a_watched_store_stops_cleanly_or_answers_alike() {
    use std::sync::atomic::AtomicBool;
    let (mut stopped, mut finished) = (0, 0);
    let answers = |s: &mut Store, text: &str| -> Vec<String> {
        let Ok(Parsed::Value(sum)) = cgt::parse(s, text) else { return vec!["no value".into()] };
        let th = s.thermograph(sum);
        let reduced = s.reduced(sum);
        let weight = s.atomic_weight(sum);
        let class = s.class(sum);
        vec![
            s.write(sum, Format::Braces),
            format!("{:?}", (th.temperature, th.mean)),
            s.write(reduced, Format::Braces),
            weight.map(|w| s.write(w, Format::Braces)).unwrap_or_default(),
            class.letter().to_string(),
        ]
    };
    let mut next = {
        let mut x = 0x9e3779b97f4a7c15u64;
        move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        }
    };
    for case in 0..300u64 {
        // sums of switches and infinitesimals: canonical forms that grow
        let terms: Vec<String> = (0..2 + next(5))
            .map(|_| match next(4) {
                0 => "^".to_string(),
                1 => format!("*{}", next(4)),
                _ => {
                    let c = next(9) as i64 - 4;
                    let (b, a) = (c + 1 + next(3) as i64, c + 2 + next(6) as i64);
                    format!("{{{a}|{{{b}|{c}}}}}")
                }
            })
            .collect();
        let text = terms.join(" + ");
        // all-small parts too, for atomic weights
        let text = if case % 2 == 0 { text } else { format!("{text} + {{0|{{0|*}}}} + {{0,*|0}}") };
        let want = answers(&mut Store::new(), &text);
        let interrupted = case % 3 == 0;
        let ctl = if interrupted {
            boyi::Control::default().with_cancel(std::sync::Arc::new(AtomicBool::new(true)))
        } else {
            boyi::Control::default().with_memory_limit(1024 * (1 + case % 48))
        };
        let mut watched = Store::watched(&ctl);
        let got = answers(&mut watched, &text);
        match watched.check() {
            Ok(()) => {
                finished += 1;
                assert_eq!(got, want, "case {case}: {text}");
            }
            Err(boyi::Error::Interrupted) if interrupted => stopped += 1,
            Err(boyi::Error::Memory { .. }) if !interrupted => stopped += 1,
            Err(e) => panic!("case {case}: {text}: {e}"),
        }
    }
    assert!(stopped > 30 && finished > 30, "{stopped} stopped, {finished} finished");
}
