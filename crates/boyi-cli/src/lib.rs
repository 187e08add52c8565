//! `boyi`: the command line over the engine and the catalogue. Every game
//! is reached through the catalogue's one interface; nothing here knows a
//! game by name.
//!
//! It is a library as well as the `boyi` binary, so that a game written in
//! a crate of its own gets the whole command line (`list`, `analyze`,
//! `play`, `serve`, ...) with a `main` of two lines: register the game
//! (`boyi_games::catalogue::register`), then call [`main`].

/// `eprintln!` that does not panic where stderr is gone (a closed
/// terminal after SIGHUP: a build still stops cleanly and saves).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod check;
mod play;
mod progress;
mod render;

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use args::{Cli, Command, DbCommand, JudgeOptions};
use boyi::control::Checkpoint;
use boyi::db::{Database, Layout};
use boyi::solve::tiers::Manifest;
use boyi::Control;
use boyi_games::bench;
use boyi_games::catalogue::{self, Cx, Entry, Position, Session};
use boyi_games::report::Report;
use boyi_games::{Error, Params, Problem, SolveOptions};
use clap::{CommandFactory, FromArgMatches};

/// The `boyi` command line: reads the process's arguments, runs the
/// command, and says how it went as the exit code.
pub fn main() -> ExitCode {
    let command = Cli::command()
        .after_long_help(
            "Run `boyi list` for the games, `boyi solve --help` for the judge input formats.\n\
            Examples: boyi analyze chase 6; boyi play connect4; boyi solve young-chess < examples/young-chess/sample1.in",
        )
        .mut_subcommand("solve", |c| c.after_long_help(render::formats()));
    let args = old_bench_flags(std::env::args_os().collect(), &command);
    let cli = match command.try_get_matches_from(args).and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let threads = cli.threads.map(usize::from);
    if let Some(n) = threads {
        if let Err(e) = rayon::ThreadPoolBuilder::new().num_threads(n).build_global() {
            say!("boyi: cannot start {n} threads: {e}");
            return ExitCode::from(1);
        }
    }

    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = cancel.clone();
        // The first Ctrl-C asks the solver (or the server) to stop cleanly,
        // saving what a build can resume from; a second one stops at once,
        // and so does the first at `play`'s prompt, where nothing is
        // running to stop. SIGTERM and SIGHUP do the same to the builds.
        let hangups_ignored = hangups_ignored();
        let resumable = matches!(cli.command, Command::Db(DbCommand::Build { .. }) | Command::Book { .. });
        let _ = ctrlc::set_handler(move || {
            if play::at_prompt() || cancel.swap(true, Ordering::SeqCst) {
                let mut out = std::io::stdout();
                let _ = out.write_all(b"\n").and_then(|_| out.flush());
                std::process::exit(130);
            }
        });
        termination_signals(resumable, hangups_ignored);
    }
    let bar = Arc::new(progress::Bar::new(cli.progress));
    let ctl = Control::default()
        .with_memory_limit(cli.memory.unwrap_or(Control::DEFAULT_MEMORY))
        .with_cancel(cancel.clone())
        .with_progress(bar.clone());

    let result = open_databases(&cli.db).and_then(|databases| match cli.command {
        Command::Serve { port, bind, time_limit, cache, table, book } => {
            serve(port, bind, time_limit, cache, table, book, databases, cli.memory, threads, cancel)
        }
        command => run(command, threads, databases, &ctl),
    });
    bar.clear();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            report(&failure);
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Whether SIGHUP is ignored, as under `nohup`: a build started so must
/// outlive its terminal.
#[cfg(unix)]
fn hangups_ignored() -> bool {
    // SAFETY: a query (no new action) into a zeroed sigaction
    unsafe {
        let mut now: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGHUP, std::ptr::null(), &mut now) == 0 && now.sa_sigaction == libc::SIG_IGN
    }
}

/// After the handler (which takes SIGINT, SIGTERM and SIGHUP): SIGTERM and
/// SIGHUP stop a build cleanly (`db build`, `book`: they save what they
/// resume from) but any other command at once, as they always did (one
/// that does not look at its `Control`, waiting on its input say, would
/// not stop at all: `timeout` sends SIGTERM); a SIGHUP ignored before
/// stays ignored.
#[cfg(unix)]
fn termination_signals(resumable: bool, hangups_ignored: bool) {
    let default = |signal| {
        // SAFETY: the default disposition is valid for these signals
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
        }
    };
    if !resumable {
        default(libc::SIGTERM);
    }
    if hangups_ignored {
        // SAFETY: SIG_IGN is a valid disposition for SIGHUP
        unsafe {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
        }
    } else if !resumable {
        default(libc::SIGHUP);
    }
}

#[cfg(not(unix))]
fn hangups_ignored() -> bool {
    false
}

#[cfg(not(unix))]
fn termination_signals(_: bool, _: bool) {}

/// `boyi bench` with the flags it took before its targets went by name
/// (`--connect4 FILE...`, `--parts P --dobutsu`), written as they are now:
/// the name after `bench`, and `--sets` for a flag that took files.
fn old_bench_flags(args: Vec<std::ffi::OsString>, command: &clap::Command) -> Vec<std::ffi::OsString> {
    let subcommand = args.iter().position(|a| command.get_subcommands().any(|c| a == c.get_name()));
    let Some(at) = subcommand.filter(|&i| args[i] == "bench") else { return args };
    let old = |a: &std::ffi::OsString| bench::OLD_FLAGS.iter().find(|o| a == o.flag);
    let names = args[at + 1..].iter().filter_map(old).map(|o| o.name.into());
    let rest = args[at + 1..].iter().filter_map(|a| match old(a) {
        Some(o) => o.sets.then(|| "--sets".into()),
        None => Some(a.clone()),
    });
    args[..=at].iter().cloned().chain(names).chain(rest).collect()
}

/// Help and version as clap prints them; a mistake in the arguments in one
/// line, as every other error, with the command whose help tells more.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind::{DisplayHelp, DisplayHelpOnMissingArgumentOrSubcommand, DisplayVersion};
    if matches!(e.kind(), DisplayHelp | DisplayHelpOnMissingArgumentOrSubcommand | DisplayVersion) {
        e.exit()
    }
    let text = e.render().to_string();
    let what = text.split("\n\n").next().unwrap_or(&text);
    let what = what.trim().trim_start_matches("error:").split_whitespace().collect::<Vec<_>>().join(" ");
    let usage = text.lines().find_map(|l| l.trim().strip_prefix("Usage: ")).unwrap_or("boyi");
    let command: Vec<&str> = usage.split_whitespace().take_while(|w| !w.starts_with(['[', '<'])).collect();
    say!("boyi: {what} (see `{} --help`)", command.join(" "));
    ExitCode::from(2)
}

/// Tells a failure on stderr, in one line.
fn report(failure: &Failure) {
    match failure {
        Failure::Error { context: Some(c), error } => say!("boyi: {c}: {}", render::error(error)),
        Failure::Error { context: None, error } => say!("boyi: {}", render::error(error)),
        Failure::Told { .. } => {}
    }
}

enum Failure {
    Error {
        context: Option<String>,
        error: Error,
    },
    /// Said on stderr already; exit with `code`.
    Told {
        code: u8,
    },
}

impl Failure {
    fn exit_code(&self) -> u8 {
        match self {
            Failure::Error { error, .. } => error.exit_code() as u8,
            Failure::Told { code } => *code,
        }
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure::Error { context: None, error }
    }
}

/// `--time-limit`: work under a control of its own, cancelled when the
/// time is up or when Ctrl-C cancels the command's.
struct TimeLimit {
    ctl: Control,
    seconds: Option<f64>,
    expired: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
}

impl TimeLimit {
    fn start(seconds: Option<f64>, outer: &Control) -> TimeLimit {
        let (cancel, expired, done) = (Arc::new(AtomicBool::new(false)), Arc::default(), Arc::default());
        let Some(secs) = seconds else {
            return TimeLimit { ctl: outer.clone(), seconds, expired, done };
        };
        let ctl = outer.clone().with_cancel(cancel.clone());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(secs);
        let (outer, watch_expired, watch_done) = (outer.clone(), Arc::clone(&expired), Arc::clone(&done));
        std::thread::spawn(move || {
            while !watch_done.load(Ordering::Relaxed) {
                if std::time::Instant::now() >= deadline {
                    watch_expired.store(true, Ordering::Relaxed);
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
                if outer.check().is_err() {
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        TimeLimit { ctl, seconds, expired, done }
    }

    /// The work's result, an interruption by the clock said as such
    /// (exit 124, as `timeout` gives).
    fn told<T>(&self, result: Result<T, Error>, id: &str) -> Result<T, Failure> {
        self.done.store(true, Ordering::Relaxed);
        match result {
            Err(Error::Engine(boyi::Error::Interrupted)) if self.expired.load(Ordering::Relaxed) => {
                say!("boyi: {id}: no answer within the time limit of {} s", self.seconds.unwrap_or_default());
                Err(Failure::Told { code: 124 })
            }
            other => other.map_err(in_context(id)),
        }
    }
}

/// The catalogue game a database is of; a game written in Python is
/// refused, saying `instead`.
fn game_of_file(db: &Database, file: &Path, instead: &str) -> Result<&'static dyn Entry, Failure> {
    let header = db.header();
    if header.game.starts_with("python:") {
        return Err(Failure::from(Error::input(format!(
            "{} holds a solution of a game written in Python ({}): {instead}",
            file.display(),
            header.game
        ))));
    }
    game(&header.game)
}

/// `db info --stats / --longest / --index`: a catalogue game's survey of its
/// file; a file of a game written in Python is counted by its values alone.
fn survey(db: &Arc<Database>, file: &Path, ask: &catalogue::Ask, ctl: &Control) -> Result<catalogue::Survey, Failure> {
    if !db.header().game.starts_with("python:") {
        let entry = game_of_file(db, file, "")?;
        return entry.survey_database(db, ask, ctl).map_err(in_context(entry.info().id));
    }
    if ask.longest > 0 || ask.among == boyi::db::Among::Index {
        return Err(Failure::from(Error::input(format!(
            "{} holds a solution of a game written in Python: --longest and --index need its positions (boyi.load(path, game) from Python); --stats counts its values",
            file.display()
        ))));
    }
    let counts = db.histogram::<boyi::Outcome>(ctl).map_err(Error::from)?;
    Ok(catalogue::Survey::of_counts(&counts))
}

/// Heaps `boyi grundy --plot` draws at most: a point a heap stays legible.
const PLOT_HEAPS: usize = 5000;

fn in_context(id: &str) -> impl Fn(Error) -> Failure + '_ {
    move |error| Failure::Error { context: Some(id.to_string()), error }
}

fn problem(name: &str) -> Result<&'static dyn Problem, Failure> {
    catalogue::problem(name).ok_or_else(|| {
        let ids: Vec<&str> = catalogue::problems().iter().map(|p| p.id()).collect();
        Failure::from(Error::input(format!(
            "unknown judge problem `{name}`; known: {} (see `boyi list`)",
            ids.join(", ")
        )))
    })
}

fn game(name: &str) -> Result<&'static dyn Entry, Failure> {
    catalogue::game(name).ok_or_else(|| {
        let ids: Vec<&str> = catalogue::games().iter().map(|g| g.info().id).collect();
        Failure::from(Error::input(format!("unknown game `{name}`; known: {} (see `boyi list`)", ids.join(", "))))
    })
}

/// All of stdin, saying first what it waits for when stdin is a terminal.
fn read_stdin(what: &str) -> Result<String, Error> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        say!("boyi: reading {what} from the terminal; end it with Ctrl-D (Ctrl-Z on Windows)");
    }
    let mut bytes = Vec::new();
    stdin.lock().read_to_end(&mut bytes).map_err(|e| Error::input(format!("cannot read stdin: {e}")))?;
    text_of(bytes)
}

fn read_file(path: &Path) -> Result<String, Error> {
    text_of(std::fs::read(path).map_err(|e| Error::input(format!("cannot read {}: {e}", path.display())))?)
}

fn text_of(bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        Error::input(format!("the input is not text (invalid UTF-8 at byte {})", e.utf8_error().valid_up_to()))
    })
}

/// The position the command line names: judge input (from `--input`, or
/// piped into stdin when `stdin_input` and no words are given) with the
/// words as moves; else the words, which are parameters (`name=value`) or a
/// position, then moves.
fn position_of(
    entry: &'static dyn Entry,
    words: &[String],
    input: Option<&Path>,
    stdin_input: bool,
    case: u32,
) -> Result<Box<dyn Position>, Error> {
    let id = entry.info().id;
    let judge = || catalogue::problems().iter().copied().find(|p| p.game().info().id == id);
    let text = match input {
        Some(p) if p == Path::new("-") => Some(read_stdin(&format!("{id} judge input"))?),
        Some(p) => Some(read_file(p)?),
        // Only a bare command reads a pipe: words name the position, and a
        // stdin that belongs to a shell loop or a slow producer is not ours.
        None if stdin_input && words.is_empty() && !std::io::stdin().is_terminal() => {
            Some(read_stdin("")?).filter(|t| !t.trim().is_empty())
        }
        None => None,
    };
    if let Some(text) = text {
        let problem = judge().ok_or_else(|| {
            Error::input(format!("{id} has no judge format to read; give parameters or a position instead"))
        })?;
        let (start, moves) = problem.position(&text, case as usize - 1, words)?;
        return catalogue::play_all(entry.open(&start)?, &moves);
    }
    if case != 1 {
        return Err(Error::input("--case picks a case of judge input, and there is none"));
    }
    catalogue::position_from_words(entry, words)
}

fn session(memory: &Control, threads: Option<usize>, books: Vec<PathBuf>, databases: &[Arc<Database>]) -> Session {
    // A search may take a table of up to 1 GiB, or half the memory limit.
    let search = (1u64 << 30).min(memory.memory_limit() / 2);
    Session::new(memory.memory_limit() / 4, search)
        .with_threads(threads.unwrap_or(0))
        .with_books(books)
        .with_databases(databases.to_vec())
}

/// The files `--db` names; a directory of tiers (`db build` of a game in
/// tiers) gives every tier's file its manifest names.
fn open_databases(paths: &[PathBuf]) -> Result<Vec<Arc<Database>>, Failure> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let manifest = Manifest::read(p).map_err(|e| Failure::from(Error::from(e)))?;
            out.extend(manifest.open(p).map_err(|e| Failure::from(Error::from(e)))?);
        } else {
            out.push(Arc::new(Database::open(p).map_err(|e| Failure::from(Error::from(e)))?));
        }
    }
    Ok(out)
}

/// Refuses a database of another game than `id`: asked to answer from a
/// file, a user who gave the wrong one should hear so, not wait for a solve.
fn databases_of(id: &str, databases: &[Arc<Database>]) -> Result<(), Failure> {
    match databases.iter().find(|d| d.header().game != id) {
        Some(d) => Err(Failure::from(Error::input(format!(
            "the database given is for {} ({}), not for {id}",
            d.header().game,
            d.header().params_line()
        )))),
        None => Ok(()),
    }
}

fn judge_options(o: JudgeOptions, threads: Option<usize>, databases: &[Arc<Database>]) -> SolveOptions {
    SolveOptions {
        size: o.size,
        weak: o.weak,
        book: o.book,
        no_book: o.no_book,
        threads: threads.unwrap_or(0),
        databases: databases.to_vec(),
    }
}

fn run(command: Command, threads: Option<usize>, databases: Vec<Arc<Database>>, ctl: &Control) -> Result<(), Failure> {
    match command {
        // Served from `main`, which owns the Ctrl-C flag the server watches.
        Command::Serve { .. } => unreachable!("main starts the server itself"),
        Command::List { json, params } => {
            if json {
                println!("{}", catalogue::list_json());
            } else {
                write_stdout(&render::list(params));
            }
            Ok(())
        }
        Command::Solve { problem: name, file, explain, time_limit, options } => {
            let p = problem(&name)?;
            let input = match &file {
                Some(path) => read_file(path),
                None => read_stdin(&format!("{} judge input", p.id())),
            }
            .map_err(in_context(p.id()))?;
            let options = judge_options(options, threads, &databases);
            let limit = TimeLimit::start(time_limit, ctl);
            let ctl = &limit.ctl;
            let output = if explain { p.explain(&input, &options, ctl) } else { p.solve(&input, &options, ctl) };
            let output = limit.told(output, p.id())?;
            write_stdout(&output);
            Ok(())
        }
        Command::Analyze { game: name, words, input, case, json, book, time_limit } => {
            let entry = game(&name)?;
            let id = entry.info().id;
            databases_of(id, &databases)?;
            let pos = position_of(entry, &words, input.as_deref(), true, case).map_err(in_context(id))?;
            let limit = TimeLimit::start(time_limit, ctl);
            let ctl = &limit.ctl;
            let session = session(ctl, threads, book, &databases);
            let analysis = limit.told(pos.analyze(&Cx::new(ctl, &session)), id)?;
            let report = Report::new(pos.as_ref(), analysis);
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&render::report(&report));
            }
            Ok(())
        }
        Command::Play { game: name, words, second, skill, book } => {
            let entry = game(&name)?;
            let id = entry.info().id;
            // Stdin carries the person's moves, not an instance.
            databases_of(id, &databases)?;
            let pos = position_of(entry, &words, None, false, 1).map_err(in_context(id))?;
            let session = session(ctl, threads, book, &databases);
            let seed =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
            let opponent = boyi_games::terminal::Opponent { skill, seed };
            play::run(pos, !second, opponent, &Cx::new(ctl, &session)).map_err(in_context(id))
        }
        Command::Book { game: name, params, depth, out, checkpoint_every, estimate } => {
            let entry = game(&name)?;
            let id = entry.info().id;
            let params = Params::from_words(params.iter().map(String::as_str)).map_err(in_context(id))?;
            if let Some(samples) = estimate {
                let said = entry.estimate_book(&params, depth, samples, ctl).map_err(in_context(id))?;
                write_stdout(&format!("{said}\n"));
                return Ok(());
            }
            let out = out.expect("clap requires --out without --estimate");
            output_dir_exists(&out)?;
            let checkpoint = out.with_extension("checkpoint");
            let ctl = &ctl.clone().with_checkpoint(Checkpoint {
                path: checkpoint.clone(),
                tag: String::new(),
                every: std::time::Duration::from_secs(checkpoint_every),
            });
            let started = std::time::Instant::now();
            let built = entry.build_book(&params, depth, &out, ctl);
            if matches!(built, Err(Error::Engine(boyi::Error::Interrupted))) && checkpoint.exists() {
                say!("boyi: {} keeps the positions searched; the same command resumes from it", checkpoint.display());
            }
            let count = built.map_err(in_context(id))?;
            say!("boyi: wrote {count} positions to {} in {:.1} s", out.display(), started.elapsed().as_secs_f64());
            Ok(())
        }
        Command::Bench { names, runs, list, input, sets, limit, duplication, scaling, parts, options } => {
            if !parts.is_empty() {
                bench::parts::run(&names, &parts, runs, ctl, &write_stdout).map_err(in_context("bench"))?;
            } else if let Some(name) = input {
                write_stdout(&bench::suite::input(&name)?);
            } else if !databases.is_empty() {
                bench::lookups::run(&databases, runs.unwrap_or(5), &write_stdout);
            } else if !sets.is_empty() {
                let options = judge_options(options, threads, &databases);
                let sets = bench::sets::Sets { files: &sets, limit, runs: runs.unwrap_or(1), duplication, scaling };
                bench::sets::run(&names, &sets, &options, ctl, &write_stdout)?;
            } else if list {
                write_stdout(&bench::list());
            } else {
                bench::suite::run(&names, runs.unwrap_or(5), ctl, &write_stdout, &|note| say!("{note}"))?;
            }
            Ok(())
        }
        Command::Db(command) => db(command, threads, ctl),
        Command::Gen { problem: name, seed, size } => {
            let p = problem(&name)?;
            let mut rng = boyi_games::generate::Rng::new(seed);
            write_stdout(&p.random_input(&mut rng, size));
            Ok(())
        }
        Command::Check { problem: name, command, runs, seed, time_limit } => {
            let p = problem(&name)?;
            let limit = std::time::Duration::from_secs_f64(time_limit.max(0.001));
            // (a Dōbutsu Shōgi position is looked up in --db, not solved each time)
            let options =
                SolveOptions { threads: threads.unwrap_or(0), databases: databases.clone(), ..Default::default() };
            let cx = check::Cx { problem: p, command: &command, limit, options: &options, ctl };
            match check::run(&cx, runs, seed, &write_stdout).map_err(in_context(p.id()))? {
                None => Ok(()),
                // exit 1 like diff's "they differ", apart from 2 for a bad command
                Some(why) => {
                    say!("boyi: {}: {why}", p.id());
                    Err(Failure::Told { code: 1 })
                }
            }
        }
        Command::Cgt { game, position, format, json, plot, outcome } => {
            let format = match format.as_str() {
                "cgsuite" => boyi::cgt::Format::Cgsuite,
                "braces" => boyi::cgt::Format::Braces,
                other => {
                    return Err(in_context("cgt")(Error::input(format!("--format {other}: it is cgsuite or braces"))))
                }
            };
            let text = position.join(" ");
            if outcome {
                let report = boyi_games::partizan::report::outcome(&game, &text, ctl).map_err(in_context("cgt"))?;
                if json {
                    write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
                } else {
                    write_stdout(&report.render());
                }
                return Ok(());
            }
            let report = if game == "eval" {
                boyi_games::partizan::report::eval(&text, format, ctl)
            } else {
                boyi_games::partizan::report::value(&game, &text, format, ctl)
            }
            .map_err(in_context("cgt"))?;
            if let Some(path) = plot {
                let svg = report.svg().map_err(|e| in_context("cgt")(Error::input(e)))?;
                std::fs::write(&path, svg)
                    .map_err(|e| in_context("cgt")(Error::input(format!("cannot write {}: {e}", path.display()))))?;
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&report.render());
            }
            Ok(())
        }
        Command::Rule { game, params, to, values, json, plot } => {
            let report = boyi_games::rule_report::rule(&game, &params, to, values.as_deref(), ctl)
                .map_err(in_context("rule"))?;
            if let Some(path) = plot {
                let svg = report.svg().map_err(|e| in_context("rule")(Error::input(e)))?;
                std::fs::write(&path, svg)
                    .map_err(|e| in_context("rule")(Error::input(format!("cannot write {}: {e}", path.display()))))?;
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&report.render());
            }
            Ok(())
        }
        Command::Grundy { rule, to, show, json, plot } => {
            let drawn = if plot.is_some() { PLOT_HEAPS.min(to as usize + 1) } else { 0 };
            // JSON is read by programs: every value asked for, whatever --show says.
            let kept = if json { to as usize + 1 } else { show.max(drawn) };
            let mut report = boyi_games::heap_report::grundy(&rule, to, kept, ctl).map_err(in_context("grundy"))?;
            if let Some(path) = plot {
                let svg = report.svg(drawn).map_err(|e| in_context("grundy")(Error::input(e)))?;
                std::fs::write(&path, svg)
                    .map_err(|e| in_context("grundy")(Error::input(format!("cannot write {}: {e}", path.display()))))?;
                if !json {
                    report.values.truncate(show);
                }
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&report.render());
            }
            Ok(())
        }
    }
}

/// A database built plain, written again to `out` in zstd blocks at
/// `level`; the plain file is removed.
fn compress_plain(plain: &Path, out: &Path, level: i32, ctl: &Control) -> Result<boyi::db::Header, Failure> {
    let db = Database::open(plain).map_err(|e| Failure::from(Error::from(e)))?;
    let layout = Layout::Zstd { block_log2: boyi::db::BLOCK_LOG2 };
    let header = boyi::db::rewrite(&db, out, layout, level, ctl).map_err(|e| Failure::from(Error::from(e)))?;
    drop(db);
    let _ = std::fs::remove_file(plain);
    Ok(header)
}

/// `boyi db build --distributed` without MPI.
#[cfg(not(feature = "mpi"))]
fn distributed_build(
    _: &str,
    _: &[String],
    _: &Path,
    _: Option<i32>,
    _: u64,
    _: Option<usize>,
    _: &Control,
) -> Result<(), Failure> {
    Err(Failure::from(Error::input(
        "this boyi was built without MPI: build it with `cargo build --release -p boyi-cli --features mpi` \
         (Open MPI's libopenmpi-dev and libclang-dev installed) and start it with `mpirun -np P boyi db build ... --distributed`",
    )))
}

/// `boyi db build --distributed`: this process is one rank of an MPI job
/// and solves its slice of the positions with the others. Rank 0 draws
/// the progress bar and says what was written; a rank that fails says so,
/// naming itself, and stops the whole job.
#[cfg(feature = "mpi")]
fn distributed_build(
    name: &str,
    params: &[String],
    out: &Path,
    compress: Option<i32>,
    checkpoint_every: u64,
    threads: Option<usize>,
    ctl: &Control,
) -> Result<(), Failure> {
    use boyi::peers::{mpi::Mpi, Peers};
    let mpi = Mpi::start().map_err(|e| Failure::from(Error::from(e)))?;
    let (me, ranks) = (mpi.me(), mpi.count());
    // Rank 0 reports for all (through mpirun's pipes: JSON lines).
    let reporting = if me == 0 { ctl.clone() } else { ctl.without_progress() };
    let ctl = &reporting;
    let plain = if compress.is_some() { out.with_extension("plain") } else { out.to_path_buf() };
    let ctl = &ctl.clone().with_checkpoint(Checkpoint {
        path: plain.with_extension("checkpoint"),
        tag: String::new(),
        every: std::time::Duration::from_secs(checkpoint_every),
    });
    let started = std::time::Instant::now();
    let saved = (|| -> Result<boyi::db::Header, Failure> {
        let entry = game(name)?;
        let id = entry.info().id;
        if entry.tiered() && compress.is_some() {
            return Err(tiers_uncompressed(id));
        }
        let params = Params::from_words(params.iter().map(String::as_str)).map_err(in_context(id))?;
        let session = session(ctl, threads, Vec::new(), &[]);
        let cx = Cx { peers: Some(&mpi), ..Cx::new(ctl, &session) };
        entry.save_database(&params, &plain, &cx).map_err(in_context(id))
    })();
    let mut header = match saved {
        Ok(header) => header,
        // Every rank meets an error outside the solve alike (the solve's
        // own failures stop the job where they happen): rank 0 tells it.
        // The others wait until it has, since mpirun stops every rank as
        // soon as one exits with an error, and could stop rank 0 mid-way.
        Err(failure) => {
            if me == 0 {
                report(&failure);
            }
            mpi.barrier();
            drop(mpi);
            std::process::exit(i32::from(failure.exit_code()))
        }
    };
    if me == 0 {
        if let Some(level) = compress {
            header = compress_plain(&plain, out, level, ctl)?;
        }
        say!(
            "boyi: wrote {} positions of {} ({}) to {} in {:.1} s on {ranks} rank{}",
            header.size,
            header.game,
            header.params_line(),
            out.display(),
            started.elapsed().as_secs_f64(),
            if ranks == 1 { "" } else { "s" }
        );
    }
    Ok(())
}

/// `db build --compress` of a game in tiers, refused before any work.
fn tiers_uncompressed(id: &str) -> Failure {
    Failure::from(Error::input(format!(
        "{id}: a game in tiers is written one plain file a tier; --compress is for one file (compress a tier's file \
         with `boyi db compress`)"
    )))
}

/// Refuses an output file whose directory does not exist, before the work
/// that would be lost when writing it fails.
fn output_dir_exists(out: &std::path::Path) -> Result<(), Failure> {
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if dir.is_dir() {
        Ok(())
    } else {
        Err(Failure::from(Error::input(format!(
            "cannot write {}: the directory {} does not exist",
            out.display(),
            dir.display()
        ))))
    }
}

/// What an interrupted tiered build left in `dir` to resume from: its
/// finished tiers, and the walk of the tier it was in where one was saved
/// (periodically or on the stop; a tier stopped in its first block of
/// moves has none and starts over).
fn tiers_kept(dir: &std::path::Path) -> String {
    let names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned())).collect())
        .unwrap_or_default();
    let finished = names.iter().filter(|n| n.ends_with(".db")).count();
    let mut walks: Vec<&str> = names.iter().filter_map(|n| n.strip_suffix(".checkpoint")).collect();
    walks.sort_unstable();
    let walk = match walks.as_slice() {
        [] => "; the tier it was in had no saved walk yet and starts over".to_string(),
        tiers => format!(" and the walk of tier {} as last saved", tiers.join(", ")),
    };
    format!("{} keeps {finished} finished tiers{walk}; the same command resumes from them", dir.display())
}

/// `boyi db build | info | verify`.
fn db(command: DbCommand, threads: Option<usize>, ctl: &Control) -> Result<(), Failure> {
    if let DbCommand::Build { out, .. } | DbCommand::Compress { out, .. } = &command {
        output_dir_exists(out)?;
    }
    match command {
        DbCommand::Build { distributed: true, game: name, params, out, compress, checkpoint_every } => {
            distributed_build(&name, &params, &out, compress, checkpoint_every, threads, ctl)
        }
        DbCommand::Build { distributed: false, game: name, params, out, compress, checkpoint_every } => {
            let plain = match compress {
                Some(_) => out.with_extension("plain"),
                None => out.clone(),
            };
            let ctl = &ctl.clone().with_checkpoint(Checkpoint {
                path: plain.with_extension("checkpoint"),
                tag: String::new(),
                every: std::time::Duration::from_secs(checkpoint_every),
            });
            let entry = game(&name)?;
            let id = entry.info().id;
            if entry.tiered() && compress.is_some() {
                return Err(tiers_uncompressed(id));
            }
            let params = Params::from_words(params.iter().map(String::as_str)).map_err(in_context(id))?;
            let session = session(ctl, threads, Vec::new(), &[]);
            let started = std::time::Instant::now();
            // A compressed database is written plain first and then packed
            // block by block: every game's `save` writes one layout.
            let saved = entry.save_database(&params, &plain, &Cx::new(ctl, &session));
            let checkpoint = plain.with_extension("checkpoint");
            if matches!(saved, Err(Error::Engine(boyi::Error::Interrupted))) {
                if entry.tiered() {
                    say!("boyi: {}", tiers_kept(&out));
                } else if checkpoint.exists() {
                    say!("boyi: {} keeps the levels done; the same command resumes from it", checkpoint.display());
                }
            }
            let mut header = saved.map_err(in_context(id))?;
            if let Some(level) = compress {
                header = compress_plain(&plain, &out, level, ctl)?;
            }
            say!(
                "boyi: wrote {} positions of {} ({}) to {} in {:.1} s",
                header.size,
                header.game,
                header.params_line(),
                out.display(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        DbCommand::Compress { file, out, level, block } => {
            let db = Database::open(&file).map_err(|e| Failure::from(Error::from(e)))?;
            let layout = if level == 0 { Layout::Plain } else { Layout::Zstd { block_log2: block } };
            let header = boyi::db::rewrite(&db, &out, layout, level, ctl).map_err(|e| Failure::from(Error::from(e)))?;
            let written = Database::open(&out).map_err(|e| Failure::from(Error::from(e)))?;
            say!(
                "boyi: wrote {} positions to {} ({}): {} of values, {} before",
                header.size,
                out.display(),
                layout.describe(),
                boyi::control::format_bytes(written.stored_bytes()),
                boyi::control::format_bytes(db.stored_bytes()),
            );
            Ok(())
        }
        DbCommand::Info { file, json, stats, longest, index, plot } if file.is_dir() => {
            if stats || longest.is_some() || index || plot.is_some() {
                return Err(Failure::from(Error::input(format!(
                    "{}: --stats, --longest, --index and --plot survey one file; give one of its tiers' files",
                    file.display()
                ))));
            }
            let manifest = Manifest::read(&file).map_err(|e| Failure::from(Error::from(e)))?;
            let info = render::tiers_info(&file, &manifest, ctl)?;
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&info).expect("reports serialize")));
            } else {
                write_stdout(&render::database_text(&info));
            }
            Ok(())
        }
        DbCommand::Info { file, json, stats, longest, index, plot } => {
            // info and verify report a damaged file rather than refuse it
            let db = Arc::new(Database::open_unchecked(&file).map_err(|e| Failure::from(Error::from(e)))?);
            let mut info = render::database_info(&db, ctl)?;
            let mut text = String::new();
            if stats || longest.is_some() || index || plot.is_some() {
                let among = if index { boyi::db::Among::Index } else { boyi::db::Among::Stored };
                let ask = catalogue::Ask { among, longest: longest.unwrap_or(0), groups: stats };
                let survey = survey(&db, &file, &ask, ctl)?;
                if let Some(path) = plot {
                    let title = format!(
                        "{} ({}): {} positions by remoteness",
                        db.header().game,
                        db.header().params_line(),
                        survey.positions
                    );
                    let svg = boyi_games::plot::remoteness_svg(&title, &survey.won, &survey.lost, survey.drawn)
                        .map_err(|e| Failure::from(Error::input(e)))?;
                    std::fs::write(&path, svg)
                        .map_err(|e| Failure::from(Error::input(format!("cannot write {}: {e}", path.display()))))?;
                }
                text = render::survey_text(&survey, stats);
                info["survey"] = serde_json::to_value(&survey).expect("surveys serialize");
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&info).expect("reports serialize")));
            } else {
                write_stdout(&(render::database_text(&info) + &text));
            }
            Ok(())
        }
        DbCommand::Line { file, words, json, max_plies } => {
            // a directory of tiers: every tier's file, the instance its manifest names
            let files = open_databases(std::slice::from_ref(&file))?;
            let (entry, params) = if file.is_dir() {
                let manifest = Manifest::read(&file).map_err(|e| Failure::from(Error::from(e)))?;
                (game(&manifest.game)?, manifest.params)
            } else {
                let entry = game_of_file(&files[0], &file, "its best line is read from Python (boyi.load)")?;
                (entry, files[0].header().params.clone())
            };
            let id = entry.info().id;
            let start = if words.is_empty() {
                let params = Params::from_words(params.lines()).map_err(in_context(id))?;
                entry.start(&params)
            } else {
                catalogue::position_from_words(entry, &words)
            }
            .map_err(in_context(id))?;
            let session = session(ctl, threads, Vec::new(), &files);
            let line = catalogue::best_line(start, &Cx::new(ctl, &session), max_plies).map_err(in_context(id))?;
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&line).expect("lines serialize")));
            } else {
                write_stdout(&render::line(&line));
            }
            Ok(())
        }
        DbCommand::Diff { a, b, show, json } => {
            // a damaged copy is compared, not refused: where it differs is the point
            let open = |f: &Path| Database::open_unchecked(f).map_err(|e| Failure::from(Error::from(e)));
            let (da, dbb) = (open(&a)?, open(&b)?);
            let diff = boyi::db::diff(&da, &dbb, show, ctl).map_err(|e| Failure::from(Error::from(e)))?;
            // a differing position named in its game's notation, where the game is known
            let name = |slot: u64| catalogue::game(&da.header().game).and_then(|e| e.database_position(&da, slot).ok());
            if json {
                write_stdout(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&render::diff_json(&diff, &name)).expect("diffs serialize")
                ));
            } else {
                write_stdout(&render::diff_text(&diff, &a, &b, &name));
            }
            if diff.same() {
                Ok(())
            } else {
                Err(Failure::Told { code: 1 })
            }
        }
        DbCommand::Verify { file } if file.is_dir() => {
            let manifest = Manifest::read(&file).map_err(|e| Failure::from(Error::from(e)))?;
            let entry = game(&manifest.game)?;
            let wrong = entry.verify_tiers(&manifest, &file, VERIFY_SHOWN, ctl).map_err(in_context(entry.info().id))?;
            let total: u64 = manifest.tiers.iter().map(|t| t.size).sum();
            verified(
                &file,
                &wrong,
                &format!(
                    "ok: all {total} positions in {} tiers agree with their moves; checksums ok",
                    manifest.tiers.len()
                ),
            )
        }
        DbCommand::Verify { file } => {
            let db = Database::open_unchecked(&file).map_err(|e| Failure::from(Error::from(e)))?;
            let header = db.header();
            if header.game.starts_with("python:") {
                return Err(Failure::from(Error::input(format!(
                    "{} holds a solution of a game written in Python ({}): its moves are the game's, so it is \
                     checked from Python (boyi.load(path, game), then compare with boyi.solve)",
                    file.display(),
                    header.game
                ))));
            }
            let entry = game(&header.game)?;
            if !db.checksum_ok(ctl).map_err(Error::from)? {
                return Err(Failure::from(Error::input(format!(
                    "{}: the values do not match the file's checksum (the file is damaged)",
                    file.display()
                ))));
            }
            let wrong = entry.verify_database(&db, VERIFY_SHOWN, ctl).map_err(in_context(entry.info().id))?;
            verified(&file, &wrong, &format!("ok: all {} positions agree with their moves; checksum ok", header.size))
        }
    }
}

/// The positions `db verify` shows at most.
const VERIFY_SHOWN: usize = 20;

/// `db verify`'s answer: `ok` when nothing disagrees, else each position
/// that does on stdout and one line that counts them.
fn verified(file: &Path, wrong: &[String], ok: &str) -> Result<(), Failure> {
    if wrong.is_empty() {
        write_stdout(&format!("{ok}\n"));
        return Ok(());
    }
    for line in wrong {
        write_stdout(&format!("{line}\n"));
    }
    Err(Failure::from(Error::input(format!(
        "{}: {}{} positions disagree with their moves",
        file.display(),
        wrong.len(),
        if wrong.len() == VERIFY_SHOWN { " or more" } else { "" }
    ))))
}

#[allow(clippy::too_many_arguments)]
fn serve(
    port: u16,
    bind: std::net::IpAddr,
    time_limit: f64,
    cache: u64,
    table: u64,
    books: Vec<PathBuf>,
    databases: Vec<Arc<Database>>,
    memory: Option<u64>,
    threads: Option<usize>,
    stop: Arc<AtomicBool>,
) -> Result<(), Failure> {
    if !(time_limit > 0.0 && time_limit <= 3600.0) {
        return Err(Failure::from(Error::input("--time-limit is in seconds, more than 0 and at most 3600")));
    }
    let defaults = boyi_web::Config::default();
    let config = boyi_web::Config {
        bind,
        port,
        time_limit: std::time::Duration::from_secs_f64(time_limit),
        request_memory: memory.unwrap_or(defaults.request_memory),
        cache_bytes: cache,
        table_bytes: table.max(1 << 20),
        threads: threads.unwrap_or(defaults.threads),
        books,
        databases,
        ..defaults
    };
    boyi_web::run(config, stop, |addr| {
        write_stdout(&format!("boyi serve: open http://{addr}/ in a browser (Ctrl-C stops)\n"));
    })
    .map_err(|e| Failure::from(Error::input(format!("cannot serve on {bind}:{port}: {e}"))))
}

/// Writes to stdout; a closed pipe (`| head`) is not an error worth a message.
fn write_stdout(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An interrupted build says what it kept: a tier's walk only where
    /// one was saved.
    #[test]
    fn an_interrupted_build_says_what_it_kept() {
        let dir = std::env::temp_dir().join(format!("boyi-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["2-3-0-0.db", "2-4-0-0.db", "manifest.txt"] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let said = tiers_kept(&dir);
        assert!(said.contains("keeps 2 finished tiers; the tier it was in had no saved walk yet"), "{said}");
        std::fs::write(dir.join("4-9-0-0.checkpoint"), b"").unwrap();
        let said = tiers_kept(&dir);
        assert!(said.contains("keeps 2 finished tiers and the walk of tier 4-9-0-0 as last saved"), "{said}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn rewritten(line: &str) -> String {
        let args = line.split(' ').map(Into::into).collect();
        let args = old_bench_flags(args, &Cli::command());
        args.iter().map(|a| a.to_str().unwrap()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn old_bench_flags_become_names() {
        assert_eq!(
            rewritten("boyi --threads 2 bench --parts 2 --dobutsu --runs 1"),
            "boyi --threads 2 bench dobutsu --parts 2 --runs 1"
        );
        assert_eq!(rewritten("boyi bench --parts 1 2 --table"), "boyi bench young-chess-14x14 --parts 1 2");
        assert_eq!(rewritten("boyi bench --connect4 a b --limit 3"), "boyi bench connect4 --sets a b --limit 3");
        // another command's flag of the same spelling is its own
        assert_eq!(rewritten("boyi serve --table 128M"), "boyi serve --table 128M");
    }
}
