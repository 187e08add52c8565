//! The command line's grammar: every subcommand, flag and help text, for
//! clap. Dispatch lives in `main.rs`, what is printed in `render.rs`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

const ABOUT: &str = "boyi (博弈): exact solutions of two-player games of perfect information.";

const LONG_ABOUT: &str = "boyi (博弈): exact solutions of two-player games of perfect information.\n\n\
Who wins this position, by how much, in how many moves, and which moves keep the win.\n\
`boyi list` shows every game; `boyi analyze <game>` values a position and each of its moves;\n\
`boyi play <game>` plays against perfect play; `boyi solve <problem>` answers judge input on\n\
stdin in the judge's exact output format.";

#[derive(Parser)]
#[command(name = "boyi", version, about = ABOUT, long_about = LONG_ABOUT)]
pub struct Cli {
    /// Memory a solve may use, e.g. `512M`, `4G` (default 4G; `serve`: 512M a
    /// request). Larger instances are refused up front with the figure they need.
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,

    /// Worker threads, 1 to 1024 (default: one per core). Each thread is
    /// started whatever the input, so tens of thousands would exhaust the
    /// system's threads before any work began.
    #[arg(long, global = true, value_name = "N", value_parser = number_in(1u16, 1024, "a thread count"))]
    pub threads: Option<u16>,

    /// A solved database (`boyi db build`) to answer from instead of
    /// solving: analyze, play and serve look up the instance it holds.
    #[arg(long, global = true, value_name = "FILE")]
    pub db: Vec<PathBuf>,

    /// How long work reports progress on stderr: `bar` (a terminal's),
    /// `json` (one JSON object a line, at most every two seconds:
    /// {"phase", "done", "total", "eta_s", "elapsed_s"}), `none`; by default a
    /// bar on a terminal and JSON lines otherwise (a log, a pipe).
    #[arg(long, global = true, value_name = "HOW", default_value = "auto")]
    pub progress: ProgressMode,

    #[command(subcommand)]
    pub command: Command,
}

/// How a command names a position: the words after the game.
pub const POSITION_HELP: &str = "WORDS are, in order: parameters of a new game as name=value (see `boyi list \
--params`), or a position in the game's notation; then moves played from there. Judge input is read from --input FILE (`-`: stdin), or from a \
pipe into stdin when no words are given; with judge input the words are moves.";

#[derive(Subcommand)]
pub enum Command {
    /// List every game, one line each.
    List {
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Each game's parameters, position notation and judge format too.
        #[arg(long)]
        params: bool,
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
        /// Instead of the answers, why each is what it is: the theorem or
        /// method and the values it combined (the Sprague-Grundy problems).
        #[arg(long)]
        explain: bool,
        /// Give up after this many seconds (exit 124), printing nothing.
        #[arg(long, value_name = "SECS", value_parser = seconds)]
        time_limit: Option<f64>,
        #[command(flatten)]
        options: JudgeOptions,
    },
    /// Value a position and every legal move from it, best first.
    #[command(long_about = "Value a position and every legal move from it, best first.\n\
        Values are from the side to move: win / lose / draw / tie with the number of moves to the\n\
        end (the winner hurries, the loser delays); in scored games the mover's points minus the\n\
        opponent's from here on; in impartial games the nimber.", after_help = POSITION_HELP)]
    Analyze {
        /// Game or judge problem id (see `boyi list`).
        game: String,
        /// Parameters (name=value) or a position, then moves.
        words: Vec<String>,
        /// Read a judge-format instance from this file (`-`: stdin).
        #[arg(long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Which case of a multi-case judge input (1-based).
        #[arg(long, default_value_t = 1, value_name = "K", value_parser = number_in(1u32, u32::MAX, "a case number"))]
        case: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Solved data to consult (an opening book from `boyi book`).
        #[arg(long, value_name = "FILE")]
        book: Vec<PathBuf>,
        /// Give up after this many seconds (exit 124), as the page does.
        #[arg(long, value_name = "SECS", value_parser = seconds)]
        time_limit: Option<f64>,
    },
    /// Play against perfect play in the terminal.
    #[command(long_about = "Play any game of the catalogue against perfect play in the terminal. Type a\n\
        move in the game's notation, `?` for the value of every move, `u` to undo your last move,\n\
        `m` for the legal moves, `q` to quit. The computer plays a best move.", after_help = POSITION_HELP)]
    Play {
        /// Game id (see `boyi list`).
        game: String,
        /// Parameters (name=value) or a position, then moves.
        words: Vec<String>,
        /// Let the computer move first.
        #[arg(long)]
        second: bool,
        /// How well the computer plays, 0 to 1: 1 is perfect play; below,
        /// it plays a worse move now and then, the better the likelier.
        #[arg(long, default_value_t = 1.0, value_name = "S", value_parser = skill)]
        skill: f64,
        /// Solved data to consult (an opening book from `boyi book`).
        #[arg(long, value_name = "FILE")]
        book: Vec<PathBuf>,
    },
    /// Build an opening book: the exact value of every position up to DEPTH moves.
    #[command(long_about = "Build an opening book: the exact value of every position with at most\n\
        --depth moves played, written to --out. `solve`, `analyze`, `play` and `serve` consult it with\n\
        --book FILE. Games with books: connect4 (the standard board's book ships with boyi).")]
    Book {
        /// The game.
        game: String,
        /// Parameters of the game as name=value (say width=6 height=5).
        params: Vec<String>,
        /// Positions with up to this many moves played.
        #[arg(long)]
        depth: u32,
        /// Where to write the book.
        #[arg(long, value_name = "FILE", required_unless_present = "estimate")]
        out: Option<PathBuf>,
        /// Seconds between saves of the positions searched so far (in
        /// FILE.checkpoint; the same command resumes from it after an interruption).
        #[arg(long, default_value_t = 60, value_name = "SECS")]
        checkpoint_every: u64,
        /// Write no book: search N of the positions the build would, spread
        /// over them, and say how long the whole build would take here.
        #[arg(long, value_name = "N", value_parser = number_in(1usize, 1_000_000, "a count of positions"))]
        estimate: Option<usize>,
    },
    /// Serve the web page and its JSON API (see the README's "Web page").
    #[command(long_about = "Serve the web page and its JSON API: pick a game, see every move coloured by\n\
        its value, play against the computer at any skill. Prints the address to open. Every request\n\
        has a time limit and a memory limit (--memory, here 512M a request by default); solved values\n\
        are cached up to --cache. Ctrl-C stops the server.")]
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
        /// The transposition table each kind of search shares between requests.
        #[arg(long, default_value = "128M", value_name = "SIZE", value_parser = parse_size)]
        table: u64,
        /// Solved data to consult (an opening book from `boyi book`).
        #[arg(long, value_name = "FILE")]
        book: Vec<PathBuf>,
    },
    /// Run the benchmark suite and print a table of figures.
    #[command(long_about = "Run the benchmark suite and print a markdown table: median, min and max wall\n\
        time over --runs runs, CPU time, positions per second and peak memory. Inputs are\n\
        generated from a fixed seed. NAMES select benchmarks: a name, or a prefix when no name\n\
        matches exactly (default: all); `boyi bench --list` shows them. With --sets, times the\n\
        position sets of the judge format NAME; with --parts, solves the instance NAME in parts;\n\
        with --db FILE, times lookups in that database (10^6 random positions a pass).")]
    Bench {
        /// Benchmark names or prefixes, e.g. `young-chess` or `coin-game-2000`; with --sets,
        /// the judge format of the sets; with --parts, the instance (default: the first listed).
        names: Vec<String>,
        /// Runs of each benchmark (default 5). With --sets, each position
        /// is solved this many times (default 1) and the fastest solve counts:
        /// a virtual machine's noise only ever adds time. With --parts, each
        /// solve (default: the instance's own count).
        #[arg(long)]
        runs: Option<usize>,
        /// List the benchmarks, the formats with position sets and the
        /// instances solved in parts.
        #[arg(long)]
        list: bool,
        /// Print this benchmark's input instead (to time another program on it).
        #[arg(long, value_name = "NAME", conflicts_with = "list")]
        input: Option<String>,
        /// Instead, time position sets of a judge format (files of lines in
        /// its format, each with the expected answer after the position),
        /// each position solved from an empty table.
        #[arg(long, value_name = "FILE", num_args = 1..)]
        sets: Vec<PathBuf>,
        /// With --sets: only the first N positions of each set.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        /// With --sets: also what each search thread did and what they
        /// duplicate (nodes, distinct positions, positions both searched,
        /// table hit rates).
        #[arg(long, requires = "sets")]
        duplication: bool,
        /// With --sets: solve each position on one thread and then on
        /// --threads threads, in turn, and report the speedup. Timing both
        /// in one process, position by position, keeps a virtual machine's
        /// drift (a fifth either way over minutes) out of the ratio.
        #[arg(long, requires = "sets", conflicts_with = "duplication")]
        scaling: bool,
        /// Instead, solve the instance NAME names in one process and with its
        /// rank space cut into each of these numbers of parts (the distributed
        /// solver's algorithm, parts as threads of one process).
        #[arg(long, value_name = "P", num_args = 1.., value_parser = parse_parts, conflicts_with = "sets")]
        parts: Vec<usize>,
        #[command(flatten)]
        options: JudgeOptions,
    },
    /// Solved databases: every position's value of an instance, on disk.
    #[command(subcommand)]
    Db(DbCommand),
    /// Grundy values of a heap game, with its period and preperiod.
    #[command(long_about = "Grundy values G(0) to G(N) of a heap game, its period and preperiod, and whether\n\
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
        /// How many values to print (from heap 0); --json carries them all.
        #[arg(long, default_value_t = 100, value_name = "K")]
        show: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Also draw the sequence (up to 5000 heaps), its period marked, as SVG into FILE.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
    },
    /// A random judge input: the generator `boyi check` and the tests use.
    #[command(long_about = "A random judge input of PROBLEM, from --seed (the same input on every machine), \
        --size from 0 (a few tiny cases) to 10 (the judge's limits). `boyi solve PROBLEM` answers it.")]
    Gen {
        problem: String,
        /// The seed of the generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// 0 (tiny) to 10 (the judge's largest).
        #[arg(long, default_value_t = 3, value_parser = number_in(0u32, 10, "a size"))]
        size: u32,
    },
    /// Check a program against boyi on random inputs (对拍), and shrink a failing input.
    #[command(long_about = "Run CMD (a contestant's solution: judge input on stdin, output on stdout) and boyi on \
        random inputs of PROBLEM from tiny to the judge's limits, compare the outputs token by token, and stop at \
        the first difference, crash or time-out: the input is shrunk to a smallest one that still fails (fewer \
        cases, smaller numbers, fewer items) and printed with both outputs. Exit 0 when every input agrees, 1 \
        when one does not, 2 when the command is wrong.\n\nExample: boyi check wythoff -- python3 my_wythoff.py")]
    Check {
        problem: String,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, value_name = "CMD")]
        command: Vec<String>,
        /// Inputs to try (their sizes grow from 0 to 10).
        #[arg(long, default_value_t = 200)]
        runs: u32,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seconds the program may take on one input.
        #[arg(long, default_value_t = 10.0, value_name = "SECS")]
        time_limit: f64,
    },
    /// A partizan game's value: canonical form, outcome class, stops, mean, temperature, thermograph.
    #[command(long_about = "A partizan game's value in canonical form, with its outcome class (L: Left wins, R: \
        Right wins, P: the second player wins, N: the first), its stops, mean and temperature, and its \
        thermograph's walls.\n\n\
        `boyi cgt domineering 4x4` or `boyi cgt domineering '...|..#'` values a position of a partizan game of \
        the catalogue: domineering (Left places vertical dominoes; rows joined by `|`, `.` empty, `#` filled), \
        hackenbush (red-blue-green: edges u-v:C with 0 the ground, or stalks such as LRL+RR+G), toads-and-frogs \
        (TT..FF), clobber (xoxo|oxox) and cutcake (4x7+2x3). A position of several parts lists them hottest \
        first.\n\
        `boyi cgt eval '{1|-1} + ^ + *'` values an expression in CGSuite's notation (numbers such as 3/4, *n, ^, v, \
        ±x, forms such as {2|0||-1}); `boyi cgt eval '^ > *'` compares two (< > <= >= == != and <> for confused).")]
    Cgt {
        /// A partizan game of the catalogue, or `eval`.
        game: String,
        /// The position (or, after eval, the expression; one starting with `-` after `--` unless a plain number).
        #[arg(num_args = 1.., required = true, allow_negative_numbers = true)]
        position: Vec<String>,
        /// cgsuite (±1, ^*, {2|0||-1}) or braces ({1|-1}, {0,*|0}, {{2|0}|-1}).
        #[arg(long, default_value = "cgsuite", value_name = "FORMAT")]
        format: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Also draw the thermograph, as SVG into FILE.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
        /// Only who wins, by a search of wins and losses whose small parts are valued (boards too big for a
        /// canonical form).
        #[arg(long)]
        outcome: bool,
    },
    /// The rule a game's values follow, found in a table of them (打表找规律).
    #[command(long_about = "The rule a game's values follow, found in a table of them (打表找规律): periodic and \
        arithmetic-periodic sequences, XORs of sequences, Beatty pairs (Wythoff's game and its kin), linear and \
        modular conditions, sectors by the ratio of two coordinates (Euclid's game), values periodic along each \
        axis, sets a finite automaton reads off the digits; or none. The rule is printed in words, as a Python function and as a C++ one.\n\n\
        GAME is a catalogue game of integer positions (wythoff, nim, lasker-nim, staircase-nim, every-euclid, fibonacci-nim, \
        dawsons-kayles) or a heap code as `boyi grundy` reads it (0.07, sub:1,3,4, grundy, ...): a heap code's \
        period is proved by the periodicity theorem where it applies; a game's rule is checked to the table's extent.")]
    Rule {
        /// A game of integer positions, or a heap code.
        game: String,
        /// Parameters of the game as name=value.
        params: Vec<String>,
        /// The largest coordinate tabled (default: grown until the rule settles; heap codes 4000).
        #[arg(long, value_name = "N")]
        to: Option<u64>,
        /// outcome (the P-positions) or nimber (default: nimber for heap codes, outcome for games).
        #[arg(long, value_name = "KIND")]
        values: Option<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Also draw the table with the rule over it, as SVG into FILE.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum DbCommand {
    /// Solve an instance whole and write every position's value to a file.
    #[command(long_about = "Solve an instance whole (by the table or retrograde analysis) and write every\n\
        position's value to --out: one slot a position by rank, 1 byte for win/lose/draw with\n\
        remoteness where it fits. `analyze`, `play` and `serve` answer from it with --db FILE.\n\
        With --compress the slots go in zstd blocks that lookups inflate one at a time.\n\
        Games with databases: chase, torus-chase, young-chess, dobutsu; and in tiers, one file a\n\
        tier in the directory --out names: morris, lasker-morris, morabaraba.")]
    Build {
        /// The game.
        game: String,
        /// Parameters of the instance as name=value (say n=8).
        params: Vec<String>,
        /// Where to write the database.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Write the values in zstd-compressed blocks, at this level (1-22; 19 if none is given).
        #[arg(long, value_name = "LEVEL", num_args = 0..=1, default_missing_value = "19",
              value_parser = number_in(1i32, 22, "a zstd level"))]
        compress: Option<i32>,
        /// Seconds between checkpoints of a retrograde solve (in FILE.checkpoint;
        /// for a game in tiers, the tier being solved in DIR/TIER.checkpoint),
        /// resumed by the same command after an interruption.
        #[arg(long, default_value_t = 60, value_name = "SECS")]
        checkpoint_every: u64,
        /// Solve as one rank of an MPI job, each rank a slice of the positions
        /// (a game in tiers: its share of each level's tiers) (`mpirun -np P
        /// boyi db build ... --distributed`; a boyi built with `--features
        /// mpi`). The output and its checkpoints must be on a filesystem every
        /// rank shares; --memory is then each rank's budget.
        #[arg(long)]
        distributed: bool,
    },
    /// Write a database again, its values in zstd blocks (or plain with --level 0).
    Compress {
        file: PathBuf,
        /// Where to write the copy.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// zstd's level, 1-22; 0 writes the values uncompressed.
        #[arg(long, default_value_t = 19, value_parser = number_in(0i32, 22, "a zstd level"))]
        level: i32,
        /// log2 of the positions a block holds (8-30).
        #[arg(long, default_value_t = boyi::db::BLOCK_LOG2, value_parser = number_in(8u8, 30, "a block size's log2"))]
        block: u8,
    },
    /// What a database holds: its game, instance, size, encoding and values;
    /// with --stats and --longest, what its positions are.
    #[command(long_about = "What a database holds: its game, instance, size, encoding, checksum and how many\n\
        positions are won, lost and drawn. --stats counts them by remoteness and by the game's own\n\
        grouping (Dōbutsu Shōgi: material); --longest N names the N longest wins and losses; both\n\
        count the positions the file stores, or with --index every position it answers for (those\n\
        a file leaves out searched one ply each: Dōbutsu Shōgi's 2.5·10^8 in about a minute).")]
    Info {
        file: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Counts by remoteness and by the game's grouping.
        #[arg(long)]
        stats: bool,
        /// Name the N positions with the longest wins, and with the longest losses.
        #[arg(long, value_name = "N", value_parser = number_in(1usize, 100_000, "a count of positions"))]
        longest: Option<usize>,
        /// Count every position of the game's index, not only those the file stores.
        #[arg(long)]
        index: bool,
        /// Draw the remoteness histogram as SVG into FILE.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
    },
    /// The line of best play from a position to the end, read from the file.
    #[command(long_about = "The principal variation from a position (the file's start by default): at every\n\
        ply the best move by the file's values, the winner's quickest win, the loser's longest\n\
        defence, a move that keeps a draw, with each position's value; a win in r plies ends in\n\
        r plies. A drawn line stops where it comes back to a position it passed, or at --max-plies.",
        after_help = POSITION_HELP)]
    Line {
        file: PathBuf,
        /// Parameters (name=value) or a position, then moves; the file's start by default.
        words: Vec<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Stop a line that has not ended after this many plies.
        #[arg(long, default_value_t = 1000, value_name = "N", value_parser = number_in(1usize, 1_000_000, "a count of plies"))]
        max_plies: usize,
    },
    /// Whether two databases hold the same values for the same game.
    #[command(long_about = "Whether two databases hold the same values for the same game: the headers'\n\
        game, instance and size, then every value, so files that differ only in layout (compressed or\n\
        not), width or format version compare equal. Exit 0 when equal, 1 when they differ.")]
    Diff {
        a: PathBuf,
        b: PathBuf,
        /// How many differing positions to name.
        #[arg(long, default_value_t = 10, value_name = "N", value_parser = number_in(0usize, 1_000_000, "a count"))]
        show: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Check a database: its checksum, and every position's value against
    /// the values its moves lead to.
    Verify { file: PathBuf },
}

/// Options of the judge formats that take them (see each problem's help).
#[derive(clap::Args)]
pub struct JudgeOptions {
    /// Board size as WIDTHxHEIGHT, e.g. `6x5` (connect4).
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    pub size: Option<(u32, u32)>,
    /// Only who wins, not by how much (connect4: 1, 0 or -1).
    #[arg(long)]
    pub weak: bool,
    /// An opening book built by `boyi book` (connect4: the shipped one otherwise).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Consult no opening book, not even the shipped one (for timing the search).
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
}

fn parse_board(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(|| format!("`{text}` is not a size like 7x6"))?;
    let w = w.trim().parse().map_err(|_| format!("`{text}`: the width is not a number"))?;
    let h = h.trim().parse().map_err(|_| format!("`{text}`: the height is not a number"))?;
    Ok((w, h))
}

/// A number of parts for `bench --parts`: each is a thread of its own.
/// A number from `lo` to `hi`, refused in words a user reads (clap's own
/// ranges print Rust's `1..=1024`).
fn number_in<T>(lo: T, hi: T, what: &'static str) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.trim().parse::<T>() {
        Ok(v) if v >= lo && v <= hi => Ok(v),
        _ => Err(format!("`{text}` is not {what} from {lo} to {hi}")),
    }
}

/// How progress is reported (see `--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    Auto,
    Bar,
    Json,
    None,
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds above 0")),
    }
}

fn skill(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=1.0).contains(&s) => Ok(s),
        _ => Err(format!("`{text}` is not a skill from 0 to 1")),
    }
}

fn parse_parts(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(p @ 1..=1024) => Ok(p),
        _ => Err(format!("`{text}` is not a number of parts from 1 to 1024")),
    }
}

pub fn parse_size(text: &str) -> Result<u64, String> {
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
