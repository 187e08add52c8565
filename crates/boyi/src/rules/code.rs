//! A rule said three ways: in words, as a self-contained Python function
//! (exact integer arithmetic: Python's integers and `math.isqrt`), and as
//! the same function in C++ (64-bit coordinates; `__int128` where a
//! product needs it). Each computes what `Rule::predict` computes: for
//! outcomes `'P'` or `'N'` (P: the player to move loses), else the nimber.

use super::automatic::{Automaton, Numeration};
use super::beatty::{Beatty, Quadratic, Second};
use super::grid::Grid;
use super::linear::Linear;
use super::periodic::Periodic;
use super::ratio::{Ratio, Slope};
use super::{Form, Rule, Values};

/// The coordinates' names.
pub fn names(dims: usize) -> Vec<String> {
    match dims {
        1 => vec!["n".into()],
        2 => vec!["x".into(), "y".into()],
        3 => vec!["x".into(), "y".into(), "z".into()],
        d => (1..=d).map(|i| format!("x{i}")).collect(),
    }
}

pub fn tuple(pos: &[u64]) -> String {
    match pos {
        [n] => n.to_string(),
        _ => format!("({})", pos.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")),
    }
}

fn list(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// A periodic sequence of `n` in words: `n`, `n mod 4`, `⌊n/3⌋ + 1`, or
/// its period spelled out.
fn sequence(p: &Periodic, n: &str) -> String {
    let cycle = p.cycle();
    let period = p.period;
    let counting = cycle.iter().enumerate().all(|(i, &v)| v == i as u64);
    let constant = cycle.iter().all(|&v| v == cycle[0]);
    let plain = match (p.saltus, p.preperiod) {
        (s, 0) if s == period && counting => Some(n.to_string()),
        (0, 0) if counting && period > 1 => Some(format!("{n} mod {period}")),
        (1, 0) if constant && period > 1 => Some(if cycle[0] == 0 {
            format!("⌊{n}/{period}⌋")
        } else {
            format!("⌊{n}/{period}⌋ + {}", cycle[0])
        }),
        (0, _) if constant => Some(format!("{}", cycle[0])),
        _ => None,
    };
    let from = if p.preperiod > 0 { format!(" from {n} = {}", p.preperiod) } else { String::new() };
    match plain {
        Some(text) if p.preperiod == 0 => text,
        Some(text) => format!("{text}{from}"),
        None if p.saltus == 0 => format!("period {period}{from}: {}", list(cycle)),
        None => format!(
            "period {period} with saltus {}{from}: {}, then each period {} more",
            p.saltus,
            list(cycle),
            p.saltus
        ),
    }
}

fn quadratic(q: &Quadratic) -> String {
    if (q.p, q.s, q.n, q.r) == (1, 1, 5, 2) {
        return "φ = (1 + √5)/2".to_string();
    }
    // √n = k√m, m square-free, then the common factor of p, k and r out:
    // a-Wythoff's α for a = 2 reads √2, not (√8)/2
    let (mut k, mut m) = (1u128, q.n);
    let mut f = 2u128;
    while f * f <= m && f < 1 << 16 {
        while m % (f * f) == 0 {
            m /= f * f;
            k *= f;
        }
        f += 1;
    }
    let gcd = |mut a: i128, mut b: i128| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a.abs()
    };
    let g = gcd(gcd(q.p, k as i128), q.r).max(1);
    let (p, k, r) = (q.p / g, k as i128 / g, q.r / g);
    let root = if k == 1 { format!("√{m}") } else { format!("{k}√{m}") };
    let sign = if q.s > 0 { "+" } else { "−" };
    let top = match p {
        0 => format!("{}{root}", if q.s > 0 { "" } else { "−" }),
        p if p < 0 => format!("−{} {sign} {root}", -p),
        p => format!("{p} {sign} {root}"),
    };
    if r == 1 {
        top
    } else {
        format!("({top})/{r}")
    }
}

fn linear_words(l: &Linear, names: &[String]) -> String {
    let sum = |c: &[i64]| {
        let mut s = String::new();
        for (c, x) in c.iter().zip(names) {
            if *c == 0 {
                continue;
            }
            let term = match c.abs() {
                1 => x.clone(),
                a => format!("{a}{x}"),
            };
            if s.is_empty() {
                s = if *c < 0 { format!("−{term}") } else { term };
            } else {
                s += &format!(" {} {term}", if *c < 0 { "−" } else { "+" });
            }
        }
        s
    };
    match l {
        // x − y = 0 reads better as x = y
        Linear::Equal { coefficients, r: 0 } if coefficients.iter().filter(|&&c| c != 0).count() == 2 => {
            let pos: Vec<i64> = coefficients.iter().map(|&c| c.max(0)).collect();
            let neg: Vec<i64> = coefficients.iter().map(|&c| (-c).max(0)).collect();
            format!("{} = {}", sum(&pos), sum(&neg))
        }
        Linear::Equal { coefficients, r } => format!("{} = {r}", sum(coefficients)),
        Linear::Congruent { coefficients, r, m } => format!("{} ≡ {r} (mod {m})", sum(coefficients)),
        Linear::Residues { moduli, residues } => {
            let at: Vec<String> = names.iter().zip(moduli).map(|(x, m)| format!("{x} mod {m}")).collect();
            let shown: Vec<String> = residues.iter().map(|r| tuple(r)).collect();
            format!("({}) is one of {}", at.join(", "), shown.join(", "))
        }
    }
}

/// The rule's form in words.
pub fn words(form: &Form, values: Values, dims: usize) -> String {
    let names = names(dims);
    match (form, values) {
        (Form::Periodic(p), Values::Nimber) => format!("G(n) = {}", sequence(p, "n")),
        (Form::Periodic(p), Values::Outcome) => {
            let zero: Vec<u64> =
                p.cycle().iter().enumerate().filter(|&(_, &v)| v == 0).map(|(i, _)| i as u64).collect();
            let shift = p.preperiod % p.period;
            let mut residues: Vec<u64> = zero.iter().map(|&i| (i + shift) % p.period).collect();
            residues.sort();
            if zero.is_empty() {
                "no P-positions: every position is won by the player to move".to_string()
            } else if p.period == 1 {
                "every position is a P-position".to_string()
            } else {
                format!("P-positions: n ≡ {} (mod {})", list(&residues), p.period)
            }
        }
        (Form::Xor(parts), values) => {
            let terms: Vec<String> = parts
                .iter()
                .zip(&names)
                .map(|(p, x)| {
                    let s = sequence(p, x);
                    if s == *x || s == "0" {
                        s
                    } else {
                        format!("({s})")
                    }
                })
                .collect();
            let nim = terms.iter().zip(&names).all(|(t, x)| t == x);
            // a coordinate whose every value is 0 (staircase Nim's even steps) is no term of the sum
            let mut terms: Vec<String> = terms.into_iter().filter(|t| t != "0").collect();
            if terms.is_empty() {
                terms.push("0".to_string());
            }
            match values {
                Values::Nimber => format!("G({}) = {}", names.join(", "), terms.join(" XOR ")),
                Values::Outcome if nim && dims == 2 => {
                    "P-positions: x = y (the XOR of the coordinates is 0)".to_string()
                }
                Values::Outcome => format!("P-positions: {} = 0", terms.join(" XOR ")),
            }
        }
        (Form::Beatty(b), _) => {
            let a = format!(
                "⌊k{}⌋",
                if (b.alpha.p, b.alpha.s, b.alpha.n, b.alpha.r) == (1, 1, 5, 2) {
                    "φ".to_string()
                } else {
                    "α".to_string()
                }
            );
            let second = match b.second {
                Second::Shifted(1) => format!("{a} + k"),
                Second::Shifted(c) => format!("{a} + {c}k"),
                Second::Beatty(_) => "⌊kβ⌋".to_string(),
            };
            let mut s = format!("P-positions: ({a}, {second}) and their mirror, k ≥ 0");
            if !a.contains('φ') {
                s += &format!(", α = {}", quadratic(&b.alpha));
            } else {
                s += ", φ = (1 + √5)/2";
            }
            if let Second::Beatty(beta) = b.second {
                s += &format!(", β = {} (1/α + 1/β = 1)", quadratic(&beta));
            }
            s
        }
        (Form::Linear(l), _) => format!("P-positions: {}", linear_words(l, &names)),
        (Form::Automatic(a), values) => automatic_words(a, values, &names),
        (Form::Grid(g), values) => grid_words(g, values, &names),
        (Form::Ratio(r), _) => ratio_words(r),
    }
}

/// `slope · x` in words: `2x`, `x/3`, `φx`, `x/φ`, `x·(1 + √2)`.
fn times_x(s: &Slope) -> String {
    match *s {
        Slope::Rational { a: 1, b: 1 } => "x".to_string(),
        Slope::Rational { a, b: 1 } => format!("{a}x"),
        Slope::Rational { a: 1, b } => format!("x/{b}"),
        Slope::Rational { a, b } => format!("{a}x/{b}"),
        Slope::Irrational(q) if (q.p, q.n, q.r) == (1, 5, 2) => "φx".to_string(),
        Slope::Irrational(q) if (q.p, q.n, q.r) == (-1, 5, 2) => "x/φ".to_string(),
        Slope::Irrational(q) => format!("x·{}", quadratic(&q)),
    }
}

/// The P-positions of sectors: the axes, then each run of P sectors and
/// lines between two bounds.
fn ratio_words(r: &Ratio) -> String {
    let mut parts = Vec::new();
    match (r.origin, r.x_axis, r.y_axis) {
        (true, true, true) => parts.push("x = 0 or y = 0".to_string()),
        (o, xa, ya) => {
            if o {
                parts.push("(0, 0)".to_string());
            }
            if xa {
                parts.push("y = 0 < x".to_string());
            }
            if ya {
                parts.push("x = 0 < y".to_string());
            }
        }
    }
    // regions by angle: sector 0, line 0, sector 1, ..., sector m; an
    // irrational line has no points and joins the sectors beside it
    let m = r.slopes.len();
    let mut runs = 0;
    let mut i = 0;
    while i <= 2 * m {
        let p = |k: usize| {
            if k.is_multiple_of(2) {
                Some(r.sectors[k / 2])
            } else {
                match r.slopes[k / 2] {
                    Slope::Irrational(_) => None,
                    Slope::Rational { .. } => Some(r.lines[k / 2]),
                }
            }
        };
        if p(i) != Some(true) {
            i += 1;
            continue;
        }
        // the last P region before the next N one
        let mut j = i;
        let mut k = i + 1;
        while k <= 2 * m && p(k) != Some(false) {
            if p(k) == Some(true) {
                j = k;
            }
            k += 1;
        }
        let text = if i == j && i % 2 == 1 {
            format!("y = {}", times_x(&r.slopes[i / 2]))
        } else {
            let low = (i > 0).then(|| {
                let s = &r.slopes[(i - 1) / 2];
                format!("{} {} ", times_x(s), if i % 2 == 1 { "≤" } else { "<" })
            });
            let high = (j < 2 * m).then(|| {
                let s = &r.slopes[j / 2];
                format!(" {} {}", if j % 2 == 1 { "≤" } else { "<" }, times_x(s))
            });
            format!("{}y{}", low.unwrap_or_default(), high.unwrap_or_default())
        };
        parts.push(if i == 0 && j == 2 * m { "every position".to_string() } else { text });
        runs += 1;
        i = j + 1;
    }
    // the axes' part first, then the sectors' (x, y ≥ 1)
    let axes = parts.len() - runs;
    if parts.is_empty() {
        return "no P-positions".to_string();
    }
    let mut s = format!("P-positions: {}", parts[..axes].join(", "));
    if runs > 0 {
        s += &format!("{}for x, y ≥ 1: {}", if axes > 0 { "; and " } else { "" }, parts[axes..].join(" or "));
    }
    if r.slopes.iter().any(|s| matches!(s, Slope::Irrational(q) if q.n == 5 && q.r == 2 && q.p.abs() == 1)) {
        s += " (φ = (1 + √5)/2)";
    }
    s
}

/// The Python lines deciding P by sectors.
fn py_ratio(r: &Ratio) -> String {
    let slopes: Vec<String> = r
        .slopes
        .iter()
        .map(|s| match *s {
            Slope::Rational { a, b } => format!("({a}, 0, {b})"),
            Slope::Irrational(q) => format!("({}, {}, {})", q.p, q.n, q.r),
        })
        .collect();
    let py_bools = |v: &[bool]| v.iter().map(|&b| if b { "True" } else { "False" }).collect::<Vec<_>>().join(", ");
    let pn = |b: bool| if b { "'P'" } else { "'N'" };
    let lines = [
        "# y against x·(p + √n)/r, n = 0 for the fraction p/r".to_string(),
        format!("slopes = [{}]", slopes.join(", ")),
        format!("sectors = [{}]", py_bools(&r.sectors)),
        format!("lines = [{}]", py_bools(&r.lines)),
        "if x == 0 and y == 0:".to_string(),
        format!("    return {}", pn(r.origin)),
        "if y == 0:".to_string(),
        format!("    return {}", pn(r.x_axis)),
        "if x == 0:".to_string(),
        format!("    return {}", pn(r.y_axis)),
        "for i, (p, n, r) in enumerate(slopes):".to_string(),
        "    d = r * y - p * x".to_string(),
        "    c = (d > 0) - (d < 0) if n == 0 else (-1 if d < 0 or d * d < n * x * x else 1)".to_string(),
        "    if c < 0:".to_string(),
        "        return 'P' if sectors[i] else 'N'".to_string(),
        "    if c == 0:".to_string(),
        "        return 'P' if lines[i] else 'N'".to_string(),
        "return 'P' if sectors[-1] else 'N'".to_string(),
    ];
    lines.iter().map(|l| format!("    {l}\n")).collect()
}

/// The C++ lines deciding P by sectors (exact for coordinates up to 10^18).
fn cpp_ratio(r: &Ratio) -> String {
    let m = r.slopes.len();
    let slopes: Vec<String> = r
        .slopes
        .iter()
        .map(|s| match *s {
            Slope::Rational { a, b } => format!("{{{a}, 0, {b}}}"),
            Slope::Irrational(q) => format!("{{{}, {}, {}}}", q.p, q.n, q.r),
        })
        .collect();
    let bools = |v: &[bool]| v.iter().map(|&b| if b { "true" } else { "false" }).collect::<Vec<_>>().join(", ");
    let pn = |b: bool| if b { "'P'" } else { "'N'" };
    let lines = [
        "// y against x*(p + sqrt(n))/r; n = 0 for the fraction p/r".to_string(),
        "struct Slope { long long p; unsigned long long n; long long r; };".to_string(),
        format!("static const Slope slopes[{m}] = {{{}}};", slopes.join(", ")),
        format!(
            "static const bool sectors[{}] = {{{}}}, lines[{m}] = {{{}}};",
            m + 1,
            bools(&r.sectors),
            bools(&r.lines)
        ),
        format!("if (x == 0 && y == 0) return {};", pn(r.origin)),
        format!("if (y == 0) return {};", pn(r.x_axis)),
        format!("if (x == 0) return {};", pn(r.y_axis)),
        format!("for (int i = 0; i < {m}; ++i) {{"),
        "    __int128 d = (__int128)slopes[i].r * y - (__int128)slopes[i].p * x;".to_string(),
        "    int c;".to_string(),
        "    if (slopes[i].n == 0) c = (d > 0) - (d < 0);".to_string(),
        "    else if (d < 0) c = -1;".to_string(),
        // √n < 15 for n ≤ 200: past 15x, d is above; below it d² fits 128 bits
        "    else if (d >= (__int128)15 * x) c = 1;".to_string(),
        "    else c = (unsigned __int128)d * (unsigned __int128)d < (unsigned __int128)slopes[i].n * x * x ? -1 : 1;"
            .to_string(),
        "    if (c < 0) return sectors[i] ? 'P' : 'N';".to_string(),
        "    if (c == 0) return lines[i] ? 'P' : 'N';".to_string(),
        "}".to_string(),
        format!("return sectors[{m}] ? 'P' : 'N';"),
    ];
    lines.iter().map(|l| format!("    {l}\n")).collect()
}

/// A block repeated along each axis: how each coordinate is brought into
/// it, and the block (or its P-positions) where it is small enough to read.
fn grid_words(g: &Grid, values: Values, names: &[String]) -> String {
    let reduced: Vec<String> = names.iter().map(|x| format!("{x}'")).collect();
    let axes: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(a, x)| {
            let (start, period) = (g.preperiods[a], g.periods[a]);
            let back = if start == 0 {
                format!("{x}' = {x} mod {period}")
            } else {
                format!("{x}' = {x} below {}, else {start} + ({x} − {start}) mod {period}", start + period)
            };
            match g.saltus[a] {
                0 => back,
                s => format!("{back} (each {period} further along {x} adds {s})"),
            }
        })
        .collect();
    let extents = g.extents();
    let at = |mut i: usize| {
        let mut pos = vec![0u64; extents.len()];
        for d in (0..extents.len()).rev() {
            pos[d] = i as u64 % extents[d];
            i /= extents[d] as usize;
        }
        pos
    };
    let block = match values {
        Values::Nimber if g.block.len() <= 64 && extents.len() == 2 => {
            let rows: Vec<String> = g.block.chunks(extents[1] as usize).map(|row| format!("[{}]", list(row))).collect();
            format!("T = [{}]", rows.join(", "))
        }
        Values::Nimber => {
            format!("T the {} block in the code", extents.iter().map(u64::to_string).collect::<Vec<_>>().join("×"))
        }
        Values::Outcome => {
            let p: Vec<String> = (0..g.block.len()).filter(|&i| g.block[i] == 0).map(|i| tuple(&at(i))).collect();
            if p.len() <= 24 {
                format!("T's P-positions {}", if p.is_empty() { "none".to_string() } else { p.join(", ") })
            } else {
                format!("{} of T's {} positions P (T in the code)", p.len(), g.block.len())
            }
        }
    };
    let lead = match values {
        Values::Nimber => format!("G({}) = T[{}]", names.join(", "), reduced.join("][")),
        Values::Outcome => format!("P-positions: where T[{}] is P", reduced.join("][")),
    };
    format!("{lead}, periodic along each axis: {}; {block}", axes.join(", "))
}

/// The Python lines computing `v`, a grid's value at the coordinates.
fn py_grid(g: &Grid, names: &[String]) -> String {
    let lines = [
        format!("block = [{}]", list(&g.block)),
        format!("starts, periods, saltus = [{}], [{}], [{}]", list(&g.preperiods), list(&g.periods), list(&g.saltus)),
        "index, v = 0, 0".to_string(),
        format!("for c, a, p, s in zip(({},), starts, periods, saltus):", names.join(", ")),
        "    k = 0".to_string(),
        "    if c >= a + p:".to_string(),
        "        k, c = divmod(c - a, p)".to_string(),
        "        c += a".to_string(),
        "    index = index * (a + p) + c".to_string(),
        "    v += s * k".to_string(),
        "v += block[index]".to_string(),
    ];
    lines.iter().map(|l| format!("    {l}\n")).collect()
}

/// The C++ lines computing `v`, a grid's value at the coordinates.
fn cpp_grid(g: &Grid, names: &[String]) -> String {
    let d = names.len();
    let lines = [
        format!("static const unsigned long long block[] = {{{}}};", list(&g.block)),
        format!(
            "const unsigned long long starts[{d}] = {{{}}}, periods[{d}] = {{{}}}, saltus[{d}] = {{{}}};",
            list(&g.preperiods),
            list(&g.periods),
            list(&g.saltus)
        ),
        format!("const unsigned long long at[{d}] = {{{}}};", names.join(", ")),
        "unsigned long long index = 0, v = 0;".to_string(),
        format!("for (int i = 0; i < {d}; ++i) {{"),
        "    unsigned long long c = at[i], a = starts[i], p = periods[i], k = 0;".to_string(),
        "    if (c >= a + p) { k = (c - a) / p; c = a + (c - a) % p; }".to_string(),
        "    index = index * (a + p) + c;".to_string(),
        "    v += saltus[i] * k;".to_string(),
        "}".to_string(),
        "v += block[index];".to_string(),
    ];
    lines.iter().map(|l| format!("    {l}\n")).collect()
}

/// An automaton's rule: the first positions it gives, and how it reads.
fn automatic_words(a: &Automaton, values: Values, names: &[String]) -> String {
    let digits = match a.numeration {
        Numeration::Base(b) => format!("base-{b} digits"),
        Numeration::Zeckendorf => {
            "Zeckendorf digits (sums of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...)".to_string()
        }
    };
    let whose = if names.len() == 1 { names[0].clone() } else { format!("({})", names.join(", ")) };
    let reads = format!(
        "{whose} whose {digits}, read most significant first{}, {}",
        if names.len() == 1 { "" } else { " with all coordinates' digits side by side" },
        automaton(a)
    );
    // the first positions, nearest the origin first
    let mut shown = Vec::new();
    let side: u64 = if a.dims == 1 { 4096 } else { 64 };
    let total = side.pow(a.dims as u32);
    let mut order: Vec<Vec<u64>> = (0..total.min(1 << 18))
        .map(|mut i| {
            let mut pos = vec![0; a.dims];
            for c in (0..a.dims).rev() {
                pos[c] = i % side;
                i /= side;
            }
            pos
        })
        .collect();
    order.sort_by_key(|p| (p.iter().sum::<u64>(), p.clone()));
    let mut listed = 0;
    for pos in order {
        let v = a.at(&pos);
        match values {
            Values::Outcome if v == Some(0) => {
                shown.push(tuple(&pos));
                listed += 1;
            }
            Values::Nimber if a.dims == 1 => {
                shown.push(v.map_or("?".into(), |v| v.to_string()));
                listed += 1;
            }
            _ => {}
        }
        if listed == 12 {
            break;
        }
    }
    match values {
        Values::Outcome => match p_digits(a, names) {
            Some(re) => format!("P-positions: {}, ...: exactly the {re}", shown.join(", ")),
            None => format!("P-positions: {}, ...: exactly the {reads} accepts", shown.join(", ")),
        },
        Values::Nimber if a.dims == 1 => format!(
            "G({whose}) = {}, ...: the value {} gives reading {whose}'s {digits}, most significant first",
            shown.join(", "),
            automaton(a)
        ),
        Values::Nimber => format!(
            "G{whose}: the value {} gives reading the {digits} of {whose}, most significant first, \
             all coordinates' digits side by side",
            automaton(a)
        ),
    }
}

/// "a 2-state automaton", "an 8-state automaton".
fn automaton(a: &Automaton) -> String {
    let n = a.states();
    let article = if n.to_string().starts_with('8') || n == 11 || n == 18 { "an" } else { "a" };
    format!("{article} {n}-state automaton")
}

/// The P-positions' digits as a regular expression, where leading zeros
/// do not change what the automaton says and the expression is short:
/// "(x, y) whose base-2 digits, ..., match (⟨00⟩|⟨11⟩)*".
fn p_digits(a: &Automaton, names: &[String]) -> Option<String> {
    if a.next.first()?.first() != Some(&0) {
        return None;
    }
    let radix = match a.numeration {
        Numeration::Base(b) if b <= 10 => b,
        Numeration::Base(_) => return None,
        Numeration::Zeckendorf => 2,
    };
    let digit = |l: u32, c: usize| char::from_digit(l / radix.pow(c as u32) % radix, radix).unwrap_or('?');
    let letter = |l: u32| -> String {
        if a.dims == 1 {
            digit(l, 0).to_string()
        } else {
            format!("⟨{}⟩", (0..a.dims).map(|c| digit(l, c)).collect::<String>())
        }
    };
    let re = super::regex::accepted(a, 0, &letter)?;
    let digits = match a.numeration {
        Numeration::Base(b) => format!("base-{b} digits"),
        Numeration::Zeckendorf => {
            "Zeckendorf digits (1, 2, 3, 5, 8, ... each used at most once, never two neighbours)".to_string()
        }
    };
    let (whose, letters) = if a.dims == 1 {
        (names[0].clone(), String::new())
    } else {
        let legend = if names.iter().all(|n| n.chars().count() == 1) {
            format!("⟨{}⟩", names.concat())
        } else {
            "⟨...⟩".to_string()
        };
        (format!("({})", names.join(", ")), format!(", one digit of each side by side as a letter {legend}"))
    };
    Some(format!(
        "{whose} whose {digits}, read most significant first{letters}, match {re} (leading zeros allowed; {})",
        automaton(a)
    ))
}

fn automaton_table(a: &Automaton, none: &str, between_rows: &str) -> (String, String) {
    let rows: Vec<String> = a
        .next
        .iter()
        .map(|row| {
            let cells: Vec<String> =
                row.iter().map(|&t| if t == u32::MAX { none.to_string() } else { t.to_string() }).collect();
            cells.join(", ")
        })
        .collect();
    (rows.join(between_rows), list(&a.output))
}

fn py_automatic(a: &Automaton, names: &[String], values: Values) -> String {
    let (next, out) = automaton_table(a, "None", "], [");
    let radix = match a.numeration {
        Numeration::Base(b) => b,
        Numeration::Zeckendorf => 2,
    };
    let digits = match a.numeration {
        Numeration::Base(b) => format!(
            "    def digits(x):  # least significant first\n        out = []\n        while x:\n            \
             x, d = divmod(x, {b})\n            out.append(d)\n        return out\n"
        ),
        Numeration::Zeckendorf => "    def digits(x):  # Zeckendorf, least significant first\n        fib = [1, 2]\n        \
             while fib[-1] <= x:\n            fib.append(fib[-1] + fib[-2])\n        out = [0] * len(fib)\n        \
             for k in range(len(fib) - 1, -1, -1):\n            if fib[k] <= x:\n                out[k] = 1\n                \
             x -= fib[k]\n        return out\n"
            .to_string(),
    };
    let ret = match values {
        Values::Outcome => "'P' if OUT[state] == 0 else 'N'",
        Values::Nimber => "OUT[state]",
    };
    format!(
        "    NEXT = [[{next}]]\n    OUT = [{out}]\n{digits}\n    ds = [{}]\n    state = 0\n    \
         for k in range(max(len(d) for d in ds) - 1, -1, -1):\n        letter = 0\n        for d in reversed(ds):\n            \
         letter = letter * {radix} + (d[k] if k < len(d) else 0)\n        state = NEXT[state][letter]\n    return {ret}\n",
        names.iter().map(|x| format!("digits({x})")).collect::<Vec<_>>().join(", ")
    )
}

fn cpp_automatic(a: &Automaton, names: &[String], values: Values) -> String {
    let (next, out) = automaton_table(a, "-1", "}, {");
    let (states, letters) = (a.next.len(), a.next.first().map_or(1, Vec::len));
    let radix = match a.numeration {
        Numeration::Base(b) => b,
        Numeration::Zeckendorf => 2,
    };
    let digits = match a.numeration {
        Numeration::Base(b) => format!(
            "    auto digits = [](unsigned long long x) {{  // least significant first\n        \
             std::vector<int> out;\n        while (x) {{ out.push_back(x % {b}); x /= {b}; }}\n        return out;\n    }};\n"
        ),
        Numeration::Zeckendorf => "    auto digits = [](unsigned long long x) {  // Zeckendorf, least significant first\n        \
             std::vector<unsigned __int128> fib = {1, 2};\n        \
             while (fib.back() <= x) fib.push_back(fib[fib.size() - 1] + fib[fib.size() - 2]);\n        \
             std::vector<int> out(fib.size());\n        \
             for (int k = (int)fib.size() - 1; k >= 0; --k) if (fib[k] <= x) { out[k] = 1; x -= (unsigned long long)fib[k]; }\n        \
             return out;\n    };\n"
            .to_string(),
    };
    let ret = match values {
        Values::Outcome => "OUT[state] == 0 ? 'P' : 'N'",
        Values::Nimber => "OUT[state]",
    };
    format!(
        "    static const int NEXT[{states}][{letters}] = {{{{{next}}}}};\n    \
         static const unsigned long long OUT[{states}] = {{{out}}};\n{digits}    \
         std::vector<std::vector<int>> ds = {{{}}};\n    size_t len = 0;\n    \
         for (auto& d : ds) len = std::max(len, d.size());\n    int state = 0;\n    \
         for (size_t k = len; k-- > 0;) {{\n        int letter = 0;\n        \
         for (size_t c = ds.size(); c-- > 0;) letter = letter * {radix} + (k < ds[c].size() ? ds[c][k] : 0);\n        \
         state = NEXT[state][letter];\n    }}\n    return {ret};\n",
        names.iter().map(|x| format!("digits({x})")).collect::<Vec<_>>().join(", ")
    )
}

// ---------- Python ----------

fn py_sequence(name: &str, p: &Periodic) -> String {
    format!(
        "    def {name}(n):\n        values = [{}]\n        if n < {}:\n            return values[n]\n        \
         k, i = divmod(n - {}, {})\n        return values[{} + i] + {} * k\n",
        list(&p.values),
        p.preperiod + p.period,
        p.preperiod,
        p.period,
        p.preperiod,
        p.saltus
    )
}

fn py_quadratic(name: &str, q: &Quadratic) -> String {
    if q.s > 0 {
        format!("    def {name}(k):\n        return (k * {} + isqrt(k * k * {})) // {}\n", q.p, q.n, q.r)
    } else {
        format!(
            "    def {name}(k):\n        return (k * {} - isqrt(k * k * {}) - (1 if k else 0)) // {}\n",
            q.p, q.n, q.r
        )
    }
}

fn py_beatty(b: &Beatty) -> String {
    let mut s = String::from("    from math import isqrt\n\n");
    s += &py_quadratic("a", &b.alpha);
    match b.second {
        Second::Shifted(c) => s += &format!("    def b(k):\n        return a(k) + {c} * k\n"),
        Second::Beatty(beta) => s += &py_quadratic("b", &beta),
    }
    s += "    def pair(u, v):\n        lo, hi = 0, u + 1  # the k with a(k) = u, if any (a(k) >= k)\n        \
          while lo < hi:\n            mid = (lo + hi) // 2\n            if a(mid) < u:\n                lo = mid + 1\n            \
          else:\n                hi = mid\n        return a(lo) == u and b(lo) == v\n\n    \
          return 'P' if pair(x, y) or pair(y, x) else 'N'\n";
    s
}

fn py_linear(l: &Linear, names: &[String]) -> String {
    let sum = |c: &[i64]| {
        let terms: Vec<String> =
            c.iter().zip(names).filter(|(c, _)| **c != 0).map(|(c, x)| format!("{c} * {x}")).collect();
        terms.join(" + ")
    };
    let cond = match l {
        Linear::Equal { coefficients, r } => format!("{} == {r}", sum(coefficients)),
        Linear::Congruent { coefficients, r, m } => format!("({}) % {m} == {r}", sum(coefficients)),
        Linear::Residues { moduli, residues } => {
            let at: Vec<String> = names.iter().zip(moduli).map(|(x, m)| format!("{x} % {m}")).collect();
            let set: Vec<String> = residues.iter().map(|r| format!("({},)", list(r))).collect();
            format!("({},) in {{{}}}", at.join(", "), set.join(", "))
        }
    };
    format!("    return 'P' if {cond} else 'N'\n")
}

/// The rule as a Python function `rule(...)`.
pub fn python(rule: &Rule) -> String {
    let names = names(rule.dims);
    let args = names.join(", ");
    let mut s =
        format!("def rule({args}):\n    \"\"\"{}.\"\"\"\n", rule.text().replace('\\', "\\\\").replace('"', "'"));
    let Some(form) = &rule.form else {
        return s + "    raise ValueError('no rule was found')\n";
    };
    if !rule.exceptions.is_empty() {
        let read = |v: u64| {
            if rule.values == Values::Outcome {
                format!("'{}'", if v == 0 { "P" } else { "N" })
            } else {
                v.to_string()
            }
        };
        let items: Vec<String> = rule.exceptions.iter().map(|(p, v)| format!("({},): {}", list(p), read(*v))).collect();
        s += &format!(
            "    exceptions = {{{}}}\n    if ({args},) in exceptions:\n        return exceptions[({args},)]\n",
            items.join(", ")
        );
    }
    let outcome = |expr: &str| {
        if rule.values == Values::Outcome {
            format!("    return 'P' if {expr} == 0 else 'N'\n")
        } else {
            format!("    return {expr}\n")
        }
    };
    match form {
        Form::Periodic(p) => s + &py_sequence("g", p) + "\n" + &outcome("g(n)"),
        Form::Xor(parts) => {
            let mut body = String::new();
            let mut terms = Vec::new();
            for (i, (p, x)) in parts.iter().zip(&names).enumerate() {
                body += &py_sequence(&format!("g{i}"), p);
                terms.push(format!("g{i}({x})"));
            }
            s + &body + "\n" + &outcome(&terms.join(" ^ "))
        }
        Form::Beatty(b) => s + &py_beatty(b),
        Form::Linear(l) => s + &py_linear(l, &names),
        Form::Automatic(a) => s + &py_automatic(a, &names, rule.values),
        Form::Grid(g) => s + &py_grid(g, &names) + &outcome("v"),
        Form::Ratio(r) => s + &py_ratio(r),
    }
}

// ---------- C++ ----------

fn cpp_sequence(name: &str, p: &Periodic) -> String {
    format!(
        "    auto {name} = [](unsigned long long n) -> unsigned long long {{\n        \
         static const unsigned long long values[] = {{{}}};\n        if (n < {}ULL) return values[n];\n        \
         unsigned long long k = (n - {}ULL) / {}ULL, i = (n - {}ULL) % {}ULL;\n        \
         return values[{} + i] + {}ULL * k;\n    }};\n",
        list(&p.values),
        p.preperiod + p.period,
        p.preperiod,
        p.period,
        p.preperiod,
        p.period,
        p.preperiod,
        p.saltus
    )
}

const CPP_ISQRT: &str = "    // floor(sqrt(v)), exact for 128-bit v\n    \
auto isqrt = [](unsigned __int128 v) -> unsigned __int128 {\n        \
if (v < 2) return v;\n        unsigned __int128 x = (unsigned __int128)sqrtl((long double)v);\n        \
while (x * x > v) --x;\n        while ((x + 1) * (x + 1) <= v) ++x;\n        return x;\n    };\n";

fn cpp_quadratic(name: &str, q: &Quadratic) -> String {
    let root = "(__int128)isqrt((unsigned __int128)k * k * (unsigned __int128)";
    let num = if q.s > 0 {
        format!("(__int128)k * {} + {root}{}ULL)", q.p, q.n)
    } else {
        format!("(__int128)k * {} - {root}{}ULL) - (k ? 1 : 0)", q.p, q.n)
    };
    format!(
        "    auto {name} = [&](unsigned long long k) -> __int128 {{\n        __int128 v = {num}, r = {};\n        \
         return v >= 0 ? v / r : -((-v + r - 1) / r);\n    }};\n",
        q.r
    )
}

/// The rule as a C++ function `rule(...)` (needs `<cmath>`; an automaton's
/// `<vector>` and `<algorithm>`).
pub fn cpp(rule: &Rule) -> String {
    let names = names(rule.dims);
    let args: Vec<String> = names.iter().map(|x| format!("unsigned long long {x}")).collect();
    let ret = if rule.values == Values::Outcome { "char" } else { "unsigned long long" };
    let needs = match rule.form {
        Some(Form::Automatic(_)) => "// needs <vector> and <algorithm>\n",
        Some(Form::Beatty(_)) => "// needs <cmath>\n",
        _ => "",
    };
    let mut s = format!("// {}.\n{needs}{ret} rule({}) {{\n", rule.text(), args.join(", "));
    let Some(form) = &rule.form else {
        return s + "    return 0;  // no rule was found\n}\n";
    };
    let read = |v: u64| {
        if rule.values == Values::Outcome {
            format!("'{}'", if v == 0 { "P" } else { "N" })
        } else {
            format!("{v}ULL")
        }
    };
    for (p, v) in &rule.exceptions {
        let cond: Vec<String> = names.iter().zip(p).map(|(x, c)| format!("{x} == {c}ULL")).collect();
        s += &format!("    if ({}) return {};\n", cond.join(" && "), read(*v));
    }
    let outcome = |expr: &str| {
        if rule.values == Values::Outcome {
            format!("    return ({expr}) == 0 ? 'P' : 'N';\n")
        } else {
            format!("    return {expr};\n")
        }
    };
    let body = match form {
        Form::Periodic(p) => cpp_sequence("g", p) + &outcome("g(n)"),
        Form::Xor(parts) => {
            let mut body = String::new();
            let mut terms = Vec::new();
            for (i, (p, x)) in parts.iter().zip(&names).enumerate() {
                body += &cpp_sequence(&format!("g{i}"), p);
                terms.push(format!("g{i}({x})"));
            }
            body + &outcome(&terms.join(" ^ "))
        }
        Form::Beatty(b) => {
            let mut body = CPP_ISQRT.to_string();
            body += &cpp_quadratic("a", &b.alpha);
            match b.second {
                Second::Shifted(c) => {
                    body += &format!(
                        "    auto b = [&](unsigned long long k) -> __int128 {{ return a(k) + (__int128){c} * k; }};\n"
                    )
                }
                Second::Beatty(beta) => body += &cpp_quadratic("b", &beta),
            }
            body += "    auto pair = [&](unsigned long long u, unsigned long long v) {\n        \
                     unsigned long long lo = 0, hi = u + 1;  // the k with a(k) = u, if any\n        \
                     while (lo < hi) { unsigned long long mid = lo + (hi - lo) / 2; if (a(mid) < (__int128)u) lo = mid + 1; else hi = mid; }\n        \
                     return a(lo) == (__int128)u && b(lo) == (__int128)v;\n    };\n    \
                     return pair(x, y) || pair(y, x) ? 'P' : 'N';\n";
            body
        }
        Form::Linear(l) => {
            let sum = |c: &[i64]| {
                let terms: Vec<String> = c
                    .iter()
                    .zip(&names)
                    .filter(|(c, _)| **c != 0)
                    .map(|(c, x)| format!("(__int128){c} * {x}"))
                    .collect();
                terms.join(" + ")
            };
            let cond = match l {
                Linear::Equal { coefficients, r } => format!("{} == {r}", sum(coefficients)),
                Linear::Congruent { coefficients, r, m } => {
                    format!("((({}) % {m}) + {m}) % {m} == {r}", sum(coefficients))
                }
                Linear::Residues { moduli, residues } => {
                    let each: Vec<String> = residues
                        .iter()
                        .map(|r| {
                            let parts: Vec<String> = names
                                .iter()
                                .zip(moduli)
                                .zip(r)
                                .map(|((x, m), v)| format!("{x} % {m}ULL == {v}ULL"))
                                .collect();
                            format!("({})", parts.join(" && "))
                        })
                        .collect();
                    if each.is_empty() {
                        "false".to_string()
                    } else {
                        each.join(" || ")
                    }
                }
            };
            format!("    return ({cond}) ? 'P' : 'N';\n")
        }
        Form::Automatic(a) => cpp_automatic(a, &names, rule.values),
        Form::Grid(g) => cpp_grid(g, &names) + &outcome("v"),
        Form::Ratio(r) => cpp_ratio(r),
    };
    s + &body + "}\n"
}
