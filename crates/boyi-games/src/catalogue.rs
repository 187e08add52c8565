//! Every problem boyi answers, by id and alias.

use crate::judge::{
    array_game, black_white, chase, coin_game, connect4, gems_fight, geography, moving_pebbles, permutation_game,
    rabbit_egg, split_game, young_chess, Problem,
};

static PROBLEMS: &[&dyn Problem] = &[
    &young_chess::YoungChessProblem,
    &permutation_game::PermutationProblem,
    &gems_fight::GemsFightProblem,
    &coin_game::CoinProblem,
    &chase::ChaseProblem,
    &chase::TorusChaseProblem,
    &rabbit_egg::RabbitEggProblem,
    &geography::GeographyProblem,
    &connect4::Connect4Problem,
    &split_game::SplitProblem,
    &array_game::ArrayProblem,
    &moving_pebbles::PebblesProblem,
    &black_white::BlackWhiteProblem,
];

pub fn all() -> &'static [&'static dyn Problem] {
    PROBLEMS
}

/// The problem called `name` (its id or an alias, any case).
pub fn find(name: &str) -> Option<&'static dyn Problem> {
    let name = name.to_ascii_lowercase();
    PROBLEMS.iter().copied().find(|p| p.id() == name || p.aliases().contains(&name.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> =
            all().iter().flat_map(|p| std::iter::once(p.id()).chain(p.aliases().iter().copied())).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
        assert!(find("BZOJ5248").is_some());
        assert!(find("no-such-game").is_none());
    }
}
