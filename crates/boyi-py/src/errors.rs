//! Engine errors as Python exceptions, and engine work that Ctrl-C stops.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use boyi::Control;
use boyi_games::error::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// What the user got wrong is a `ValueError`; what the machine cannot
/// give, a `MemoryError`; an interrupt, `KeyboardInterrupt`. `context`
/// names what was asked, as the command line's messages do.
pub fn to_py(context: &str, error: Error) -> PyErr {
    let message = format!("{context}: {error}");
    match error {
        Error::Input(_) | Error::Params(_) | Error::Position(_) | Error::Move(_) => PyValueError::new_err(message),
        Error::Engine(boyi::Error::Data(_)) => PyValueError::new_err(message),
        Error::TooBig(_) | Error::Engine(boyi::Error::Memory { .. }) => PyMemoryError::new_err(message),
        Error::Engine(boyi::Error::Interrupted) => PyKeyboardInterrupt::new_err(message),
        Error::Engine(_) => PyRuntimeError::new_err(message),
    }
}

pub fn engine_to_py(context: &str, error: boyi::Error) -> PyErr {
    to_py(context, Error::Engine(error))
}

/// Runs `work` on another thread with the interpreter released, watching
/// for Ctrl-C meanwhile: Python handles signals only on its main thread
/// and only when asked, so a long solve would otherwise ignore it. On an
/// interrupt the work is told to stop (its `Control` is cancelled), is
/// waited for, and the `KeyboardInterrupt` is raised.
pub fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&Control) -> T + Send) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let ctl = Control::default().with_cancel(cancel.clone());
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        // (a receiver is not shared between threads; the lock makes it so for `detach`)
        let finished = Mutex::new(finished);
        let ctl = &ctl;
        let worker = scope.spawn(move || {
            let result = work(ctl);
            let _ = done.send(());
            result
        });
        loop {
            let waited = py.detach(|| finished.lock().expect("one waiter").recv_timeout(Duration::from_millis(100)));
            if !matches!(waited, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                cancel.store(true, Ordering::Relaxed);
                let _ = py.detach(|| worker.join());
                return Err(interrupt);
            }
        }
        match worker.join() {
            Ok(result) => Ok(result),
            Err(_) => Err(PyRuntimeError::new_err("boyi: the solver stopped on an internal error")),
        }
    })
}
