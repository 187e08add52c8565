//! Random judge inputs from a seed, for benchmarks, tests and anyone who
//! wants to brute-force small cases. The generator is SplitMix64, so a seed
//! means the same input on every machine and every version.

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// A size from 0 to 10 as a number from `tiny` (size 0) to `largest`
/// (size 10), growing geometrically, with a little noise below it so that
/// inputs of one size differ.
pub fn grow(rng: &mut Rng, size: u32, tiny: i64, largest: i64) -> i64 {
    let t = f64::from(size.min(10)) / 10.0;
    let top = (tiny as f64) * ((largest as f64) / (tiny as f64)).powf(t);
    let top = (top.round() as i64).clamp(tiny, largest);
    rng.range(tiny.max(top - top / 4), top)
}

fn line(values: impl IntoIterator<Item = i64>) -> String {
    let v: Vec<String> = values.into_iter().map(|x| x.to_string()).collect();
    v.join(" ") + "\n"
}

/// young-chess: an `n × m` board, scores in `0..=100000`.
pub fn young_chess(rng: &mut Rng, n: u32, m: u32) -> String {
    let mut s = format!("{n} {m}\n");
    for _ in 0..2 * n {
        s += &line((0..m).map(|_| rng.range(0, 100_000)));
    }
    s
}

/// permutation-game: `cases` random permutations of `1..=n`.
pub fn permutation_game(rng: &mut Rng, cases: usize, n: usize) -> String {
    let mut s = format!("{cases}\n");
    for _ in 0..cases {
        let mut p: Vec<i64> = (1..=n as i64).collect();
        rng.shuffle(&mut p);
        s += &format!("{n}\n");
        s += &line(p);
    }
    s
}

/// gems-fight: `cases` cases of `g` colours, `b` bags of `gems` gems, `S = s`.
pub fn gems_fight(rng: &mut Rng, cases: usize, g: u32, b: u32, s: u32, gems: u32) -> String {
    let mut out = String::new();
    for _ in 0..cases {
        out += &format!("{g} {b} {s}\n");
        for _ in 0..b {
            out += &line(std::iter::once(gems as i64).chain((0..gems).map(|_| rng.range(1, g as i64))));
        }
    }
    out + "0 0 0\n"
}

/// coin-game: `n` coins in `1..=100000`.
pub fn coin_game(rng: &mut Rng, n: usize) -> String {
    let mut s = format!("{n}\n");
    for _ in 0..n {
        s += &format!("{}\n", rng.range(1, 100_000));
    }
    s
}

/// chase: one start on an `n × n` board, the pieces on distinct cells.
pub fn chase(rng: &mut Rng, n: u32) -> String {
    let cells = (n * n) as i64;
    let w = rng.range(0, cells - 1);
    let b = (w + rng.range(1, cells - 1)) % cells;
    let (n64, cell) = (n as i64, |c: i64| (c / n as i64 + 1, c % n as i64 + 1));
    let ((r1, c1), (r2, c2)) = (cell(w), cell(b));
    format!("{n64} {r1} {c1} {r2} {c2}\n")
}

/// chase: every start of an `n × n` board, one a line (one solve answers all).
pub fn chase_every_start(n: u32) -> String {
    let mut s = String::new();
    for w in 0..n * n {
        for b in (0..n * n).filter(|&b| b != w) {
            s += &format!("{n} {} {} {} {}\n", w / n + 1, w % n + 1, b / n + 1, b % n + 1);
        }
    }
    s
}

/// rabbit-egg: an `n × m` board and a legal record of `k` moves each that
/// Dandan wins. The empty cell walks the board row by row, turning at each
/// end, through the first `2k + 1` cells (so `2k + 1 <= n·m`); cells off
/// that walk are random, except that those next to its end are black, so
/// Tutu is stuck there.
pub fn rabbit_egg(rng: &mut Rng, n: u32, m: u32, k: u32) -> String {
    assert!(2 * k < n * m);
    let walk: Vec<u32> =
        (0..n).flat_map(|r| (0..m).map(move |i| r * m + if r % 2 == 0 { i } else { m - 1 - i })).collect();
    let mut board: Vec<u8> = (0..n * m).map(|_| if rng.range(0, 1) == 0 { b'X' } else { b'O' }).collect();
    for (i, &c) in walk.iter().enumerate().take(2 * k as usize + 1) {
        board[c as usize] = [b'.', b'O', b'X'][if i == 0 { 0 } else { 2 - i % 2 }];
    }
    let end = walk[2 * k as usize];
    let on_walk = |c: u32| walk[..=2 * k as usize].contains(&c);
    let (er, ec) = (end / m, end % m);
    for (r, c) in [(er.wrapping_sub(1), ec), (er + 1, ec), (er, ec.wrapping_sub(1)), (er, ec + 1)] {
        if r < n && c < m && !on_walk(r * m + c) {
            board[(r * m + c) as usize] = b'X';
        }
    }
    let mut s = format!("{n} {m}\n");
    for r in 0..n {
        s += std::str::from_utf8(&board[(r * m) as usize..((r + 1) * m) as usize]).expect("ASCII");
        s += "\n";
    }
    s += &format!("{k}\n");
    for &c in &walk[1..=2 * k as usize] {
        s += &format!("{} {}\n", c / m + 1, c % m + 1);
    }
    s
}

/// geography: a random bipartite graph, vertices `1..=n/2` on one side and
/// the rest on the other, `m` random edges across, the token on vertex 1.
pub fn bipartite_geography(rng: &mut Rng, n: u32, m: u32) -> String {
    let half = (n / 2) as i64;
    let mut s = format!("{n} {m}\n");
    for _ in 0..m {
        s += &format!("{} {}\n", rng.range(1, half), rng.range(half + 1, n as i64));
    }
    s + "1\n"
}
/// split-game: `cases` cases of `n` bottles holding `0..=10000` beans.
pub fn split_game(rng: &mut Rng, cases: usize, n: usize) -> String {
    let mut s = format!("{cases}\n");
    for _ in 0..cases {
        s += &format!("{n}\n");
        s += &line((0..n).map(|_| rng.range(0, 10_000)));
    }
    s
}

/// array-game: length `n`, `queries` queries of `cells` distinct white cells.
pub fn array_game(rng: &mut Rng, n: u64, queries: usize, cells: usize) -> String {
    let mut s = format!("{n}\n{queries}\n");
    for _ in 0..queries {
        let mut picked: Vec<i64> = Vec::with_capacity(cells);
        while picked.len() < cells.min(n as usize) {
            let x = rng.range(1, n as i64);
            if !picked.contains(&x) {
                picked.push(x);
            }
        }
        s += &format!("{}\n", picked.len());
        s += &line(picked);
    }
    s
}

/// moving-pebbles: `cases` lines of `n` piles; every other case pairs off
/// (the second player's wins), the others are random.
pub fn moving_pebbles(rng: &mut Rng, cases: usize, n: usize) -> String {
    let mut s = String::new();
    for case in 0..cases {
        let mut piles: Vec<i64> = (0..n).map(|_| rng.range(1, 1_000_000_000)).collect();
        if case % 2 == 0 && n.is_multiple_of(2) {
            for i in (0..n).step_by(2) {
                piles[i + 1] = piles[i];
            }
            rng.shuffle(&mut piles);
        }
        s += &format!("{n} ");
        s += &line(piles);
    }
    s
}

/// `cases` cases of `n` heaps in `1..=max`, as misere-nim and lasker-nim read
/// them; every third case all ones, where misère play turns on parity.
pub fn heaps(rng: &mut Rng, cases: usize, n: usize, max: i64) -> String {
    let mut s = format!("{cases}\n");
    for case in 0..cases {
        let top = if case % 3 == 2 { 1 } else { max };
        s += &format!("{n}\n");
        s += &line((0..n).map(|_| rng.range(1, top)));
    }
    s
}

/// wythoff: `lines` pairs up to `max`, every other one a cold pair
/// (floor(k·φ), floor(k·φ) + k), a losing position, in either order.
/// Every fourth cold pair has a Fibonacci k, or one beside it: F·φ lies
/// within φ^-n of a whole number, where a floating-point floor(k·φ)
/// breaks first (k = 102334155 in doubles).
pub fn wythoff(rng: &mut Rng, lines: usize, max: i64) -> String {
    // k·φ² = floor(k·φ) + k stays within max for k up to max / φ²
    let top = (max as f64 / 2.618_034) as i64;
    let mut fibonacci = vec![1i64, 2];
    loop {
        let next = fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2];
        if next + 1 > top {
            break;
        }
        fibonacci.push(next);
    }
    let mut s = String::new();
    for i in 0..lines {
        let (a, b) = if i % 2 == 0 {
            let k = if i % 8 == 0 && top > 3 {
                let f = fibonacci[rng.range(0, fibonacci.len() as i64 - 1) as usize];
                (f + rng.range(-1, 1)).clamp(0, top)
            } else {
                rng.range(0, top)
            } as u64;
            let a = crate::wythoff::floor_phi(k);
            let (a, b) = (a as i64, (a + k) as i64);
            if rng.next_u64().is_multiple_of(2) {
                (a, b)
            } else {
                (b, a)
            }
        } else {
            (rng.range(0, max), rng.range(0, max))
        };
        s += &format!("{a} {b}\n");
    }
    s
}

/// staircase-nim: `cases` cases of `n` distinct cells in `1..=max`, shuffled.
pub fn staircase(rng: &mut Rng, cases: usize, n: usize, max: i64) -> String {
    let mut s = format!("{cases}\n");
    for _ in 0..cases {
        let mut cells = distinct(rng, n, max);
        rng.shuffle(&mut cells);
        s += &format!("{n}\n");
        s += &line(cells);
    }
    s
}

/// `n` distinct numbers in `1..=max` (n <= max), in increasing order.
fn distinct(rng: &mut Rng, n: usize, max: i64) -> Vec<i64> {
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < n {
        seen.insert(rng.range(1, max));
    }
    seen.into_iter().collect()
}

/// every-sg: `cases` cases of `n` pairs in `1..=max`.
pub fn every_sg(rng: &mut Rng, cases: usize, n: usize, max: i64) -> String {
    let mut s = String::new();
    for _ in 0..cases {
        s += &format!("{n}\n");
        for _ in 0..n {
            s += &line([rng.range(1, max), rng.range(1, max)]);
        }
    }
    s
}

/// tree-game: `cases` trees on `n` vertices, edges shuffled and each
/// written either way round; `path` makes every tree a path from the root.
pub fn tree_game(rng: &mut Rng, cases: usize, n: usize, path: bool) -> String {
    let mut s = format!("{cases}\n");
    for _ in 0..cases {
        let mut edges: Vec<(i64, i64)> =
            (2..=n as i64).map(|v| (if path { v - 1 } else { rng.range(1, v - 1) }, v)).collect();
        rng.shuffle(&mut edges);
        s += &format!("{n}\n");
        for (u, v) in edges {
            s += &if rng.next_u64().is_multiple_of(2) { line([u, v]) } else { line([v, u]) };
        }
    }
    s
}

/// christmas-game: `cases` cases of `pictures` pictures on `m` vertices:
/// trees on which polygons hang by one vertex (two-vertex ones are doubled
/// edges), the shapes the statement promises.
pub fn christmas_game(rng: &mut Rng, cases: usize, pictures: usize, m: usize) -> String {
    let mut s = String::new();
    for _ in 0..cases {
        s += &format!("{pictures}\n");
        for _ in 0..pictures {
            let mut edges: Vec<(i64, i64)> = Vec::new();
            let mut placed = 1i64;
            while (placed as usize) < m {
                let at = rng.range(1, placed);
                let room = m as i64 - placed;
                let len = if rng.next_u64().is_multiple_of(3) { rng.range(1, room.min(6)) } else { 1 };
                // a stalk of one edge, or a polygon through `at` and `len` new vertices
                let mut prev = at;
                for v in placed + 1..=placed + len {
                    edges.push((prev, v));
                    prev = v;
                }
                if len > 1 || rng.next_u64().is_multiple_of(4) {
                    edges.push((prev, at));
                }
                placed += len;
            }
            rng.shuffle(&mut edges);
            s += &format!("{m} {}\n", edges.len());
            for (u, v) in edges {
                s += &line([u, v]);
            }
        }
    }
    s
}

/// fibonacci-nim: `lines` piles below 2^31, every tenth a Fibonacci number,
/// then the closing 0.
pub fn fibonacci_nim(rng: &mut Rng, lines: usize) -> String {
    let mut fib = vec![2i64, 3];
    while fib[fib.len() - 1] + fib[fib.len() - 2] < 1 << 31 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut s = String::new();
    for i in 0..lines {
        let n =
            if i % 10 == 0 { fib[rng.range(0, fib.len() as i64 - 1) as usize] } else { rng.range(2, (1 << 31) - 1) };
        s += &format!("{n}\n");
    }
    s + "0\n"
}
