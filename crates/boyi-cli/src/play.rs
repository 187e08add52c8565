//! `boyi play <game>`: a person against perfect play in the terminal, for
//! any game of the catalogue. The computer values every move and plays the
//! best (the first of the best, in the game's order); `?` shows the person
//! the same values, `u` takes back the person's last move.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use boyi_games::catalogue::{Cx, Position};
use boyi_games::report::Report;
use boyi_games::{Error, Verdict};

/// Whether the game waits on the person: a Ctrl-C there has no work to
/// stop, so the handler ends the game at once (a solve it would stop first).
static AT_PROMPT: AtomicBool = AtomicBool::new(false);

pub fn at_prompt() -> bool {
    AT_PROMPT.load(Ordering::SeqCst)
}

/// The person's next line, `None` at the end of input.
fn ask<B: BufRead>(lines: &mut std::io::Lines<B>) -> Option<std::io::Result<String>> {
    AT_PROMPT.store(true, Ordering::SeqCst);
    let line = lines.next();
    AT_PROMPT.store(false, Ordering::SeqCst);
    line
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// The position as a picture, its moves marked where they land.
fn show(pos: &dyn Position) {
    let targets: Vec<_> = pos.moves().iter().filter_map(|m| m.at).collect();
    let lines: Vec<String> = pos.diagram().text(&targets).into_iter().map(|l| format!("  {l}\n")).collect();
    say(&format!("\n{}", lines.concat()));
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

pub fn run(start: Box<dyn Position>, human_first: bool, cx: &Cx) -> Result<(), Error> {
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
    say(&format!(
        "{}: {who}. Type a move, ? for every move's value, m for the moves, u to undo, q to quit.\n",
        info.name
    ));
    let mut history: Vec<Box<dyn Position>> = vec![start];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let pos = history.last().expect("the history is never empty").as_ref();
        show(pos);
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
            say(&format!("{line} (u undoes your last move, anything else quits)\n"));
            match ask(&mut lines) {
                Some(Ok(l)) if matches!(l.trim(), "u" | "undo") => {
                    undo(&mut history, human);
                    continue;
                }
                _ => return Ok(()),
            }
        }
        if pos.to_move() != human {
            let a = pos.analyze(cx)?;
            let best = a.moves.first().ok_or_else(|| Error::input("the computer has no listed move to play here"))?;
            say(&format!("The computer plays {} ({} for it).\n", best.info.name, for_player(&best.value)));
            let next = pos.play(&best.info.name)?;
            history.push(next);
            continue;
        }
        say("your move> ");
        let Some(line) = ask(&mut lines) else {
            say("\n");
            return Ok(());
        };
        let line = line.map_err(|e| Error::input(format!("cannot read the terminal: {e}")))?;
        match line.trim() {
            "" => {}
            "q" | "quit" => return Ok(()),
            "?" => {
                let report = Report::new(pos, pos.analyze(cx)?);
                say(&format!("You {}.\n", for_player(&report.value)));
                for m in &report.moves {
                    say(&format!("  {:8} {}\n", m.info.name, for_player(&m.value)));
                }
            }
            "m" => {
                let names: Vec<String> = pos.moves().into_iter().map(|m| m.name).collect();
                say(&format!("legal moves: {}\n", names.join(" ")));
            }
            "u" | "undo" => undo(&mut history, human),
            text => match pos.play(text) {
                Ok(next) => history.push(next),
                Err(e) => say(&format!("{e}\n")),
            },
        }
    }
}

/// Back to the person's previous turn.
fn undo(history: &mut Vec<Box<dyn Position>>, human: usize) {
    let mut back = history.len() - 1;
    while back > 0 {
        back -= 1;
        if history[back].to_move() == human {
            history.truncate(back + 1);
            return;
        }
    }
    say("nothing to undo\n");
}
