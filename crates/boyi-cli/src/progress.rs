//! Progress bars on stderr for long solves: only when stderr is a terminal
//! (piped judge output and logs stay clean) and only once a phase has run
//! for a second (quick solves stay silent).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

pub struct Bar {
    enabled: bool,
    state: Mutex<State>,
}

struct State {
    label: String,
    total: u64,
    done: u64,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Bar {
    const QUIET_FOR: Duration = Duration::from_secs(1);

    pub fn new() -> Self {
        Bar {
            enabled: std::io::stderr().is_terminal(),
            state: Mutex::new(State { label: String::new(), total: 0, done: 0, started: Instant::now(), bar: None }),
        }
    }

    pub fn clear(&self) {
        if let Ok(mut s) = self.state.lock() {
            if let Some(bar) = s.bar.take() {
                bar.finish_and_clear();
            }
        }
    }
}

impl boyi::Progress for Bar {
    fn start(&self, label: &str, total: u64) {
        if !self.enabled {
            return;
        }
        let mut s = self.state.lock().expect("progress lock");
        if let Some(bar) = s.bar.take() {
            bar.finish_and_clear();
        }
        s.label = label.to_string();
        s.total = total;
        s.done = 0;
        s.started = Instant::now();
    }

    fn advance(&self, units: u64) {
        if !self.enabled {
            return;
        }
        let mut s = self.state.lock().expect("progress lock");
        s.done += units;
        if s.bar.is_none() && s.started.elapsed() >= Self::QUIET_FOR {
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
}

/// Progress as lines on stderr, for a log rather than a terminal (the
/// ranks of an MPI job write through `mpirun`'s pipes): each phase when it
/// starts, then how far it is every `EVERY`.
#[cfg(feature = "mpi")]
pub struct Lines {
    state: Mutex<(String, u64, u64, Instant)>,
}

#[cfg(feature = "mpi")]
impl Lines {
    const EVERY: Duration = Duration::from_secs(10);

    pub fn new() -> Self {
        Lines { state: Mutex::new((String::new(), 0, 0, Instant::now())) }
    }
}

#[cfg(feature = "mpi")]
impl boyi::Progress for Lines {
    fn start(&self, label: &str, total: u64) {
        let mut s = self.state.lock().expect("progress lock");
        *s = (label.to_string(), total, 0, Instant::now());
        eprintln!("boyi: {label} ({total} in all)");
    }

    fn advance(&self, units: u64) {
        let mut s = self.state.lock().expect("progress lock");
        s.2 += units;
        if s.3.elapsed() >= Self::EVERY {
            let percent = if s.1 > 0 { 100.0 * s.2 as f64 / s.1 as f64 } else { 0.0 };
            eprintln!("boyi: {}: {} of {} ({percent:.0} %)", s.0, s.2, s.1);
            s.3 = Instant::now();
        }
    }

    fn finish(&self) {}
}
