//! The router: the page's files and the JSON API.
//!
//! | endpoint | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | every game: id, name, rules, players, parameters |
//! | `POST /api/start` | `{game, params}` | `{game, position}` |
//! | `POST /api/analyze` | `{game, position}` | the position's [`State`]: value, every move valued, board |
//! | `POST /api/play` | `{game, position, move}` | `{game, position}` after the move |
//! | `POST /api/computer` | `{game, position, skill, seed?}` | `{game, move, label, value, position}` |
//!
//! Errors are `{"error": code, "message": ...}` with a 4xx status (5xx
//! only for `busy` and bugs).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State as AxState};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use boyi::Control;
use serde::Deserialize;
use serde_json::{json, Map, Value as Json_};
use tokio::sync::Semaphore;

use crate::cache::Cache;
use crate::error::ApiError;
use crate::game::{choose, registry, Ctx, State, WebGame};
use crate::Config;

/// Longest position string accepted: the largest boards the page offers
/// write a few KiB.
pub const MAX_POSITION: usize = 8 << 10;

pub struct App {
    pub config: Config,
    /// Each game with its id, looked up on every request.
    games: Vec<(&'static str, Arc<dyn WebGame>)>,
    pub cache: Arc<Cache>,
    slots: Arc<Semaphore>,
    seeds: AtomicU64,
}

impl App {
    pub fn new(config: Config) -> Self {
        let games = registry(&config).into_iter().map(|g| (g.info().id, g)).collect();
        let cache = Arc::new(Cache::new(config.cache_bytes));
        let slots = Arc::new(Semaphore::new(config.solvers.max(1)));
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        App { config, games, cache, slots, seeds: AtomicU64::new(seed) }
    }

    fn game(&self, id: &str) -> Result<(&'static str, Arc<dyn WebGame>), ApiError> {
        self.games.iter().find(|g| g.0 == id).cloned().ok_or_else(|| {
            let ids: Vec<&str> = self.games.iter().map(|g| g.0).collect();
            ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_game",
                format!("unknown game `{id}`; known: {}", ids.join(", ")),
            )
        })
    }

    /// The analysis of a position: from the cache, or solved on the
    /// blocking pool within the time limit.
    async fn analyze(
        &self,
        (id, game): (&'static str, Arc<dyn WebGame>),
        position: String,
    ) -> Result<Arc<State>, ApiError> {
        let key = format!("state:{id}:{position}");
        if let Some(hit) = self.cache.get::<State>(&key) {
            return Ok(hit);
        }
        let started = Instant::now();
        let limit = self.config.time_limit;
        let permit = tokio::time::timeout(limit, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy(format!(
                    "every solver stayed busy for the {} s time limit; try again shortly",
                    limit.as_secs_f64()
                ))
            })?
            .map_err(|_| ApiError::busy("the server is shutting down"))?;
        let cancel = Arc::new(AtomicBool::new(false));
        // A client that goes away cancels its solve: the guard raises the
        // flag when the handler's future is dropped, finished or not.
        let _guard = CancelOnDrop(cancel.clone());
        let ctl = Control::default().with_memory_limit(self.config.request_memory).with_cancel(cancel.clone());
        let cache = self.cache.clone();
        let unvalued = (game.clone(), position.clone());
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let cx = Ctx { ctl: &ctl, cache: &cache };
            let state = game.analyze(&position, &cx)?;
            let state = Arc::new(state);
            let bytes = serde_json::to_string(&*state).map_or(4096, |s| s.len() as u64) * 2;
            cache.put(key, state.clone(), bytes);
            Ok::<_, ApiError>(state)
        });
        let remaining = limit.saturating_sub(started.elapsed());
        let too_slow = || {
            ApiError::too_slow(format!(
                "this position takes longer than the {} s time limit to solve on request{}",
                limit.as_secs_f64(),
                slow_hint(id)
            ))
        };
        let with_board = |mut e: ApiError| {
            e.state = unvalued.0.describe(&unvalued.1).and_then(|s| serde_json::to_value(s).ok());
            e
        };
        match tokio::time::timeout(remaining, task).await {
            Err(_) => {
                cancel.store(true, Ordering::Relaxed);
                Err(with_board(too_slow()))
            }
            Ok(Err(join)) => {
                Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", format!("the solver failed: {join}")))
            }
            Ok(Ok(Err(e))) if e.code == "too_slow" => Err(with_board(too_slow())),
            Ok(Ok(Err(e))) if e.code == "too_big" => Err(with_board(e)),
            Ok(Ok(result)) => result,
        }
    }

    fn random(&self, seed: Option<u64>) -> impl FnMut() -> f64 {
        let seed = seed.unwrap_or_else(|| self.seeds.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed));
        let mut rng = boyi_games::generate::Rng::new(seed);
        move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn slow_hint(game: &str) -> &'static str {
    match game {
        "connect4" => {
            "; early Connect Four positions take minutes to solve exactly: play a few more moves \
             (from about 8 stones most positions take a second or two)"
        }
        _ => "; try a smaller board",
    }
}

struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
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

fn checked_position(position: &str) -> Result<String, ApiError> {
    if position.len() > MAX_POSITION {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the position is {} bytes; the server reads at most {MAX_POSITION}", position.len()),
        ));
    }
    Ok(position.trim().to_string())
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

async fn games(AxState(app): Shared) -> Json<Json_> {
    Json(json!(app.games.iter().map(|g| g.1.info()).collect::<Vec<_>>()))
}

async fn start(AxState(app): Shared, Body(req): Body<StartReq>) -> Result<Json<Json_>, ApiError> {
    let (id, game) = app.game(&req.game)?;
    let position = game.start(&req.params)?;
    Ok(Json(json!({"game": id, "position": position})))
}

async fn analyze(AxState(app): Shared, Body(req): Body<PositionReq>) -> Result<Response, ApiError> {
    let game = app.game(&req.game)?;
    let position = checked_position(&req.position)?;
    let state = app.analyze(game, position).await?;
    Ok(Json(&*state).into_response())
}

async fn play(AxState(app): Shared, Body(req): Body<PlayReq>) -> Result<Json<Json_>, ApiError> {
    let (id, game) = app.game(&req.game)?;
    let position = checked_position(&req.position)?;
    if req.mv.len() > 64 {
        return Err(ApiError::illegal_move("a move is a few characters"));
    }
    let next = game.play(&position, req.mv.trim())?;
    Ok(Json(json!({"game": id, "position": next})))
}

async fn computer(AxState(app): Shared, Body(req): Body<ComputerReq>) -> Result<Json<Json_>, ApiError> {
    let game = app.game(&req.game)?;
    let position = checked_position(&req.position)?;
    if !(0.0..=1.0).contains(&req.skill) {
        return Err(ApiError::bad_request(format!("skill must be in [0, 1], not {}", req.skill)));
    }
    let state = app.analyze(game, position).await?;
    let mv = choose(&state.moves, req.skill, app.random(req.seed))
        .ok_or_else(|| ApiError::illegal_move("the game is over: there is no move to make"))?;
    Ok(Json(json!({
        "game": state.game,
        "move": mv.mv,
        "label": mv.label,
        "value": mv.value,
        "position": mv.position,
    })))
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
        .route("/api/computer", post(computer))
        .fallback(not_found)
        .method_not_allowed_fallback(|| async {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "bad_method", "GET /api/games; POST (JSON) everything else")
        })
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(app)
}
