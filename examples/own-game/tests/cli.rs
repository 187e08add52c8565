//! The example crate's binary is boyi's command line with tic-tac-toe
//! added: it lists, analyses, plays and serves the game like one of boyi's.

use std::io::Write;
use std::process::{Command, Stdio};

fn own_game(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_own-game"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code())
}

#[test]
fn the_added_game_has_the_whole_command_line() {
    let (list, _, code) = own_game(&["list"], "");
    assert_eq!(code, Some(0));
    assert!(list.contains("tic-tac-toe") && list.contains("connect4"), "{list}");
    let (report, err, code) = own_game(&["analyze", "tic-tac-toe"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(report.contains("value: tie"), "{report}");
    // X in a corner, O beside it: X wins
    let (report, _, _) = own_game(&["analyze", "tic-tac-toe", "X../.../...", "b3"], "");
    assert!(report.contains("value: win in"), "{report}");
    let (json, _, _) = own_game(&["analyze", "tic-tac-toe", "--json"], "");
    assert!(json.contains("\"cell\""), "moves carry where they are drawn: {json}");
    let (played, err, code) = own_game(&["play", "tic-tac-toe"], "?\nb2\nq\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(played.contains("you are X and move first") && played.contains("The computer plays"), "{played}");
    let (_, err, code) = own_game(&["analyze", "tic-tac-toe", "XXX/OO./..."], "");
    assert_eq!(code, Some(0), "an ended board is a position too: {err}");
    let (_, err, code) = own_game(&["analyze", "tic-tac-toe", "XXXX"], "");
    assert_eq!(code, Some(2));
    assert!(err.starts_with("boyi: tic-tac-toe:"), "{err}");
}
