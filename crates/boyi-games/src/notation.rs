//! Pieces of position notation that many games share: parts separated by
//! `:`, board sizes (`7x6`), lists of numbers, cells (`2,3` or `2-3`,
//! 1-based), and the random numbers a new game may start with.

use std::fmt::Display;
use std::str::FromStr;

use crate::error::Error;
use crate::generate::Rng;

/// The `:`-separated parts of a position, trimmed; between `min` and `max`
/// of them, else an error showing `form`.
pub fn parts<'a>(text: &'a str, min: usize, max: usize, form: &str) -> Result<Vec<&'a str>, Error> {
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    if parts.len() < min || parts.len() > max {
        return Err(Error::position(format!("\"{}\" is not a position like {form}", shorten(text))));
    }
    Ok(parts)
}

/// A number in `lo..=hi`, named `what` in the error.
pub fn number<T: FromStr + PartialOrd + Display + Copy>(text: &str, what: &str, lo: T, hi: T) -> Result<T, Error> {
    let text = text.trim();
    match text.parse::<T>() {
        Ok(v) if v >= lo && v <= hi => Ok(v),
        _ => Err(Error::position(format!("{what}: \"{}\" is not a number from {lo} to {hi}", shorten(text)))),
    }
}

/// Numbers separated by commas or spaces, each in `lo..=hi`.
pub fn list<T: FromStr + PartialOrd + Display + Copy>(text: &str, what: &str, lo: T, hi: T) -> Result<Vec<T>, Error> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| number(t, what, lo, hi))
        .collect()
}

/// `7x6`: two sides, each in `1..=most`.
pub fn size(text: &str, what: &str, most: u32) -> Result<(u32, u32), Error> {
    let parsed =
        text.trim().split_once(['x', 'X']).and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
    match parsed {
        Some((a, b)) if (1..=most).contains(&a) && (1..=most).contains(&b) => Ok((a, b)),
        _ => {
            Err(Error::position(format!("{what}: \"{}\" is not a size like 3x4 with sides 1 to {most}", shorten(text))))
        }
    }
}

/// A cell written `row,col`, `row-col` or `(row,col)`, 1-based; 0-based out.
pub fn cell(text: &str) -> Option<(u32, u32)> {
    let text = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (r, c) = text.split_once([',', '-'])?;
    Some((r.trim().parse::<u32>().ok()?.checked_sub(1)?, c.trim().parse::<u32>().ok()?.checked_sub(1)?))
}

/// A position that may start with the player to move, `1:` or `2:`
/// (the first player when left out): the player from 0, and the rest.
pub fn player(text: &str) -> Result<(u8, &str), Error> {
    match text.split_once(':') {
        Some((p, rest)) => Ok((number::<u8>(p, "the player to move", 1, 2)? - 1, rest.trim())),
        None => Ok((0, text.trim())),
    }
}

/// Items joined by `sep`.
pub fn join<T: Display>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    items.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
}

/// Random numbers from `seed`, or from the clock when it is 0.
pub fn rng(seed: u64) -> Rng {
    if seed != 0 {
        return Rng::new(seed);
    }
    Rng::new(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64))
}

/// Keeps error messages one short line even when the input is binary junk.
/// `1 stone`, `3 stones`: a count in words that agree with it.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(24).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s.escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_parse_and_fail_in_one_line() {
        assert_eq!(parts("6: 1,1 :6,6:w", 4, 4, "").unwrap(), ["6", "1,1", "6,6", "w"]);
        assert!(parts("6:1", 4, 4, "6:1,1:6,6:w").unwrap_err().to_string().contains("6:1,1:6,6:w"));
        assert_eq!(list::<u32>("3, 4 5", "heap", 0, 9).unwrap(), [3, 4, 5]);
        assert_eq!(
            list::<u32>("3,10", "heap", 0, 9).unwrap_err().to_string(),
            "heap: \"10\" is not a number from 0 to 9"
        );
        assert_eq!(size("7x6", "board", 9).unwrap(), (7, 6));
        assert!(size("7x", "board", 9).is_err());
        assert_eq!(cell("2,3"), Some((1, 2)));
        assert_eq!(cell("(2-3)"), Some((1, 2)));
        assert_eq!(cell("0,1"), None);
        assert!(!shorten(&"x\n".repeat(100)).contains('\n'));
    }
}
