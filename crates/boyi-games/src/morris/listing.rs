//! Morris games in the catalogue: positions written
//! `WHITE/BLACK/TO-PLACE/SIDE` (stones by point name, `none` for none; the
//! stones each still places, white's first; `w` or `b` to move), with
//! `six:` in front on Six Men's Morris's board; moves as the point placed
//! on (`d7`) or a stone's step (`a7-d7`), and `x` and the point of the
//! stone a mill takes (`d7xb6`). Valued by solving the position's tier
//! and every tier below it.

use std::path::Path;

use boyi::{db, Control, Game, Outcome};

use super::board::Board;
use super::rules::{Morris, Shift, Stones, NONE};
use crate::diagram::{Cell, Colour, Diagram, Grid, Target};
use crate::error::Error;
use crate::listing::{valued_by, Cx, Info, Listing, Moving, Valued};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Nine Men's Morris, Lasker Morris or Morabaraba: the rules (Lasker's or
/// not) and the board a position names when it names none.
pub struct MorrisListing {
    pub lasker: bool,
    pub board: &'static str,
}

impl MorrisListing {
    pub const NINE: MorrisListing = MorrisListing { lasker: false, board: "standard" };
    pub const LASKER: MorrisListing = MorrisListing { lasker: true, board: "standard" };
    pub const MORABARABA: MorrisListing = MorrisListing { lasker: false, board: "morabaraba" };
}

const RULES: &str = "Players place their stones in turn, white first, then move one stone to a neighbouring \
    empty point. A stone that completes three in a line (a mill) takes an opponent's stone that stands in no \
    mill (any, when all do). With three stones left and none to place a player flies: moves to any empty \
    point. A player left with two stones (on the board and to place) or without a move loses; endless play \
    is a draw (Gévay & Danner's rules).";

const NOTATION: &str = "Position: WHITE/BLACK/TO-PLACE/SIDE, stones by point (a7 ... g1 as on a 7x7 grid; none for \
    none), the stones each still places (white's first), w or b to move: none/none/9,9/w is the start; six: in front \
    for Six Men's Morris. Move: a7 (place), a7-d7 (move), then xb6 for the stone a mill takes.";

static NINE_INFO: Info = Info {
    id: "morris",
    name: "Nine Men's Morris",
    aliases: &["nine-mens-morris", "mill"],
    summary: "place then move stones on 24 points; a mill takes a stone; three stones fly",
    rules: RULES,
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::text("board", "Board", "standard").help("standard (24 points) or six (Six Men's Morris, 16)"),
        Param::int("white", "White's stones", "9", 0, 12),
        Param::int("black", "Black's stones", "9", 0, 12),
    ],
    notation: NOTATION,
    end: "the other side down to two stones or without a move",
};

static LASKER_INFO: Info = Info {
    id: "lasker-morris",
    name: "Lasker Morris",
    aliases: &[],
    summary: "Nine Men's Morris with ten stones, and a move may replace a placement",
    rules: "As Nine Men's Morris (see `morris`), with ten stones each, and a player with stones to place \
        may move a stone instead.",
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::text("board", "Board", "standard").help("standard (24 points) or six (16)"),
        Param::int("white", "White's stones", "10", 0, 12),
        Param::int("black", "Black's stones", "10", 0, 12),
    ],
    notation: NOTATION,
    end: "the other side down to two stones or without a move",
};

static MORABARABA_INFO: Info = Info {
    id: "morabaraba",
    name: "Morabaraba",
    aliases: &["twelve-mens-morris"],
    summary: "Nine Men's Morris's rules with twelve stones each and the squares' corners joined",
    rules: "As Nine Men's Morris (see `morris`), with twelve stones each, on the board whose squares' corners \
        are joined too (four more lines, four more mills). Twelve stones each can fill the board: a full \
        board, where no one can move, is a draw (Gévay & Danner's rule).",
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::text("board", "Board", "morabaraba").help("morabaraba (24 points, the corners joined), standard or six"),
        Param::int("white", "White's stones", "12", 0, 12),
        Param::int("black", "Black's stones", "12", 0, 12),
    ],
    notation: "Position: WHITE/BLACK/TO-PLACE/SIDE, stones by point (a7 ... g1 as on a 7x7 grid; none for none), \
        the stones each still places (white's first), w or b to move: none/none/12,12/w is the start. Move: a7 \
        (place), a7-b6 (move), then xd6 for the stone a mill takes.",
    end: "the other side down to two stones or without a move; a full board is a draw",
};

fn board_named(name: &str, error: fn(String) -> Error) -> Result<Board, Error> {
    match name.trim() {
        "standard" => Ok(Board::standard()),
        "six" => Ok(Board::six()),
        "morabaraba" => Ok(Board::morabaraba()),
        other => Err(error(format!("\"{other}\" is not a board: standard, morabaraba or six"))),
    }
}

/// A point's place on the 7×7 grid: (row from the top, column).
fn grid_cell(name: &str) -> (u32, u32) {
    let b = name.as_bytes();
    (7 - (b[1] - b'0') as u32, (b[0] - b'a') as u32)
}

impl MorrisListing {
    fn game(&self, board: Board, stones: [u8; 2]) -> Morris {
        Morris::new(board, stones, self.lasker)
    }

    /// `@2`: the index a file's slots follow (one class of the first
    /// side's stones per symmetry, `index.rs`; the counts turned round in
    /// the same tier only where both sides move, `rules.rs`; `@1` kept
    /// them together everywhere); files of another index are refused, not
    /// misread, once it changes.
    fn key(&self, game: &Morris) -> String {
        format!("{}@2:{}", Listing::info(self).id, game.board.id)
    }

    /// White's and Black's stones, whoever moves.
    fn colours(state: &Moving<Stones>) -> (u32, u32, [u8; 2]) {
        let s = &state.pos;
        if state.mover == 0 {
            (s.mine, s.theirs, s.hand)
        } else {
            (s.theirs, s.mine, [s.hand[1], s.hand[0]])
        }
    }

    fn points(board: &Board, stones: u32) -> String {
        let names: Vec<&str> =
            (0..board.points()).filter(|p| stones >> p & 1 == 1).map(|p| board.names[p as usize]).collect();
        if names.is_empty() {
            // not "-": a word starting with one reads as an option on a command line
            "none".into()
        } else {
            names.join(",")
        }
    }

    fn parse_points(board: &Board, text: &str, whose: &str) -> Result<u32, Error> {
        if matches!(text.trim(), "none" | "-" | "") {
            return Ok(0);
        }
        let mut stones = 0u32;
        for name in text.split(',') {
            let p = board.point(name).ok_or_else(|| {
                Error::position(format!(
                    "{whose}: \"{}\" is not a point of the {} board ({} ...)",
                    name.trim(),
                    board.id,
                    board.names[..4].join(", ")
                ))
            })?;
            if stones >> p & 1 == 1 {
                return Err(Error::position(format!("{whose}: {} twice", board.names[p as usize])));
            }
            stones |= 1 << p;
        }
        Ok(stones)
    }
}

impl Listing for MorrisListing {
    type Game = Morris;
    type State = Moving<Stones>;

    fn info(&self) -> &'static Info {
        match (self.lasker, self.board) {
            (true, _) => &LASKER_INFO,
            (false, "morabaraba") => &MORABARABA_INFO,
            _ => &NINE_INFO,
        }
    }

    fn start(&self, params: &Params) -> Result<(Morris, Moving<Stones>), Error> {
        let specs = Listing::info(self).params;
        let name = params.text(&specs[0]);
        let board = board_named(if name.trim().is_empty() { self.board } else { name }, Error::params)?;
        let stones = [params.int(&specs[1])? as u8, params.int(&specs[2])? as u8];
        let game = self.game(board, stones);
        let start = game.start();
        Ok((game, Moving::first(start)))
    }

    fn parse(&self, text: &str) -> Result<(Morris, Moving<Stones>), Error> {
        let (board, rest) = match text.split_once(':') {
            Some((b, rest)) => (board_named(b, Error::position)?, rest),
            None => (board_named(self.board, Error::position)?, text),
        };
        let parts: Vec<&str> = rest.split('/').collect();
        let [white, black, hands, side] = parts[..] else {
            return Err(Error::position(format!(
                "\"{}\" is not a position like a7,d7/b6/7,8/b (white's stones, black's, the stones to place, who moves)",
                crate::notation::shorten(text)
            )));
        };
        let white = Self::parse_points(&board, white, "white's stones")?;
        let black = Self::parse_points(&board, black, "black's stones")?;
        if white & black != 0 {
            return Err(Error::position("a point holds a white stone and a black one"));
        }
        let hand: Vec<u8> = hands
            .split(',')
            .map(|h| h.trim().parse::<u8>().ok().filter(|&n| n <= 12))
            .collect::<Option<Vec<u8>>>()
            .filter(|h| h.len() == 2)
            .ok_or_else(|| {
                Error::position(format!("\"{hands}\": the stones to place are two numbers up to 12, like 7,8"))
            })?;
        let mover = match side.trim() {
            "w" | "W" => 0,
            "b" | "B" => 1,
            s => return Err(Error::position(format!("\"{s}\": who moves is w or b"))),
        };
        let stones = [white.count_ones() as u8 + hand[0], black.count_ones() as u8 + hand[1]];
        let pos = if mover == 0 {
            Stones { mine: white, theirs: black, hand: [hand[0], hand[1]] }
        } else {
            Stones { mine: black, theirs: white, hand: [hand[1], hand[0]] }
        };
        Ok((self.game(board, stones), Moving { pos, mover }))
    }

    fn write(&self, game: &Morris, state: &Moving<Stones>) -> String {
        let (white, black, hand) = Self::colours(state);
        let prefix = if game.board.id == self.board { String::new() } else { format!("{}:", game.board.id) };
        let side = if state.mover == 0 { "w" } else { "b" };
        format!(
            "{prefix}{}/{}/{},{}/{side}",
            Self::points(&game.board, white),
            Self::points(&game.board, black),
            hand[0],
            hand[1]
        )
    }

    fn params(&self, game: &Morris, _: &Moving<Stones>) -> Params {
        Params::new().with("board", game.board.id).with("white", game.stones[0]).with("black", game.stones[1])
    }

    fn pos<'s>(&self, state: &'s Moving<Stones>) -> &'s Stones {
        &state.pos
    }

    fn play(&self, game: &Morris, state: &Moving<Stones>, mv: Shift) -> Moving<Stones> {
        state.then(game.play(&state.pos, mv).pos)
    }

    fn to_move(&self, _: &Morris, state: &Moving<Stones>) -> usize {
        state.mover as usize
    }

    fn move_name(&self, game: &Morris, _: &Moving<Stones>, mv: Shift) -> String {
        let name = |p: u8| game.board.names[p as usize];
        let mut s =
            if mv.from == NONE { name(mv.to).to_string() } else { format!("{}-{}", name(mv.from), name(mv.to)) };
        if mv.take != NONE {
            s += &format!("x{}", name(mv.take));
        }
        s
    }

    fn move_label(&self, game: &Morris, _: &Moving<Stones>, mv: Shift) -> String {
        let name = |p: u8| game.board.names[p as usize];
        let mut s = if mv.from == NONE {
            format!("place on {}", name(mv.to))
        } else {
            format!("{} to {}", name(mv.from), name(mv.to))
        };
        if mv.take != NONE {
            s += &format!(", a mill: take {}", name(mv.take));
        }
        s
    }

    fn parse_move(&self, game: &Morris, state: &Moving<Stones>, text: &str) -> Option<Shift> {
        let plain = |t: &str| t.trim().to_ascii_lowercase().replace(' ', "");
        let want = plain(text);
        self.moves(game, state).into_iter().find(|&mv| plain(&self.move_name(game, state, mv)) == want)
    }

    fn target(&self, game: &Morris, _: &Moving<Stones>, mv: Shift) -> Option<Target> {
        let (r, c) = grid_cell(game.board.names[mv.to as usize]);
        Some(Target::Cell([r, c]))
    }

    /// The 7×7 grid the point names come from: stones on points, the board's
    /// lines between them.
    fn diagram(&self, game: &Morris, state: &Moving<Stones>) -> Diagram {
        let board = &game.board;
        let mut cells = vec![Cell::label(" "); 49];
        for (p, adjacent) in board.adjacent.iter().enumerate() {
            let (r, c) = grid_cell(board.names[p]);
            for q in (0..board.points()).filter(|q| adjacent >> q & 1 == 1) {
                let (r2, c2) = grid_cell(board.names[q as usize]);
                if r == r2 {
                    for cc in c.min(c2) + 1..c.max(c2) {
                        cells[(r * 7 + cc) as usize] = Cell::label("-");
                    }
                } else if c == c2 {
                    for rr in r.min(r2) + 1..r.max(r2) {
                        cells[(rr * 7 + c) as usize] = Cell::label("|");
                    }
                }
            }
        }
        let (white, black, hand) = Self::colours(state);
        for p in 0..board.points() {
            let (r, c) = grid_cell(board.names[p as usize]);
            cells[(r * 7 + c) as usize] = if white >> p & 1 == 1 {
                Cell::piece(0, "W")
            } else if black >> p & 1 == 1 {
                Cell::piece(1, "B")
            } else {
                Cell::default()
            };
        }
        Diagram::grid(Grid::new(7, 7, cells).coloured([Colour::White, Colour::Black]))
            .note(format!("to place: White {}, Black {}", hand[0], hand[1]))
    }

    fn value(&self, game: &Morris, state: &Moving<Stones>, cx: &Cx) -> Result<Valued<Shift>, Error> {
        use boyi::solve::tiers::Tiered;
        let key = self.key(game);
        let tiers = cx.tiers(&key, game, game.tier_of(&state.pos))?;
        let value = |s: &Stones| -> Outcome {
            let t = game.tier_of(s);
            tiers.get(&t).map_or(Outcome::Draw, |solved| solved.value_at(game.rank_in(t, s)))
        };
        let filed = cx.session.databases().iter().any(|d| d.header().key.starts_with(&format!("{key}/")));
        let solver = if filed { "database lookup (tiers)" } else { "tiers (retrograde analysis)" };
        valued_by(game, &state.pos, |child| Ok(value(child)), Verdict::from, solver)
    }

    /// The tiers' values don't depend on the stones the start places (a
    /// tier is its counts), so one key serves every instance on a board.
    fn solved_key(&self, game: &Morris) -> Option<String> {
        Some(self.key(game))
    }

    fn tiered(&self) -> bool {
        true
    }

    /// Every tier the start reaches, one file each in the directory `path`
    /// with a manifest; the tiers a directory already holds are kept.
    fn save(&self, game: &Morris, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        use boyi::solve::tiers::{Manifest, Tiered};
        let sizes: Vec<u64> = game.tiers().iter().map(|&t| game.tier_size(t)).collect();
        let (total, largest) = (sizes.iter().sum::<u64>(), sizes.iter().copied().max().unwrap_or(0));
        // the largest tier's cells (6 bytes a position: predecessors come
        // from un-moves); the tiers below it are read through their maps
        // (pages the system keeps or drops)
        cx.ctl.reserve("the largest tier's solve", largest * 6)?;
        if path.exists() && !path.is_dir() {
            return Err(Error::input(format!(
                "{}: a game in tiers is written to a directory (one file a tier), and this is a file",
                path.display()
            )));
        }
        cx.save_tiers(game, ident, path)?;
        let manifest = Manifest::read(path)?;
        let first = manifest.tiers.first().ok_or_else(|| Error::input("a game without tiers"))?;
        let mut header = db::Database::open(&Manifest::file(path, &first.name))?.header().clone();
        header.key = ident.key.clone();
        header.size = total;
        header.checksum = 0;
        Ok(header)
    }

    /// Positions drawn at random from the whole game (each tier as likely
    /// as its share of the slots, each position in one of its symmetric
    /// images at random), looked up as [`MorrisListing::value`] looks up a
    /// child: its tier's file found, the position folded and ranked, a
    /// byte read.
    fn tier_lookups(
        &self,
        game: Morris,
        tiers: &[std::sync::Arc<db::Database>],
    ) -> Result<(crate::listing::Lookup, u64), Error> {
        use boyi::solve::tiers::Tiered;
        use boyi::solve::Solved;
        use std::collections::HashMap;
        const POSITIONS: usize = 1 << 20;
        let key = self.key(&game);
        let files: HashMap<&str, &std::sync::Arc<db::Database>> =
            tiers.iter().map(|d| (d.header().key.as_str(), d)).collect();
        let mut solved = HashMap::new();
        // each tier's slots end where the next tier's begin: (end, tier)
        let (mut slots, mut total) = (Vec::new(), 0u64);
        for t in game.tiers() {
            let name = format!("{key}/{}", game.tier_name(t));
            let file =
                files.get(name.as_str()).ok_or_else(|| Error::input(format!("no file holds the tier {name}")))?;
            let values = Solved::<Outcome>::mapped((*file).clone())
                .filter(|v| v.len() == game.tier_size(t))
                .ok_or_else(|| Error::input(format!("{name}: not the tier's win / lose / draw values")))?;
            solved.insert(t, values);
            total += game.tier_size(t);
            slots.push((total, t));
        }
        let mut rng = crate::generate::Rng::new(2026);
        let fold = game.folding();
        let positions: Vec<Stones> = (0..POSITIONS)
            .map(|_| {
                let at = rng.next_u64() % total;
                let i = slots.partition_point(|&(end, _)| end <= at);
                let (end, t) = slots[i];
                let mut s = game.unrank_in(t, at - (end - game.tier_size(t)));
                let image = (rng.next_u64() % fold.symmetries() as u64) as usize;
                s.mine = fold.image(image, s.mine);
                s.theirs = fold.image(image, s.theirs);
                s
            })
            .collect();
        let lookup = move |i: u64| {
            let s = &positions[i as usize % positions.len()];
            let t = game.tier_of(s);
            solved.get(&t).map_or(0, |values| boyi::Value::to_score(values.value_at(game.rank_in(t, s))))
        };
        Ok((Box::new(lookup), POSITIONS as u64))
    }

    fn verify_tiers(&self, game: &Morris, dir: &Path, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        use boyi::solve::tiers::{self, Tiered};
        let solution = tiers::read_dir(game, dir)?;
        let mut found = Vec::new();
        for t in tiers::order(game)? {
            for d in tiers::verify_tier(game, t, &solution, limit - found.len(), ctl)? {
                let pos = game.unrank_in(t, d.rank);
                let text = self.write(game, &Moving { pos, mover: 0 });
                found.push(format!(
                    "tier {} slot {}: {text} (as if White moved) holds {:?}, its moves give {:?}",
                    game.tier_name(t),
                    d.rank,
                    d.stored,
                    d.derived
                ));
            }
            if found.len() >= limit {
                break;
            }
        }
        Ok(found)
    }
}
