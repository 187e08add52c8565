//! How the parts of a partitioned solve reach each other: every part runs
//! the same program on its own slice of the rank space and meets the
//! others only in the collective steps of [`Peers`], all parts calling
//! each step in the same order. [`Local`] runs the parts as threads of one
//! process (what the tests and `boyi bench --parts` use); the `mpi`
//! feature's [`mpi::Mpi`] runs one part a process, over MPI.

use std::sync::{Condvar, Mutex};

use crate::error::Error;

#[cfg(feature = "mpi")]
pub mod mpi;

/// A predecessor's update: its place in the slice of the part that owns
/// it (a slice holds at most 2^32 positions), and what one of its moves is
/// worth to it (a packed outcome).
pub type Update = (u32, u16);

/// Bytes an update takes on the wire.
pub const UPDATE_BYTES: u64 = 6;

/// The collective steps of a partitioned solve. Every part calls each step
/// in the same order; a part that fails calls [`Peers::fail`], and the
/// others' next step returns an error instead of waiting for it.
pub trait Peers {
    /// This part, `0..count()`.
    fn me(&self) -> usize;
    fn count(&self) -> usize;
    /// Sends `outgoing[to]` to part `to` (this part's own list stays
    /// empty); returns what every part sent to this one.
    fn exchange(&self, outgoing: Vec<Vec<Update>>) -> Result<Vec<Update>, Error>;
    /// Sends the bytes `outgoing[to]` to part `to`; returns what each part
    /// sent to this one, by sender (so that a part can answer requests).
    fn exchange_bytes(&self, outgoing: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, Error>;
    /// The sum over the parts of `values`, element by element (every part
    /// passes as many).
    fn sum(&self, values: &[u64]) -> Result<Vec<u64>, Error>;
    /// Every part's `value`, by part.
    fn gather(&self, value: u64) -> Result<Vec<u64>, Error>;
    /// This part stops with `error`; the others must not wait for it.
    fn fail(&self, error: &Error);
}

/// Parts as threads of one process, meeting in shared memory.
pub struct Local {
    parts: usize,
    room: Mutex<Room>,
    bell: Condvar,
}

/// Runs `work` as `parts` parts, one thread each, meeting in a [`Local`]
/// room: every part's result, by part, or the error a part stopped with
/// (not the others' [`Error::PartStopped`]).
pub fn in_threads<T: Send>(
    parts: usize,
    work: impl Fn(&dyn Peers) -> Result<T, Error> + Sync,
) -> Result<Vec<T>, Error> {
    let local = Local::new(parts);
    let done: Vec<Result<T, Error>> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..parts)
            .map(|me| {
                let (local, work) = (&local, &work);
                s.spawn(move || {
                    let peers = local.part(me);
                    let _guard = FailOnPanic(&peers);
                    let done = work(&peers);
                    if let Err(e) = &done {
                        peers.fail(e);
                    }
                    done
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|_| Err(Error::Data("a part of the solve panicked".into()))))
            .collect()
    });
    if let Some(first) = done.iter().position(|r| r.is_err() && !matches!(r, Err(Error::PartStopped { .. }))) {
        return Err(done.into_iter().nth(first).and_then(Result::err).expect("an error at that place"));
    }
    done.into_iter().collect()
}

/// Tells the other parts when its part panics, so that they stop waiting
/// for it (the panic itself comes back from the thread's join).
struct FailOnPanic<'a>(&'a LocalPart<'a>);

impl Drop for FailOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.fail(&Error::Data("a part of the solve panicked".into()));
        }
    }
}

/// One collective step's deposits. Steps alternate between two rooms, so
/// a part that has left step `k` can deposit for step `k + 1` while the
/// others are still collecting step `k`'s.
#[derive(Default)]
struct Step {
    arrived: usize,
    collected: usize,
    /// `mail[to][from]`
    mail: Vec<Vec<Vec<Update>>>,
    /// `bytes[to][from]`
    bytes: Vec<Vec<Vec<u8>>>,
    sums: Vec<u64>,
    gathered: Vec<u64>,
}

struct Room {
    steps: [Step; 2],
    /// The part that failed first, if any.
    failed: Option<usize>,
}

/// One part's handle on a [`Local`] room.
pub struct LocalPart<'a> {
    local: &'a Local,
    me: usize,
    step: std::cell::Cell<usize>,
}

impl Local {
    pub fn new(parts: usize) -> Self {
        Local { parts, room: Mutex::new(Room { steps: Default::default(), failed: None }), bell: Condvar::new() }
    }

    /// The handle part `me` uses.
    pub fn part(&self, me: usize) -> LocalPart<'_> {
        LocalPart { local: self, me, step: std::cell::Cell::new(0) }
    }
}

/// What a part deposits at a step.
enum Deposit {
    Mail(Vec<Vec<Update>>),
    Bytes(Vec<Vec<u8>>),
    Sum(Vec<u64>),
    Gather(u64),
}

#[derive(Clone, Copy)]
enum Kind {
    Mail,
    Bytes,
    Sum,
    Gather,
}

/// What it collects.
enum Collected {
    Mail(Vec<Update>),
    Bytes(Vec<Vec<u8>>),
    Sum(Vec<u64>),
    Gather(Vec<u64>),
}

impl LocalPart<'_> {
    fn step(&self, deposit: Deposit) -> Result<Collected, Error> {
        let local = self.local;
        let parts = local.parts;
        let k = self.step.get() % 2;
        self.step.set(self.step.get() + 1);
        let gone = |part: usize| Error::PartStopped { part, parts };
        let mut room = local.room.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(who) = room.failed {
            return Err(gone(who));
        }
        let step = &mut room.steps[k];
        if step.arrived == 0 {
            step.mail = vec![vec![Vec::new(); parts]; parts];
            step.bytes = vec![vec![Vec::new(); parts]; parts];
            step.sums.clear();
            step.gathered = vec![0; parts];
        }
        let kind = match deposit {
            Deposit::Mail(out) => {
                for (to, updates) in out.into_iter().enumerate() {
                    step.mail[to][self.me] = updates;
                }
                Kind::Mail
            }
            Deposit::Bytes(out) => {
                for (to, bytes) in out.into_iter().enumerate() {
                    step.bytes[to][self.me] = bytes;
                }
                Kind::Bytes
            }
            Deposit::Sum(values) => {
                if step.sums.len() < values.len() {
                    step.sums.resize(values.len(), 0);
                }
                for (s, v) in step.sums.iter_mut().zip(values) {
                    *s += v;
                }
                Kind::Sum
            }
            Deposit::Gather(value) => {
                step.gathered[self.me] = value;
                Kind::Gather
            }
        };
        step.arrived += 1;
        if step.arrived == parts {
            local.bell.notify_all();
        }
        while room.steps[k].arrived < parts {
            if let Some(who) = room.failed {
                return Err(gone(who));
            }
            room = local.bell.wait(room).unwrap_or_else(|e| e.into_inner());
        }
        let step = &mut room.steps[k];
        let collected = match kind {
            Kind::Mail => Collected::Mail(step.mail[self.me].drain(..).flatten().collect()),
            Kind::Bytes => Collected::Bytes(std::mem::take(&mut step.bytes[self.me])),
            Kind::Sum => Collected::Sum(step.sums.clone()),
            Kind::Gather => Collected::Gather(step.gathered.clone()),
        };
        step.collected += 1;
        if step.collected == parts {
            step.arrived = 0;
            step.collected = 0;
        }
        Ok(collected)
    }
}

fn out_of_step() -> Error {
    Error::Data("the parts of a partitioned solve took different steps".into())
}

impl Peers for LocalPart<'_> {
    fn me(&self) -> usize {
        self.me
    }

    fn count(&self) -> usize {
        self.local.parts
    }

    fn exchange(&self, outgoing: Vec<Vec<Update>>) -> Result<Vec<Update>, Error> {
        match self.step(Deposit::Mail(outgoing))? {
            Collected::Mail(m) => Ok(m),
            _ => Err(out_of_step()),
        }
    }

    fn exchange_bytes(&self, outgoing: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, Error> {
        match self.step(Deposit::Bytes(outgoing))? {
            Collected::Bytes(b) => Ok(b),
            _ => Err(out_of_step()),
        }
    }

    fn sum(&self, values: &[u64]) -> Result<Vec<u64>, Error> {
        let n = values.len();
        match self.step(Deposit::Sum(values.to_vec()))? {
            Collected::Sum(mut s) => {
                s.resize(n, 0);
                Ok(s)
            }
            _ => Err(out_of_step()),
        }
    }

    fn gather(&self, value: u64) -> Result<Vec<u64>, Error> {
        match self.step(Deposit::Gather(value))? {
            Collected::Gather(g) => Ok(g),
            _ => Err(out_of_step()),
        }
    }

    fn fail(&self, _: &Error) {
        let mut room = self.local.room.lock().unwrap_or_else(|e| e.into_inner());
        room.failed.get_or_insert(self.me);
        self.local.bell.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_exchange_sum_and_gather() {
        let got = in_threads(3, |peers| {
            let me = peers.me() as u32;
            let out =
                (0..3).map(|to| if to == me as usize { vec![] } else { vec![(me * 10 + to as u32, 7)] }).collect();
            let mut mail = peers.exchange(out)?;
            mail.sort();
            let bytes = peers.exchange_bytes((0..3).map(|to| vec![me as u8; to + me as usize]).collect())?;
            Ok((mail, bytes, peers.sum(&[1, u64::from(me)])?, peers.gather(u64::from(me) * 2)?))
        })
        .unwrap();
        for (me, (mail, bytes, sum, gathered)) in got.into_iter().enumerate() {
            assert_eq!(bytes, (0..3).map(|from| vec![from as u8; from + me]).collect::<Vec<_>>());
            let from: Vec<u32> = (0..3).filter(|&f| f != me as u32).map(|f| f * 10 + me as u32).collect();
            assert_eq!(mail.iter().map(|m| m.0).collect::<Vec<_>>(), from);
            assert_eq!(sum, vec![3, 3]);
            assert_eq!(gathered, vec![0, 2, 4]);
        }
    }

    /// A part that fails or panics stops the others at their next step,
    /// and the run gives its error, not theirs.
    #[test]
    fn a_part_that_stops_stops_the_others() {
        let failed: Result<Vec<()>, Error> = in_threads(3, |peers| {
            if peers.me() == 2 {
                return Err(Error::Unsupported("part 2's own error".into()));
            }
            loop {
                peers.gather(0)?;
            }
        });
        assert!(matches!(failed, Err(Error::Unsupported(m)) if m == "part 2's own error"));
        let panicked: Result<Vec<()>, Error> = in_threads(3, |peers| {
            if peers.me() == 1 {
                panic!("a bug in a game");
            }
            loop {
                peers.sum(&[1])?;
            }
        });
        assert!(matches!(panicked, Err(Error::Data(m)) if m.contains("panicked")));
    }
}
