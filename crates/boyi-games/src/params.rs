//! A game's parameters (board size, numbers, heaps): declared once as data
//! with their defaults and ranges, read from `name=value` on the command
//! line and from the page's form alike.

use std::collections::BTreeMap;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::error::Error;

/// One parameter of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    /// The page's label.
    pub label: &'static str,
    pub kind: Kind,
    /// The value when none is given, in the form it is written.
    pub default: &'static str,
    pub help: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int { min: i64, max: i64 },
    Text,
}

impl Param {
    pub const fn int(name: &'static str, label: &'static str, default: &'static str, min: i64, max: i64) -> Param {
        Param { name, label, kind: Kind::Int { min, max }, default, help: "" }
    }

    pub const fn text(name: &'static str, label: &'static str, default: &'static str) -> Param {
        Param { name, label, kind: Kind::Text, default, help: "" }
    }

    pub const fn help(mut self, help: &'static str) -> Param {
        self.help = help;
        self
    }
}

/// `{"name", "label", "kind": "int"|"text", "default", "min"?, "max"?, "help"}`.
impl Serialize for Param {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", self.name)?;
        map.serialize_entry("label", self.label)?;
        match self.kind {
            Kind::Int { min, max } => {
                map.serialize_entry("kind", "int")?;
                map.serialize_entry("default", &self.default.parse::<i64>().unwrap_or(min))?;
                map.serialize_entry("min", &min)?;
                map.serialize_entry("max", &max)?;
            }
            Kind::Text => {
                map.serialize_entry("kind", "text")?;
                map.serialize_entry("default", self.default)?;
            }
        }
        map.serialize_entry("help", self.help)?;
        map.end()
    }
}

/// Parameter values by name, as written; a name left out takes its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    pub fn new() -> Self {
        Params::default()
    }

    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        self.0.insert(name.to_string(), value.into());
    }

    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        self.set(name, value.to_string());
        self
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// From `name=value` words (the command line).
    pub fn from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Params, Error> {
        let mut p = Params::new();
        for w in words {
            let (name, value) =
                w.split_once('=').ok_or_else(|| Error::params(format!("`{w}` is not a parameter like n=6")))?;
            let name = name.trim();
            if p.get(name).is_some() {
                return Err(Error::params(format!("parameter `{name}` is given twice")));
            }
            p.set(name, value.trim());
        }
        Ok(p)
    }

    /// From a JSON object (the page's form): numbers and text; null or
    /// empty text means the default.
    pub fn from_json(object: &serde_json::Map<String, serde_json::Value>) -> Result<Params, Error> {
        let mut p = Params::new();
        for (name, v) in object {
            match v {
                serde_json::Value::Null => {}
                serde_json::Value::String(s) if s.trim().is_empty() => {}
                serde_json::Value::String(s) => p.set(name, s.trim()),
                serde_json::Value::Number(n) => p.set(name, n.to_string()),
                serde_json::Value::Bool(b) => p.set(name, b.to_string()),
                _ => return Err(Error::params(format!("parameter `{name}` must be a number or text"))),
            }
        }
        Ok(p)
    }

    /// Fails on a name that none of `specs` has.
    pub fn check(&self, game: &str, specs: &[Param]) -> Result<(), Error> {
        for name in self.0.keys() {
            if !specs.iter().any(|s| s.name == name) {
                let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(Error::params(if names.is_empty() {
                    format!("{game} takes no parameters, but `{name}` was given")
                } else {
                    format!("{game} has no parameter `{name}`; its parameters: {}", names.join(", "))
                }));
            }
        }
        Ok(())
    }

    /// The value of `spec`, or its default.
    pub fn text(&self, spec: &Param) -> &str {
        self.get(spec.name).unwrap_or(spec.default)
    }

    /// The whole number of `spec` (or its default), within its range.
    pub fn int(&self, spec: &Param) -> Result<i64, Error> {
        let text = self.text(spec);
        let v: i64 = text
            .parse()
            .map_err(|_| Error::params(format!("parameter `{}` must be a whole number, not \"{text}\"", spec.name)))?;
        if let Kind::Int { min, max } = spec.kind {
            if !(min..=max).contains(&v) {
                return Err(Error::params(format!("parameter `{}` must be from {min} to {max}, not {v}", spec.name)));
            }
        }
        Ok(v)
    }
}

/// Whole numbers separated by commas or spaces, each in `range`.
pub fn numbers(text: &str, what: &str, range: (i64, i64)) -> Result<Vec<i64>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>()
                .ok()
                .filter(|v| (range.0..=range.1).contains(v))
                .ok_or_else(|| format!("{what}: \"{t}\" is not a number from {} to {}", range.0, range.1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: Param = Param::int("n", "Board size", "6", 2, 30);

    #[test]
    fn defaults_ranges_and_unknown_names() {
        let p = Params::from_words(["n=7"]).unwrap();
        assert_eq!(p.int(&N).unwrap(), 7);
        assert_eq!(Params::new().int(&N).unwrap(), 6);
        assert_eq!(
            Params::new().with("n", 31).int(&N).unwrap_err().to_string(),
            "parameter `n` must be from 2 to 30, not 31"
        );
        assert_eq!(
            Params::new().with("size", 3).check("chase", &[N]).unwrap_err().to_string(),
            "chase has no parameter `size`; its parameters: n"
        );
        assert!(Params::from_words(["7"]).is_err());
        assert_eq!(Params::from_words(["n=5", " n =6"]).unwrap_err().to_string(), "parameter `n` is given twice");
        let json = serde_json::json!({"n": 5, "moves": "", "x": null});
        assert_eq!(Params::from_json(json.as_object().unwrap()).unwrap(), Params::new().with("n", 5));
        assert_eq!(
            serde_json::to_value(N).unwrap(),
            serde_json::json!({"name": "n", "label": "Board size", "kind": "int", "default": 6, "min": 2, "max": 30, "help": ""})
        );
    }
}
