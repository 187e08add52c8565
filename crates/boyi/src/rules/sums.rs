//! Several coordinates that do not interact: the position is a sum of one
//! game a coordinate, and its nimber is the XOR of theirs (Sprague-Grundy).
//! The sequence of each coordinate is the table along its axis (the other
//! coordinates 0); the XOR of them is held to the whole table, and each
//! sequence must have a rule of its own (`periodic.rs`). For outcomes the
//! same holds: P exactly where the XOR is 0.

use super::periodic::{least_period, Periodic};
use super::{Table, Values};

/// One sequence a coordinate whose XOR is every value of the table.
pub fn find(table: &Table, _: Values) -> Option<Vec<Periodic>> {
    let axes: Vec<Vec<u64>> = (0..table.dims).map(|d| table.axis(d)).collect();
    let xor_everywhere = (0..table.len()).all(|i| {
        let pos = table.coords(i);
        pos.iter().enumerate().fold(0, |x, (d, &c)| x ^ axes[d][c]) == table.values[i]
    });
    if !xor_everywhere {
        return None;
    }
    axes.iter().map(|axis| least_period(axis)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_is_the_xor_of_its_heaps() {
        let side = 20;
        let values = (0..side * side).map(|i| ((i / side) ^ (i % side)) as u64).collect();
        let table = Table { dims: 2, side, values };
        let parts = find(&table, Values::Nimber).unwrap();
        assert_eq!((parts[0].period, parts[0].saltus), (1, 1));
        let mut other = table.clone();
        other.values[3 * side + 5] ^= 1;
        assert!(find(&other, Values::Nimber).is_none());
    }
}
