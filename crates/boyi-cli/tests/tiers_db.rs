//! A game in tiers written to a directory (`db build morris --out DIR`): one
//! file a tier and a manifest, read back by `db info`, `db verify`,
//! `db line` and `--db DIR` as one database; damage refused where it is
//! read, a lost tier rebuilt to the same bytes.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{boyi, json, text};

fn fresh(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("boyi-tiers-db-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn build(dir: &Path, game: &str, params: &[&str]) {
    let mut args = vec!["db", "build", game];
    args.extend(params);
    args.extend(["--out", dir.to_str().unwrap(), "--progress", "none"]);
    let done = boyi(&args);
    assert!(done.status.success(), "{}", text(&done.stderr));
}

/// The tier files of a directory, by name, with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_directory_of_tiers_answers_as_one_database() {
    for (game, start) in [("morris", "six:none/none/3,3/w"), ("lasker-morris", "six:none/none/3,3/w")] {
        let dir = fresh(game);
        build(&dir, game, &["board=six", "white=3", "black=3"]);
        let d = dir.to_str().unwrap();
        let info = json(&boyi(&["db", "info", d, "--json"]));
        let positions = info["positions"].as_u64().unwrap();
        let tiers = info["tiers"].as_u64().unwrap();
        assert_eq!(files(&dir).len() as u64, tiers);
        assert!(tiers > 5, "{info}");
        let counted: u64 = ["won", "lost", "drawn"].iter().map(|f| info[f].as_u64().unwrap()).sum();
        assert_eq!(counted, positions, "{info}");
        assert_eq!(info["checksum_ok"], true);
        let verified = boyi(&["db", "verify", d, "--progress", "none"]);
        assert!(verified.status.success(), "{}", text(&verified.stderr));
        assert!(text(&verified.stdout).starts_with(&format!("ok: all {positions} positions in {tiers} tiers")));

        // looked up, the analysis is the solve's, move by move
        let solved = json(&boyi(&["analyze", game, start, "--json"]));
        let looked = json(&boyi(&["analyze", game, start, "--db", d, "--json"]));
        assert_eq!(looked["value"], solved["value"]);
        assert_eq!(looked["moves"], solved["moves"]);
        assert!(looked["solver"].as_str().unwrap().contains("database"), "{looked}");
        let mid = "six:a7,d7/b6,d6/1,1/w";
        assert_eq!(
            json(&boyi(&["analyze", game, mid, "--db", d, "--json"]))["moves"],
            json(&boyi(&["analyze", game, mid, "--json"]))["moves"]
        );
        let line = json(&boyi(&["db", "line", d, "--json"]));
        assert_eq!(line["steps"][0]["position"], start);
        // timed lookups: a row a tier's file, and positions of the whole game
        let bench = text(&boyi(&["--db", d, "bench", "--runs", "1"]).stdout);
        assert_eq!(bench.matches("| slots |").count() as u64, tiers, "{bench}");
        assert!(bench.contains(&format!("| {}@2:six | positions of every tier | 1048576 |", game)), "{bench}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_lost_tier_is_rebuilt_and_damage_is_refused() {
    let dir = fresh("damage");
    build(&dir, "morris", &["board=six", "white=3", "black=3"]);
    let d = dir.to_str().unwrap();
    let before = files(&dir);
    let manifest = std::fs::read_to_string(dir.join("manifest.txt")).unwrap();
    // the largest tier lost: the same command solves it again, to the same bytes
    let (name, bytes) = before.iter().max_by_key(|(_, b)| b.len()).unwrap().clone();
    std::fs::remove_file(dir.join(&name)).unwrap();
    build(&dir, "morris", &["board=six", "white=3", "black=3"]);
    assert_eq!(files(&dir), before);
    assert_eq!(std::fs::read_to_string(dir.join("manifest.txt")).unwrap(), manifest);

    // a value changed in a tier's file (the movement tier, three stones
    // each): refused when a question reads the tier, naming the file;
    // opening the directory reads only the headers, so a lookup that
    // needs other tiers still answers
    assert_eq!(name, "3-3-0-0.db");
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x5;
    std::fs::write(dir.join(&name), &damaged).unwrap();
    let reads = [
        vec!["analyze", "morris", "six:a7,d7,g7/b6,d6,f6/0,0/w", "--db", d],
        // the last placement: its moves lead into the damaged tier
        vec!["analyze", "morris", "six:a7,d7/b6,d6,f6/1,0/w", "--db", d],
        vec!["db", "info", d],
        vec!["db", "verify", d],
    ];
    for args in reads {
        let out = boyi(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(&name) && err.contains("damaged"), "{args:?}: {err}");
    }
    // a directory without the tier whose moves reach the damaged one: that
    // tier is solved for the question from the damaged file, refused
    let without: String =
        manifest.lines().filter(|l| !l.starts_with("tier 2-3-1-0 ")).map(|l| l.to_string() + "\n").collect();
    assert_ne!(without, manifest);
    std::fs::write(dir.join("manifest.txt"), &without).unwrap();
    let out = boyi(&["analyze", "morris", "six:a7,d7/b6,d6/1,1/w", "--db", d]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains(&name) && text(&out.stderr).contains("damaged"), "{}", text(&out.stderr));
    std::fs::write(dir.join("manifest.txt"), &manifest).unwrap();
    let start = ["analyze", "morris", "six:none/none/3,3/w", "--json"];
    let looked = boyi(&[&start[..], &["--db", d]].concat());
    assert!(looked.status.success(), "{}", text(&looked.stderr));
    assert_eq!(json(&looked)["moves"], json(&boyi(&start))["moves"]);
    std::fs::write(dir.join(&name), &bytes).unwrap();

    // a manifest naming a file outside its directory: refused, naming the line
    let tier = name.trim_end_matches(".db");
    std::fs::write(dir.join("manifest.txt"), manifest.replacen(&format!("tier {tier} "), "tier ../elsewhere ", 1))
        .unwrap();
    let out = boyi(&["db", "info", d]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("a tier line reads \"tier ../elsewhere"), "{}", text(&out.stderr));
    std::fs::write(dir.join("manifest.txt"), &manifest).unwrap();
    assert!(boyi(&["db", "info", d]).status.success());

    // no manifest: not a database; a compressed build of tiers: refused
    std::fs::remove_file(dir.join("manifest.txt")).unwrap();
    let out = boyi(&["db", "info", d]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not a directory of tiers"), "{}", text(&out.stderr));
    let out = boyi(&["db", "build", "morris", "board=six", "--out", d, "--compress"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--compress"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A build killed (SIGKILL) in the middle of its tiers: the same command
/// keeps the tiers written, solves the rest (the one it was in again) and
/// leaves the directory an unbroken build leaves, byte for byte.
#[test]
fn a_killed_build_resumes_to_the_same_files() {
    let params = ["board=six", "white=5", "black=5"];
    let whole = fresh("unbroken");
    build(&whole, "morris", &params);
    let want = files(&whole);
    let killed = fresh("killed");
    let mut args = vec!["db", "build", "morris"];
    args.extend(params);
    args.extend(["--out", killed.to_str().unwrap(), "--progress", "none"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_boyi")).args(&args).spawn().unwrap();
    let written = || std::fs::read_dir(&killed).map_or(0, |d| d.filter(|e| e.is_ok()).count());
    let waited = std::time::Instant::now();
    while written() < want.len() / 3 && waited.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    if killed.join("manifest.txt").exists() {
        // the build won the race and finished: lose what a kill loses
        std::fs::remove_file(killed.join("manifest.txt")).unwrap();
        let (last, _) = files(&killed).into_iter().max_by_key(|(_, b)| b.len()).unwrap();
        std::fs::remove_file(killed.join(last)).unwrap();
    }
    let kept = files(&killed).len();
    assert!(kept > 0 && kept < want.len(), "{kept} of {} tiers written when killed", want.len());
    assert!(!killed.join("manifest.txt").exists());
    build(&killed, "morris", &params);
    assert_eq!(files(&killed), want);
    let names = |d: &Path| {
        let mut n: Vec<_> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name()).collect();
        n.sort();
        n
    };
    assert_eq!(names(&killed), names(&whole));
    assert_eq!(std::fs::read(killed.join("manifest.txt")).unwrap(), std::fs::read(whole.join("manifest.txt")).unwrap());
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&killed);
}

/// `kill` (SIGTERM) stops a build as Ctrl-C does: cleanly, saying what it
/// kept (the walk of the tier it was in saved where it stopped), and the
/// same command finishes it to the bytes of an unbroken build. A build
/// started under `nohup` (SIGHUP ignored) keeps ignoring hang-ups.
#[cfg(unix)]
#[test]
fn a_terminated_build_stops_cleanly_and_resumes() {
    use std::os::unix::process::CommandExt;
    let params = ["board=six", "white=5", "black=5"];
    let whole = fresh("whole-for-term");
    build(&whole, "morris", &params);
    let want = files(&whole);
    let stopped = fresh("terminated");
    let mut args = vec!["db", "build", "morris"];
    args.extend(params);
    args.extend(["--out", stopped.to_str().unwrap(), "--progress", "none", "--checkpoint-every", "3600"]);
    let mut command = Command::new(env!("CARGO_BIN_EXE_boyi"));
    command.args(&args).stderr(std::process::Stdio::piped());
    // SAFETY: only a signal disposition is set between fork and exec
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let pid = child.id() as libc::pid_t;
    // SAFETY: a signal to the child, which is not reaped before the last
    let signal = |sig: libc::c_int| unsafe { libc::kill(pid, sig) };
    let written = || std::fs::read_dir(&stopped).map_or(0, |d| d.filter(|e| e.is_ok()).count());
    let waited = std::time::Instant::now();
    while written() < want.len() / 3 && waited.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(signal(libc::SIGHUP), 0);
    std::thread::sleep(std::time::Duration::from_millis(50));
    let hung_up = child.try_wait().unwrap();
    assert!(hung_up.is_none_or(|s| s.success()), "a hang-up under nohup stopped the build");
    if hung_up.is_none() {
        assert_eq!(signal(libc::SIGTERM), 0);
    }
    let out = child.wait_with_output().unwrap();
    let said = text(&out.stderr);
    if out.status.success() {
        // the build won the race: nothing left to check of the stop
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "the build finished before SIGTERM reached it: {said}");
    } else {
        assert!(said.contains("morris: interrupted"), "{said}");
        assert!(said.contains("finished tiers"), "{said}");
        assert!(!stopped.join("manifest.txt").exists());
        build(&stopped, "morris", &params);
    }
    assert_eq!(files(&stopped), want);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&stopped);
}
