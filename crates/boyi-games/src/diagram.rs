//! What a position looks like, as data: a grid of cells with pieces and
//! marks, a row of heaps, or a graph with a token. A game describes its
//! positions once, here; the command line prints the description as text
//! and the page draws it, so neither knows any game. Moves point into the
//! description with a [`Target`]: the cell they fill, the column they drop
//! into, the counter they take, the vertex they move to.

use serde::{Deserialize, Serialize};

/// A position's picture and the lines said beside it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagram {
    #[serde(flatten)]
    pub picture: Picture,
    /// Facts beside the picture: scores so far, whose piece is which.
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Picture {
    Grid(Grid),
    Heaps { heaps: Vec<Heap> },
    Graph(Drawing),
}

/// `rows × cols` cells, row by row from the top.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grid {
    pub rows: u32,
    pub cols: u32,
    pub cells: Vec<Cell>,
    /// The edges wrap around (a torus).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub wraps: bool,
    /// Stones fall to the lowest empty cell of a column (moves target columns).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub drop: bool,
    /// What the players' pieces are called by colour, first player first
    /// (`white`, `black`, `red`, `blue`, `yellow`), where the game's own
    /// words name them: a page draws White's pieces white, not in a colour
    /// of its own choosing. `None`: the page picks.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub colours: Option<[Colour; 2]>,
}

impl Grid {
    /// A `rows × cols` grid of these cells.
    pub fn new(rows: u32, cols: u32, cells: Vec<Cell>) -> Grid {
        debug_assert_eq!(cells.len(), (rows * cols) as usize);
        Grid { rows, cols, cells, wraps: false, drop: false, colours: None }
    }

    /// The same grid, its pieces drawn in these colours (see [`Grid::colours`]).
    pub fn coloured(self, colours: [Colour; 2]) -> Grid {
        Grid { colours: Some(colours), ..self }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// A piece of this player (0 moves first) stands here.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub piece: Option<u8>,
    /// What is written in the cell: a piece's letter, a number.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub label: String,
    /// The cell counts for this player (filled by it, scored by it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub owner: Option<u8>,
    /// Small numbers in the corners: what the cell is worth to the first
    /// player (top left) and to the second (bottom right).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub worth: Option<[i64; 2]>,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub marks: Vec<Mark>,
}

/// How a cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The last move.
    Last,
    /// Part of a winning line.
    Line,
    /// Out of play.
    Gone,
}

/// The colours a game's words give its pieces (see [`Grid::colours`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Black,
    Red,
    Blue,
    Yellow,
}

impl Cell {
    pub fn piece(player: u8, label: impl Into<String>) -> Cell {
        Cell { piece: Some(player), label: label.into(), ..Cell::default() }
    }

    pub fn label(label: impl Into<String>) -> Cell {
        Cell { label: label.into(), ..Cell::default() }
    }

    pub fn mark(mut self, mark: Mark) -> Cell {
        self.marks.push(mark);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heap {
    pub size: u64,
    #[serde(default)]
    pub label: String,
}

/// A graph: vertices `0..vertices` (shown 1-based), its edges, the token
/// and where it has been.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    pub vertices: u32,
    pub edges: Vec<[u32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub token: Option<u32>,
    /// The vertex standing on the ground (Hackenbush).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ground: Option<u32>,
    /// The token's path so far, its start first (the edges it used).
    #[serde(default)]
    pub path: Vec<u32>,
    /// Vertices out of play.
    #[serde(default)]
    pub visited: Vec<u32>,
}

/// Where a move is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// The cell it fills or moves to (row, column, from 0).
    Cell([u32; 2]),
    /// The column it drops into.
    Column(u32),
    /// Taking this many counters from this heap (heap from 0).
    Counter([u64; 2]),
    Vertex(u32),
    /// The edge it cuts (its ends, from 0).
    Edge([u32; 2]),
}

impl Diagram {
    /// The diagram, if it can be drawn as it says: a grid's cells are rows
    /// times columns, pieces and owners are players 0 and 1, a graph's
    /// edges, token, ground and path are its vertices. (A diagram a game
    /// of the catalogue makes always can; one read from a user's game is
    /// checked before a page draws it.)
    pub fn checked(self) -> Result<Diagram, String> {
        match &self.picture {
            Picture::Grid(g) => {
                let cells = u64::from(g.rows) * u64::from(g.cols);
                if g.cells.len() as u64 != cells {
                    return Err(format!(
                        "a {}x{} grid has {cells} cells, and {} are given (row by row from the top)",
                        g.rows,
                        g.cols,
                        g.cells.len()
                    ));
                }
                if g.rows > 1000 || g.cols > 1000 {
                    return Err(format!("a {}x{} grid is too large to draw (at most 1000 a side)", g.rows, g.cols));
                }
                if let Some(c) =
                    g.cells.iter().find(|c| c.piece.is_some_and(|p| p > 1) || c.owner.is_some_and(|p| p > 1))
                {
                    return Err(format!("a cell's piece and owner are player 0 or 1, not {c:?}"));
                }
            }
            Picture::Heaps { .. } => {}
            Picture::Graph(d) => {
                let inside = |v: u32| v < d.vertices;
                let fine = d.edges.iter().flatten().copied().all(inside)
                    && d.token.is_none_or(inside)
                    && d.ground.is_none_or(inside)
                    && d.path.iter().copied().all(inside)
                    && d.visited.iter().copied().all(inside);
                if !fine {
                    return Err(format!(
                        "a graph of {} vertices names a vertex past them (vertices from 0)",
                        d.vertices
                    ));
                }
            }
        }
        Ok(self)
    }

    pub fn grid(grid: Grid) -> Diagram {
        Diagram { picture: Picture::Grid(grid), notes: Vec::new() }
    }

    pub fn heaps(heaps: Vec<Heap>) -> Diagram {
        Diagram { picture: Picture::Heaps { heaps }, notes: Vec::new() }
    }

    pub fn graph(drawing: Drawing) -> Diagram {
        Diagram { picture: Picture::Graph(drawing), notes: Vec::new() }
    }

    pub fn note(mut self, line: impl Into<String>) -> Diagram {
        self.notes.push(line.into());
        self
    }

    /// The picture as lines of text, the notes after it; cells where a move
    /// in `targets` lands are marked `+` when nothing else is written there,
    /// cells out of play `_`.
    pub fn text(&self, targets: &[Target]) -> Vec<String> {
        let mut out = match &self.picture {
            Picture::Grid(g) => grid_text(g, targets),
            Picture::Heaps { heaps } if heaps.is_empty() => vec!["no heaps left".to_string()],
            Picture::Heaps { heaps } => heaps.iter().map(|h| format!("{}: {}", h.label, h.size)).collect(),
            Picture::Graph(d) => graph_text(d),
        };
        out.extend(self.notes.iter().cloned());
        out
    }
}

/// Boards wider or taller than this are summarised, not printed.
const MAX_TEXT_SIDE: u32 = 60;

fn grid_text(g: &Grid, targets: &[Target]) -> Vec<String> {
    if g.rows > MAX_TEXT_SIDE || g.cols > MAX_TEXT_SIDE {
        return vec![format!("a {}x{} board (too large to print)", g.rows, g.cols)];
    }
    let target = |r: u32, c: u32| {
        targets.iter().any(|t| match *t {
            Target::Cell([tr, tc]) => (tr, tc) == (r, c),
            _ => false,
        })
    };
    let text: Vec<String> = (0..g.rows * g.cols)
        .map(|i| {
            let cell = &g.cells[i as usize];
            if cell.marks.contains(&Mark::Gone) {
                "_".to_string()
            } else if !cell.label.is_empty() {
                cell.label.clone()
            } else if target(i / g.cols, i % g.cols) {
                "+".to_string()
            } else {
                ".".to_string()
            }
        })
        .collect();
    let width = text.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut lines: Vec<String> = (0..g.rows)
        .map(|r| {
            (0..g.cols).map(|c| format!("{:>width$}", text[(r * g.cols + c) as usize])).collect::<Vec<_>>().join(" ")
        })
        .collect();
    if targets.iter().any(|t| matches!(t, Target::Column(_))) && width == 1 {
        lines.push((1..=g.cols).map(|c| (c % 10).to_string()).collect::<Vec<_>>().join(" "));
    }
    lines
}

fn graph_text(d: &Drawing) -> Vec<String> {
    let list = |v: &[u32]| {
        let mut names: Vec<String> = v.iter().take(20).map(|w| (w + 1).to_string()).collect();
        if v.len() > 20 {
            names.push(format!("... ({} in all)", v.len()));
        }
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(" ")
        }
    };
    let mut out = vec![format!(
        "{}, {}",
        crate::notation::count(d.vertices.into(), "vertex", "vertices"),
        crate::notation::count(d.edges.len() as u64, "edge", "edges")
    )];
    if let Some(t) = d.token {
        out.push(format!("the token is on vertex {}; visited: {}", t + 1, list(&d.visited)));
    }
    if let Some(g) = d.ground {
        let mut edges: Vec<String> = d.edges.iter().take(40).map(|[u, v]| format!("{}-{}", u + 1, v + 1)).collect();
        if d.edges.len() > 40 {
            edges.push("...".to_string());
        }
        out.push(format!(
            "ground: vertex {}; edges: {}",
            g + 1,
            if edges.is_empty() { "none".to_string() } else { edges.join(" ") }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_print_with_targets_and_json_skips_empty_fields() {
        let mut cells = vec![Cell::default(); 6];
        cells[0] = Cell::piece(0, "X");
        let d = Diagram::grid(Grid::new(2, 3, cells)).note("1 stone");
        assert_eq!(d.text(&[Target::Cell([0, 1])]), ["X + .", ". . .", "1 stone"]);
        assert_eq!(d.text(&[Target::Column(2)]), ["X . .", ". . .", "1 2 3", "1 stone"]);
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json["kind"], "grid");
        assert_eq!(json["cells"][0], serde_json::json!({"piece": 0, "label": "X"}));
        assert_eq!(json["cells"][1], serde_json::json!({}));
        assert_eq!(serde_json::to_value(Target::Counter([1, 3])).unwrap(), serde_json::json!({"counter": [1, 3]}));
    }
}
