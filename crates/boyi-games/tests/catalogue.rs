//! The contract every game of the catalogue keeps, checked on each game
//! through the one interface the front ends use (so a new game is checked
//! without editing this file): positions read back as they are written;
//! every listed move plays; a position is worth its best move; moves come
//! best first; and, in games whose moves earn nothing, a move is worth to
//! its mover what the position it leads to is worth to the opponent, one
//! move later.

use boyi::Control;
use boyi_games::catalogue::{self, Cx, Entry, Position, Session};
use boyi_games::generate::Rng;
use boyi_games::{Params, Verdict};

/// Default parameters, seeded; boards small enough to search in a test.
fn params(entry: &dyn Entry) -> Params {
    let mut p = Params::new();
    for spec in entry.info().params {
        if spec.name == "seed" {
            p.set("seed", "11");
        }
    }
    if entry.info().id == "connect4" {
        p = p.with("width", 5).with("height", 4);
    }
    if matches!(entry.info().id, "morris" | "lasker-morris" | "morabaraba") {
        // the standard game is refused in memory; Six Men's board with three stones each is a second
        p = p.with("board", "six").with("white", 3).with("black", 3);
    }
    if entry.info().id == "dobutsu" {
        // the full game is a 560 MB solve of a minute; one elephant and a chick a side is 0.1 s
        p = p.with("elephants", 1).with("giraffes", 0).with("chicks", 2);
    }
    p
}

fn check(position: &dyn Position, cx: &Cx) -> Vec<String> {
    let id = position.entry().info().id;
    let text = position.text();
    let again = position.entry().open(&text).unwrap_or_else(|e| panic!("{id}: {text:?} does not read back: {e}"));
    assert_eq!(again.text(), text, "{id}");
    assert!(!position.diagram().text(&[]).is_empty(), "{id}: an empty picture");
    let a = position.analyze(cx).unwrap_or_else(|e| panic!("{id} {text}: {e}"));
    let listed: Vec<String> = position.moves().iter().map(|m| m.name.clone()).collect();
    assert_eq!(position.over(), listed.is_empty() && a.unlisted == 0, "{id} {text}");
    if a.unlisted == 0 {
        let mut valued: Vec<String> = a.moves.iter().map(|m| m.info.name.clone()).collect();
        let mut names = listed.clone();
        valued.sort();
        names.sort();
        assert_eq!(valued, names, "{id} {text}: the analysis values every legal move");
    }
    assert!(a.moves.windows(2).all(|w| w[0].value >= w[1].value), "{id} {text}: best first");
    if let Some(best) = a.moves.first() {
        // (A nimber says who wins either way; its number differs between
        // a position and the move, which names the nimber it leaves.)
        match (a.value, best.value) {
            (Verdict::Nimber { .. }, Verdict::Nimber { .. }) => assert_eq!(a.value.result(), best.value.result()),
            _ => assert_eq!(a.value, best.value, "{id} {text}: a position is worth its best move"),
        }
    }
    let earns_nothing = position.entry().info().values != "score";
    for m in &a.moves {
        let child = position.play(&m.info.name).unwrap_or_else(|e| panic!("{id} {text} {}: {e}", m.info.name));
        if earns_nothing {
            let back = child.analyze(cx).unwrap().value.flip();
            let same = match (back, m.value) {
                // A nimber's move value names the nimber it leaves.
                (Verdict::Nimber { nimber: a, .. }, Verdict::Nimber { nimber: b, .. }) => a == b,
                (a, b) => a == b,
            };
            assert!(same, "{id} {text}: move {} is worth {:?}, its position {:?}", m.info.name, m.value, back);
        }
    }
    listed
}

#[test]
fn every_game_keeps_the_contract_along_random_games() {
    let (ctl, session) = (Control::default(), Session::new(64 << 20, 16 << 20));
    let cx = Cx::new(&ctl, &session);
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for entry in catalogue::games() {
        let id = entry.info().id;
        for game in 0..3 {
            let mut position = entry.start(&params(entry)).unwrap_or_else(|e| panic!("{id}: {e}"));
            for _ in 0..10 {
                let moves = check(position.as_ref(), &cx);
                checked += 1;
                if moves.is_empty() {
                    break;
                }
                let pick = &moves[rng.range(0, moves.len() as i64 - 1) as usize];
                position = position.play(pick).unwrap_or_else(|e| panic!("{id} game {game}: {pick}: {e}"));
            }
        }
    }
    assert!(checked > 10 * catalogue::games().len(), "only {checked} positions checked");
}

#[test]
fn every_game_describes_itself() {
    for entry in catalogue::games() {
        let info = entry.info();
        assert!(!info.name.is_empty() && !info.rules.is_empty() && !info.notation.is_empty(), "{}", info.id);
        assert!(["outcome", "score", "nimber"].contains(&info.values), "{}", info.id);
        for spec in info.params {
            // every default is a valid value
            let p = Params::new().with(spec.name, spec.default);
            assert!(p.check(info.id, info.params).is_ok(), "{} {}", info.id, spec.name);
        }
        assert!(catalogue::game(info.id).is_some());
    }
}
