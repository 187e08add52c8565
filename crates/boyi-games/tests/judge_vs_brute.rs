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
