//! Analyses under way: each position's analysis runs once on the blocking
//! pool, behind the solver slots, within the time limit, and reports its
//! progress; any number of requests for the same position wait on it or
//! look in on it. Finished analyses go to the session's cache.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boyi::{Control, Progress};
use boyi_games::catalogue::{Cx, Position, Session};
use serde::Serialize;
use tokio::sync::{watch, Semaphore};

use crate::error::ApiError;
use crate::state::State;
use crate::Config;

/// How far an analysis has got: the phase and its units of work.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Phase {
    pub label: String,
    pub done: u64,
    pub total: u64,
}

#[derive(Default)]
struct Reporter(Mutex<Phase>);

impl Reporter {
    fn phase(&self) -> Phase {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Progress for Reporter {
    fn start(&self, label: &str, total: u64) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Phase { label: label.to_string(), done: 0, total };
    }

    fn advance(&self, units: u64) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).done += units;
    }

    fn finish(&self) {}
}

type Outcome = Option<Result<Arc<State>, ApiError>>;

struct Job {
    reporter: Arc<Reporter>,
    result: watch::Receiver<Outcome>,
}

/// The answer to a request for an analysis.
pub enum Reply {
    Done(Arc<State>),
    /// Still being computed: the position unvalued, and how far it got.
    Pending(Box<State>, Phase),
}

pub struct Jobs {
    running: Mutex<HashMap<String, Arc<Job>>>,
    slots: Arc<Semaphore>,
    /// Where finished analyses go, and what the solves keep.
    session: Arc<Session>,
    time_limit: Duration,
    memory: u64,
}

impl Jobs {
    pub fn new(config: &Config, session: Arc<Session>) -> Self {
        Jobs {
            running: Mutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(config.solvers.max(1))),
            session,
            time_limit: config.time_limit,
            memory: config.request_memory,
        }
    }

    /// The analysis of `pos`, waiting for it at most `wait`.
    pub async fn analyze(self: &Arc<Self>, pos: Box<dyn Position>, wait: Duration) -> Result<Reply, ApiError> {
        let key = format!("state:{}:{}", pos.entry().info().id, pos.text());
        if let Some(hit) = self.session.cache().get::<State>(&key) {
            return Ok(Reply::Done(hit));
        }
        let unvalued = || State::unvalued(pos.as_ref());
        let job = {
            let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
            match running.get(&key) {
                Some(job) => job.clone(),
                None => {
                    let job = self.start(key.clone(), pos.entry().open(&pos.text())?);
                    running.insert(key.clone(), job.clone());
                    job
                }
            }
        };
        let mut result = job.result.clone();
        let done: Option<Outcome> = match tokio::time::timeout(wait, result.wait_for(Option::is_some)).await {
            Ok(Ok(done)) => Some(done.clone()),
            Ok(Err(_)) => return Err(ApiError::busy("the server is shutting down")),
            Err(_) => None,
        };
        match done.flatten() {
            Some(Ok(state)) => Ok(Reply::Done(state)),
            Some(Err(e)) => Err(e),
            None => Ok(Reply::Pending(Box::new(unvalued()), job.reporter.phase())),
        }
    }

    fn start(self: &Arc<Self>, key: String, pos: Box<dyn Position>) -> Arc<Job> {
        let (tx, rx) = watch::channel(None);
        let reporter = Arc::new(Reporter::default());
        let job = Arc::new(Job { reporter: reporter.clone(), result: rx });
        let jobs = self.clone();
        tokio::spawn(async move {
            let result = jobs.run(&key, pos, reporter).await;
            let _ = tx.send(Some(result));
            jobs.running.lock().unwrap_or_else(|e| e.into_inner()).remove(&key);
        });
        job
    }

    /// Runs `work` on the blocking pool in a solver slot, under the memory
    /// limit and the time limit (counted from `started`); says whether the
    /// time limit cancelled it.
    async fn in_slot<T: Send + 'static>(
        &self,
        started: Instant,
        progress: Option<Arc<Reporter>>,
        work: impl FnOnce(&Cx) -> T + Send + 'static,
    ) -> Result<(T, bool), ApiError> {
        let limit = self.time_limit;
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
        let mut ctl = Control::default().with_memory_limit(self.memory).with_cancel(cancel.clone());
        if let Some(reporter) = progress {
            ctl = ctl.with_progress(reporter);
        }
        let deadline = {
            let cancel = cancel.clone();
            let remaining = limit.saturating_sub(started.elapsed());
            tokio::spawn(async move {
                tokio::time::sleep(remaining).await;
                cancel.store(true, Ordering::Relaxed);
            })
        };
        let session = self.session.clone();
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&Cx::new(&ctl, &session))
        });
        let outcome = task.await;
        deadline.abort();
        let timed_out = cancel.load(Ordering::Relaxed);
        outcome.map(|done| (done, timed_out)).map_err(|join| ApiError::internal(format!("the solver failed: {join}")))
    }

    /// Too slow for a request: and what would make it fast, where the
    /// game can be kept on disk (the user cannot be expected to know).
    fn too_slow(&self, pos: &dyn Position) -> ApiError {
        let mut message = format!(
            "This position takes longer than the {} s time limit to solve on request.",
            self.time_limit.as_secs_f64()
        );
        if pos.has_database() {
            let info = pos.entry().info();
            let mut command = format!("boyi db build {}", info.id);
            for (name, value) in pos.params().iter() {
                command += &format!(" {name}={value}");
            }
            message += &format!(
                " Its game is solved whole once and kept in a file: build it with `{command} --out {id}.db` \
                 and start the server with `boyi serve --db {id}.db`, after which every position is a lookup; \
                 or make the game smaller in Game setup.",
                id = info.id
            );
        }
        ApiError::too_slow(message)
    }

    async fn run(&self, key: &str, pos: Box<dyn Position>, reporter: Arc<Reporter>) -> Result<Arc<State>, ApiError> {
        let too_slow = self.too_slow(pos.as_ref());
        let (outcome, timed_out) = self
            .in_slot(Instant::now(), Some(reporter), move |cx| match pos.analyze(cx) {
                Ok(a) => Ok(State::valued(pos.as_ref(), a)),
                Err(e) => Err((e, Box::new(State::unvalued(pos.as_ref())))),
            })
            .await?;
        match outcome {
            Ok(state) => {
                let state = Arc::new(state);
                let bytes = serde_json::to_string(&*state).map_or(4096, |s| s.len() as u64) * 2;
                self.session.cache().put(key.to_string(), state.clone(), bytes);
                Ok(state)
            }
            Err((e, unvalued)) => {
                let mut e = match e {
                    boyi_games::Error::Engine(boyi::Error::Interrupted) if timed_out => too_slow,
                    e => ApiError::from_game(e),
                };
                e.state = serde_json::to_value(unvalued).ok();
                Err(e)
            }
        }
    }

    /// A partizan position's value report (`boyi cgt`'s JSON, every move
    /// valued) and its thermograph as SVG, within the time limit.
    pub async fn partizan(&self, game: String, position: String) -> Result<serde_json::Value, ApiError> {
        use boyi_games::partizan::report;
        let limit = self.time_limit.as_secs_f64();
        let (valued, timed_out) = self
            .in_slot(Instant::now(), None, move |cx| {
                let report = report::value(&game, &position, boyi::cgt::Format::Cgsuite, cx.ctl)?;
                let svg = report.svg().ok();
                Ok::<_, boyi_games::Error>(serde_json::json!({"report": report, "svg": svg}))
            })
            .await?;
        match valued {
            Ok(answer) => Ok(answer),
            Err(boyi_games::Error::Engine(boyi::Error::Interrupted)) if timed_out => Err(ApiError::too_slow(format!(
                "This position takes longer than the {limit} s time limit to value on request; \
                 `boyi cgt` on the command line has no limit."
            ))),
            Err(e) => Err(ApiError::from_game(e)),
        }
    }

    /// The position's picture (SVG), where its game draws one; kept in the
    /// session's cache like analyses.
    pub async fn picture(&self, pos: Box<dyn Position>) -> Result<Option<Arc<String>>, ApiError> {
        let key = format!("picture:{}:{}", pos.entry().info().id, pos.text());
        if let Some(hit) = self.session.cache().get::<String>(&key) {
            return Ok(Some(hit));
        }
        let too_slow = self.too_slow(pos.as_ref());
        let (drawn, timed_out) = self.in_slot(Instant::now(), None, move |cx| pos.picture(cx)).await?;
        match drawn {
            Ok(Some(svg)) => {
                let svg = Arc::new(svg);
                self.session.cache().put(key, svg.clone(), svg.len() as u64 * 2);
                Ok(Some(svg))
            }
            Ok(None) => Ok(None),
            Err(boyi_games::Error::Engine(boyi::Error::Interrupted)) if timed_out => Err(too_slow),
            Err(e) => Err(ApiError::from_game(e)),
        }
    }
}
