//! What a file says of itself: its header, read at open, and who it is for.

use super::encoding::Encoding;

pub(super) const MAGIC: &[u8; 8] = b"boyi-db\0";
pub const VERSION: u32 = 1;

/// What a database file says of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    /// The game's catalogue id.
    pub game: String,
    /// `name=value` words that recreate the instance.
    pub params: String,
    /// The instance's key, as the solvers' caches name it.
    pub key: String,
    pub size: u64,
    pub encoding: Encoding,
    pub checksum: u32,
    /// Where the values start in the file.
    pub data_offset: u64,
    pub layout: Layout,
    /// Bytes after the values that the file's writer keeps there (a game
    /// written in Python keeps its positions and moves), not read here.
    pub tail: u64,
}

/// How the slots lie in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One after another, as they are.
    Plain,
    /// In zstd-compressed blocks of `2^block_log2` slots.
    Zstd { block_log2: u8 },
}

impl Header {
    /// The parameters on one line, as messages show them.
    pub fn params_line(&self) -> String {
        self.params.replace('\n', " ")
    }
}

impl Layout {
    pub fn describe(self) -> String {
        match self {
            Layout::Plain => "uncompressed".into(),
            Layout::Zstd { block_log2 } => format!("zstd blocks of {} positions", 1u64 << block_log2),
        }
    }
}

/// Who the file is for: the game, the parameters that recreate the
/// instance, and the key the catalogue's caches know it by.
#[derive(Clone, Debug)]
pub struct Ident {
    pub game: String,
    pub params: String,
    pub key: String,
}

/// The header's three strings: the game's id, its parameters, its key.
pub(super) fn strings(ident: &Ident) -> Vec<u8> {
    let mut strings = Vec::new();
    for s in [&ident.game, &ident.params, &ident.key] {
        strings.extend_from_slice(&(s.len() as u32).to_le_bytes());
        strings.extend_from_slice(s.as_bytes());
    }
    strings
}

pub(super) fn header_bytes(h: &Header, strings: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(h.data_offset as usize);
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&h.version.to_le_bytes());
    b.extend_from_slice(&(h.data_offset as u32).to_le_bytes());
    b.extend_from_slice(&h.size.to_le_bytes());
    b.push(h.encoding.code());
    b.push(h.encoding.slot_bytes());
    match h.layout {
        Layout::Plain => b.extend_from_slice(&[0, 0]),
        Layout::Zstd { block_log2 } => b.extend_from_slice(&[1, block_log2]),
    }
    b.extend_from_slice(&h.checksum.to_le_bytes());
    b.extend_from_slice(strings);
    b.extend_from_slice(&h.tail.to_le_bytes());
    b.resize(h.data_offset as usize, 0);
    b
}
