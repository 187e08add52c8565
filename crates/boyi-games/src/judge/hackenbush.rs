//! Green Hackenbush judges. HDU 3094 "A tree game": `T` cases of a tree on
//! `N` vertices (`N - 1` edges, unordered), root 1; `Alice` or `Bob`, the
//! winner. POJ 3710 "Christmas Game": cases until the end of input, each
//! `N` pictures of `m k` and `k` edges (trees hung with polygons, parallel
//! edges allowed), each rooted at its vertex 1; `Sally` or `Harry`.
//!
//! Both are answered by the engine's colon and fusion principles, linear
//! and without recursion (a path of 10^5 vertices is no deeper than a star).

use boyi::solve::hackenbush::green_value;
use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::hackenbush::{Hackenbush, HackenbushListing};
use crate::listing::Entry;
use crate::notation::join;

/// A picture: vertices `0..vertices`, vertex 0 on the ground.
#[derive(Clone, Debug)]
struct Picture {
    vertices: u32,
    edges: Vec<(u32, u32)>,
}

impl Picture {
    fn value(&self, ctl: &Control) -> Result<u64, Error> {
        Ok(green_value(self.vertices as usize, &self.edges, 0, ctl)?)
    }
}

/// The pictures joined at the ground (a sum of Hackenbush games is the
/// pictures side by side on one ground), as the catalogue writes it.
fn position(pictures: &[Picture]) -> String {
    let mut edges = Vec::new();
    let mut next = 1u32;
    for p in pictures {
        let at = |v: u32| if v == 0 { 0 } else { next + v - 1 };
        edges.extend(p.edges.iter().map(|&(u, v)| (at(u), at(v))));
        next += p.vertices - 1;
    }
    let vertices = next;
    let game = Hackenbush::new(vertices, edges);
    let standing = game.standing_edges(&game.start());
    format!("1:{}", join(standing.iter().map(|&(u, v)| format!("{}-{}", u + 1, v + 1)), ","))
}

/// `count` edges `a b` on vertices `1..=vertices`, 0-based out.
fn edges(t: &mut Tokens, count: usize, vertices: u32, of: &str) -> Result<Vec<(u32, u32)>, Error> {
    let mut out = Vec::with_capacity(count);
    for i in 1..=count {
        let a: u32 = t.number_named(1..=vertices, || format!("an end of edge {i} of {of}"))?;
        let b: u32 = t.number_named(1..=vertices, || format!("the other end of edge {i} of {of}"))?;
        out.push((a - 1, b - 1));
    }
    Ok(out)
}

pub struct TreeGameProblem;

const MAX_TREE: u32 = 100_000;

fn parse_trees(input: &str) -> Result<Vec<Picture>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=10_000)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: u32 = t.number_in(&format!("the vertex count N of case {case}"), 1..=MAX_TREE)?;
        let edges = edges(&mut t, n as usize - 1, n, &format!("case {case}"))?;
        let tree = Picture { vertices: n, edges };
        if let Some(v) = unreached(&tree) {
            return Err(Error::input(format!(
                "line {}: case {case} is not a tree: vertex {} is not joined to the root 1",
                t.last_line(),
                v + 1
            )));
        }
        out.push(tree);
    }
    t.finish()?;
    Ok(out)
}

/// A vertex the edges do not join to vertex 0, if any (union-find: one
/// flat array, where lists of neighbours cost an allocation a vertex).
fn unreached(p: &Picture) -> Option<u32> {
    let mut up: Vec<u32> = (0..p.vertices).collect();
    fn root(up: &mut [u32], mut v: u32) -> u32 {
        while up[v as usize] != v {
            up[v as usize] = up[up[v as usize] as usize];
            v = up[v as usize];
        }
        v
    }
    for &(u, v) in &p.edges {
        let (a, b) = (root(&mut up, u), root(&mut up, v));
        up[a.max(b) as usize] = a.min(b);
    }
    (1..p.vertices).find(|&v| root(&mut up, v) != 0)
}

impl Problem for TreeGameProblem {
    fn id(&self) -> &'static str {
        "tree-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu3094", "a-tree-game"]
    }

    fn summary(&self) -> &'static str {
        "HDU 3094: Green Hackenbush on a rooted tree (the colon principle)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each N (1 to 100000) and N-1 edges `I J` (unordered, any order); root 1.\n\
         Output: `Alice` if the first player wins, else `Bob`, a line a case.\n\
         Example:\n  1\n  3\n  1 2\n  2 3\n  -> Alice\n\
         Sizes: trees of up to 100000 vertices, paths included."
    }

    fn game(&self) -> &'static dyn Entry {
        &HackenbushListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for tree in parse_trees(input)? {
            out += if tree.value(ctl)? != 0 { "Alice\n" } else { "Bob\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((position(&[pick_case(parse_trees(input)?, case)?]), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 10) as usize;
        let n = crate::generate::grow(rng, size, 1, 100_000) as usize;
        let forest = rng.range(0, 4) == 0;
        crate::generate::tree_game(rng, cases, n, forest)
    }
}

pub struct ChristmasProblem;

const MAX_PICTURES: usize = 10_000;
const MAX_VERTICES: u32 = 100_000;
const MAX_EDGES: usize = 200_000;

fn parse_pictures(input: &str) -> Result<Vec<Vec<Picture>>, Error> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.at_end() {
        let case = out.len() + 1;
        let n: usize = t.number_in(&format!("the picture count N of case {case}"), 1..=MAX_PICTURES)?;
        let mut pictures = Vec::with_capacity(n);
        for i in 1..=n {
            let m: u32 = t.number_in(&format!("the vertex count m of picture {i} of case {case}"), 1..=MAX_VERTICES)?;
            let k: usize = t.number_in(&format!("the edge count k of picture {i} of case {case}"), 0..=MAX_EDGES)?;
            let edges = edges(&mut t, k, m, &format!("picture {i} of case {case}"))?;
            pictures.push(Picture { vertices: m, edges });
        }
        out.push(pictures);
    }
    if out.is_empty() {
        return Err(Error::input("the input has no case: expected N and N pictures"));
    }
    Ok(out)
}

impl Problem for ChristmasProblem {
    fn id(&self) -> &'static str {
        "christmas-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["poj3710"]
    }

    fn summary(&self) -> &'static str {
        "POJ 3710: Green Hackenbush on trees hung with polygons (the fusion principle)"
    }

    fn help(&self) -> &'static str {
        "Input: cases until the end of input, each N and N pictures: `m k` (vertices 1 to m, root 1)\n\
         and k edges `a b` (unordered; repeated edges are a 2-gon, loops allowed).\n\
         Output: `Sally` if the first player wins, else `Harry`, a line a case.\n\
         Example:\n  1\n  3 3\n  1 2\n  2 3\n  3 1\n  -> Sally\n\
         Sizes: pictures of up to 100000 vertices and 200000 edges."
    }

    fn game(&self) -> &'static dyn Entry {
        &HackenbushListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for pictures in parse_pictures(input)? {
            let mut x = 0;
            for p in &pictures {
                x ^= p.value(ctl)?;
            }
            out += if x != 0 { "Sally\n" } else { "Harry\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((position(&pick_case(parse_pictures(input)?, case)?), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 5) as usize;
        let pictures = crate::generate::grow(rng, size, 1, 100) as usize;
        let m = crate::generate::grow(rng, size, 1, 100) as usize;
        crate::generate::christmas_game(rng, cases, pictures, m)
    }
}
