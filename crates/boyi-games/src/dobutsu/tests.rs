//! The game solved whole: retrograde analysis against value iteration by
//! the rules alone, and the published value of the start.

use std::collections::HashMap;

use boyi::solve::retrograde;
use boyi::{Control, Game, Indexed, Outcome, Turn, Value};

use super::{Board, Dobutsu};

/// Values by the rules alone: every board (not folded) with plain value
/// iteration, horizon by horizon, an unfinished game a draw.
fn fixed_point(g: &Dobutsu) -> HashMap<Board, Outcome> {
    let boards: Vec<Board> = (0..g.size())
        .flat_map(|r| {
            let b = g.unrank(r);
            [b, b.mirrored()]
        })
        .collect();
    let mut value: HashMap<Board, Outcome> = boards.iter().map(|&b| (b, Outcome::Draw)).collect();
    loop {
        let mut changed = false;
        let mut next = value.clone();
        for b in &boards {
            let mut moves = Vec::new();
            g.moves(b, &mut moves);
            let v = if moves.is_empty() {
                g.terminal(b)
            } else {
                // a board the index leaves out is over: valued by the rules
                let child = |c: &Board| {
                    value.get(c).copied().unwrap_or_else(|| {
                        let mut moves = Vec::new();
                        g.moves(c, &mut moves);
                        assert!(moves.is_empty(), "a board out of the index has moves: {c:?}");
                        g.terminal(c)
                    })
                };
                moves.iter().map(|&mv| Outcome::back((), Turn::Pass, child(&g.play(b, mv).pos))).max().unwrap()
            };
            if v != value[b] {
                changed = true;
            }
            next.insert(*b, v);
        }
        value = next;
        if !changed {
            return value;
        }
    }
}

#[test]
fn retrograde_equals_value_iteration_on_small_material() {
    for material in [[0, 0, 1], [1, 0, 0], [0, 1, 1]] {
        let g = Dobutsu::with_material(material);
        let want = fixed_point(&g);
        let solved = retrograde::solve(&g, &Control::default()).unwrap();
        for (b, v) in &want {
            assert_eq!(solved.value(&g, b), *v, "{material:?} {b:?}");
        }
        for r in 0..g.size() {
            assert_eq!(solved.value_at(r), want[&g.unrank(r)], "{material:?} slot {r}");
        }
    }
}

/// The published result (Tanaka, 2009; `clausecker/dobutsu`): Sente
/// loses in 78 plies, and its four moves lose in 78, 78, 78 and 76; the
/// longest win takes 173 plies. It needs the whole game solved (a
/// minute and 310 MB here: `boyi db build dobutsu --out F`), so it runs
/// where `BOYI_DOBUTSU_DB=F` names such a file.
#[test]
fn the_start_is_lost_in_78_plies() {
    let Some(path) = std::env::var_os("BOYI_DOBUTSU_DB") else {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: the full Dōbutsu database; set BOYI_DOBUTSU_DB to a file from `boyi db build dobutsu`"
        );
        return;
    };
    let db = std::sync::Arc::new(boyi::db::Database::open(std::path::Path::new(&path)).unwrap());
    let g = Dobutsu::full();
    let solved = boyi::solve::Solved::<Outcome>::mapped_for(db.clone(), &g).unwrap();
    assert_eq!(solved.len(), g.size());
    assert_eq!(solved.value(&g, &g.start()), Outcome::Lose(78));
    let mut moves: Vec<Outcome> = solved.analyze(&g, &g.start()).into_iter().map(|m| m.value).collect();
    moves.sort();
    assert_eq!(moves, [Outcome::Lose(76), Outcome::Lose(78), Outcome::Lose(78), Outcome::Lose(78)]);
    // The longest win, 173 plies, is a position a file of the stored
    // positions leaves out: one move before a stored loss in 172.
    let longest = |file: &boyi::db::Database| {
        let values = file.histogram::<Outcome>(&Control::default()).unwrap();
        values.iter().filter_map(|(v, _)| v.remoteness()).max().unwrap()
    };
    if db.len() == g.size() {
        assert_eq!(longest(&db), 173);
    } else {
        assert_eq!(longest(&db), 172);
    }
}
