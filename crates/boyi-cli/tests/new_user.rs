//! What a new user met on a fresh clone (issue 35), each kept from coming
//! back: stdin read only when nothing names the position, one Ctrl-C at
//! `play`'s prompt, every Grundy value in JSON, words counted from the
//! first, and words a user reads (no `1..=2`, no `1 stones`).

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn boyi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boyi runs");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Waits for `child` at most `limit`; kills it and fails if it is still running.
fn wait_within(child: &mut std::process::Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn words_name_the_position_and_stdin_is_left_alone() {
    // Piped text that is not judge input does not matter when words name the position.
    let out = boyi(&["analyze", "chase", "6"], "hello\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("chase: White to move"), "{}", text(&out.stdout));
    // A stdin that never ends (a slow producer, a shell loop's input) is not waited for.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["analyze", "chase", "6"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pipe = child.stdin.take();
    let status = wait_within(&mut child, Duration::from_secs(20), "analyze with words and an open stdin");
    drop(pipe);
    assert!(status.success());
    // With no words, a pipe is judge input; `--input -` reads it with words too.
    let sample = "3 1 1 3 3\n";
    let out = boyi(&["analyze", "chase"], sample);
    assert!(text(&out.stdout).contains("board 3x3"), "{}", text(&out.stdout));
    let out = boyi(&["analyze", "chase", "--input", "-", "R"], sample);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Black to move"), "{}", text(&out.stdout));
}

#[test]
fn one_ctrl_c_at_the_prompt_ends_play_with_130() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["play", "nim"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _stdin = child.stdin.take();
    let mut stdout = child.stdout.take().unwrap();
    // Read until the prompt: then the game waits on the person.
    let mut seen = Vec::new();
    let mut buf = [0u8; 256];
    while !String::from_utf8_lossy(&seen).contains("your move> ") {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "play ended before its prompt: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    if !kill.is_ok_and(|s| s.success()) {
        let _ = child.kill();
        let _ = child.wait();
        let _ = writeln!(std::io::stderr(), "skipped: no `kill` command to send SIGINT with");
        return;
    }
    let status = wait_within(&mut child, Duration::from_secs(10), "play after one Ctrl-C");
    assert_eq!(status.code(), Some(130), "one Ctrl-C at the prompt ends the game");
}

#[test]
fn grundy_json_carries_every_value_asked_for() {
    let out = boyi(&["grundy", "0.07", "--to", "300", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["values"].as_array().unwrap().len(), 301, "G(0) to G(300)");
    // The text still shows --show values.
    let out = boyi(&["grundy", "0.07", "--to", "300", "--show", "10"], "");
    assert!(text(&out.stdout).contains("heaps 10 to 300 not shown"), "{}", text(&out.stdout));
}

#[test]
fn errors_count_words_from_the_first() {
    // The seventh 4 overfills column 4: the seventh word is blamed.
    let out = boyi(&["analyze", "connect4", "4", "4", "4", "4", "4", "4", "4"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("boyi: connect4: word 7: \"4\""), "{}", text(&out.stderr));
    let out = boyi(&["analyze", "chase", "n=6", "R", "Q"], "");
    assert!(text(&out.stderr).starts_with("boyi: chase: word 3: \"Q\""), "{}", text(&out.stderr));
}

#[test]
fn users_read_words_not_rust() {
    // A judge alias is for `solve`: `chess` is no game of the catalogue.
    let out = boyi(&["analyze", "chess"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("unknown game `chess`"), "{}", text(&out.stderr));
    let out = boyi(&["analyze", "connect4", "4"], "");
    assert!(text(&out.stdout).contains("1 stone;"), "{}", text(&out.stdout));
    for (args, wrong) in [
        (&["analyze", "coin-game", "coins=1,2,3"][..], "..="),
        (&["analyze", "chase", "n=1"][..], "..="),
        (&["--threads", "0", "list"][..], "..="),
        (&["solve", "chase"][..], "..="),
    ] {
        let out = boyi(args, "1 1 1 1 1\n");
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(!all.contains(wrong), "{args:?}: {all}");
    }
    let out = boyi(&["play", "chase", "6"], "q\n");
    assert!(text(&out.stdout).contains("you are White and move first"), "{}", text(&out.stdout));
}
