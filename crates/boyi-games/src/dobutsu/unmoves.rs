//! Moves taken back, for retrograde analysis: the engine's [`Reversible`].

use boyi::game::Reversible;
use boyi::{Outcome, Turn};

use super::index::{lions_indexed, mirror_first};
use super::rules::{steps, Board, Dobutsu, Shift, STEPS};
use super::{hand_slot, CHICK, FILES, HAND_KINDS, HEN, LION, SQUARES, THEIRS};

impl Reversible for Dobutsu {
    /// Their last move taken back: a piece stepped back (a hen on our back
    /// rank may have been a chick that promoted; a capture gives back a
    /// piece from their hand, a chick in hand perhaps a hen before), or a
    /// drop lifted back into their hand. Boards mirrored are one position,
    /// so where the index keeps this board for its mirror image too, the
    /// mirror image's un-moves count as well; only positions as the index
    /// keeps them ([`lions_indexed`]) and that have moves are listed.
    fn unmoves(&self, b: &Board, out: &mut Vec<(Board, Turn)>) {
        self.each_unmove(b, |before, _, _| out.push((before, Turn::Pass)));
    }

    /// The boards before are as the index keeps them, and their lions'
    /// squares are known: ranked without looking for the lions or
    /// mirroring.
    fn unmove_ranks(&self, b: &Board, _: &mut Vec<(Board, Turn)>, mut f: impl FnMut(u64, Turn)) {
        self.each_unmove(b, |before, ours, theirs| f(self.index.rank(&before, ours, theirs), Turn::Pass));
    }

    /// Captures and drops change the material, the outermost part of a
    /// rank: one move back can land anywhere in the table.
    fn predecessors_scattered(&self) -> bool {
        true
    }

    /// Counts without listing: a move that leaves our lion where they
    /// take it loses in two, a lion's safe step onto our far rank wins in
    /// one (both valued on the spot), every other move is searched.
    fn count_moves(&self, b: &Board, _: &mut Vec<Shift>) -> (usize, Option<Outcome>) {
        let (mut ours, mut empty, mut our_lion) = (0u16, 0u16, 0);
        let mut attacks = [0u16; SQUARES];
        for (s, &p) in b.cells.iter().enumerate() {
            match p {
                0 => empty |= 1 << s,
                LION => {
                    ours |= 1 << s;
                    our_lion = s;
                }
                p if p & THEIRS == 0 => ours |= 1 << s,
                p => attacks[s] = STEPS[0][(p & 7) as usize][s],
            }
        }
        // whether a piece of theirs, other than one standing on `to`, attacks it
        let attacked = |to: usize| attacks.iter().enumerate().any(|(s, &a)| s != to && a >> to & 1 == 1);
        let checkers = (0..SQUARES).filter(|&s| attacks[s] >> our_lion & 1 == 1).fold(0u16, |m, s| m | 1 << s);
        let (mut inside, mut loses, mut wins) = (0, false, false);
        for (from, &p) in b.cells.iter().enumerate() {
            if p == 0 || p & THEIRS != 0 {
                continue;
            }
            let mut targets = STEPS[1][p as usize][from] & !ours;
            if p == LION {
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    if attacked(to) {
                        loses = true;
                    } else if to / FILES == 0 {
                        wins = true;
                    } else {
                        inside += 1;
                    }
                }
                continue;
            }
            // another piece's move saves the lion only by taking its one attacker
            let safe = match checkers.count_ones() {
                0 => targets,
                1 => targets & checkers,
                _ => 0,
            };
            inside += safe.count_ones() as usize;
            loses |= targets & !safe != 0;
        }
        let drops = b.hand[0].iter().filter(|&&n| n > 0).count() * empty.count_ones() as usize;
        if checkers == 0 {
            inside += drops;
        } else {
            loses |= drops > 0;
        }
        let out = if wins { Some(Outcome::Win(1)) } else { loses.then_some(Outcome::Lose(2)) };
        (inside, out)
    }
}

impl Dobutsu {
    /// Calls `f` with each position before `b` ([`Reversible::unmoves`])
    /// and its lions' squares (ours, theirs).
    #[inline]
    fn each_unmove(&self, b: &Board, mut f: impl FnMut(Board, usize, usize)) {
        self.unmoves_of(b, &mut f);
        let mirrored = b.mirrored();
        if mirror_first(mirrored.lion(0), mirrored.lion(THEIRS)) {
            self.unmoves_of(&mirrored, &mut f);
        }
    }

    #[inline]
    fn unmoves_of(&self, b: &Board, f: &mut impl FnMut(Board, usize, usize)) {
        // From the side that just moved: its pieces are "ours" there.
        let them = b.turned();
        // Whether a position before has ended (`ended`) is read off attack
        // masks: steps do not slide, so a piece's attacks do not depend on
        // the board, and only the piece that moved back changes them.
        let mut attacks = [0u16; SQUARES];
        let (mut our_lion, mut their_lion) = (0, 0);
        for (s, &p) in them.cells.iter().enumerate() {
            if p == LION | THEIRS {
                their_lion = s;
            } else if p != 0 && p & THEIRS == 0 {
                attacks[s] = STEPS[1][p as usize][s];
                if p == LION {
                    our_lion = s;
                }
            }
        }
        if their_lion / FILES == 3 {
            // their lion stands on our back rank in every position before
            return;
        }
        // A position before, with our lion on `lion` and our pieces
        // attacking `attacked`: kept if the index holds it and it has not
        // ended.
        let mut keep = |before: Board, lion: usize, attacked: u16| {
            if lions_indexed(lion, their_lion) && attacked >> their_lion & 1 == 0 {
                f(before, lion, their_lion);
            }
        };
        // what the pieces before a square attack, and those after it: the
        // others' attacks are then two ORs for each piece that moved back
        let (mut before_square, mut after_square) = ([0u16; SQUARES + 1], [0u16; SQUARES + 1]);
        for s in 0..SQUARES {
            before_square[s + 1] = before_square[s] | attacks[s];
            after_square[SQUARES - 1 - s] = after_square[SQUARES - s] | attacks[SQUARES - 1 - s];
        }
        // Only a lion's step back moves a lion: where the index keeps
        // boards with the lions as they stand only in mirror image (the
        // other orientation's call lists those), no other piece's is kept.
        let lions_stay = lions_indexed(our_lion, their_lion);
        for (to, &p) in them.cells.iter().enumerate() {
            if p == 0 || p & THEIRS != 0 || (p != LION && !lions_stay) {
                continue;
            }
            let others = before_square[to] | after_square[to + 1];
            // the kinds the piece may have had before its move
            let was: &[u8] = if p == HEN && to / FILES == 0 { &[HEN, CHICK] } else { &[p] };
            for &kind in was {
                // squares it came from: one step backwards is one step of the
                // same piece for the other side
                for from in steps(kind, to, false) {
                    // a chick that steps onto the far rank becomes a hen, so a
                    // chick there was dropped
                    if kind == CHICK && p == CHICK && to / FILES == 0 {
                        continue;
                    }
                    if them.cells[from] != 0 {
                        continue;
                    }
                    // only a forward step of the piece can have reached `to`
                    if STEPS[1][kind as usize][from] >> to & 1 == 0 {
                        continue;
                    }
                    let mut before = them;
                    before.cells[from] = kind;
                    before.cells[to] = 0;
                    let lion = if p == LION { from } else { our_lion };
                    let attacked = others | STEPS[1][kind as usize][from];
                    keep(before, lion, attacked);
                    // or it captured: a piece of the other side comes back from hand
                    for slot in 0..3 {
                        if them.hand[0][slot] == 0 {
                            continue;
                        }
                        let back: &[u8] = if HAND_KINDS[slot] == CHICK { &[CHICK, HEN] } else { &[HAND_KINDS[slot]] };
                        for &taken in back {
                            let mut before = before;
                            before.hand[0][slot] -= 1;
                            before.cells[to] = taken | THEIRS;
                            keep(before, lion, attacked);
                        }
                    }
                }
            }
            if p != LION && p != HEN {
                let mut before = them;
                before.cells[to] = 0;
                before.hand[0][hand_slot(p)] += 1;
                keep(before, our_lion, others);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use boyi::solve::retrograde::verify_unmoves;

    use crate::dobutsu::Dobutsu;

    #[test]
    fn unmoves_mirror_moves() {
        for material in [[0, 0, 0], [0, 0, 1], [1, 0, 1], [0, 1, 2], [1, 1, 1]] {
            assert_eq!(verify_unmoves(&Dobutsu::with_material(material)), Ok(()), "{material:?}");
        }
    }
}
