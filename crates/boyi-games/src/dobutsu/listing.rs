//! Dōbutsu Shōgi in the catalogue: its entry, moves by name, its
//! picture, and values from a retrograde solve or a database.

use std::path::Path;
use std::sync::Arc;

use boyi::db;
use boyi::solve::Solved;
use boyi::{Control, Game, Indexed, Value};

use crate::diagram::{Cell, Diagram, Grid, Target};
use crate::error::Error;
use crate::listing::survey::{self, Survey};
use crate::listing::{describe, valued_by, Cx, Info, Listing, Lookup, Moving, Valued};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

use super::notation::{self, letter, piece_word, sente_view, square_name};
use super::rules::{Board, Dobutsu, Shift};
use super::{CHICK, ELEPHANT, FILES, GIRAFFE, HAND_KINDS, HEN, SQUARES, THEIRS};

/// Dōbutsu Shōgi in the catalogue. A position is written as
/// `SIDE/R1/R2/R3/R4/HAND`, as `clausecker/dobutsu`'s `setup` reads it:
/// `S` or `G` to move, the ranks from Gote's back rank (1) to Sente's
/// (4), files A to C, Sente's pieces upper case (`L E G C R`, R a hen),
/// Gote's lower case, `-` an empty square; then the pieces in hand, or
/// `-`. The start is `S/gle/-c-/-C-/ELG/-`. Fewer pieces make a smaller
/// game (the material is part of the game).
pub struct DobutsuListing;

static INFO: Info = Info {
    id: "dobutsu",
    name: "Dōbutsu Shōgi",
    aliases: &["dobutsu-shogi", "animal-shogi"],
    summary: "3x4 shogi with lion, elephant, giraffe, chick; captures go to hand and drop back (retrograde, draws)",
    rules: "Lion: one square any way; elephant: one diagonally; giraffe: one orthogonally; chick: one forward, \
            becoming a hen (orthogonal or diagonally forward) when it steps onto the far rank. A capture puts \
            the piece in the captor's hand (a hen as a chick); instead of moving, a piece in hand may be \
            dropped on any empty square. Capturing the lion wins, and so does moving one's lion onto the far \
            rank where it cannot be taken at once. No legal move loses; endless play is a draw.",
    players: ["Sente", "Gote"],
    values: "outcome",
    params: &[
        Param::int("elephants", "Elephants", "2", 0, 2).help("fewer pieces make a smaller game"),
        Param::int("giraffes", "Giraffes", "2", 0, 2),
        Param::int("chicks", "Chicks", "2", 0, 2),
    ],
    notation: "Position: SIDE/R1/R2/R3/R4/HAND (S/gle/-c-/-C-/ELG/-): S or G to move, ranks 1 (Gote's back \
               rank) to 4, files a-c, Sente upper case, Gote lower, L E G C R (R: hen), - empty; then the \
               pieces in hand or -. Move: from and to square (b3b2), or a drop C*a2.",
    end: "endless play",
};

impl DobutsuListing {
    fn key(game: &Dobutsu) -> String {
        let [e, g, c] = game.material();
        format!("dobutsu:{e}{g}{c}")
    }

    /// A move's squares as Sente names them, whoever moves.
    fn squares(state: &Moving<Board>, mv: Shift) -> (Option<usize>, usize) {
        let turn = |s: usize| if state.mover == 0 { s } else { SQUARES - 1 - s };
        ((mv.from as usize) < SQUARES)
            .then(|| turn(mv.from as usize))
            .map_or((None, turn(mv.to as usize)), |f| (Some(f), turn(mv.to as usize)))
    }
}

impl Listing for DobutsuListing {
    type Game = Dobutsu;
    type State = Moving<Board>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Dobutsu, Moving<Board>), Error> {
        let specs = INFO.params;
        let mut material = [0u8; 3];
        for (slot, spec) in specs.iter().enumerate() {
            material[slot] = params.int(spec)? as u8;
        }
        let game = Dobutsu::with_material(material);
        let start = game.start();
        Ok((game, Moving::first(start)))
    }

    fn parse(&self, text: &str) -> Result<(Dobutsu, Moving<Board>), Error> {
        notation::parse(text)
    }

    fn write(&self, _: &Dobutsu, state: &Moving<Board>) -> String {
        notation::write(state)
    }

    fn params(&self, game: &Dobutsu, _: &Moving<Board>) -> Params {
        let [e, g, c] = game.material();
        Params::new().with("elephants", e).with("giraffes", g).with("chicks", c)
    }

    fn pos<'s>(&self, state: &'s Moving<Board>) -> &'s Board {
        &state.pos
    }

    fn play(&self, game: &Dobutsu, state: &Moving<Board>, mv: Shift) -> Moving<Board> {
        state.then(game.play(&state.pos, mv).pos)
    }

    fn to_move(&self, _: &Dobutsu, state: &Moving<Board>) -> usize {
        state.mover as usize
    }

    fn move_name(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> String {
        match Self::squares(state, mv) {
            (Some(from), to) => format!("{}{}", square_name(from), square_name(to)),
            (None, to) => format!("{}*{}", letter(mv.drop_kind().expect("a drop")), square_name(to)),
        }
    }

    fn move_label(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> String {
        let (from, to) = Self::squares(state, mv);
        let b = &state.pos;
        match from {
            None => format!("drop a {} on {}", piece_word(mv.drop_kind().expect("a drop")), square_name(to)),
            Some(f) => {
                let piece = b.cells[mv.from as usize] & 7;
                let taken = b.cells[mv.to as usize] & 7;
                let promotes = piece == CHICK && (mv.to as usize) / FILES == 0;
                format!(
                    "{} {} {} {}{}",
                    piece_word(piece),
                    square_name(f),
                    if taken != 0 { "takes" } else { "to" },
                    square_name(to),
                    if promotes { ", becomes a hen" } else { "" }
                )
            }
        }
    }

    fn parse_move(&self, game: &Dobutsu, state: &Moving<Board>, text: &str) -> Option<Shift> {
        let plain = |t: &str| -> String {
            let t: String = t.chars().filter(|c| !matches!(c, 'x' | 'X' | '-' | '+' | ' ')).collect();
            let t = t.to_ascii_lowercase();
            // a leading piece letter before a square (Cb3b2) says nothing more
            match t.as_bytes() {
                [p, f, ..] if b"legcr".contains(p) && (b'a'..=b'c').contains(f) && !t.contains('*') => {
                    t[1..].to_string()
                }
                _ => t,
            }
        };
        let want = plain(text);
        self.moves(game, state).into_iter().find(|&mv| plain(&self.move_name(game, state, mv)) == want)
    }

    fn target(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> Option<Target> {
        let (_, to) = Self::squares(state, mv);
        Some(Target::Cell([(to / FILES) as u32, (to % FILES) as u32]))
    }

    fn diagram(&self, _: &Dobutsu, state: &Moving<Board>) -> Diagram {
        let b = sente_view(state);
        let cells = b
            .cells
            .iter()
            .map(|&p| match p {
                0 => Cell::default(),
                p if p & THEIRS != 0 => Cell::piece(1, letter(p & 7).to_ascii_lowercase().to_string()),
                p => Cell::piece(0, letter(p).to_string()),
            })
            .collect();
        let held = |owner: usize| -> String {
            let mut s = String::new();
            for slot in 0..3 {
                for _ in 0..b.hand[owner][slot] {
                    s.push(letter(HAND_KINDS[slot]));
                }
            }
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        };
        Diagram::grid(Grid::new(4, FILES as u32, cells)).note(format!(
            "in hand: Sente {}, Gote {}",
            held(0),
            held(1).to_ascii_lowercase()
        ))
    }

    fn value(&self, game: &Dobutsu, state: &Moving<Board>, cx: &Cx) -> Result<Valued<Shift>, Error> {
        let key = Self::key(game);
        let table = cx.retrograde(&key, game)?;
        valued_by(
            game,
            &state.pos,
            |child| Ok(table.value(game, child)),
            Verdict::from,
            cx.solved_by(&key, "retrograde"),
        )
    }

    fn solved_key(&self, game: &Dobutsu) -> Option<String> {
        Some(Self::key(game))
    }

    fn save(&self, game: &Dobutsu, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        cx.save_retrograde(game, ident, path)
    }

    fn verify(&self, game: &Dobutsu, file: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        Ok(db::verify(game, file, limit, ctl)?.iter().map(describe).collect())
    }

    /// Grouped by material: the pieces besides the lions the side to move
    /// owns (on the board or in hand; a hen is a chick) against the other's.
    fn survey(&self, game: &Dobutsu, file: &db::Database, ask: &survey::Ask, ctl: &Control) -> Result<Survey, Error> {
        let material = game.material();
        let group = |b: &Board| {
            let n = owned(b);
            n[0] as usize + 3 * (n[1] as usize + 3 * n[2] as usize)
        };
        let names = (0..27)
            .map(|i| {
                let n = [i % 3, i / 3 % 3, i / 9].map(|k| k as u8);
                let pieces = |count: [u8; 3]| -> String {
                    let s: String =
                        (0..3).flat_map(|k| std::iter::repeat_n(letter(HAND_KINDS[k]), count[k] as usize)).collect();
                    if s.is_empty() {
                        "-".into()
                    } else {
                        s
                    }
                };
                let theirs = [0, 1, 2].map(|k| material[k].saturating_sub(n[k]));
                format!("{} vs {}", pieces(n), pieces(theirs).to_ascii_lowercase())
            })
            .collect();
        let grouping = survey::Grouping { what: "material: the mover's pieces vs the other's", names, of: &group };
        let text = |b: &Board| notation::write(&Moving::first(*b));
        survey::survey(game, file, ask, ctl, text, Some(grouping))
    }

    fn slot_position(&self, game: &Dobutsu, file: &db::Database, slot: u64) -> Option<String> {
        let rank = if file.len() == game.size() { slot } else { game.stored_rank(slot) };
        (slot < file.len()).then(|| notation::write(&Moving::first(game.unrank(rank))))
    }

    fn lookups(&self, game: &Dobutsu, file: Arc<db::Database>) -> Result<(Lookup, u64), Error> {
        let solved = Solved::mapped_for(file, game)
            .ok_or_else(|| Error::input("the database does not hold this instance's values"))?;
        Ok((Box::new(move |rank| solved.value_at(rank).to_score()), game.size()))
    }
}

/// The elephants, giraffes and chicks (hens among them) the side to move
/// owns, on the board and in hand.
fn owned(b: &Board) -> [u8; 3] {
    let mut n = b.hand[0];
    for &p in b.cells.iter().filter(|&&p| p != 0 && p & THEIRS == 0) {
        match p & 7 {
            ELEPHANT => n[0] += 1,
            GIRAFFE => n[1] += 1,
            CHICK | HEN => n[2] += 1,
            _ => {}
        }
    }
    n
}
