//! The partizan games of the catalogue, each valued as a short game in
//! canonical form by the engine's `cgt` module. One module a game; this
//! list is the one place that names them.

pub mod clobber;
pub mod cutcake;
pub mod domineering;
pub mod hackenbush;
pub mod report;
pub mod toads_frogs;

use boyi::cgt::{class_on_threads, Class, Id, Partizan, Store, Valuer};
use boyi::Control;

use crate::error::Error;

/// A partizan game as the front ends see it: its position in words to
/// its value.
pub trait PartizanListing: Sync {
    fn id(&self) -> &'static str;
    /// One line: the rules, and how a position is written.
    fn about(&self) -> &'static str;
    /// A position to try.
    fn example(&self) -> &'static str;
    /// The value of `position`, and how many distinct parts were valued.
    fn value(&self, store: &mut Store, position: &str, ctl: &Control) -> Result<(Id, usize), Error> {
        self.parts(store, position, false, ctl).map(|v| (v.value, v.valued))
    }
    /// The value of `position` and of each independent part of it; with
    /// `moves`, also each of Left's and Right's moves with the value of
    /// the position it leads to.
    fn parts(&self, store: &mut Store, position: &str, moves: bool, ctl: &Control) -> Result<Valued, Error>;
    /// Who wins `position`, by a search of wins and losses whose small
    /// parts are valued, not searched; and how many positions it searched.
    fn outcome(&self, position: &str, ctl: &Control) -> Result<(Class, u64), Error>;
}

/// A position's value and its parts' (as written, and valued).
pub struct Valued {
    pub value: Id,
    pub parts: Vec<(String, Id)>,
    /// Distinct parts valued on the way.
    pub valued: usize,
    /// Each move (when asked for), Left's first.
    pub moves: Vec<Moved>,
}

/// A move of a partizan position: whose it is, the position it leads to
/// (as written) and that position's value.
pub struct Moved {
    pub left: bool,
    pub position: String,
    pub value: Id,
}

/// A game of the list: its words and how its positions are read.
struct Entry<G: Partizan> {
    id: &'static str,
    about: &'static str,
    example: &'static str,
    game: G,
    parse: fn(&str) -> Result<G::Position, Error>,
    /// Refuses a position whose canonical form is out of reach.
    reach: fn(&G::Position) -> Result<(), Error>,
    /// A part's size, and the size up to which `outcome` values parts.
    size: fn(&G::Position) -> usize,
    small: usize,
}

fn any<P>(_: &P) -> Result<(), Error> {
    Ok(())
}

impl<G: Partizan + Sync> PartizanListing for Entry<G>
where
    G::Position: std::fmt::Display + Send + Sync,
{
    fn id(&self) -> &'static str {
        self.id
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn example(&self) -> &'static str {
        self.example
    }

    fn parts(&self, store: &mut Store, position: &str, moves: bool, ctl: &Control) -> Result<Valued, Error> {
        let position = (self.parse)(position)?;
        (self.reach)(&position)?;
        let mut valuer = Valuer::new(&self.game, store).with_control(ctl);
        let value = valuer.value(&position)?;
        let mut parts = Vec::new();
        for part in self.game.components(&position) {
            parts.push((part.to_string(), valuer.value(&part)?));
        }
        let mut moved = Vec::new();
        if moves {
            let sides = [(true, self.game.left_options(&position)), (false, self.game.right_options(&position))];
            for (left, options) in sides {
                for option in options {
                    let value = valuer.value(&option)?;
                    moved.push(Moved { left, position: option.to_string(), value });
                }
            }
        }
        Ok(Valued { value, parts, valued: valuer.parts(), moves: moved })
    }

    fn outcome(&self, position: &str, ctl: &Control) -> Result<(Class, u64), Error> {
        let position = (self.parse)(position)?;
        let mut store = Store::watched(ctl);
        // as many threads as the other solvers use (--threads)
        let threads = rayon::current_num_threads();
        let (class, nodes) = class_on_threads(&self.game, &mut store, self.size, self.small, ctl, threads, &position)?;
        // a store stopped in the last comparison answered nothing
        store.check()?;
        Ok((class, nodes))
    }
}

static DOMINEERING: Entry<domineering::Domineering> = Entry {
    id: "domineering",
    about: "Left places vertical dominoes, Right horizontal ones; rows joined by `|`, `.` empty, `#` filled, or RxC",
    example: "4x4",
    game: domineering::Domineering,
    parse: domineering::Region::parse,
    reach: domineering::Region::within_reach,
    size: domineering::Region::empty_cells,
    small: 14,
};

static TOADS_AND_FROGS: Entry<toads_frogs::ToadsFrogs> = Entry {
    id: "toads-and-frogs",
    about: "Left's toads T move right, Right's frogs F left, a step into an empty cell . or a jump over one of the \
            other kind",
    example: "TT..FF",
    game: toads_frogs::ToadsFrogs,
    parse: toads_frogs::Strip::parse,
    reach: any,
    size: |s| s.0.len(),
    small: 12,
};

static CLOBBER: Entry<clobber::Clobber> = Entry {
    id: "clobber",
    about: "Left's stones x, Right's o; a stone moves onto a touching stone of the other colour, which goes; rows \
            joined by `|`, `.` empty",
    example: "xoxo|oxox",
    game: clobber::Clobber,
    parse: clobber::Board::parse,
    reach: any,
    size: |b| b.cells.iter().filter(|&&c| c != b'.').count(),
    small: 10,
};

static HACKENBUSH: Entry<hackenbush::Hackenbush> = Entry {
    id: "hackenbush",
    about: "Left cuts blue edges L, Right red ones R, either green G; what loses its way to the ground falls; \
            edges u-v:C with 0 the ground, or stalks such as LRR+G",
    example: "LRL+RR+G",
    game: hackenbush::Hackenbush,
    parse: hackenbush::Graph::parse,
    reach: any,
    size: |g| g.0.len(),
    small: 12,
};

static CUTCAKE: Entry<cutcake::Cutcake> = Entry {
    id: "cutcake",
    about: "Left cuts a cake along a vertical line, Right along a horizontal one; cakes HxW joined by +",
    example: "4x7",
    game: cutcake::Cutcake,
    parse: cutcake::Cakes::parse,
    reach: any,
    size: |c| c.0.iter().map(|&(h, w)| (h * w) as usize).sum(),
    small: 64,
};

/// Every partizan game boyi values.
pub fn games() -> Vec<&'static dyn PartizanListing> {
    vec![&DOMINEERING, &HACKENBUSH, &TOADS_AND_FROGS, &CLOBBER, &CUTCAKE]
}

pub fn game(id: &str) -> Result<&'static dyn PartizanListing, Error> {
    games().into_iter().find(|g| g.id() == id).ok_or_else(|| {
        Error::input(format!(
            "`{id}` is no partizan game of the catalogue (those are: {})",
            games().iter().map(|g| g.id()).collect::<Vec<_>>().join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    //! Every game's values against its plain game tree: options valued
    //! with no parts, no symmetry and no simplification, compared with the
    //! store's canonical form by the definition of ≤.
    use super::*;
    use boyi::cgt::Format;

    /// `{tree} ≤ g` and `g ≤ {tree}` by the definitions, `tree` the plain
    /// game tree of `p` (every option followed to the end).
    fn equals_tree<G: Partizan>(game: &G, store: &mut Store, p: &G::Position, g: Id) -> bool {
        fn tree_leq_value<G: Partizan>(game: &G, s: &mut Store, p: &G::Position, g: Id) -> bool {
            // p ≤ g: no p^L ≥ g and no g^R ≤ p
            !game.left_options(p).iter().any(|pl| value_leq_tree(game, s, g, pl))
                && !s.right(g).into_iter().any(|gr| value_leq_tree(game, s, gr, p))
        }
        fn value_leq_tree<G: Partizan>(game: &G, s: &mut Store, g: Id, p: &G::Position) -> bool {
            // g ≤ p: no g^L ≥ p and no p^R ≤ g
            !s.left(g).into_iter().any(|gl| tree_leq_value(game, s, p, gl))
                && !game.right_options(p).iter().any(|pr| tree_leq_value(game, s, pr, g))
        }
        tree_leq_value(game, store, p, g) && value_leq_tree(game, store, g, p)
    }

    fn check<G: Partizan>(game: &G, positions: &[G::Position]) {
        let mut store = Store::new();
        let values: Vec<Id> = {
            let mut v = Valuer::new(game, &mut store);
            positions.iter().map(|p| v.value(p).unwrap()).collect()
        };
        for (p, &g) in positions.iter().zip(&values) {
            assert!(equals_tree(game, &mut store, p, g), "{}", store.write(g, Format::Braces));
        }
    }

    /// Published values of Toads and Frogs: Winning Ways' small examples
    /// (TFT□F = *, T□TFF = {0|*} = ↑, TF□TF = 0), and Erickson's
    /// conjectures on starting positions (Games of No Chance, 1996), proved
    /// by Thanatipanonda and Zeilberger (2009) and Thanatipanonda
    /// ("Further hopping with Toads and Frogs", Electron. J. Combin. 18,
    /// 2011): E1 T^a□□F^b = {{a−3|a−b}|{*|3−b}} for a > b ≥ 2, E2
    /// T^a□□□FF = {a−2|a−2} for a ≥ 2, E3 T^a□□□FFF = a − 7/2 for a ≥ 5.
    #[test]
    fn toads_and_frogs_published_values() {
        let ctl = Control::default();
        let mut store = Store::new();
        let mut check = |position: String, want: String| {
            let (got, _) = TOADS_AND_FROGS.value(&mut store, &position, &ctl).unwrap();
            let want_id = boyi::cgt::value(&mut store, &want).unwrap();
            assert_eq!(got, want_id, "{position} is {}, published {want}", store.write(got, Format::Cgsuite));
        };
        for (position, value) in [("TFT.F", "*"), ("T.TFF", "{0|*}"), ("TF.TF", "0"), ("TFTF.", "0")] {
            check(position.to_string(), value.to_string());
        }
        let strip = |a: usize, gap: usize, b: usize| format!("{}{}{}", "T".repeat(a), ".".repeat(gap), "F".repeat(b));
        for a in 3..=8i64 {
            for b in 2..a {
                check(strip(a as usize, 2, b as usize), format!("{{{{{}|{}}}|{{*|{}}}}}", a - 3, a - b, 3 - b));
            }
        }
        for a in 2..=9i64 {
            check(strip(a as usize, 3, 2), format!("{{{}|{}}}", a - 2, a - 2));
        }
        for a in 5..=9i64 {
            check(strip(a as usize, 3, 3), format!("{} - 7/2", a));
        }
    }

    #[test]
    fn toads_and_frogs_against_the_tree() {
        let mut strips = Vec::new();
        for len in 1..=7u32 {
            for code in 0..3u32.pow(len) {
                let cells: Vec<u8> = (0..len).map(|i| b".TF"[(code / 3u32.pow(i) % 3) as usize]).collect();
                strips.push(toads_frogs::Strip(cells));
            }
        }
        check(&toads_frogs::ToadsFrogs, &strips);
    }

    #[test]
    fn clobber_against_the_tree() {
        let mut boards = Vec::new();
        for (h, w) in [(1, 5), (2, 2), (2, 3), (3, 2)] {
            for code in 0..3u32.pow(h * w) {
                let cells: Vec<u8> = (0..h * w).map(|i| b".xo"[(code / 3u32.pow(i) % 3) as usize]).collect();
                boards.push(clobber::Board { h: h as usize, w: w as usize, cells });
            }
        }
        check(&clobber::Clobber, &boards);
    }

    #[test]
    fn cutcake_against_the_tree() {
        let mut cakes = Vec::new();
        for h in 1..=4 {
            for w in 1..=5 {
                cakes.push(cutcake::Cakes(vec![(h, w)]));
                cakes.push(cutcake::Cakes(vec![(h, w), (2, 1)]));
            }
        }
        check(&cutcake::Cutcake, &cakes);
    }

    #[test]
    fn hackenbush_against_the_tree() {
        // every picture of up to five edges among four vertices, in all
        // three colours, one in nine of them
        let pairs: Vec<(u16, u16)> = (0..4).flat_map(|u| (u..4).map(move |v| (u, v))).collect();
        let mut graphs = Vec::new();
        let mut state = 12345u64;
        for _ in 0..1500 {
            let mut edges = Vec::new();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let count = 1 + (state >> 33) as usize % 5;
            for k in 0..count {
                let r = state.rotate_left(7 * k as u32 + 3);
                let (u, v) = pairs[(r % pairs.len() as u64) as usize];
                edges.push(format!("{u}-{v}:{}", ["L", "R", "G"][(r / 7 % 3) as usize]));
            }
            graphs.push(hackenbush::Graph::parse(&edges.join(" ")).unwrap());
        }
        check(&hackenbush::Hackenbush, &graphs);
    }

    #[test]
    fn domineering_against_the_tree() {
        let mut regions = Vec::new();
        for mask in 0u128..1 << 9 {
            regions.push(domineering::Region { h: 3, w: 3, empty: mask });
        }
        for mask in (0u128..1 << 12).step_by(11) {
            regions.push(domineering::Region { h: 3, w: 4, empty: mask });
        }
        check(&domineering::Domineering, &regions);
    }

    #[test]
    fn outcomes_by_search_agree_with_values() {
        // searched (parts above the size valued) and read off the value
        for (game, positions) in [
            ("domineering", vec!["4x4", "3x5", "5x3", "4x5", "5x4", "3x6", "...#|....|.##.|....", "2x7"]),
            ("toads-and-frogs", vec!["TTT..FFF", "TT.T..F.FF", "T.T.F.F", "TTTT...FFFF"]),
            ("clobber", vec!["xoxo|oxox", "xoxox|oxoxo", "xxoo|ooxx|xoxo"]),
            ("hackenbush", vec!["LRLRLRLRRLRLRLRL", "LLRRGGLRGL+RLRLR"]),
            ("cutcake", vec!["8x9", "5x11+3x4"]),
        ] {
            let g = super::game(game).unwrap();
            for p in positions {
                let mut store = Store::new();
                let (id, _) = g.value(&mut store, p, &Control::default()).unwrap();
                let want = store.class(id);
                let (class, _) = g.outcome(p, &Control::default()).unwrap();
                assert_eq!(class, want, "{game} {p}");
            }
        }
    }

    fn named(game: &str, position: &str) -> String {
        let mut store = Store::new();
        let (id, _) = super::game(game).unwrap().value(&mut store, position, &Control::default()).unwrap();
        store.write(id, Format::Cgsuite)
    }

    #[test]
    fn values_from_the_literature() {
        // Clobber: two stones touching: whoever moves first takes the
        // other and leaves a lone stone (0), so {0|0} = *; xxo is {0|*} = ^
        assert_eq!(named("clobber", "xo"), "*");
        assert_eq!(named("clobber", "xxo"), "^");
        assert_eq!(named("clobber", "xo|ox"), named("clobber", "ox|xo"));
        // Cutcake (Winning Ways, ch. 2): a 1xn cake is n-1 (Left cuts it to
        // single pieces, Right never moves); a square is 0
        assert_eq!(named("cutcake", "1x5"), "4");
        assert_eq!(named("cutcake", "5x1"), "-4");
        assert_eq!(named("cutcake", "2x2"), "0");
        // Toads and Frogs: in T.F whoever moves first leaves the other no
        // move; in T..F the first to move is the first blocked
        assert_eq!(named("toads-and-frogs", "T.F"), "*");
        assert_eq!(named("toads-and-frogs", "T..F"), "0");
    }
}
