//! A database's positions counted: how many are won, lost and drawn at each
//! remoteness, the same by the game's own grouping (Dōbutsu Shōgi's
//! material), and the positions farthest from the end, in the game's
//! notation (`db info --stats --longest N`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use boyi::db::{self, Among, Database};
use boyi::{Control, Indexed, Outcome};
use serde::Serialize;

use crate::error::Error;

/// What a survey counts.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    pub among: Among,
    /// How many of the longest wins (and of the longest losses) to name.
    pub longest: usize,
    /// Count by the game's grouping too.
    pub groups: bool,
}

/// A database surveyed: counts for the side to move.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Survey {
    /// `"stored"` (the positions the file holds) or `"index"` (every
    /// position the file answers for, those left out searched).
    pub among: &'static str,
    pub positions: u64,
    /// Won positions by remoteness: `won[r]` are won in `r` plies.
    pub won: Vec<u64>,
    pub lost: Vec<u64>,
    pub drawn: u64,
    /// What the grouping is (Dōbutsu Shōgi: "material"), when asked and the
    /// game has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grouped_by: Option<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
    pub longest_wins: Vec<Far>,
    pub longest_losses: Vec<Far>,
}

impl Survey {
    /// The survey of a file's values alone (no game to name positions or
    /// group them): counts by value.
    pub fn of_counts(counts: &[(Outcome, u64)]) -> Survey {
        let mut s = Survey { among: "stored", ..Survey::default() };
        for &(value, n) in counts {
            match value {
                Outcome::Win(r) => add(&mut s.won, r, n),
                Outcome::Lose(r) => add(&mut s.lost, r, n),
                Outcome::Draw => s.drawn += n,
            }
            s.positions += n;
        }
        s
    }
}

/// One group's counts.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Group {
    pub name: String,
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
    /// The longest win and loss in the group, in plies.
    pub longest_win: Option<u32>,
    pub longest_loss: Option<u32>,
}

/// A position far from the end.
#[derive(Clone, Debug, Serialize)]
pub struct Far {
    /// Its rank in the game's index.
    pub rank: u64,
    /// Plies to the end under best play.
    pub plies: u32,
    /// The position in the game's notation.
    pub position: String,
}

/// A game's grouping of its positions: the groups' names, and a position's
/// group as an index into them.
pub struct Grouping<'a, P> {
    pub what: &'static str,
    pub names: Vec<String>,
    pub of: &'a (dyn Fn(&P) -> usize + Sync),
}

/// The longest `n` of what it is offered: the greatest remoteness, the
/// lower rank first among equals.
#[derive(Clone)]
struct Top {
    n: usize,
    kept: BinaryHeap<Reverse<(u32, Reverse<u64>)>>,
}

impl Top {
    fn offer(&mut self, plies: u32, rank: u64) {
        if self.n == 0 {
            return;
        }
        let entry = Reverse((plies, Reverse(rank)));
        if self.kept.len() < self.n {
            self.kept.push(entry);
        } else if self.kept.peek().is_some_and(|least| entry < *least) {
            self.kept.pop();
            self.kept.push(entry);
        }
    }

    fn join(mut self, other: Top) -> Top {
        for Reverse((plies, Reverse(rank))) in other.kept {
            self.offer(plies, rank);
        }
        self
    }

    /// Longest first.
    fn sorted(self) -> Vec<(u32, u64)> {
        let mut v: Vec<(u32, u64)> = self.kept.into_iter().map(|Reverse((p, Reverse(r)))| (p, r)).collect();
        v.sort_by_key(|&(p, r)| (Reverse(p), r));
        v
    }
}

#[derive(Clone)]
struct Tally {
    won: Vec<u64>,
    lost: Vec<u64>,
    drawn: u64,
    groups: Vec<Group>,
    wins: Top,
    losses: Top,
}

fn add(counts: &mut Vec<u64>, r: u32, n: u64) {
    let r = r as usize;
    if counts.len() <= r {
        counts.resize(r + 1, 0);
    }
    counts[r] += n;
}

impl Tally {
    fn join(mut self, other: Tally) -> Tally {
        for (r, &n) in other.won.iter().enumerate() {
            add(&mut self.won, r as u32, n);
        }
        for (r, &n) in other.lost.iter().enumerate() {
            add(&mut self.lost, r as u32, n);
        }
        self.drawn += other.drawn;
        for (g, o) in self.groups.iter_mut().zip(other.groups) {
            g.won += o.won;
            g.lost += o.lost;
            g.drawn += o.drawn;
            g.longest_win = g.longest_win.max(o.longest_win);
            g.longest_loss = g.longest_loss.max(o.longest_loss);
        }
        self.wins = self.wins.join(other.wins);
        self.losses = self.losses.join(other.losses);
        self
    }
}

/// Surveys `db`, a file of `game`: `text` writes a position for the longest
/// named, `grouping` (when asked) sorts positions into the game's groups.
pub fn survey<G>(
    game: &G,
    file: &Database,
    ask: &Ask,
    ctl: &Control,
    text: impl Fn(&G::Pos) -> String,
    grouping: Option<Grouping<'_, G::Pos>>,
) -> Result<Survey, Error>
where
    G: Indexed<Value = Outcome> + Sync,
{
    let grouping = grouping.filter(|_| ask.groups);
    let empty_groups: Vec<Group> = grouping
        .as_ref()
        .map_or(Vec::new(), |g| g.names.iter().map(|name| Group { name: name.clone(), ..Group::default() }).collect());
    let top = Top { n: ask.longest, kept: BinaryHeap::new() };
    let init = || Tally {
        won: Vec::new(),
        lost: Vec::new(),
        drawn: 0,
        groups: empty_groups.clone(),
        wins: top.clone(),
        losses: top.clone(),
    };
    let tally = db::fold(
        game,
        file,
        ask.among,
        ctl,
        init,
        |t, rank, pos, value| {
            let group = grouping.as_ref().map(|g| (g.of)(pos));
            let g = group.and_then(|i| t.groups.get_mut(i));
            match value {
                Outcome::Win(r) => {
                    add(&mut t.won, r, 1);
                    t.wins.offer(r, rank);
                    if let Some(g) = g {
                        g.won += 1;
                        g.longest_win = g.longest_win.max(Some(r));
                    }
                }
                Outcome::Lose(r) => {
                    add(&mut t.lost, r, 1);
                    t.losses.offer(r, rank);
                    if let Some(g) = g {
                        g.lost += 1;
                        g.longest_loss = g.longest_loss.max(Some(r));
                    }
                }
                Outcome::Draw => {
                    t.drawn += 1;
                    if let Some(g) = g {
                        g.drawn += 1;
                    }
                }
            }
        },
        Tally::join,
    )?;
    let named = |top: Top| -> Vec<Far> {
        top.sorted().into_iter().map(|(plies, rank)| Far { rank, plies, position: text(&game.unrank(rank)) }).collect()
    };
    let positions = tally.won.iter().chain(&tally.lost).sum::<u64>() + tally.drawn;
    Ok(Survey {
        among: match ask.among {
            Among::Stored => "stored",
            Among::Index => "index",
        },
        positions,
        grouped_by: grouping.as_ref().map(|g| g.what),
        groups: tally.groups.into_iter().filter(|g| g.won + g.lost + g.drawn > 0).collect(),
        won: tally.won,
        lost: tally.lost,
        drawn: tally.drawn,
        longest_wins: named(tally.wins),
        longest_losses: named(tally.losses),
    })
}
