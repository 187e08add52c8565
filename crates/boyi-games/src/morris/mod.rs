//! Nine Men's Morris and its family (Lasker Morris, Six Men's Morris, any
//! number of stones to place; Morabaraba's board is drawn, its rules not
//! yet listed): the boards ([`board`]), the rules as a game in tiers
//! ([`rules`]), solved tier by tier by the engine's tier solver, and the
//! catalogue's entries ([`listing`]: notation, diagram, values).

pub mod board;
pub mod index;
pub mod listing;
pub mod rules;

#[cfg(test)]
mod tests;
