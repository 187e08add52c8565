//! The split game (HNOI 2007 "分裂游戏", BZOJ 1188): bottles `0..n` hold
//! beans; a move takes one bean from bottle `i` and puts one bean into each
//! of bottles `j` and `k`, with `i < j <= k` (into `j` twice when `j = k`).
//! Whoever cannot move loses.
//!
//! Beans never interact, so a position is the sum of its beans
//! ([`Impartial::split`]): a bean in bottle `i` has a nimber `g(i)` of its
//! own, the position's nimber is the XOR over all beans, and two beans in one
//! bottle cancel. [`bean_values`] is that theory as a table; the tests value
//! whole positions without splitting and compare.

use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use boyi::solve::grundy::MexSet;

use crate::diagram::{Diagram, Heap};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Bottles in a judge input.
pub const MAX_BOTTLES: usize = 21;

#[derive(Clone, Debug)]
pub struct SplitGame {
    bottles: usize,
}

impl SplitGame {
    pub fn new(bottles: usize) -> Self {
        SplitGame { bottles }
    }

    pub fn bottles(&self) -> usize {
        self.bottles
    }

    /// A single bean in bottle `i`.
    pub fn bean(&self, i: usize) -> Vec<u64> {
        let mut p = vec![0; self.bottles];
        p[i] = 1;
        p
    }
}

/// A move: take from bottle `.0`, put into bottles `.1` and `.2`.
pub type Split = (u8, u8, u8);

impl Game for SplitGame {
    /// Beans in each bottle (a bean in bottle 0 of 21 can become 2^20).
    type Pos = Vec<u64>;
    type Move = Split;
    type Value = Outcome;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Split>) {
        let n = self.bottles;
        for i in (0..n).filter(|&i| pos[i] > 0) {
            for j in i + 1..n {
                out.extend((j..n).map(|k| (i as u8, j as u8, k as u8)));
            }
        }
    }

    fn play(&self, pos: &Vec<u64>, (i, j, k): Split) -> StepOf<Self> {
        let mut p = pos.clone();
        p[i as usize] -= 1;
        p[j as usize] += 1;
        p[k as usize] += 1;
        Step { pos: p, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u64>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for SplitGame {
    /// One component per bean.
    fn split(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if pos.iter().fold(0u64, |a, &c| a.saturating_add(c)) < 2 {
            return false;
        }
        for (i, &c) in pos.iter().enumerate() {
            for _ in 0..c {
                out.push(self.bean(i));
            }
        }
        true
    }
}

/// `g(i)`, the nimber of one bean in bottle `i` of `n`: the mex of
/// `g(j) ^ g(k)` over `i < j <= k < n`.
pub fn bean_values(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n];
    let mut set = MexSet::new();
    for i in (0..n).rev() {
        set.clear();
        for j in i + 1..n {
            for k in j..n {
                set.insert((g[j] ^ g[k]) as usize);
            }
        }
        g[i] = set.mex() as u32;
    }
    g
}

/// The nimber of a position: the XOR of `g(i)` over bottles with an odd count.
pub fn nimber(beans: &[u64], g: &[u32]) -> u32 {
    beans.iter().zip(g).filter(|(&c, _)| c % 2 == 1).fold(0, |x, (_, &v)| x ^ v)
}

/// Every winning move in the judge's order (by `i`, then `j`, then `k`): the
/// bean taken from `i` must leave `g(j) ^ g(k)` equal to its target `X ^ g(i)`.
pub fn winning_moves(beans: &[u64], g: &[u32]) -> Vec<(usize, usize, usize)> {
    let x = nimber(beans, g);
    let n = beans.len();
    let mut out = Vec::new();
    if x == 0 {
        return out;
    }
    for i in (0..n).filter(|&i| beans[i] > 0) {
        let target = x ^ g[i];
        for j in i + 1..n {
            out.extend((j..n).filter(|&k| g[j] ^ g[k] == target).map(|k| (i, j, k)));
        }
    }
    out
}

/// The split game in the catalogue. A position is the player to move and
/// the beans in each bottle: `1:0,0,1` (the beans alone: player 1 moves).
/// Valued by the theory: each bean is a component, and the position's
/// nimber is the XOR of theirs.
pub struct SplitListing;

static INFO: Info = Info {
    id: "split-game",
    name: "The split game",
    aliases: &[],
    summary: "take a bean from bottle i and put one into each of bottles j and k (i < j <= k)",
    rules: "Bottles in a row hold beans. A move takes one bean from a bottle and puts one bean into each of \
            two bottles further right (the same one twice is allowed). Who cannot move loses.",
    players: ["Congcong", "Ruirui"],
    values: "nimber",
    params: &[Param::text("beans", "Beans", "1,0,2,1").help("beans in each bottle, 2 to 21 bottles")],
    notation: "Position: the player to move and the beans of each bottle (1:0,0,1). Move: i,j,k, the \
               bottle a bean leaves and the two it goes to, 0-based (0,2,3).",
    end: "",
};

/// The most beans a bottle may hold in a position: moves multiply beans (one
/// in bottle 0 of 21 can become 2^20), and counts must stay in a `u64`.
const MAX_BEANS: u64 = 1_000_000_000;

fn beans_of(text: &str, error: fn(String) -> Error) -> Result<Vec<u64>, Error> {
    let beans: Vec<u64> = notation::list(text, "beans", 0, MAX_BEANS).map_err(|e| error(e.to_string()))?;
    if !(2..=MAX_BOTTLES).contains(&beans.len()) {
        return Err(error(format!("2 to {MAX_BOTTLES} bottles, not {}", beans.len())));
    }
    Ok(beans)
}

impl Listing for SplitListing {
    type Game = SplitGame;
    type State = Moving<Vec<u64>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(SplitGame, Moving<Vec<u64>>), Error> {
        let beans = beans_of(params.text(&INFO.params[0]), Error::Params)?;
        Ok((SplitGame::new(beans.len()), Moving::first(beans)))
    }

    fn parse(&self, text: &str) -> Result<(SplitGame, Moving<Vec<u64>>), Error> {
        let (mover, beans) = notation::player(text)?;
        let beans = beans_of(beans, Error::Position)?;
        Ok((SplitGame::new(beans.len()), Moving { pos: beans, mover }))
    }

    fn write(&self, _: &SplitGame, m: &Moving<Vec<u64>>) -> String {
        format!("{}:{}", m.mover + 1, join(&m.pos, ","))
    }

    fn params(&self, _: &SplitGame, m: &Moving<Vec<u64>>) -> Params {
        Params::new().with("beans", join(&m.pos, ","))
    }

    fn pos<'s>(&self, m: &'s Moving<Vec<u64>>) -> &'s Vec<u64> {
        &m.pos
    }

    fn play(&self, game: &SplitGame, m: &Moving<Vec<u64>>, mv: Split) -> Moving<Vec<u64>> {
        m.then(game.play(&m.pos, mv).pos)
    }

    fn to_move(&self, _: &SplitGame, m: &Moving<Vec<u64>>) -> usize {
        m.mover as usize
    }

    fn move_name(&self, _: &SplitGame, _: &Moving<Vec<u64>>, (i, j, k): Split) -> String {
        format!("{i},{j},{k}")
    }

    fn move_label(&self, _: &SplitGame, _: &Moving<Vec<u64>>, (i, j, k): Split) -> String {
        format!("a bean from bottle {i} into bottles {j} and {k}")
    }

    fn diagram(&self, game: &SplitGame, m: &Moving<Vec<u64>>) -> Diagram {
        let heaps = m.pos.iter().enumerate().map(|(i, &b)| Heap { size: b, label: format!("Bottle {i}") });
        Diagram::heaps(heaps.collect())
            .note(format!("nimber of one bean in each bottle: {}", join(bean_values(game.bottles()), " ")))
    }

    fn value(&self, game: &SplitGame, m: &Moving<Vec<u64>>, cx: &Cx) -> Result<Valued<Split>, Error> {
        cx.ctl.check()?;
        let g = bean_values(game.bottles());
        let x = nimber(&m.pos, &g) as u64;
        let mut moves: Vec<(Split, Verdict)> = self
            .moves(game, m)
            .into_iter()
            .map(|(i, j, k)| {
                ((i, j, k), Verdict::move_nimber(x ^ (g[i as usize] ^ g[j as usize] ^ g[k as usize]) as u64))
            })
            .collect();
        // Winning moves first; the game's (lexicographic) order within each kind.
        best_first(&mut moves);
        Ok(Valued::new(Verdict::position_nimber(x), moves, "grundy (each bean a component; XOR of their nimbers)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    /// Every position of up to 5 bottles with at most 3 beans in all: whole
    /// positions (no splitting) have the theory's nimber, win/lose agrees
    /// with negamax, and the winning moves are those that leave nimber 0.
    /// Beans multiply as they move right; counts past a `u16` are kept exactly.
    #[test]
    fn large_counts_keep_their_parity() {
        use crate::listing::Entry;
        let next = SplitListing.open("1:1,65535,0").unwrap().play("0,1,2").unwrap();
        assert_eq!(next.text(), "2:0,65536,1");
    }

    #[test]
    fn theory_matches_whole_positions() {
        for n in 2..=5 {
            let game = SplitGame::new(n);
            let g = bean_values(n);
            let mut whole = Grundy::new(&game, Control::default()).without_split();
            let mut split = Grundy::new(&game, Control::default());
            for (i, &want) in g.iter().enumerate() {
                assert_eq!(split.value(&game.bean(i)).unwrap(), want);
            }
            let mut nm = Negamax::new(&game, Control::default());
            let mut checked = 0;
            for code in 0..4usize.pow(n as u32) {
                let pos: Vec<u64> = (0..n).map(|b| (code / 4usize.pow(b as u32) % 4) as u64).collect();
                if pos.iter().sum::<u64>() > 3 {
                    continue;
                }
                let beans = pos.clone();
                let v = whole.value(&pos).unwrap();
                assert_eq!(v, nimber(&beans, &g), "{pos:?}");
                assert_eq!(nm.value(&pos).unwrap().is_win(), v != 0);
                let mut want: Vec<(usize, usize, usize)> = whole
                    .analyze(&pos)
                    .unwrap()
                    .into_iter()
                    .filter(|&(_, child)| child == 0)
                    .map(|((i, j, k), _)| (i as usize, j as usize, k as usize))
                    .collect();
                want.sort();
                assert_eq!(winning_moves(&beans, &g), want, "{pos:?}");
                // the engine's sum rule finds the same moves from the beans alone
                let mut from_sum: Vec<(usize, usize, usize)> = split
                    .sum_winning_moves(&pos)
                    .unwrap()
                    .into_iter()
                    .map(|(_, (i, j, k))| (i as usize, j as usize, k as usize))
                    .collect();
                from_sum.sort();
                from_sum.dedup();
                assert_eq!(from_sum, want, "{pos:?}");
                checked += 1;
            }
            assert!(checked >= 10);
        }
    }
}
