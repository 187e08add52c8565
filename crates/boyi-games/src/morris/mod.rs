//! Nine Men's Morris and its family (Lasker Morris, Morabaraba, Six Men's
//! Morris, any number of stones to place): the boards ([`board`]), the
//! rules as a game in tiers ([`rules`]), solved tier by tier by the
//! engine's tier solver, and the catalogue's entries ([`listing`]:
//! notation, diagram, values). The tests check them against the same
//! games written again from the points' names alone and solved plainly.

pub mod board;
pub mod index;
pub mod listing;
pub mod rules;

#[cfg(test)]
mod plain;
#[cfg(test)]
mod tests;
