//! What a caller hands a long solve: a memory budget, a way to interrupt it,
//! and somewhere to report progress. The engine does no terminal I/O itself;
//! the command line turns [`Progress`] reports into a progress bar.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use crate::error::format_bytes;
use crate::error::Error;
pub use crate::solve::checkpoint::Checkpoint;

/// Receives progress reports. Implementations must be cheap: solvers call
/// `advance` from worker threads, though only every few thousand positions.
pub trait Progress: Send + Sync {
    /// A new phase begins, with `total` units of work (0 if unknown).
    fn start(&self, label: &str, total: u64);
    fn advance(&self, units: u64);
    fn finish(&self);
    /// Something a watcher should hear at once, whatever the pace of the
    /// reports (a solve resumed from a checkpoint, and from where).
    fn note(&self, text: &str) {
        let _ = text;
    }
}

/// Budget, interruption and progress for one solve.
#[derive(Clone)]
pub struct Control {
    memory_limit: u64,
    cancel: Arc<AtomicBool>,
    progress: Option<Arc<dyn Progress>>,
    checkpoint: Option<Checkpoint>,
}

impl Default for Control {
    fn default() -> Self {
        Control {
            memory_limit: Self::DEFAULT_MEMORY,
            cancel: Arc::new(AtomicBool::new(false)),
            progress: None,
            checkpoint: None,
        }
    }
}

impl Control {
    /// 4 GiB: enough for every judge problem and the documented large sizes.
    pub const DEFAULT_MEMORY: u64 = 4 << 30;

    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = bytes;
        self
    }

    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = flag;
        self
    }

    pub fn with_progress(mut self, progress: Arc<dyn Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Lets a long retrograde solve save its state and resume from it.
    pub fn with_checkpoint(mut self, checkpoint: Checkpoint) -> Self {
        self.checkpoint = Some(checkpoint);
        self
    }

    pub fn checkpoint(&self) -> Option<&Checkpoint> {
        self.checkpoint.as_ref()
    }

    /// The same budget and interruption, reporting to no one: for work
    /// inside a phase whose progress the caller reports itself.
    pub fn without_progress(&self) -> Self {
        Control { progress: None, ..self.clone() }
    }

    /// The same budget and progress, deaf to interruption: for saving what
    /// an interrupted solve did (a second Ctrl-C stops the process itself).
    pub fn uninterruptible(&self) -> Self {
        Control { cancel: Arc::new(AtomicBool::new(false)), ..self.clone() }
    }

    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// Refuses up front a structure that would not fit the budget.
    pub fn reserve(&self, what: &str, bytes: u64) -> Result<(), Error> {
        if bytes > self.memory_limit {
            return Err(Error::Memory { what: what.to_string(), needed: bytes, limit: self.memory_limit });
        }
        Ok(())
    }

    /// Fails with [`Error::Interrupted`] once the user asked to stop.
    #[inline]
    pub fn check(&self) -> Result<(), Error> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    pub fn start(&self, label: &str, total: u64) {
        if let Some(p) = &self.progress {
            p.start(label, total);
        }
    }

    #[inline]
    pub fn advance(&self, units: u64) {
        if let Some(p) = &self.progress {
            p.advance(units);
        }
    }

    pub fn finish(&self) {
        if let Some(p) = &self.progress {
            p.finish();
        }
    }

    pub fn note(&self, text: &str) {
        if let Some(p) = &self.progress {
            p.note(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_well() {
        assert_eq!(format_bytes(512), "512 B");
        assert_eq!(format_bytes(1536), "1.5 KiB");
        assert_eq!(format_bytes(6_657_199_308), "6.2 GiB");
    }

    #[test]
    fn budget_is_enforced() {
        let ctl = Control::default().with_memory_limit(1000);
        assert!(ctl.reserve("x", 1000).is_ok());
        assert!(matches!(ctl.reserve("x", 1001), Err(Error::Memory { needed: 1001, .. })));
    }
}
