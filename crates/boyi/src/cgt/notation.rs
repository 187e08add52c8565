//! Values written and read in CGSuite's notation (`±1`, `^`, `v*`, `*2`,
//! `1/2`, `{2|0||-1}`), and in plain nested braces (`{{2|0}|-1}`).

use super::dyadic::{Dyadic, MOST_EXP};
use super::store::{Id, Relation, Store};

/// How a value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// CGSuite's: numbers, nimbers, ups and switches by name, other forms
    /// with as many bars as they are deep (`{2|0||-1}`).
    Cgsuite,
    /// Nested braces only: `{L1,L2|R1}` with integers, fractions, `*n`,
    /// `^` and `v` as the only names.
    Braces,
}

impl Store {
    pub fn write(&mut self, g: Id, format: Format) -> String {
        match format {
            Format::Cgsuite => self.cgsuite(g, true).0,
            Format::Braces => self.braces(g),
        }
    }

    fn braces(&mut self, g: Id) -> String {
        if let Some(x) = self.as_number(g) {
            return x.to_string();
        }
        if let Some(n) = self.as_nimber(g) {
            return star(n);
        }
        if self.up(1) == g {
            return "^".into();
        }
        if self.up(-1) == g {
            return "v".into();
        }
        let left: Vec<String> = self.left(g).into_iter().map(|x| self.braces(x)).collect();
        let right: Vec<String> = self.right(g).into_iter().map(|x| self.braces(x)).collect();
        format!("{{{}|{}}}", left.join(","), right.join(","))
    }

    /// The value's name, or its form with bars, and how many bars deep
    /// the form is when written without its braces (0: a name).
    fn cgsuite(&mut self, g: Id, outer: bool) -> (String, usize) {
        // Switches are named at the top only: inside a form their bars
        // are part of the form's (`{2|0||-1}`).
        if let Some(name) = self.name(g).filter(|n| outer || !n.contains('±')) {
            return (name, 0);
        }
        let left = self.left(g);
        let right = self.right(g);
        let mut depth = 0;
        let mut side = |store: &mut Store, options: &[Id]| -> String {
            let alone = options.len() == 1;
            let parts: Vec<String> = options
                .iter()
                .map(|&x| {
                    let (text, d) = store.cgsuite(x, false);
                    if d == 0 {
                        text
                    } else if alone {
                        // a lone option goes without braces, its bars fewer
                        depth = depth.max(d);
                        text
                    } else {
                        format!("{{{text}}}")
                    }
                })
                .collect();
            parts.join(",")
        };
        let l = side(self, &left);
        let r = side(self, &right);
        let text = format!("{l}{}{r}", "|".repeat(depth + 1));
        if outer {
            (format!("{{{text}}}"), depth + 1)
        } else {
            (text, depth + 1)
        }
    }

    /// A name for the value, if it has a short one: x, *n, x + n·↑ + *m,
    /// x ± y.
    fn name(&mut self, g: Id) -> Option<String> {
        if let Some(x) = self.as_number(g) {
            return Some(x.to_string());
        }
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls == rs {
            let x = self.number(ls);
            let h = self.sub(g, x);
            for m in 0..8u32 {
                for n in (-4i32..=4).filter(|&n| n != 0 || m != 0) {
                    let (u, s) = (self.up(n), self.nimber(m));
                    if self.add(u, s) == h {
                        let mut name = if ls == Dyadic::ZERO { String::new() } else { ls.to_string() };
                        name += &if n > 0 { "^".repeat(n as usize) } else { "v".repeat(n.unsigned_abs() as usize) };
                        if m > 0 {
                            name += &star(m);
                        }
                        return Some(name);
                    }
                }
            }
        }
        // x ± y: {x + y | x - y} with both numbers.
        let (left, right) = (self.left(g), self.right(g));
        if let ([l], [r]) = (left.as_slice(), right.as_slice()) {
            if let (Some(a), Some(b)) = (self.as_number(*l), self.as_number(*r)) {
                if a > b {
                    let (centre, y) = ((a + b).half(), (a - b).half());
                    let centre = if centre == Dyadic::ZERO { String::new() } else { centre.to_string() };
                    return Some(format!("{centre}±{y}"));
                }
            }
        }
        None
    }
}

fn star(n: u32) -> String {
    if n == 1 {
        "*".into()
    } else {
        format!("*{n}")
    }
}

/// What a line of text says: a value, or a comparison of two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    Value(Id),
    Comparison { left: Id, op: String, right: Id, holds: bool, relation: Relation },
}

/// Reads a value (sums and differences of named values and forms), or a
/// comparison `A op B` with op one of `< > <= >= == = != <> <| |>`.
pub fn parse(store: &mut Store, text: &str) -> Result<Parsed, String> {
    let ops = ["<=", ">=", "==", "!=", "<>", "<|", "|>", "<", ">", "="];
    // A comparison sits outside every brace.
    let mut depth = 0i32;
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        match chars[i] {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ if depth == 0 => {
                // the operator's characters in place: no copy of the rest,
                // which made a long sum quadratic
                let at = |op: &&&str| op.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
                if let Some(op) = ops.iter().find(at) {
                    let left: String = chars[..i].iter().collect();
                    let right: String = chars[i + op.len()..].iter().collect();
                    let (a, b) = (value(store, &left)?, value(store, &right)?);
                    let relation = store.compare(a, b);
                    use Relation::*;
                    let holds = match *op {
                        "<" => relation == Less,
                        ">" => relation == Greater,
                        "<=" => matches!(relation, Less | Equal),
                        ">=" => matches!(relation, Greater | Equal),
                        "==" | "=" => relation == Equal,
                        "!=" => relation != Equal,
                        "<>" => relation == Confused,
                        "<|" => matches!(relation, Less | Confused),
                        _ => matches!(relation, Greater | Confused),
                    };
                    return Ok(Parsed::Comparison { left: a, op: op.to_string(), right: b, holds, relation });
                }
            }
            _ => {}
        }
    }
    value(store, text).map(Parsed::Value)
}

/// How deep braces and parentheses may nest: the parser recurses once a
/// level, and a thread's stack is finite.
pub const MAX_NESTING: usize = 200;

/// Reads one value.
pub fn value(store: &mut Store, text: &str) -> Result<Id, String> {
    let mut p = Parser { chars: text.chars().filter(|c| !c.is_whitespace()).collect(), at: 0, store };
    if p.chars.is_empty() {
        return Err("an empty value".into());
    }
    let (mut depth, mut deepest) = (0usize, 0usize);
    for &c in &p.chars {
        match c {
            '{' | '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            '}' | ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if deepest > MAX_NESTING {
        return Err(format!("braces nested {deepest} deep; boyi reads at most {MAX_NESTING}"));
    }
    let v = p.expr()?;
    if p.at < p.chars.len() {
        return Err(format!("`{}` is not understood", p.chars[p.at..].iter().collect::<String>()));
    }
    Ok(v)
}

struct Parser<'a> {
    chars: Vec<char>,
    at: usize,
    store: &'a mut Store,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expr(&mut self) -> Result<Id, String> {
        let mut v = self.term()?;
        loop {
            if self.eat('+') {
                if self.eat('-') {
                    // "+-x" is ±x
                    let t = self.atom()?;
                    let s = self.plus_minus(t);
                    v = self.store.add(v, s);
                    continue;
                }
                let t = self.term()?;
                v = self.store.add(v, t);
            } else if self.eat('-') {
                let t = self.term()?;
                v = self.store.sub(v, t);
            } else {
                return Ok(v);
            }
        }
    }

    /// A signed run of juxtaposed parts: `-1/2^*`, `2±1`, `^^*3`. The
    /// sign is the first part's, as written: `-1v` is -1 + v (how -1 + v
    /// is written), not -(1 + v).
    fn term(&mut self) -> Result<Id, String> {
        // a run of minus signs counted, not recursed into: `--------1`
        let mut negate = false;
        while self.eat('-') {
            negate = !negate;
        }
        self.run(negate)
    }

    fn run(&mut self, negate_first: bool) -> Result<Id, String> {
        if self.peek() == Some('+') && self.chars.get(self.at + 1) == Some(&'-') {
            self.at += 2;
            let t = self.atom()?;
            // ±x is its own negative
            return Ok(self.plus_minus(t));
        }
        let mut v = self.atom()?;
        if negate_first {
            v = self.store.neg(v);
        }
        // juxtaposition adds: 1* is 1 + *, 2±1 is 2 + ±1
        while let Some(c) = self.peek() {
            if matches!(c, '*' | '^' | 'v' | '↑' | '↓' | '⇑' | '⇓' | '{' | '(') || c.is_ascii_digit() {
                let t = self.atom()?;
                v = self.store.add(v, t);
            } else if c == '±' {
                self.at += 1;
                let t = self.atom()?;
                let s = self.plus_minus(t);
                v = self.store.add(v, s);
            } else {
                break;
            }
        }
        Ok(v)
    }

    fn plus_minus(&mut self, g: Id) -> Id {
        let n = self.store.neg(g);
        self.store.game(vec![g], vec![n])
    }

    fn atom(&mut self) -> Result<Id, String> {
        match self.peek() {
            None => Err("a value is missing at the end".into()),
            Some('±') => {
                self.at += 1;
                let t = self.atom()?;
                Ok(self.plus_minus(t))
            }
            Some('(') => {
                self.at += 1;
                let v = self.expr()?;
                if !self.eat(')') {
                    return Err("a `(` is not closed".into());
                }
                Ok(v)
            }
            Some('{') => self.braced(),
            Some('*') => {
                self.at += 1;
                let n = self.digits()?.unwrap_or(1);
                let n = u32::try_from(n).ok().filter(|&n| n <= 4096).ok_or("a nimber beyond *4096")?;
                Ok(self.store.nimber(n))
            }
            Some(c @ ('^' | 'v' | '↑' | '↓' | '⇑' | '⇓')) => {
                let mut n = 0i32;
                let sign = if matches!(c, '^' | '↑' | '⇑') { 1 } else { -1 };
                while let Some(c) = self.peek() {
                    let step = match c {
                        '^' | '↑' | 'v' | '↓' => 1,
                        '⇑' | '⇓' => 2,
                        _ => break,
                    };
                    if matches!(c, '^' | '↑' | '⇑') != (sign == 1) {
                        break;
                    }
                    n += step;
                    self.at += 1;
                }
                if let Some(k) = self.digits()? {
                    // ^3: three ups
                    n *= i32::try_from(k).ok().filter(|&k| k <= 64).ok_or("more than 64 ups")?;
                }
                Ok(self.store.up(sign * n))
            }
            Some(c) if c.is_ascii_digit() => {
                let whole = self.digits()?.expect("a digit is there");
                let mut x = Dyadic::integer(whole);
                if self.peek() == Some('/') {
                    self.at += 1;
                    let den = self.digits()?.ok_or("a fraction without its denominator")?;
                    if den <= 0 || den & (den - 1) != 0 || den.trailing_zeros() > MOST_EXP {
                        return Err(format!("{whole}/{den}: short games' numbers are fractions over powers of two"));
                    }
                    x = Dyadic::new(whole, den.trailing_zeros());
                } else if self.peek() == Some('.') {
                    return Err("write fractions as 3/4, not decimals".into());
                }
                Ok(self.store.number(x))
            }
            Some(c) => Err(format!("`{c}` is not understood")),
        }
    }

    fn digits(&mut self) -> Result<Option<i128>, String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return Ok(None);
        }
        let s: String = self.chars[start..self.at].iter().collect();
        s.parse::<i128>().ok().filter(|&n| n < 1 << 100).map(Some).ok_or_else(|| format!("{s} is too large"))
    }

    /// `{...}`: the contents split at their longest run of bars.
    fn braced(&mut self) -> Result<Id, String> {
        let start = self.at + 1;
        let mut depth = 0;
        let mut end = None;
        for i in self.at..self.chars.len() {
            match self.chars[i] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end.ok_or("a `{` is not closed")?;
        let inside: Vec<char> = self.chars[start..end].to_vec();
        self.at = end + 1;
        self.form(&inside)
    }

    fn form(&mut self, text: &[char]) -> Result<Id, String> {
        // runs of bars outside nested braces: (start, length)
        let mut runs = Vec::new();
        let mut depth = 0;
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                '|' if depth == 0 => {
                    let s = i;
                    while i < text.len() && text[i] == '|' {
                        i += 1;
                    }
                    runs.push((s, i - s));
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        let longest =
            runs.iter().map(|r| r.1).max().ok_or("a form `{...}` needs a bar between Left's and Right's options")?;
        let mut at_longest = runs.iter().filter(|r| r.1 == longest);
        let (s, n) = *at_longest.next().expect("the longest run is there");
        if at_longest.next().is_some() {
            return Err(format!("`{}` has two runs of {longest} bars", text.iter().collect::<String>()));
        }
        let left = self.options(&text[..s])?;
        let right = self.options(&text[s + n..])?;
        Ok(self.store.game(left, right))
    }

    /// Options separated by commas outside braces; one with bars of its
    /// own is a form written without its braces.
    fn options(&mut self, text: &[char]) -> Result<Vec<Id>, String> {
        let mut depth = 0;
        let bare_bar = text.iter().any(|&c| {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ => {}
            }
            c == '|' && depth == 0
        });
        if bare_bar {
            // a form without braces is its side's only option
            return Ok(vec![self.form(text)?]);
        }
        let mut parts = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        for (i, &c) in text.iter().enumerate() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&text[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&text[start..]);
        if parts.len() == 1 && parts[0].is_empty() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for part in parts {
            if part.is_empty() {
                return Err("an empty option between commas".into());
            }
            let mut p = Parser { chars: part.to_vec(), at: 0, store: &mut *self.store };
            let v = p.expr()?;
            if p.at < p.chars.len() {
                return Err(format!("`{}` is not understood", p.chars[p.at..].iter().collect::<String>()));
            }
            out.push(v);
        }
        Ok(out)
    }
}
