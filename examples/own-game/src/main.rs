//! boyi's command line with a game of your own added: `own-game list`,
//! `own-game analyze tic-tac-toe`, `own-game play tic-tac-toe`,
//! `own-game serve` (the page offers it beside the catalogue's games).

mod tictactoe;

fn main() -> std::process::ExitCode {
    boyi_games::catalogue::register(&tictactoe::TicTacToeListing).expect("an id of its own");
    boyi_cli::main()
}
