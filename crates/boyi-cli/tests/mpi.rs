//! `boyi db build --distributed` under `mpirun`: ranks write the database
//! the one-process solve writes, byte for byte; a rank killed mid-solve
//! stops the run within seconds and the same command resumes from the
//! ranks' checkpoints. Needs a boyi built with the `mpi` feature and Open
//! MPI's `mpirun`: `.ci/run` installs it and runs these with
//! `--features mpi`; elsewhere they skip, saying so.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{boyi, text};

/// Whether these tests can run here; if not, why, printed where the
/// person running `cargo test` sees it: straight to stderr, since the
/// harness swallows `eprintln!` of a passing test and a silent skip reads
/// as a pass.
fn ready(test: &str) -> bool {
    use std::io::Write;
    let skip = |why: &str| {
        let _ = writeln!(std::io::stderr(), "skipped: {test}: {why}");
    };
    if !cfg!(feature = "mpi") {
        skip("boyi built without the mpi feature (.ci/run runs it with --features mpi)");
        return false;
    }
    let found = Command::new("mpirun").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "CI is set but mpirun is missing (.ci/run installs openmpi-bin)");
        skip("no mpirun (Debian's openmpi-bin)");
    }
    found
}

/// `mpirun` starting `ranks` boyis with `args`: unbound (each rank runs
/// threads), as root too (CI's containers), more ranks than cores allowed.
fn mpirun(ranks: usize, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", &ranks.to_string()])
        .arg(env!("CARGO_BIN_EXE_boyi"))
        .args(args)
        .stdin(Stdio::null());
    c
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("boyi-mpi-{}-{name}", std::process::id()))
}

/// Chase and torus chase (with its draws) by retrograde analysis, a
/// young-chess board by the table solver, and a Dōbutsu Shōgi material
/// (whose files hold only the positions it stores, so each rank writes its
/// run of them), solved by 1 to 4 ranks, give the one-process database
/// byte for byte.
#[test]
fn ranks_write_the_one_process_database() {
    if !ready("ranks_write_the_one_process_database") {
        return;
    }
    for (game, params) in [
        ("chase", vec!["n=16"]),
        ("torus-chase", vec!["n=9", "k=2"]),
        ("young-chess", vec!["rows=7", "cols=8", "seed=5"]),
        ("dobutsu", vec!["elephants=1", "giraffes=1", "chicks=1"]),
    ] {
        let one = temp(&format!("{game}-one.db"));
        let mut args = vec!["db", "build", game];
        args.extend(&params);
        let made = boyi(&[&args[..], &["--out", one.to_str().unwrap()]].concat());
        assert!(made.status.success(), "{}", text(&made.stderr));
        let want = std::fs::read(&one).unwrap();
        for ranks in 1..=4 {
            let split = temp(&format!("{game}-{ranks}.db"));
            let run = mpirun(ranks, &[&args[..], &["--out", split.to_str().unwrap(), "--distributed"]].concat())
                .output()
                .unwrap();
            assert!(run.status.success(), "{game}, {ranks} ranks: {}", text(&run.stderr));
            assert!(text(&run.stderr).contains(&format!("on {ranks} rank")), "{}", text(&run.stderr));
            assert!(std::fs::read(&split).unwrap() == want, "{game}, {ranks} ranks: the files differ");
            // and `db diff`, which compares values, not bytes, says so
            let diff = boyi(&["db", "diff", one.to_str().unwrap(), split.to_str().unwrap()]);
            assert!(diff.status.success(), "{game}, {ranks} ranks: {}", text(&diff.stdout));
            assert!(text(&diff.stdout).starts_with("same:"), "{}", text(&diff.stdout));
            let _ = std::fs::remove_file(split);
        }
        let _ = std::fs::remove_file(one);
    }
}

/// A game in tiers built by 1 to 3 ranks, each solving its share of
/// every level of tiers: the directory (every tier's file and the
/// manifest) is the one-process build's, byte for byte.
#[test]
fn ranks_write_the_one_process_tiers() {
    if !ready("ranks_write_the_one_process_tiers") {
        return;
    }
    let files = |dir: &Path| -> Vec<(std::ffi::OsString, Vec<u8>)> {
        let mut f: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap())
            .map(|e| (e.file_name(), std::fs::read(e.path()).unwrap()))
            .collect();
        f.sort();
        f
    };
    let args = ["db", "build", "morris", "board=six", "white=4", "black=4"];
    let one = temp("morris-one");
    let made = boyi(&[&args[..], &["--out", one.to_str().unwrap()]].concat());
    assert!(made.status.success(), "{}", text(&made.stderr));
    let want = files(&one);
    assert!(want.len() > 20, "{} files", want.len());
    for ranks in 1..=3 {
        let split = temp(&format!("morris-{ranks}"));
        let run = mpirun(ranks, &[&args[..], &["--out", split.to_str().unwrap(), "--distributed"]].concat())
            .output()
            .unwrap();
        assert!(run.status.success(), "{ranks} ranks: {}", text(&run.stderr));
        assert!(text(&run.stderr).contains(&format!("on {ranks} rank")), "{}", text(&run.stderr));
        assert!(files(&split) == want, "{ranks} ranks: the directories differ");
        let _ = std::fs::remove_dir_all(split);
    }
    // --compress (one file) refused up front, told once
    let refused = temp("morris-compressed");
    let run = mpirun(2, &[&args[..], &["--out", refused.to_str().unwrap(), "--distributed", "--compress"]].concat())
        .output()
        .unwrap();
    assert!(!run.status.success());
    let said: Vec<String> = text(&run.stderr).lines().filter(|l| l.starts_with("boyi:")).map(String::from).collect();
    assert!(said.len() == 1 && said[0].contains("--compress"), "{said:?}");
    let _ = std::fs::remove_dir_all(one);
}

/// Errors every rank meets alike are told once, by rank 0, and so are
/// ranks that drew different random boards; a rank out of its memory
/// budget names itself and what it needed.
#[test]
fn errors_name_the_rank_and_stop_the_run() {
    if !ready("errors_name_the_rank_and_stop_the_run") {
        return;
    }
    let out = temp("refused.db");
    for (params, error) in [
        ("rows=99", "rows"),
        // no seed: each rank draws its own numbers
        ("rows=3", "give every random parameter a seed"),
    ] {
        let run = mpirun(2, &["db", "build", "young-chess", params, "--out", out.to_str().unwrap(), "--distributed"])
            .output()
            .unwrap();
        assert!(!run.status.success());
        let said: Vec<String> =
            text(&run.stderr).lines().filter(|l| l.starts_with("boyi:")).map(String::from).collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].contains(error), "{said:?}");
    }

    let run =
        mpirun(2, &["--memory", "1M", "db", "build", "chase", "n=40", "--out", out.to_str().unwrap(), "--distributed"])
            .output()
            .unwrap();
    assert!(!run.status.success());
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("boyi: rank ") && stderr.contains("slice of the retrograde table") && stderr.contains("needs"),
        "{stderr}"
    );
    assert!(!out.exists());
}

/// Rank 1 killed (SIGKILL) once the ranks have saved two checkpoints: the
/// run stops within seconds with mpirun naming the rank, and the same
/// command resumes from the checkpoints and writes the one-process file.
#[test]
fn a_killed_rank_stops_the_run_and_the_build_resumes() {
    if !ready("a_killed_rank_stops_the_run_and_the_build_resumes") {
        return;
    }
    let one = temp("kill-one.db");
    let made = boyi(&["db", "build", "chase", "n=64", "--out", one.to_str().unwrap()]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = temp("kill.db");
    let args = ["db", "build", "chase", "n=64", "--out", out.to_str().unwrap(), "--distributed"];
    // a checkpoint at every level: the second file of rank 1 appears early
    let mut run = mpirun(2, &[&args[..], &["--checkpoint-every", "0"]].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let second = PathBuf::from(format!("{}.part1of2.1", out.with_extension("checkpoint").display()));
    let started = Instant::now();
    while !second.exists() {
        assert!(started.elapsed() < Duration::from_secs(60), "rank 1 never saved twice");
        assert!(run.try_wait().unwrap().is_none(), "the run ended before rank 1 saved twice");
        std::thread::sleep(Duration::from_millis(5));
    }
    let rank = rank_pid(run.id(), 1).expect("rank 1's process");
    let killed = Instant::now();
    assert!(Command::new("kill").args(["-KILL", &rank.to_string()]).status().unwrap().success());
    let status = loop {
        if let Some(status) = run.try_wait().unwrap() {
            break status;
        }
        assert!(killed.elapsed() < Duration::from_secs(20), "the run hangs after a rank died");
        std::thread::sleep(Duration::from_millis(20));
    };
    let stopped_in = killed.elapsed();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut run.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(!status.success());
    assert!(stderr.contains("rank 1"), "mpirun names the rank that died: {stderr}");
    eprintln!("the run stopped {:.2} s after rank 1 was killed", stopped_in.as_secs_f64());
    assert!(!out.exists(), "no database from a failed run");

    let resumed = mpirun(2, &args).output().unwrap();
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("resuming from the checkpoint at level"), "{}", text(&resumed.stderr));
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&one).unwrap(), "the resumed build's file differs");
    assert!(!second.exists(), "a finished build removes its checkpoints");
    // and what the killed rank left half-written
    let prefix = out.with_extension("checkpoint").file_name().unwrap().to_string_lossy().into_owned();
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|name| name.starts_with(&prefix))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    for f in [one, out] {
        let _ = std::fs::remove_file(f);
    }
}

/// The process of rank `rank` among `mpirun`'s children (Open MPI starts
/// local ranks as its children and tells each its rank in the environment).
fn rank_pid(mpirun: u32, rank: usize) -> Option<u32> {
    let tasks = std::fs::read_dir(format!("/proc/{mpirun}/task")).ok()?;
    let children: Vec<u32> = tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|c| c.split_whitespace().filter_map(|p| p.parse().ok()).collect::<Vec<u32>>())
        .collect();
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    children.into_iter().find(|pid| {
        std::fs::read(Path::new("/proc").join(pid.to_string()).join("environ"))
            .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == wanted.as_bytes()))
    })
}
