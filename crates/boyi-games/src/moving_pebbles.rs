//! Moving pebbles (SPOJ 2021, BZOJ 1982; POJ 1740 "A New Stone Game"): a
//! move takes at least one stone from a pile, then moves any number of that
//! pile's remaining stones onto other piles that still have stones (one or
//! several). An emptied pile is out of the game. Whoever cannot move loses.
//!
//! The theory: the second player wins exactly when the piles pair off into
//! equal sizes (answer every move by its mirror); from any other position
//! the largest pile can be cut down and spread so that they do.
//! [`second_player_wins`] is that rule; [`Pebbles`] is the game itself on
//! small positions, solved by negamax in the tests.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap};
use crate::error::Error;
use crate::listing::{valued_by, Cx, Info, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Piles, largest first; only the first `len` are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piles {
    sizes: [u64; Piles::MAX],
    len: u8,
}

impl Piles {
    pub const MAX: usize = 8;

    /// Piles of these sizes (at most [`Piles::MAX`]; empty piles are dropped).
    pub fn new(sizes: &[u64]) -> Self {
        let mut s: Vec<u64> = sizes.iter().copied().filter(|&x| x > 0).collect();
        assert!(s.len() <= Self::MAX);
        s.sort_unstable_by(|a, b| b.cmp(a));
        let mut p = Piles { sizes: [0; Self::MAX], len: s.len() as u8 };
        p.sizes[..s.len()].copy_from_slice(&s);
        p
    }

    pub fn sizes(&self) -> &[u64] {
        &self.sizes[..self.len as usize]
    }

    /// Stones in all (saturating: eight piles of up to 2^62 overflow a `u64`).
    pub fn stones(&self) -> u64 {
        self.sizes().iter().fold(0u64, |a, &s| a.saturating_add(s))
    }

    /// Whether one move leads from `self` to `to`: some pile loses at least
    /// one stone, some of what it keeps may go onto the other piles, and
    /// the rest stays (an emptied pile leaves the game).
    pub fn leads_to(&self, to: &Piles) -> bool {
        let (from, to) = (self.sizes(), to.sizes());
        (0..from.len()).any(|i| {
            let others: Vec<u64> = from.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            // Each other pile grows into a distinct pile of `to`; what is
            // left of `to` is the moved pile's remainder (one pile or none).
            let mut used = vec![false; to.len()];
            fn grow(others: &[u64], to: &[u64], used: &mut [bool], at: usize, added: u128, pile: u64) -> bool {
                if at == others.len() {
                    let rest: Vec<u64> = to.iter().zip(used.iter()).filter(|(_, &u)| !u).map(|(&x, _)| x).collect();
                    let kept = match rest[..] {
                        [] => 0,
                        [k] => k,
                        _ => return false,
                    };
                    return added + (kept as u128) < pile as u128;
                }
                for t in 0..to.len() {
                    if !used[t] && to[t] >= others[at] {
                        used[t] = true;
                        if grow(others, to, used, at + 1, added + (to[t] - others[at]) as u128, pile) {
                            return true;
                        }
                        used[t] = false;
                    }
                }
                false
            }
            grow(&others, to, &mut used, 0, 0, from[i])
        })
    }
}

/// The game on small positions. A move is named by the piles it leaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pebbles;

impl Pebbles {
    /// Every way to add `left` or fewer stones to `others` (each may take any
    /// number), calling `emit` with the new sizes and the stones not moved.
    fn spread(others: &mut Vec<u64>, i: usize, left: u64, emit: &mut impl FnMut(&[u64], u64)) {
        if i == others.len() {
            emit(others, left);
            return;
        }
        let base = others[i];
        for add in 0..=left {
            others[i] = base + add;
            Self::spread(others, i + 1, left - add, emit);
        }
        others[i] = base;
    }
}

impl Game for Pebbles {
    type Pos = Piles;
    type Move = Piles;
    type Value = Outcome;

    fn moves(&self, pos: &Piles, out: &mut Vec<Piles>) {
        let start = out.len();
        let sizes = pos.sizes();
        for i in 0..sizes.len() {
            if i > 0 && sizes[i] == sizes[i - 1] {
                continue; // equal piles give the same moves
            }
            let mut others: Vec<u64> = sizes.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s).collect();
            for removed in 1..=sizes[i] {
                let rest = sizes[i] - removed;
                Self::spread(&mut others, 0, rest, &mut |new, kept| {
                    let mut all = new.to_vec();
                    all.push(kept);
                    out.push(Piles::new(&all));
                });
            }
        }
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if i == start || out[i] != out[kept - 1] {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn play(&self, _: &Piles, to: Piles) -> StepOf<Self> {
        Step { pos: to, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Piles) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Pebbles {}

/// The theory: the second player wins iff the piles pair off into equal sizes.
pub fn second_player_wins(piles: &mut [u64]) -> bool {
    piles.sort_unstable();
    piles.len().is_multiple_of(2) && piles.chunks(2).all(|p| p[0] == p[1])
}

/// Moving pebbles in the catalogue. A position is the player to move and
/// the piles: `1:3,1,2` (the piles alone: player 1 moves); a move is named
/// by the piles it leaves (`2,1,2`; `0` when none is left). Positions of at
/// most 16 stones are solved move by move (negamax); larger ones get the
/// pairing rule's verdict, their moves too many to list.
pub struct PebblesListing;

static INFO: Info = Info {
    id: "moving-pebbles",
    name: "Moving pebbles",
    aliases: &[],
    summary: "take stones from a pile and spread some of the rest onto other piles; equal pairs lose",
    rules: "Take at least one stone from a pile, then move any number of that pile's remaining stones \
            onto other piles that still have stones. An emptied pile leaves the game. Who cannot move loses.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("piles", "Piles", "3,1,2").help("1 to 8 piles")],
    notation: "Position: the player to move and the piles (1:3,1,2). Move: the piles it leaves, largest \
               first (2,1,2), or 0 for none.",
    end: "",
};

/// Positions of at most this many stones are solved and their moves listed.
const SOLVED_STONES: u64 = 16;

fn piles_of(text: &str, error: fn(String) -> Error) -> Result<Piles, Error> {
    let sizes: Vec<u64> = notation::list(text, "a pile", 0, 1 << 62).map_err(|e| error(e.to_string()))?;
    if sizes.len() > Piles::MAX {
        return Err(error(format!(
            "at most {} piles, not {} (`boyi solve moving-pebbles` takes any number)",
            Piles::MAX,
            sizes.len()
        )));
    }
    Ok(Piles::new(&sizes))
}

fn pile_names(p: &Piles) -> String {
    if p.sizes().is_empty() {
        "0".to_string()
    } else {
        join(p.sizes(), ",")
    }
}

impl Listing for PebblesListing {
    type Game = Pebbles;
    type State = Moving<Piles>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Pebbles, Moving<Piles>), Error> {
        Ok((Pebbles, Moving::first(piles_of(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Pebbles, Moving<Piles>), Error> {
        let (mover, piles) = notation::player(text)?;
        Ok((Pebbles, Moving { pos: piles_of(piles, Error::Position)?, mover }))
    }

    fn write(&self, _: &Pebbles, m: &Moving<Piles>) -> String {
        format!("{}:{}", m.mover + 1, join(m.pos.sizes(), ","))
    }

    fn params(&self, _: &Pebbles, m: &Moving<Piles>) -> Params {
        Params::new().with("piles", join(m.pos.sizes(), ","))
    }

    fn pos<'s>(&self, m: &'s Moving<Piles>) -> &'s Piles {
        &m.pos
    }

    fn play(&self, _: &Pebbles, m: &Moving<Piles>, to: Piles) -> Moving<Piles> {
        m.then(to)
    }

    fn to_move(&self, _: &Pebbles, m: &Moving<Piles>) -> usize {
        m.mover as usize
    }

    /// Every move of a small position; a large one has too many to list.
    fn moves(&self, game: &Pebbles, m: &Moving<Piles>) -> Vec<Piles> {
        if m.pos.stones() > SOLVED_STONES {
            return Vec::new();
        }
        let mut out = Vec::new();
        game.moves(&m.pos, &mut out);
        out
    }

    fn over(&self, _: &Pebbles, m: &Moving<Piles>) -> bool {
        m.pos.sizes().is_empty()
    }

    fn parse_move(&self, _: &Pebbles, m: &Moving<Piles>, text: &str) -> Option<Piles> {
        let to = piles_of(text, Error::Move).ok()?;
        m.pos.leads_to(&to).then_some(to)
    }

    fn move_name(&self, _: &Pebbles, _: &Moving<Piles>, to: Piles) -> String {
        pile_names(&to)
    }

    fn move_label(&self, _: &Pebbles, _: &Moving<Piles>, to: Piles) -> String {
        format!("leave {}", if to.sizes().is_empty() { "no pile".to_string() } else { join(to.sizes(), ", ") })
    }

    fn diagram(&self, _: &Pebbles, m: &Moving<Piles>) -> Diagram {
        let heaps = m.pos.sizes().iter().enumerate().map(|(i, &s)| Heap { size: s, label: format!("Pile {}", i + 1) });
        Diagram::heaps(heaps.collect())
    }

    fn value(&self, game: &Pebbles, m: &Moving<Piles>, cx: &Cx) -> Result<Valued<Piles>, Error> {
        if m.pos.stones() <= SOLVED_STONES {
            let mut search = Negamax::new(game, cx.ctl.clone());
            return valued_by(game, &m.pos, |c| search.value(c), Verdict::from, "negamax");
        }
        let second = second_player_wins(&mut m.pos.sizes().to_vec());
        let mut v = Valued::new(Verdict::bare(!second), Vec::new(), "theory (equal pairs lose)")
            .note(format!("more than {SOLVED_STONES} stones: the pairing rule's verdict; moves are too many to list"));
        v.unlisted = 1;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::Control;

    /// Every position of up to 4 piles of at most 4 stones: the pairing rule
    /// is negamax's answer (and the Grundy solver's, win iff nimber != 0).
    #[test]
    fn pairing_rule_matches_negamax() {
        let mut nm = Negamax::new(&Pebbles, Control::default());
        let mut gr = Grundy::new(&Pebbles, Control::default());
        let mut checked = 0;
        for count in 1..=4u32 {
            for code in 0..4u32.pow(count) {
                let sizes: Vec<u64> = (0..count).map(|i| (code / 4u32.pow(i) % 4) as u64 + 1).collect();
                if sizes.windows(2).any(|w| w[0] > w[1]) {
                    continue; // one order per multiset
                }
                let pos = Piles::new(&sizes);
                let wins = nm.value(&pos).unwrap().is_win();
                let mut piles = sizes.clone();
                assert_eq!(!second_player_wins(&mut piles), wins, "{sizes:?}");
                assert_eq!(gr.value(&pos).unwrap() != 0, wins);
                checked += 1;
            }
        }
        assert_eq!(checked, 4 + 10 + 20 + 35);
    }

    #[test]
    fn moves_follow_the_rules() {
        // POJ 1740's example: from (3,1,4,2), taking one stone of the first
        // pile can give 0 2 5 2 or 0 1 5 3.
        let mut out = Vec::new();
        Pebbles.moves(&Piles::new(&[3, 1, 4, 2]), &mut out);
        assert!(out.contains(&Piles::new(&[2, 5, 2])));
        assert!(out.contains(&Piles::new(&[1, 5, 3])));
        // stones never land on an emptied pile, and the total always drops
        assert!(out.iter().all(|p| p.stones() < 10));
        // Sums of huge piles do not wrap: a move from a small pile cannot
        // leave more stones than it had.
        let huge = Piles::new(&[1 << 62; 4]);
        assert_eq!(huge.stones(), u64::MAX);
        assert!(!Piles::new(&[5, 1, 1, 1, 1, 1, 1, 1]).leads_to(&Piles::new(&[
            1 << 62,
            1 << 62,
            1 << 62,
            1 << 62,
            5,
            1,
            1
        ])));
        // and `leads_to` knows exactly these moves
        let from = Piles::new(&[3, 1, 4, 2]);
        for a in 0..=5u64 {
            for b in 0..=5 {
                for c in 0..=5 {
                    let to = Piles::new(&[a, b, c]);
                    assert_eq!(from.leads_to(&to), out.contains(&to), "{to:?}");
                }
            }
        }
        let mut one = Vec::new();
        Pebbles.moves(&Piles::new(&[2]), &mut one);
        assert_eq!(one, [Piles::new(&[]), Piles::new(&[1])]);
    }
}
