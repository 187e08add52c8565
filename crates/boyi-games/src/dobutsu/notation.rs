//! Positions as text, as `clausecker/dobutsu`'s `setup` reads them
//! (`S/gle/-c-/-C-/ELG/-`), and the names of squares and pieces.

use crate::error::Error;
use crate::listing::Moving;

use super::rules::{Board, Dobutsu};
use super::{hand_slot, CHICK, ELEPHANT, FILES, GIRAFFE, HAND_KINDS, HEN, LION, SQUARES, THEIRS};

/// The board as Sente sees it (Sente's pieces "ours", rank 1 on row 0).
pub(super) fn sente_view(state: &Moving<Board>) -> Board {
    if state.mover == 0 {
        state.pos
    } else {
        state.pos.turned()
    }
}

pub(super) fn square_name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % FILES) as u8) as char, square / FILES + 1)
}

pub(super) fn letter(kind: u8) -> char {
    match kind {
        LION => 'L',
        ELEPHANT => 'E',
        GIRAFFE => 'G',
        CHICK => 'C',
        _ => 'R',
    }
}

pub(super) fn piece_word(kind: u8) -> &'static str {
    match kind {
        LION => "lion",
        ELEPHANT => "elephant",
        GIRAFFE => "giraffe",
        CHICK => "chick",
        _ => "hen",
    }
}

fn bad(message: impl Into<String>) -> Error {
    Error::position(message.into())
}

/// The game and position that `text` names (see [`super::DobutsuListing`]).
pub(super) fn parse(text: &str) -> Result<(Dobutsu, Moving<Board>), Error> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 6 {
        return Err(bad(format!(
            "a position is SIDE/R1/R2/R3/R4/HAND (S/gle/-c-/-C-/ELG/-), not {} parts",
            parts.len()
        )));
    }
    let mover = match parts[0] {
        "S" | "s" => 0,
        "G" | "g" => 1,
        other => return Err(bad(format!("\"{other}\": the side to move is S (Sente) or G (Gote)"))),
    };
    let kind_of = |ch: char| match ch.to_ascii_uppercase() {
        'L' => Some(LION),
        'E' => Some(ELEPHANT),
        'G' => Some(GIRAFFE),
        'C' => Some(CHICK),
        'R' => Some(HEN),
        _ => None,
    };
    let mut cells = [0u8; SQUARES];
    for rank in 0..4 {
        let row: Vec<char> = parts[1 + rank].chars().collect();
        if row.len() != FILES {
            return Err(bad(format!("rank {} has {} squares, not 3: \"{}\"", rank + 1, row.len(), parts[1 + rank])));
        }
        for (file, &ch) in row.iter().enumerate() {
            if ch == '-' {
                continue;
            }
            let kind = kind_of(ch).ok_or_else(|| {
                bad(format!(
                    "unknown piece '{ch}' on {}: pieces are L E G C R (upper case Sente)",
                    square_name(rank * FILES + file)
                ))
            })?;
            cells[rank * FILES + file] = kind | if ch.is_ascii_lowercase() { THEIRS } else { 0 };
        }
    }
    let mut hand = [[0u8; 3]; 2];
    if parts[5] != "-" {
        for ch in parts[5].chars() {
            let kind = kind_of(ch).ok_or_else(|| bad(format!("unknown piece '{ch}' in hand")))?;
            match kind {
                LION => return Err(bad("a lion cannot be in hand")),
                HEN => return Err(bad("a hen cannot be in hand: a captured hen returns as a chick (C)")),
                _ => {}
            }
            hand[usize::from(ch.is_ascii_lowercase())][hand_slot(kind)] += 1;
        }
    }
    for (owner, side) in [(0, "Sente"), (THEIRS, "Gote")] {
        let lions = cells.iter().filter(|&&p| p == LION | owner).count();
        if lions != 1 {
            return Err(bad(format!("{side} has {lions} lions on the board; each side has one")));
        }
    }
    let mut material = [0u8; 3];
    for &p in &cells {
        if p != 0 && p & 7 != LION {
            material[hand_slot(if p & 7 == HEN { CHICK } else { p & 7 })] += 1;
        }
    }
    for slot in 0..3 {
        material[slot] += hand[0][slot] + hand[1][slot];
        if material[slot] > 2 {
            return Err(bad(format!("{} {}s: the game has two", material[slot], piece_word(HAND_KINDS[slot]))));
        }
    }
    let game = Dobutsu::with_material(material);
    let sente = Board { cells, hand };
    let pos = if mover == 0 { sente } else { sente.turned() };
    if pos.lion(0) / FILES == 0 {
        let side = ["Sente", "Gote"][usize::from(mover)];
        return Err(bad(format!(
            "{side}'s lion stands on the far rank with {side} to move: the game ended when it arrived"
        )));
    }
    Ok((game, Moving { pos, mover }))
}

/// `state` as [`parse`] reads it.
pub(super) fn write(state: &Moving<Board>) -> String {
    let b = sente_view(state);
    let mut s = String::from(if state.mover == 0 { "S" } else { "G" });
    for rank in 0..4 {
        s.push('/');
        for file in 0..FILES {
            let p = b.cells[rank * FILES + file];
            s.push(match p {
                0 => '-',
                p if p & THEIRS != 0 => letter(p & 7).to_ascii_lowercase(),
                p => letter(p),
            });
        }
    }
    s.push('/');
    let mut hand = String::new();
    for (owner, held) in b.hand.iter().enumerate() {
        for slot in 0..3 {
            for _ in 0..held[slot] {
                let ch = letter(HAND_KINDS[slot]);
                hand.push(if owner == 0 { ch } else { ch.to_ascii_lowercase() });
            }
        }
    }
    s + if hand.is_empty() { "-" } else { &hand }
}

#[cfg(test)]
mod tests {
    use boyi::{Indexed, Outcome};

    use crate::dobutsu::DobutsuListing;
    use crate::listing::Listing;

    #[test]
    fn malformed_and_impossible_positions_are_named() {
        let err = |text: &str| match DobutsuListing.parse(text) {
            Ok(_) => panic!("{text} was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err("S/gle/-c-/-C-/ELG").contains("SIDE/R1/R2/R3/R4/HAND"));
        assert!(err("S/gle/-c-/-C-/EG-/-").contains("Sente has 0 lions"));
        assert!(err("S/gle/-c-/-CC/ELG/C").contains("4 chicks"));
        assert!(err("S/gle/-c-/-X-/ELG/-").contains("unknown piece 'X'"));
        assert!(err("S/gle/-c-/-C-/ELGE/-").contains("rank 4 has 4 squares"));
        assert!(err("S/gLe/-c-/l--/E-G/-").contains("Sente's lion stands on the far rank with Sente to move"));
        assert!(err("G/gLe/-c-/-C-/ElG/-").contains("Gote's lion stands on the far rank with Gote to move"));
        // their lion home with us to move: won if we take it, else lost
        let (g, state) = DobutsuListing.parse("S/g-e/-cL/E--/-l-/-").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Win(1)));
        let (g, state) = DobutsuListing.parse("S/g-e/-cL/---/-l-/E").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Lose(0)));
        let (g, state) = DobutsuListing.parse("S/gle/-c-/-L-/E-G/C").unwrap();
        assert_eq!(g.outside(&state.pos), None);
        let (g, state) = DobutsuListing.parse("S/g-e/-l-/-L-/E-G/Cc").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Win(1)), "lions side by side");
    }
}
