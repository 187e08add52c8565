//! On random layered game graphs, with rewards and bonus turns, every solver
//! agrees with a plain recursive minimax written here (`brute`).

use boyi::game::{Game, Indexed, Layered, StepOf};
use boyi::solve::alphabeta::{AlphaBeta, Driver};
use boyi::solve::negamax::Negamax;
use boyi::solve::{partitioned_table, table};
use boyi::{Control, Outcome, Step, Turn, Value};
use proptest::prelude::*;

/// Position `i` sits in layer `layer[i]`; its moves go to later layers.
#[derive(Debug, Clone)]
struct Dag<V: Value> {
    layer: Vec<usize>,
    layers: usize,
    edges: Vec<Vec<(u32, V::Reward, Turn)>>,
    terminal: Vec<V>,
}

impl<V: Value> Game for Dag<V> {
    type Pos = u32;
    type Move = u8;
    type Value = V;

    fn moves(&self, pos: &u32, out: &mut Vec<u8>) {
        out.extend(0..self.edges[*pos as usize].len() as u8);
    }

    fn play(&self, pos: &u32, mv: u8) -> StepOf<Self> {
        let (to, reward, turn) = self.edges[*pos as usize][mv as usize];
        Step { pos: to, reward, turn }
    }

    fn terminal(&self, pos: &u32) -> V {
        self.terminal[*pos as usize]
    }

    fn order_moves(&self, _: &u32, moves: &mut [u8]) {
        // a deliberately arbitrary order, to exercise the table's move hints
        moves.reverse();
    }
}

impl<V: Value> Indexed for Dag<V> {
    fn size(&self) -> u64 {
        self.layer.len() as u64
    }
    fn rank(&self, pos: &u32) -> u64 {
        *pos as u64
    }
    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

impl<V: Value> Layered for Dag<V> {
    fn layer_count(&self) -> usize {
        self.layers
    }
    // parts interleave, so that a part of the solve meets its positions
    // in several of them
    fn layer_parts(&self, _: usize) -> usize {
        3
    }
    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u32)>) {
        out.extend(
            (0..self.layer.len() as u32)
                .filter(|&i| self.layer[i as usize] == layer && i as usize % 3 == part)
                .map(|i| (i as u64, i)),
        );
    }
}

fn brute<V: Value>(g: &Dag<V>, pos: u32) -> V {
    let e = &g.edges[pos as usize];
    if e.is_empty() {
        return g.terminal[pos as usize];
    }
    e.iter().map(|&(to, r, t)| V::back(r, t, brute(g, to))).max().unwrap()
}

/// Positions numbered in layer order, so edges from `i` go to `j > i`.
fn dag_shape() -> impl Strategy<Value = (Vec<usize>, Vec<Vec<(u32, bool)>>)> {
    (2usize..14)
        .prop_flat_map(|n| {
            let layer_of = proptest::collection::vec(0usize..3, n).prop_map(|steps| {
                let mut l = 0;
                steps
                    .into_iter()
                    .map(|s| {
                        l += s.min(1);
                        l
                    })
                    .collect::<Vec<_>>()
            });
            let edges = proptest::collection::vec(proptest::collection::vec((any::<u32>(), any::<bool>()), 0..4), n);
            (layer_of, edges)
        })
        .prop_map(|(layer, raw)| {
            let n = layer.len();
            let edges = raw
                .into_iter()
                .enumerate()
                .map(|(i, es)| {
                    let later: Vec<u32> = (i + 1..n).filter(|&j| layer[j] > layer[i]).map(|j| j as u32).collect();
                    if later.is_empty() {
                        return vec![];
                    }
                    es.into_iter().map(|(pick, again)| (later[pick as usize % later.len()], again)).collect()
                })
                .collect();
            (layer, edges)
        })
}

fn numeric_dag() -> impl Strategy<Value = Dag<i32>> {
    (dag_shape(), proptest::collection::vec(-9i32..10, 64)).prop_map(|((layer, edges), nums)| {
        let layers = layer.iter().max().unwrap() + 1;
        let n = layer.len();
        let mut k = 0;
        let mut next = || {
            k += 1;
            nums[k % nums.len()]
        };
        let edges = edges
            .into_iter()
            .map(|es| {
                es.into_iter().map(|(to, again)| (to, next(), if again { Turn::Again } else { Turn::Pass })).collect()
            })
            .collect();
        let terminal = (0..n).map(|_| next()).collect();
        Dag { layer, layers, edges, terminal }
    })
}

fn outcome_dag() -> impl Strategy<Value = Dag<Outcome>> {
    (dag_shape(), proptest::collection::vec(0u8..3, 16)).prop_map(|((layer, edges), kinds)| {
        let layers = layer.iter().max().unwrap() + 1;
        let n = layer.len();
        let edges = edges
            .into_iter()
            .map(|es| {
                es.into_iter().map(|(to, again)| (to, (), if again { Turn::Again } else { Turn::Pass })).collect()
            })
            .collect();
        let terminal = (0..n)
            .map(|i| match kinds[i % kinds.len()] {
                0 => Outcome::Lose(0),
                1 => Outcome::Win(0),
                _ => Outcome::Draw,
            })
            .collect();
        Dag { layer, layers, edges, terminal }
    })
}

fn check_all<V: Value>(g: &Dag<V>) -> Result<(), TestCaseError> {
    let ctl = Control::default();
    let table = table::solve(g, &ctl).unwrap();
    let mut nm = Negamax::new(g, ctl.clone());
    let mut ab_null = AlphaBeta::new(g, ctl.clone(), 1 << 10).unwrap();
    // a tiny table forces collisions and replacements
    let mut ab_full = AlphaBeta::new(g, ctl.clone(), 64).unwrap().with_driver(Driver::FullWindow);
    for pos in 0..g.layer.len() as u32 {
        let want = brute(g, pos);
        prop_assert_eq!(table.value(g, &pos), want, "table at {}", pos);
        prop_assert_eq!(nm.value(&pos).unwrap(), want, "negamax at {}", pos);
        prop_assert_eq!(ab_null.value(&pos).unwrap(), want, "alpha-beta (null window) at {}", pos);
        prop_assert_eq!(ab_full.value(&pos).unwrap(), want, "alpha-beta (full window) at {}", pos);
        let moves: Vec<V> = table.analyze(g, &pos).into_iter().map(|m| m.value).collect();
        let mut expected: Vec<V> =
            g.edges[pos as usize].iter().map(|&(to, r, t)| V::back(r, t, brute(g, to))).collect();
        expected.sort_by(|a, b| b.cmp(a));
        prop_assert_eq!(&moves, &expected);
        let nm_moves: Vec<V> = nm.analyze(&pos).unwrap().into_iter().map(|m| m.value).collect();
        prop_assert_eq!(&nm_moves, &expected);
        let ab_moves: Vec<V> = ab_null.analyze(&pos).unwrap().into_iter().map(|m| m.value).collect();
        prop_assert_eq!(&ab_moves, &expected);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn numeric_solvers_agree_with_brute_force(g in numeric_dag()) {
        check_all(&g)?;
    }

    #[test]
    fn outcome_solvers_agree_with_brute_force(g in outcome_dag()) {
        check_all(&g)?;
    }

    /// The table solved by 1 to 5 parts, in rounds of 1 to 3 positions
    /// a part (so a layer takes several), is the one-process table.
    #[test]
    fn partitioned_tables_are_the_table(g in numeric_dag(), h in outcome_dag(), parts in 1usize..6, batch in 1usize..4) {
        let ctl = Control::default();
        let (split, _) = partitioned_table::solve_batched(&g, parts, batch, &ctl).unwrap();
        let whole = table::solve(&g, &ctl).unwrap();
        let (split_h, _) = partitioned_table::solve_batched(&h, parts, batch, &ctl).unwrap();
        let whole_h = table::solve(&h, &ctl).unwrap();
        for rank in 0..g.size() {
            prop_assert_eq!(split.value_at(rank), whole.value_at(rank), "rank {}", rank);
        }
        for rank in 0..h.size() {
            prop_assert_eq!(split_h.value_at(rank), whole_h.value_at(rank), "rank {}", rank);
        }
    }

    /// Lazy SMP and clamped values agree with the brute force too.
    #[test]
    fn parallel_and_clamped_alphabeta(g in numeric_dag(), lo in -6i32..1, width in 0i32..8) {
        let ctl = Control::default();
        let mut ab = AlphaBeta::new(&g, ctl, 1 << 12).unwrap().with_solo_nodes(0);
        for pos in 0..g.layer.len() as u32 {
            let want = brute(&g, pos);
            ab.clear();
            prop_assert_eq!(ab.value_parallel(&pos, None, 3).unwrap(), want);
            let hi = lo + width;
            prop_assert_eq!(ab.value_within(&pos, lo, hi).unwrap(), want.clamp(lo, hi));
        }
    }

    /// Alpha-beta with arbitrary windows honours the fail-soft contract.
    #[test]
    fn alphabeta_windows_bound_the_value(g in numeric_dag(), a in -30i64..30, w in 1i64..20) {
        let ctl = Control::default();
        let mut ab = AlphaBeta::new(&g, ctl, 256).unwrap();
        for pos in 0..g.layer.len() as u32 {
            let truth = brute(&g, pos) as i64;
            let b = a + w;
            let s = ab.search(&pos, a, b).unwrap();
            if s <= a {
                prop_assert!(truth <= s);
            } else if s >= b {
                prop_assert!(truth >= s);
            } else {
                prop_assert_eq!(truth, s);
            }
        }
    }
}

/// A chain of many thousands of moves: no solver may overflow the native stack.
#[test]
fn long_games_do_not_overflow_the_stack() {
    let n = 200_000usize;
    let g: Dag<i32> = Dag {
        layer: (0..n).collect(),
        layers: n,
        edges: (0..n).map(|i| if i + 1 < n { vec![((i + 1) as u32, 1, Turn::Pass)] } else { vec![] }).collect(),
        terminal: vec![0; n],
    };
    let ctl = Control::default();
    let want = ((n - 1) % 2) as i32; // moves alternate +1, -1, ...; an odd count ends on +1
    assert_eq!(Negamax::new(&g, ctl.clone()).value(&0).unwrap(), want);
    assert_eq!(AlphaBeta::new(&g, ctl.clone(), 1 << 20).unwrap().value(&0).unwrap(), want);
}
