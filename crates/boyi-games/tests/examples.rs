//! Every bundled example (`examples/<problem>/*.in`) is answered byte for
//! byte as its `.out` says. The samples of the problem statements are there.
//! (`examples/python/` holds the Python package's scripts instead, and
//! `examples/own-game/` a crate of its own.)

use std::path::Path;

use boyi::Control;
use boyi_games::catalogue;

#[test]
fn every_example_matches_its_expected_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut checked = 0;
    let mut problems = 0;
    for dir in std::fs::read_dir(&root).expect("examples/ exists") {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let id = dir.file_name().unwrap().to_str().unwrap().to_string();
        if id == "python" || id == "own-game" {
            continue; // the Python package's scripts, and a crate of its own: tested where they are
        }
        let problem = catalogue::problem(&id).unwrap_or_else(|| panic!("examples/{id} names no problem"));
        problems += 1;
        for file in std::fs::read_dir(&dir).unwrap() {
            let input = file.unwrap().path();
            if input.extension().and_then(|e| e.to_str()) != Some("in") {
                continue;
            }
            let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
            let text = std::fs::read_to_string(&input).unwrap();
            let got = problem.solve(&text, &Default::default(), &Control::default()).unwrap();
            assert_eq!(got, expected, "{}", input.display());
            checked += 1;
        }
    }
    assert!(problems >= 4 && checked >= 10, "too few examples found: {checked}");
}
