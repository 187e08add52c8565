//! `boyi`: the command line over the engine and the catalogue.

mod bench;
mod play;
mod progress;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use boyi::Control;
use boyi_games::report::Shown;
use boyi_games::{catalogue, AnalyzeRequest, Error, Problem, Report, SolveOptions};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

const ABOUT: &str = "boyi (博弈): exact solutions of two-player games of perfect information.";

const LONG_ABOUT: &str = "boyi (博弈): exact solutions of two-player games of perfect information.\n\n\
Who wins this position, by how much, in how many moves, and which moves keep the win.\n\
`boyi list` shows every game and judge problem; `boyi solve <problem>` answers judge input\n\
on stdin in the judge's exact output format; `boyi analyze <game>` values a position and\n\
each of its moves.";

#[derive(Parser)]
#[command(name = "boyi", version, about = ABOUT, long_about = LONG_ABOUT)]
struct Cli {
    /// Memory the solver may use, e.g. `512M`, `4G` (default 4G). Larger
    /// instances are refused up front with the figure they need.
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_size)]
    memory: Option<u64>,

    /// Worker threads (default: one per core).
    #[arg(long, global = true, value_name = "N")]
    threads: Option<usize>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every game and judge problem, one line each.
    List {
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Answer judge input in the judge's exact output format.
    #[command(long_about = "Answer judge input (stdin, or FILE) in the judge's exact output format.\n\
        Input is read as whitespace-separated tokens: blank lines and trailing spaces are fine.\n\
        Bad input gets a one-line error on stderr naming the line and token, exit code 2.")]
    Solve {
        /// Problem id or judge id (see `boyi list`).
        problem: String,
        /// Read the input from this file instead of stdin.
        file: Option<PathBuf>,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Value a position and every legal move from it, best first.
    #[command(long_about = "Value a position and every legal move from it, best first.\n\
        The instance is read in the problem's judge format (stdin, or --input FILE); MOVES are\n\
        moves already played from its start, in the game's notation (see below).\n\
        Values are from the side to move: a score is its points minus the opponent's from\n\
        here on under best play; an outcome is win / lose / draw with the number of moves.")]
    Analyze {
        /// Game or problem id (see `boyi list`).
        game: String,
        /// Moves already played, in the game's notation.
        moves: Vec<String>,
        /// Read the instance from this file instead of stdin.
        #[arg(long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Which case of a multi-case input (1-based).
        #[arg(long, default_value_t = 1, value_name = "K")]
        case: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Play against perfect play in the terminal (connect4).
    #[command(long_about = "Play against perfect play in the terminal. Type a column number to move,\n\
        `?` for the value of every column, `q` to quit. The computer plays a best move,\n\
        the most central among equals. Games: connect4.")]
    Play {
        /// The game (connect4).
        game: String,
        /// Let the computer move first.
        #[arg(long)]
        second: bool,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Build an opening book: the exact score of every position up to DEPTH stones.
    #[command(long_about = "Build an opening book: the exact score of every position with at most\n\
        --depth stones (mirror images once), written to --out. `boyi solve connect4 --book FILE`,\n\
        `analyze` and `play` then stop their search at those positions. Games: connect4.")]
    Book {
        /// The game (connect4).
        game: String,
        /// Positions with up to this many stones.
        #[arg(long)]
        depth: u32,
        /// Where to write the book.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Serve the web page and its JSON API (see the README's "Web page").
    #[command(long_about = "Serve the web page and its JSON API: pick a game, see every move coloured by\n\
        its value, play against the computer at any skill. Prints the address to open. Every request\n\
        has a time limit and a memory limit (--memory, default 512M a request); solved values are\n\
        cached up to --cache. Ctrl-C stops the server.")]
    Serve {
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; 0.0.0.0 serves other machines too.
        #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
        bind: std::net::IpAddr,
        /// Seconds a request may take before it is answered "too slow".
        #[arg(long, default_value_t = 10.0, value_name = "SECS")]
        time_limit: f64,
        /// Memory for cached tables and analyses, e.g. 256M.
        #[arg(long, default_value = "256M", value_name = "SIZE", value_parser = parse_size)]
        cache: u64,
        /// The Connect Four transposition table shared by all requests.
        #[arg(long, default_value = "128M", value_name = "SIZE", value_parser = parse_size)]
        table: u64,
    },
    /// Run the benchmark suite and print a table of figures.
    #[command(long_about = "Run the benchmark suite and print a markdown table: median, min and max wall\n\
        time over --runs runs, CPU time, positions per second and peak memory. Inputs are\n\
        generated from a fixed seed. NAMES select benchmarks by prefix (default: all);\n\
        `boyi bench --list` shows them.")]
    Bench {
        /// Benchmark names or prefixes, e.g. `young-chess` or `coin-game-2000`.
        names: Vec<String>,
        /// Runs of each benchmark (default 5). With --connect4, each position
        /// is solved this many times (default 1) and the fastest solve counts:
        /// a virtual machine's noise only ever adds time.
        #[arg(long)]
        runs: Option<usize>,
        /// List the benchmarks.
        #[arg(long)]
        list: bool,
        /// Instead, run Connect Four benchmark sets (files of `moves score`
        /// lines), each position from an empty table.
        #[arg(long, value_name = "FILE", num_args = 1..)]
        connect4: Vec<PathBuf>,
        /// With --connect4: only the first N positions of each set.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        #[command(flatten)]
        options: GameOptions,
    },
    /// Grundy values of a heap game, with its period and preperiod.
    #[command(long_about = "Grundy values G(0..=N) of a heap game, its period and preperiod, and whether\n\
        the periodicity theorem for octal games proves them (`proved`) or they are only seen\n\
        (`observed`). The last line is `period P, preperiod N0 (proved)`, `(observed)`, or\n\
        `no period found up to N`.\n\n\
        RULE is an octal code (0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess, 4.07: the\n\
        digit before the point splits a heap without taking), hex: and a hexadecimal code\n\
        (hex:0.F; digit bit 8 leaves three heaps), sub:1,3,4 (a subtraction set), allbut:2,5\n\
        (every take but these), grundy (Grundy's game), or a name: kayles, dawsons-kayles,\n\
        dawsons-chess, nim.")]
    Grundy {
        /// The rule: an octal code, hex:CODE, sub:LIST, allbut:LIST, grundy, or a name.
        rule: String,
        /// The largest heap to value.
        #[arg(long, default_value_t = 1000, value_name = "N")]
        to: u64,
        /// How many values to print (from heap 0).
        #[arg(long, default_value_t = 100, value_name = "K")]
        show: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

/// Options of the games that take them (see each problem's help).
#[derive(clap::Args)]
struct GameOptions {
    /// Board size as WIDTHxHEIGHT, e.g. `6x5` (connect4).
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    size: Option<(u32, u32)>,
    /// Only who wins, not by how much (connect4: 1, 0 or -1).
    #[arg(long)]
    weak: bool,
    /// An opening book built by `boyi book`.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
}

impl GameOptions {
    fn into_solve_options(self, threads: Option<usize>) -> SolveOptions {
        SolveOptions { size: self.size, weak: self.weak, book: self.book, threads: threads.unwrap_or(0) }
    }
}

fn parse_board(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(|| format!("`{text}` is not a size like 7x6"))?;
    let w = w.trim().parse().map_err(|_| format!("`{text}`: the width is not a number"))?;
    let h = h.trim().parse().map_err(|_| format!("`{text}`: the height is not a number"))?;
    Ok((w, h))
}

fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(t.len()));
    let value: f64 = digits.parse().map_err(|_| format!("`{text}` is not a size like 512M or 4G"))?;
    let scale = match unit.trim().to_ascii_lowercase().trim_end_matches("ib").trim_end_matches('b') {
        "" => 1u64,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return Err(format!("`{text}`: unknown unit; use K, M, G or T")),
    };
    Ok((value * scale as f64) as u64)
}

/// Per-problem formats, appended to the help of the commands that read them.
fn formats() -> String {
    let mut s = String::from("Problems and their input formats:\n");
    for p in catalogue::all() {
        s.push_str(&format!("\n{} (also {}):\n", p.id(), p.aliases().join(", ")));
        for line in p.help().lines() {
            s.push_str(&format!("  {line}\n"));
        }
    }
    s
}

fn main() -> ExitCode {
    let command = Cli::command()
        .after_long_help(
            "Run `boyi list` for the problems, `boyi solve --help` for their input formats.\n\
            Example: boyi solve young-chess < examples/young-chess/sample1.in",
        )
        .mut_subcommand("solve", |c| c.after_long_help(formats()))
        .mut_subcommand("analyze", |c| c.after_long_help(formats()));
    let cli = match Cli::from_arg_matches(&command.get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    if let Some(n) = cli.threads {
        if let Err(e) = rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build_global() {
            eprintln!("boyi: cannot start {n} threads: {e}");
            return ExitCode::from(1);
        }
    }

    let cancel = Arc::new(AtomicBool::new(false));
    {
        // For `serve`, the first Ctrl-C stops the server gracefully.
        let cancel = cancel.clone();
        // First Ctrl-C asks the solver to stop cleanly; a second one stops at once.
        let _ = ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let bar = Arc::new(progress::Bar::new());
    let ctl = Control::default()
        .with_memory_limit(cli.memory.unwrap_or(Control::DEFAULT_MEMORY))
        .with_cancel(cancel.clone())
        .with_progress(bar.clone());

    let result = match cli.command {
        Command::Serve { port, bind, time_limit, cache, table } => {
            serve(port, bind, time_limit, cache, table, cli.memory, cancel)
        }
        command => run(command, cli.threads, &ctl),
    };
    bar.clear();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { context, error }) => {
            match context {
                Some(c) => eprintln!("boyi: {c}: {error}"),
                None => eprintln!("boyi: {error}"),
            }
            ExitCode::from(error.exit_code() as u8)
        }
    }
}

struct Failure {
    context: Option<String>,
    error: Error,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure { context: None, error }
    }
}

fn problem(name: &str) -> Result<&'static dyn Problem, Failure> {
    catalogue::find(name).ok_or_else(|| {
        let ids: Vec<&str> = catalogue::all().iter().map(|p| p.id()).collect();
        Failure::from(Error::input(format!(
            "unknown game or problem `{name}`; known: {} (see `boyi list`)",
            ids.join(", ")
        )))
    })
}

fn read_input(file: Option<&PathBuf>) -> Result<String, Error> {
    let mut bytes = Vec::new();
    match file {
        Some(path) => {
            bytes = std::fs::read(path).map_err(|e| Error::input(format!("cannot read {}: {e}", path.display())))?;
        }
        None => {
            std::io::stdin().read_to_end(&mut bytes).map_err(|e| Error::input(format!("cannot read stdin: {e}")))?;
        }
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::input(format!("the input is not text (invalid UTF-8 at byte {})", e.utf8_error().valid_up_to()))
    })
}

fn run(command: Command, threads: Option<usize>, ctl: &Control) -> Result<(), Failure> {
    match command {
        // Served from `main`, which owns the Ctrl-C flag the server watches.
        Command::Serve { .. } => unreachable!("main starts the server itself"),
        Command::List { json } => {
            let all = catalogue::all();
            if json {
                let list: Vec<_> = all
                    .iter()
                    .map(|p| serde_json::json!({"id": p.id(), "aliases": p.aliases(), "summary": p.summary()}))
                    .collect();
                println!("{}", serde_json::Value::Array(list));
            } else {
                let width = all.iter().map(|p| p.id().len()).max().unwrap_or(0);
                for p in all {
                    println!("{:width$}  {}  [{}]", p.id(), p.summary(), p.aliases().join(", "));
                }
            }
            Ok(())
        }
        Command::Play { game, second, options } => {
            let p = problem(&game)?;
            if p.id() != "connect4" {
                return Err(Failure::from(Error::input(format!(
                    "play knows connect4; {} is not playable yet",
                    p.id()
                ))));
            }
            let options = options.into_solve_options(threads);
            play::run(!second, &options, ctl).map_err(|error| Failure { context: Some(p.id().to_string()), error })
        }
        Command::Book { game, depth, out, options } => {
            let p = problem(&game)?;
            let in_context = |error| Failure { context: Some(p.id().to_string()), error };
            if p.id() != "connect4" {
                return Err(in_context(Error::input("opening books exist for connect4 only")));
            }
            let options = options.into_solve_options(threads);
            let count = boyi_games::judge::connect4::build_book(&options, depth, &out, ctl).map_err(in_context)?;
            eprintln!("boyi: wrote {count} positions to {}", out.display());
            Ok(())
        }
        Command::Bench { names, runs, list, connect4, limit, options } => {
            if !connect4.is_empty() {
                let options = options.into_solve_options(threads);
                write_stdout(&bench::connect4_sets(&connect4, limit, runs.unwrap_or(1), &options, ctl)?);
            } else if list {
                write_stdout(&bench::list());
            } else {
                write_stdout(&bench::run(&names, runs.unwrap_or(5), ctl)?);
            }
            Ok(())
        }
        Command::Grundy { rule, to, show, json } => {
            let report = boyi_games::heap_report::grundy(&rule, to, show, ctl)
                .map_err(|error| Failure { context: Some("grundy".to_string()), error })?;
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&report.render());
            }
            Ok(())
        }
        Command::Solve { problem: name, file, options } => {
            let p = problem(&name)?;
            let in_context = |error| Failure { context: Some(p.id().to_string()), error };
            let options = options.into_solve_options(threads);
            let input = read_input(file.as_ref()).map_err(in_context)?;
            let output = p.solve_with(&input, &options, ctl).map_err(in_context)?;
            write_stdout(&output);
            Ok(())
        }
        Command::Analyze { game, moves, input, case, json, options } => {
            let p = problem(&game)?;
            let in_context = |error| Failure { context: Some(p.id().to_string()), error };
            if case == 0 {
                return Err(in_context(Error::input("--case counts from 1")));
            }
            let text = if p.analyze_reads_input() || input.is_some() {
                read_input(input.as_ref()).map_err(in_context)?
            } else {
                String::new()
            };
            let request = AnalyzeRequest { moves, case: case - 1, options: options.into_solve_options(threads) };
            let report = p.analyze(&text, &request, ctl).map_err(in_context)?;
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("reports serialize")));
            } else {
                write_stdout(&render(&report));
            }
            Ok(())
        }
    }
}

fn serve(
    port: u16,
    bind: std::net::IpAddr,
    time_limit: f64,
    cache: u64,
    table: u64,
    memory: Option<u64>,
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

fn render(r: &Report) -> String {
    let mut s = format!("{}: {} to move\n", r.game, r.to_move);
    for line in &r.position {
        s.push_str(&format!("  {line}\n"));
    }
    let drawn = matches!(r.value, Shown::Outcome { result: "draw", .. });
    let meaning = match r.value {
        Shown::Score { .. } if r.game == "connect4" => {
            " (Pons' convention: > 0 the mover wins, by more the fewer stones it needs; 0 a draw; < 0 it loses)"
        }
        Shown::Score { .. } => " (the mover's points minus the opponent's, best play)",
        _ if drawn => " (neither side can force an end: best play goes on forever)",
        Shown::Nimber { .. } => " (a move's nimber is that of the position it leaves)",
        _ => "",
    };
    s.push_str(&format!("value: {}{meaning}\n", r.value));
    if r.moves.is_empty() {
        s.push_str("no legal moves: the game is over\n");
        return s;
    }
    let width = r.moves.iter().map(|m| m.mv.len()).max().unwrap_or(0).max(4);
    s.push_str(&format!("\n  {:width$}  value\n", "move"));
    let best = &r.moves[0].value;
    for m in &r.moves {
        // In a drawn position what matters is which moves keep the draw.
        let mark = match (&m.value, drawn) {
            (Shown::Outcome { result: "draw", .. }, true) => "  keeps the draw",
            (_, true) => "  loses",
            (v, false) if v == best => "  best",
            _ => "",
        };
        s.push_str(&format!("  {:width$}  {}{mark}\n", m.mv, m.value));
    }
    s.push_str(&format!("\n(solver: {})\n", r.solver));
    s
}
