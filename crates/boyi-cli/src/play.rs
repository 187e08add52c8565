//! `boyi play <game>`: a person against the computer in the terminal, for
//! any game of the catalogue (the game itself is
//! `boyi_games::terminal::play`); here, the terminal: stdin and stdout,
//! and Ctrl-C at the prompt.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use boyi_games::catalogue::{Cx, Position};
use boyi_games::terminal::{self, Opponent, Terminal};
use boyi_games::Error;

/// Whether the game waits on the person: a Ctrl-C there has no work to
/// stop, so the handler ends the game at once (a solve it would stop first).
static AT_PROMPT: AtomicBool = AtomicBool::new(false);

pub fn at_prompt() -> bool {
    AT_PROMPT.load(Ordering::SeqCst)
}

struct Stdio<B: BufRead> {
    lines: std::io::Lines<B>,
}

impl<B: BufRead> Terminal for Stdio<B> {
    fn say(&mut self, text: &str) -> Result<(), Error> {
        let mut out = std::io::stdout().lock();
        // (a closed stdout is the person's business: the game goes on to its end)
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
        Ok(())
    }

    fn ask(&mut self, prompt: &str) -> Result<Option<String>, Error> {
        self.say(prompt)?;
        AT_PROMPT.store(true, Ordering::SeqCst);
        let line = self.lines.next();
        AT_PROMPT.store(false, Ordering::SeqCst);
        line.transpose().map_err(|e| Error::input(format!("cannot read the terminal: {e}")))
    }
}

pub fn run(start: Box<dyn Position>, human_first: bool, opponent: Opponent, cx: &Cx) -> Result<(), Error> {
    let stdin = std::io::stdin();
    terminal::play(start, human_first, opponent, cx, &mut Stdio { lines: stdin.lock().lines() })
}
