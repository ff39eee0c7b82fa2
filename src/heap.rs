//! A global allocator that counts the bytes in use, so `domino bench resume` can say how much
//! memory each open table holds. Two relaxed atomic operations per allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, passed on as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            IN_USE.fetch_add(new_size, Ordering::Relaxed);
        }
        p
    }
}

/// Heap bytes in use now.
pub fn in_use() -> usize {
    IN_USE.load(Ordering::Relaxed)
}

/// The allocator set for a long-lived process, before any thread starts: glibc's malloc keeps
/// an arena per thread that allocates at once, up to eight per core, and each keeps what was
/// freed in it for its own later use. The service's threads (async workers, background
/// thinkers, the blocking pool, the database's) left the memory freed after a busy minute
/// spread over a dozen arenas, none given back. One arena per core is enough for a few
/// threads allocating at once. Other allocators: nothing.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // SAFETY: `mallopt` only sets a malloc parameter; called before other threads allocate.
        unsafe { libc::mallopt(libc::M_ARENA_MAX, cores.max(1) as i32) };
    }
}

/// How often freed memory is given back to the system ([`keep_trimmed`]).
pub const TRIM_EVERY: std::time::Duration = std::time::Duration::from_secs(15);

/// Gives the memory malloc holds free back to the system, every [`TRIM_EVERY`], for as long as
/// the runtime runs: glibc returns only what is free at the top of an arena by itself, so a
/// peak (a burst of drawings, a busy minute) stayed resident for good. A trim takes a few
/// milliseconds for a heap of a hundred MiB. Other allocators: nothing.
pub fn keep_trimmed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    tokio::spawn(async {
        let mut every = tokio::time::interval(TRIM_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            every.tick().await;
            // SAFETY: `malloc_trim` only returns free memory to the system.
            let _ = tokio::task::spawn_blocking(|| unsafe { libc::malloc_trim(0) }).await;
        }
    });
}
