//! What `boyi rule` reports: the rule a heap code's Grundy values follow
//! (proved by the periodicity theorem where it applies), the rule of a
//! catalogue game of integer positions (checked to the table's extent, and
//! proved as a k-pile game where its moves are takes, as Wythoff's are, or
//! as a heap code where they are one, as Dawson's Kayles' are), or
//! of a k-pile game given as takes (`piles:2:one,equal`: proved over every
//! position by automata where its P-set is automatic in base b or on
//! Zeckendorf digits).

use boyi::rules::piles::Piles;
use boyi::rules::{self, proof, Rule, Status, Table, Values};
use boyi::Control;
use serde::Serialize;

use crate::catalogue;
use crate::error::Error;
use crate::params::Params;

#[derive(Serialize)]
pub struct RuleReport {
    /// What the rule is of: a heap code as the engine writes it, or a game id.
    pub of: String,
    pub values: &'static str,
    pub dims: usize,
    pub family: &'static str,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// Why a rule of a game given as takes is not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_proved: Option<String>,
    pub checked_to: u64,
    pub exceptions: Vec<(Vec<u64>, u64)>,
    pub text: String,
    pub python: String,
    pub cpp: String,
    #[serde(skip)]
    pub rule: Rule,
    #[serde(skip)]
    pub table: Table,
}

impl RuleReport {
    fn new(of: String, rule: Rule, table: Table) -> RuleReport {
        RuleReport {
            of,
            values: match rule.values {
                Values::Outcome => "outcome",
                Values::Nimber => "nimber",
            },
            dims: rule.dims,
            family: rule.family(),
            status: rule.status.name(),
            proof: rule.proof.clone(),
            not_proved: None,
            checked_to: rule.checked_to,
            exceptions: rule.exceptions.clone(),
            text: rule.text(),
            python: rule.python(),
            cpp: rule.cpp(),
            rule,
            table,
        }
    }

    /// The report as `boyi rule` prints it.
    pub fn render(&self) -> String {
        let mut s = format!("rule of {} ({}): {}\n", self.of, self.values, self.text);
        s += &format!("family: {}, {}", self.family, self.status);
        match &self.proof {
            Some(proof) => s += &format!(" ({proof})\n"),
            None if self.rule.form.is_some() => s += &format!(" to coordinates below {}\n", self.checked_to),
            None => s += &format!(" (the table: coordinates below {})\n", self.checked_to),
        }
        if let Some(why) = &self.not_proved {
            s += &format!("not proved: {why}\n");
        }
        if self.rule.form.is_some() {
            s += &format!("\nPython:\n{}\nC++:\n{}", self.python, self.cpp);
        }
        s
    }

    /// The table with the rule drawn over it (SVG).
    pub fn svg(&self) -> Result<String, String> {
        crate::plot::rule_svg(&self.rule, &self.table)
    }
}

/// The rule of `name` (a catalogue game of integer positions, with
/// `params`, or a heap code as `boyi grundy` reads it), from a table of
/// coordinates up to `to` (grown until the rule settles when `None`).
pub fn rule(
    name: &str,
    params: &[String],
    to: Option<u64>,
    values: Option<&str>,
    ctl: &Control,
) -> Result<RuleReport, Error> {
    let kind = |default: Values| match values {
        None => Ok(default),
        Some("outcome") => Ok(Values::Outcome),
        Some("nimber") => Ok(Values::Nimber),
        Some(other) => Err(Error::input(format!("--values {other}: it is outcome or nimber"))),
    };
    if name.starts_with("piles:") {
        if !params.is_empty() {
            return Err(Error::input(format!("`{name}` takes no parameters")));
        }
        return piles(name, to, kind(Values::Outcome)?);
    }
    // A game by its id; a name a heap code reads too (0.07) is the code.
    let heap_code = crate::heap_report::grundy(name, 1, 2, ctl).is_ok();
    if let Some(entry) = catalogue::game(name).filter(|g| g.info().id == name || !heap_code) {
        let id = entry.info().id;
        let params = Params::from_words(params.iter().map(String::as_str))?;
        let integers = entry.integers(&params)?.ok_or_else(|| {
            Error::input(format!(
                "{id} is not a game of integer positions boyi tables (those are: {}); a heap code such as 0.07 or \
                 sub:1,3,4 works too",
                games_with_integers().join(", ")
            ))
        })?;
        let (moves, piles, heap_code) = (integers.moves, integers.piles, integers.heap_code);
        let mut tabler = rules::table::Tabler::new(integers.dims, |pos: &[u64]| -> Result<_, Error> {
            ctl.check()?;
            Ok(moves(pos))
        });
        // A game of one coordinate is a heap of a sum: its nimbers say how
        // sums of it go, who wins one heap alone says little.
        let default = if integers.dims == 1 { Values::Nimber } else { Values::Outcome };
        let values = kind(default)?;
        // moves the game also declares as takes are tabled as takes: by
        // offsets into the table, not position by position through a map
        let found = match &piles {
            Some(game) => rules::table::grow(integers.dims, values, to, |side| {
                ctl.check().map_err(|e| rules::table::Failure::Moves(e.into()))?;
                let table = match values {
                    Values::Outcome => game.outcomes(side),
                    Values::Nimber => game.nimbers(side),
                };
                table.ok_or(rules::table::Failure::TooLarge(side))
            }),
            None => rules::table::find_growing(&mut tabler, values, to),
        };
        let (rule, table) = found.map_err(|f| match f {
            rules::table::Failure::Moves(e) => e,
            rules::table::Failure::Cycle(pos) => Error::input(format!("position {pos:?} repeats: no Grundy values")),
            rules::table::Failure::TooLarge(side) => Error::input(format!("a table of side {side} is too large")),
        })?;
        let mut rule = rule;
        // the same moves as takes: proved over every position where it can be
        let not_proved = match piles {
            Some(game) => proof::prove(&mut rule, &game).err().map(|why| why.text()),
            None => None,
        };
        // the same moves as a heap code: its period proved by the theorem
        if let Some(code) = heap_code {
            let heaps = to.unwrap_or(4000).max(table.side as u64);
            let report = crate::heap_report::grundy(&code, heaps, 1, ctl)?;
            proved_by_period(&mut rule, &report, heaps);
        }
        let mut report = RuleReport::new(id.to_string(), rule, table);
        report.not_proved = not_proved;
        return Ok(report);
    }
    if !params.is_empty() {
        return Err(Error::input(format!("`{name}` is no game of the catalogue, and a heap code takes no parameters")));
    }
    // A heap code: the engine's own solver, and its periodicity theorem.
    let to = to.unwrap_or(4000);
    let report = crate::heap_report::grundy(name, to, to as usize + 1, ctl)?;
    let table = Table::one(report.values.iter().map(|&v| u64::from(v)).collect());
    let values = kind(Values::Nimber)?;
    let mut rule = rules::find(&table, values);
    proved_by_period(&mut rule, &report, to);
    Ok(RuleReport::new(
        format!("{}{}", report.rule, report.name.map_or(String::new(), |n| format!(" ({n})"))),
        rule,
        table,
    ))
}

/// Marks `rule` proved where it is the period the heap code's report
/// proves by the periodicity theorem (`to`: the heaps it computed).
fn proved_by_period(rule: &mut Rule, report: &crate::heap_report::GrundyReport, to: u64) {
    if let Some(rules::Form::Periodic(p)) = &rule.form {
        let same = report.period == Some(p.period) && report.preperiod == Some(p.preperiod);
        if report.status == "proved" && same && rule.values == Values::Nimber {
            rule.status = Status::Proved;
            rule.proof = Some(format!(
                "the periodicity theorem for octal games: G(n + {}) = G(n) from n = {} over enough heaps ({} \
                 computed)",
                p.period,
                p.preperiod,
                to + 1
            ));
        }
    }
}

/// The rule of a game given as takes (`piles:K:...`), proved over every
/// position where `proof.rs` can. Outcomes are tabled from the P-positions
/// alone, nimbers from every position's options.
pub fn piles(name: &str, to: Option<u64>, values: Values) -> Result<RuleReport, Error> {
    let game = Piles::parse(name).map_err(Error::input)?;
    let too_large = |side| Error::input(format!("a table of side {side} is too large"));
    let (mut rule, table) = match values {
        Values::Outcome => rules::table::grow(game.piles, values, to, |side| {
            game.outcomes(side).ok_or(rules::table::Failure::<()>::TooLarge(side))
        }),
        Values::Nimber => rules::table::grow(game.piles, values, to, |side| {
            game.nimbers(side).ok_or(rules::table::Failure::<()>::TooLarge(side))
        }),
    }
    .map_err(|f| match f {
        rules::table::Failure::TooLarge(side) => too_large(side),
        // the moves never fail, and every take lowers the piles' sum
        rules::table::Failure::Moves(()) | rules::table::Failure::Cycle(_) => Error::input("no table"),
    })?;
    let not_proved = match proof::prove(&mut rule, &game) {
        Ok(()) => None,
        Err(why) => Some(why.text()),
    };
    let mut report = RuleReport::new(game.to_string(), rule, table);
    report.not_proved = not_proved;
    Ok(report)
}

/// The catalogue games `boyi rule` tables.
pub fn games_with_integers() -> Vec<&'static str> {
    catalogue::games()
        .into_iter()
        .filter(|g| g.integers(&Params::new()).ok().flatten().is_some())
        .map(|g| g.info().id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that says its moves are a heap code or takes must have the
    /// code's values and the takes' moves: the proofs are of those.
    #[test]
    fn declared_forms_are_the_games_moves() {
        let ctl = Control::default();
        let mut declared = 0;
        for entry in catalogue::games() {
            for params in [vec![], vec!["most=5".to_string()]] {
                let Ok(params) = Params::from_words(params.iter().map(String::as_str)) else { continue };
                let Ok(Some(integers)) = entry.integers(&params) else { continue };
                let moves = &integers.moves;
                if let Some(code) = &integers.heap_code {
                    declared += 1;
                    let mut tabler = rules::table::Tabler::new(1, |p: &[u64]| -> Result<_, ()> { Ok(moves(p)) });
                    let table = tabler.table(300).unwrap();
                    let report = crate::heap_report::grundy(code, 299, 300, &ctl).unwrap();
                    let by_code: Vec<u64> = report.values.iter().map(|&v| u64::from(v)).collect();
                    assert_eq!(table.values, by_code, "{} as {code}", entry.info().id);
                }
                if let Some(piles) = &integers.piles {
                    declared += 1;
                    let side = 24u64;
                    for i in 0..side.pow(piles.piles as u32) {
                        let p: Vec<u64> = (0..piles.piles).map(|c| i / side.pow(c as u32) % side).collect();
                        let mut by_game: Vec<Vec<u64>> =
                            moves(&p).into_iter().map(|o| o.into_iter().flatten().collect()).collect();
                        let mut by_takes = piles.moves(&p);
                        by_game.sort();
                        by_takes.sort();
                        assert_eq!(by_game, by_takes, "{} at {p:?}", entry.info().id);
                    }
                }
            }
        }
        assert!(declared >= 4, "{declared}");
    }

    #[test]
    fn catalogue_heap_codes_are_proved_by_their_period() {
        let ctl = Control::default();
        for (game, period) in [("bash-game", 4), ("dawsons-kayles", 34)] {
            let report = rule(game, &[], None, None, &ctl).unwrap();
            assert_eq!(report.status, "proved", "{game}: {}", report.render());
            assert!(report.proof.as_ref().unwrap().contains(&format!("G(n + {period}) = G(n)")), "{game}");
        }
        // outcomes of one heap are not what the theorem is about
        let report = rule("bash-game", &[], None, Some("outcome"), &ctl).unwrap();
        assert_eq!(report.status, "checked");
    }

    #[test]
    fn nimbers_of_piles_taken_one_at_a_time_are_proved() {
        let ctl = Control::default();
        let nim = rule("nim", &[], None, None, &ctl).unwrap();
        assert_eq!(nim.status, "proved", "{}", nim.render());
        assert!(nim.proof.as_ref().unwrap().contains("Sprague-Grundy"));
        for game in ["piles:2:one", "piles:3:2.0.0,0.3.0,0.0.5", "piles:2:3.0,one"] {
            let report = piles(game, None, Values::Nimber).unwrap();
            assert_eq!(report.status, "proved", "{game}: {}", report.render());
        }
        // a move on two piles at once: no sum
        let report = piles("piles:2:one,equal", None, Values::Nimber).unwrap();
        assert_ne!(report.status, "proved");
        // Lasker's nim splits heaps: not a game of takes, checked only
        let lasker = rule("lasker-nim", &[], None, None, &ctl).unwrap();
        assert_eq!(lasker.status, "checked");
    }
}
