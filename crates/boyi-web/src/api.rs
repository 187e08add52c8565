//! The router: the page's files and the JSON API. Every game of the
//! catalogue is served the same way, through its one interface.
//!
//! | endpoint | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | every game: id, name, rules, players, parameters, notation |
//! | `POST /api/start` | `{game, params}` | `{game, position}` |
//! | `POST /api/analyze` | `{game, position, wait?}` | the position's [`State`]: value, every move valued, diagram; or, past `wait` seconds, 202 `{pending, progress, state}` |
//! | `POST /api/play` | `{game, position, move}` | `{game, position}` after the move |
//! | `POST /api/computer` | `{game, position, skill, seed?}` | `{game, move, label, value, position}` |
//! | `POST /api/picture` | `{game, position}` | `{game, position, svg}`: the game's picture of the position (SVG), or `svg: null` |
//! | `GET /api/partizan` | | every partizan game: id, about, example |
//! | `POST /api/cgt` | `{game, position}` | `{report, svg}`: the value report `boyi cgt --json` prints (canonical form, class, stops, temperature, reduced form, every move valued, parts hottest first) and the thermograph |
//!
//! Errors are `{"error": code, "message": ...}` with a 4xx status (5xx
//! only for `busy` and bugs).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State as AxState};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use boyi_games::catalogue::{self, Entry, Position, Session};
use boyi_games::Params;
use serde::Deserialize;
use serde_json::{json, Map, Value as Json_};

use crate::error::ApiError;
use crate::jobs::{Jobs, Reply};
use crate::Config;
use boyi_games::computer::choose;

/// Longest position string accepted: the largest boards the page offers
/// write a few KiB.
pub const MAX_POSITION: usize = 8 << 10;

pub struct App {
    pub config: Config,
    /// Solved tables, analyses and search tables, shared by all requests.
    pub session: Arc<Session>,
    jobs: Arc<Jobs>,
    seeds: AtomicU64,
}

impl App {
    pub fn new(config: Config) -> Self {
        let session = Arc::new(
            Session::new(config.cache_bytes, config.table_bytes)
                .with_threads(config.threads)
                .with_books(config.books.clone())
                .with_databases(config.databases.clone())
                // Each user picks an instance: one without a file is solved.
                .solving_other_instances(),
        );
        let jobs = Arc::new(Jobs::new(&config, session.clone()));
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        App { config, session, jobs, seeds: AtomicU64::new(seed) }
    }

    fn game(&self, id: &str) -> Result<&'static dyn Entry, ApiError> {
        catalogue::game(id).ok_or_else(|| {
            let ids: Vec<&str> = catalogue::games().iter().map(|g| g.info().id).collect();
            ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_game",
                format!("unknown game `{id}`; known: {}", ids.join(", ")),
            )
        })
    }

    fn open(&self, id: &str, position: &str) -> Result<Box<dyn Position>, ApiError> {
        if position.len() > MAX_POSITION {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the position is {} bytes; the server reads at most {MAX_POSITION}", position.len()),
            ));
        }
        Ok(self.game(id)?.open(position.trim())?)
    }

    fn random(&self, seed: Option<u64>) -> impl FnMut() -> f64 {
        let seed = seed.unwrap_or_else(|| self.seeds.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed));
        let mut rng = boyi_games::generate::Rng::new(seed);
        move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `Json` whose rejections are the API's JSON errors.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(rejection) => Err(match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    "the request body is larger than the server accepts",
                ),
                StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "not_json",
                    "send the request body as JSON, with `Content-Type: application/json`",
                ),
                _ => ApiError::new(StatusCode::BAD_REQUEST, "bad_json", rejection.body_text()),
            }),
        }
    }
}

#[derive(Deserialize)]
struct StartReq {
    game: String,
    #[serde(default)]
    params: Map<String, Json_>,
}

#[derive(Deserialize)]
struct PositionReq {
    game: String,
    position: String,
    /// Seconds to wait for the values before answering that they are
    /// still being computed (the time limit when left out).
    wait: Option<f64>,
}

#[derive(Deserialize)]
struct PlayReq {
    game: String,
    position: String,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
struct ComputerReq {
    game: String,
    position: String,
    #[serde(default = "perfect")]
    skill: f64,
    seed: Option<u64>,
}

fn perfect() -> f64 {
    1.0
}

type Shared = AxState<Arc<App>>;

async fn games(AxState(_): Shared) -> Json<Json_> {
    Json(json!(catalogue::games().iter().map(|g| g.info()).collect::<Vec<_>>()))
}

async fn start(AxState(app): Shared, Body(req): Body<StartReq>) -> Result<Json<Json_>, ApiError> {
    let game = app.game(&req.game)?;
    let position = game.start(&Params::from_json(&req.params)?)?.text();
    if position.len() > MAX_POSITION {
        return Err(ApiError::bad_params(format!(
            "that game's position is {} bytes long; the server reads positions of at most {MAX_POSITION}",
            position.len()
        )));
    }
    Ok(Json(json!({"game": game.info().id, "position": position})))
}

async fn analyze(AxState(app): Shared, Body(req): Body<PositionReq>) -> Result<Response, ApiError> {
    let pos = app.open(&req.game, &req.position)?;
    let limit = app.config.time_limit + Duration::from_secs(1);
    let wait = req.wait.filter(|w| w.is_finite() && *w >= 0.0).map_or(limit, |w| Duration::from_secs_f64(w).min(limit));
    match app.jobs.analyze(pos, wait).await? {
        Reply::Done(state) => Ok(Json(&*state).into_response()),
        Reply::Pending(state, progress) => {
            Ok((StatusCode::ACCEPTED, Json(json!({"pending": true, "progress": progress, "state": state})))
                .into_response())
        }
    }
}

/// The position's picture as SVG (`svg`), or `null` where its game draws none.
async fn picture(AxState(app): Shared, Body(req): Body<PositionReq>) -> Result<Json<Json_>, ApiError> {
    let pos = app.open(&req.game, &req.position)?;
    let (game, position) = (pos.entry().info().id, pos.text());
    let svg = app.jobs.picture(pos).await?;
    Ok(Json(json!({"game": game, "position": position, "svg": svg.as_deref()})))
}

async fn play(AxState(app): Shared, Body(req): Body<PlayReq>) -> Result<Json<Json_>, ApiError> {
    let pos = app.open(&req.game, &req.position)?;
    if req.mv.len() > 256 {
        return Err(ApiError::illegal_move("a move is a few characters"));
    }
    let next = pos.play(req.mv.trim())?;
    Ok(Json(json!({"game": pos.entry().info().id, "position": next.text()})))
}

async fn computer(AxState(app): Shared, Body(req): Body<ComputerReq>) -> Result<Json<Json_>, ApiError> {
    let pos = app.open(&req.game, &req.position)?;
    if !(0.0..=1.0).contains(&req.skill) {
        return Err(ApiError::bad_request(format!("skill must be in [0, 1], not {}", req.skill)));
    }
    let limit = app.config.time_limit + Duration::from_secs(1);
    let state = match app.jobs.analyze(pos, limit).await? {
        Reply::Done(state) => state,
        Reply::Pending(..) => return Err(ApiError::too_slow("the computer ran out of time choosing a move")),
    };
    let mv = choose(&state.moves, |m| m.value, req.skill, app.random(req.seed))
        .ok_or_else(|| ApiError::illegal_move("the game is over: there is no move to make"))?;
    let position = match &mv.position {
        Some(p) => p.clone(),
        None => app.open(&req.game, &state.position)?.play(&mv.mv)?.text(),
    };
    Ok(Json(json!({
        "game": state.game,
        "move": mv.mv,
        "label": mv.label,
        "value": mv.value,
        "position": position,
    })))
}

async fn partizan_games(AxState(_): Shared) -> Json<Json_> {
    let games = boyi_games::partizan::games();
    Json(json!(games
        .iter()
        .map(|g| json!({"id": g.id(), "about": g.about(), "example": g.example()}))
        .collect::<Vec<_>>()))
}

#[derive(Deserialize)]
struct CgtReq {
    game: String,
    position: String,
}

async fn cgt(AxState(app): Shared, Body(req): Body<CgtReq>) -> Result<Json<Json_>, ApiError> {
    if req.position.len() > MAX_POSITION {
        return Err(ApiError::bad_position(format!("a position of at most {MAX_POSITION} bytes")));
    }
    Ok(Json(app.jobs.partizan(req.game, req.position).await?))
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page or endpoint; the API lives under /api/")
}

fn asset(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

pub fn router(app: Arc<App>) -> Router {
    let body_limit = app.config.body_limit;
    Router::new()
        .route("/", get(|| async { asset(include_str!("../assets/index.html"), "text/html; charset=utf-8") }))
        .route("/app.js", get(|| async { asset(include_str!("../assets/app.js"), "text/javascript; charset=utf-8") }))
        .route("/app.css", get(|| async { asset(include_str!("../assets/app.css"), "text/css; charset=utf-8") }))
        .route("/api/games", get(games))
        .route("/api/start", post(start))
        .route("/api/analyze", post(analyze))
        .route("/api/play", post(play))
        .route("/api/picture", post(picture))
        .route("/api/computer", post(computer))
        .route("/api/partizan", get(partizan_games))
        .route("/api/cgt", post(cgt))
        .fallback(not_found)
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "bad_method",
                "GET /api/games and /api/partizan; POST (JSON) everything else",
            )
        })
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(app)
}
