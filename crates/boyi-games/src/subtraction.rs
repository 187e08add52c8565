//! Subtraction games: a move takes `k` tokens from one heap, for `k` in a
//! set; the heap stays (smaller) or disappears. `sub:1,3,4` lists the set;
//! `allbut:2,5` allows every take except those (`allbut:` alone is Nim).
//! As take-and-break rules every allowed take has digit 3 (leave nothing or
//! one heap); an all-but set repeats digit 3 for ever.

use boyi::solve::heaps::TakeBreak;

/// The largest take a listed set may name.
pub const MAX_TAKE: u64 = 1 << 16;

/// `1,3,4` (spaces allowed; empty is the empty set).
pub fn parse_takes(list: &str) -> Result<Vec<u64>, String> {
    let list = list.trim();
    if list.is_empty() {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(|s| {
            let s = s.trim();
            match s.parse::<u64>() {
                Ok(k) if (1..=MAX_TAKE).contains(&k) => Ok(k),
                Ok(k) => Err(format!("take {k} is out of range 1 to {MAX_TAKE}")),
                Err(_) => Err(format!("expected a list of takes like 1,3,4, found `{s}`")),
            }
        })
        .collect()
}

/// The subtraction game of `takes`.
pub fn subtraction(takes: &[u64]) -> Result<TakeBreak, String> {
    if takes.is_empty() {
        return Err("a subtraction set needs at least one take".into());
    }
    let top = *takes.iter().max().expect("non-empty") as usize;
    let mut digits = vec![0u8; top + 1];
    for &k in takes {
        digits[k as usize] = 3;
    }
    TakeBreak::new(digits, 0, false)
}

/// Every take except `excluded`.
pub fn all_but(excluded: &[u64]) -> Result<TakeBreak, String> {
    let top = excluded.iter().copied().max().unwrap_or(0) as usize;
    let mut digits = vec![3u8; top + 1];
    digits[0] = 0;
    for &k in excluded {
        digits[k as usize] = 0;
    }
    TakeBreak::new(digits, 3, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::heaps::{find_period, heap_values, Method};
    use boyi::Control;
    use proptest::prelude::*;

    /// The subtraction game straight from its definition.
    fn brute(allowed: impl Fn(usize) -> bool, to: usize) -> Vec<u32> {
        let mut g = Vec::new();
        for n in 0..=to {
            let opts: Vec<u32> = (1..=n).filter(|&k| allowed(k)).map(|k| g[n - k]).collect();
            g.push((0..).find(|v| !opts.contains(v)).unwrap());
        }
        g
    }

    fn values(rule: &TakeBreak, to: u64) -> Vec<u32> {
        heap_values(rule, to, Method::Auto, &Control::default()).unwrap().values.to_vec()
    }

    proptest! {
        #[test]
        fn subtraction_sets(takes in proptest::collection::btree_set(1u64..12, 1..5)) {
            let takes: Vec<u64> = takes.into_iter().collect();
            let want = brute(|k| takes.contains(&(k as u64)), 300);
            prop_assert_eq!(values(&subtraction(&takes).unwrap(), 300), want);
        }

        #[test]
        fn all_but_sets(excluded in proptest::collection::btree_set(1u64..12, 0..5)) {
            let excluded: Vec<u64> = excluded.into_iter().collect();
            let want = brute(|k| !excluded.contains(&(k as u64)), 300);
            prop_assert_eq!(values(&all_but(&excluded).unwrap(), 300), want);
        }
    }

    #[test]
    fn known_periods() {
        // sub:1,3,4: period 7 from the start (0 1 0 1 2 3 2)
        let r = subtraction(&[1, 3, 4]).unwrap();
        let g = heap_values(&r, 100, Method::Auto, &Control::default()).unwrap().values;
        assert_eq!(g.to_vec()[..7], [0, 1, 0, 1, 2, 3, 2]);
        let p = find_period(&g, r.max_take()).unwrap();
        assert_eq!((p.period, p.preperiod, p.proved), (7, 0, true));
        // allbut:1 has G(n) = floor(n / 2): arithmetic period 2, saltus 1
        let g = heap_values(&all_but(&[1]).unwrap(), 100, Method::Auto, &Control::default()).unwrap().values;
        let p = find_period(&g, None).unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod, p.proved), (2, 1, 0, false));
    }

    #[test]
    fn bad_lists() {
        assert_eq!(parse_takes("1,x").unwrap_err(), "expected a list of takes like 1,3,4, found `x`");
        assert_eq!(parse_takes("0").unwrap_err(), "take 0 is out of range 1 to 65536");
        assert!(subtraction(&[]).is_err());
        assert_eq!(parse_takes(" 1, 3 ,4").unwrap(), [1, 3, 4]);
    }
}
