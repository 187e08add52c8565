//! Pictures of solved games as SVG, drawn once here so the command line,
//! the page and the Python package show the same thing: a Grundy sequence
//! with its period marked, a win / lose map over two coordinates, and how
//! remoteness is spread over a solved game's positions.
//!
//! SVG text needs no fonts on the machine that draws it (the viewer
//! renders it), so pictures work on a bare server.

use plotters::prelude::*;

/// A position's result in a map: one tile of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    Win,
    Lose,
    Draw,
    /// No position lands here (not reachable, or outside the game).
    Empty,
}

const WIN: RGBColor = RGBColor(46, 139, 87);
const LOSE: RGBColor = RGBColor(200, 60, 50);
const DRAW: RGBColor = RGBColor(150, 150, 150);
const POINT: RGBColor = RGBColor(40, 90, 170);
const PERIOD: RGBColor = RGBColor(230, 160, 40);

fn drawn(error: impl std::fmt::Display) -> String {
    format!("the picture could not be drawn: {error}")
}

/// `G(0..)` against heap size; from the preperiod on, each period's start
/// is marked by a line and the periodic part shaded.
pub fn grundy_svg(title: &str, values: &[u32], period: Option<(u64, u64)>) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let n = values.len().max(1) as u32;
        // (headroom above the largest value for the legend)
        let largest = values.iter().copied().max().unwrap_or(0);
        let top = largest.saturating_add(2).saturating_add(largest / 4);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(40)
            .build_cartesian_2d(0u32..n, 0u32..top)
            .map_err(drawn)?;
        chart.configure_mesh().x_desc("heap size n").y_desc("G(n)").light_line_style(WHITE).draw().map_err(drawn)?;
        if let Some((p, pre)) = period {
            let (p, pre) = (p as u32, pre as u32);
            if pre < n {
                chart
                    .draw_series(std::iter::once(Rectangle::new([(pre, 0), (n, top)], PERIOD.mix(0.12).filled())))
                    .map_err(drawn)?
                    .label(format!("period {p} from {pre}"))
                    .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], PERIOD.mix(0.4).filled()));
                if p > 0 && (n - pre) / p <= 200 {
                    let starts = (pre..n).step_by(p as usize);
                    chart
                        .draw_series(starts.map(|x| PathElement::new(vec![(x, 0), (x, top)], PERIOD.mix(0.6))))
                        .map_err(drawn)?;
                }
            }
        }
        let size = if n <= 200 { 3 } else { 2 };
        chart
            .draw_series(values.iter().enumerate().map(|(i, &g)| Circle::new((i as u32, g), size, POINT.filled())))
            .map_err(drawn)?;
        if period.is_some() {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(drawn)?;
        }
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// A map over two coordinates: `cells[y][x]`, row 0 at the bottom; `mark`
/// outlines one cell (the position shown beside it).
pub fn outcome_map_svg(
    title: &str,
    cells: &[Vec<Tile>],
    x_name: &str,
    y_name: &str,
    mark: Option<(usize, usize)>,
) -> Result<String, String> {
    map_svg(title, cells, x_name, y_name, mark.as_slice(), "this position")
}

/// A win / lose map with the cells a rule makes P-positions outlined:
/// where an outline sits on a cell that is not red, the rule is wrong.
pub fn rule_map_svg(
    title: &str,
    cells: &[Vec<Tile>],
    x_name: &str,
    y_name: &str,
    marks: &[(usize, usize)],
) -> Result<String, String> {
    map_svg(title, cells, x_name, y_name, marks, "P by the rule")
}

fn map_svg(
    title: &str,
    cells: &[Vec<Tile>],
    x_name: &str,
    y_name: &str,
    marks: &[(usize, usize)],
    mark_label: &str,
) -> Result<String, String> {
    let height = cells.len() as u32;
    let width = cells.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let mut svg = String::new();
    {
        let side = (560 / width.max(height).max(1)).clamp(2, 40);
        let size = (width * side + 120, height * side + 100);
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(40)
            .build_cartesian_2d(0u32..width.max(1), 0u32..height.max(1))
            .map_err(drawn)?;
        chart.configure_mesh().disable_mesh().x_desc(x_name).y_desc(y_name).draw().map_err(drawn)?;
        let squares = cells.iter().enumerate().flat_map(|(y, row)| {
            row.iter().enumerate().filter_map(move |(x, &cell)| {
                let color = match cell {
                    Tile::Win => WIN,
                    Tile::Lose => LOSE,
                    Tile::Draw => DRAW,
                    Tile::Empty => return None,
                };
                let (x, y) = (x as u32, y as u32);
                Some(Rectangle::new([(x, y), (x + 1, y + 1)], color.filled()))
            })
        });
        chart.draw_series(squares).map_err(drawn)?;
        if !marks.is_empty() {
            let width = if marks.len() == 1 { 3 } else { 1 };
            chart
                .draw_series(marks.iter().map(|&(x, y)| {
                    let (x, y) = (x as u32, y as u32);
                    Rectangle::new([(x, y), (x + 1, y + 1)], BLACK.stroke_width(width))
                }))
                .map_err(drawn)?
                .label(mark_label)
                .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], BLACK.stroke_width(2)));
        }
        for (name, color) in [("win for the side to move", WIN), ("lose", LOSE), ("draw", DRAW)] {
            let seen = cells.iter().flatten().any(|&c| {
                matches!(
                    (c, name),
                    (Tile::Win, "win for the side to move") | (Tile::Lose, "lose") | (Tile::Draw, "draw")
                )
            });
            if seen {
                chart
                    .draw_series(std::iter::empty::<Rectangle<(u32, u32)>>())
                    .map_err(drawn)?
                    .label(name)
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(drawn)?;
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// Positions won and lost by remoteness, and how many are drawn: what
/// [`remoteness_svg`] draws.
pub fn remoteness_counts(values: impl IntoIterator<Item = boyi::Outcome>) -> (Vec<u64>, Vec<u64>, u64) {
    let (mut won, mut lost, mut drawn) = (Vec::new(), Vec::new(), 0u64);
    for value in values {
        let (counts, r) = match value {
            boyi::Outcome::Win(r) => (&mut won, r as usize),
            boyi::Outcome::Lose(r) => (&mut lost, r as usize),
            boyi::Outcome::Draw => {
                drawn += 1;
                continue;
            }
        };
        if counts.len() <= r {
            counts.resize(r + 1, 0u64);
        }
        counts[r] += 1;
    }
    (won, lost, drawn)
}

/// How many positions are won and lost at each remoteness (the drawn are
/// counted in the title: they have none).
pub fn remoteness_svg(title: &str, won: &[u64], lost: &[u64], drawn_count: u64) -> Result<String, String> {
    let longest = won.len().max(lost.len()).max(1) as u32;
    let most = won.iter().chain(lost).copied().max().unwrap_or(0).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let caption = if drawn_count > 0 { format!("{title} ({drawn_count} drawn)") } else { title.to_string() };
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d(0u32..longest, 0u64..most + most / 10 + 1)
            .map_err(drawn)?;
        chart
            .configure_mesh()
            .x_desc("remoteness (moves to the end)")
            .y_desc("positions")
            .light_line_style(WHITE)
            .draw()
            .map_err(drawn)?;
        for (counts, color, name) in [(won, WIN, "won"), (lost, LOSE, "lost")] {
            chart
                .draw_series(counts.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(r, &c)| {
                    let r = r as u32;
                    Rectangle::new([(r, 0), (r + 1, c)], color.mix(0.8).filled())
                }))
                .map_err(drawn)?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        }
        chart.configure_series_labels().background_style(WHITE.mix(0.85)).border_style(BLACK).draw().map_err(drawn)?;
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// A table with the rule found in it drawn over it: one coordinate, the
/// values (or P as 0 and N as 1) with the period marked; two, a win / lose
/// map with the rule's P-positions outlined.
pub fn rule_svg(rule: &boyi::rules::Rule, table: &boyi::rules::Table) -> Result<String, String> {
    let values = rule.values;
    match table.dims {
        1 => {
            let shown = table.len().min(5000);
            let seq: Vec<u32> =
                table.values[..shown].iter().map(|&v| values.read(v).min(u32::MAX as u64) as u32).collect();
            let period = match &rule.form {
                Some(boyi::rules::Form::Periodic(p)) => Some((p.period, p.preperiod)),
                _ => None,
            };
            grundy_svg(&format!("{}: {}", rule.family(), rule.text()), &seq, period)
        }
        2 => {
            let side = table.side.min(200);
            let tiles: Vec<Vec<Tile>> = (0..side)
                .map(|y| (0..side).map(|x| if table.at(&[x, y]) == 0 { Tile::Lose } else { Tile::Win }).collect())
                .collect();
            let marks: Vec<(usize, usize)> = (0..side)
                .flat_map(|x| (0..side).map(move |y| (x, y)))
                .filter(|&(x, y)| rule.form.is_some() && rule.predict(&[x as u64, y as u64]) == Some(0))
                .collect();
            rule_map_svg(&format!("{}: P-positions by the rule outlined", rule.family()), &tiles, "x", "y", &marks)
        }
        d => Err(format!("a table of {d} coordinates has no picture")),
    }
}

/// A thermograph as CGT draws it: value on the horizontal axis with Left
/// (positive) to the left, temperature up; the walls from t = -1 to the
/// temperature, then the mast.
pub fn thermograph_svg(title: &str, th: &boyi::cgt::Thermograph) -> Result<String, String> {
    let f = |d: boyi::cgt::Dyadic| d.num() as f64 / (1u128 << d.exp()) as f64;
    let top = f(th.temperature).max(0.0) + 1.0;
    let wall = |t: &boyi::cgt::Trajectory| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = t.points().into_iter().map(|(t, v)| (-f(v), f(t))).collect();
        points.push((-f(th.mean), top));
        points
    };
    let (left, right) = (wall(&th.left), wall(&th.right));
    let xs: Vec<f64> = left.iter().chain(&right).map(|p| p.0).collect();
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min) - 0.5;
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max) + 0.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(40)
            .build_cartesian_2d(lo..hi, -1.0..top)
            .map_err(drawn)?;
        chart
            .configure_mesh()
            .x_desc("value (Left's side to the left)")
            .y_desc("temperature t")
            .x_label_formatter(&|x| format!("{}", -x))
            .light_line_style(WHITE)
            .draw()
            .map_err(drawn)?;
        for (points, color) in [(left, LOSE), (right, POINT)] {
            chart.draw_series(std::iter::once(PathElement::new(points, color.stroke_width(2)))).map_err(drawn)?;
        }
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_svg_with_what_they_show() {
        let svg = grundy_svg("0.07", &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0], Some((3, 4))).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("period 3 from 4"));
        assert_eq!(svg.matches("<circle").count(), 10);
        let map = outcome_map_svg(
            "map",
            &[vec![Tile::Lose, Tile::Win], vec![Tile::Win, Tile::Empty]],
            "x",
            "y",
            Some((1, 0)),
        )
        .unwrap();
        assert!(map.contains("win for the side to move") && !map.contains("\ndraw\n") && map.contains("this position"));
        let bars = remoteness_svg("chase", &[0, 5, 0, 2], &[3, 0, 1], 7).unwrap();
        assert!(bars.contains("(7 drawn)") && bars.contains("\nwon\n") && bars.contains("\nlost\n"));
    }
}
