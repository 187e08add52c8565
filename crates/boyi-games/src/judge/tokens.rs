//! Whitespace-separated tokens with their line and place in the line, so that
//! every parse error can say exactly where the input went wrong. Blank lines
//! and trailing spaces are simply whitespace.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::error::Error;
use crate::notation::shorten;

#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// 1-based place of the token in its line.
    pub column: usize,
}

impl Token<'_> {
    pub fn at(&self) -> String {
        format!("line {}, token {}", self.line, self.column)
    }
}

/// The ASCII bytes `char::is_whitespace` calls space (the vertical tab
/// included, which `u8::is_ascii_whitespace` leaves out).
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

pub struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
    /// The line of the last token read (0 before the first).
    last_line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a str) -> Self {
        Tokens { rest: input, line: 1, column: 0, last_line: 0 }
    }

    // Judge inputs run to millions of tokens: bytes are scanned as ASCII, and
    // only a non-ASCII byte takes the slow path through `char` (Unicode
    // spaces still separate tokens, as `str::split_whitespace` would).
    fn skip_space(&mut self) {
        let bytes = self.rest.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'\n' {
                self.line += 1;
                self.column = 0;
                i += 1;
            } else if is_space(b) {
                i += 1;
            } else if b.is_ascii() {
                break;
            } else {
                let c = self.rest[i..].chars().next().expect("a char starts at a non-ASCII byte here");
                if !c.is_whitespace() {
                    break;
                }
                i += c.len_utf8();
            }
        }
        self.rest = &self.rest[i..];
    }

    pub fn peek(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        if self.rest.is_empty() {
            return None;
        }
        let bytes = self.rest.as_bytes();
        let mut end = 0;
        while end < bytes.len() {
            let b = bytes[end];
            if b.is_ascii() {
                if is_space(b) {
                    break;
                }
                end += 1;
            } else {
                let c = self.rest[end..].chars().next().expect("a char starts at a non-ASCII byte here");
                if c.is_whitespace() {
                    break;
                }
                end += c.len_utf8();
            }
        }
        Some(Token { text: &self.rest[..end], line: self.line, column: self.column + 1 })
    }

    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let token = self.peek()?;
        self.rest = &self.rest[token.text.len()..];
        self.column += 1;
        self.last_line = token.line;
        Some(token)
    }

    /// The line of the last token read (0 before the first).
    pub fn last_line(&self) -> usize {
        self.last_line
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// The next token, or an error saying the input ended while `what` was expected.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, Error> {
        self.next_token().ok_or_else(|| self.ended(what))
    }

    fn ended(&self, what: &str) -> Error {
        if self.last_line == 0 {
            Error::input(format!("the input is empty; expected {what}"))
        } else {
            Error::input(format!("the input ends after line {}; expected {what}", self.last_line))
        }
    }

    pub fn number<T: FromStr>(&mut self, what: &str) -> Result<T, Error> {
        let token = self.expect(what)?;
        token
            .text
            .parse()
            .map_err(|_| Error::input(format!("{}: expected {what}, found \"{}\"", token.at(), shorten(token.text))))
    }

    /// A number that must lie in `range`.
    pub fn number_in<T>(&mut self, what: &str, range: RangeInclusive<T>) -> Result<T, Error>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        self.number_named(range, || what.to_string())
    }

    /// [`Tokens::number_in`] for inputs of millions of numbers: the name is
    /// only made when the number is wrong.
    pub fn number_named<T>(&mut self, range: RangeInclusive<T>, what: impl Fn() -> String) -> Result<T, Error>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        let Some(token) = self.next_token() else {
            return Err(self.ended(&what()));
        };
        match token.text.parse::<T>() {
            Ok(value) if range.contains(&value) => Ok(value),
            Ok(value) => Err(Error::input(format!(
                "{}: {} = {value} is out of range {} to {}",
                token.at(),
                what(),
                range.start(),
                range.end()
            ))),
            Err(_) => {
                Err(Error::input(format!("{}: expected {}, found \"{}\"", token.at(), what(), shorten(token.text))))
            }
        }
    }

    /// Fails if anything but whitespace is left.
    pub fn finish(&mut self) -> Result<(), Error> {
        match self.next_token() {
            None => Ok(()),
            Some(t) => Err(Error::input(format!("{}: unexpected extra input \"{}\"", t.at(), shorten(t.text)))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_reported() {
        let mut t = Tokens::new("3 4 \n\n  5 x\n");
        assert_eq!(t.number::<u32>("n").unwrap(), 3);
        assert_eq!(t.number::<u32>("m").unwrap(), 4);
        assert_eq!(t.number::<u32>("a").unwrap(), 5);
        let e = t.number::<u32>("b").unwrap_err().to_string();
        assert_eq!(e, "line 3, token 2: expected b, found \"x\"");
        let e = t.number::<u32>("c").unwrap_err().to_string();
        assert_eq!(e, "the input ends after line 3; expected c");
        assert_eq!(Tokens::new(" \n").number::<u32>("n").unwrap_err().to_string(), "the input is empty; expected n");
    }

    #[test]
    fn ranges_and_extra_input() {
        let mut t = Tokens::new("11 7");
        let e = t.number_in::<u32>("n", 1..=10).unwrap_err().to_string();
        assert_eq!(e, "line 1, token 1: n = 11 is out of range 1 to 10");
        let e = t.finish().unwrap_err().to_string();
        assert_eq!(e, "line 1, token 2: unexpected extra input \"7\"");
    }

    #[test]
    fn crlf_and_tabs_are_whitespace() {
        let mut t = Tokens::new("1\r\n\t2\r\n");
        assert_eq!(t.number::<i32>("a").unwrap(), 1);
        let tok = t.next_token().unwrap();
        assert_eq!((tok.text, tok.line, tok.column), ("2", 2, 1));
        assert!(t.at_end());
    }

    proptest::proptest! {
        /// The byte scan splits exactly where `split_whitespace` does, and
        /// counts lines as `lines` would, Unicode spaces included.
        #[test]
        fn tokens_are_split_whitespace(text in "[0-9a-z \t\r\n\u{b}\u{85}\u{a0}\u{3000}\u{e9}\u{535a}]{0,40}") {
            let mut t = Tokens::new(&text);
            let mut got = Vec::new();
            while let Some(tok) = t.next_token() {
                got.push(tok.text);
                let offset = tok.text.as_ptr() as usize - text.as_ptr() as usize;
                proptest::prop_assert_eq!(tok.line, 1 + text[..offset].matches('\n').count());
            }
            let want: Vec<&str> = text.split_whitespace().collect();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
