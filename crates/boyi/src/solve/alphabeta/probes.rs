//! Where the null-window driver probes next.

/// Where the null-window driver probes next inside a range `[lo, hi)`
/// that its probes narrow.
///
/// Without more to go on, it bisects, avoiding zero: the middle of a
/// range around zero moves to half its lower or upper end, since a probe
/// near zero is the deepest search (Pons' rule).
///
/// Where scores count moves (`Game::scores_count_moves`), a probe far from
/// zero is a shallow search, and a probe costs the more the closer it is
/// to the value: Connect Four's empty board, nodes a probe at distance 5,
/// 4, 3, 2, 1 from its value 1: 0.5M, 2.5M, 7M, 19M, 38M, and 64M for the
/// last, at the value. So the driver first probes from the ends inwards,
/// 7/8 of the way out from zero while that stays in the outer half of the
/// starting range and each probe costs under `CHEAP_NODES`: quick wins
/// and losses are found without searching deep. Then, as hard positions
/// are mostly worth little, it probes at zero and steps from each result
/// to the next score (MTD(f)), until two steps in a row go the same way:
/// the value is further out, and the rest is bisected. Against bisection
/// after the ends (nodes a position, Connect Four): L2_R2 19.1K / 18.2K,
/// the first 30 of L1_R2 402K / 416K, the first 4 of L1_R3 10.5M / 9.9M;
/// the empty board 61 s / 48-51 s on two threads.
pub(super) struct Probes {
    /// The range the driver started with.
    start: (i64, i64),
    from_ends: bool,
    /// Scores count moves: after the ends, step from zero.
    count_moves: bool,
    /// Steps from zero in a row that went the same way.
    same_way: u32,
    /// The last step from zero and its result.
    last: Option<(i64, i64)>,
}

impl Probes {
    const CHEAP_NODES: u64 = 8192;

    pub(super) fn new(lo: i64, hi: i64, scores_count_moves: bool) -> Self {
        Probes {
            start: (lo, hi),
            from_ends: scores_count_moves,
            count_moves: scores_count_moves,
            same_way: 0,
            last: None,
        }
    }

    pub(super) fn next(&mut self, lo: i64, hi: i64) -> i64 {
        let mid = lo + (hi - lo) / 2;
        if self.from_ends {
            let (lo0, hi0) = self.start;
            if mid <= 0 && lo * 7 / 8 <= lo0 / 2 && lo * 7 / 8 < mid {
                return lo * 7 / 8;
            }
            if mid >= 0 && hi * 7 / 8 >= hi0 / 2 && hi * 7 / 8 > mid {
                return hi * 7 / 8;
            }
            self.from_ends = false;
        }
        if self.count_moves {
            if self.same_way >= 2 {
                return mid;
            }
            let guess = match self.last {
                Some((probe, r)) if r <= probe => r - 1,
                Some((_, r)) => r,
                None => 0,
            };
            return guess.clamp(lo, hi - 1);
        }
        if mid <= 0 && lo / 2 < mid {
            lo / 2
        } else if mid >= 0 && hi / 2 > mid {
            hi / 2
        } else {
            mid
        }
    }

    /// The probe at `probe` returned `r` after searching `nodes` nodes.
    pub(super) fn record(&mut self, probe: i64, r: i64, nodes: u64) {
        if self.from_ends {
            self.from_ends = nodes < Self::CHEAP_NODES;
            return;
        }
        let up = r > probe;
        self.same_way = match self.last {
            Some((p, q)) if (q > p) == up => self.same_way + 1,
            _ => 1,
        };
        self.last = Some((probe, r));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Runs the driver against a position worth `value`, whose probes
    /// return fail-soft bounds `slack(i)` beyond the probe (but never past
    /// the value) and cost `cost(i)` nodes; the probes made, in order.
    fn drive(
        lo: i64,
        hi: i64,
        count_moves: bool,
        value: i64,
        slack: impl Fn(usize) -> i64,
        cost: impl Fn(usize) -> u64,
    ) -> Vec<i64> {
        let (mut lo, mut hi) = (lo, hi);
        let mut probes = Probes::new(lo, hi, count_moves);
        let mut made = Vec::new();
        while lo < hi {
            let med = probes.next(lo, hi);
            assert!(lo <= med && med < hi, "probe {med} outside [{lo}, {hi})");
            assert!(made.len() < 200, "the driver does not end: {made:?}");
            let i = made.len();
            let r = if value > med { (med + 1 + slack(i)).min(value) } else { (med - slack(i)).max(value) };
            made.push(med);
            probes.record(med, r, cost(i));
            if r <= med {
                hi = r;
            } else {
                lo = r;
            }
        }
        assert_eq!(lo.min(hi), value);
        made
    }

    proptest! {
        /// Every probe lies in `[lo, hi)` (a probe at `hi` that fails low
        /// would leave the range as it was), so the driver ends, on the value.
        #[test]
        fn probes_stay_inside_the_range_and_find_the_value(
            lo in -40i64..40,
            width in 0i64..80,
            at in 0.0f64..=1.0,
            count_moves in any::<bool>(),
            slacks in proptest::collection::vec(0i64..4, 1..8),
            costs in proptest::collection::vec(0u64..20_000, 1..8),
        ) {
            let hi = lo + width;
            let value = lo + (width as f64 * at) as i64;
            drive(lo, hi, count_moves, value, |i| slacks[i % slacks.len()], |i| costs[i % costs.len()]);
        }
    }

    #[test]
    fn probes_from_the_ends_then_from_zero() {
        // Cheap probes: from the ends inwards while in the outer half.
        let cheap = drive(-16, 17, true, 12, |_| 0, |_| 10);
        assert_eq!(&cheap[..3], &[-14, 14, -11]);
        // The first costly probe ends that; then zero, and steps from it.
        let costly = drive(-16, 17, true, 1, |_| 0, |_| 1 << 20);
        assert_eq!(costly, vec![-14, 0, 1]);
        // Two steps the same way: the rest is bisected.
        let far = drive(-16, 17, true, 9, |_| 0, |i| if i == 0 { 10 } else { 1 << 20 });
        assert_eq!(&far[..5], &[-14, 14, 0, 1, 8]);
        // Games whose scores do not count moves bisect around zero.
        assert_eq!(drive(-16, 17, false, 1, |_| 0, |_| 10)[0], -8);
    }
}
