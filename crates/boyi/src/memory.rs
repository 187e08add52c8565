//! Memory for tables read at random: a tier solver's cells, a
//! transposition table, a lower tier's values. A probe anywhere in
//! gigabytes misses the cache and, on 4 KiB pages, the TLB too, so the
//! tables a solver allocates ask Linux for 2 MiB pages (a memory-mapped
//! file's pages are the page cache's), and a loop that knows its next
//! probes fetches them first.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8};

/// Brings the cache line holding `item` in ahead of a read or a write.
#[inline]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = item as *const T as *const i8;
        // SAFETY: prefetching has no effect on program state; the address
        // is that of a live value.
        unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Asks for 2 MiB pages over the whole 2 MiB pages inside `len` bytes at
/// `start`: memory not yet touched then arrives a huge page at a time. A
/// refusal only leaves small pages.
pub fn advise_huge_pages(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let (from, to) = ((start as usize).next_multiple_of(HUGE), (start as usize + len) / HUGE * HUGE);
        if from < to {
            // SAFETY: advice on pages inside a live allocation of the caller's;
            // it changes how they are backed, not what they hold.
            unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// Types whose all-zero bytes are a valid value (here the atomics' zero).
///
/// # Safety
/// An implementor promises that all-zero bytes are a valid value of it:
/// [`zeroed`] hands them out as such.
pub unsafe trait Zeroable: Sized {}
// SAFETY: zero bytes are the byte 0.
unsafe impl Zeroable for u8 {}
// SAFETY: an atomic integer has its integer's layout; zero bytes are 0.
unsafe impl Zeroable for AtomicU8 {}
// SAFETY: as above.
unsafe impl Zeroable for AtomicU16 {}
// SAFETY: as above.
unsafe impl Zeroable for AtomicU32 {}
// SAFETY: as above.
unsafe impl Zeroable for AtomicU64 {}

/// `n` zeroes on huge pages where the system gives them: a large
/// allocation (beyond the allocator's threshold for mapping it afresh, a
/// few MiB) comes zeroed and untouched from the system, so the advice holds
/// before the first page arrives (a vector built element by element would
/// have touched every page on small ones first).
pub fn zeroed<T: Zeroable>(n: usize) -> Vec<T> {
    if n == 0 {
        return Vec::new();
    }
    if std::mem::size_of::<T>() == 0 {
        // SAFETY: values of a zero-sized type take no memory: a dangling,
        // aligned pointer holds any number of them, and `Zeroable` makes
        // the (empty) all-zero bytes a valid one.
        return unsafe { Vec::from_raw_parts(std::ptr::NonNull::dangling().as_ptr(), n, n) };
    }
    let layout = std::alloc::Layout::array::<T>(n).expect("a table that fits the address space");
    // SAFETY: the layout has a non-zero size.
    let raw = unsafe { std::alloc::alloc_zeroed(layout) } as *mut T;
    if raw.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    advise_huge_pages(raw as *const u8, layout.size());
    // SAFETY: `n` values of `T` allocated by the global allocator with
    // `Layout::array::<T>(n)`, all zero bytes, which `Zeroable` says is a
    // valid `T`.
    unsafe { Vec::from_raw_parts(raw, n, n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn zeroed_tables_are_zero_and_writable() {
        for n in [0, 1, 1000, 3 << 20] {
            let cells: Vec<AtomicU32> = zeroed(n);
            assert_eq!(cells.len(), n);
            assert!(cells.iter().all(|c| c.load(Relaxed) == 0));
            if n > 0 {
                cells[n - 1].store(7, Relaxed);
                prefetch(&cells[n / 2]);
                assert_eq!(cells[n - 1].load(Relaxed), 7);
            }
            let aux: Vec<AtomicU16> = zeroed(n);
            assert!(aux.iter().all(|c| c.load(Relaxed) == 0));
        }
    }
}
