//! 打表找规律's speed target: finding the rule of a one-coordinate table of
//! 10^4 positions, or a two-coordinate one of side 200, in under a second
//! beyond tabling it. Each case tables its game once, outside the timing,
//! and times `rules::find` alone; a case of each family, and tables that
//! follow none (the slowest: every family is tried and refused).

use boyi::rules::table::{Option_, Tabler};
use boyi::rules::{self, Table, Values};
use criterion::{criterion_group, criterion_main, Criterion};

fn table(dims: usize, side: usize, moves: impl FnMut(&[u64]) -> Result<Vec<Option_>, ()>) -> Table {
    Tabler::new(dims, moves).table(side).expect("a game that ends")
}

fn one(moves: impl Fn(u64) -> Vec<Option_>) -> Table {
    table(1, 10_000, |p| Ok(moves(p[0])))
}

fn two(moves: impl Fn(u64, u64) -> Vec<Vec<u64>>) -> Table {
    table(2, 200, |p| Ok(moves(p[0], p[1]).into_iter().map(|q| vec![q]).collect()))
}

fn cases() -> Vec<(&'static str, Table, Values)> {
    let kayles = one(|n| {
        let mut out: Vec<Option_> = Vec::new();
        for take in 1..=2u64.min(n) {
            for a in 0..=(n - take) / 2 {
                out.push(vec![vec![a], vec![n - take - a]]);
            }
        }
        out
    });
    let grundy = one(|n| (1..n.div_ceil(2)).filter(|&a| 2 * a != n).map(|a| vec![vec![a], vec![n - a]]).collect());
    // the parity of the ones in n (no game: a table as a user might paste one)
    let evil = Table::one((0..10_000u64).map(|n| u64::from(n.count_ones() % 2 == 1)).collect());
    let wythoff = two(|x, y| {
        let mut out: Vec<Vec<u64>> = (0..x).map(|a| vec![a, y]).chain((0..y).map(|b| vec![x, b])).collect();
        out.extend((1..=x.min(y)).map(|t| vec![x - t, y - t]));
        out
    });
    let fibonacci = two(|n, most| (1..=most.min(n)).map(|t| vec![n - t, 2 * t]).collect());
    let vectors = two(|x, y| {
        [(1, 0), (0, 2), (2, 3), (3, 1)]
            .iter()
            .filter(|&&(a, b)| a <= x && b <= y)
            .map(|&(a, b)| vec![x - a, y - b])
            .collect()
    });
    vec![
        ("kayles nimbers, 10^4 (periodic)", kayles, Values::Nimber),
        ("evil numbers, 10^4 (automatic)", evil, Values::Nimber),
        ("grundy's game nimbers, 10^4 (none)", grundy, Values::Nimber),
        ("wythoff outcomes, 200x200 (beatty)", wythoff, Values::Outcome),
        ("fibonacci nim outcomes, 200x200 (automatic)", fibonacci, Values::Outcome),
        ("four vectors outcomes, 200x200", vectors, Values::Outcome),
    ]
}

fn find(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules::find");
    group.sample_size(10);
    for (name, table, values) in cases() {
        group.bench_function(name, |b| b.iter(|| rules::find(&table, values)));
    }
    group.finish();
}

criterion_group!(benches, find);
criterion_main!(benches);
