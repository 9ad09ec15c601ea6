#ifndef C_STAGEHAND_ALLOCATIONS_H
#define C_STAGEHAND_ALLOCATIONS_H

// Counts every allocation the process makes, exactly, and leaves the allocating to the allocator underneath: the
// platform's (glibc malloc, libmalloc) or one preloaded in front of it (`--allocator jemalloc`).
//
// - Linux (`hooks-linux.c`): this target defines `malloc` and its relatives in the executable that links it, which
//   the dynamic linker searches before any library, and forwards each call to the next definition
//   (`dlsym(RTLD_NEXT, …)`: a preloaded jemalloc, else glibc's).
// - Darwin (`hooks-darwin.c`): every registered malloc zone's allocation functions are wrapped at start-up, so
//   `malloc` and the `malloc_zone_*` calls the Swift runtime makes on the default zone, and a `realloc` that goes to
//   the zone owning the block, are counted alike.
//
// Either way an entry point that calls another hooked one is one call, counted once.
//
// A count costs one increment of a per-thread counter: no lock, no atomic read-modify-write, no header in front of
// the allocation (whose size, alignment and speed stay the allocator's own).

#include <stddef.h>
#include <stdint.h>

/// Allocations since the process started: calls of `malloc`, `calloc`, `realloc` (with a non-zero size),
/// `posix_memalign`, `aligned_alloc`, `memalign`, `valloc` and `pvalloc` that returned memory (on Darwin also the
/// zones' `batch_malloc`, a count per block), and the bytes they asked for. `free` is not counted.
typedef struct {
    uint64_t allocations;
    uint64_t bytes;
} stagehand_allocation_totals;

/// Every thread's allocations so far, exited threads included, less those kept out
/// (`stagehand_allocations_exclude_since`). Takes a lock; call it per run, never per frame.
stagehand_allocation_totals stagehand_allocations_process(void);

/// The calling thread's allocations so far (since its first allocation). No lock: cheap enough for a probe.
stagehand_allocation_totals stagehand_allocations_thread(void);

/// Keeps what the calling thread allocated since `before` (its `stagehand_allocations_thread()` then) out of every
/// `stagehand_allocations_process()` total from now on: for what the harness allocates for itself in the middle of the
/// user's work (boxing a step's value into an existential). Nothing is kept out when the thread had no count of its
/// own at `before` (all zero) or has none now.
void stagehand_allocations_exclude_since(stagehand_allocation_totals before);

/// Sets `*totals` to the calling thread's allocations so far less what it kept out
/// (`stagehand_allocations_exclude_since`), and returns 1: two readings bracket what code on this thread allocated for
/// itself, the harness's allocations in between kept out. No lock. Returns 0 when the thread has no count of its own
/// (the counter is not installed, or every slot was taken and the thread counts on the shared one).
int stagehand_allocations_thread_counted(stagehand_allocation_totals *totals);

/// 1 when this process's allocations go through the counter, 0 when they cannot (a sanitizer owns `malloc`, or the
/// Darwin zone could not be wrapped).
int stagehand_allocations_installed(void);

/// The file of the library that serves the allocations under the counter (`/lib/x86_64-linux-gnu/libc.so.6`,
/// `…/libjemalloc.so.2`, `/usr/lib/system/libsystem_malloc.dylib`), or NULL when it cannot be told. The string is
/// the dynamic linker's and lives as long as the process.
const char *stagehand_allocator_library(void);

/// The name of the malloc zone that serves `malloc` on Darwin, zone 0 as `malloc_get_all_zones` lists it
/// ("DefaultMallocZone", "ProbGuardMallocZone", jemalloc's "jemalloc_zone"), not the virtual zone
/// `malloc_default_zone()` returns; NULL on Linux.
const char *stagehand_allocator_zone_name(void);

/// Allocates `size` bytes with `allocate` as one hooked call: what `allocate` allocates through the hooks meanwhile
/// is inside that call and is not counted again, as when one malloc zone hands a block to another. The call counts
/// one allocation of `size` bytes when `allocate` returns memory. For tests of counting once per call.
void *stagehand_allocations_call_through(void *(*allocate)(size_t), size_t size);

/// The size and alignment of one thread's counter slot: the cache line (128 bytes on arm64, 64 elsewhere).
size_t stagehand_counter_slot_size(void);
size_t stagehand_counter_slot_alignment(void);

/// jemalloc's version ("5.3.0-0-g…") when jemalloc is in this process (preloaded), else NULL. Looked up at run time
/// (`mallctl`), so nothing here links jemalloc.
const char *stagehand_jemalloc_version(void);

#endif
