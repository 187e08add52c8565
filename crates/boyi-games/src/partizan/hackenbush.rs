//! Red-blue-green Hackenbush: a graph hung from the ground; Left cuts a
//! blue (`L`) or green (`G`) edge, Right a red (`R`) or green one, and
//! every edge no longer joined to the ground falls; who cannot cut loses.
//! A position is edges `u-v:C` (vertex 0 is the ground) separated by
//! spaces or commas, or stalks from the ground written bottom first
//! (`LLR`), several joined by `+`. With green edges only it is the
//! catalogue's impartial Hackenbush, whose nimbers are the values here.
//! The parts that meet only at the ground are independent; swapping red
//! and blue negates a value.

use boyi::cgt::Partizan;

use crate::error::Error;

/// Edges a position may have.
pub const MOST_EDGES: usize = 64;

/// An edge's colour: who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
}

/// An edge `(u, v, colour)`, `u ≤ v`.
pub type Edge = (u16, u16, Colour);

/// Edges, sorted; all joined to vertex 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph(pub Vec<Edge>);

fn colour(c: char) -> Option<Colour> {
    match c {
        'L' | 'B' | 'b' => Some(Colour::Blue),
        'R' | 'r' => Some(Colour::Red),
        'G' | 'g' => Some(Colour::Green),
        _ => None,
    }
}

impl Graph {
    pub fn parse(text: &str) -> Result<Graph, Error> {
        let text = text.trim();
        let mut edges = Vec::new();
        if !text.is_empty() && text.chars().all(|c| colour(c).is_some() || c == '+' || c.is_whitespace()) {
            // stalks, each from the ground, bottom edge first
            let mut next = 1u16;
            for stalk in text.split('+') {
                let mut below = 0u16;
                for c in stalk.trim().chars() {
                    edges.push((below, next, colour(c).expect("checked above")));
                    below = next;
                    next += 1;
                    if edges.len() > MOST_EDGES {
                        break;
                    }
                }
            }
        } else {
            for word in text.split([' ', ',', '\n']).filter(|w| !w.is_empty()) {
                let edge = word.split_once(':').and_then(|(ends, c)| {
                    let (u, v) = ends.split_once('-')?;
                    let mut cs = c.chars();
                    let colour = colour(cs.next()?).filter(|_| cs.next().is_none())?;
                    Some((u.parse::<u16>().ok()?, v.parse::<u16>().ok()?, colour))
                });
                edges.push(edge.ok_or_else(|| {
                    Error::position(format!(
                        "`{word}`: an edge is u-v:C (vertex 0 the ground, C one of L blue, R red, G green), or write \
                         stalks such as LLR+G"
                    ))
                })?);
            }
        }
        if edges.is_empty() || edges.len() > MOST_EDGES {
            return Err(Error::position(format!("a Hackenbush picture has 1 to {MOST_EDGES} edges")));
        }
        Ok(Graph::standing(edges.into_iter().map(|(u, v, c)| (u.min(v), u.max(v), c)).collect()))
    }

    /// The edges still joined to the ground, sorted.
    fn standing(edges: Vec<(u16, u16, Colour)>) -> Graph {
        let mut reached = vec![0u16];
        let mut kept = vec![false; edges.len()];
        let mut grew = true;
        while grew {
            grew = false;
            for (i, &(u, v, _)) in edges.iter().enumerate() {
                if !kept[i] && (reached.contains(&u) || reached.contains(&v)) {
                    kept[i] = true;
                    grew = true;
                    for w in [u, v] {
                        if !reached.contains(&w) {
                            reached.push(w);
                        }
                    }
                }
            }
        }
        let mut left: Vec<_> = edges.into_iter().zip(kept).filter(|(_, k)| *k).map(|(e, _)| e).collect();
        left.sort();
        Graph(left)
    }

    fn cuts(&self, by: Colour) -> Vec<Graph> {
        (0..self.0.len())
            .filter(|&i| matches!(self.0[i].2, Colour::Green) || self.0[i].2 == by)
            .map(|i| {
                let mut rest = self.0.clone();
                rest.remove(i);
                Graph::standing(rest)
            })
            .collect()
    }

    /// The same picture with vertices renamed in order of first use, so
    /// pictures that differ only in names are one key.
    fn renamed(&self) -> Graph {
        let mut names = vec![0u16];
        let name = |v: u16, names: &mut Vec<u16>| match names.iter().position(|&x| x == v) {
            Some(i) => i as u16,
            None => {
                names.push(v);
                (names.len() - 1) as u16
            }
        };
        let mut edges: Vec<_> = self
            .0
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (name(u, &mut names), name(v, &mut names));
                (a.min(b), a.max(b), c)
            })
            .collect();
        edges.sort();
        Graph(edges)
    }
}

impl std::fmt::Display for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letter = |c: Colour| match c {
            Colour::Blue => 'L',
            Colour::Red => 'R',
            Colour::Green => 'G',
        };
        let edges: Vec<String> = self.0.iter().map(|&(u, v, c)| format!("{u}-{v}:{}", letter(c))).collect();
        write!(f, "{}", edges.join(" "))
    }
}

pub struct Hackenbush;

impl Partizan for Hackenbush {
    type Position = Graph;

    fn left_options(&self, p: &Graph) -> Vec<Graph> {
        p.cuts(Colour::Blue)
    }

    fn right_options(&self, p: &Graph) -> Vec<Graph> {
        p.cuts(Colour::Red)
    }

    /// The parts that meet only at the ground.
    fn components(&self, p: &Graph) -> Vec<Graph> {
        let n = p.0.len();
        let mut part: Vec<usize> = (0..n).collect();
        fn root(part: &mut [usize], i: usize) -> usize {
            if part[i] == i {
                i
            } else {
                let r = root(part, part[i]);
                part[i] = r;
                r
            }
        }
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (p.0[i], p.0[j]);
                let shared = [a.0, a.1].iter().any(|&x| x != 0 && (x == b.0 || x == b.1));
                if shared {
                    let (ri, rj) = (root(&mut part, i), root(&mut part, j));
                    part[ri] = rj;
                }
            }
        }
        let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
        for i in 0..n {
            let r = root(&mut part, i);
            match groups.iter_mut().find(|g| g.0 == r) {
                Some(g) => g.1.push(p.0[i]),
                None => groups.push((r, vec![p.0[i]])),
            }
        }
        groups.into_iter().map(|(_, edges)| Graph(edges).renamed()).collect()
    }

    fn normal(&self, p: &Graph) -> (Graph, bool) {
        let swapped = Graph(
            p.0.iter()
                .map(|&(u, v, c)| {
                    let c = match c {
                        Colour::Blue => Colour::Red,
                        Colour::Red => Colour::Blue,
                        Colour::Green => Colour::Green,
                    };
                    (u, v, c)
                })
                .collect(),
        )
        .renamed();
        let own = p.renamed();
        if swapped < own {
            (swapped, true)
        } else {
            (own, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::cgt::{Dyadic, Store, Valuer};

    /// Berlekamp's rule for a red-blue stalk: the edges up to the first
    /// change of colour count 1 each, every later one half the one before.
    fn berlekamp(stalk: &[bool]) -> Dyadic {
        let sign = |blue: bool| if blue { 1 } else { -1 };
        let run = stalk.iter().take_while(|&&b| b == stalk[0]).count();
        let mut value = Dyadic::integer(sign(stalk[0]) * run as i128);
        for (j, &b) in stalk[run..].iter().enumerate() {
            value = value + Dyadic::new(sign(b), j as u32 + 1);
        }
        value
    }

    #[test]
    fn stalks_follow_berlekamps_rule() {
        let mut store = Store::new();
        let mut v = Valuer::new(&Hackenbush, &mut store);
        for len in 1..=10u32 {
            for code in 0..1u32 << len {
                let stalk: Vec<bool> = (0..len).map(|i| code >> i & 1 == 1).collect();
                let text: String = stalk.iter().map(|&b| if b { 'L' } else { 'R' }).collect();
                let id = v.value(&Graph::parse(&text).unwrap()).unwrap();
                assert_eq!(v.store.as_number(id), Some(berlekamp(&stalk)), "{text}");
            }
        }
    }

    #[test]
    fn green_is_the_impartial_game() {
        let mut store = Store::new();
        let mut v = Valuer::new(&Hackenbush, &mut store);
        // a green stalk of n is *n; a green triangle hung from the ground
        // moves to a stalk of two (*2) or to two edges (0): *
        for n in 1..=6u32 {
            let id = v.value(&Graph::parse(&"G".repeat(n as usize)).unwrap()).unwrap();
            assert_eq!(v.store.as_nimber(id), Some(n));
        }
        let id = v.value(&Graph::parse("0-1:G 1-2:G 0-2:G").unwrap()).unwrap();
        assert_eq!(v.store.as_nimber(id), Some(1));
    }

    #[test]
    fn bad_pictures_are_refused() {
        for bad in ["", "0-1", "0-1:X", "a-b:L", "LLQ"] {
            assert!(Graph::parse(bad).is_err(), "{bad}");
        }
    }
}
