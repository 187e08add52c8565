//! Cutcake: a sum of rectangular cakes; Left cuts one along a vertical
//! line into two, Right along a horizontal line; who cannot cut loses
//! (Winning Ways, ch. 2). A position is cakes `HxW` joined by `+`. Turning
//! a cake a quarter turn swaps the players.

use boyi::cgt::Partizan;

use crate::error::Error;

/// The largest side of a cake.
pub const MOST_SIDE: u32 = 64;

/// Cakes as (height, width), sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cakes(pub Vec<(u32, u32)>);

impl Cakes {
    pub fn parse(text: &str) -> Result<Cakes, Error> {
        let mut cakes = Vec::new();
        for part in text.split('+') {
            let (h, w) = part
                .trim()
                .split_once(['x', 'X', '×'])
                .and_then(|(h, w)| Some((h.trim().parse::<u32>().ok()?, w.trim().parse::<u32>().ok()?)))
                .ok_or_else(|| Error::position(format!("`{}`: a cake is HxW, cakes are joined by +", part.trim())))?;
            if !(1..=MOST_SIDE).contains(&h) || !(1..=MOST_SIDE).contains(&w) {
                return Err(Error::position(format!("a {h}x{w} cake: sides are 1 to {MOST_SIDE}")));
            }
            cakes.push((h, w));
        }
        cakes.sort();
        Ok(Cakes(cakes))
    }

    /// Every cut of one cake: `vertical` cuts split the width.
    fn cuts(&self, vertical: bool) -> Vec<Cakes> {
        let mut out = Vec::new();
        for (i, &(h, w)) in self.0.iter().enumerate() {
            let side = if vertical { w } else { h };
            for a in 1..side {
                let mut next = self.0.clone();
                next.remove(i);
                if vertical {
                    next.extend([(h, a), (h, w - a)]);
                } else {
                    next.extend([(a, w), (h - a, w)]);
                }
                next.sort();
                out.push(Cakes(next));
            }
        }
        out
    }
}

impl std::fmt::Display for Cakes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cakes: Vec<String> = self.0.iter().map(|(h, w)| format!("{h}x{w}")).collect();
        write!(f, "{}", cakes.join("+"))
    }
}

pub struct Cutcake;

impl Partizan for Cutcake {
    type Position = Cakes;

    fn left_options(&self, p: &Cakes) -> Vec<Cakes> {
        p.cuts(true)
    }

    fn right_options(&self, p: &Cakes) -> Vec<Cakes> {
        p.cuts(false)
    }

    fn components(&self, p: &Cakes) -> Vec<Cakes> {
        p.0.iter().filter(|&&(h, w)| h > 1 || w > 1).map(|&c| Cakes(vec![c])).collect()
    }

    fn normal(&self, p: &Cakes) -> (Cakes, bool) {
        match p.0.as_slice() {
            &[(h, w)] if w < h => (Cakes(vec![(w, h)]), true),
            _ => (p.clone(), false),
        }
    }
}
