//! Heap games by their codes: octal games (`0.77` Kayles, `0.07` Dawson's
//! Kayles, `0.137` Dawson's chess, `4.07`, any digits 0–7), hexadecimal
//! codes (`hex:0.F`: digits may also leave three heaps), subtraction games
//! (`sub:1,3,4` and `allbut:2,5`, see [`crate::subtraction`]) and Grundy's
//! game (split a heap into two unequal heaps).
//!
//! In a code `d0.d1d2d3…`, digit `d_k` says what taking `k` tokens from a
//! heap may leave: bit 1 nothing (the whole heap is taken), bit 2 one heap,
//! bit 4 two heaps, bit 8 three heaps (hexadecimal only). The digit before
//! the point takes nothing, so it may only split (0 or 4; 8 and 12 in hex).
//! The engine values any such rule ([`boyi::solve::heaps`]).

use boyi::solve::heaps::TakeBreak;

use crate::error::Error;
use crate::subtraction;

/// A heap game's rule with the name people know it by.
#[derive(Clone, Debug)]
pub struct HeapRule {
    /// The rule as written (normalised: `.07` becomes `0.07`).
    pub code: String,
    pub name: Option<&'static str>,
    pub rule: TakeBreak,
}

/// Names for the best-known rules.
const NAMED: &[(&str, &str, &str)] = &[
    ("kayles", "0.77", "Kayles"),
    ("dawsons-kayles", "0.07", "Dawson's Kayles"),
    ("dawsons-chess", "0.137", "Dawson's chess"),
    ("grundy", "grundy", "Grundy's game"),
    ("nim", "allbut:", "Nim"),
];

/// Parses a rule: an octal code, `hex:` and a hexadecimal code, `sub:` or
/// `allbut:` and a list of takes, `grundy`, or a name (`kayles`, `nim`, …).
pub fn parse(text: &str) -> Result<HeapRule, Error> {
    let t = text.trim().to_ascii_lowercase();
    let bad = |why: String| Error::input(format!("rule `{}`: {why}", text.trim()));
    if t == "grundy" {
        return Ok(HeapRule { code: t, name: Some("Grundy's game"), rule: grundys_game() });
    }
    if let Some(&(_, code, name)) = NAMED.iter().find(|(alias, code, _)| t == *alias && alias != code) {
        let mut rule = parse(code)?;
        rule.name = Some(name);
        return Ok(rule);
    }
    if let Some(list) = t.strip_prefix("sub:") {
        let rule = subtraction::subtraction(&subtraction::parse_takes(list).map_err(bad)?).map_err(bad)?;
        return Ok(HeapRule { code: t, name: None, rule });
    }
    if let Some(list) = t.strip_prefix("allbut:") {
        let rule = subtraction::all_but(&subtraction::parse_takes(list).map_err(bad)?).map_err(bad)?;
        let name = if list.trim().is_empty() { Some("Nim") } else { None };
        return Ok(HeapRule { code: t, name, rule });
    }
    let (hex, code) = match t.strip_prefix("hex:") {
        Some(c) => (true, c),
        None => (false, t.as_str()),
    };
    let digits = code_digits(code, hex).map_err(bad)?;
    let rule = TakeBreak::new(digits, 0, false).map_err(bad)?;
    let code = if hex { format!("hex:{}", normal(code)) } else { normal(code) };
    let name = NAMED.iter().find(|(_, c, _)| *c == code).map(|&(_, _, n)| n);
    Ok(HeapRule { code, name, rule })
}

/// `.07` is `0.07`.
fn normal(code: &str) -> String {
    if code.starts_with('.') {
        format!("0{code}")
    } else {
        code.to_string()
    }
}

/// The longest code accepted: a game that takes up to this many tokens.
pub const MAX_DIGITS: usize = 4096;

fn code_digits(code: &str, hex: bool) -> Result<Vec<u8>, String> {
    let radix = if hex { 16 } else { 8 };
    let (before, after) = code.split_once('.').ok_or_else(|| {
        "expected a code like 0.77 (digits before and after a point), sub:1,3,4, allbut:2, or grundy".to_string()
    })?;
    if before.len() > 1 {
        return Err("at most one digit before the point".into());
    }
    // The published tables write a split-only game `4.`: nothing after the point.
    if after.is_empty() && before.trim_start_matches('0').is_empty() {
        return Err("no digits after the point".into());
    }
    if after.len() > MAX_DIGITS {
        return Err(format!("{} digits after the point; at most {MAX_DIGITS}", after.len()));
    }
    let mut digits = Vec::with_capacity(after.len() + 1);
    let d0 = if before.is_empty() { "0" } else { before };
    for c in d0.chars().chain(after.chars()) {
        let d = c.to_digit(radix).ok_or_else(|| {
            if !hex && c.is_ascii_hexdigit() {
                format!("digit {c} is not octal (0-7); write hex:{code} for a hexadecimal code")
            } else {
                format!("`{c}` is not a{} digit", if hex { " hexadecimal" } else { "n octal" })
            }
        })?;
        digits.push(d as u8);
    }
    Ok(digits)
}

/// Grundy's game: split any heap into two non-empty heaps of different sizes.
pub fn grundys_game() -> TakeBreak {
    TakeBreak::new(vec![4], 0, true).expect("a valid rule")
}

/// One line on what a rule's moves are, from its digits.
pub fn describe(rule: &TakeBreak) -> String {
    let leaves = |d: u8| {
        let v: Vec<&str> = ["nothing", "one heap", "two heaps", "three heaps"]
            .iter()
            .enumerate()
            .filter(|(j, _)| d >> j & 1 == 1)
            .map(|(_, s)| *s)
            .collect();
        v.join(" or ")
    };
    let mut parts = Vec::new();
    for (k, &d) in rule.digits().iter().enumerate() {
        if d != 0 {
            let unequal = if rule.unequal() && d & 12 != 0 { " of different sizes" } else { "" };
            parts.push(format!("take {k}, leave {}{unequal}", leaves(d)));
        }
    }
    if rule.tail() != 0 {
        parts.push(format!("take any {} or more, leave {}", rule.digits().len(), leaves(rule.tail())));
    }
    if parts.is_empty() {
        return "no moves at all".to_string();
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::heaps::{find_period, heap_values, Method, Periodicity};
    use boyi::Control;

    fn period(code: &str, to: u64) -> Periodicity {
        let r = parse(code).unwrap();
        let seq = heap_values(&r.rule, to, Method::Auto, &Control::default()).unwrap();
        find_period(&seq.values, r.rule.max_take().filter(|_| r.rule.provable())).unwrap()
    }

    /// Published periods (Winning Ways ch. 4; Flammenkamp's tables).
    #[test]
    fn published_periods() {
        assert_eq!(period("0.77", 500), Periodicity { period: 12, preperiod: 71, saltus: 0, proved: true });
        assert_eq!(period("0.07", 500), Periodicity { period: 34, preperiod: 53, saltus: 0, proved: true });
        assert_eq!(period("0.137", 500), Periodicity { period: 34, preperiod: 52, saltus: 0, proved: true });
        // .177: period 20, last exception at heap 496 (OEIS A071435, offset 1)
        assert_eq!(period("0.177", 1200), Periodicity { period: 20, preperiod: 497, saltus: 0, proved: true });
        // .117 / .051: period 48 (A071453)
        assert_eq!(period(".117", 400).period, 48);
    }

    /// Kayles is the game of knocking down one pin or two adjacent pins in a
    /// row: checked against that game played out directly.
    #[test]
    fn kayles_is_bowling() {
        fn g(n: usize, memo: &mut Vec<Option<u32>>) -> u32 {
            if let Some(v) = memo[n] {
                return v;
            }
            let mut opts = Vec::new();
            for take in 1..=2.min(n) {
                for left in 0..=n - take {
                    opts.push(g(left, memo) ^ g(n - take - left, memo));
                }
            }
            let v = (0..).find(|v| !opts.contains(v)).unwrap();
            memo[n] = Some(v);
            v
        }
        let mut memo = vec![None; 121];
        let want: Vec<u32> = (0..=120).map(|n| g(n, &mut memo)).collect();
        let r = parse("kayles").unwrap();
        assert_eq!(heap_values(&r.rule, 120, Method::Auto, &Control::default()).unwrap().values.to_vec(), want);
    }

    #[test]
    fn grundys_game_first_values() {
        let r = parse("grundy").unwrap();
        let seq = heap_values(&r.rule, 20, Method::Auto, &Control::default()).unwrap();
        assert_eq!(seq.values.to_vec(), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    }

    #[test]
    fn codes_parse_or_say_why_not() {
        assert_eq!(parse(".07").unwrap().code, "0.07");
        assert_eq!(parse("0.07").unwrap().name, Some("Dawson's Kayles"));
        assert_eq!(parse("4.07").unwrap().rule.digits(), [4, 0, 7]);
        assert_eq!(parse("hex:0.f").unwrap().rule.digits(), [0, 15]);
        let e = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(e("0.8"), "rule `0.8`: digit 8 is not octal (0-7); write hex:0.8 for a hexadecimal code");
        assert_eq!(
            e("abc"),
            "rule `abc`: expected a code like 0.77 (digits before and after a point), sub:1,3,4, allbut:2, or grundy"
        );
        assert!(e("1.07").contains("digit before the point must be 0, 4"), "{}", e("1.07"));
        assert_eq!(e("0."), "rule `0.`: no digits after the point");
        // `4.`: split a heap in two without taking, as the tables write it.
        let split = parse("4.").unwrap();
        assert_eq!(split.rule.digits(), [4]);
        assert_eq!(e("0.7x"), "rule `0.7x`: `x` is not an octal digit");
        assert_eq!(e("hex:0.g"), "rule `hex:0.g`: `g` is not a hexadecimal digit");
    }
}
