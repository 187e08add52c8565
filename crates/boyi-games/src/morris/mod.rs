//! Nine Men's Morris and its family (Lasker Morris, Morabaraba, Six Men's
//! Morris, any number of stones to place): the boards ([`board`]) and the
//! rules as a game in tiers ([`rules`]), solved tier by tier by the
//! engine's tier solver. Not yet in the catalogue: its notation, diagram
//! and databases come next.

pub mod board;
pub mod rules;

#[cfg(test)]
mod tests;
