//! A person against the computer in a terminal, for any game of the
//! catalogue (a user's own included): the position drawn as text after
//! every move, the computer answering at a chosen skill, `?` for every
//! move's value, `u` to take back the person's last move. The terminal
//! itself is the front end's ([`Terminal`]): the command line's stdin and
//! stdout, or Python's `input` and `print`.

use crate::computer::{choose, uniform};
use crate::listing::{Cx, Position};
use crate::report::Report;
use crate::{Error, Verdict};

/// Where the game is shown and the person's moves are read.
pub trait Terminal {
    /// Shows `text` as it is (it ends its own lines).
    fn say(&mut self, text: &str) -> Result<(), Error>;
    /// Shows `prompt` and reads the person's next line; `None` at the end of input.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>, Error>;
}

/// How the computer plays: `skill` 1 is perfect play (a best move, the
/// first in the game's order); below, a worse move now and then
/// ([`choose`]), from `seed`.
#[derive(Clone, Copy, Debug)]
pub struct Opponent {
    pub skill: f64,
    pub seed: u64,
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent { skill: 1.0, seed: 1 }
    }
}

/// The position as a picture, its moves marked where they land.
fn show(term: &mut dyn Terminal, pos: &dyn Position) -> Result<(), Error> {
    let targets: Vec<_> = pos.moves().iter().filter_map(|m| m.at).collect();
    let lines: Vec<String> = pos.diagram().text(&targets).into_iter().map(|l| format!("  {l}\n")).collect();
    term.say(&format!("\n{}", lines.concat()))
}

/// How a value reads to the player it belongs to.
fn for_player(v: &Verdict) -> String {
    match v {
        Verdict::Margin { score, .. } if *score > 0 => format!("ahead by {score}"),
        Verdict::Margin { score, .. } if *score < 0 => format!("behind by {}", -score),
        Verdict::Margin { .. } => "level".to_string(),
        other => other.to_string(),
    }
}

/// Plays from `start` until the game ends or the person quits.
pub fn play(
    start: Box<dyn Position>,
    human_first: bool,
    opponent: Opponent,
    cx: &Cx,
    term: &mut dyn Terminal,
) -> Result<(), Error> {
    let info = start.entry().info();
    let human = usize::from(!human_first);
    let order = if human == 0 { "first" } else { "second" };
    let name = info.players[human];
    // Players called First and Second need no second word for their turn.
    let who = if name.eq_ignore_ascii_case(order) {
        format!("you move {order}")
    } else {
        format!("you are {name} and move {order}")
    };
    term.say(&format!(
        "{}: {who}. Type a move, ? for every move's value, m for the moves, u to undo, q to quit.\n",
        info.name
    ))?;
    let mut random = uniform(opponent.seed);
    let mut history: Vec<Box<dyn Position>> = vec![start];
    loop {
        let pos = history.last().expect("the history is never empty").as_ref();
        show(term, pos)?;
        if pos.over() {
            // Who won: by the points, where the game counts them; else by
            // the ended position's value for the side to move.
            let human_won = match pos.points() {
                Some(p) if p[0] == p[1] => None,
                Some(p) => Some((p[0] > p[1]) == (human == 0)),
                None => match pos.analyze(cx)?.value.result() {
                    "win" => Some(pos.to_move() == human),
                    "lose" => Some(pos.to_move() != human),
                    _ => None,
                },
            };
            let score = pos
                .points()
                .map_or(String::new(), |p| format!(" ({} {}, {} {})", info.players[0], p[0], info.players[1], p[1]));
            let line = match human_won {
                None => format!("The game is over: a tie{score}."),
                Some(true) => format!("The game is over: you win{score}."),
                Some(false) => format!("The game is over: the computer wins{score}."),
            };
            let answer = term.ask(&format!("{line} (u undoes your last move, anything else quits)\n"))?;
            if matches!(answer.as_deref().map(str::trim), Some("u" | "undo")) {
                undo(term, &mut history, human)?;
                continue;
            }
            return Ok(());
        }
        if pos.to_move() != human {
            let a = pos.analyze(cx)?;
            let picked = choose(&a.moves, |m| m.value, opponent.skill, &mut random)
                .ok_or_else(|| Error::input("the computer has no listed move to play here"))?;
            term.say(&format!("The computer plays {} ({} for it).\n", picked.info.name, for_player(&picked.value)))?;
            let next = pos.play(&picked.info.name)?;
            history.push(next);
            continue;
        }
        let Some(line) = term.ask("your move> ")? else {
            term.say("\n")?;
            return Ok(());
        };
        match line.trim() {
            "" => {}
            "q" | "quit" => return Ok(()),
            "?" => {
                let report = Report::new(pos, pos.analyze(cx)?);
                term.say(&format!("You {}.\n", for_player(&report.value)))?;
                for m in &report.moves {
                    term.say(&format!("  {:8} {}\n", m.info.name, for_player(&m.value)))?;
                }
            }
            "m" => {
                let names: Vec<String> = pos.moves().into_iter().map(|m| m.name).collect();
                term.say(&format!("legal moves: {}\n", names.join(" ")))?;
            }
            "u" | "undo" => undo(term, &mut history, human)?,
            text => match pos.play(text) {
                Ok(next) => history.push(next),
                Err(e) => term.say(&format!("{e}\n"))?,
            },
        }
    }
}

/// Back to the person's previous turn.
fn undo(term: &mut dyn Terminal, history: &mut Vec<Box<dyn Position>>, human: usize) -> Result<(), Error> {
    let mut back = history.len() - 1;
    while back > 0 {
        back -= 1;
        if history[back].to_move() == human {
            history.truncate(back + 1);
            return Ok(());
        }
    }
    term.say("nothing to undo\n")
}
