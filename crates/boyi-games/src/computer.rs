//! How the computer picks its move: a best one, or at a lower skill a
//! worse one now and then, the better the likelier. The page's opponent
//! and the terminal's choose alike.

use crate::verdict::Verdict;

/// The computer's move among `moves` (best first, `value` giving each
/// one's value to the mover) at `skill` (0 to 1): with probability `skill`
/// a best move (at random among equals); otherwise the moves' values are
/// ranked best first and the k-th value is picked with weight 1 / (k + 1),
/// then a move of that value at random, so even skill 0 leans toward good
/// moves.
pub fn choose<T>(
    moves: &[T],
    value: impl Fn(&T) -> Verdict,
    skill: f64,
    mut random: impl FnMut() -> f64,
) -> Option<&T> {
    let best = moves.first()?;
    let mut groups: Vec<&[T]> = Vec::new();
    let mut rest = moves;
    while let Some(first) = rest.first() {
        let n = rest.iter().take_while(|m| value(m) == value(first)).count();
        groups.push(&rest[..n]);
        rest = &rest[n..];
    }
    let group = if random() < skill {
        groups[0]
    } else {
        let total: f64 = (0..groups.len()).map(|k| 1.0 / (k as f64 + 1.0)).sum();
        let mut x = random() * total;
        let mut pick = groups[groups.len() - 1];
        for (k, g) in groups.iter().enumerate() {
            x -= 1.0 / (k as f64 + 1.0);
            if x < 0.0 {
                pick = g;
                break;
            }
        }
        pick
    };
    let i = ((random() * group.len() as f64) as usize).min(group.len() - 1);
    Some(group.get(i).unwrap_or(best))
}

/// Uniform numbers in [0, 1) from `seed`, for [`choose`].
pub fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut rng = crate::generate::Rng::new(seed);
    move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_skill_always_picks_a_best_move() {
        let moves = [
            ("a", Verdict::Win(Some(3))),
            ("b", Verdict::Win(Some(3))),
            ("c", Verdict::Win(Some(5))),
            ("d", Verdict::Lose(Some(2))),
        ];
        let mut random = uniform(7);
        let mut seen = [0; 4];
        for _ in 0..1000 {
            let m = choose(&moves, |m| m.1, 1.0, &mut random).unwrap();
            seen[(m.0.as_bytes()[0] - b'a') as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] == 0 && seen[3] == 0, "{seen:?}");
    }

    #[test]
    fn zero_skill_still_prefers_better_moves() {
        let moves = [("a", Verdict::Win(Some(1))), ("b", Verdict::Lose(Some(1)))];
        let mut random = uniform(1);
        let a = (0..3000).filter(|_| choose(&moves, |m| m.1, 0.0, &mut random).unwrap().0 == "a").count();
        // weights 1 and 1/2: two thirds of the picks
        assert!((1800..2200).contains(&a), "{a}");
    }
}
