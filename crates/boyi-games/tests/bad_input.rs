//! Bad judge input gets one line naming what is wrong and where, never a
//! panic; random byte strings and mangled samples are thrown at every
//! adapter of the catalogue, and random text at every game's position
//! parser, so a new game or problem is covered without editing a list.

use boyi::Control;
use boyi_games::{catalogue, Error};
use proptest::prelude::*;

fn solve(problem: &str, input: &str, ctl: &Control) -> Result<String, Error> {
    catalogue::problem(problem).unwrap().solve(input, &Default::default(), ctl)
}

fn error(problem: &str, input: &str) -> String {
    match solve(problem, input, &Control::default()) {
        Ok(out) => panic!("{problem} accepted {input:?} and printed {out:?}"),
        Err(e) => {
            assert_eq!(e.exit_code(), 2, "{e}");
            let msg = e.to_string();
            assert!(!msg.contains('\n'), "error spans lines: {msg}");
            msg
        }
    }
}

#[test]
fn young_chess_errors_name_the_place() {
    assert_eq!(error("young-chess", "2 3\n2 7 3\n"), "the input ends after line 2; expected A[2][1]");
    assert_eq!(error("young-chess", "2 x\n"), "line 1, token 2: expected the column count m, found \"x\"");
    assert_eq!(error("young-chess", "0 3\n"), "line 1, token 1: the row count n = 0 is out of range 1 to 63");
    assert_eq!(error("young-chess", "1 1\n-5\n3\n"), "line 2, token 1: A[1][1] = -5 is out of range 0 to 2147483647");
    assert_eq!(error("young-chess", "1 1\n5\n3\n9\n"), "line 4, token 1: unexpected extra input \"9\"");
    assert_eq!(error("young-chess", ""), "the input is empty; expected the row count n");
}

#[test]
fn permutation_game_errors() {
    assert_eq!(error("permutation-game", "1\n3\n1 2\n"), "the input ends after line 3; expected number 3 of case 1");
    assert_eq!(error("permutation-game", "1\n31\n"), "line 2, token 1: N of case 1 = 31 is out of range 1 to 30");
    assert_eq!(error("permutation-game", "x"), "line 1, token 1: expected the case count T, found \"x\"");
}

#[test]
fn gems_fight_errors() {
    assert_eq!(error("gems-fight", "1 1 0\n1 1\n0 0 0\n"), "case 1: S = 0, but S gems must melt into a stone (S >= 1)");
    assert_eq!(
        error("gems-fight", "2 1 3\n2 1 3\n0 0 0\n"),
        "line 2, token 3: a colour of bag 1 in case 1 = 3 is out of range 1 to 2"
    );
    assert_eq!(
        error("gems-fight", "2 2 3\n2 1 2\n"),
        "the input ends after line 2; expected the gem count of bag 2 in case 1"
    );
    assert_eq!(error("gems-fight", "2 33 3\n"), "line 1, token 2: B of case 1 = 33 is out of range 0 to 32");
    // The end marker is part of the format.
    assert_eq!(error("gems-fight", "1 1 1\n1 1\n"), "the input ends after line 2 without the end marker `0 0 0`");
}

#[test]
fn coin_game_errors() {
    assert_eq!(error("coin-game", "3\n1\n2\n"), "the input ends after line 3; expected coin 3");
    assert_eq!(error("coin-game", "2\n1\n0\n"), "line 3, token 1: coin 2 = 0 is out of range 1 to 1000000000");
    assert_eq!(
        error("coin-game", "3\n1000000000\n1000000000\n1000000000\n"),
        "the coins total 3000000000, more than the 2147483647 the score table holds"
    );
}

#[test]
fn impartial_problem_errors() {
    assert_eq!(error("split-game", "1\n3\n1 2\n"), "the input ends after line 3; expected p_2 of case 1");
    assert_eq!(error("split-game", "1\n22\n"), "line 2, token 1: n of case 1 = 22 is out of range 2 to 21");
    assert_eq!(
        error("split-game", "1\n2\n1 10001\n"),
        "line 3, token 2: p_1 of case 1 = 10001 is out of range 0 to 10000"
    );
    assert_eq!(
        error("array-game", "0\n1\n"),
        "line 1, token 1: the array length n = 0 is out of range 1 to 1000000000"
    );
    assert_eq!(
        error("array-game", "5\n1\n2\n1 6\n"),
        "line 4, token 2: white cell 2 of query 1 = 6 is out of range 1 to 5"
    );
    assert_eq!(error("array-game", "5\n1\n2\n3 3\n"), "query 1: cell 3 is listed twice");
    assert_eq!(
        error("array-game", "5\n2\n1\n3\n"),
        "the input ends after line 4; expected the white cell count of query 2"
    );
    assert_eq!(error("moving-pebbles", "3 2 1\n"), "the input ends after line 1; expected pile 3 of case 1");
    assert_eq!(
        error("moving-pebbles", "2 1 0\n"),
        "line 1, token 3: pile 2 of case 1 = 0 is out of range 1 to 4611686018427387904"
    );
    assert_eq!(error("moving-pebbles", "\n\n"), "the input has no case: expected n and n pile sizes");
    assert_eq!(error("black-white", "10 3 2\n"), "k = 3 is odd; the pieces come in white-black pairs");
    assert_eq!(
        error("black-white", "10 4 5\n"),
        "line 1, token 3: the most pieces a move moves, d = 5 is out of range 1 to 4"
    );
    assert_eq!(
        error("black-white", "10001 4 1\n"),
        "line 1, token 1: the board length n = 10001 is out of range 1 to 10000"
    );
    assert_eq!(error("black-white", "10 4 2 7\n"), "line 1, token 4: unexpected extra input \"7\"");
}

#[test]
fn sizes_beyond_memory_are_refused_up_front() {
    let ctl = Control::default().with_memory_limit(1 << 20);
    let input = format!("1\n24\n{}\n", (1..=24).rev().map(|x| x.to_string()).collect::<Vec<_>>().join(" "));
    let e = solve("permutation-game", &input, &ctl).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert!(e.to_string().contains("needs 2.0 MiB, limit 1.0 MiB"), "{e}");
    // young-chess 20x20 needs C(40, 20) slots of 4 bytes: 514 GiB
    let mut big = String::from("20 20\n");
    for _ in 0..800 {
        big.push_str("1 ");
    }
    let e = solve("young-chess", &big, &Control::default()).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert_eq!(e.to_string(), "the value table needs 514 GiB, limit 4.0 GiB");
}

#[test]
fn chase_errors() {
    assert_eq!(error("chase", "2 1 1 1 1\n"), "line 1: both pieces are on row 1, column 1");
    assert_eq!(error("chase", "3 1 1 4 1\n"), "line 1, token 4: black's row r2 = 4 is out of range 1 to 3");
    assert_eq!(error("chase", "1 1 1 1 1\n"), "line 1, token 1: the board size n = 1 is out of range 2 to 215");
    assert_eq!(error("chase", "2 1 1 2\n"), "the input ends after line 1; expected black's column c2");
    assert_eq!(error("chase", "3 1 2 2"), "the input ends after line 1; expected black's column c2");
    assert_eq!(error("chase", "2 1 1 2 2 x\n"), "line 1, token 6: expected the board size n, found \"x\"");
    assert_eq!(error("torus-chase", "5 5 1 1 2 2\n"), "line 1, token 2: black's reach k = 5 is out of range 1 to 4");
    assert_eq!(error("chase", ""), "the input is empty; expected the board size n");
}

#[test]
fn rabbit_egg_errors() {
    assert_eq!(
        error("rabbit-egg", "1 3\nXOX\n1\n1 1\n1 2\n"),
        "lines 2-2: the board has no empty cell (.); it must have exactly one"
    );
    assert_eq!(
        error("rabbit-egg", "2 2\nX.\n.O\n1\n1 1\n1 2\n"),
        "lines 2-3: the board has 2 empty cells (.), at row 1, column 2 and row 2, column 1; it must have exactly one"
    );
    assert_eq!(
        error("rabbit-egg", "1 3\nX.X\n1\n1 3\n1 2\n"),
        "line 4: Tutu's move 1, 1 3, is illegal: that piece is black (X), but Tutu moves white (O) pieces"
    );
    assert_eq!(
        error("rabbit-egg", "1 6\nXO.OXO\n1\n1 2\n1 3\n"),
        "line 5: Dandan's move 1, 1 3, is illegal: that piece is white (O), but Dandan moves black (X) pieces"
    );
    assert_eq!(
        error("rabbit-egg", "1 6\nXO.OXO\n1\n1 6\n1 1\n"),
        "line 4: Tutu's move 1, 1 6, is illegal: that cell is not next to the empty cell"
    );
    assert_eq!(
        error("rabbit-egg", "1 3\nX.O\n1\n1 4\n1 2\n"),
        "line 4, token 2: the column y of Tutu's move 1 = 4 is out of range 1 to 3"
    );
    assert_eq!(
        error("rabbit-egg", "1 3\nXaO\n1\n1 3\n1 2\n"),
        "line 2, token 1: expected X, O or . on row 1 of the board, found \"a\""
    );
    assert_eq!(error("rabbit-egg", "1 3\nX.OO\n1\n"), "line 2, token 1: row 1 has more than 3 cells");
    assert_eq!(error("rabbit-egg", "1 3\nX.O\n2\n"), "line 3, token 1: the move count k = 2 is out of range 1 to 1");
    // Tutu is stuck at once: any move is illegal.
    assert_eq!(
        error("rabbit-egg", "1 2\n.X\n1\n1 2\n1 1\n"),
        "line 4: Tutu's move 1, 1 2, is illegal: that piece is black (X), but Tutu moves white (O) pieces"
    );
}

#[test]
fn geography_errors() {
    assert_eq!(error("geography", "3 1\n1 4\n1\n"), "line 2, token 2: vertex v of edge 1 = 4 is out of range 1 to 3");
    assert_eq!(error("geography", "3 2\n1 2\n"), "the input ends after line 2; expected vertex u of edge 2");
    assert_eq!(error("geography", "3 0\n0\n"), "line 2, token 1: the start vertex s = 0 is out of range 1 to 3");
    assert_eq!(error("geography", "0 0\n"), "line 1, token 1: the vertex count n = 0 is out of range 1 to 10000000");
}

#[test]
fn loopy_sizes_beyond_memory_are_refused() {
    let e = solve("chase", "215 1 1 2 2\n", &Control::default()).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert_eq!(e.to_string(), "the retrograde table needs 5.0 GiB, limit 4.0 GiB");
    let e = solve("geography", "10000000 2000000000\n", &Control::default()).unwrap_err();
    assert_eq!(e.exit_code(), 3);
    assert!(e.to_string().starts_with("the graph and its matching needs"), "{e}");
}

fn no_panic(problem: &str, input: &str) -> Result<(), TestCaseError> {
    // A small budget keeps any accidentally valid big instance quick.
    let ctl = Control::default().with_memory_limit(8 << 20);
    let problem = catalogue::problem(problem).unwrap();
    // Connect Four searches what it reads: only the weak answer, and only
    // positions the shipped book or a short search settle.
    let options = boyi_games::SolveOptions { weak: true, threads: 1, ..Default::default() };
    let options = if problem.id() == "connect4" { options } else { Default::default() };
    match problem.solve(input, &options, &ctl) {
        Ok(out) => prop_assert!(out.ends_with('\n') || out.is_empty()),
        Err(Error::Engine(boyi::Error::Memory { .. })) => {}
        Err(e) => {
            let msg = e.to_string();
            prop_assert!(!msg.contains('\n') && !msg.is_empty(), "{}", msg);
            prop_assert!(e.exit_code() == 2 || e.exit_code() == 3, "{}", msg);
        }
    }
    Ok(())
}

/// Every judge problem of the catalogue, by id.
fn problems() -> Vec<&'static str> {
    catalogue::problems().iter().map(|p| p.id()).collect()
}

fn sample(problem: &str) -> String {
    let dir = format!("{}/../../examples/{problem}", env!("CARGO_MANIFEST_DIR"));
    let first = std::fs::read_dir(&dir)
        .unwrap_or_else(|_| panic!("{dir}: every problem has examples"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .min()
        .unwrap();
    std::fs::read_to_string(first).unwrap()
}

/// A game's position parser on any text: a position or a one-line error.
fn opens_or_says_why(game: usize, text: &str) -> Result<(), TestCaseError> {
    let entry = catalogue::games()[game];
    match entry.open(text) {
        Ok(p) => {
            // What it reads, it writes back and reads again the same.
            let again = entry.open(&p.text()).expect("a written position reads back");
            prop_assert_eq!(again.text(), p.text());
        }
        Err(e) => {
            let msg = e.to_string();
            prop_assert!(!msg.contains('\n') && !msg.is_empty(), "{}: {}", entry.info().id, msg);
            prop_assert_eq!(e.exit_code(), 2, "{}", msg);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64), which in any::<prop::sample::Index>()) {
        let p = problems();
        no_panic(p[which.index(p.len())], &String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn random_tokens_never_panic(tokens in proptest::collection::vec(
        prop_oneof![
            (0u64..40).prop_map(|x| x.to_string()),
            any::<i64>().prop_map(|x| x.to_string()),
            Just("-1".to_string()), Just("x".to_string()), Just("\n".to_string()), Just("".to_string()),
        ], 0..40), which in any::<prop::sample::Index>()) {
        let p = problems();
        no_panic(p[which.index(p.len())], &tokens.join(" "))?;
    }

    #[test]
    fn mangled_samples_never_panic(which in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>(), pos in any::<prop::sample::Index>(), junk in "[0-9a-z -]{0,4}") {
        let p = problems();
        let problem = p[which.index(p.len())];
        let s = sample(problem);
        let cut_at = cut.index(s.len() + 1);
        no_panic(problem, &s[..cut_at])?;
        let at = pos.index(s.len() + 1);
        no_panic(problem, &format!("{}{junk}{}", &s[..at], &s[at..]))?;
    }

    /// Random text of the characters positions are written in.
    #[test]
    fn random_positions_never_panic(game in any::<prop::sample::Index>(), text in "[0-9a-zA-Z:,./ x-]{0,24}") {
        opens_or_says_why(game.index(catalogue::games().len()), &text)?;
    }

    /// Real positions, mangled: cut short or with junk put in.
    #[test]
    fn mangled_positions_never_panic(game in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>(), junk in "[0-9a-z:,-]{0,3}") {
        let g = game.index(catalogue::games().len());
        let entry = catalogue::games()[g];
        let text = entry.start(&seeded(entry)).unwrap().text();
        let at = cut.index(text.len() + 1);
        opens_or_says_why(g, &text[..at])?;
        opens_or_says_why(g, &format!("{}{junk}{}", &text[..at], &text[at..]))?;
    }
}

/// Default parameters, with a fixed seed where a game takes one.
fn seeded(entry: &dyn boyi_games::Entry) -> boyi_games::Params {
    let mut p = boyi_games::Params::new();
    if entry.info().params.iter().any(|x| x.name == "seed") {
        p.set("seed", "7");
    }
    p
}

#[test]
fn every_problem_has_examples_to_mangle() {
    for p in problems() {
        assert!(!sample(p).is_empty(), "{p}");
    }
}

#[test]
fn sprague_grundy_problem_errors() {
    assert_eq!(error("misere-nim", "1\n3\n1 2\n"), "the input ends after line 3; expected heap 3 of case 1");
    assert_eq!(error("misere-nim", "1\n2\n1 -2\n"), "line 3, token 2: expected heap 2 of case 1, found \"-2\"");
    assert_eq!(error("misere-nim", "1\n2\n1 2 3\n"), "line 3, token 3: unexpected extra input \"3\"");
    assert_eq!(error("bash-game", "2\n23 2\n"), "the input ends after line 2; expected n of case 2");
    assert_eq!(
        error("bash-game", "1\n5 0\n"),
        "line 2, token 2: m of case 1 = 0 is out of range 1 to 1000000000000000000"
    );
    assert_eq!(error("wythoff", "4 -7\n"), "line 1, token 2: expected pile b of pair 1, found \"-7\"");
    assert_eq!(error("wythoff", "4 7\n1\n"), "the input ends after line 2; expected pile b of pair 2");
    assert_eq!(error("staircase-nim", "1\n2\n3 3\n"), "line 3: case 1 has two men on cell 3");
    assert_eq!(
        error("staircase-nim", "1\n2\n0 3\n"),
        "line 3, token 1: cell 1 of case 1 = 0 is out of range 1 to 1000000000"
    );
    assert_eq!(error("lasker-nim", "1\n3\n1 2\n"), "the input ends after line 3; expected heap 3 of case 1");
    assert_eq!(
        error("lasker-nim", "1\n2\n0 3\n"),
        "line 3, token 1: heap 1 of case 1 = 0 is out of range 1 to 2147483647"
    );
    assert_eq!(
        error("every-sg", "2\n1 -1\n3 3\n"),
        "line 2, token 2: expected pile q of game 1 of case 1, found \"-1\""
    );
    assert_eq!(error("every-sg", "1\n1\n"), "the input ends after line 2; expected pile q of game 1 of case 1");
    assert_eq!(
        error("tree-game", "1\n3\n1 2\n2 4\n"),
        "line 4, token 2: the other end of edge 2 of case 1 = 4 is out of range 1 to 3"
    );
    assert_eq!(
        error("tree-game", "1\n4\n1 2\n2 3\n3 2\n"),
        "line 5: case 1 is not a tree: vertex 4 is not joined to the root 1"
    );
    assert_eq!(error("tree-game", "1\n3\n1 2\n"), "the input ends after line 3; expected an end of edge 2 of case 1");
    assert_eq!(
        error("christmas-game", "1\n2 1\n1 3\n"),
        "line 3, token 2: the other end of edge 1 of picture 1 of case 1 = 3 is out of range 1 to 2"
    );
    assert_eq!(
        error("christmas-game", "1\n2 2\n1 2\n"),
        "the input ends after line 3; expected an end of edge 2 of picture 1 of case 1"
    );
    assert_eq!(error("fibonacci-nim", "5\n"), "the input ends after line 1 without the end marker `0`");
    assert_eq!(
        error("fibonacci-nim", "-5\n0\n"),
        "line 1, token 1: expected the pile n of case 1 (or 0 to end), found \"-5\""
    );
    assert_eq!(error("fibonacci-nim", ""), "the input is empty; expected pile sizes n, one a line, then 0");
    // the end marker ends the input: what follows is not read
    assert_eq!(solve("fibonacci-nim", "5\n0\nxx\n", &Control::default()).unwrap(), "Second win\n");
}
