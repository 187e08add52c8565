//! An automatic rule's P-set in words a contestant can check by eye: the
//! digit strings its automaton accepts as a regular expression, made by
//! eliminating the automaton's states one at a time (Brzozowski and
//! McCluskey's method), the state that adds least to the expression first.
//! Numbers with an even count of ones come out `(0|10*1)*`; Moore's Nim_2
//! on three piles `(⟨000⟩|⟨111⟩)*`, a letter `⟨abc⟩` being one digit of
//! each coordinate. An expression too long to read is not given: the rule
//! then says only how many states its automaton has.

use super::automatic::Automaton;

/// Longest expression worth printing, in characters.
const LONGEST: usize = 72;
/// States beyond which elimination is not tried (expressions grow
/// exponentially with them; none that long would be printed).
const MOST_STATES: usize = 16;

#[derive(Clone, Copy)]
enum Side {
    First,
    Last,
}

/// A regular expression over letters, kept in a normal form by its
/// constructors so equal pieces compare equal and print short.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Re {
    /// Matches nothing.
    Nothing,
    /// Matches the empty string.
    Empty,
    /// One letter of a set (bit l for letter l).
    Letters(u64),
    Cat(Vec<Re>),
    /// Two or more choices, sorted, none of them `Nothing`.
    Alt(Vec<Re>),
    Star(Box<Re>),
}

impl Re {
    fn nullable(&self) -> bool {
        match self {
            Re::Nothing | Re::Letters(_) => false,
            Re::Empty | Re::Star(_) => true,
            Re::Cat(v) => v.iter().all(Re::nullable),
            Re::Alt(v) => v.iter().any(Re::nullable),
        }
    }

    fn alt(a: Re, b: Re) -> Re {
        let mut choices = Vec::new();
        let mut letters = 0u64;
        for r in [a, b] {
            match r {
                Re::Nothing => {}
                Re::Alt(v) => choices.extend(v),
                r => choices.push(r),
            }
        }
        choices.retain(|r| match r {
            Re::Letters(l) => {
                letters |= l;
                false
            }
            _ => true,
        });
        if letters != 0 {
            choices.push(Re::Letters(letters));
        }
        if choices.iter().any(|r| *r != Re::Empty && r.nullable()) {
            choices.retain(|r| *r != Re::Empty);
        }
        choices.sort();
        choices.dedup();
        // xy|xz is x(y|z), and yx|zx is (y|z)x
        for end in [Side::First, Side::Last] {
            for i in 0..choices.len() {
                for j in i + 1..choices.len() {
                    let (x, y) = (choices[i].split(end), choices[j].split(end));
                    if x.0 == y.0 && x.0 != Re::Empty {
                        let rest = Re::alt(x.1, y.1);
                        let merged = match end {
                            Side::First => Re::cat(x.0, rest),
                            Side::Last => Re::cat(rest, x.0),
                        };
                        choices.remove(j);
                        choices.remove(i);
                        return choices.into_iter().fold(merged, Re::alt);
                    }
                }
            }
        }
        match choices.len() {
            0 => Re::Nothing,
            1 => choices.pop().unwrap(),
            _ => Re::Alt(choices),
        }
    }

    /// The factor at one end and the rest.
    fn split(&self, end: Side) -> (Re, Re) {
        match (self, end) {
            (Re::Cat(v), Side::First) => (v[0].clone(), v[1..].iter().cloned().fold(Re::Empty, Re::cat)),
            (Re::Cat(v), Side::Last) => {
                (v[v.len() - 1].clone(), v[..v.len() - 1].iter().cloned().fold(Re::Empty, Re::cat))
            }
            (r, _) => (r.clone(), Re::Empty),
        }
    }

    fn cat(a: Re, b: Re) -> Re {
        let mut parts: Vec<Re> = Vec::new();
        for r in [a, b] {
            match r {
                Re::Nothing => return Re::Nothing,
                Re::Empty => {}
                Re::Cat(v) => parts.extend(v),
                r => parts.push(r),
            }
        }
        // x*x* is x*
        parts.dedup_by(|b, a| matches!(a, Re::Star(_)) && a == b);
        match parts.len() {
            0 => Re::Empty,
            1 => parts.pop().unwrap(),
            _ => Re::Cat(parts),
        }
    }

    fn star(r: Re) -> Re {
        match r {
            Re::Nothing | Re::Empty => Re::Empty,
            Re::Star(_) => r,
            // (x|y*)* and (x|ε)* are (x|y)* and x*
            Re::Alt(v) => {
                let inner = v
                    .into_iter()
                    .filter(|c| *c != Re::Empty)
                    .map(|c| match c {
                        Re::Star(x) => *x,
                        c => c,
                    })
                    .fold(Re::Nothing, Re::alt);
                match inner {
                    Re::Nothing | Re::Empty => Re::Empty,
                    Re::Star(_) => inner,
                    inner => Re::Star(Box::new(inner)),
                }
            }
            r => Re::Star(Box::new(r)),
        }
    }

    /// The expression in text; `letter` writes one letter.
    fn write(&self, letter: &dyn Fn(u32) -> String, out: &mut String) {
        match self {
            Re::Nothing => out.push('∅'),
            Re::Empty => out.push('ε'),
            Re::Letters(set) => {
                let ls: Vec<u32> = (0..64).filter(|l| set >> l & 1 == 1).collect();
                if ls.len() == 1 {
                    out.push_str(&letter(ls[0]));
                } else if ls.iter().all(|&l| letter(l).chars().count() == 1) {
                    out.push('[');
                    ls.iter().for_each(|&l| out.push_str(&letter(l)));
                    out.push(']');
                } else {
                    out.push('(');
                    let all: Vec<String> = ls.iter().map(|&l| letter(l)).collect();
                    out.push_str(&all.join("|"));
                    out.push(')');
                }
            }
            Re::Cat(v) => {
                let mut i = 0;
                while i < v.len() {
                    // xx* is written x+
                    let plus = matches!(v.get(i + 1), Some(Re::Star(x)) if **x == v[i]);
                    if plus {
                        Re::Star(Box::new(v[i].clone())).write(letter, out);
                        out.pop();
                        out.push('+');
                        i += 2;
                        continue;
                    }
                    // (an optional choice brackets itself)
                    let group = matches!(&v[i], Re::Alt(c) if !c.contains(&Re::Empty));
                    if group {
                        out.push('(');
                    }
                    v[i].write(letter, out);
                    if group {
                        out.push(')');
                    }
                    i += 1;
                }
            }
            Re::Alt(v) => {
                // ε among the choices is written as a trailing `?`
                let rest: Vec<&Re> = v.iter().filter(|r| **r != Re::Empty).collect();
                let optional = rest.len() < v.len();
                if optional && rest.len() == 1 && rest[0].atomic() {
                    rest[0].write(letter, out);
                } else {
                    if optional {
                        out.push('(');
                    }
                    for (i, r) in rest.iter().enumerate() {
                        if i > 0 {
                            out.push('|');
                        }
                        r.write(letter, out);
                    }
                    if optional {
                        out.push(')');
                    }
                }
                if optional {
                    out.push('?');
                }
            }
            Re::Star(r) => {
                let group = !r.atomic();
                if group {
                    out.push('(');
                }
                r.write(letter, out);
                if group {
                    out.push(')');
                }
                out.push('*');
            }
        }
    }

    /// Whether a `*` or `?` may follow it unbracketed.
    fn atomic(&self) -> bool {
        matches!(self, Re::Letters(_) | Re::Empty | Re::Nothing)
    }

    fn text(&self, letter: &dyn Fn(u32) -> String) -> String {
        let mut s = String::new();
        match self {
            // at the top an alternative needs no brackets
            Re::Alt(v) if !v.contains(&Re::Empty) => {
                let all: Vec<String> = v
                    .iter()
                    .map(|r| {
                        let mut t = String::new();
                        r.write(letter, &mut t);
                        t
                    })
                    .collect();
                s = all.join("|");
            }
            r => r.write(letter, &mut s),
        }
        s
    }

    fn size(&self) -> usize {
        match self {
            Re::Nothing | Re::Empty | Re::Letters(_) => 1,
            Re::Cat(v) | Re::Alt(v) => v.iter().map(Re::size).sum::<usize>() + 1,
            Re::Star(r) => r.size() + 1,
        }
    }
}

/// The strings `a` reads to a state whose output is `accepted`, as a
/// regular expression with letters written by `letter`, if one of at most
/// [`LONGEST`] characters is found.
pub fn accepted(a: &Automaton, accepted: u64, letter: &dyn Fn(u32) -> String) -> Option<String> {
    let n = a.states();
    // only states from which an accepted one can be reached matter
    let mut live: Vec<bool> = a.output.iter().map(|&o| o == accepted).collect();
    loop {
        let mut grew = false;
        for s in 0..n {
            if !live[s] && a.next[s].iter().any(|&t| t != u32::MAX && live[t as usize]) {
                live[s] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if !live[0] {
        // nothing is accepted: the rule says so in other words
        return None;
    }
    let kept: Vec<usize> = (0..n).filter(|&s| live[s]).collect();
    if kept.len() > MOST_STATES {
        return None;
    }
    // a generalised automaton: kept states, then a start and an end
    let m = kept.len();
    let (start, end) = (m, m + 1);
    let mut edge = vec![vec![Re::Nothing; m + 2]; m + 2];
    for (i, &s) in kept.iter().enumerate() {
        for (l, &t) in a.next[s].iter().enumerate() {
            if let Some(j) = kept.iter().position(|&k| k as u32 == t) {
                edge[i][j] = Re::alt(edge[i][j].clone(), Re::Letters(1 << l));
            }
        }
        if a.output[s] == accepted {
            edge[i][end] = Re::Empty;
        }
    }
    edge[start][kept.iter().position(|&s| s == 0).unwrap()] = Re::Empty;
    let mut left: Vec<usize> = (0..m).collect();
    while !left.is_empty() {
        // the state whose elimination leaves the smallest expressions
        let through = |k: usize, edge: &Vec<Vec<Re>>| -> Vec<(usize, usize, Re)> {
            let around = Re::star(edge[k][k].clone());
            let mut out = Vec::new();
            for i in left.iter().copied().chain([start]).filter(|&i| i != k) {
                if edge[i][k] == Re::Nothing {
                    continue;
                }
                for j in left.iter().copied().chain([end]).filter(|&j| j != k) {
                    if edge[k][j] == Re::Nothing {
                        continue;
                    }
                    let path = Re::cat(Re::cat(edge[i][k].clone(), around.clone()), edge[k][j].clone());
                    out.push((i, j, Re::alt(edge[i][j].clone(), path)));
                }
            }
            out
        };
        let (at, k, changes) = left
            .iter()
            .enumerate()
            .map(|(at, &k)| {
                let changes = through(k, &edge);
                (at, k, changes)
            })
            .min_by_key(|(_, _, c)| c.iter().map(|(_, _, r)| r.size()).sum::<usize>())
            .unwrap();
        for (i, j, r) in changes {
            edge[i][j] = r;
        }
        for row in edge.iter_mut() {
            row[k] = Re::Nothing;
        }
        edge[k] = vec![Re::Nothing; m + 2];
        left.remove(at);
    }
    let text = edge[start][end].text(letter);
    (text.chars().count() <= LONGEST).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::super::automatic::Numeration;
    use super::*;

    fn binary(next: Vec<Vec<u32>>, output: Vec<u64>) -> Automaton {
        Automaton { numeration: Numeration::Base(2), dims: 1, next, output }
    }

    fn digit(l: u32) -> String {
        l.to_string()
    }

    /// Whether `re`, a printed expression over one-character letters, `?`,
    /// `*`, `+`, `|`, brackets and classes, matches `s` (a plain backtracking
    /// reading, independent of the elimination).
    fn matches(re: &str, s: &str) -> bool {
        fn alt(re: &[char], s: &[char]) -> Vec<usize> {
            // split on top-level '|'
            let mut depth = 0;
            let mut parts = vec![];
            let mut from = 0;
            for (i, &c) in re.iter().enumerate() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '|' if depth == 0 => {
                        parts.push(&re[from..i]);
                        from = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&re[from..]);
            let mut ends: Vec<usize> = parts.into_iter().flat_map(|p| seq(p, s, 0)).collect();
            ends.sort();
            ends.dedup();
            ends
        }
        // every end position after matching `re` against s from `at`
        fn seq(re: &[char], s: &[char], at: usize) -> Vec<usize> {
            if re.is_empty() {
                return vec![at];
            }
            // one atom and its length in re
            let len = match re[0] {
                '(' | '[' => {
                    let mut depth = 0;
                    re.iter()
                        .position(|&c| {
                            if c == '(' || c == '[' {
                                depth += 1;
                            } else if c == ')' || c == ']' {
                                depth -= 1;
                            }
                            depth == 0
                        })
                        .unwrap()
                        + 1
                }
                _ => 1,
            };
            let atom = &re[..len];
            let one = |from: usize| -> Vec<usize> {
                match atom[0] {
                    '(' => alt(&atom[1..len - 1], &s[from..]).into_iter().map(|e| e + from).collect(),
                    '[' => (from < s.len() && atom[1..len - 1].contains(&s[from]))
                        .then_some(from + 1)
                        .into_iter()
                        .collect(),
                    'ε' => vec![from],
                    c => (from < s.len() && s[from] == c).then_some(from + 1).into_iter().collect(),
                }
            };
            let rest = &re[len..];
            let (reach, rest): (Vec<usize>, &[char]) = match rest.first() {
                // the ends after zero (`*`) or one (`+`) atoms, then any more
                Some(&op @ ('*' | '+')) => {
                    let mut reach = if op == '*' { vec![at] } else { one(at) };
                    let mut i = 0;
                    while i < reach.len() {
                        for e in one(reach[i]) {
                            if !reach.contains(&e) {
                                reach.push(e);
                            }
                        }
                        i += 1;
                    }
                    (reach, &rest[1..])
                }
                Some('?') => {
                    let mut r = one(at);
                    r.push(at);
                    (r, &rest[1..])
                }
                _ => (one(at), rest),
            };
            let mut ends: Vec<usize> = reach.into_iter().flat_map(|e| seq(rest, s, e)).collect();
            ends.sort();
            ends.dedup();
            ends
        }
        let re: Vec<char> = re.chars().collect();
        let s: Vec<char> = s.chars().collect();
        alt(&re, &s).contains(&s.len())
    }

    #[test]
    fn evil_numbers_and_powers_of_two() {
        // even count of ones: state 0 even, state 1 odd
        let evil = binary(vec![vec![0, 1], vec![1, 0]], vec![0, 1]);
        assert_eq!(accepted(&evil, 0, &digit).as_deref(), Some("(0|10*1)*"));
        // powers of two and zero: no one seen, one seen, more than one
        let powers = binary(vec![vec![0, 1], vec![1, 2], vec![2, 2]], vec![0, 0, 1]);
        assert_eq!(accepted(&powers, 0, &digit).as_deref(), Some("0*(10*)?"));
    }

    /// Random automata in base 2: the expression, where one is given,
    /// accepts exactly the strings the automaton does (every string of up
    /// to 10 digits).
    #[test]
    fn expressions_accept_what_the_automaton_does() {
        let mut seed = 0x9e3779b97f4a7c15u64;
        let mut random = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut given = 0;
        for _ in 0..300 {
            let n = 1 + random(5) as usize;
            let next = (0..n)
                .map(|_| (0..2).map(|_| if random(8) == 0 { u32::MAX } else { random(n as u64) as u32 }).collect())
                .collect();
            let output = (0..n).map(|_| random(2)).collect();
            let a = binary(next, output);
            let Some(re) = accepted(&a, 0, &digit) else { continue };
            given += 1;
            for len in 0..=10 {
                for x in 0..1u32 << len {
                    let s: String = (0..len).rev().map(|k| if x >> k & 1 == 1 { '1' } else { '0' }).collect();
                    let mut state = 0u32;
                    for c in s.chars() {
                        state = if state == u32::MAX { state } else { a.next[state as usize][(c == '1') as usize] };
                    }
                    let took = state != u32::MAX && a.output[state as usize] == 0;
                    assert_eq!(matches(&re, &s), took, "{a:?}: {re} on {s:?}");
                }
            }
        }
        assert!(given > 150, "only {given} expressions short enough");
    }
}
