//! Every game boyi knows, and every judge problem it answers, by id and
//! alias. A game joins with one line in [`GAMES`] (and a judge format with
//! one line in [`PROBLEMS`]); nothing else in the workspace names it. The
//! interface the games implement is [`crate::listing`], re-exported here
//! for the front ends.

pub use crate::listing::line::{best_line, Line};
pub use crate::listing::survey::{Ask, Survey};
pub use crate::listing::{
    best_first, counted, play_all, position_from_words, valued_by, Analysis, Cache, Cx, Entry, Info, Integers, Listing,
    MoveInfo, MoveOf, Moving, PosOf, Position, Session, Valued, ValuedMove,
};

use crate::judge::{self, Problem};

/// Every game, in the order the page's picker shows them.
static GAMES: &[&dyn Entry] = &[
    &crate::connect4::Connect4Listing,
    &crate::young_chess::YoungChessListing,
    &crate::chase::ChaseListing::PLAIN,
    &crate::chase::ChaseListing::TORUS,
    &crate::dobutsu::DobutsuListing,
    &crate::morris::listing::MorrisListing::NINE,
    &crate::morris::listing::MorrisListing::LASKER,
    &crate::morris::listing::MorrisListing::MORABARABA,
    &crate::geography::GeographyListing,
    &crate::nim::NimListing::NORMAL,
    &crate::nim::NimListing::MISERE,
    &crate::permutation_game::PermutationListing,
    &crate::gems_fight::GemsFightListing,
    &crate::coin_game::CoinListing,
    &crate::split_game::SplitListing,
    &crate::array_game::ArrayListing,
    &crate::moving_pebbles::PebblesListing,
    &crate::black_white::BlackWhiteListing,
    &crate::rabbit_egg::RabbitEggListing,
    &crate::dawsons_kayles::DawsonsKaylesListing,
    &crate::wythoff::WythoffListing,
    &crate::staircase_nim::StaircaseListing,
    &crate::lasker_nim::LaskerListing,
    &crate::every_euclid::EveryEuclidListing,
    &crate::fibonacci_nim::FibonacciListing,
    &crate::bash_game::BashListing,
    &crate::hackenbush::HackenbushListing,
];

/// Every judge format.
static PROBLEMS: &[&dyn Problem] = &[
    &judge::young_chess::YoungChessProblem,
    &judge::permutation_game::PermutationProblem,
    &judge::gems_fight::GemsFightProblem,
    &judge::coin_game::CoinProblem,
    &judge::chase::ChaseProblem,
    &judge::chase::TorusChaseProblem,
    &judge::dobutsu::DobutsuProblem,
    &judge::rabbit_egg::RabbitEggProblem,
    &judge::geography::GeographyProblem,
    &judge::connect4::Connect4Problem,
    &judge::split_game::SplitProblem,
    &judge::array_game::ArrayProblem,
    &judge::moving_pebbles::PebblesProblem,
    &judge::black_white::BlackWhiteProblem,
    &judge::misere_nim::MisereNimProblem,
    &judge::wythoff::WythoffProblem,
    &judge::staircase_nim::StaircaseProblem,
    &judge::lasker_nim::LaskerProblem,
    &judge::every_sg::EverySgProblem,
    &judge::hackenbush::TreeGameProblem,
    &judge::hackenbush::ChristmasProblem,
    &judge::fibonacci_nim::FibonacciProblem,
    &judge::bash_game::BashProblem,
];

/// Games added while the program runs: a user's own, written in Rust in a
/// crate of their own or in Python, shown and played like the catalogue's.
static ADDED: std::sync::RwLock<Vec<&'static dyn Entry>> = std::sync::RwLock::new(Vec::new());

/// Adds a game to the catalogue for the rest of the program: `boyi list`,
/// `analyze`, `play`, `serve` and the page then know it by its id. A game
/// added again under the same id replaces the earlier one; an id or alias
/// of a game boyi ships is refused.
pub fn register(entry: &'static dyn Entry) -> Result<(), crate::Error> {
    let info = entry.info();
    let names = || std::iter::once(info.id).chain(info.aliases.iter().copied());
    if let Some(taken) = names().find(|&n| GAMES.iter().any(|g| g.info().id == n || g.info().aliases.contains(&n))) {
        return Err(crate::Error::input(format!("`{taken}` names a game boyi ships; give yours another id")));
    }
    if info.id.is_empty() || !info.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(crate::Error::input(format!(
            "a game's id is letters, digits, - and _ (it goes into addresses), not {:?}",
            info.id
        )));
    }
    let mut added = ADDED.write().unwrap_or_else(|e| e.into_inner());
    added.retain(|g| g.info().id != info.id);
    added.push(entry);
    Ok(())
}

/// Every game: the catalogue's, then those added while running.
pub fn games() -> Vec<&'static dyn Entry> {
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    GAMES.iter().copied().chain(added.iter().copied()).collect()
}

pub fn problems() -> &'static [&'static dyn Problem] {
    PROBLEMS
}

/// The problem called `name` (its id or an alias, any case).
pub fn problem(name: &str) -> Option<&'static dyn Problem> {
    let name = name.to_ascii_lowercase();
    PROBLEMS.iter().copied().find(|p| p.id() == name || p.aliases().contains(&name.as_str()))
}

/// The game called `name`: its id or an alias, or a judge problem's (any case).
pub fn game(name: &str) -> Option<&'static dyn Entry> {
    let name = name.to_ascii_lowercase();
    games()
        .into_iter()
        .find(|g| g.info().id.to_ascii_lowercase() == name || g.info().aliases.contains(&name.as_str()))
        .or_else(|| problem(&name).map(|p| p.game()))
}

/// The judge problems played on game `id` (Hackenbush has two).
pub fn judges_of(id: &str) -> Vec<&'static dyn Problem> {
    PROBLEMS.iter().copied().filter(|p| p.game().info().id == id).collect()
}

/// Every game as `boyi list --json` and the Python package's `games()`
/// show it: ids, names, aliases (its judges' too), parameters, notation.
pub fn list_json() -> serde_json::Value {
    let games: Vec<serde_json::Value> = games()
        .into_iter()
        .map(|g| {
            let info = g.info();
            let judges = judges_of(info.id);
            let mut aliases: Vec<&str> = info.aliases.to_vec();
            for p in &judges {
                aliases.extend(p.aliases());
            }
            serde_json::json!({
                "id": info.id,
                "name": info.name,
                "aliases": aliases,
                "summary": info.summary,
                "judge": !judges.is_empty(),
                "problems": judges.iter().map(|p| p.id()).collect::<Vec<_>>(),
                "players": info.players,
                "values": info.values,
                "params": info.params,
                "notation": info.notation,
            })
        })
        .collect();
    serde_json::Value::Array(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> =
            problems().iter().flat_map(|p| std::iter::once(p.id()).chain(p.aliases().iter().copied())).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
        let mut ids: Vec<&str> =
            games().iter().flat_map(|g| std::iter::once(g.info().id).chain(g.info().aliases.iter().copied())).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
        assert!(problem("BZOJ5248").is_some());
        assert_eq!(game("bzoj5248").unwrap().info().id, "young-chess");
        assert!(game("no-such-game").is_none());
    }
}
