//! What `boyi cgt` reports about a value: its canonical form, who wins
//! it, its stops, mean and temperature, and its thermograph.

use boyi::cgt::{self, Class, Dyadic, Format, Id, Parsed, Relation, Store, Thermograph};
use boyi::Control;
use serde::Serialize;

use super::{game, Moved};
use crate::error::Error;

#[derive(Serialize)]
pub struct ValueReport {
    /// What was valued: `game position`, or the expression.
    pub of: String,
    /// The canonical form in the format asked for.
    pub value: String,
    /// The same in nested braces.
    pub braces: String,
    /// L, R, P or N.
    pub class: &'static str,
    pub left_stop: String,
    pub right_stop: String,
    pub mean: String,
    pub temperature: String,
    /// The reduced canonical form: the simplest game an infinitesimal
    /// away (its ups and stars set aside), in the format asked for.
    pub reduced: String,
    /// The atomic weight, for an all-small value (every subposition has
    /// moves for both players or for neither): how many ups it is worth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
    /// The walls' breakpoints (temperature, value) from t = -1 up to the
    /// temperature, where the mast starts.
    pub thermograph: Walls,
    /// Distinct parts valued on the way (a game's positions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valued: Option<usize>,
    /// The independent parts the position is the sum of, when more than
    /// one: each with its value and temperature, hottest first (where
    /// the next move matters most).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    /// A game's position: each move, Left's and then Right's, the best
    /// for its side first, with the value of the position it leads to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveReport>,
    #[serde(skip)]
    class_words: &'static str,
    #[serde(skip)]
    pub graph: Thermograph,
}

#[derive(Serialize)]
pub struct Part {
    pub position: String,
    pub value: String,
    pub temperature: String,
}

#[derive(Serialize)]
pub struct MoveReport {
    /// L or R: whose move it is.
    pub side: &'static str,
    /// The position it leads to.
    pub position: String,
    pub value: String,
    /// No move of the same side leads to a better value for it (values
    /// may be confused: several moves can be best).
    pub best: bool,
}

#[derive(Serialize)]
pub struct Walls {
    pub left: Vec<(String, String)>,
    pub right: Vec<(String, String)>,
}

#[derive(Serialize)]
pub struct ComparisonReport {
    pub of: String,
    pub holds: bool,
    /// How the two compare: less, equal, greater or confused.
    pub relation: &'static str,
    pub left: String,
    pub right: String,
}

#[derive(Serialize)]
#[serde(untagged)]
pub enum Report {
    Value(Box<ValueReport>),
    Comparison(ComparisonReport),
}

fn walls(th: &Thermograph) -> Walls {
    let points = |t: &cgt::Trajectory| t.points().into_iter().map(|(t, v)| (t.to_string(), v.to_string())).collect();
    Walls { left: points(&th.left), right: points(&th.right) }
}

fn value_report(store: &mut Store, of: String, g: Id, format: Format, valued: Option<usize>) -> ValueReport {
    let th = store.thermograph(g);
    let class: Class = store.class(g);
    let stop = |d: Dyadic| d.to_string();
    ValueReport {
        of,
        value: store.write(g, format),
        braces: store.write(g, Format::Braces),
        class: class.letter(),
        class_words: class.words(),
        left_stop: stop(store.left_stop(g)),
        right_stop: stop(store.right_stop(g)),
        mean: th.mean.to_string(),
        temperature: th.temperature.to_string(),
        reduced: {
            let r = store.reduced(g);
            store.write(r, format)
        },
        atomic_weight: store.atomic_weight(g).map(|w| store.write(w, format)),
        thermograph: walls(&th),
        valued,
        parts: Vec::new(),
        moves: Vec::new(),
        graph: th,
    }
}

/// The value of `position` in the partizan game `name`.
pub fn value(name: &str, position: &str, format: Format, ctl: &Control) -> Result<Report, Error> {
    let g = game(name)?;
    // watched: the thermograph, reduced form and atomic weight stop too
    let mut store = Store::watched(ctl);
    let valued = g.parts(&mut store, position, true, ctl)?;
    let mut report =
        value_report(&mut store, format!("{} {position}", g.id()), valued.value, format, Some(valued.valued));
    if valued.parts.len() > 1 {
        let mut parts: Vec<(Dyadic, Part)> = valued
            .parts
            .into_iter()
            .map(|(position, id)| {
                let t = store.temperature(id);
                (t, Part { position, value: store.write(id, format), temperature: t.to_string() })
            })
            .collect();
        parts.sort_by_key(|p| std::cmp::Reverse(p.0));
        report.parts = parts.into_iter().map(|(_, p)| p).collect();
    }
    report.moves = move_reports(&mut store, &valued.moves, format);
    store.check()?;
    Ok(Report::Value(Box::new(report)))
}

/// Each move with its value, Left's then Right's, each side's best first:
/// a move is best when no move of its side is better for that side (Left
/// wants more, Right less).
fn move_reports(store: &mut Store, moves: &[Moved], format: Format) -> Vec<MoveReport> {
    let mut out = Vec::new();
    for left in [true, false] {
        let side: Vec<&Moved> = moves.iter().filter(|m| m.left == left).collect();
        let mut reports: Vec<(bool, MoveReport)> = side
            .iter()
            .map(|m| {
                let beaten = side.iter().any(|o| {
                    let better = if left { Relation::Greater } else { Relation::Less };
                    store.compare(o.value, m.value) == better
                });
                let report = MoveReport {
                    side: if left { "L" } else { "R" },
                    position: m.position.clone(),
                    value: store.write(m.value, format),
                    best: !beaten,
                };
                (!beaten, report)
            })
            .collect();
        // stable: the game's order among equals
        reports.sort_by_key(|(best, _)| !best);
        out.extend(reports.into_iter().map(|(_, r)| r));
    }
    out
}

/// A value or a comparison written in CGSuite's notation.
pub fn eval(text: &str, format: Format, ctl: &Control) -> Result<Report, Error> {
    let mut store = Store::watched(ctl);
    let parsed = cgt::parse(&mut store, text);
    // a sum stopped part-way parses to a meaningless value: say why instead
    store.check()?;
    let report = match parsed.map_err(|e| Error::input(format!("`{text}`: {e}")))? {
        Parsed::Value(id) => Report::Value(Box::new(value_report(&mut store, text.to_string(), id, format, None))),
        Parsed::Comparison { left, right, holds, relation, .. } => Report::Comparison(ComparisonReport {
            of: text.to_string(),
            holds,
            relation: match relation {
                Relation::Less => "less",
                Relation::Equal => "equal",
                Relation::Greater => "greater",
                Relation::Confused => "confused",
            },
            left: store.write(left, format),
            right: store.write(right, format),
        }),
    };
    store.check()?;
    Ok(report)
}

impl Report {
    pub fn render(&self) -> String {
        match self {
            Report::Value(v) => {
                let mut s = format!("{}\n", v.value);
                s += &format!("class {} ({})\n", v.class, v.class_words);
                s += &format!("stops {} (Left first) and {} (Right first)\n", v.left_stop, v.right_stop);
                s += &format!("mean {}, temperature {}\n", v.mean, v.temperature);
                s += &format!("reduced canonical form {} (up to infinitesimals)\n", v.reduced);
                if let Some(w) = &v.atomic_weight {
                    s += &format!("atomic weight {w} (all-small)\n");
                }
                let wall = |w: &[(String, String)]| {
                    w.iter().map(|(t, x)| format!("({x} at t={t})")).collect::<Vec<_>>().join(" ")
                };
                s += &format!(
                    "thermograph: left wall {}, right wall {}, mast at {} from t={}\n",
                    wall(&v.thermograph.left),
                    wall(&v.thermograph.right),
                    v.mean,
                    v.temperature
                );
                if !v.parts.is_empty() {
                    s += &format!("{} parts, hottest first:\n", v.parts.len());
                    for p in &v.parts {
                        s += &format!("  {} = {} (temperature {})\n", p.position, p.value, p.temperature);
                    }
                }
                for (side, whose) in [("L", "Left"), ("R", "Right")] {
                    let moves: Vec<&MoveReport> = v.moves.iter().filter(|m| m.side == side).collect();
                    if !moves.is_empty() {
                        s += &format!("{whose}'s moves, best first:\n");
                        for m in moves {
                            s += &format!("  {} = {}{}\n", m.position, m.value, if m.best { " (best)" } else { "" });
                        }
                    }
                }
                if let Some(valued) = v.valued {
                    s += &format!("{valued} distinct parts valued\n");
                }
                s
            }
            Report::Comparison(c) => {
                format!(
                    "{}\n{} is {} {}\n",
                    c.holds,
                    c.left,
                    match c.relation {
                        "less" => "less than",
                        "equal" => "equal to",
                        "greater" => "greater than",
                        _ => "confused with",
                    },
                    c.right
                )
            }
        }
    }

    /// The thermograph as SVG (a value only).
    pub fn svg(&self) -> Result<String, String> {
        match self {
            Report::Value(v) => crate::plot::thermograph_svg(&format!("thermograph of {}", v.value), &v.graph),
            Report::Comparison(_) => Err("a comparison has no thermograph".into()),
        }
    }
}

/// Who wins a position, found by search (`boyi cgt GAME POSITION --outcome`).
#[derive(Serialize)]
pub struct OutcomeReport {
    pub of: String,
    /// L, R, P or N.
    pub class: &'static str,
    /// Positions searched (parts small enough were valued instead).
    pub searched: u64,
    pub seconds: f64,
    #[serde(skip)]
    words: &'static str,
}

impl OutcomeReport {
    pub fn render(&self) -> String {
        format!(
            "class {} ({})\n{} positions searched in {:.2} s\n",
            self.class, self.words, self.searched, self.seconds
        )
    }
}

pub fn outcome(name: &str, position: &str, ctl: &Control) -> Result<OutcomeReport, Error> {
    let g = game(name)?;
    let started = std::time::Instant::now();
    let (class, searched) = g.outcome(position, ctl)?;
    Ok(OutcomeReport {
        of: format!("{} {position}", g.id()),
        class: class.letter(),
        words: class.words(),
        searched,
        seconds: started.elapsed().as_secs_f64(),
    })
}
