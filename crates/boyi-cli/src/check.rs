//! `boyi check PROBLEM -- CMD` (对拍): a contestant's program against
//! boyi on random inputs from tiny to the judge's limits, outputs compared
//! token by token; the first input where they part (a different answer, a
//! crash, a time-out) is shrunk to a smallest one that still fails, and
//! printed with both outputs.
//!
//! Shrinking keeps only inputs boyi itself accepts (its parser is the
//! judge's format), and tries, until none still fails: fresh inputs of
//! smaller sizes, then the input with a line or a run of lines left out
//! (a leading count lowered to match), then each number made smaller (0,
//! 1, half, one less).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boyi::Control;
use boyi_games::generate::Rng;
use boyi_games::{Error, Problem, SolveOptions};

/// How the program answered one input.
enum Outcome {
    Agrees,
    Differs { want: String, got: String, at: String },
    Crashed { want: String, code: Option<i32>, stderr: String, got: String },
    TimedOut { want: String, limit: Duration },
}

impl Outcome {
    fn fails(&self) -> bool {
        !matches!(self, Outcome::Agrees)
    }
}

/// What a check runs with.
pub struct Cx<'a> {
    pub problem: &'a dyn Problem,
    pub command: &'a [String],
    pub limit: Duration,
    pub options: &'a SolveOptions,
    pub ctl: &'a Control,
}

/// Runs `command` on `input`; its output, or why there is none.
fn run_program(command: &[String], input: &str, limit: Duration) -> Result<(Option<i32>, String, String, bool), Error> {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::input(format!("cannot start `{}`: {e}", command[0])))?;
    let mut stdin = child.stdin.take().expect("piped");
    let feed = input.to_string();
    // (written on a thread: a program that prints before it reads all its input must not block us)
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(feed.as_bytes());
    });
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let (out, err) = (read(Box::new(stdout)), read(Box::new(stderr)));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| Error::input(e.to_string()))? {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let (out, err) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    match status {
        Some(status) => Ok((status.code(), out, err, false)),
        None => Ok((None, out, err, true)),
    }
}

/// What the program makes of `input` beside boyi (`None`: boyi refuses the
/// input, so it is none of the problem's).
fn compare(cx: &Cx, input: &str) -> Result<Option<Outcome>, Error> {
    let Ok(want) = cx.problem.solve(input, cx.options, cx.ctl) else { return Ok(None) };
    let (command, limit) = (cx.command, cx.limit);
    let (code, got, stderr, timed_out) = run_program(command, input, limit)?;
    if timed_out {
        return Ok(Some(Outcome::TimedOut { want, limit }));
    }
    if code != Some(0) {
        return Ok(Some(Outcome::Crashed { want, code, stderr, got }));
    }
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split_whitespace().collect(), got.split_whitespace().collect());
    if w == g {
        return Ok(Some(Outcome::Agrees));
    }
    let i = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
    let at = match (w.get(i), g.get(i)) {
        (Some(a), Some(b)) => format!("token {}: boyi says {a:?}, the program {b:?}", i + 1),
        (Some(a), None) => format!("token {}: boyi says {a:?}, the program says no more", i + 1),
        (None, Some(b)) => format!("token {}: the program says {b:?} past boyi's last", i + 1),
        (None, None) => unreachable!("the outputs differ"),
    };
    Ok(Some(Outcome::Differs { want, got, at }))
}

/// Smaller versions of `input` to try, the boldest first.
fn smaller(input: &str) -> Vec<String> {
    let lines: Vec<&str> = input.lines().collect();
    let mut out = Vec::new();
    // runs of lines left out, halves first, each also with a first line
    // that is a count lowered by the lines removed (right when each item is
    // a line; where it is not, boyi refuses the input and it is skipped)
    let n = lines.len();
    let mut chunk = n / 2;
    while chunk >= 1 {
        for start in (0..n).step_by(chunk) {
            let end = (start + chunk).min(n);
            let mut kept: Vec<String> = lines[..start].iter().map(|l| l.to_string()).collect();
            kept.extend(lines[end..].iter().map(|l| l.to_string()));
            out.push(kept.join("\n") + "\n");
            if let (true, Ok(count)) = (start > 0, lines[0].trim().parse::<u64>()) {
                let removed = (end - start) as u64;
                if count > removed {
                    kept[0] = (count - removed).to_string();
                    out.push(kept.join("\n") + "\n");
                }
            }
        }
        chunk /= 2;
    }
    // each number smaller
    let tokens: Vec<(usize, usize)> = {
        let mut v = Vec::new();
        let bytes = input.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                if i == bytes.len() || !bytes[i].is_ascii_alphabetic() {
                    v.push((start, i));
                }
            } else {
                i += 1;
            }
        }
        v
    };
    for &(a, b) in &tokens {
        let Ok(x) = input[a..b].parse::<u128>() else { continue };
        let mut tried = Vec::new();
        for y in [0, 1, x / 2, x.saturating_sub(1)] {
            if y < x && !tried.contains(&y) {
                tried.push(y);
                out.push(format!("{}{y}{}", &input[..a], &input[b..]));
            }
        }
    }
    out
}

fn report(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Agrees => String::new(),
        Outcome::Differs { want, got, at } => {
            format!("the outputs differ at {at}\n--- boyi:\n{want}--- the program:\n{got}")
        }
        Outcome::Crashed { want, code, stderr, got } => format!(
            "the program failed ({}){}\n--- boyi:\n{want}--- the program's output:\n{got}",
            code.map_or("killed by a signal".to_string(), |c| format!("exit code {c}")),
            if stderr.trim().is_empty() { String::new() } else { format!("; it said: {}", stderr.trim()) }
        ),
        Outcome::TimedOut { want, limit } => {
            format!("the program took longer than {} s\n--- boyi:\n{want}", limit.as_secs_f64())
        }
    }
}

/// `Ok(Some(why))`: the program disagrees on the input `emit` was given.
pub fn run(cx: &Cx, runs: u32, seed: u64, emit: &dyn Fn(&str)) -> Result<Option<String>, Error> {
    let problem = cx.problem;
    for round in 0..runs {
        cx.ctl.check()?;
        let size = (u64::from(round) * 11 / u64::from(runs.max(1))).min(10) as u32;
        let this_seed = seed + u64::from(round);
        let input = problem.random_input(&mut Rng::new(this_seed), size);
        let Some(outcome) = compare(cx, &input)? else { continue };
        if !outcome.fails() {
            continue;
        }
        let (input, outcome, tries) = shrink(cx, input, outcome, size, seed)?;
        emit(&format!(
            "boyi check: input {} of {runs} (size {size}, seed {this_seed}) fails; shrunk in {tries} tries to:\n{input}\n{}",
            round + 1,
            report(&outcome)
        ));
        return Ok(Some(format!(
            "the program disagrees with boyi on the input above (generated by `boyi gen {} --seed {this_seed} --size {size}`)",
            problem.id()
        )));
    }
    emit(&format!("ok: {runs} inputs of {}, sizes 0 to 10, all agree\n", problem.id()));
    Ok(None)
}

/// The smallest failing input found from `input`, its outcome, and the tries it took.
fn shrink(
    cx: &Cx,
    mut input: String,
    mut outcome: Outcome,
    size: u32,
    seed: u64,
) -> Result<(String, Outcome, u32), Error> {
    let problem = cx.problem;
    const MOST_TRIES: u32 = 3000;
    let mut tries = 0;
    // fresh inputs of smaller sizes first: they keep the format's shape
    'sizes: for smaller_size in 0..size {
        for k in 0..4 {
            tries += 1;
            let fresh = problem
                .random_input(&mut Rng::new(seed ^ (0x5eed << 8) ^ (u64::from(smaller_size) << 32) ^ k), smaller_size);
            if let Some(o) = compare(cx, &fresh)? {
                if o.fails() {
                    (input, outcome) = (fresh, o);
                    break 'sizes;
                }
            }
        }
    }
    loop {
        let mut better = false;
        for candidate in smaller(&input) {
            if tries >= MOST_TRIES || candidate.len() >= input.len() && candidate == input {
                continue;
            }
            tries += 1;
            cx.ctl.check()?;
            if let Some(o) = compare(cx, &candidate)? {
                if o.fails() {
                    (input, outcome) = (candidate, o);
                    better = true;
                    break;
                }
            }
        }
        if !better || tries >= MOST_TRIES {
            return Ok((input, outcome, tries));
        }
    }
}
