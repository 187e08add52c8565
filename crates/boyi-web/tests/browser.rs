//! The page in a real browser: headless Chromium driven over chromedriver
//! (WebDriver, through fantoccini). Connect Four from the empty board (every
//! column valued at once, from the shipped book), then an opening where it
//! checks every column is coloured as the engine values it, plays a winning
//! move, sees the computer answer, and undoes; young chess opened from a
//! bookmarked address; Nim's counters; geography's graph; Hackenbush's edges; the chase from
//! an address with its size alone. Screenshots land in
//! `target/tmp/browser/`.
//!
//! It needs `chromium` and `chromedriver` on the PATH. Where the `CI`
//! variable is set (`.ci/run` sets it and installs both) their absence is a
//! failure; elsewhere the test says what it skipped and how to run it.

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use boyi::solve::alphabeta::AlphaBeta;
use boyi::solve::table;
use boyi::Control;
use boyi_games::connect4::{verdict, Connect4};
use boyi_games::young_chess::YoungChess;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|dir| names.iter().map(move |n| dir.join(n))).find(|p| p.is_file())
}

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

type Failure = Box<dyn std::error::Error>;

/// Runs `script` (which returns a value) until `done` holds, or fails
/// after `limit` with the last value seen.
async fn wait_for(c: &Client, script: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Result<Value, Failure> {
    let start = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await?;
        if done(&v) {
            return Ok(v);
        }
        if start.elapsed() > limit {
            return Err(format!("timed out waiting: `{script}` last gave {v}").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the page is idle on `position`.
async fn settle_on(c: &Client, position: &str) -> Result<(), Failure> {
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    wait_for(c, script, Duration::from_secs(60), |v| v[0] == "0" && v[1] == position).await?;
    Ok(())
}

async fn settle(c: &Client) -> Result<String, Failure> {
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    let v = wait_for(c, script, Duration::from_secs(60), |v| v[0] == "0").await?;
    Ok(v[1].as_str().unwrap_or("").to_string())
}

/// Every move on the board as the page shows it.
async fn shown_moves(c: &Client, selector: &str) -> Result<Vec<Value>, Failure> {
    let script = format!(
        "return [...document.querySelectorAll('{selector}')].map(e => ({{
            move: e.dataset.move, result: e.dataset.result,
            remoteness: e.dataset.remoteness === undefined ? null : Number(e.dataset.remoteness),
            score: e.dataset.score === undefined ? null : Number(e.dataset.score),
            colour: getComputedStyle(e).backgroundColor, text: e.textContent }}));"
    );
    Ok(c.execute(&script, vec![]).await?.as_array().cloned().unwrap_or_default())
}

fn rgb(colour: &str) -> (u8, u8, u8) {
    let n: Vec<u8> = colour
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    (n[0], n[1], n[2])
}

/// Green for a win, dark red for a loss, yellow for a tie: fully so for
/// the best move of its kind, paler for the others.
fn check_colour(m: &Value, best_of_kind: bool) {
    let (r, g, b) = rgb(m["colour"].as_str().unwrap());
    let what = format!("{m}");
    match m["result"].as_str().unwrap() {
        "win" => {
            assert!(g > r && r == b, "a win is green: {what}");
            if best_of_kind {
                assert_eq!((r, g, b), (0, 128, 0), "the best win is #008000: {what}");
            }
        }
        "lose" => {
            assert!(r > g && g == b, "a loss is dark red: {what}");
            if best_of_kind {
                assert_eq!((r, g, b), (128, 0, 0), "the best loss is #800000: {what}");
            }
        }
        "tie" | "draw" => assert!(r > 200 && g > 150 && b < 100, "a tie is yellow: {what}"),
        other => panic!("unexpected value {other}: {what}"),
    }
    // Told apart without colour too: a letter or a sign on every move.
    let text = m["text"].as_str().unwrap();
    assert!(text.contains(['W', 'L', 'T', 'D', '+', '−', '0']), "a label on every move: {what}");
}

fn check_fading(moves: &[Value], goodness: impl Fn(&Value) -> i64) {
    for m in moves {
        let kind = &m["result"];
        let best = moves.iter().filter(|x| &x["result"] == kind).map(&goodness).max().unwrap();
        check_colour(m, goodness(m) == best);
    }
}

async fn screenshot(c: &Client, name: &str) -> Result<PathBuf, Failure> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(name);
    std::fs::write(&path, c.screenshot().await?)?;
    eprintln!("browser test: screenshot {}", path.display());
    Ok(path)
}

async fn connect_four(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(url).await?;
    settle(c).await?;
    // Pick another game, then Connect Four, as a person would.
    c.find(Locator::Css("#game-picker")).await?.select_by_value("nim").await?;
    settle_on(c, "1:3,4,5").await?;
    c.find(Locator::Css("#game-picker")).await?.select_by_value("connect4").await?;
    settle_on(c, "").await?;
    // From the empty board every column has its value at once: the book.
    let moves = shown_moves(c, ".grid.drop .col-head.move").await?;
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().all(|m| m["result"] != "unknown"), "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m["result"] == "win").count(), 1, "only the centre wins: {moves:?}");
    screenshot(c, "connect4-start.png").await?;

    let opening = "4453444352";
    let field = c.find(Locator::Css("#param-moves")).await?;
    field.clear().await?;
    field.send_keys(opening).await?;
    c.find(Locator::Css("#start")).await?.click().await?;
    settle_on(c, opening).await?;

    // Every column as the engine values it.
    let moves = shown_moves(c, ".grid.drop .col-head.move").await?;
    assert_eq!(moves.len(), 7);
    let game = Connect4::new(7, 6);
    let board = game.parse(opening).unwrap();
    let mut search = AlphaBeta::new(&game, Control::default(), 32 << 20)?;
    let mut best_win = None;
    for m in &moves {
        let col: u32 = m["move"].as_str().unwrap().parse()?;
        let child = game.drop_in(&board, col - 1);
        let v = verdict(42, child.moves, search.value(&child)?).flip();
        assert_eq!(m["result"], v.result(), "column {col}: {m}");
        assert_eq!(m["remoteness"], json!(v.remoteness()), "column {col}: {m}");
        let r = v.remoteness().unwrap();
        if v.result() == "win" && best_win.is_none_or(|(_, best)| r < best) {
            best_win = Some((col, r));
        }
    }
    // Quickest win and longest loss most opaque.
    check_fading(&moves, |m| {
        let r = m["remoteness"].as_i64().unwrap();
        if m["result"] == "win" {
            -r
        } else {
            r
        }
    });
    let (col, r) = best_win.expect("this opening has a winning move");
    let status = c.find(Locator::Css("#status")).await?.text().await?;
    assert!(status.contains(&format!("You win in {r}")), "{status}");
    screenshot(c, "connect4.png").await?;

    // Play the quickest win; the perfect computer answers with its longest defence.
    c.find(Locator::Css(&format!(".grid.drop .col-head[data-move='{col}']"))).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    let v = wait_for(c, script, Duration::from_secs(60), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.len() == opening.len() + 2)
    })
    .await?;
    let after = v[1].as_str().unwrap();
    assert!(after.starts_with(&format!("{opening}{col}")), "{after}");
    let status = c.find(Locator::Css("#status")).await?.text().await?;
    assert!(
        status.contains(&format!("You win in {}", r - 2)),
        "a perfect reply leaves the win 2 moves nearer: {status}"
    );
    screenshot(c, "connect4-after-reply.png").await?;

    // Undo takes back both moves.
    c.find(Locator::Css("#undo")).await?.click().await?;
    settle_on(c, opening).await?;
    let redo = c.find(Locator::Css("#redo")).await?;
    assert_eq!(redo.attr("disabled").await?, None, "redo is offered after an undo");
    Ok(())
}

async fn young_chess(c: &Client, url: &str) -> Result<(), Failure> {
    let a = [3, 1, 4, 1, 5, 9, 2, 6, 5];
    let b = [2, 7, 1, 8, 2, 8, 1, 8, 2];
    let list = |v: &[i32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    let position = format!("3x3:{}:{}:", list(&a), list(&b));
    // A bookmarked address opens the position directly, and the form shows it.
    c.goto(&format!("{url}/#young-chess/{position}")).await?;
    settle_on(c, &position).await?;
    let field = c.find(Locator::Css("#param-a")).await?;
    assert_eq!(field.prop("value").await?.as_deref(), Some(list(&a).as_str()), "the form follows the address");

    let game = YoungChess::new(3, 3, a.to_vec(), b.to_vec());
    let values = table::solve(&game, &Control::default())?;
    let board = game.start();
    let analysis = values.analyze(&game, &board);
    let moves = shown_moves(c, "#board .grid .move").await?;
    assert_eq!(moves.len(), analysis.len());
    for m in &moves {
        let want = analysis.iter().find(|x| format!("{},{}", x.mv.row + 1, x.mv.col + 1) == m["move"]).unwrap();
        assert_eq!(m["score"], json!(want.value), "{m}");
        let kind = match want.value.signum() {
            1 => "win",
            -1 => "lose",
            _ => "tie",
        };
        assert_eq!(m["result"], kind, "{m}");
    }
    check_fading(&moves, |m| m["score"].as_i64().unwrap());

    let best = &moves.iter().max_by_key(|m| m["score"].as_i64().unwrap()).unwrap()["move"];
    let best = best.as_str().unwrap().to_string();
    c.find(Locator::Css(&format!("#board .grid .move[data-move='{best}']"))).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    wait_for(c, script, Duration::from_secs(60), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.matches('-').count() == 2)
    })
    .await?;
    screenshot(c, "young-chess.png").await?;
    c.find(Locator::Css("#undo")).await?.click().await?;
    settle_on(c, &position).await?;
    Ok(())
}

/// Nim: every counter valued; taking the winning one, the computer answers.
async fn nim(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(&format!("{url}/#nim/1:3,4,5")).await?;
    settle_on(c, "1:3,4,5").await?;
    let moves = shown_moves(c, ".heaps .counter.move").await?;
    assert_eq!(moves.len(), 12, "a counter a move");
    let wins: Vec<&Value> = moves.iter().filter(|m| m["result"] == "win").collect();
    // 3 ^ 4 ^ 5 = 2: the only winning move takes 2 from the first heap.
    assert_eq!(wins.len(), 1, "{moves:?}");
    assert_eq!(wins[0]["move"], "1-2");
    // Twelve moves listed: numbers past 9 need the list's padding to show.
    let padding = c
        .execute("return parseFloat(getComputedStyle(document.querySelector('#move-list')).paddingLeft);", vec![])
        .await?;
    assert!(padding.as_f64().is_some_and(|p| p >= 36.0), "room for two-digit markers: {padding}");
    // Without a CJK font, no Chinese is drawn as boxes: not in the title, not in the picker.
    let cjk = c
        .execute(
            "return [document.querySelector('#cjk').hidden, \
             [...document.querySelectorAll('#game-picker option')].some(o => /[\\u3400-\\u9fff]/.test(o.text))];",
            vec![],
        )
        .await?;
    assert!(cjk[0] == false || cjk[1] == false, "CJK hidden from the title but shown in the picker: {cjk}");
    screenshot(c, "nim.png").await?;
    c.find(Locator::Css(".heaps .counter[data-move='1-2']")).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    let v = wait_for(c, script, Duration::from_secs(30), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.starts_with("1:"))
    })
    .await?;
    assert_ne!(v[1], "1:3,4,5", "the computer answered");
    Ok(())
}

/// Geography on the Petersen graph: vertices valued, a move and an answer.
async fn geography(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(url).await?;
    settle(c).await?;
    c.find(Locator::Css("#game-picker")).await?.select_by_value("geography").await?;
    settle(c).await?;
    let field = c.find(Locator::Css("#param-graph")).await?;
    field.clear().await?;
    field.send_keys("petersen").await?;
    c.find(Locator::Css("#start")).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    let v = wait_for(c, script, Duration::from_secs(30), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.starts_with("10:"))
    })
    .await?;
    let start = v[1].as_str().unwrap().to_string();
    let moves = shown_moves(c, "svg.graph .v.move").await?;
    assert_eq!(moves.len(), 3, "the Petersen graph is cubic");
    screenshot(c, "geography.png").await?;
    let first = moves[0]["move"].as_str().unwrap().to_string();
    c.find(Locator::Css(&format!("svg.graph .v.move[data-move='{first}']"))).await?.click().await?;
    wait_for(c, script, Duration::from_secs(30), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.len() > start.len() + 2)
    })
    .await?;
    Ok(())
}

/// Green Hackenbush: a triangle and a path of two on the ground, every edge
/// a move drawn on the picture; three cuts win.
async fn hackenbush(c: &Client, url: &str) -> Result<(), Failure> {
    let start = "1:1-2,2-3,3-1,1-4,4-5";
    c.goto(&format!("{url}/#hackenbush/{start}")).await?;
    settle_on(c, start).await?;
    let moves = shown_moves(c, "svg.graph .e.move").await?;
    assert_eq!(moves.len(), 5, "{moves:?}");
    let wins: Vec<&str> = moves.iter().filter(|m| m["result"] == "win").map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(wins.len(), 3, "{moves:?}");
    screenshot(c, "hackenbush.png").await?;
    let cut = wins[0].to_string();
    c.find(Locator::Css(&format!("svg.graph .e.move[data-move='{cut}']"))).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    wait_for(c, script, Duration::from_secs(30), |v| v[0] == "0" && v[1] != start).await?;
    Ok(())
}

/// Partizan values on the page: Domineering's 2x2 (±1), every move listed
/// with its value and each side's best marked, and the thermograph drawn;
/// a bad position is told in the panel.
async fn partizan(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(url).await?;
    c.find(Locator::Css("#cgt-panel summary")).await?.click().await?;
    let picker = "return document.querySelector('#cgt-game').options.length;";
    wait_for(c, picker, Duration::from_secs(10), |v| v.as_u64().unwrap_or(0) >= 5).await?;
    let field = c.find(Locator::Css("#cgt-position")).await?;
    field.clear().await?;
    field.send_keys("..|..").await?;
    c.find(Locator::Css("#cgt-value")).await?.click().await?;
    let state = "return document.querySelector('#cgt-result').dataset.state;";
    wait_for(c, state, Duration::from_secs(20), |v| v == "done").await?;
    let summary = c.execute("return document.querySelector('#cgt-summary').textContent;", vec![]).await?;
    assert!(summary.as_str().is_some_and(|t| t.starts_with("Value ±1: the first player wins (N).")), "{summary}");
    let moves = c
        .execute(
            "return [...document.querySelectorAll('#cgt-moves li')].map(li => [li.dataset.side, li.dataset.best, li.textContent]);",
            vec![],
        )
        .await?;
    let moves = moves.as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert!(moves.iter().all(|m| m[1] == "1"), "{moves:?}");
    assert_eq!(moves[0][2], "Left → #.|#. = 1 (best)", "{moves:?}");
    let drawn = c.execute("return !document.querySelector('#cgt-plot').hidden;", vec![]).await?;
    assert_eq!(drawn, true);
    screenshot(c, "partizan.png").await?;
    field.clear().await?;
    field.send_keys("..|.").await?;
    c.find(Locator::Css("#cgt-value")).await?.click().await?;
    wait_for(c, state, Duration::from_secs(20), |v| v == "error").await?;
    let said = c.execute("return document.querySelector('#cgt-summary').textContent;", vec![]).await?;
    assert!(said.as_str().is_some_and(|t| t.contains("as long as the first")), "{said}");
    Ok(())
}

/// The chase from an address holding only its size.
async fn chase(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(&format!("{url}/#chase/6")).await?;
    settle_on(c, "6:1,1:6,6:w").await?;
    let moves = shown_moves(c, "#board .grid .move").await?;
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m["result"] == "lose" && m["remoteness"] == 14), "{moves:?}");
    screenshot(c, "chase.png").await?;
    // An address with the game alone starts that game.
    c.goto(&format!("{url}/#torus-chase")).await?;
    settle_on(c, "5/2:1,1:5,5:w").await?;
    Ok(())
}

/// A game's picture beside the value history: Wythoff's map, drawn from
/// the server's SVG; none for a game that draws none.
async fn pictures(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(&format!("{url}/#wythoff/1:4,7")).await?;
    settle_on(c, "1:4,7").await?;
    let script = "const img = document.querySelector('#picture'); \
                  return [document.querySelector('#picture-panel').hidden, img.complete, img.naturalWidth];";
    wait_for(c, script, Duration::from_secs(30), |v| v[0] == false && v[1] == true && v[2].as_u64() > Some(100))
        .await?;
    screenshot(c, "wythoff-picture.png").await?;
    c.goto(&format!("{url}/#nim")).await?;
    settle(c).await?;
    let hidden = "return document.querySelector('#picture-panel').hidden;";
    wait_for(c, hidden, Duration::from_secs(10), |v| v == &Value::Bool(true)).await?;
    Ok(())
}

/// Several moves to one square (issue 35): the square shows the best of
/// them, and a click lists them all, best first, so a worse move is never
/// played for a better one. Dōbutsu Shōgi with one piece of each kind: the
/// lion and the giraffe both reach c3, the lion's move winning sooner.
async fn moves_to_one_square(c: &Client, url: &str) -> Result<(), Failure> {
    let start = "S/-l-/---/-C-/ELG/-";
    c.goto(&format!("{url}/#dobutsu/{start}")).await?;
    settle_on(c, start).await?;
    let square = "#board .grid .sq[data-moves='2']";
    let chip = c.find(Locator::Css(&format!("{square} .tag"))).await?;
    assert_eq!(chip.attr("data-move").await?.as_deref(), Some("b4c3"), "the square shows its best move");
    assert!(chip.text().await?.starts_with("W5"), "{}", chip.text().await?);
    // Its piece still shows: nothing covers a cell's contents.
    check_uncovered(c).await?;
    c.find(Locator::Css(square)).await?.click().await?;
    let rows = shown_moves(c, "#chooser .move").await?;
    let names: Vec<&str> = rows.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["b4c3", "c4c3"], "both moves, best first: {rows:?}");
    assert_eq!((rows[0]["remoteness"].as_i64(), rows[1]["remoteness"].as_i64()), (Some(5), Some(9)));
    screenshot(c, "dobutsu-chooser.png").await?;
    // Escape closes it; the other move can be chosen on purpose.
    c.execute("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));", vec![]).await?;
    assert!(c.find_all(Locator::Css("#chooser")).await?.is_empty(), "Escape closes the chooser");
    c.find(Locator::Css(square)).await?.click().await?;
    c.find(Locator::Css("#chooser .move[data-move='c4c3']")).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    wait_for(c, script, Duration::from_secs(30), |v| v[0] == "0" && v[1] != start).await?;
    let history = c.execute("return app.history.slice(0, 2);", vec![]).await?;
    assert_eq!(history[0], start);
    let after = c
        .execute("return app.states.get(app.history[0]).state.moves.find(m => m.move === 'c4c3').position;", vec![])
        .await?;
    assert_eq!(history[1], after, "the giraffe's move was played, as chosen");
    Ok(())
}

/// The two positions the issue names, from a full Dōbutsu Shōgi database
/// (`BOYI_DOBUTSU_DB`, built by `.ci/run`): b3 shows the elephant's L76 and
/// a2 the giraffe's W77, not the lion's worse moves.
async fn dobutsu_positions(c: &Client, url: &str) -> Result<(), Failure> {
    // Two people at the screen: the computer must not answer Gote's turn.
    c.find(Locator::Css("#mode")).await?.select_by_value("two").await?;
    for (position, cell, best, worse, shot) in [
        ("S/gle/---/-cL/E-G/c", "[2,1]", "a4b3", "c3b3", "dobutsu-b3.png"),
        ("G/gle/-c-/-CL/E-G/-", "[1,0]", "a1a2", "b1a2", "dobutsu-a2.png"),
    ] {
        c.goto(&format!("{url}/#dobutsu/{position}")).await?;
        settle_on(c, position).await?;
        let script = format!(
            "const e = [...document.querySelectorAll('#board .grid .sq.target')].find(s =>
               JSON.stringify(app.current.state.moves.find(m => m.move === s.querySelector('.tag').dataset.move).at.cell) === '{cell}');
             return e ? [e.querySelector('.tag').dataset.move, e.dataset.moves] : null;"
        );
        let shown = c.execute(&script, vec![]).await?;
        assert_eq!(shown, json!([best, "2"]), "{position}: the square shows its best move, of two");
        let rows = c
            .execute(
                &format!("return app.current.state.moves.filter(m => JSON.stringify(m.at.cell) === '{cell}').map(m => m.move);"),
                vec![],
            )
            .await?;
        assert_eq!(rows, json!([best, worse]), "{position}");
        screenshot(c, shot).await?;
    }
    c.find(Locator::Css("#mode")).await?.select_by_value("human-0").await?;
    Ok(())
}

/// No chip covers what a cell holds: a piece, a number, a label.
async fn check_uncovered(c: &Client) -> Result<(), Failure> {
    let script = "const out = [];
        for (const sq of document.querySelectorAll('#board .grid .sq.target')) {
          const tag = sq.querySelector('.tag');
          for (const part of sq.querySelectorAll('.piece, .label, .num')) {
            if (getComputedStyle(part).visibility === 'hidden' || part.textContent === '') continue;
            const a = tag.getBoundingClientRect(), b = part.getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            // a piece is round: only its middle must stay clear
            const inset = part.classList.contains('piece') ? b.width * 0.2 : 0;
            const wi = Math.min(a.right, b.right - inset) - Math.max(a.left, b.left + inset);
            const hi = Math.min(a.bottom, b.bottom - inset) - Math.max(a.top, b.top + inset);
            if (wi > 0 && hi > 0) out.push(sq.title + ' covers ' + part.className + ' ' + part.textContent);
          }
        }
        return out;";
    let covered = c.execute(script, vec![]).await?;
    assert_eq!(covered, json!([]), "chips over cell contents");
    Ok(())
}

/// Gems Fight's bags, the coins and the numbers stay on their cells with
/// values shown and hidden; a hidden value leaves the cell playable.
async fn cell_contents(c: &Client, url: &str) -> Result<(), Failure> {
    for (game, shot) in
        [("gems-fight", "gems-fight"), ("coin-game", "coin-game"), ("permutation-game", "permutation-game")]
    {
        c.goto(&format!("{url}/#{game}")).await?;
        settle(c).await?;
        let labels = c
            .execute(
                "return [...document.querySelectorAll('#board .grid .sq.target')].map(s => {
                   const l = s.querySelector('.label'); return l ? l.textContent : '';
                 });",
                vec![],
            )
            .await?;
        let labels = labels.as_array().unwrap().clone();
        assert!(
            !labels.is_empty() && labels.iter().all(|l| l.as_str().is_some_and(|t| !t.is_empty())),
            "{game}: {labels:?}"
        );
        check_uncovered(c).await?;
        screenshot(c, &format!("{shot}-values.png")).await?;
        c.find(Locator::Css("#show-values")).await?.click().await?;
        let hidden = c
            .execute(
                "return [...document.querySelectorAll('#board .grid .sq.target')].map(s =>
                   [getComputedStyle(s.querySelector('.tag')).display, s.querySelector('.label').getBoundingClientRect().width > 0]);",
                vec![],
            )
            .await?;
        for h in hidden.as_array().unwrap() {
            assert_eq!(h, &json!(["none", true]), "{game}: values hidden, contents shown: {hidden}");
        }
        screenshot(c, &format!("{shot}-no-values.png")).await?;
        c.find(Locator::Css("#show-values")).await?.click().await?;
    }
    Ok(())
}

/// Connect Four's hint where a column's stone would land is a dashed ring,
/// never a fill that reads as a stone; the moves list sits under the board,
/// unclipped; White's pieces are white.
async fn marks_and_lists(c: &Client, url: &str) -> Result<(), Failure> {
    c.goto(&format!("{url}/#connect4/4453")).await?;
    settle_on(c, "4453").await?;
    let ghosts = c
        .execute(
            "return [...document.querySelectorAll('.grid.drop .sq.ghost')].map(s => {
               const st = getComputedStyle(s); return [st.backgroundColor, st.outlineStyle];
             });",
            vec![],
        )
        .await?;
    let ghosts = ghosts.as_array().unwrap().clone();
    assert_eq!(ghosts.len(), 7, "{ghosts:?}");
    for g in &ghosts {
        assert_eq!(g, &json!(["rgb(243, 241, 234)", "dashed"]), "an empty hole with a ring: {ghosts:?}");
    }
    let list = c
        .execute(
            "const l = document.querySelector('#move-list'); const st = getComputedStyle(l);
             return [!!l.closest('#play'), st.maxHeight, st.overflowY, l.scrollHeight <= l.clientHeight + 1];",
            vec![],
        )
        .await?;
    assert_eq!(list, json!([true, "none", "visible", true]), "the moves list: under the board, whole");
    c.goto(&format!("{url}/#chase/6")).await?;
    settle_on(c, "6:1,1:6,6:w").await?;
    let white = c
        .execute("return getComputedStyle(document.querySelector('.grid .piece.p0')).backgroundColor;", vec![])
        .await?;
    let (r, g, b) = rgb(white.as_str().unwrap());
    assert!(r > 220 && g > 220 && b > 200, "White's piece is white, not {white}");
    c.goto(&format!("{url}/#rabbit-egg")).await?;
    settle(c).await?;
    let white = c
        .execute("return getComputedStyle(document.querySelector('.grid .piece.p0')).backgroundColor;", vec![])
        .await?;
    let (r, g, b) = rgb(white.as_str().unwrap());
    assert!(r > 220 && g > 220 && b > 200, "Tutu's white pieces are white, not {white}");
    check_uncovered(c).await?;
    screenshot(c, "rabbit-egg.png").await?;
    Ok(())
}

/// At phone width (390 px, and 360) the page fits: no sideways scroll, the
/// picker whole. A window cannot be made that narrow (Chromium keeps it at
/// 500 px or more), so `c` is a session emulating a phone's screen.
async fn phone_width(c: &Client, url: &str) -> Result<(), Failure> {
    for game in ["connect4", "dobutsu", "gems-fight", "young-chess", "wythoff", "geography"] {
        c.goto(&format!("{url}/#{game}")).await?;
        c.refresh().await?;
        settle(c).await?;
        let fit = c
            .execute(
                "const p = document.querySelector('#game-picker').getBoundingClientRect();
                 return [document.documentElement.scrollWidth, window.innerWidth, p.right <= window.innerWidth, p.left >= 0];",
                vec![],
            )
            .await?;
        let (wide, inner) = (fit[0].as_i64().unwrap(), fit[1].as_i64().unwrap());
        assert!(inner <= 400, "the phone's screen is {inner} px wide");
        assert!(wide <= inner, "{game}: the page is {wide} px wide on a {inner} px screen");
        assert_eq!((&fit[2], &fit[3]), (&json!(true), &json!(true)), "{game}: the game picker is cut: {fit}");
        check_uncovered(c).await?;
        screenshot(c, &format!("phone-{game}.png")).await?;
    }
    Ok(())
}

/// A game written in Python and served by `boyi.serve` (issue 36):
/// `examples/python/tictactoe.py --serve` under `BOYI_PYTHON` (the venv
/// `.ci/run` installs the package into). The page draws its grid, values
/// its moves and plays them.
async fn python_game(c: &Client, python: &Path) -> Result<(), Failure> {
    use std::io::BufRead;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/python/tictactoe.py");
    let mut child = Command::new(python)
        .arg(&script)
        .arg("--serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()?;
    let stdout = child.stdout.take().expect("piped");
    let child = KillOnDrop(child);
    let mut lines = std::io::BufReader::new(stdout).lines();
    let url = loop {
        let line = lines.next().ok_or("the Python server printed no address")??;
        if let Some(rest) = line.strip_prefix("open ") {
            break rest.split_whitespace().next().unwrap_or("").to_string();
        }
    };
    c.goto(&url).await?;
    settle_on(c, "0:.........").await?;
    let moves = shown_moves(c, "#board .grid .sq.target .tag").await?;
    assert_eq!(moves.len(), 9, "a chip on every empty cell: {moves:?}");
    assert!(moves.iter().all(|m| m["result"] == "tie"), "a game that always ends ties: {moves:?}");
    c.find(Locator::Css("#board .grid .sq.target .tag[data-move='a3']")).await?.click().await?;
    let script = "return [document.body.dataset.busy, document.querySelector('#board').dataset.position];";
    let v = wait_for(c, script, Duration::from_secs(30), |v| {
        v[0] == "0" && v[1].as_str().is_some_and(|p| p.starts_with("0:X") && p.contains('O'))
    })
    .await?;
    let pieces = c.execute("return document.querySelectorAll('#board .grid .piece').length;", vec![]).await?;
    assert_eq!(pieces, json!(2), "X's move and the computer's answer: {v}");
    screenshot(c, "python-tictactoe.png").await?;
    drop(child);
    Ok(())
}

/// A WebDriver session of headless Chromium; `phone` emulates a 390 px screen.
async fn session(port: u16, browser: &Path, profile: &Path, phone: bool) -> Result<Client, Failure> {
    let mut options = json!({
        "binary": browser,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            // Without these Chromium calls home, and this machine's closed network refuses it.
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--window-size=1280,1000",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    if phone {
        options["mobileEmulation"] = json!({"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}});
    }
    let capabilities = json!({ "goog:chromeOptions": options });
    let mut builder = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
    builder.capabilities(capabilities.as_object().unwrap().clone());
    Ok(builder.connect(&format!("http://127.0.0.1:{port}")).await?)
}

#[test]
fn the_page_in_headless_chromium() {
    let browser = on_path(&["chromium", "chromium-browser"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        let why = "the browser test needs chromium and chromedriver on the PATH (Debian: apt-get install \
                   chromium chromium-driver; `bash .ci/run` installs them and runs it)";
        if std::env::var_os("CI").is_some() {
            panic!("{why}; CI is set, so it may not be skipped");
        }
        // Straight to stderr: the test harness would swallow `eprintln!`
        // of a passing test, and a skip nobody sees is a defect.
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: {why}");
        return;
    };
    // The full Dōbutsu Shōgi game is looked up in a database `.ci/run`
    // builds (a solve would take a minute); without it those positions
    // are skipped, saying so.
    let databases = match std::env::var_os("BOYI_DOBUTSU_DB") {
        Some(path) => {
            vec![std::sync::Arc::new(boyi::db::Database::open(Path::new(&path)).expect("BOYI_DOBUTSU_DB opens"))]
        }
        None if std::env::var_os("CI").is_some() => {
            panic!("CI is set but BOYI_DOBUTSU_DB is not: .ci/run builds the Dōbutsu Shōgi database and sets it")
        }
        None => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: the browser test's full Dōbutsu Shōgi positions (set BOYI_DOBUTSU_DB to a database \
                 from `boyi db build dobutsu --out FILE`)"
            );
            Vec::new()
        }
    };
    let full_dobutsu = !databases.is_empty();
    // A game written in Python needs the package installed: `.ci/run`
    // installs it in a venv and names its interpreter.
    let python = match std::env::var_os("BOYI_PYTHON") {
        Some(path) => Some(PathBuf::from(path)),
        None if std::env::var_os("CI").is_some() => {
            panic!("CI is set but BOYI_PYTHON is not: .ci/run installs the Python package and sets it")
        }
        None => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: the browser test's game written in Python (set BOYI_PYTHON to an interpreter with the \
                 boyi package installed)"
            );
            None
        }
    };
    let server = boyi_web::start(boyi_web::Config {
        port: 0,
        time_limit: Duration::from_secs(30),
        table_bytes: 64 << 20,
        databases,
        ..Default::default()
    })
    .expect("the server starts");
    let port = free_port();
    let chromedriver = Command::new(&driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let _chromedriver = KillOnDrop(chromedriver);
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{}", std::process::id()));
    let phone_profile = profile.with_extension("phone");
    for dir in [&profile, &phone_profile] {
        let _ = std::fs::remove_dir_all(dir);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let result: Result<(), Failure> = runtime.block_on(async {
        let c = session(port, &browser, &profile, false).await?;
        let url = server.url();
        let outcome = async {
            connect_four(&c, &url).await?;
            young_chess(&c, &url).await?;
            nim(&c, &url).await?;
            geography(&c, &url).await?;
            hackenbush(&c, &url).await?;
            pictures(&c, &url).await?;
            partizan(&c, &url).await?;
            chase(&c, &url).await?;
            moves_to_one_square(&c, &url).await?;
            if full_dobutsu {
                dobutsu_positions(&c, &url).await?;
            }
            cell_contents(&c, &url).await?;
            marks_and_lists(&c, &url).await?;
            if let Some(python) = &python {
                python_game(&c, python).await?;
            }
            Ok::<(), Failure>(())
        }
        .await;
        if outcome.is_err() {
            let _ = screenshot(&c, "failure.png").await;
        }
        c.close().await?;
        outcome?;
        let phone = session(port, &browser, &phone_profile, true).await?;
        let outcome = phone_width(&phone, &url).await;
        if outcome.is_err() {
            let _ = screenshot(&phone, "failure-phone.png").await;
        }
        phone.close().await?;
        outcome
    });
    for dir in [&profile, &phone_profile] {
        let _ = std::fs::remove_dir_all(dir);
    }
    if let Err(e) = result {
        panic!("browser test failed: {e}");
    }
}
