//! The partizan games of the catalogue, each valued as a short game in
//! canonical form by the engine's `cgt` module. One module a game; this
//! list is the one place that names them.

pub mod domineering;
pub mod report;

use boyi::cgt::{Id, Store, Valuer};
use boyi::Control;

use crate::error::Error;

/// A partizan game as the front ends see it: its position in words to
/// its value.
pub trait PartizanListing: Sync {
    fn id(&self) -> &'static str;
    /// One line: the rules, and how a position is written.
    fn about(&self) -> &'static str;
    /// A position to try.
    fn example(&self) -> &'static str;
    /// The value of `position`, and how many distinct parts were valued.
    fn value(&self, store: &mut Store, position: &str, ctl: &Control) -> Result<(Id, usize), Error>;
}

struct DomineeringListing;

impl PartizanListing for DomineeringListing {
    fn id(&self) -> &'static str {
        "domineering"
    }

    fn about(&self) -> &'static str {
        "Left places vertical dominoes, Right horizontal ones; rows joined by `|`, `.` empty, `#` filled, or RxC"
    }

    fn example(&self) -> &'static str {
        "4x4"
    }

    fn value(&self, store: &mut Store, position: &str, ctl: &Control) -> Result<(Id, usize), Error> {
        let region = domineering::Region::parse(position)?;
        let mut valuer = Valuer::new(&domineering::Domineering, store).with_control(ctl);
        let id = valuer.value(&region)?;
        Ok((id, valuer.parts()))
    }
}

/// Every partizan game boyi values.
pub fn games() -> Vec<&'static dyn PartizanListing> {
    vec![&DomineeringListing]
}

pub fn game(id: &str) -> Result<&'static dyn PartizanListing, Error> {
    games().into_iter().find(|g| g.id() == id).ok_or_else(|| {
        Error::input(format!(
            "`{id}` is no partizan game of the catalogue (those are: {})",
            games().iter().map(|g| g.id()).collect::<Vec<_>>().join(", ")
        ))
    })
}
