//! What the command-line tests share: running the built `boyi` and reading
//! what it printed.

// each test binary includes this module and uses part of it
#![allow(dead_code)]

use std::process::{Command, Output};

/// `boyi ARGS`, its output captured.
pub fn boyi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boyi")).args(args).output().expect("boyi runs")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The JSON a successful run printed on stdout.
pub fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}
