//! The binary end to end: streams, exit codes and messages as DESIGN.md sets
//! them (answers on stdout only; one-line errors on stderr; 2 bad input,
//! 3 refused for resources).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn boyi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boyi runs");
    // (a process that refuses its arguments exits before reading: a broken pipe)
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn example(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../examples/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn solves_from_stdin_and_from_a_file() {
    let out = boyi(&["solve", "bzoj5248"], &example("young-chess/sample1.in"));
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "2\n");
    assert!(out.stderr.is_empty());
    let file = format!("{}/../../examples/gems-fight/sample1.in", env!("CARGO_MANIFEST_DIR"));
    let out = boyi(&["solve", "gems-fight", &file], "");
    assert_eq!(text(&out.stdout), "3\n-3\n");
}

#[test]
fn bad_input_is_one_line_exit_2_and_no_output() {
    let out = boyi(&["solve", "young-chess"], "2 x\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(text(&out.stderr), "boyi: young-chess: line 1, token 2: expected the column count m, found \"x\"\n");
    let out = boyi(&["solve", "coin-game"], "\u{0}\u{ff}");
    assert_eq!(out.status.code(), Some(2));
    let out = boyi(&["solve", "gems-fight"], "3 4 3\n2 2 3\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout for a broken input");
}

#[test]
fn invalid_utf8_is_reported() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["solve", "coin-game"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"5\n\xff\xfe").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "boyi: coin-game: the input is not text (invalid UTF-8 at byte 2)\n");
}

#[test]
fn unknown_problem_lists_the_known_ones() {
    let out = boyi(&["solve", "no-such-game"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.starts_with("boyi: unknown judge problem `no-such-game`; known: young-chess,"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn memory_refusal_is_exit_3_with_the_figure() {
    let mut input = String::from("12 12\n");
    for _ in 0..288 {
        input.push_str("1 ");
    }
    let out = boyi(&["solve", "young-chess", "--memory", "1M"], &input);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stderr),
        "boyi: young-chess: the value table needs 10.3 MiB, limit 1.0 MiB; use --memory to raise it\n"
    );
}

#[test]
fn analyze_prints_every_move_best_first() {
    let out = boyi(&["analyze", "young-chess", "--input", "-", "1,1"], &example("young-chess/sample1.in"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("young-chess: White to move"), "{s}");
    assert!(s.contains("1,2   0  best"), "{s}");
    let out = boyi(&["analyze", "permutation-game", "--case", "2", "--json"], &example("permutation-game/sample1.in"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"]["result"], "lose");
    assert_eq!(v["moves"].as_array().unwrap().len(), 5);
    let out = boyi(&["analyze", "young-chess", "--input", "-", "2,2"], &example("young-chess/sample1.in"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "boyi: young-chess: move 1: \"2,2\" is not legal here; legal moves: 1,1\n");
}

#[test]
fn list_and_help_explain_the_formats() {
    let out = boyi(&["list"], "");
    assert!(text(&out.stdout).lines().count() >= 4);
    let out = boyi(&["solve", "--help"], "");
    let help = text(&out.stdout);
    for id in ["young-chess", "permutation-game", "gems-fight", "coin-game"] {
        assert!(help.contains(id), "solve --help misses {id}");
    }
    assert!(help.contains("Example:"));
}

#[test]
fn analyze_shows_which_moves_keep_a_draw() {
    let out = boyi(&["analyze", "torus-chase"], &example("torus-chase/sample1.in"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("value: draw (neither side can force a capture: best play goes on forever)"), "{s}");
    assert!(s.contains("5,1   draw  keeps the draw"), "{s}");
    assert!(s.contains("1,2   lose in 2  loses"), "{s}");
    let out = boyi(&["analyze", "torus-chase", "--json"], &example("torus-chase/sample1.in"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"]["result"], "draw");
    assert_eq!(v["solver"], "retrograde");
}

#[test]
fn analyze_chase_from_any_position() {
    // White steps right, black (to move) captures at once or takes longer.
    let out = boyi(&["analyze", "chase", "--input", "-", "R"], &example("chase/sample1.in"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("chase: Black to move"), "{s}");
    assert!(s.contains("1,2   win in 1  best"), "{s}");
    assert!(s.contains("2,1   win in 3"), "{s}");
    let out = boyi(&["analyze", "chase", "--input", "-", "UU"], &example("chase/sample1.in"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "boyi: chase: move 1: \"UU\" is not legal here; legal moves: 2,1 1,2\n");
}

#[test]
fn loopy_and_matching_problems_end_to_end() {
    let out = boyi(&["solve", "bzoj3106"], "20 10 10 1 1\n");
    assert_eq!(text(&out.stdout), "BLACK 58\n");
    let out = boyi(&["solve", "bzoj2437"], &example("rabbit-egg/sample3.in"));
    assert_eq!(text(&out.stdout), "2\n1\n2\n");
    let out = boyi(&["solve", "rabbit-egg"], "1 3\nX.X\n1\n1 3\n1 2\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "boyi: rabbit-egg: line 4: Tutu's move 1, 1 3, is illegal: that piece is black (X), but Tutu moves white (O) pieces\n"
    );
    let out = boyi(&["analyze", "geography", "--input", "-", "2"], &example("geography/triangle.in"));
    let s = text(&out.stdout);
    assert!(s.contains("value: lose") && s.contains("3     lose"), "{s}");
    let out = boyi(&["solve", "chase", "--memory", "30M"], "64 1 1 2 2\n");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stderr),
        "boyi: chase: the retrograde table needs 40.0 MiB, limit 30.0 MiB; use --memory to raise it\n"
    );
}

#[test]
fn grundy_reports_the_period_last() {
    let out = boyi(&["grundy", "0.77", "--to", "300"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert_eq!(s.lines().last(), Some("period 12, preperiod 71 (proved)"), "{s}");
    assert!(s.contains("0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2"), "{s}");
    let out = boyi(&["grundy", "0.137", "--to", "200", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["period"].as_u64(), v["preperiod"].as_u64()), (Some(34), Some(52)));
    assert_eq!(v["status"], "proved");
    assert_eq!(v["summary"], "period 34, preperiod 52 (proved)");
    let out = boyi(&["grundy", "0.07", "--to", "160"], "");
    assert_eq!(text(&out.stdout).lines().last(), Some("period 34, preperiod 53 (observed)"));
    let out = boyi(&["grundy", "grundy", "--to", "50", "--show", "21"], "");
    let s = text(&out.stdout);
    assert!(s.contains("0: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3"), "{s}");
    assert_eq!(s.lines().last(), Some("no period found up to 50"));
}

#[test]
fn grundy_draws_the_sequence_and_still_shows_what_it_was_asked() {
    let dir = std::env::temp_dir().join(format!("boyi-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.svg");
    let out = boyi(&["grundy", "0.77", "--to", "300", "--show", "5", "--plot", file.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("0: 0 1 2 3 1\n"), "{s}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("period 12, preperiod 71 (proved)"));
    assert_eq!(svg.matches("<circle").count(), 301);
    let out = boyi(&["grundy", "0.77", "--plot", dir.join("no/such/dir.svg").to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("boyi: grundy: cannot write "), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn grundy_bad_rules_are_one_line_exit_2() {
    for (rule, msg) in [
        ("0.8", "boyi: grundy: rule `0.8`: digit 8 is not octal (0-7); write hex:0.8 for a hexadecimal code\n"),
        (
            "abc",
            "boyi: grundy: rule `abc`: expected a code like 0.77 (digits before and after a point), sub:1,3,4, allbut:2, or grundy\n",
        ),
        ("sub:1,x", "boyi: grundy: rule `sub:1,x`: expected a list of takes like 1,3,4, found `x`\n"),
    ] {
        let out = boyi(&["grundy", rule], "");
        assert_eq!(out.status.code(), Some(2), "{rule}");
        assert!(out.stdout.is_empty());
        assert_eq!(text(&out.stderr), msg);
    }
    let out = boyi(&["grundy", "0.77", "--to", "100000000", "--memory", "1M"], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stderr).contains("the Grundy value table needs 95.4 MiB, limit 1.0 MiB"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn impartial_problems_analyze() {
    let out = boyi(&["analyze", "split-game"], &example("split-game/sample1.in"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("0,2,3  win (nimber 0)  best"), "{s}");
    let out = boyi(&["analyze", "array-game", "--case", "2", "--json"], &example("array-game/sample1.in"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"]["result"], "lose");
    let out =
        boyi(&["analyze", "black-white", "--input", "-", "1", "4", "6", "10"], &example("black-white/sample1.in"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = boyi(&["analyze", "moving-pebbles"], &example("moving-pebbles/sample1.in"));
    assert!(text(&out.stdout).contains("value: win"), "{}", text(&out.stdout));
}

#[test]
fn analyze_starts_any_game_from_its_parameters_or_a_position() {
    // The board size alone is the chase's start: no judge input needed.
    let out = boyi(&["analyze", "chase", "6"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("chase: White to move") && s.contains("value: lose in 14"), "{s}");
    // name=value parameters, then moves.
    let out = boyi(&["analyze", "chase", "n=6", "R", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["notation"], "6:1,2:6,6:b");
    // Black and white's start, which needed a layout before.
    let out = boyi(&["analyze", "black-white", "cells=1,4,6,10"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("W . . B . W . . . B"), "{}", text(&out.stdout));
    let out = boyi(&["analyze", "nim", "1:3,4,5"], "");
    assert!(text(&out.stdout).contains("value: win in"), "{}", text(&out.stdout));
    // A parameter the game does not have is named.
    let out = boyi(&["analyze", "chase", "size=6"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "boyi: chase: chase has no parameter `size`; its parameters: n, white, black\n");
}

#[test]
fn units_agree_everywhere() {
    // Connect Four values are win / lose in moves, as on the page.
    let out = boyi(&["analyze", "connect4", "4453", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"]["kind"], "outcome");
    assert!(v["value"]["remoteness"].as_u64().is_some(), "{v}");
    // Geography counts moves on small graphs, as on the page.
    let out = boyi(&["analyze", "geography", "--json"], &example("geography/triangle.in"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"]["remoteness"], 3, "{v}");
}

#[test]
fn large_pebble_piles_are_valued_not_called_over() {
    let out = boyi(&["analyze", "moving-pebbles"], "3 100 200 300\n");
    let s = text(&out.stdout);
    assert!(s.contains("value: win") && s.contains("moves: too many to list"), "{s}");
    assert!(!s.contains("game is over"), "{s}");
    // Every move has a name: the piles it leaves, `0` for none.
    let out = boyi(&["analyze", "moving-pebbles", "1:2", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = v["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["0", "1"]);
}

#[test]
fn threads_must_be_one_to_1024() {
    let out = boyi(&["--threads", "0", "list"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`0` is not a thread count from 1 to 1024"), "{}", text(&out.stderr));
    // Refused before any thread starts: 25,000 once took minutes and panicked.
    let out = boyi(&["--threads", "25000", "solve", "coin-game"], "2 1 2\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`25000` is not a thread count from 1 to 1024"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

/// A mistake in the arguments is one line naming it and the help to read,
/// exit 2, as every other error; help itself still prints whole.
#[test]
fn argument_mistakes_are_one_line() {
    for (args, says) in [
        (&["solve", "--frobnicate"][..], "unexpected argument '--frobnicate' found (see `boyi solve --help`)"),
        (&["analyze"][..], "<GAME> (see `boyi analyze --help`)"),
        (&["frob"][..], "unrecognized subcommand 'frob'"),
        (&["bench", "--parts", "0"][..], "`0` is not a number of parts from 1 to 1024"),
        (&["bench", "nosuch"][..], "no benchmark matches nosuch; `boyi bench --list` names them"),
        (&["bench", "nosuch", "--parts", "1"][..], "--parts solves one of chase-64, "),
        (&["bench", "nim", "--sets", "x"][..], "--sets times position sets of connect4; nim has none"),
        (&["analyze", "chase", "n=5", "n=6"][..], "parameter `n` is given twice"),
    ] {
        let out = boyi(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("boyi: ") && err.contains(says), "{args:?}: {err}");
    }
    let out = boyi(&["solve", "--help"], "");
    assert!(out.status.success() && text(&out.stdout).contains("Usage: boyi solve"));
}

#[test]
fn help_names_each_problem_once_and_rightly() {
    let help = text(&boyi(&["solve", "--help"], "").stdout);
    assert!(!help.contains("(also )"), "{help}");
    let torus = &help[help.find("torus-chase").unwrap()..];
    let torus = &torus[..torus.find("\n\n").unwrap_or(torus.len())];
    assert!(!torus.contains("analyze chase"), "{torus}");
    let serve = text(&boyi(&["serve", "--help"], "").stdout);
    assert!(serve.contains("512M a request") && !serve.contains("default 4G)"), "{serve}");
}

#[test]
fn bench_names_match_exactly_before_as_prefixes_and_rows_print_once() {
    let out = boyi(&["bench", "coin-game-2000", "--runs", "1"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let rows: Vec<&str> = s.lines().filter(|l| l.starts_with("| coin-game")).collect();
    assert_eq!(rows.len(), 1, "{s}");
    assert!(rows[0].starts_with("| coin-game-2000 |"), "{s}");
    assert!(!text(&out.stderr).contains("| coin-game"), "rows go to stdout once");
}

/// The suite is a list in the catalogue's crate: a name there reaches its
/// problem, whose `boyi solve` reads the benchmark's input.
#[test]
fn a_bench_name_reaches_its_problem_through_the_list() {
    let list = text(&boyi(&["bench", "--list"], "").stdout);
    let line = list.lines().find(|l| l.starts_with("misere-nim-500x50 ")).expect("listed");
    let problem = line.split_whitespace().nth(1).unwrap();
    assert_eq!(problem, "misere-nim", "{line}");
    let input = boyi(&["bench", "--input", "misere-nim-500x50"], "");
    assert!(input.status.success(), "{}", text(&input.stderr));
    let solved = boyi(&["solve", problem], &text(&input.stdout));
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout).lines().count(), 500, "one answer a case");
    let out = boyi(&["bench", "misere-nim-500x50", "--runs", "1"], "");
    assert!(text(&out.stdout).lines().any(|l| l.starts_with("| misere-nim-500x50 |")), "{}", text(&out.stdout));
}

/// A set that cannot be read fails at once: one line, nothing on stdout
/// (no table header), before any table is reserved.
#[test]
fn a_missing_set_fails_before_any_work() {
    for args in [
        &["bench", "connect4", "--sets", "/nonexistent-boyi-set"][..],
        &["bench", "--connect4", "/nonexistent-boyi-set"],
    ] {
        let out = boyi(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("boyi: cannot read /nonexistent-boyi-set"), "{err}");
    }
}

#[test]
fn play_any_game_in_the_terminal() {
    // Nim 1,2: the person takes the 2 (a loss); the computer answers; undo; quit.
    let out = boyi(&["play", "nim", "heaps=1,2"], "?\n2-2\nu\nm\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Nim: you move first."), "{s}");
    assert!(s.contains("2-1") && s.contains("win in 3"), "the values of every move: {s}");
    assert!(s.contains("The computer plays 1-1"), "{s}");
    assert!(s.contains("legal moves: 1-1 2-1 2-2"), "undo went back to the start: {s}");
    // Connect Four answers at once from the empty board (the shipped book).
    let out = boyi(&["play", "connect4", "--second"], "q\n");
    assert!(text(&out.stdout).contains("The computer plays 4"), "{}", text(&out.stdout));
    // A game played to the end says who won.
    let out = boyi(&["play", "nim", "heaps=1"], "1-1\n");
    assert!(text(&out.stdout).contains("The game is over: you win."), "{}", text(&out.stdout));
}

#[test]
fn a_scored_game_ends_with_its_points() {
    // One coin: the person takes it and wins 5 to 0.
    let out = boyi(&["play", "coin-game", "coins=5"], "1\n");
    let s = text(&out.stdout);
    assert!(s.contains("The game is over: you win (First 5, Second 0)."), "{s}");
}

#[test]
fn a_chase_direction_goes_no_further_than_the_piece_reaches() {
    // White steps one cell: `LL` is not a white move, however the board lies.
    let out = boyi(&["analyze", "chase", "6", "LL"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let out = boyi(&["analyze", "chase", "6:6,6:1,1:w", "UUU"], "");
    assert_eq!(out.status.code(), Some(2), "a reach beyond the board is refused, not a panic");
    assert!(text(&out.stderr).starts_with("boyi: chase: word 2: \"UUU\" is not legal here"), "{}", text(&out.stderr));
}

/// A database round-trips: build, info, verify, and analyze answering from
/// it the same values as a solve; a damaged file and a file of another
/// instance are refused with one line, exit 2.
#[test]
fn databases_build_verify_and_answer() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("torus.db");
    let path = file.to_str().unwrap();
    let out = boyi(&["db", "build", "torus-chase", "n=5", "--out", path], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let info = text(&boyi(&["db", "info", path], "").stdout);
    assert!(info.contains("positions: 1250\n"), "{info}");
    assert!(info.contains("1 byte a position"), "{info}");
    assert!(info.contains("checksum: ") && info.contains("(ok)"), "{info}");
    let drawn: u64 = info.split("drawn: ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(drawn > 0, "the torus has draws: {info}");
    let out = boyi(&["db", "verify", path], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("ok: all 1250 positions agree"));

    let solved = boyi(&["analyze", "torus-chase", "n=5", "--json"], "");
    let looked_up = boyi(&["analyze", "torus-chase", "n=5", "--json", "--db", path], "");
    assert!(looked_up.status.success(), "{}", text(&looked_up.stderr));
    let moves = |o: &Output| -> serde_json::Value {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        serde_json::json!([v["value"], v["moves"]])
    };
    assert_eq!(moves(&solved), moves(&looked_up));
    assert!(text(&boyi(&["analyze", "torus-chase", "n=5", "--db", path], "").stdout).contains("database lookup"));

    let out = boyi(&["analyze", "torus-chase", "n=6", "--db", path], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not for this instance"), "{}", text(&out.stderr));
    // A file of another game is refused, not ignored for a solve.
    let out = boyi(&["analyze", "chase", "n=5", "--db", path], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is for torus-chase (black=5,5 k=2 n=5 white=1,1), not for chase"),
        "{}",
        text(&out.stderr)
    );
    let out = boyi(&["solve", "dobutsu", "--db", path], "S/-l-/-c-/-C-/-L-/-\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("holds no position of this input"), "{}", text(&out.stderr));

    // Judge input answered from a database: the same lines as a solve.
    let chase = dir.join("chase.db");
    assert!(boyi(&["db", "build", "chase", "n=6", "--out", chase.to_str().unwrap()], "").status.success());
    // Checkpoints at every level leave the same file, and no checkpoint.
    let again = dir.join("again.db");
    let args = ["db", "build", "chase", "n=6", "--checkpoint-every", "0", "--out", again.to_str().unwrap()];
    assert!(boyi(&args, "").status.success());
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&chase).unwrap());
    assert!(!dir.join("again.checkpoint").exists());
    let starts = "6 1 1 6 6\n6 2 3 5 1\n6 4 4 1 2\n";
    let want = boyi(&["solve", "chase"], starts);
    let got = boyi(&["solve", "chase", "--db", chase.to_str().unwrap()], starts);
    assert!(got.status.success(), "{}", text(&got.stderr));
    assert_eq!(text(&got.stdout), text(&want.stdout));
    let out = boyi(&["solve", "chase", "--db", chase.to_str().unwrap()], "5 1 1 5 5\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("holds no board of this input"), "{}", text(&out.stderr));

    // One value changed: the checksum and the moves both say so.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x81;
    let damaged = dir.join("damaged.db");
    std::fs::write(&damaged, &bytes).unwrap();
    let out = boyi(&["db", "verify", damaged.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("checksum"), "{}", text(&out.stderr));
    // Nothing answers from it: a lookup would be silently wrong.
    let out = boyi(&["analyze", "torus-chase", "n=5", "--db", damaged.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("do not match their checksum"), "{}", text(&out.stderr));
    let info = text(&boyi(&["db", "info", damaged.to_str().unwrap()], "").stdout);
    assert!(info.contains("DOES NOT MATCH"), "{info}");
    // Not a database at all, or cut short.
    std::fs::write(&damaged, b"hello").unwrap();
    let out = boyi(&["db", "info", damaged.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    std::fs::write(&damaged, &std::fs::read(&file).unwrap()[..200]).unwrap();
    let out = boyi(&["analyze", "torus-chase", "n=5", "--db", damaged.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a boyi database"), "{}", text(&out.stderr));
    // Compressed: built so, or compressed later; the same answers, and
    // back to plain the very file first written.
    let packed = dir.join("packed.db");
    let out = boyi(&["db", "build", "torus-chase", "n=5", "--compress", "--out", packed.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let info = text(&boyi(&["db", "info", packed.to_str().unwrap()], "").stdout);
    assert!(info.contains("zstd blocks of 1024 positions") && info.contains("(ok)"), "{info}");
    assert!(boyi(&["db", "verify", packed.to_str().unwrap()], "").status.success());
    let from_packed = boyi(&["analyze", "torus-chase", "n=5", "--json", "--db", packed.to_str().unwrap()], "");
    assert_eq!(moves(&from_packed), moves(&solved));
    let small = dir.join("small-blocks.db");
    let args = ["db", "compress", path, "--out", small.to_str().unwrap(), "--level", "3", "--block", "8"];
    assert!(boyi(&args, "").status.success());
    let plain = dir.join("plain.db");
    let args = ["db", "compress", small.to_str().unwrap(), "--out", plain.to_str().unwrap(), "--level", "0"];
    assert!(boyi(&args, "").status.success());
    assert_eq!(std::fs::read(&plain).unwrap(), std::fs::read(&file).unwrap());
    let mut bytes = std::fs::read(&small).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 0x42;
    std::fs::write(&damaged, &bytes).unwrap();
    let out = boyi(&["analyze", "torus-chase", "n=5", "--db", damaged.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the file is damaged"), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    // Games not solved whole have no databases.
    let out = boyi(&["db", "build", "nim", "--out", dir.join("nim.db").to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no databases"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_reports_what_the_search_threads_duplicate() {
    let set = format!("{}/../../tests/data/connect4/Test_L1_R2", env!("CARGO_MANIFEST_DIR"));
    let args =
        ["bench", "connect4", "--sets", &set, "--limit", "2", "--threads", "2", "--duplication", "--memory", "64M"];
    let out = boyi(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("| Test_L1_R2 | 2 | 2 |"), "both positions right: {s}");
    let row = s.lines().last().unwrap();
    // nodes, distinct positions and hit rates for each of the two threads
    assert!(row.starts_with("| Test_L1_R2 | ") && row.matches(" / ").count() == 4, "{row}");
    assert!(row.contains("% of the second's"), "{row}");
}

#[test]
fn bench_times_one_thread_against_more_position_by_position() {
    let set = format!("{}/../../tests/data/connect4/Test_L2_R1", env!("CARGO_MANIFEST_DIR"));
    // (the old spelling, `--connect4 FILE`, still works)
    let args = ["bench", "--connect4", &set, "--limit", "3", "--threads", "2", "--scaling", "--memory", "64M"];
    let out = boyi(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let row = s.lines().last().unwrap();
    // every position right on both thread counts, then two times, the
    // speedup of the sums and the median speedup with its range
    assert!(row.starts_with("| Test_L2_R1 | 3 | 3 | "), "{s}");
    let cells: Vec<&str> = row.split(" | ").collect();
    assert_eq!(cells.len(), 7, "{row}");
    assert!(cells[5].parse::<f64>().is_ok_and(|r| r > 0.0), "{row}");
    assert!(cells[6].contains('(') && cells[6].contains('–'), "{row}");
    // One thread against one is no comparison.
    let out = boyi(&["bench", "--sets", &set, "--limit", "1", "--threads", "1", "--scaling"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--threads 2 or more"), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn an_output_file_in_a_missing_directory_is_refused_before_the_work() {
    for args in [
        &["db", "build", "chase", "n=100", "--out", "/nonexistent-boyi-dir/x.db"][..],
        &["book", "connect4", "--depth", "2", "--out", "/nonexistent-boyi-dir/b.book"][..],
    ] {
        let out = boyi(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        // the up-front check's words, not the write's error after the solve
        assert!(err.contains("/nonexistent-boyi-dir does not exist"), "{err}");
    }
}

#[test]
fn a_bad_position_word_is_named_for_what_is_wrong_with_it() {
    for (args, says) in [
        (&["analyze", "dobutsu", "S/gll/-c-/-C-/ELG/-"][..], "2 lions"),
        (&["analyze", "fibonacci-nim", "2:90,0"][..], "cannot occur"),
    ] {
        let out = boyi(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says) && !err.contains("move 1"), "{args:?}: {err}");
    }
}

#[test]
fn cgt_values_positions_and_expressions() {
    let out = boyi(&["cgt", "domineering", "2x2"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.starts_with("±1\nclass N"), "{s}");
    assert!(s.contains("mean 0, temperature 1"), "{s}");
    // every move with the value it leads to, each side's best marked
    assert!(s.contains("Left's moves, best first:\n  #.|#. = 1 (best)\n  .#|.# = 1 (best)\n"), "{s}");
    let out = boyi(&["cgt", "domineering", "...|..#", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves: Vec<(String, String, bool)> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (m["side"].as_str().unwrap().into(), m["value"].as_str().unwrap().into(), m["best"].as_bool().unwrap())
        })
        .collect();
    let want = [("L", "1", true), ("L", "*", false), ("R", "-1", true), ("R", "-1", true), ("R", "*", false)];
    assert_eq!(moves, want.map(|(a, b, c)| (a.to_string(), b.to_string(), c)), "{json}");
    let out = boyi(&["cgt", "domineering", "..|.#", "--format", "braces"], "");
    assert_eq!(text(&out.stdout).lines().next(), Some("*"));
    let out = boyi(&["cgt", "domineering", "3x7", "--format", "braces"], "");
    assert_eq!(text(&out.stdout).lines().next(), Some("{-3/4|-3}"));
    // a part beyond reach is refused up front, with the figure: exit 3
    let out = boyi(&["cgt", "domineering", "7x7"], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("49 empty cells"), "{}", text(&out.stderr));
    let out = boyi(&["cgt", "domineering", "6x5", "--outcome"], "");
    assert!(text(&out.stdout).starts_with("class L (Left wins whoever starts)\n"), "{}", text(&out.stdout));
    // the values' store and the outcome search's table count against --memory
    for args in [
        &["cgt", "domineering", "5x5", "--memory", "100K"][..],
        &["cgt", "domineering", "7x7", "--outcome", "--memory", "2M"],
    ] {
        let out = boyi(args, "");
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with("boyi: cgt: the ")
                && err.ends_with("; use --memory to raise it\n")
                && err.lines().count() == 1,
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
    let out = boyi(&["cgt", "hackenbush", "LRL+RR"], "");
    assert_eq!(text(&out.stdout).lines().next(), Some("-5/4"));
    let out = boyi(&["cgt", "domineering", "..#..|..#.."], "");
    let s = text(&out.stdout);
    assert!(s.contains("2 parts, hottest first:\n  ..|.. = ±1 (temperature 1)\n"), "{s}");
    let out = boyi(&["cgt", "eval", "^ > *"], "");
    assert_eq!(text(&out.stdout), "false\n^ is confused with *\n");
    let out = boyi(&["cgt", "eval", "{1|-1} + ^ + *", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["class"], "N");
    assert_eq!(json["temperature"], "1");
    // the reduced canonical form sets the up and the star aside
    assert_eq!(json["reduced"], "±1");
    assert!(json.get("atomic_weight").is_none(), "{json}");
    let out = boyi(&["cgt", "clobber", "xo.ox", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["atomic_weight"], "0", "{json}");
    let out = boyi(&["cgt", "eval", "^^*"], "");
    assert!(text(&out.stdout).contains("atomic weight 2 (all-small)\n"), "{}", text(&out.stdout));
    let out = boyi(&["cgt", "eval", "{2|^||-1} + *"], "");
    assert!(
        text(&out.stdout).contains("reduced canonical form {2|0||-1} (up to infinitesimals)\n"),
        "{}",
        text(&out.stdout)
    );
    let plot = std::env::temp_dir().join(format!("boyi-thermograph-{}.svg", std::process::id()));
    let out = boyi(&["cgt", "eval", "{2|0||-1}", "--plot", plot.to_str().unwrap()], "");
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&plot).unwrap().contains("<svg"));
    std::fs::remove_file(plot).ok();
    for bad in [
        vec!["cgt", "domineering", "..|."],
        vec!["cgt", "domineering", "20x20"],
        vec!["cgt", "chess", "2x2"],
        vec!["cgt", "eval", "{1|"],
        vec!["cgt", "eval", "1/3"],
        vec!["cgt", "domineering", "2x2", "--format", "latex"],
    ] {
        let out = boyi(&bad, "");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(text(&out.stderr).lines().count(), 1, "{bad:?}: {}", text(&out.stderr));
    }
}
