//! Two files compared by what they say, not by their bytes: the same game
//! and instance, then the same value in every slot. Files of one solve may
//! differ in bytes where they agree in values (one compressed, one plain;
//! values in one byte or two), and a rebuild elsewhere should compare equal.

use super::database::Database;
use super::encoding::{Encoding, Stored};
use super::header::Header;
use crate::control::Control;
use crate::error::Error;
use crate::value::Outcome;

/// How two files compare.
#[derive(Clone, Debug, Default)]
pub struct Diff {
    /// Header fields that make them files of different things (the game,
    /// its instance, the count of slots, the kind of value): `(field, a, b)`.
    pub different: Vec<(&'static str, String, String)>,
    /// Header fields that differ without changing what the values mean
    /// (layout, encoding width, format version, the writer's tail).
    pub incidental: Vec<(&'static str, String, String)>,
    /// Slots whose values differ, when the values were compared.
    pub slots: u64,
    /// The first of them: slot and the two values as text.
    pub first: Vec<(u64, String, String)>,
    /// Whether each file's values fail its checksum (a damaged file is
    /// compared all the same: where it differs is what is asked).
    pub damaged: [bool; 2],
}

impl Diff {
    /// The files hold the same values for the same game and instance.
    pub fn same(&self) -> bool {
        self.different.is_empty() && self.slots == 0
    }
}

/// The kind of value an encoding holds: values of one kind compare.
fn kind(e: Encoding) -> &'static str {
    match e {
        Encoding::OutcomeByte | Encoding::OutcomeWord => "win/lose/draw",
        Encoding::Integer { .. } => "scores",
    }
}

/// Compares `a` and `b`: headers, then (when they are files of one
/// instance) every slot's value, keeping the first `limit` differences.
pub fn diff(a: &Database, b: &Database, limit: usize, ctl: &Control) -> Result<Diff, Error> {
    let (ha, hb) = (a.header(), b.header());
    let mut d = Diff::default();
    let mut field = |list: bool, name, x: String, y: String| {
        if x != y {
            if list { &mut d.different } else { &mut d.incidental }.push((name, x, y));
        }
    };
    field(true, "game", ha.game.clone(), hb.game.clone());
    field(true, "parameters", ha.params_line(), hb.params_line());
    field(true, "key", ha.key.clone(), hb.key.clone());
    field(true, "positions", ha.size.to_string(), hb.size.to_string());
    field(true, "values", kind(ha.encoding).into(), kind(hb.encoding).into());
    field(false, "encoding", ha.encoding.describe(), hb.encoding.describe());
    field(false, "layout", ha.layout.describe(), hb.layout.describe());
    field(false, "format version", ha.version.to_string(), hb.version.to_string());
    field(false, "tail bytes", ha.tail.to_string(), hb.tail.to_string());
    d.damaged = [!a.checksum_ok(ctl)?, !b.checksum_ok(ctl)?];
    if !d.different.is_empty() {
        return Ok(d);
    }
    match ha.encoding {
        Encoding::OutcomeByte | Encoding::OutcomeWord => compare::<Outcome>(a, b, limit, ctl, &mut d)?,
        Encoding::Integer { .. } => compare::<i64>(a, b, limit, ctl, &mut d)?,
    }
    Ok(d)
}

/// Every slot's value in `a` against `b`'s: bytes where the encodings are
/// the same, decoded values where they differ.
fn compare<V: Stored + std::fmt::Display>(
    a: &Database,
    b: &Database,
    limit: usize,
    ctl: &Control,
    d: &mut Diff,
) -> Result<(), Error> {
    let (ea, eb) = (a.header().encoding, b.header().encoding);
    let (wa, wb) = (ea.slot_bytes() as usize, eb.slot_bytes() as usize);
    let value = |h: &Header, bytes: &[u8]| {
        V::decode(h.encoding, bytes).ok_or_else(|| Error::Data(format!("{}: a slot holds no value", h.game)))
    };
    const CHUNK: u64 = 1 << 20;
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    ctl.start("comparing", a.len());
    for start in (0..a.len()).step_by(CHUNK as usize) {
        ctl.check()?;
        let end = (start + CHUNK).min(a.len());
        xs.clear();
        ys.clear();
        a.slot_bytes(start, end, &mut xs)?;
        b.slot_bytes(start, end, &mut ys)?;
        if ea == eb && xs == ys {
            ctl.advance(end - start);
            continue;
        }
        for (i, (x, y)) in xs.chunks(wa).zip(ys.chunks(wb)).enumerate() {
            if ea == eb && x == y {
                continue;
            }
            let (x, y) = (value(a.header(), x)?, value(b.header(), y)?);
            if x != y {
                d.slots += 1;
                if d.first.len() < limit {
                    d.first.push((start + i as u64, x.to_string(), y.to_string()));
                }
            }
        }
        ctl.advance(end - start);
    }
    ctl.finish();
    Ok(())
}
