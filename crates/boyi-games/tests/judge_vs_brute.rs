//! Random small judge inputs, answered by the adapters and by plain
//! brute-force programs written here from the statements alone; the outputs
//! must be identical byte for byte.

use std::collections::HashMap;

use boyi::Control;
use boyi_games::catalogue;
use boyi_games::generate::Rng;
use proptest::prelude::*;

fn solve(problem: &str, input: &str) -> String {
    catalogue::problem(problem).unwrap().solve(input, &Default::default(), &Control::default()).unwrap()
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

// ---- split-game: the whole position searched, win iff some move leaves a loss

fn split_wins(p: &mut Vec<u32>, memo: &mut std::collections::HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let n = p.len();
    let mut win = false;
    'all: for i in 0..n {
        if p[i] == 0 {
            continue;
        }
        for j in i + 1..n {
            for k in j..n {
                p[i] -= 1;
                p[j] += 1;
                p[k] += 1;
                let lost = !split_wins(p, memo);
                p[i] += 1;
                p[j] -= 1;
                p[k] -= 1;
                if lost {
                    win = true;
                    break 'all;
                }
            }
        }
    }
    memo.insert(p.clone(), win);
    win
}

fn split_answer(p: &[u32]) -> String {
    let mut memo = std::collections::HashMap::new();
    let n = p.len();
    let mut wins = Vec::new();
    for i in (0..n).filter(|&i| p[i] > 0) {
        for j in i + 1..n {
            for k in j..n {
                let mut q = p.to_vec();
                q[i] -= 1;
                q[j] += 1;
                q[k] += 1;
                if !split_wins(&mut q, &mut memo) {
                    wins.push((i, j, k));
                }
            }
        }
    }
    match wins.first() {
        Some((i, j, k)) => format!("{i} {j} {k}\n{}\n", wins.len()),
        None => "-1 -1 -1\n0\n".to_string(),
    }
}

// ---- array-game: flip cells by the statement, search every colouring

fn array_wins(n: usize, white: u32, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(w) = memo[white as usize] {
        return w;
    }
    let mut win = false;
    'all: for x in 1..=n {
        if white >> (x - 1) & 1 == 0 {
            continue;
        }
        let mut next = white;
        for k in 1..=n / x {
            next ^= 1 << (k * x - 1);
            if !array_wins(n, next, memo) {
                win = true;
                break 'all;
            }
        }
    }
    memo[white as usize] = Some(win);
    win
}

// ---- moving-pebbles: the piles as a sorted vector, every take and spread

fn pebbles_wins(p: &[u32], memo: &mut std::collections::HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    fn spread(rest: &mut Vec<u32>, i: usize, left: u32, kept: u32, out: &mut Vec<Vec<u32>>) {
        if i == rest.len() {
            let mut all: Vec<u32> =
                rest.iter().copied().chain(std::iter::once(left + kept)).filter(|&x| x > 0).collect();
            all.sort();
            out.push(all);
            return;
        }
        for add in 0..=left {
            rest[i] += add;
            spread(rest, i + 1, left - add, kept, out);
            rest[i] -= add;
        }
    }
    let mut children = Vec::new();
    for i in 0..p.len() {
        let mut rest: Vec<u32> = p.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
        for take in 1..=p[i] {
            spread(&mut rest, 0, p[i] - take, 0, &mut children);
        }
    }
    let win = children.iter().any(|c| !pebbles_wins(c, memo));
    memo.insert(p.to_vec(), win);
    win
}

// ---- black-white: the board played out, every layout counted

fn bw_wins(
    cells: &[usize],
    white: bool,
    d: usize,
    memo: &mut std::collections::HashMap<(Vec<usize>, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(cells.to_vec(), white)) {
        return w;
    }
    // every choice of up to d own pieces and a distance for each
    let mine: Vec<usize> = (0..cells.len()).filter(|i| (i % 2 == 0) == white).collect();
    let mut win = false;
    let mut stack = vec![(0usize, 0usize, cells.to_vec())];
    while let Some((i, moved, cur)) = stack.pop() {
        if i == mine.len() {
            if moved > 0 && !bw_wins(&cur, !white, d, memo) {
                win = true;
                break;
            }
            continue;
        }
        stack.push((i + 1, moved, cur.clone()));
        if moved < d {
            let p = mine[i];
            let room = if white { cur[p + 1] - cur[p] - 1 } else { cur[p] - cur[p - 1] - 1 };
            for step in 1..=room {
                let mut next = cur.clone();
                next[p] = if white { cur[p] + step } else { cur[p] - step };
                stack.push((i + 1, moved + 1, next));
            }
        }
    }
    memo.insert((cells.to_vec(), white), win);
    win
}

fn bw_count(n: usize, k: usize, d: usize) -> u64 {
    let mut memo = std::collections::HashMap::new();
    let mut count = 0;
    for mask in 0u32..1 << n {
        if mask.count_ones() as usize == k {
            let cells: Vec<usize> = (0..n).filter(|c| mask >> c & 1 == 1).collect();
            count += bw_wins(&cells, true, d, &mut memo) as u64;
        }
    }
    count
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn split_game(cases in proptest::collection::vec(
        (2usize..=5).prop_flat_map(|n| proptest::collection::vec(0u32..=2, n)), 1..4)) {
        let mut input = format!("{}\n", cases.len());
        let mut want = String::new();
        for p in &cases {
            // few beans keep the plain search small
            let p: Vec<u32> = p.iter().enumerate().map(|(i, &c)| if i < 3 { c } else { c.min(1) }).collect();
            input += &format!("{}\n{}\n", p.len(), p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "));
            want += &split_answer(&p);
        }
        prop_assert_eq!(solve("split-game", &input), want);
    }

    #[test]
    fn array_game(n in 1usize..=10, queries in proptest::collection::vec(any::<u32>(), 1..6)) {
        let mut memo = vec![None; 1 << n];
        let mut input = format!("{n}\n{}\n", queries.len());
        let mut want = String::new();
        for q in &queries {
            let white = (q & ((1 << n) - 1)).max(1);
            let cells: Vec<String> = (1..=n).filter(|x| white >> (x - 1) & 1 == 1).map(|x| x.to_string()).collect();
            input += &format!("{}\n{}\n", cells.len(), cells.join(" "));
            want += if array_wins(n, white, &mut memo) { "Yes\n" } else { "No\n" };
        }
        prop_assert_eq!(solve("array-game", &input), want);
    }

    #[test]
    fn moving_pebbles(cases in proptest::collection::vec(proptest::collection::vec(1u32..=4, 1..=4), 1..5)) {
        let mut memo = std::collections::HashMap::new();
        let mut input = String::new();
        let mut want = String::new();
        for p in &cases {
            input += &format!("{} {}\n", p.len(), p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "));
            let mut sorted = p.clone();
            sorted.sort();
            want += if pebbles_wins(&sorted, &mut memo) { "first player\n" } else { "second player\n" };
        }
        prop_assert_eq!(solve("moving-pebbles", &input), want);
    }

    #[test]
    fn black_white((n, k, d) in (2usize..=9).prop_flat_map(|n| (Just(n), 1usize..=n / 2)).prop_flat_map(|(n, h)| (Just(n), Just(2 * h), 1usize..=2 * h))) {
        prop_assert_eq!(solve("black-white", &format!("{n} {k} {d}\n")), format!("{}\n", bw_count(n, k, d)));
    }
}
