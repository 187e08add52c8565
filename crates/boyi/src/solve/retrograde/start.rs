//! The table before the first level: its size checked, its cells
//! allocated on huge pages, and each position's first cell (its moves
//! counted; an ended position settled and counted at its remoteness).

use rayon::prelude::*;

use super::{LOSES_IN_TWO, MOVES, PENDING};
use crate::error::Error;
use crate::game::Indexed;
use crate::solve::cells::Cell;
use crate::value::{Outcome, Value};

pub(in crate::solve) fn add_counts(mut a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    if a.len() < b.len() {
        return add_counts(b, a);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

pub(in crate::solve) fn checked_size<G: Indexed<Value = Outcome>>(game: &G, most: u64) -> Result<usize, Error> {
    let size = game.size();
    if size > most {
        return Err(Error::Unsupported(format!(
            "retrograde analysis numbers at most {most} positions; this game has {size}"
        )));
    }
    usize::try_from(size)
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))
}

/// The starting cell of a position with `inside` moves into the index
/// and `out` the best value to it of its moves out of the index; a
/// position settled here is counted at its remoteness in `ended`.
///
/// A move out of the index is valued on the spot, so only values the
/// counting cannot get wrong are taken: a win in one (nothing is
/// faster), a draw (the position is then never lost: one count is never
/// taken back), and a loss in at most two plies (a floor the cell keeps).
#[inline]
pub(in crate::solve) fn initial_cell<G: Indexed<Value = Outcome>>(
    game: &G,
    pos: &G::Pos,
    inside: usize,
    out: Option<Outcome>,
    ended: &mut Vec<u64>,
) -> Result<u16, Error> {
    let settled = match out {
        None if inside == 0 => Some(game.terminal(pos)),
        Some(Outcome::Win(1)) => Some(Outcome::Win(1)),
        Some(Outcome::Lose(r)) if r <= 2 && inside == 0 => Some(Outcome::Lose(r)),
        Some(Outcome::Draw) if inside == 0 => Some(Outcome::Draw),
        None | Some(Outcome::Lose(0..=1)) => None,
        Some(Outcome::Lose(2)) => {
            // Lost through a child settled at level 0, it loses in two, not
            // one, and must be walked at level 2: counted there as if ended,
            // level 2 is scanned for it.
            if ended.len() <= 2 {
                ended.resize(3, 0);
            }
            ended[2] += 1;
            return pending(inside).map(|cell| cell | LOSES_IN_TWO);
        }
        Some(Outcome::Draw) => return pending(inside + 1),
        Some(other) => {
            return Err(Error::Unsupported(format!(
                "a move out of the index is worth {other:?}; retrograde analysis takes only wins in one, draws and losses in two"
            )))
        }
    };
    let Some(value) = settled else { return pending(inside) };
    if let Some(r) = value.remoteness() {
        if r > Outcome::MAX_PACKED_REMOTENESS {
            return Err(Error::Unsupported(format!("an ended position has remoteness {r}")));
        }
        if ended.len() <= r as usize {
            ended.resize(r as usize + 1, 0);
        }
        ended[r as usize] += 1;
    }
    Ok(value.pack())
}

pub(super) fn pending(moves: usize) -> Result<u16, Error> {
    if moves > MOVES as usize {
        return Err(Error::Unsupported(format!(
            "a position has {moves} moves; retrograde analysis counts up to {MOVES}"
        )));
    }
    Ok(PENDING | moves as u16)
}

pub(in crate::solve) fn zeroed<C: Cell>(size: usize) -> Vec<C> {
    let mut cells = Vec::with_capacity(size);
    advise_huge_pages(cells.as_ptr() as usize, size * std::mem::size_of::<C>());
    cells.par_extend((0..size).into_par_iter().map(|_| C::new(0)));
    cells
}

/// Asks for huge pages on the table before it is touched: settling
/// writes all over gigabytes, and with 4 KiB pages most of those writes
/// missed the TLB (Dōbutsu Shōgi's build: see docs/benchmarks.md).
pub(crate) fn advise_huge_pages(addr: usize, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = addr.next_multiple_of(HUGE);
        let end = (addr + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: advice on whole pages inside an allocation this
            // process owns; it changes no contents, and failure only means
            // small pages.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (addr, len);
}
