//! The line of best play from a position: at every ply the move a solver
//! (or a file) ranks first, the winner's quickest win and the loser's
//! longest defence, until the game ends, comes back to a position it
//! passed (a draw kept forever), or a cap on its length.

use std::collections::HashMap;

use serde::Serialize;

use super::{Cx, Position};
use crate::error::Error;
use crate::verdict::Verdict;

/// A line of best play.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub game: &'static str,
    /// Every position of the line, the first where it starts.
    pub steps: Vec<Step>,
    /// `"over"` (the last position has no move), `"repeats"` (the last
    /// position is an earlier one again) or `"max-plies"`.
    pub end: &'static str,
    /// Where the repeated position first stood, when the line repeats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeats: Option<usize>,
    /// See [`Line::plies_to_end`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies_to_end: Option<usize>,
}

/// A position of the line, valued for its side to move, and the best move
/// played from it (none at the line's end).
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub ply: usize,
    pub position: String,
    pub to_move: &'static str,
    pub value: Verdict,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
}

impl Line {
    /// Plies played.
    pub fn plies(&self) -> usize {
        self.steps.len() - 1
    }

    /// Plies the game lasts along the line: those played, and those the
    /// last position still counts where a game's rules end it before its
    /// last move (Dōbutsu Shōgi: a lion that can be taken is as good as
    /// taken, a win in 1 with no move listed). A line from a win or loss in
    /// `r` plies lasts `r`.
    pub fn plies_to_end(&self) -> Option<usize> {
        let last = self.steps.last()?;
        (self.end == "over").then(|| self.plies() + last.value.remoteness().unwrap_or(0) as usize)
    }
}

/// The line of best play from `start`, at most `max_plies` long.
pub fn best_line(start: Box<dyn Position>, cx: &Cx, max_plies: usize) -> Result<Line, Error> {
    let game = start.entry().info().id;
    let mut steps: Vec<Step> = Vec::new();
    let mut seen = HashMap::new();
    let mut pos = start;
    loop {
        cx.ctl.check()?;
        let ply = steps.len();
        let text = pos.text();
        let analysis = pos.analyze(cx)?;
        let step = Step { ply, position: text.clone(), to_move: pos.mover(), value: analysis.value, best: None };
        if let Some(&first) = seen.get(&text) {
            steps.push(step);
            return Ok(Line { game, steps, end: "repeats", repeats: Some(first), plies_to_end: None });
        }
        seen.insert(text, ply);
        let best = analysis.moves.first().filter(|_| !pos.over()).map(|m| m.info.name.clone());
        let Some(best) = best else {
            steps.push(step);
            let mut line = Line { game, steps, end: "over", repeats: None, plies_to_end: None };
            line.plies_to_end = line.plies_to_end();
            return Ok(line);
        };
        if ply == max_plies {
            steps.push(step);
            return Ok(Line { game, steps, end: "max-plies", repeats: None, plies_to_end: None });
        }
        steps.push(Step { best: Some(best.clone()), ..step });
        pos = pos.play(&best)?;
    }
}
