//! The positions a database stores: those where the mover owns at least
//! half the pieces other than the lions, and their slots in rank order.

use super::index::Index;

/// Which ownerships a block stores (see [`Index::stored`]). Within an
/// occupied-squares-and-kinds digit the rank runs over the board's owners
/// (`o`, a bit a piece, set for theirs), then the hens, then the hand code
/// (`h`, how many of each kind in hand are ours): the tables count the
/// stored (o, h) pairs in that order.
#[derive(Clone, Debug, Default)]
pub(super) struct Stored {
    /// Hand codes.
    pub(super) hands: u64,
    /// Stored positions under the owners before `o`, all hens counted.
    before: Vec<u64>,
    /// Stored hand codes below `h` with owners `o`: `below[o * hands + h]`.
    below: Vec<u32>,
    /// Whether `(o, h)` is stored: `keeps[o * hands + h]`.
    keeps: Vec<bool>,
    /// The stored hand codes with owners `o`, in order: `codes[o]` (as
    /// many for every arrangement of hens).
    codes: Vec<Vec<u16>>,
    /// Stored positions a digit of squares and kinds carries.
    pub(super) per_digit: u64,
}

impl Stored {
    /// `ours_in_hand`: our pieces in hand of each kind, by hand code.
    pub(super) fn new(material: [u8; 3], on: [u8; 3], ours_in_hand: &[[u8; 3]]) -> Self {
        let least = material.iter().sum::<u8>() / 2;
        let m = on.iter().sum::<u8>();
        let hands = ours_in_hand.len() as u64;
        let in_hand: Vec<u8> = ours_in_hand.iter().map(|mine| mine.iter().sum()).collect();
        let owners = 1usize << m;
        let mut st = Stored { hands, per_digit: 0, ..Default::default() };
        st.below = vec![0; owners * hands as usize];
        st.keeps = vec![false; owners * hands as usize];
        let mut before = 0;
        for o in 0..owners {
            let on_board = m - (o as u32).count_ones() as u8;
            let mut codes = Vec::new();
            for h in 0..hands as usize {
                st.below[o * hands as usize + h] = codes.len() as u32;
                if on_board + in_hand[h] >= least {
                    st.keeps[o * hands as usize + h] = true;
                    codes.push(h as u16);
                }
            }
            st.before.push(before);
            before += (codes.len() as u64) << on[2];
            st.codes.push(codes);
        }
        st.before.push(before);
        st.per_digit = before;
        st
    }
}

impl Index {
    /// Whether a database stores the position of this rank: the mover
    /// owns at least `least` of the pieces other than the lions. Every
    /// move of a position left out leads to one stored: the other side
    /// owns more than half there, and a capture takes back only one.
    pub(super) fn stored(&self, rank: u64) -> bool {
        let d = self.digits(rank);
        d.block.stored.keeps[(d.owners * d.block.stored.hands + d.hand) as usize]
    }

    pub(super) fn stored_below(&self, rank: u64) -> u64 {
        if rank >= self.size() {
            return self.lions.len() as u64 * self.per_lions_stored;
        }
        let d = self.digits(rank);
        let st = &d.block.stored;
        let o = d.owners as usize;
        d.lions * self.per_lions_stored
            + d.block.stored_offset
            + d.squares * st.per_digit
            + st.before[o]
            + d.hens * st.codes[o].len() as u64
            + st.below[o * st.hands as usize + d.hand as usize] as u64
    }

    pub(super) fn stored_rank(&self, slot: u64) -> u64 {
        let (lions, mut r) = (slot / self.per_lions_stored, slot % self.per_lions_stored);
        let block = &self.blocks[self.blocks.partition_point(|b| b.stored_offset <= r) - 1];
        r -= block.stored_offset;
        let st = &block.stored;
        let m = block.on.iter().sum::<u8>() as u32;
        let chicks = block.on[2] as u32;
        let (digit, mut r) = (r / st.per_digit, r % st.per_digit);
        let o = st.before.partition_point(|&b| b <= r) - 1;
        r -= st.before[o];
        let kept = st.codes[o].len() as u64;
        let (hens, j) = (r / kept, r % kept);
        let h = st.codes[o][j as usize] as u64;
        let inner = (((digit << m) | o as u64) << chicks | hens) * st.hands + h;
        lions * self.per_lions + block.offset + inner
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use boyi::db;
    use boyi::solve::{retrograde, Solved};
    use boyi::{Control, Game, Indexed, Outcome};

    use crate::dobutsu::{Board, Dobutsu, LION, THEIRS};

    /// Pieces other than lions the mover owns.
    fn ours(b: &Board) -> u8 {
        let on_board = b.cells.iter().filter(|&&p| p != 0 && p & THEIRS == 0 && p != LION).count() as u8;
        on_board + b.hand[0].iter().sum::<u8>()
    }

    /// A database stores the positions where the mover owns at least half
    /// the pieces, in rank order, and every move of one it leaves out
    /// leads to a stored position or one over at once.
    #[test]
    fn the_stored_positions_are_those_a_one_ply_search_needs() {
        for material in [[0, 0, 0], [0, 0, 1], [1, 0, 1], [0, 2, 0], [1, 1, 2], [2, 1, 1]] {
            let g = Dobutsu::with_material(material);
            let least = material.iter().sum::<u8>() / 2;
            let mut slot = 0;
            let mut moves = Vec::new();
            for r in 0..g.size() {
                let b = g.unrank(r);
                assert_eq!(g.stored(r), ours(&b) >= least, "{material:?} {b:?}");
                assert_eq!(g.stored_below(r), slot, "{material:?} rank {r}");
                if g.stored(r) {
                    assert_eq!(g.stored_rank(slot), r, "{material:?} slot {slot}");
                    slot += 1;
                    continue;
                }
                moves.clear();
                g.moves(&b, &mut moves);
                for &mv in &moves {
                    let child = g.play(&b, mv).pos;
                    assert!(g.outside(&child).is_some() || g.stored(g.rank(&child)), "{b:?} -> {child:?}");
                }
            }
            assert_eq!(g.stored_below(g.size()), slot, "{material:?}");
        }
        let g = Dobutsu::full();
        let total = g.stored_below(g.size());
        // about two thirds, as in `clausecker/dobutsu`'s table (42 of 64 ownerships)
        assert!(total * 3 > g.size() * 2 - g.size() / 10 && total < g.size(), "{total} of {}", g.size());
        let mut seed = 11u64;
        for _ in 0..100_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let s = (seed >> 11) % total;
            let r = g.stored_rank(s);
            assert!(g.stored(r));
            assert_eq!(g.stored_below(r), s);
            assert!(ours(&g.unrank(r)) >= 3);
        }
    }

    /// A file of the stored positions answers every position as the solve
    /// does, passes `verify`, and `verify` finds a changed value.
    #[test]
    fn databases_of_the_stored_positions_answer_every_position() {
        for material in [[1, 0, 1], [1, 1, 1]] {
            let g = Dobutsu::with_material(material);
            let solved = retrograde::solve(&g, &Control::default()).unwrap();
            let path = std::env::temp_dir().join(format!("boyi-dobutsu-stored-{}-{material:?}.db", std::process::id()));
            let ident = db::Ident { game: "dobutsu".into(), params: String::new(), key: format!("test:{material:?}") };
            let ctl = Control::default();
            let header = db::write_stored(&path, &ident, &solved, &g, &ctl).unwrap();
            assert_eq!(header.size, g.stored_below(g.size()));
            assert!(header.size < g.size());
            let file = Arc::new(db::Database::open(&path).unwrap());
            let looked_up = Solved::mapped_for(file.clone(), &g).unwrap();
            for r in 0..g.size() {
                assert_eq!(looked_up.value_at(r), solved.value_at(r), "{material:?} rank {r}");
            }
            assert!(db::verify(&g, &file, 10, &ctl).unwrap().is_empty());
            // a file of every position (as written before files kept only the stored ones)
            let every = path.with_extension("every");
            db::write(&every, &ident, &solved, &ctl).unwrap();
            let full = Arc::new(db::Database::open(&every).unwrap());
            assert!(db::verify(&g, &full, 10, &ctl).unwrap().is_empty());
            let from_full = Solved::mapped_for(full, &g).unwrap();
            assert!((0..g.size()).all(|r| from_full.value_at(r) == solved.value_at(r)));
            std::fs::remove_file(&every).unwrap();
            // a stored loss turned into a draw: its predecessors no longer agree
            let slot = (0..header.size).find(|&s| file.get::<Outcome>(s).is_some_and(|v| !v.is_win())).unwrap();
            let mut bytes = std::fs::read(&path).unwrap();
            bytes[(header.data_offset + slot) as usize] = 0;
            std::fs::write(&path, bytes).unwrap();
            let changed = db::Database::open_unchecked(&path).unwrap();
            assert!(!db::verify(&g, &changed, 10, &ctl).unwrap().is_empty(), "{material:?}");
            std::fs::remove_file(&path).unwrap();
        }
    }
}
