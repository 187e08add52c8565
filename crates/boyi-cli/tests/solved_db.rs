//! Working with a solved database: best lines, surveys, diffs, and
//! progress a program can read (README: "Working with a solved database").

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{boyi, json, text};

/// A fresh directory of this test's own.
fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("boyi-solved-db-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn build(game: &str, params: &[&str], out: &std::path::Path, more: &[&str]) {
    let mut args = vec!["db", "build", game];
    args.extend(params);
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend(more);
    let done = boyi(&args);
    assert!(done.status.success(), "{}", text(&done.stderr));
}

/// The line by `analyze --db`, its best move each time, until it ends.
fn line_by_analyze(file: &str, game: &str, start: &str, max: usize) -> Vec<(String, serde_json::Value)> {
    let mut pos = start.to_string();
    let mut line = Vec::new();
    for _ in 0..=max {
        let a = json(&boyi(&["analyze", game, &pos, "--db", file, "--json"]));
        let value = a["value"].clone();
        let best = a["moves"].as_array().and_then(|m| m.first()).map(|m| m["move"].as_str().unwrap().to_string());
        line.push((pos.clone(), value));
        let Some(best) = best else { break };
        let next = json(&boyi(&["analyze", game, &pos, &best, "--db", file, "--json"]));
        pos = next["notation"].as_str().map(str::to_string).unwrap_or_else(|| panic!("no notation: {next}"));
    }
    line
}

#[test]
fn a_line_is_the_best_move_of_every_analysis_and_ends_where_the_value_says() {
    let d = dir("line");
    let file = d.join("chase6.db");
    build("chase", &["n=6", "white=2,3", "black=5,4"], &file, &[]);
    let f = file.to_str().unwrap();
    let line = json(&boyi(&["db", "line", f, "--json"]));
    let steps = line["steps"].as_array().unwrap();
    let start = steps[0]["position"].as_str().unwrap();
    let by_hand = line_by_analyze(f, "chase", start, 40);
    assert_eq!(steps.len(), by_hand.len());
    for (step, (pos, value)) in steps.iter().zip(&by_hand) {
        assert_eq!(step["position"].as_str().unwrap(), pos);
        assert_eq!(&step["value"], value);
    }
    // a win or loss in r plies ends in r plies
    let r = steps[0]["value"]["remoteness"].as_u64().unwrap() as usize;
    assert!(r > 0);
    assert_eq!(line["end"], "over");
    assert_eq!(steps.len() - 1, r);
    assert_eq!(line["plies_to_end"], r);
    // each step's value is one ply nearer the end, the side alternating
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["value"]["remoteness"].as_u64().unwrap() as usize, r - i);
    }
    // from a position given in words, and in text
    let later = boyi(&["db", "line", f, steps[3]["position"].as_str().unwrap()]);
    let later = text(&later.stdout);
    assert!(later.contains(&format!("the game is over after {} plies", r - 3)), "{later}");
    // a drawn line comes back to a position it passed
    let torus = d.join("torus.db");
    build("torus-chase", &["n=5"], &torus, &[]);
    let drawn = json(&boyi(&["db", "line", torus.to_str().unwrap(), "--json"]));
    assert_eq!(drawn["end"], "repeats");
    let steps = drawn["steps"].as_array().unwrap();
    let first = drawn["repeats"].as_u64().unwrap() as usize;
    assert_eq!(steps[first]["position"], steps.last().unwrap()["position"]);
    assert!(steps.iter().all(|s| s["value"]["result"] == "draw"));
    // a position of another instance is refused, not solved
    let other = boyi(&["db", "line", f, "n=7"]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_survey_counts_what_info_counts_and_names_the_longest_rightly() {
    let d = dir("survey");
    let file = d.join("chase7.db");
    build("chase", &["n=7"], &file, &[]);
    let f = file.to_str().unwrap();
    let plot = d.join("remoteness.svg");
    let info = json(&boyi(&["db", "info", f, "--stats", "--longest", "4", "--json", "--plot", plot.to_str().unwrap()]));
    let survey = &info["survey"];
    let sum = |v: &serde_json::Value| v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum(&survey["won"]), info["won"].as_u64().unwrap());
    assert_eq!(sum(&survey["lost"]), info["lost"].as_u64().unwrap());
    assert_eq!(survey["drawn"], info["drawn"]);
    assert_eq!(survey["positions"], info["positions"]);
    let longest = info["longest"].as_u64().unwrap();
    let wins = survey["longest_wins"].as_array().unwrap();
    let losses = survey["longest_losses"].as_array().unwrap();
    assert_eq!(wins.len(), 4);
    let far = wins.iter().chain(losses).map(|p| p["plies"].as_u64().unwrap()).max().unwrap();
    assert_eq!(far, longest);
    // each named position has the value said, by a lookup of its own
    for (list, kind) in [(wins, "win"), (losses, "lose")] {
        for p in list {
            let a = json(&boyi(&["analyze", "chase", p["position"].as_str().unwrap(), "--db", f, "--json"]));
            assert_eq!(a["value"]["result"], kind, "{p}");
            assert_eq!(a["value"]["remoteness"], p["plies"], "{p}");
        }
        // longest first
        let plies: Vec<u64> = list.iter().map(|p| p["plies"].as_u64().unwrap()).collect();
        assert!(plies.windows(2).all(|w| w[0] >= w[1]), "{plies:?}");
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("remoteness"), "{}", &svg[..200.min(svg.len())]);
    // the table as text
    let shown = text(&boyi(&["db", "info", f, "--stats"]).stdout);
    assert!(shown.contains("by remoteness") && shown.contains("drawn:"), "{shown}");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn diff_says_equal_for_the_same_values_and_finds_a_changed_one() {
    let d = dir("diff");
    let (plain, packed) = (d.join("plain.db"), d.join("packed.db"));
    build("chase", &["n=6"], &plain, &[]);
    build("chase", &["n=6"], &packed, &["--compress", "3"]);
    let (p, z) = (plain.to_str().unwrap(), packed.to_str().unwrap());
    let same = boyi(&["db", "diff", p, z]);
    assert!(same.status.success(), "{}", text(&same.stdout));
    assert!(text(&same.stdout).starts_with("same:"));
    // one value changed in a copy: found, named, and the damage said
    let damaged = d.join("damaged.db");
    let mut bytes = std::fs::read(&plain).unwrap();
    let header = bytes.len() - 2592;
    let slot = 1000;
    bytes[header + slot] ^= 0x03;
    std::fs::write(&damaged, &bytes).unwrap();
    let out = boyi(&["db", "diff", p, damaged.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let diff: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(diff["same"], false);
    assert_eq!(diff["differing_positions"], 1);
    assert_eq!(diff["first"][0]["slot"], slot);
    assert!(diff["first"][0]["position"].as_str().unwrap().starts_with("6:"));
    assert_eq!(diff["damaged"], serde_json::json!([false, true]));
    // files of different instances are different things
    let other = d.join("seven.db");
    build("chase", &["n=7"], &other, &[]);
    let out = boyi(&["db", "diff", p, other.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("files of different things"));
    let _ = std::fs::remove_dir_all(d);
}

/// Off a terminal, long work writes JSON lines: each parses, with the
/// fields a watcher reads.
#[test]
fn progress_off_a_terminal_is_json_lines() {
    let d = dir("progress");
    let file = d.join("chase.db");
    let out = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["db", "build", "chase", "n=30", "--out", file.to_str().unwrap()])
        .env("BOYI_PROGRESS_EVERY", "0")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert!(!lines.is_empty(), "{stderr}");
    for l in &lines {
        assert!(l["phase"].is_string() && l["done"].is_u64() && l["elapsed_s"].is_number(), "{l}");
        assert!(l.get("eta_s").is_some() && l.get("total").is_some(), "{l}");
    }
    assert!(lines.iter().any(|l| l["finished"] == true), "{stderr}");
    // every line that is not JSON is the closing one
    assert!(stderr.lines().filter(|l| !l.starts_with('{')).all(|l| l.starts_with("boyi: wrote")), "{stderr}");
    // --progress none is silent
    let out = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["db", "verify", file.to_str().unwrap(), "--progress", "none"])
        .env("BOYI_PROGRESS_EVERY", "0")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_time_limit_stops_analyze_and_solve_with_exit_124() {
    // Dōbutsu Shōgi solved whole takes a minute: far past a tenth of a second
    let out = boyi(&["analyze", "dobutsu", "--time-limit", "0.1", "--progress", "none"]);
    assert_eq!(out.status.code(), Some(124), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "boyi: dobutsu: no answer within the time limit of 0.1 s\n");
    assert!(out.stdout.is_empty());
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi"))
        .args(["solve", "dobutsu", "--time-limit", "0.1", "--progress", "none"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let input = "1\nS/gle/-c-/-C-/ELG/-\n";
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    // (a judge format that answers at once is not stopped: the limit only bounds)
    assert!(matches!(out.status.code(), Some(124) | Some(0) | Some(2)), "{}", text(&out.stderr));
    // a quick answer is not disturbed
    let out = boyi(&["analyze", "chase", "n=5", "--time-limit", "30"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = boyi(&["analyze", "chase", "--time-limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The whole Dōbutsu Shōgi file (`BOYI_DOBUTSU_DB`, from `boyi db build
/// dobutsu`): the start's line is its 78 plies, and the survey of every
/// position of the index is what clausecker's generator prints for its
/// table of the same 249,442,767 positions (188,377,024 won, 57,707,893
/// lost, 3,357,850 drawn), its longest win the published 173 plies.
#[test]
fn dobutsu_lines_and_counts_stand_beside_the_published_ones() {
    let Some(path) = std::env::var_os("BOYI_DOBUTSU_DB") else {
        eprintln!("skipped: the full Dōbutsu database; set BOYI_DOBUTSU_DB to a file from `boyi db build dobutsu`");
        return;
    };
    let f = path.to_str().unwrap();
    let line = json(&boyi(&["db", "line", f, "--json"]));
    assert_eq!(line["steps"][0]["value"]["remoteness"], 78);
    assert_eq!(line["plies_to_end"], 78);
    let info = json(&boyi(&["db", "info", f, "--index", "--longest", "1", "--stats", "--json", "--progress", "none"]));
    let s = &info["survey"];
    let sum = |v: &serde_json::Value| v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum::<u64>();
    assert_eq!((sum(&s["won"]), sum(&s["lost"]), s["drawn"].as_u64().unwrap()), (188_377_024, 57_707_893, 3_357_850));
    assert_eq!(s["longest_wins"][0]["plies"], 173);
    // material groups cover every position
    let groups = s["groups"].as_array().unwrap();
    let all: u64 =
        groups.iter().map(|g| ["won", "lost", "drawn"].iter().map(|k| g[k].as_u64().unwrap()).sum::<u64>()).sum();
    assert_eq!(all, 249_442_767);
}
