//! Pascal Pons' two quick benchmark sets, every position solved exactly:
//! `Test_L3_R1` (late positions) and `Test_L2_R1` (middle game), 1000
//! positions each, `moves score` a line. The slower sets are in `boyi bench`.

use std::path::Path;

use boyi::solve::alphabeta::AlphaBeta;
use boyi::Control;
use boyi_games::connect4::{Connect4, Fixed};

fn check_set(name: &str, threads: usize, solo_nodes: u64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/connect4").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let game = Connect4::with_shape(Fixed::<7, 6>);
    let mut search = AlphaBeta::new(&game, Control::default(), 64 << 20).unwrap().with_solo_nodes(solo_nodes);
    let mut solved = 0;
    for (i, line) in text.lines().enumerate() {
        let mut parts = line.split_whitespace();
        let board = game.parse(parts.next().unwrap()).unwrap();
        let expected: i32 = parts.next().unwrap().parse().unwrap();
        search.clear();
        let got = search.value_parallel(&board, None, threads).unwrap();
        assert_eq!(got, expected, "{name} line {}: {line}", i + 1);
        // The weak solve agrees in sign.
        search.clear();
        let weak = search.value_parallel(&board, Some((-1, 1)), threads).unwrap();
        assert_eq!(weak, expected.signum(), "{name} line {} (weak): {line}", i + 1);
        solved += 1;
    }
    assert_eq!(solved, 1000, "{name} should hold 1000 positions");
}

#[test]
fn every_position_of_test_l3_r1() {
    check_set("Test_L3_R1", 1, 0);
}

#[test]
fn every_position_of_test_l2_r1() {
    check_set("Test_L2_R1", 1, 0);
}

#[test]
fn every_position_of_test_l2_r1_on_two_threads() {
    // Threads join after 200 nodes: most positions hand a half-done search
    // over from one thread to two, the rest finish alone.
    check_set("Test_L2_R1", 2, 200);
}
