//! Solved databases on disk: every position's value by rank, as the table
//! and retrograde solvers leave them, in one file that is read through a
//! memory map, so a lookup costs a page touch, not a solve.
//!
//! A file is a header and then the values, one slot a rank, at the
//! narrowest width that holds them exactly:
//!
//! ```text
//! offset  size  field
//!      0     8  magic "boyi-db\0"
//!      8     4  format version (1)
//!     12     4  where the values start (a multiple of 64)
//!     16     8  index size: the number of slots
//!     24     1  encoding: 1 outcome byte, 2 outcome word, 3 integer
//!     25     1  bytes a slot
//!     26     1  layout: 0 the slots as they are, 1 zstd blocks
//!     27     1  zstd blocks: log2 of the slots a block holds (else 0)
//!     28     4  CRC-32 of the value bytes (uncompressed)
//!     32     …  three strings, each a u32 length and UTF-8 bytes:
//!               the game's id, its parameters (`name=value` words that
//!               recreate the instance), the instance's key
//!      …     8  the tail's length: bytes after the values that the
//!               writer keeps there (0, or absent in files written before
//!               it: the header's padding is zeros)
//! ```
//!
//! All integers are little-endian. Win / lose / draw values take one byte
//! when remoteness has the parity plain alternating play gives it (a win is
//! an odd number of plies away, a loss an even number) and fits: draw 0, a
//! win in `r` plies `(r + 1) / 2` (1..=127), a loss in `r` plies
//! `128 + r / 2`, so games of up to 253 plies. Otherwise (bonus turns break
//! the parity, or the game is longer) two bytes, the engine's own packing.
//! Scores take the fewest bytes of 1, 2, 4 and 8 that hold their range.
//! Ranks that are no position (an index is rarely perfect) cost their slot
//! and nothing else.
//!
//! In the zstd layout the values are cut into blocks of `2^k` slots, each
//! compressed on its own, so a lookup inflates one block, not the file.
//! The data then starts with the block index, `blocks + 1` little-endian
//! `u64` offsets (from the start of the data, the first just past the
//! index), and the blocks follow. Lookups keep the blocks they inflated in
//! a small cache, so positions near each other (a position and its
//! children usually are) cost one inflation.
//!
//! In parts: [`header`] the header and who a file is for; [`encoding`]
//! values as slot bytes; [`write`](mod@write) writing a file (whole, of the stored
//! positions, a part at a time, again in another layout); [`database`] a
//! file opened for lookups; [`blocks`] a compressed file's blocks;
//! [`verify`](mod@verify) values derived from a file by a one-ply search;
//! [`scan`] a pass over every position a file answers for; [`diff`](mod@diff)
//! two files compared by their values.

use std::path::Path;

use crate::error::Error;

mod blocks;
mod database;
mod diff;
mod encoding;
mod header;
mod scan;
mod verify;
mod write;

pub use database::Database;
pub use diff::{diff, Diff};
pub use encoding::{Encoding, Stored};
pub use header::{Header, Ident, Layout, VERSION};
pub use scan::{fold, Among};
pub use verify::{disagreements, value_by_rank, verify, Disagreement};
pub use write::{rewrite, write, write_part, write_stored, write_with_tail, BLOCK_LOG2, DEFAULT_LEVEL};

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Data(format!("{}: {e}", path.display()))
}
