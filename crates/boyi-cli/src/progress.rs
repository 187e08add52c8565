//! Progress of long work on stderr: a bar on a terminal, JSON lines in a
//! log or a pipe (a build on a cluster is watched by a program), or
//! nothing. Either waits until a phase has run for a second, so quick work
//! stays silent and judge output piped elsewhere is never interleaved.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::args::ProgressMode;

pub struct Bar {
    mode: Mode,
    /// The wait before the first JSON line and between lines.
    quiet_for: Duration,
    every: Duration,
    state: Mutex<State>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Bar,
    Lines,
    Quiet,
}

struct State {
    label: String,
    total: u64,
    done: u64,
    started: Instant,
    /// When this reporter was made: lines wait a second from then.
    began: Instant,
    /// When the last line was written (JSON lines), of any phase: a build
    /// of many short phases is still heard from every few seconds.
    last_line: Option<Instant>,
    /// A line of this phase has been written (so its end is written too).
    said: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    const QUIET_FOR: Duration = Duration::from_secs(1);
    /// JSON lines at most this often (`BOYI_PROGRESS_EVERY` seconds, where
    /// it is set, also the wait before the first).
    const EVERY: Duration = Duration::from_secs(2);

    pub fn new(asked: ProgressMode) -> Self {
        let mode = match asked {
            ProgressMode::Auto if std::io::stderr().is_terminal() => Mode::Bar,
            ProgressMode::Auto | ProgressMode::Json => Mode::Lines,
            ProgressMode::Bar => Mode::Bar,
            ProgressMode::None => Mode::Quiet,
        };
        let now = Instant::now();
        let state = State {
            label: String::new(),
            total: 0,
            done: 0,
            started: now,
            began: now,
            last_line: None,
            said: false,
            bar: None,
        };
        let asked_every = std::env::var("BOYI_PROGRESS_EVERY").ok().and_then(|t| t.trim().parse::<f64>().ok());
        let (quiet_for, every) = match asked_every.filter(|s| s.is_finite() && *s >= 0.0) {
            Some(s) => (Duration::from_secs_f64(s), Duration::from_secs_f64(s)),
            None => (Self::QUIET_FOR, Self::EVERY),
        };
        Bar { mode, quiet_for, every, state: Mutex::new(state) }
    }

    pub fn clear(&self) {
        if let Ok(mut s) = self.state.lock() {
            if let Some(bar) = s.bar.take() {
                bar.finish_and_clear();
            }
            if std::mem::take(&mut s.said) {
                line(&s, true);
            }
        }
    }
}

/// One JSON object on a line (`{"note"}` lines aside): the phase, how far it is and how long it
/// should take yet (by its pace so far; null until that means anything).
fn line(s: &State, finished: bool) {
    let elapsed = s.started.elapsed().as_secs_f64();
    let eta = (s.total > 0 && s.done > 0 && s.done <= s.total)
        .then(|| elapsed * (s.total - s.done) as f64 / s.done as f64)
        .map(|t| (t * 10.0).round() / 10.0);
    let mut object = serde_json::json!({
        "phase": s.label,
        "done": s.done,
        "total": (s.total > 0).then_some(s.total),
        "eta_s": if finished { Some(0.0) } else { eta },
        "elapsed_s": (elapsed * 10.0).round() / 10.0,
    });
    if finished {
        object["finished"] = true.into();
    }
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{object}");
}

impl boyi::Progress for Bar {
    fn start(&self, label: &str, total: u64) {
        if self.mode == Mode::Quiet {
            return;
        }
        let mut s = self.state.lock().expect("progress lock");
        if let Some(bar) = s.bar.take() {
            bar.finish_and_clear();
        }
        if std::mem::take(&mut s.said) {
            line(&s, true);
        }
        s.label = label.to_string();
        s.total = total;
        s.done = 0;
        s.started = Instant::now();
    }

    fn advance(&self, units: u64) {
        if self.mode == Mode::Quiet {
            return;
        }
        let mut s = self.state.lock().expect("progress lock");
        s.done += units;
        if self.mode == Mode::Lines {
            let due = s.last_line.map_or(s.began.elapsed() >= self.quiet_for, |t| t.elapsed() >= self.every);
            if due {
                line(&s, false);
                s.last_line = Some(Instant::now());
                s.said = true;
            }
            return;
        }
        if s.started.elapsed() < Self::QUIET_FOR {
            return;
        }
        if s.bar.is_none() {
            let bar = if s.total > 0 { ProgressBar::new(s.total) } else { ProgressBar::new_spinner() };
            let template = if s.total > 0 {
                "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} ({per_sec}, eta {eta})"
            } else {
                "{msg} [{elapsed_precise}] {spinner} {human_pos} ({per_sec})"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.set_message(s.label.clone());
            s.bar = Some(bar);
        }
        if let Some(bar) = &s.bar {
            bar.set_position(s.done);
        }
    }

    fn finish(&self) {
        self.clear();
    }

    fn note(&self, text: &str) {
        match self.mode {
            Mode::Quiet => {}
            Mode::Lines => {
                let mut err = std::io::stderr().lock();
                let _ = writeln!(err, "{}", serde_json::json!({ "note": text }));
            }
            Mode::Bar => match self.state.lock().ok().and_then(|s| s.bar.clone()) {
                Some(bar) => bar.println(format!("boyi: {text}")),
                None => say!("boyi: {text}"),
            },
        }
    }
}
