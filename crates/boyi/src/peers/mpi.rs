//! The parts of a partitioned solve as MPI processes, one part a rank
//! (`mpirun -np P boyi db build ... --distributed`). Only the thread that
//! started MPI calls it (the solve's driving thread; rayon's workers never
//! do), which is what `MPI_THREAD_FUNNELED` promises.

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Count;

use super::{Peers, Update, UPDATE_BYTES};
use crate::error::Error;

/// This process's place among the ranks of `MPI_COMM_WORLD`. MPI is
/// finalised when it is dropped.
pub struct Mpi {
    world: SimpleCommunicator,
    me: usize,
    count: usize,
    // dropped last: finalises MPI
    _universe: Universe,
}

/// Bytes one rank sends in one all-to-all round at most: MPI counts and
/// displacements are 32-bit, so a level's updates go in rounds of this.
const ROUND_BYTES: usize = 1 << 30;

impl Mpi {
    /// Starts MPI. An error if it was started already in this process.
    pub fn start() -> Result<Mpi, Error> {
        let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
            .ok_or_else(|| Error::Unsupported("MPI was started already in this process".into()))?;
        let world = universe.world();
        let (me, count) = (world.rank() as usize, world.size() as usize);
        Ok(Mpi { world, me, count, _universe: universe })
    }

    /// Ends the whole run: every rank stops with `code`, now.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }

    /// Waits until every rank has come here.
    pub fn barrier(&self) {
        self.world.barrier()
    }
}

impl Peers for Mpi {
    fn me(&self) -> usize {
        self.me
    }

    fn count(&self) -> usize {
        self.count
    }

    fn exchange(&self, outgoing: Vec<Vec<Update>>) -> Result<Vec<Update>, Error> {
        let per_round = (ROUND_BYTES / self.count / UPDATE_BYTES as usize).max(1);
        let mine = outgoing.iter().map(Vec::len).max().unwrap_or(0).div_ceil(per_round) as u64;
        let mut rounds = 0u64;
        self.world.all_reduce_into(&mine, &mut rounds, SystemOperation::max());
        // never empty allocations (see `round`)
        let (mut send, mut recv) = (Vec::with_capacity(64), Vec::with_capacity(64));
        let mut incoming = Vec::new();
        let mut outgoing = Some(outgoing);
        for round in 0..rounds as usize {
            send.clear();
            let mut counts = vec![0 as Count; self.count];
            if let Some(out) = &outgoing {
                for (to, updates) in out.iter().enumerate() {
                    let from = (round * per_round).min(updates.len());
                    let chunk = &updates[from..(from + per_round).min(updates.len())];
                    counts[to] = (chunk.len() * UPDATE_BYTES as usize) as Count;
                    for &(rank, value) in chunk {
                        send.extend_from_slice(&rank.to_le_bytes());
                        send.extend_from_slice(&value.to_le_bytes());
                    }
                }
            }
            if round + 1 == rounds as usize {
                // encoded: the updates themselves are no longer needed
                outgoing = None;
            }
            self.round(&send, &counts, &mut recv);
            incoming.reserve(recv.len() / UPDATE_BYTES as usize);
            incoming.extend(
                recv.chunks_exact(UPDATE_BYTES as usize)
                    .map(|b| (u32::from_le_bytes([b[0], b[1], b[2], b[3]]), u16::from_le_bytes([b[4], b[5]]))),
            );
        }
        drop(outgoing);
        Ok(incoming)
    }

    fn exchange_bytes(&self, outgoing: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, Error> {
        let most = outgoing.iter().map(Vec::len).max().unwrap_or(0);
        let per_round = (ROUND_BYTES / self.count).max(1);
        let mine = most.div_ceil(per_round) as u64;
        let mut rounds = 0u64;
        self.world.all_reduce_into(&mine, &mut rounds, SystemOperation::max());
        let mut incoming = vec![Vec::new(); self.count];
        // never empty allocations (see `round`)
        let (mut send, mut recv) = (Vec::with_capacity(64), Vec::with_capacity(64));
        for round in 0..rounds as usize {
            send.clear();
            let mut counts = vec![0 as Count; self.count];
            for (to, bytes) in outgoing.iter().enumerate() {
                let from = (round * per_round).min(bytes.len());
                let chunk = &bytes[from..(from + per_round).min(bytes.len())];
                counts[to] = chunk.len() as Count;
                send.extend_from_slice(chunk);
            }
            let recv_counts = self.round(&send, &counts, &mut recv);
            let mut at = 0;
            for (from, &n) in recv_counts.iter().enumerate() {
                incoming[from].extend_from_slice(&recv[at..at + n as usize]);
                at += n as usize;
            }
        }
        Ok(incoming)
    }

    fn sum(&self, values: &[u64]) -> Result<Vec<u64>, Error> {
        let mut total = vec![0u64; values.len()];
        if !values.is_empty() {
            self.world.all_reduce_into(values, &mut total[..], SystemOperation::sum());
        }
        Ok(total)
    }

    fn gather(&self, value: u64) -> Result<Vec<u64>, Error> {
        let mut all = vec![0u64; self.count];
        self.world.all_gather_into(&value, &mut all[..]);
        Ok(all)
    }

    /// A rank cannot go on: it says why, naming itself, and ends the run
    /// (MPI has no way to leave a collective a rank will never join, so
    /// the others are stopped rather than left waiting).
    fn fail(&self, error: &Error) {
        eprintln!("boyi: rank {} of {}: {error}", self.me, self.count);
        self.world.abort(1)
    }
}

impl Mpi {
    /// One all-to-all of bytes: `counts[to]` bytes of `send`, in rank
    /// order, go to rank `to`; `recv` gets what every rank sent here, in
    /// rank order, and the counts are returned. `send` and `recv` are never
    /// empty allocations: their dangling address is 1, which Open MPI reads
    /// as MPI_IN_PLACE and refuses.
    fn round(&self, send: &[u8], counts: &[Count], recv: &mut Vec<u8>) -> Vec<Count> {
        let mut recv_counts = vec![0 as Count; self.count];
        self.world.all_to_all_into(counts, &mut recv_counts[..]);
        let displs = offsets(counts);
        let recv_displs = offsets(&recv_counts);
        recv.clear();
        recv.resize(recv_counts.iter().map(|&c| c as usize).sum(), 0u8);
        let sent = Partition::new(send, counts, &displs[..]);
        let mut got = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
        self.world.all_to_all_varcount_into(&sent, &mut got);
        recv_counts
    }
}

/// Where each rank's bytes start, for counts in rank order.
fn offsets(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0 as Count, |at, &c| {
            let here = *at;
            *at += c;
            Some(here)
        })
        .collect()
}
