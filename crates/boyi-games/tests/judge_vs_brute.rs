//! Random small judge inputs, answered by the adapters and by plain
//! brute-force programs written here from the statements alone; the outputs
//! must be identical byte for byte.

use boyi::Control;
use boyi_games::catalogue;
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
