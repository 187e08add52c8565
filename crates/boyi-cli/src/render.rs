//! What the command line prints: reports of analyses, the game list, and
//! one-line errors in the user's terms.

use boyi_games::catalogue::{self, Entry};
use boyi_games::report::Report;
use boyi_games::{Error, Verdict};

/// An analysis as a table of moves, best first.
pub fn report(r: &Report) -> String {
    let entry = catalogue::game(r.game).expect("reports are of catalogue games");
    let mut s = format!("{}: {} to move\n", r.game, r.to_move);
    for line in &r.position {
        s.push_str(&format!("  {line}\n"));
    }
    s.push_str(&format!("value: {}{}\n", r.value, meaning(entry, &r.value)));
    for note in &r.notes {
        s.push_str(&format!("({note})\n"));
    }
    if r.moves.is_empty() {
        s.push_str(if r.over { "no legal moves: the game is over\n" } else { "moves: too many to list\n" });
        s.push_str(&format!("\n(solver: {})\n", r.solver));
        return s;
    }
    let width = r.moves.iter().map(|m| m.info.name.len()).max().unwrap_or(0).max(4);
    s.push_str(&format!("\n  {:width$}  value\n", "move"));
    let drawn = r.value == Verdict::Draw;
    let best = &r.moves[0].value;
    for m in &r.moves {
        // In a drawn position what matters is which moves keep the draw.
        let mark = match (&m.value, drawn) {
            (Verdict::Draw, true) => "  keeps the draw",
            (_, true) => "  loses",
            (v, false) if v == best => "  best",
            _ => "",
        };
        s.push_str(&format!("  {:width$}  {}{mark}\n", m.info.name, m.value));
    }
    if r.unlisted > 0 {
        s.push_str(&format!("  ... and {} more not listed\n", r.unlisted));
    }
    s.push_str(&format!("\n(solver: {})\n", r.solver));
    s
}

/// What a value means, said once after it.
fn meaning(entry: &dyn Entry, v: &Verdict) -> String {
    match v {
        Verdict::Margin { .. } => " (the mover's points minus the opponent's from here on, best play)".into(),
        Verdict::Draw => {
            let end = match entry.info().end {
                "" => "an end",
                e => e,
            };
            format!(" (neither side can force {end}: best play goes on forever)")
        }
        Verdict::Nimber { .. } => " (a move's nimber is that of the position it leaves)".into(),
        Verdict::Tie(_) => " (the game ends level)".into(),
        _ => String::new(),
    }
}

/// `boyi list`: one line a game; with `params`, how each is set up and written.
pub fn list(params: bool) -> String {
    let games = catalogue::games();
    let width = games.iter().map(|g| g.info().id.len()).max().unwrap_or(0);
    let mut s = String::new();
    for g in games {
        let info = g.info();
        let judges = catalogue::judges_of(info.id);
        let mut names: Vec<&str> = info.aliases.to_vec();
        for p in &judges {
            let more = std::iter::once(p.id()).chain(p.aliases().iter().copied());
            names.extend(more.filter(|a| *a != info.id && !names.contains(a)).collect::<Vec<_>>());
        }
        let also = if names.is_empty() { String::new() } else { format!("  [{}]", names.join(", ")) };
        let ids: Vec<&str> = judges.iter().map(|p| p.id()).collect();
        let solve =
            if ids.is_empty() { String::new() } else { format!("  (judge format: boyi solve {})", ids.join(" | ")) };
        s.push_str(&format!("{:width$}  {}{also}{solve}\n", info.id, info.summary));
        if params {
            for p in info.params {
                let help = if p.help.is_empty() { String::new() } else { format!(": {}", p.help) };
                s.push_str(&format!("{:width$}    {}={} ({}){help}\n", "", p.name, p.default, p.label));
            }
            s.push_str(&format!("{:width$}    {}\n", "", info.notation));
        }
    }
    s
}

/// Per-problem formats, appended to the help of `solve`.
pub fn formats() -> String {
    let mut s = String::from("Problems and their input formats:\n");
    for p in catalogue::problems() {
        let also = if p.aliases().is_empty() { String::new() } else { format!(" (also {})", p.aliases().join(", ")) };
        s.push_str(&format!("\n{}{also}:\n", p.id()));
        for line in p.help().lines() {
            s.push_str(&format!("  {line}\n"));
        }
    }
    s
}

/// An error's one line, with what the user can do about it.
pub fn error(e: &Error) -> String {
    match e {
        Error::Engine(boyi::Error::Memory { .. }) => format!("{e}; use --memory to raise it"),
        _ => e.to_string(),
    }
}

/// What `db info` says of a database: its header, and its values counted.
pub fn database_info(db: &std::sync::Arc<boyi::db::Database>, ctl: &boyi::Control) -> Result<serde_json::Value, Error> {
    use boyi::db::Encoding;
    use boyi::Outcome;
    let h = db.header();
    let mut info = serde_json::json!({
        "game": h.game,
        "params": h.params.lines().collect::<Vec<_>>(),
        "key": shorten_key(&h.key),
        "format_version": h.version,
        "positions": h.size,
        "encoding": h.encoding.describe(),
        "layout": h.layout.describe(),
        "file_bytes": h.data_offset + db.stored_bytes() + h.tail,
        "tail_bytes": h.tail,
        "value_bytes": h.size * h.encoding.slot_bytes() as u64,
        "checksum": format!("{:08x}", h.checksum),
        "checksum_ok": db.checksum_ok(ctl)?,
    });
    // A file of the positions its game stores: the index it answers for.
    let index = boyi_games::catalogue::game(&h.game)
        .and_then(|e| e.database_lookups(db.clone()).ok())
        .map(|(_, size)| size)
        .filter(|&size| size != h.size);
    if let Some(size) = index {
        info["index_positions"] = size.into();
    }
    match h.encoding {
        Encoding::OutcomeByte | Encoding::OutcomeWord => {
            let (mut won, mut lost, mut drawn, mut longest) = (0u64, 0u64, 0u64, 0u32);
            for (v, n) in db.histogram::<Outcome>(ctl)? {
                match v {
                    Outcome::Win(r) => {
                        won += n;
                        longest = longest.max(r);
                    }
                    Outcome::Lose(r) => {
                        lost += n;
                        longest = longest.max(r);
                    }
                    Outcome::Draw => drawn += n,
                }
            }
            info["won"] = won.into();
            info["lost"] = lost.into();
            info["drawn"] = drawn.into();
            info["longest"] = longest.into();
        }
        Encoding::Integer { .. } => {
            let counts = db.histogram::<i64>(ctl)?;
            info["lowest"] = counts.first().map(|c| c.0).into();
            info["highest"] = counts.last().map(|c| c.0).into();
            info["distinct"] = counts.len().into();
        }
    }
    Ok(info)
}

/// `db info` of a directory of tiers: what its manifest names, and every
/// tier's file read as [`database_info`] reads one, summed.
pub fn tiers_info(
    dir: &std::path::Path,
    manifest: &boyi::solve::tiers::Manifest,
    ctl: &boyi::Control,
) -> Result<serde_json::Value, Error> {
    let files = manifest.open(dir)?;
    let mut info = serde_json::json!({
        "game": manifest.game,
        "params": manifest.params.lines().collect::<Vec<_>>(),
        "key": shorten_key(&manifest.key),
        "tiers": files.len(),
        "layout": format!("{} tiers, one file each", files.len()),
    });
    let (mut sums, mut longest, mut damaged) = (std::collections::BTreeMap::<&str, u64>::new(), 0u64, Vec::new());
    let mut encodings = std::collections::BTreeSet::new();
    for (db, tier) in files.iter().zip(&manifest.tiers) {
        let one = database_info(db, ctl)?;
        for field in ["positions", "file_bytes", "value_bytes", "won", "lost", "drawn"] {
            *sums.entry(field).or_default() += one[field].as_u64().unwrap_or(0);
        }
        longest = longest.max(one["longest"].as_u64().unwrap_or(0));
        if one["checksum_ok"] != true {
            damaged.push(format!("{}.db", tier.name));
        }
        encodings.insert(one["encoding"].as_str().unwrap_or("").to_string());
        info["format_version"] = one["format_version"].clone();
    }
    // the manifest checked only the headers: a damaged tier is named, as
    // opening it for a lookup would
    if let Some((first, rest)) = damaged.split_first() {
        let also = if rest.is_empty() { String::new() } else { format!("; so are {}", rest.join(", ")) };
        return Err(boyi::Error::Data(format!(
            "{}: the file is damaged: its values do not match their checksum{also}",
            dir.join(first).display()
        ))
        .into());
    }
    for (field, n) in sums {
        info[field] = n.into();
    }
    info["longest"] = longest.into();
    info["tail_bytes"] = 0.into();
    info["checksum"] = "every tier's".into();
    info["checksum_ok"] = true.into();
    info["encoding"] = encodings.into_iter().collect::<Vec<_>>().join(", ").into();
    Ok(info)
}

/// Keys of instances with long parameters (young chess's scores) are cut.
fn shorten_key(key: &str) -> String {
    if key.chars().count() <= 80 {
        key.to_string()
    } else {
        format!("{}…", key.chars().take(79).collect::<String>())
    }
}

pub fn database_text(info: &serde_json::Value) -> String {
    let mut s = String::new();
    let field = |name: &str| match &info[name] {
        serde_json::Value::String(t) => t.clone(),
        serde_json::Value::Null => "-".into(),
        other => other.to_string(),
    };
    let params: Vec<&str> =
        info["params"].as_array().map_or(Vec::new(), |a| a.iter().filter_map(|p| p.as_str()).collect());
    s += &format!("game: {}\n", field("game"));
    s += &format!("instance: {}\n", if params.is_empty() { "the default".to_string() } else { params.join(" ") });
    if info.get("index_positions").is_some() {
        s += &format!(
            "positions: {} stored of the index's {} (the others, each one move from stored ones, are searched when asked)\n",
            field("positions"),
            field("index_positions")
        );
    } else {
        s += &format!("positions: {}\n", field("positions"));
    }
    s += &format!("encoding: {}\n", field("encoding"));
    s += &format!(
        "file: {} bytes ({}; {} bytes of values inflated), format version {}\n",
        field("file_bytes"),
        field("layout"),
        field("value_bytes"),
        field("format_version")
    );
    if info["tail_bytes"] != 0 {
        s += &format!(
            "after the values: {} bytes its writer keeps (a game written in Python keeps its positions and moves)\n",
            field("tail_bytes")
        );
    }
    s += &format!(
        "checksum: {} ({})\n",
        field("checksum"),
        if info["checksum_ok"] == true { "ok" } else { "DOES NOT MATCH: the file is damaged" }
    );
    if info.get("won").is_some() {
        let stored = info.get("index_positions").is_some();
        s += &format!(
            "won: {}, lost: {}, drawn: {} ({}positions, for the side to move)\n",
            field("won"),
            field("lost"),
            field("drawn"),
            if stored { "stored " } else { "" }
        );
        let among = if stored { " (of the stored positions)" } else { "" };
        s += &format!("longest game under best play{among}: {} plies\n", field("longest"));
    } else {
        s += &format!("scores from {} to {} ({} distinct)\n", field("lowest"), field("highest"), field("distinct"));
    }
    s
}

/// `db info --stats / --longest`: a survey's tables.
pub fn survey_text(survey: &catalogue::Survey, stats: bool) -> String {
    let mut s = String::new();
    let among = if survey.among == "index" { "every position of the index" } else { "the stored positions" };
    if stats {
        s += &format!("\nby remoteness ({among}; plies to the end, for the side to move):\n");
        s += &format!("  {:>6}  {:>12}  {:>12}\n", "plies", "won", "lost");
        for r in 0..survey.won.len().max(survey.lost.len()) {
            let (w, l) = (survey.won.get(r).copied().unwrap_or(0), survey.lost.get(r).copied().unwrap_or(0));
            if w + l > 0 {
                s += &format!("  {r:>6}  {w:>12}  {l:>12}\n");
            }
        }
        s += &format!(
            "  {:>6}  {:>12}  {:>12}\n",
            "all",
            survey.won.iter().sum::<u64>(),
            survey.lost.iter().sum::<u64>()
        );
        s += &format!("  drawn: {}\n", survey.drawn);
        if let Some(what) = survey.grouped_by {
            s += &format!("\nby {what}:\n");
            let width = survey.groups.iter().map(|g| g.name.chars().count()).max().unwrap_or(5).max(5);
            s += &format!(
                "  {:width$}  {:>12}  {:>12}  {:>10}  {:>11}  {:>12}\n",
                "group", "won", "lost", "drawn", "longest win", "longest loss"
            );
            let plies = |p: Option<u32>| p.map_or("-".to_string(), |p| p.to_string());
            for g in &survey.groups {
                s += &format!(
                    "  {:width$}  {:>12}  {:>12}  {:>10}  {:>11}  {:>12}\n",
                    g.name,
                    g.won,
                    g.lost,
                    g.drawn,
                    plies(g.longest_win),
                    plies(g.longest_loss)
                );
            }
        }
    } else {
        s += &format!(
            "\n{among}: {} won, {} lost, {} drawn\n",
            survey.won.iter().sum::<u64>(),
            survey.lost.iter().sum::<u64>(),
            survey.drawn
        );
    }
    for (what, list) in [("wins", &survey.longest_wins), ("losses", &survey.longest_losses)] {
        if list.is_empty() {
            continue;
        }
        s += &format!("\nthe longest {what} ({among}):\n");
        for far in list.iter() {
            s += &format!("  {:>4} plies  rank {:>12}  {}\n", far.plies, far.rank, far.position);
        }
    }
    s
}

/// `db line`: the line as a table, a ply a row.
pub fn line(line: &catalogue::Line) -> String {
    let Some(first) = line.steps.first() else { return String::new() };
    let mut s = format!("{}: from {} ({} to move: {})\n", line.game, first.position, first.to_move, first.value);
    let width = line.steps.iter().filter_map(|st| st.best.as_ref()).map(|m| m.len()).max().unwrap_or(4).max(4);
    let mover = line.steps.iter().map(|st| st.to_move.len()).max().unwrap_or(7).max(7);
    s += &format!("  {:>4}  {:mover$}  {:12}  {:width$}  position\n", "ply", "to move", "value", "move");
    for st in &line.steps {
        let value = st.value.to_string();
        let best = st.best.as_deref().unwrap_or("-");
        s += &format!("  {:>4}  {:mover$}  {value:12}  {best:width$}  {}\n", st.ply, st.to_move, st.position);
    }
    s += &match (line.end, line.repeats) {
        ("repeats", Some(first)) => {
            format!("the line comes back to ply {first}'s position after {} plies\n", line.plies())
        }
        ("max-plies", _) => format!("stopped after {} plies (--max-plies)\n", line.plies()),
        _ => match line.plies_to_end() {
            Some(end) if end > line.plies() => format!(
                "the game is over after {} plies: the rules end it at the last position, {} for the side to move \
                 ({end} plies in all)\n",
                line.plies(),
                line.steps.last().map_or(String::new(), |st| st.value.to_string())
            ),
            _ => format!("the game is over after {} plies\n", line.plies()),
        },
    };
    s
}

/// `db diff --json`.
pub fn diff_json(diff: &boyi::db::Diff, name: &dyn Fn(u64) -> Option<String>) -> serde_json::Value {
    let fields = |list: &[(&str, String, String)]| -> Vec<serde_json::Value> {
        list.iter().map(|(f, a, b)| serde_json::json!({ "field": f, "a": a, "b": b })).collect()
    };
    serde_json::json!({
        "same": diff.same(),
        "different": fields(&diff.different),
        "incidental": fields(&diff.incidental),
        "compared_values": diff.different.is_empty(),
        "differing_positions": diff.slots,
        "damaged": diff.damaged,
        "first": diff.first.iter().map(|(slot, a, b)| serde_json::json!({
            "slot": slot, "a": a, "b": b, "position": name(*slot),
        })).collect::<Vec<_>>(),
    })
}

/// `db diff`: whether the files agree, and where they do not.
pub fn diff_text(
    diff: &boyi::db::Diff,
    a: &std::path::Path,
    b: &std::path::Path,
    name: &dyn Fn(u64) -> Option<String>,
) -> String {
    let (a, b) = (a.display(), b.display());
    let mut s = String::new();
    if !diff.different.is_empty() {
        s += &format!("different: {a} and {b} are files of different things\n");
        for (field, x, y) in &diff.different {
            s += &format!("  {field}: {x} | {y}\n");
        }
        return s;
    }
    if diff.same() {
        s += &format!("same: {a} and {b} hold the same values for the same instance\n");
    } else {
        let (n, have) = if diff.slots == 1 { ("position", "has") } else { ("positions", "have") };
        s += &format!("different: {} {n} {have} other values in {b} than in {a}\n", diff.slots);
        for (slot, x, y) in &diff.first {
            let at = name(*slot).map_or(String::new(), |p| format!("  {p}"));
            s += &format!("  slot {slot}: {x} | {y}{at}\n");
        }
    }
    for (field, x, y) in &diff.incidental {
        s += &format!("  (their {field} differs: {x} | {y})\n");
    }
    for (file, damaged) in [(a, diff.damaged[0]), (b, diff.damaged[1])] {
        if damaged {
            s += &format!("  ({file}: its values do not match its checksum: the file is damaged)\n");
        }
    }
    s
}
