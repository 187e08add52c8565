//! `bench/measure.py`, the script that measures docs/benchmarks.md's table
//! again, runs: its quick rows on the binary cargo built, with no
//! reference installed, each missing one said on a line of its own.

use std::path::Path;
use std::process::Command;

#[test]
fn the_measuring_script_runs_its_quick_rows() {
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success()));
    let Some(python) = python else {
        assert!(std::env::var_os("CI").is_none(), "CI runs bench/measure.py: install python3");
        eprintln!("skipped: no python3 to run bench/measure.py");
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/measure.py");
    let table = std::env::temp_dir().join(format!("boyi-measure-{}.md", std::process::id()));
    let mut command = Command::new(python);
    command.arg(&script).args(["--quick", "--runs", "1", "--out"]).arg(&table);
    command.env("BOYI_BIN", env!("CARGO_BIN_EXE_boyi"));
    // (by the binary's directory: CI's release build has debug assertions on)
    let release =
        Path::new(env!("CARGO_BIN_EXE_boyi")).parent().and_then(Path::file_name).is_some_and(|d| d == "release");
    if !release {
        // an unoptimised boyi takes seconds where the release build takes milliseconds
        command.args(["--only", "young-chess,chase-40-db"]);
    }
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("BOYI_REF_")) {
        command.env_remove(name);
    }
    let out = command.output().expect("python runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("| row | what | boyi | reference | ratio | goal | runs |"), "{stdout}");
    let young = stdout.lines().find(|l| l.starts_with("| young-chess |")).expect("the row");
    assert!(young.contains(" ms |") && young.contains("not installed (BOYI_REF_YOUNG_CHESS)"), "{young}");
    assert!(stdout.lines().any(|l| l.starts_with("| chase-40-db |")), "{stdout}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.starts_with("not installed: BOYI_REF_YOUNG_CHESS")).collect();
    assert_eq!(said.len(), 1, "one line a reference: {stderr}");
    assert_eq!(std::fs::read_to_string(&table).unwrap(), stdout, "--out writes what stdout shows");
    let _ = std::fs::remove_file(&table);
}
