//! Every failure the API reports: a status, a stable code and one sentence
//! for people, as JSON (`{"error": code, "message": ...}`).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// For a position refused as too big or too slow: the position with its
    /// moves unvalued, so a page can still draw it.
    pub state: Option<serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into(), state: None }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn bad_position(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_position", message)
    }

    pub fn bad_params(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_params", message)
    }

    pub fn illegal_move(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", message)
    }

    /// A position the server will not solve on request: too large up front.
    pub fn too_big(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "too_big", message)
    }

    /// A solve that ran into the time limit.
    pub fn too_slow(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "too_slow", message)
    }

    /// A bug: the solver failed.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// Every solver slot stayed taken for the whole time limit.
    pub fn busy(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
    }

    /// A catalogue or engine failure, by kind.
    pub fn from_game(e: boyi_games::Error) -> Self {
        use boyi_games::Error as E;
        match e {
            E::Input(m) => Self::bad_request(m),
            E::Params(m) => Self::bad_params(m),
            E::Position(m) => Self::bad_position(m),
            E::Move(m) => Self::illegal_move(m),
            E::TooBig(m) => Self::too_big(m),
            E::Engine(e @ boyi::Error::Memory { .. }) => {
                Self::too_big(format!("this position needs more memory than a request may use: {e}"))
            }
            E::Engine(boyi::Error::Interrupted) => Self::too_slow("the solve was stopped"),
            other => Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", other.to_string()),
        }
    }
}

impl From<boyi_games::Error> for ApiError {
    fn from(e: boyi_games::Error) -> Self {
        ApiError::from_game(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.code, "message": self.message});
        if let Some(state) = self.state {
            body["state"] = state;
        }
        (self.status, axum::Json(body)).into_response()
    }
}
