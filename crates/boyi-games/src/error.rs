use boyi::control::format_bytes;

/// Why a question about a game could not be answered. Each kind has its
/// exit code on the command line and its error code on the page's API.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Judge input or command-line input is malformed or out of range; the
    /// message says where.
    #[error("{0}")]
    Input(String),
    /// A game's parameters are wrong.
    #[error("{0}")]
    Params(String),
    /// A position's notation is wrong, or names a position that cannot occur.
    #[error("{0}")]
    Position(String),
    /// A move that is not legal where it was played.
    #[error("{0}")]
    Move(String),
    /// A position refused before any work: solving it would take far
    /// longer than anyone asking would wait.
    #[error("{0}")]
    TooBig(String),
    #[error(transparent)]
    Engine(#[from] boyi::Error),
}

impl Error {
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input(message.into())
    }

    pub fn params(message: impl Into<String>) -> Self {
        Error::Params(message.into())
    }

    pub fn position(message: impl Into<String>) -> Self {
        Error::Position(message.into())
    }

    pub fn illegal(message: impl Into<String>) -> Self {
        Error::Move(message.into())
    }

    /// A structure the game itself needs (beside the solver's tables).
    pub fn memory(what: &str, needed: u64, limit: u64) -> Self {
        Error::Engine(boyi::Error::Memory { what: what.to_string(), needed, limit })
    }

    /// 2 for bad input (a bad database file included), 3 for refused resources, 130 for an interrupt, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) | Error::Params(_) | Error::Position(_) | Error::Move(_) => 2,
            Error::Engine(boyi::Error::Data(_)) => 2,
            Error::TooBig(_) | Error::Engine(boyi::Error::Memory { .. }) => 3,
            Error::Engine(boyi::Error::Interrupted) => 130,
            Error::Engine(_) => 1,
        }
    }

    /// The same error, its message in the terms of whoever reads it.
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Self {
        match self {
            Error::Input(m) => Error::Input(f(m)),
            Error::Params(m) => Error::Params(f(m)),
            Error::Position(m) => Error::Position(f(m)),
            Error::Move(m) => Error::Move(f(m)),
            Error::TooBig(m) => Error::TooBig(f(m)),
            other => other,
        }
    }
}

/// Checks a game's own precomputation against the budget.
pub fn reserve(ctl: &boyi::Control, what: &str, bytes: u64) -> Result<(), Error> {
    ctl.reserve(what, bytes).map_err(Error::from)
}

/// `1.5 GiB` and friends, for messages.
pub fn bytes(n: u64) -> String {
    format_bytes(n)
}
