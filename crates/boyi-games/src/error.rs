use boyi::control::format_bytes;

/// Why a problem could not be answered. Each kind has its own exit code.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is malformed or out of range; the message says where.
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Engine(#[from] boyi::Error),
}

impl Error {
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input(message.into())
    }

    /// A structure the game itself needs (beside the solver's tables).
    pub fn memory(what: &str, needed: u64, limit: u64) -> Self {
        Error::Engine(boyi::Error::Memory { what: what.to_string(), needed, limit })
    }

    /// 2 for bad input, 3 for refused resources, 130 for an interrupt, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::Engine(boyi::Error::Memory { .. }) => 3,
            Error::Engine(boyi::Error::Interrupted) => 130,
            Error::Engine(_) => 1,
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
