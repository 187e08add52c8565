//! The JSON API against a real server on a loopback port: every endpoint,
//! the engine's values, and bad input of every kind (a clear 4xx JSON
//! error, and the server still answering afterwards).

mod common;

use std::time::{Duration, Instant};

use boyi::solve::alphabeta::AlphaBeta;
use boyi::Control;
use boyi_games::catalogue;
use boyi_games::connect4::{verdict, Connect4};
use boyi_web::{Config, Running};
use common::{get, post, send};
use serde_json::{json, Value};

fn server(time_limit: Duration) -> Running {
    boyi_web::start(Config { port: 0, time_limit, table_bytes: 32 << 20, ..Config::default() })
        .expect("the server starts")
}

fn error_of(reply: &common::Reply) -> (u16, String) {
    assert_eq!(reply.content_type, "application/json", "{}", reply.body);
    let j = reply.json();
    assert!(j["message"].as_str().is_some_and(|m| !m.is_empty()), "{j}");
    (reply.status, j["error"].as_str().expect("an error code").to_string())
}

#[test]
fn page_and_games() {
    let s = server(Duration::from_secs(10));
    let page = get(s.addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    assert!(page.body.contains("game-picker"));
    for (path, kind) in [("/app.js", "text/javascript"), ("/app.css", "text/css")] {
        let r = get(s.addr, path);
        assert_eq!(r.status, 200);
        assert!(r.content_type.starts_with(kind), "{path}: {}", r.content_type);
    }
    let games = get(s.addr, "/api/games").json();
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    let catalogue: Vec<&str> = catalogue::games().iter().map(|g| g.info().id).collect();
    assert_eq!(ids, catalogue, "the page offers every game of the catalogue");
    for g in games.as_array().unwrap() {
        assert_eq!(g["players"].as_array().unwrap().len(), 2);
        assert!(g["params"].is_array() && !g["rules"].as_str().unwrap().is_empty());
    }
}

/// Small parameters for each game, so that every one solves quickly.
fn small(game: &str) -> Value {
    match game {
        "connect4" => json!({"moves": "4453444352"}),
        "young-chess" => json!({"rows": 3, "cols": 3, "seed": 5}),
        "chase" => json!({"n": 5}),
        "geography" => json!({"graph": "petersen"}),
        "nim" => json!({"heaps": "1,2,3"}),
        "dobutsu" => json!({"elephants": 1, "giraffes": 0, "chicks": 1}),
        "morris" | "lasker-morris" | "morabaraba" => json!({"board": "six", "white": 3, "black": 3}),
        _ => json!({"seed": 3}),
    }
}

#[test]
fn every_game_starts_analyzes_plays_and_answers() {
    let s = server(Duration::from_secs(10));
    for entry in catalogue::games() {
        let game = entry.info().id;
        let mut params = small(game);
        // Only games that take a seed get one.
        if params.get("seed").is_some() && !entry.info().params.iter().any(|p| p.name == "seed") {
            params = json!({});
        }
        let r = post(s.addr, "/api/start", &json!({"game": game, "params": params}));
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        let position = r.json()["position"].as_str().unwrap().to_string();
        let state = post(s.addr, "/api/analyze", &json!({"game": game, "position": position})).json();
        assert_eq!(state["game"], game);
        assert_eq!(state["position"], position.as_str(), "{game}: positions come back canonical");
        assert!(state["diagram"]["kind"].is_string(), "{game}: a picture to draw");
        let moves = state["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game}");
        // The position's value is its best move's (for nimbers: who wins).
        assert_eq!(state["value"]["result"], moves[0]["value"]["result"], "{game}");
        // play gives the position the analysis announced for that move.
        for m in moves.iter().take(20) {
            let next = post(s.addr, "/api/play", &json!({"game": game, "position": position, "move": m["move"]}));
            assert_eq!(next.status, 200, "{game} {}: {}", m["move"], next.body);
            assert_eq!(next.json()["position"], m["position"], "{game} {}", m["move"]);
        }
        // The perfect computer picks a best move.
        let c =
            post(s.addr, "/api/computer", &json!({"game": game, "position": position, "skill": 1.0, "seed": 9})).json();
        assert_eq!(c["value"], moves[0]["value"], "{game}: {c}");
        // Any skill picks a legal move.
        let c = post(s.addr, "/api/computer", &json!({"game": game, "position": position, "skill": 0.0})).json();
        assert!(moves.iter().any(|m| m["move"] == c["move"] && m["position"] == c["position"]), "{game}: {c}");
        // A picture is SVG or nothing.
        let p = post(s.addr, "/api/picture", &json!({"game": game, "position": position}));
        assert_eq!(p.status, 200, "{game}: {}", p.body);
        let svg = &p.json()["svg"];
        assert!(svg.is_null() || svg.as_str().is_some_and(|s| s.starts_with("<svg")), "{game}");
    }
}

#[test]
fn pictures_of_a_sequence_a_map_and_a_solved_board() {
    let s = server(Duration::from_secs(10));
    let picture = |game: &str, position: &str| {
        let r = post(s.addr, "/api/picture", &json!({"game": game, "position": position}));
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        r.json()["svg"].as_str().map(str::to_string)
    };
    let map = picture("wythoff", "1:4,7").expect("Wythoff's game draws a map");
    assert!(map.contains("this position") && map.contains("from 4,7 and below"));
    let sequence = picture("dawsons-kayles", "oooooooooo").expect("Dawson's Kayles draws its sequence");
    assert!(sequence.contains("period 34, preperiod 53 (proved)"));
    let board = picture("chase", "4").expect("the chase draws its solved board");
    assert!(board.contains("512 indexed positions by remoteness"), "{board}");
    assert_eq!(picture("connect4", ""), None);
    let r = post(s.addr, "/api/picture", &json!({"game": "wythoff", "position": "1:4,x"}));
    assert_eq!(error_of(&r).0, 400);
}

#[test]
fn connect_four_values_are_the_engines() {
    let s = server(Duration::from_secs(20));
    let position = "4453444352";
    let state = post(s.addr, "/api/analyze", &json!({"game": "connect4", "position": position})).json();
    let game = Connect4::new(7, 6);
    let board = game.parse(position).unwrap();
    let mut search = AlphaBeta::new(&game, Control::default(), 16 << 20).unwrap();
    let moves = state["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    for m in moves {
        let c: u32 = m["move"].as_str().unwrap().parse().unwrap();
        let child = game.drop_in(&board, c - 1);
        // The child's exact score for the opponent, one move further for the mover.
        let v = verdict(42, child.moves, search.value(&child).unwrap()).flip();
        assert_eq!(m["value"]["result"], v.result(), "column {c}");
        assert_eq!(m["value"]["remoteness"], v.remoteness().unwrap(), "column {c}");
    }
    // The same request again comes from the cache, identical.
    let again = post(s.addr, "/api/analyze", &json!({"game": "connect4", "position": position})).json();
    assert_eq!(again, state);
}

#[test]
fn bad_input_gets_a_clear_4xx_and_the_server_stays_up() {
    let s = server(Duration::from_secs(10));
    let a = s.addr;
    let json_ct = Some("application/json");
    let cases: Vec<(&str, common::Reply, u16, &str)> = vec![
        ("bad JSON", send(a, "POST", "/api/analyze", json_ct, b"{\"game\": \"nim\", "), 400, "bad_json"),
        ("not an object", send(a, "POST", "/api/analyze", json_ct, b"[1, 2]"), 400, "bad_json"),
        ("missing field", post(a, "/api/analyze", &json!({"game": "nim"})), 400, "bad_json"),
        ("wrong type", post(a, "/api/play", &json!({"game": "nim", "position": "1:3", "move": 5})), 400, "bad_json"),
        ("no content type", send(a, "POST", "/api/analyze", None, b"{}"), 415, "not_json"),
        ("unknown game", post(a, "/api/analyze", &json!({"game": "shogi", "position": ""})), 404, "unknown_game"),
        ("unknown game start", post(a, "/api/start", &json!({"game": "go"})), 404, "unknown_game"),
        (
            "bad position",
            post(a, "/api/analyze", &json!({"game": "connect4", "position": "4458"})),
            400,
            "bad_position",
        ),
        (
            "won already",
            post(a, "/api/analyze", &json!({"game": "connect4", "position": "12121213"})),
            400,
            "bad_position",
        ),
        (
            "bad young-chess",
            post(a, "/api/analyze", &json!({"game": "young-chess", "position": "2x2:1:2:"})),
            400,
            "bad_position",
        ),
        (
            "bad chase",
            post(a, "/api/analyze", &json!({"game": "chase", "position": "5:1,1:9,9:w"})),
            400,
            "bad_position",
        ),
        (
            "bad params",
            post(a, "/api/start", &json!({"game": "connect4", "params": {"width": "wide"}})),
            400,
            "bad_params",
        ),
        (
            "params out of range",
            post(a, "/api/start", &json!({"game": "chase", "params": {"n": 999}})),
            400,
            "bad_params",
        ),
        (
            "illegal move",
            post(a, "/api/play", &json!({"game": "connect4", "position": "444444", "move": "4"})),
            422,
            "illegal_move",
        ),
        (
            "illegal nim move",
            post(a, "/api/play", &json!({"game": "nim", "position": "1:3", "move": "1-4"})),
            422,
            "illegal_move",
        ),
        (
            "move after the end",
            post(a, "/api/play", &json!({"game": "chase", "position": "3:1,2:1,2:b", "move": "1,1"})),
            422,
            "illegal_move",
        ),
        (
            "computer after the end",
            post(a, "/api/computer", &json!({"game": "nim", "position": "2:0,0"})),
            422,
            "illegal_move",
        ),
        (
            "skill out of range",
            post(a, "/api/computer", &json!({"game": "nim", "position": "1:3", "skill": 1.5})),
            400,
            "bad_request",
        ),
        (
            "oversized body",
            post(a, "/api/analyze", &json!({"game": "nim", "position": "1".repeat(100_000)})),
            413,
            "too_large",
        ),
        (
            "oversized position",
            post(a, "/api/analyze", &json!({"game": "nim", "position": "1,".repeat(5000)})),
            413,
            "too_large",
        ),
        (
            "a start too long to send back",
            post(a, "/api/start", &json!({"game": "geography", "params": {"graph": "grid 30x30"}})),
            400,
            "bad_params",
        ),
        (
            "too many heaps",
            post(a, "/api/analyze", &json!({"game": "nim", "position": format!("1:{}", vec!["1"; 51].join(","))})),
            400,
            "bad_position",
        ),
        ("no such path", get(a, "/api/nothing"), 404, "not_found"),
        ("wrong method", get(a, "/api/analyze"), 405, "bad_method"),
    ];
    for (what, reply, status, code) in &cases {
        assert_eq!(error_of(reply), (*status, code.to_string()), "{what}: {}", reply.body);
    }
    assert_eq!(get(a, "/api/games").status, 200, "the server is still up");
    assert_eq!(post(a, "/api/analyze", &json!({"game": "nim", "position": "1:1,2"})).status, 200);
}

#[test]
fn slow_positions_are_refused_in_time_and_do_not_block_others() {
    let s = server(Duration::from_secs(3));
    let a = s.addr;
    // Too big up front (a large board without an opening book): answered
    // at once, with the board to draw.
    let r = post(a, "/api/analyze", &json!({"game": "connect4", "position": "8x7:4"}));
    assert_eq!(error_of(&r), (422, "too_big".to_string()));
    assert_eq!(r.json()["state"]["moves"].as_array().map(Vec::len), Some(8));
    assert_eq!(r.json()["state"]["moves"][0]["value"]["result"], "unknown");

    // Too slow: an early position that takes far more than 3 s.
    let slow = std::thread::spawn(move || {
        let t = Instant::now();
        let r = post(a, "/api/analyze", &json!({"game": "connect4", "position": "8x7:4444"}));
        (r, t.elapsed())
    });
    std::thread::sleep(Duration::from_millis(300));
    // Meanwhile other requests are answered, solves included.
    for (game, position) in
        [("nim", "1:5,6,7"), ("young-chess", "2x3:2,7,3,9,1,2:3,7,2,2,3,1:"), ("chase", "6:1,1:6,6:w")]
    {
        let t = Instant::now();
        let r = post(a, "/api/analyze", &json!({"game": game, "position": position}));
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        assert!(t.elapsed() < Duration::from_secs(2), "{game} waited {:?} behind the slow request", t.elapsed());
    }
    let (r, took) = slow.join().unwrap();
    assert_eq!(error_of(&r), (422, "too_slow".to_string()), "{}", r.body);
    assert!(r.json()["message"].as_str().unwrap().contains("time limit"));
    assert!(r.json()["state"]["position"] == "8x7:4444");
    assert!(took < Duration::from_secs(6), "the time limit held: {took:?}");
    assert_eq!(get(a, "/api/games").status, 200);
}

#[test]
fn a_refused_request_does_not_poison_the_cache() {
    let s = server(Duration::from_secs(10));
    let v: Value = post(s.addr, "/api/analyze", &json!({"game": "torus-chase", "position": "5/2:1,1:1,3:w"})).json();
    assert_eq!(v["value"]["result"], "draw");
    let bad = post(s.addr, "/api/analyze", &json!({"game": "torus-chase", "position": "5/2:1,1:1,3:x"}));
    assert_eq!(bad.status, 400);
    let again: Value =
        post(s.addr, "/api/analyze", &json!({"game": "torus-chase", "position": "5/2:1,1:1,3:w"})).json();
    assert_eq!(again, v);
}

#[test]
fn a_value_still_being_computed_comes_with_progress_and_then_in_full() {
    let s = server(Duration::from_secs(10));
    // Without waiting, the first answer is the position unvalued. The
    // board is large enough (a retrograde solve of about half a second)
    // that the values cannot come before that answer: on 12x12 the solve
    // once finished first.
    let req = json!({"game": "chase", "position": "64:1,1:64,64:w", "wait": 0});
    let r = post(s.addr, "/api/analyze", &req);
    assert_eq!(r.status, 202, "{}", r.body);
    let j = r.json();
    assert_eq!(j["pending"], true);
    assert!(j["progress"]["done"].is_u64(), "{j}");
    assert_eq!(j["state"]["position"], "64:1,1:64,64:w");
    assert!(j["state"]["moves"].as_array().unwrap().iter().all(|m| m["value"]["result"] == "unknown"));
    // Asking again (as the page does) ends with the values.
    let start = Instant::now();
    loop {
        let r = post(s.addr, "/api/analyze", &json!({"game": "chase", "position": "64:1,1:64,64:w", "wait": 0.2}));
        if r.status == 200 {
            assert_eq!(r.json()["value"]["result"], "lose");
            break;
        }
        assert_eq!(r.status, 202, "{}", r.body);
        assert!(start.elapsed() < Duration::from_secs(20), "the values never came");
    }
}

#[test]
fn connect_four_is_playable_from_the_empty_board() {
    let s = server(Duration::from_secs(10));
    let t = Instant::now();
    let state = post(s.addr, "/api/analyze", &json!({"game": "connect4", "position": ""})).json();
    assert!(t.elapsed() < Duration::from_secs(2), "the book answers at once: {:?}", t.elapsed());
    let moves = state["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0]["move"], "4", "the centre is best");
    assert_eq!(moves[0]["value"]["result"], "win");
    assert!(moves[1..].iter().all(|m| m["value"]["result"] != "win"), "{moves:?}");
    let c = post(s.addr, "/api/computer", &json!({"game": "connect4", "position": "", "skill": 1.0})).json();
    assert_eq!(c["move"], "4");
}

/// A game solved whole that is too slow for a request says how to make it
/// a lookup (issue 35: Dōbutsu Shōgi's start without a database said only
/// "takes longer than the time limit"); a game without databases does not
/// offer one.
#[test]
fn too_slow_says_how_to_get_a_database_where_one_exists() {
    let s = server(Duration::from_secs(1));
    let r = post(s.addr, "/api/analyze", &json!({"game": "dobutsu", "position": "S/gle/-c-/-C-/ELG/-"}));
    assert_eq!(error_of(&r), (422, "too_slow".to_string()), "{}", r.body);
    let message = r.json()["message"].as_str().unwrap().to_string();
    for says in ["boyi db build dobutsu chicks=2 elephants=2 giraffes=2 --out dobutsu.db", "boyi serve --db dobutsu.db"]
    {
        assert!(message.contains(says), "{message}");
    }
    let r = post(s.addr, "/api/analyze", &json!({"game": "connect4", "position": "8x7:4444"}));
    assert_eq!(error_of(&r), (422, "too_slow".to_string()), "{}", r.body);
    assert!(!r.json()["message"].as_str().unwrap().contains("db build"), "{}", r.body);
}

/// Partizan values: the games listed with an example each, a position's
/// report with every move valued and the thermograph, and bad input
/// refused with a 4xx.
#[test]
fn partizan_values_with_every_move() {
    let s = server(Duration::from_secs(10));
    let games = get(s.addr, "/api/partizan").json();
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    let listed: Vec<&str> = boyi_games::partizan::games().iter().map(|g| g.id()).collect();
    assert_eq!(ids, listed);
    for g in games.as_array().unwrap() {
        let r = post(s.addr, "/api/cgt", &json!({"game": g["id"], "position": g["example"]}));
        assert_eq!(r.status, 200, "{}: {}", g["id"], r.body);
        assert!(r.json()["svg"].as_str().is_some_and(|svg| svg.contains("<svg")), "{}", g["id"]);
    }
    let r = post(s.addr, "/api/cgt", &json!({"game": "domineering", "position": "..#..|..#.."})).json();
    let report = &r["report"];
    // ±1 + ±1 = 0: the second player wins
    assert_eq!((report["value"].as_str(), report["class"].as_str()), (Some("0"), Some("P")), "{report}");
    assert_eq!(report["parts"].as_array().unwrap().len(), 2);
    let moves = report["moves"].as_array().unwrap();
    // two regions of 2x2: each side has four moves, Left's all to 1 ± 1, Right's to -1 ± 1
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(moves.iter().all(|m| m["best"] == true), "{moves:?}");
    assert!(moves[..4].iter().all(|m| m["side"] == "L" && m["value"] == "1±1"), "{moves:?}");
    assert!(moves[4..].iter().all(|m| m["side"] == "R" && m["value"] == "-1±1"), "{moves:?}");
    for (body, code) in [
        (json!({"game": "chess", "position": "2x2"}), "bad_request"),
        (json!({"game": "domineering", "position": "..|."}), "bad_position"),
        (json!({"game": "domineering", "position": "9x9"}), "too_big"),
    ] {
        let reply = post(s.addr, "/api/cgt", &body);
        let (status, error) = error_of(&reply);
        assert!((400..500).contains(&status), "{body}: {status}");
        assert_eq!(error, code, "{body}: {}", reply.body);
    }
}
