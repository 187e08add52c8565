//! `boyi play connect4`: a person against perfect play, in the terminal.
//! The computer values every column and plays the best, preferring the
//! centre among equals; `?` shows the same values to the person.

use std::io::{BufRead, Write};

use boyi::solve::alphabeta::AlphaBeta;
use boyi::Control;
use boyi_games::connect4::{Board, Connect4, Shape};
use boyi_games::judge::connect4 as c4;
use boyi_games::{Error, SolveOptions};

struct Play<'a> {
    human_first: bool,
    options: &'a SolveOptions,
    ctl: &'a Control,
}

impl c4::OnBoard for Play<'_> {
    type Output = ();
    fn run<S: Shape>(self, game: Connect4<S>) -> Result<(), Error> {
        play(&game, self.human_first, self.options, self.ctl)
    }
}

pub fn run(human_first: bool, options: &SolveOptions, ctl: &Control) -> Result<(), Error> {
    c4::with_board(options, Play { human_first, options, ctl })
}

/// The score of each legal column for the side to move.
fn column_scores<S: Shape>(
    game: &Connect4<S>,
    search: &mut AlphaBeta<Connect4<S>>,
    board: &Board,
    threads: usize,
) -> Result<Vec<(u8, i32)>, Error> {
    let mut moves = Vec::new();
    boyi::Game::moves(game, board, &mut moves);
    let mut out = Vec::new();
    for c in moves {
        let child = game.drop_in(board, c as u32);
        let score = if game.last_mover_won(&child) {
            (game.cells() as i32 + 1 - board.moves as i32) / 2
        } else {
            -c4::score(search, &child, false, threads)?
        };
        out.push((c, score));
    }
    Ok(out)
}

fn describe(score: i32) -> &'static str {
    match score.signum() {
        1 => "winning",
        0 => "drawn",
        _ => "losing",
    }
}

fn play<S: Shape>(game: &Connect4<S>, human_first: bool, options: &SolveOptions, ctl: &Control) -> Result<(), Error> {
    let mut search = AlphaBeta::new(game, ctl.clone(), c4::table_bytes(ctl))?;
    let threads = c4::threads(options);
    let mut board = game.start();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let out = &mut std::io::stdout();
    let say = |out: &mut std::io::Stdout, text: String| {
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    };
    say(
        out,
        format!(
            "Connect Four {}x{}: you are {}. Type a column, ? for hints, q to quit.\n",
            game.width(),
            game.height(),
            if human_first { "X (first)" } else { "O (second)" }
        ),
    );
    loop {
        let mut picture = game.rows(&board).join("\n");
        picture.push('\n');
        picture.push_str(&(1..=game.width()).map(|c| c.to_string()).collect::<String>());
        say(out, format!("\n{picture}\n"));
        if game.last_mover_won(&board) {
            let winner_was_human = (board.moves % 2 == 1) == human_first;
            say(out, if winner_was_human { "You win.\n".into() } else { "The computer wins.\n".into() });
            return Ok(());
        }
        if board.moves == game.cells() {
            say(out, "Draw.\n".into());
            return Ok(());
        }
        let humans_turn = board.moves.is_multiple_of(2) == human_first;
        if humans_turn {
            say(out, "your move> ".into());
            let Some(line) = lines.next() else {
                say(out, "\n".into());
                return Ok(());
            };
            let line = line.map_err(|e| Error::input(format!("cannot read the terminal: {e}")))?;
            let text = line.trim();
            match text {
                "q" | "quit" => return Ok(()),
                "?" => {
                    let scores = column_scores(game, &mut search, &board, threads)?;
                    let list: Vec<String> = scores.iter().map(|(c, s)| format!("{}:{s:+}", c + 1)).collect();
                    say(out, format!("column:score for you (positive wins): {}\n", list.join(" ")));
                }
                _ => match text.parse::<u32>() {
                    Ok(c) if c >= 1 && game.can_play(&board, c - 1) => board = game.drop_in(&board, c - 1),
                    _ => say(out, format!("`{text}` is not a playable column (1..={})\n", game.width())),
                },
            }
        } else {
            let scores = column_scores(game, &mut search, &board, threads)?;
            let centre = (game.width() as i32 - 1) as f64 / 2.0;
            let &(c, s) = scores
                .iter()
                .max_by(|a, b| {
                    a.1.cmp(&b.1).then(((b.0 as f64 - centre).abs()).total_cmp(&(a.0 as f64 - centre).abs()))
                })
                .expect("a game not over has a move");
            say(out, format!("The computer plays {} (score {s:+} for it: {}).\n", c + 1, describe(s)));
            board = game.drop_in(&board, c as u32);
        }
    }
}
