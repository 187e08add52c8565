//! Checks of a solved directory of tiers against the game's rules, and of
//! a game's tier hooks against its moves.
//!
//! `db verify` re-derives every position's value from its moves' values:
//! every tier agreeing makes the directory a fixed point of the rules, and
//! with remoteness there is one. A position's value is its moves' best,
//! so it holds where no move gives more and one gives as much. A lost
//! position has every move read. A won or drawn one has its moves out of
//! the tier all read (only a lost child could give it more), and its moves
//! inside the tier only until one gives its value, where the game has
//! un-moves ([`Tiered::has_unmoves`]): a second pass follows every lost
//! position's un-moves and checks that each position with a move to it is
//! won that fast. In a tier where most positions are drawn (the Morris
//! games) most moves are then never ranked.

use std::ops::Range;

use super::{tier, Away, Reached, Solution, Tiered};
use crate::control::Control;
use crate::db::{self, Disagreement};
use crate::error::Error;
use crate::solve::Solved;
use crate::value::{Outcome, Turn, Value};

/// Re-derives every position's value of `tier` from its moves' values (in
/// its own tier and the tiers below, as `solution` holds them) and returns
/// the positions that disagree, at most `limit`.
pub fn verify_tier<G: Tiered>(
    game: &G,
    tier: G::Tier,
    solution: &Solution<G::Tier>,
    limit: usize,
    ctl: &Control,
) -> Result<Vec<Disagreement<Outcome>>, Error> {
    let reached = Reached::new(game, tier, &solution.tiers, Error::Data).resident(0, ctl);
    let own =
        solution.tiers.get(&tier).ok_or_else(|| Error::Data(format!("tier {} is missing", game.tier_name(tier))))?;
    let lazy = game.has_unmoves() && game.moves_stay(tier);
    let size = game.tier_size(tier);
    let label = format!("verifying tier {}", game.tier_name(tier));
    let mut found = db::disagreements(size, 1 << 14, &label, limit, ctl, |slots, found| {
        let slots: Vec<u64> = slots.collect();
        let mut group = Group::new(game, tier, &reached, own, lazy);
        for few in slots.chunks(tier::GROUP) {
            group.check(few, found)?;
        }
        Ok(())
    })?;
    if !lazy {
        return Ok(found);
    }
    let label = format!("verifying tier {}: lost positions' un-moves", game.tier_name(tier));
    let more = db::disagreements(size, 1 << 14, &label, limit, ctl, |slots, found| {
        let mut before = Vec::new();
        for c in slots {
            let stored = own.value_at(c);
            if !matches!(stored, Outcome::Lose(_)) {
                continue;
            }
            let pos = game.unrank_in(tier, c);
            // an image's slot holds its class's value, checked in full
            if !game.own_slot(tier, c, &pos) {
                continue;
            }
            let floor = Outcome::back((), Turn::Pass, stored);
            before.clear();
            game.unmoves_in_tier(&pos, &mut before);
            for p in &before {
                let r = game.rank_in(tier, p);
                let v = own.value_at(r);
                if v < floor {
                    let derived = derive(game, tier, &reached, p)?;
                    if derived != v {
                        found(Disagreement { rank: r, stored: v, derived });
                    }
                }
            }
        }
        Ok(())
    })?;
    // a position may be found by both passes, and by several lost children
    found.extend(more);
    found.sort_by_key(|d| d.rank);
    found.dedup_by_key(|d| d.rank);
    found.truncate(limit);
    Ok(found)
}

/// A position of a group being checked.
struct Entry<P> {
    rank: u64,
    pos: P,
    stored: Outcome,
    /// Its children read first, located in [`Group::located`].
    children: Range<usize>,
    /// Its moves left for later ([`Tiered::children`]) in [`Group::later`],
    /// from the next to read.
    later: Range<usize>,
}

/// A few positions of `tier` checked together: their children located
/// and fetched first, then read, so that the misses overlap. `lazy`: a won
/// or drawn position's moves left for later are read until one gives its
/// value.
struct Group<'a, G: Tiered> {
    game: &'a G,
    tier: G::Tier,
    reached: &'a Reached<G::Tier>,
    own: &'a Solved<Outcome>,
    lazy: bool,
    entries: Vec<Entry<G::Pos>>,
    located: Vec<(usize, u64)>,
    later: Vec<u32>,
    ranked: Vec<(G::Tier, u64)>,
    moves: Vec<G::Move>,
    pending: Vec<usize>,
}

impl<'a, G: Tiered> Group<'a, G> {
    fn new(game: &'a G, tier: G::Tier, reached: &'a Reached<G::Tier>, own: &'a Solved<Outcome>, lazy: bool) -> Self {
        Group {
            game,
            tier,
            reached,
            own,
            lazy,
            entries: Vec::new(),
            located: Vec::new(),
            later: Vec::new(),
            ranked: Vec::new(),
            moves: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Checks the slots `few`, each disagreement handed to `found`.
    fn check(&mut self, few: &[u64], found: &mut dyn FnMut(Disagreement<Outcome>)) -> Result<(), Error> {
        let (game, tier, reached, own, lazy) = (self.game, self.tier, self.reached, self.own, self.lazy);
        self.entries.clear();
        self.located.clear();
        self.later.clear();
        for &r in few {
            let pos = game.unrank_in(tier, r);
            let value = own.value_at(r);
            let from = self.later.len();
            children_of(game, tier, &pos, &mut self.ranked, &mut self.later, &mut self.moves);
            // a lost position's every move counts; an image's slot is not
            // reached by the un-moves
            if !lazy || matches!(value, Outcome::Lose(_)) || !game.own_slot(tier, r, &pos) {
                for l in self.later.drain(from..) {
                    self.ranked.push((tier, game.rank_later(tier, &pos, l)));
                }
            }
            let first = self.located.len();
            for &(t, rank) in &self.ranked {
                let at = reached.find(game, t, rank)?;
                reached.prefetch(at);
                self.located.push(at);
            }
            let children = first..self.located.len();
            self.entries.push(Entry { rank: r, pos, stored: value, children, later: from..self.later.len() });
        }
        self.pending.clear();
        for (i, e) in self.entries.iter().enumerate() {
            let best =
                self.located[e.children.clone()].iter().map(|&at| Outcome::back((), Turn::Pass, reached.at(at))).max();
            if e.later.is_empty() {
                // a position without moves is valued where it stands
                let derived = match best {
                    Some(best) => best,
                    None => game.terminal(&e.pos),
                };
                if derived != e.stored {
                    found(Disagreement { rank: e.rank, stored: e.stored, derived });
                }
            } else if best.is_some_and(|b| b > e.stored) {
                found(Disagreement { rank: e.rank, stored: e.stored, derived: derive(game, tier, reached, &e.pos)? });
            } else if best != Some(e.stored) {
                self.pending.push(i);
            }
        }
        // rounds of one move left for later each, the group's fetched together
        while !self.pending.is_empty() {
            self.located.clear();
            let mut k = 0;
            while k < self.pending.len() {
                let e = &mut self.entries[self.pending[k]];
                if e.later.is_empty() {
                    // no move gives its value
                    found(Disagreement {
                        rank: e.rank,
                        stored: e.stored,
                        derived: derive(game, tier, reached, &e.pos)?,
                    });
                    self.pending.swap_remove(k);
                    continue;
                }
                let rank = game.rank_later(tier, &e.pos, self.later[e.later.start]);
                e.later.start += 1;
                let at = reached.find(game, tier, rank)?;
                reached.prefetch(at);
                self.located.push(at);
                k += 1;
            }
            // `located[j]` is `pending[j]`'s move
            let mut kept = 0;
            for j in 0..self.pending.len() {
                let i = self.pending[j];
                let e = &self.entries[i];
                let v = Outcome::back((), Turn::Pass, reached.at(self.located[j]));
                if v > e.stored {
                    found(Disagreement {
                        rank: e.rank,
                        stored: e.stored,
                        derived: derive(game, tier, reached, &e.pos)?,
                    });
                } else if v < e.stored {
                    self.pending[kept] = i;
                    kept += 1;
                }
            }
            self.pending.truncate(kept);
        }
        Ok(())
    }
}

/// `pos`'s children: ranked onto `ranked` (cleared first), or left for
/// later onto `later` (appended), by [`Tiered::children`] or else by its
/// moves made.
fn children_of<G: Tiered>(
    game: &G,
    tier: G::Tier,
    pos: &G::Pos,
    ranked: &mut Vec<(G::Tier, u64)>,
    later: &mut Vec<u32>,
    moves: &mut Vec<G::Move>,
) {
    ranked.clear();
    if !game.children(tier, pos, ranked, later) {
        moves.clear();
        game.moves(pos, moves);
        ranked.extend(moves.iter().map(|&mv| {
            let child = game.play(pos, mv).pos;
            let t = game.tier_of(&child);
            (t, game.rank_in(t, &child))
        }));
    }
}

/// `pos`'s value derived from every move's: where a check found it wrong,
/// what it should be.
fn derive<G: Tiered>(game: &G, tier: G::Tier, reached: &Reached<G::Tier>, pos: &G::Pos) -> Result<Outcome, Error> {
    let (mut ranked, mut later) = (Vec::new(), Vec::new());
    children_of(game, tier, pos, &mut ranked, &mut later, &mut Vec::new());
    ranked.extend(later.iter().map(|&l| (tier, game.rank_later(tier, pos, l))));
    let mut best = None;
    for (t, rank) in ranked {
        best = best.max(Some(Outcome::back((), Turn::Pass, reached.at(reached.find(game, t, rank)?))));
    }
    Ok(best.unwrap_or_else(|| game.terminal(pos)))
}

/// Checks a game's un-moves in `tier` against its moves: the slots whose
/// moves reach a slot (folded by rank) are the slots its un-moves give,
/// and a position whose moves inside the tier the game says are distinct
/// ([`Tiered::moves_in_tier_distinct`]) reaches as many slots as it has
/// such moves and has its moves out counted as they are made
/// ([`verify_moves_out`]). Every slot that is its position's own rank is checked; the
/// first one that differs is described. Holds the tier's reverse edges:
/// for tests.
pub fn verify_unmoves<G: Tiered>(game: &G, tier: G::Tier) -> Result<(), String> {
    let size = game.tier_size(tier);
    let own = |r: u64| game.rank_in(tier, &game.unrank_in(tier, r)) == r;
    let mut reached: Vec<Vec<u64>> = vec![Vec::new(); size as usize];
    let (mut moves, mut slots) = (Vec::new(), Vec::new());
    for q in (0..size).filter(|&q| own(q)) {
        let pos = game.unrank_in(tier, q);
        moves.clear();
        slots.clear();
        game.moves(&pos, &mut moves);
        for &mv in &moves {
            let child = game.play(&pos, mv).pos;
            if game.tier_of(&child) == tier {
                slots.push(game.rank_in(tier, &child));
            }
        }
        for &s in &slots {
            reached[s as usize].push(q);
        }
        if game.moves_in_tier_distinct(&pos) {
            verify_moves_out(game, tier, &pos).map_err(|e| format!("slot {q}: {e}"))?;
            let moved = slots.len();
            slots.sort_unstable();
            slots.dedup();
            if slots.len() != moved {
                return Err(format!(
                    "tier {} slot {q}: its {moved} moves inside the tier are said to be distinct and reach {} slots",
                    game.tier_name(tier),
                    slots.len()
                ));
            }
        }
    }
    let mut before = Vec::new();
    for r in (0..size).filter(|&r| own(r)) {
        let mut want = std::mem::take(&mut reached[r as usize]);
        want.sort_unstable();
        want.dedup();
        before.clear();
        game.unmoves_in_tier(&game.unrank_in(tier, r), &mut before);
        let mut got: Vec<u64> = before.iter().map(|p| game.rank_in(tier, p)).collect();
        got.sort_unstable();
        got.dedup();
        if got != want {
            return Err(format!(
                "tier {} slot {r}: the moves reach it from slots {want:?}, the un-moves give {got:?}",
                game.tier_name(tier)
            ));
        }
    }
    Ok(())
}

/// Checks [`Tiered::children`] of `pos` (in `tier`) against its moves
/// made: the same tiers and ranks, as often, the moves left for later
/// among them and each inside `tier`. What differs is described.
pub fn verify_children<G: Tiered>(game: &G, tier: G::Tier, pos: &G::Pos) -> Result<(), String> {
    let (mut listed, mut later) = (Vec::new(), Vec::new());
    if !game.children(tier, pos, &mut listed, &mut later) {
        return Ok(());
    }
    listed.extend(later.iter().map(|&l| (tier, game.rank_later(tier, pos, l))));
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    let mut made: Vec<_> = moves
        .iter()
        .map(|&mv| {
            let child = game.play(pos, mv).pos;
            let t = game.tier_of(&child);
            (t, game.rank_in(t, &child))
        })
        .collect();
    // the moves left for later are ranked in `tier`: where they match the
    // moves made, they stay there
    listed.sort_unstable();
    made.sort_unstable();
    if listed != made {
        return Err(format!(
            "tier {}, {pos:?}: its children listed are {listed:?} ({} of them left for later, in the tier); its moves \
             made reach {made:?}",
            game.tier_name(tier),
            later.len()
        ));
    }
    Ok(())
}

/// Checks [`Tiered::moves_out`] of `pos` (in `tier`, its moves inside the
/// tier distinct) against its moves made: as many stay in the tier, and
/// the others reach the same tiers and ranks, as often. What differs is
/// described.
pub fn verify_moves_out<G: Tiered>(game: &G, tier: G::Tier, pos: &G::Pos) -> Result<(), String> {
    let mut away = Vec::new();
    let Some(inside) = game.moves_out(tier, pos, &mut away) else {
        return Ok(());
    };
    let mut counted = Vec::new();
    for &to in &away {
        match to {
            Away::To(t, rank) => counted.push((t, rank)),
            Away::Choice(t, choice) => {
                if !game.choice_tier(tier).is_some_and(|(c, count)| c == t && choice < count) {
                    return Err(format!(
                        "tier {}, {pos:?}: choice {choice} in tier {}, not one of its choices",
                        game.tier_name(tier),
                        game.tier_name(t)
                    ));
                }
                game.choices(t, choice, &mut counted);
            }
        }
    }
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    let mut made = Vec::new();
    let mut stay = 0;
    for &mv in &moves {
        let child = game.play(pos, mv).pos;
        match game.tier_of(&child) {
            t if t == tier => stay += 1,
            t => made.push((t, game.rank_in(t, &child))),
        }
    }
    counted.sort_unstable();
    made.sort_unstable();
    if inside != stay || counted != made {
        return Err(format!(
            "tier {}, {pos:?}: its moves out counted {inside} staying and reach {away:?}, that is {counted:?}; made, \
             {stay} stay and they reach {made:?}",
            game.tier_name(tier)
        ));
    }
    Ok(())
}
