//! Dōbutsu Shōgi positions, one a line in `clausecker/dobutsu`'s `setup`
//! notation (`S/gle/-c-/-C-/ELG/-`); one value a line for the side to
//! move: `win N`, `lose N` (N plies to the end under best play) or `draw`.
//! A solved database (`--db`) answers by lookup; without one, each
//! material in the input is solved once (the full game needs 6 GiB).

use std::collections::HashMap;

use boyi::solve::{retrograde, Solved};
use boyi::{Control, Outcome};

use super::{pick_case, Problem, SolveOptions};
use crate::dobutsu::{Dobutsu, DobutsuListing};
use crate::error::Error;
use crate::listing::{Entry, Listing};

pub struct DobutsuProblem;

/// The positions of the input with the line each came from.
fn parse(input: &str) -> Result<Vec<(Dobutsu, crate::listing::Moving<crate::dobutsu::Board>)>, Error> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let position = DobutsuListing.parse(text).map_err(|e| e.map_message(|m| format!("line {}: {m}", i + 1)))?;
        out.push(position);
    }
    if out.is_empty() {
        return Err(Error::input("the input has no position: expected one a line, like S/gle/-c-/-C-/ELG/-"));
    }
    Ok(out)
}

fn answer(value: Outcome) -> String {
    match value {
        Outcome::Win(n) => format!("win {n}\n"),
        Outcome::Lose(n) => format!("lose {n}\n"),
        Outcome::Draw => "draw\n".to_string(),
    }
}

impl Problem for DobutsuProblem {
    fn id(&self) -> &'static str {
        "dobutsu"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    fn summary(&self) -> &'static str {
        "Dōbutsu Shōgi positions, a value a line (retrograde analysis, or lookups with --db)"
    }

    fn help(&self) -> &'static str {
        "Input: positions SIDE/R1/R2/R3/R4/HAND, one a line (S/gle/-c-/-C-/ELG/-; see `boyi list --params`).\n\
         Output: the value for the side to move, a line a position: `win N`, `lose N` (N plies) or `draw`.\n\
         Example:\n  S/-l-/-c-/-C-/-L-/-\n  -> win 15\n\
         Sizes: the full game is a 560 MB solve of about a minute (build it once: `boyi db build dobutsu --out F`,\n\
         then `boyi solve dobutsu --db F`); positions with fewer pieces solve in moments."
    }

    fn game(&self) -> &'static dyn Entry {
        &DobutsuListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults_but(self.id(), &["--db"])?;
        let positions = parse(input)?;
        let keys: Vec<String> =
            positions.iter().map(|(game, _)| DobutsuListing.solved_key(game).expect("solved whole")).collect();
        options.databases_hold(&keys, "position")?;
        let mut tables: HashMap<[u8; 3], Solved<Outcome>> = HashMap::new();
        let mut out = String::new();
        for (game, state) in &positions {
            let table = match tables.entry(game.material()) {
                std::collections::hash_map::Entry::Occupied(known) => known.into_mut(),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    let key = DobutsuListing.solved_key(game).expect("solved whole");
                    let table = match options.databases.iter().find(|d| d.header().key == key) {
                        Some(db) => Solved::mapped_for(db.clone(), game)
                            .ok_or_else(|| Error::input(format!("the database for {key} does not hold its values")))?,
                        None => retrograde::solve(game, ctl)?,
                    };
                    slot.insert(table)
                }
            };
            out += &answer(table.value(game, &state.pos));
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let (game, state) = pick_case(parse(input)?, case)?;
        Ok((DobutsuListing.write(&game, &state), words.to_vec()))
    }

    /// Positions a few random moves from the start, one a line (with every
    /// piece: `--db` answers them; a solve of the whole game takes a minute).
    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let lines = crate::generate::grow(rng, size, 1, 50);
        let mut s = String::new();
        for _ in 0..lines {
            let mut pos = self.game().start(&crate::params::Params::new()).expect("the start");
            for _ in 0..rng.range(0, 30) {
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.range(0, moves.len() as i64 - 1) as usize];
                pos = pos.play(&m.name).expect("a listed move");
            }
            s += &pos.text();
            s += "\n";
        }
        s
    }
}
