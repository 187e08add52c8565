//! Random small judge inputs, answered by the adapters and by plain
//! brute-force programs written here from the statements alone; the outputs
//! must be identical byte for byte.

use std::collections::HashMap;

use boyi::Control;
use boyi_games::catalogue;
use boyi_games::generate::Rng;
use proptest::prelude::*;

fn solve(problem: &str, input: &str) -> String {
    catalogue::find(problem).unwrap().solve(input, &Control::default()).unwrap()
}

// ---- young-chess: minimax over row lengths

fn young(n: usize, m: usize, a: &[Vec<i64>], b: &[Vec<i64>], len: &mut [usize], black: bool) -> i64 {
    let mut best = None;
    for i in 0..n {
        let room = if i == 0 { m } else { len[i - 1] };
        if len[i] < room {
            let gain = if black { a[i][len[i]] } else { b[i][len[i]] };
            len[i] += 1;
            let v = gain - young(n, m, a, b, len, !black);
            len[i] -= 1;
            best = Some(best.map_or(v, |x: i64| x.max(v)));
        }
    }
    best.unwrap_or(0)
}

fn grid(n: usize, m: usize) -> impl Strategy<Value = Vec<Vec<i64>>> {
    proptest::collection::vec(proptest::collection::vec(0i64..=100_000, m), n)
}

// ---- permutation-game: remove one number until strictly increasing

fn alice_wins(seq: &[i64]) -> bool {
    if seq.windows(2).all(|w| w[0] < w[1]) {
        return false;
    }
    (0..seq.len()).any(|i| {
        let mut rest = seq.to_vec();
        rest.remove(i);
        !alice_wins(&rest)
    })
}

// ---- gems-fight: the cooker as the statement tells it

fn gems(bags: &[Vec<usize>], g: usize, s: u32, left: &mut Vec<bool>, cooker: &mut Vec<u32>) -> i64 {
    let mut best = None;
    for i in 0..bags.len() {
        if !left[i] {
            continue;
        }
        let saved = cooker.clone();
        for &c in &bags[i] {
            cooker[c - 1] += 1;
        }
        let mut made = 0i64;
        for x in cooker.iter_mut().take(g) {
            made += (*x / s) as i64;
            *x %= s;
        }
        left[i] = false;
        let rest = gems(bags, g, s, left, cooker);
        left[i] = true;
        *cooker = saved;
        let v = if made > 0 { made + rest } else { -rest };
        best = Some(best.map_or(v, |b: i64| b.max(v)));
    }
    best.unwrap_or(0)
}

// ---- coin-game: the first player's best total

fn coins_best(c: &[i64], i: usize, limit: usize) -> i64 {
    let rest: i64 = c[i..].iter().sum();
    (1..=limit.min(c.len() - i)).map(|t| rest - coins_best(c, i + t, 2 * t)).max().unwrap_or(0)
}

// ---- chase: value iteration over (white, black, white to move); an
// unfinished line counts as a draw until the horizon stops mattering

fn chase_answer(n: i32, white: (i32, i32), black: (i32, i32)) -> String {
    type Key = ((i32, i32), (i32, i32), bool);
    let on = |(r, c): (i32, i32)| (1..=n).contains(&r) && (1..=n).contains(&c);
    let cells: Vec<(i32, i32)> = (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
    let children = |(w, b, white): Key| -> Vec<Key> {
        let mut out = vec![];
        if w == b {
            return out;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if white && on((w.0 + dr, w.1 + dc)) {
                out.push(((w.0 + dr, w.1 + dc), b, false));
            }
            for d in 1..=2 {
                if !white && on((b.0 + d * dr, b.1 + d * dc)) {
                    out.push((w, (b.0 + d * dr, b.1 + d * dc), true));
                }
            }
        }
        out
    };
    // (kind, plies) from the mover's side: kind 1 win, 0 draw, -1 loss.
    let better = |a: (i32, i32), b: (i32, i32)| match a.0.cmp(&b.0) {
        std::cmp::Ordering::Equal if a.0 == 1 => a.1 < b.1,
        std::cmp::Ordering::Equal => a.1 > b.1,
        o => o == std::cmp::Ordering::Greater,
    };
    let mut v: HashMap<Key, (i32, i32)> = HashMap::new();
    for &w in &cells {
        for &b in &cells {
            for side in [true, false] {
                v.insert((w, b, side), if w == b { (-1, 0) } else { (0, 0) });
            }
        }
    }
    loop {
        let mut next = v.clone();
        for (&k, slot) in next.iter_mut() {
            let mut best: Option<(i32, i32)> = None;
            for c in children(k) {
                let (kind, plies) = v[&c];
                let mine = (-kind, if kind == 0 { 0 } else { plies + 1 });
                if best.is_none_or(|b| better(mine, b)) {
                    best = Some(mine);
                }
            }
            if let Some(b) = best {
                *slot = b;
            }
        }
        if next == v {
            break;
        }
        v = next;
    }
    match v[&(white, black, true)] {
        (1, x) => format!("WHITE {x}\n"),
        (-1, x) => format!("BLACK {x}\n"),
        _ => "DRAW\n".to_string(),
    }
}

// ---- rabbit-egg: the rules on the board itself, every line of play

fn rabbit_moves(board: &[u8], m: usize, empty: usize, tutu: bool) -> Vec<usize> {
    let n = board.len() / m;
    let (r, c) = (empty / m, empty % m);
    let mut out = vec![];
    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
        if rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < m {
            let cell = rr as usize * m + cc as usize;
            if board[cell] == if tutu { b'O' } else { b'X' } {
                out.push(cell);
            }
        }
    }
    out
}

fn rabbit_wins(board: &mut Vec<u8>, m: usize, empty: usize, tutu: bool) -> bool {
    for cell in rabbit_moves(board, m, empty, tutu) {
        board[empty] = board[cell];
        board[cell] = b'.';
        let lost = !rabbit_wins(board, m, cell, !tutu);
        board[cell] = board[empty];
        board[empty] = b'.';
        if lost {
            return true;
        }
    }
    false
}

/// A random board and a random legal game on it that Dandan wins, as judge
/// input, with the expected answer computed by `rabbit_wins`.
fn rabbit_case(rows: usize, cols: usize, seed: u64) -> Option<(String, String)> {
    let mut rng = Rng::new(seed);
    for _ in 0..200 {
        let mut board: Vec<u8> = (0..rows * cols).map(|_| if rng.range(0, 1) == 0 { b'X' } else { b'O' }).collect();
        let mut empty = rng.range(0, (rows * cols) as i64 - 1) as usize;
        board[empty] = b'.';
        let start = board.clone();
        let mut record = vec![];
        let mut mistakes = vec![];
        let mut tutu = true;
        loop {
            let moves = rabbit_moves(&board, cols, empty, tutu);
            if moves.is_empty() {
                break;
            }
            let cell = moves[rng.range(0, moves.len() as i64 - 1) as usize];
            let before = rabbit_wins(&mut board.clone(), cols, empty, tutu);
            board[empty] = board[cell];
            board[cell] = b'.';
            if tutu && before && rabbit_wins(&mut board.clone(), cols, cell, false) {
                mistakes.push(record.len() / 2 + 1);
            }
            record.push(cell);
            empty = cell;
            tutu = !tutu;
        }
        if !tutu || record.is_empty() {
            continue; // Dandan was stuck: Tutu won this one
        }
        let mut input = format!("{rows} {cols}\n");
        for r in 0..rows {
            input += std::str::from_utf8(&start[r * cols..(r + 1) * cols]).unwrap();
            input += "\n";
        }
        input += &format!("{}\n", record.len() / 2);
        for c in &record {
            input += &format!("{} {}\n", c / cols + 1, c % cols + 1);
        }
        let mut want = format!("{}\n", mistakes.len());
        for i in mistakes {
            want += &format!("{i}\n");
        }
        return Some((input, want));
    }
    None
}

// ---- geography: every line of play on adjacency bitmasks

fn geography_wins(adj: &[u32], live: u32, at: usize) -> bool {
    let rest = live & !(1 << at);
    (0..adj.len()).any(|w| rest >> w & 1 == 1 && adj[at] >> w & 1 == 1 && !geography_wins(adj, rest, w))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn young_chess((n, m, a, b) in (1usize..=3, 1usize..=4).prop_flat_map(|(n, m)| (Just(n), Just(m), grid(n, m), grid(n, m)))) {
        let mut input = format!("{n} {m}\n");
        for row in a.iter().chain(b.iter()) {
            input += &row.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
            input += "\n";
        }
        let want = young(n, m, &a, &b, &mut vec![0; n], true);
        prop_assert_eq!(solve("young-chess", &input), format!("{want}\n"));
    }

    #[test]
    fn permutation_game(cases in proptest::collection::vec(proptest::collection::vec(-3i64..6, 1..8), 1..5)) {
        let mut input = format!("{}\n", cases.len());
        let mut want = String::new();
        for seq in &cases {
            input += &format!("{}\n{}\n", seq.len(), seq.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "));
            want += if alice_wins(seq) { "Alice\n" } else { "Bob\n" };
        }
        prop_assert_eq!(solve("permutation-game", &input), want);
    }

    #[test]
    fn gems_fight(cases in proptest::collection::vec(
        (1usize..=3, 1u32..=4).prop_flat_map(|(g, s)| (
            Just(g),
            Just(s),
            proptest::collection::vec(proptest::collection::vec(1usize..=g, 1..=4), 0..=6),
        )),
        0..3,
    )) {
        let mut input = String::new();
        let mut want = String::new();
        for (g, s, bags) in &cases {
            input += &format!("{g} {} {s}\n\n", bags.len());
            for bag in bags {
                input += &format!("{} {}\n", bag.len(), bag.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
            }
            let v = gems(bags, *g, *s, &mut vec![true; bags.len()], &mut vec![0; *g]);
            want += &format!("{v}\n");
        }
        input += "0 0 0\n";
        prop_assert_eq!(solve("gems-fight", &input), want);
    }

    #[test]
    fn coin_game(c in proptest::collection::vec(1i64..=100_000, 1..=12)) {
        let input = format!("{}\n{}\n", c.len(), c.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n"));
        prop_assert_eq!(solve("coin-game", &input), format!("{}\n", coins_best(&c, 0, 2)));
    }
    #[test]
    fn chase(starts in proptest::collection::vec((2i32..=5, 0i32..25, 1i32..25), 1..4)) {
        let mut input = String::new();
        let mut want = String::new();
        for (n, w, d) in starts {
            let cells = n * n;
            let (w, b) = (w % cells, (w + 1 + d % (cells - 1)) % cells);
            let (white, black) = ((w / n + 1, w % n + 1), (b / n + 1, b % n + 1));
            input += &format!("{n} {} {} {} {}\n", white.0, white.1, black.0, black.1);
            want += &chase_answer(n, white, black);
        }
        prop_assert_eq!(solve("chase", &input), want);
    }

    #[test]
    fn rabbit_egg(rows in 1usize..=4, cols in 1usize..=4, seed in any::<u64>()) {
        let case = rabbit_case(rows, cols, seed);
        prop_assume!(case.is_some());
        let (input, want) = case.unwrap();
        prop_assert_eq!(solve("rabbit-egg", &input), want, "{}", input);
    }

    #[test]
    fn geography((n, edges, s) in (1usize..=10).prop_flat_map(|n| (
        Just(n),
        proptest::collection::vec((1..=n, 1..=n), 0..=2 * n),
        1..=n,
    ))) {
        let mut adj = vec![0u32; n];
        for &(a, b) in &edges {
            if a != b {
                adj[a - 1] |= 1 << (b - 1);
                adj[b - 1] |= 1 << (a - 1);
            }
        }
        let mut input = format!("{n} {}\n", edges.len());
        for (a, b) in &edges {
            input += &format!("{a} {b}\n");
        }
        input += &format!("{s}\n");
        let all = ((1u64 << n) - 1) as u32;
        let rest = all & !(1 << (s - 1));
        let winning: Vec<String> = (0..n)
            .filter(|&w| adj[s - 1] >> w & 1 == 1 && !geography_wins(&adj, rest, w))
            .map(|w| (w + 1).to_string())
            .collect();
        prop_assert_eq!(geography_wins(&adj, all, s - 1), !winning.is_empty());
        let want = if winning.is_empty() { "LOSE\n".to_string() } else { format!("WIN\n{}\n", winning.join(" ")) };
        prop_assert_eq!(solve("geography", &input), want);
    }
}
