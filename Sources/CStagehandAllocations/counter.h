#ifndef STAGEHAND_ALLOCATIONS_COUNTER_H
#define STAGEHAND_ALLOCATIONS_COUNTER_H

// The per-thread counters both platforms' hooks write (counter.c), and the one inline call they make per allocation.

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// A sanitizer owns `malloc` itself (ASan installs its own, and its own default zone on Darwin): the hooks stand aside
// (a sanitized process is never measured), and the counter says it is not installed.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define STAGEHAND_SANITIZED 1
#endif
#endif
#if !defined(STAGEHAND_SANITIZED) && (defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__))
#define STAGEHAND_SANITIZED 1
#endif

/// The cache line a counter slot fills: 128 bytes on arm64, Apple silicon's line (the M1 to M4 L1 and L2 lines, as
/// `sysctl hw.cachelinesize` reports there; arm64 Linux servers have 64-byte lines, where 128 costs only space), 64
/// elsewhere.
#if defined(__aarch64__) || defined(__arm64__)
#define STAGEHAND_CACHE_LINE 128
#else
#define STAGEHAND_CACHE_LINE 64
#endif

/// One thread's counts, on a cache line of its own so that two threads counting never share one: the alignment makes
/// every slot, in the table or alone, start a line and fill it. Only the owning thread writes them (a relaxed load and
/// store, no read-modify-write); readers load them relaxed.
typedef struct __attribute__((aligned(STAGEHAND_CACHE_LINE))) {
    _Atomic uint64_t allocations;
    _Atomic uint64_t bytes;
    /// What the thread kept out of the counts (`stagehand_allocations_exclude_since`): every total is the counts less
    /// these, the process's (`stagehand_allocations_process`) and the thread's (`stagehand_allocations_thread_counted`).
    _Atomic uint64_t excluded_allocations;
    _Atomic uint64_t excluded_bytes;
} stagehand_counter_slot;

_Static_assert(sizeof(stagehand_counter_slot) == STAGEHAND_CACHE_LINE, "a counter slot fills one cache line");

/// The calling thread's slot, or NULL until its first allocation.
///
/// Linux: a `_Thread_local`, one load. Darwin: a pthread key instead, because dyld makes a thread's `_Thread_local`
/// storage at its first use with `calloc` (dyld `libdyld/ThreadLocalVariables.cpp`, `instantiateVariable`), which
/// would come back here and ask for it again, without end; a pthread key's value is a slot in the thread's own TSD
/// array, read with one load too, and setting it never allocates (libpthread `src/pthread_tsd.c`). The key exists
/// before the Darwin hooks are installed (``stagehand_counter_prepare``).
#if defined(__APPLE__)
#include <pthread.h>
extern pthread_key_t stagehand_slot_key;
static inline __attribute__((always_inline)) stagehand_counter_slot *stagehand_current_slot(void) {
    return (stagehand_counter_slot *)pthread_getspecific(stagehand_slot_key);
}
/// Creates the keys the counter keeps per thread; returns 0, or an error. Darwin only, before the first count.
int stagehand_counter_prepare(void);
#else
extern _Thread_local stagehand_counter_slot *stagehand_thread_slot;
static inline __attribute__((always_inline)) stagehand_counter_slot *stagehand_current_slot(void) {
    return stagehand_thread_slot;
}
#endif

/// The shared slot for threads that could not get one of their own (every slot taken, or an allocation made while
/// the thread was claiming one): counted with atomic adds, so still exact.
extern stagehand_counter_slot stagehand_shared_slot;

/// Gives the calling thread a slot (counter.c); never NULL.
stagehand_counter_slot *stagehand_claim_slot(void);

/// Counts one allocation of `size` bytes on the calling thread.
static inline __attribute__((always_inline)) void stagehand_count(size_t size) {
    stagehand_counter_slot *slot = stagehand_current_slot();
    if (__builtin_expect(slot == NULL, 0)) slot = stagehand_claim_slot();
    if (__builtin_expect(slot == &stagehand_shared_slot, 0)) {
        atomic_fetch_add_explicit(&slot->allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&slot->bytes, size, memory_order_relaxed);
        return;
    }
    atomic_store_explicit(
        &slot->allocations, atomic_load_explicit(&slot->allocations, memory_order_relaxed) + 1, memory_order_relaxed);
    atomic_store_explicit(
        &slot->bytes, atomic_load_explicit(&slot->bytes, memory_order_relaxed) + size, memory_order_relaxed);
}

// MARK: - One count per call

/// Whether the calling thread is inside a hooked allocation call. An entry point may call another hooked one: on
/// Darwin the nano zone hands a block over 256 bytes to its helper zone's `malloc`, and a zone's `batch_malloc`
/// fallback calls its `malloc` (libmalloc `src/nanov2_malloc.c`, `src/malloc.c`), and every registered zone is
/// wrapped. That is one call of the program's, counted once, by the outermost: ``stagehand_call_begin`` says whether
/// this call is it, and ``stagehand_call_end`` counts it. A flag is enough, since only the outermost call counts.
///
/// Linux: a `_Thread_local` of the executable (static TLS: reading it never allocates). Darwin: a pthread key, for the
/// reason ``stagehand_current_slot`` gives, created by ``stagehand_counter_prepare``.
#if defined(__APPLE__)
extern pthread_key_t stagehand_inside_call_key;
static inline __attribute__((always_inline)) bool stagehand_inside_call(void) {
    return pthread_getspecific(stagehand_inside_call_key) != NULL;
}
static inline __attribute__((always_inline)) void stagehand_set_inside_call(bool inside) {
    pthread_setspecific(stagehand_inside_call_key, inside ? &stagehand_inside_call_key : NULL);
}
#else
extern _Thread_local bool stagehand_inside_call_flag;
static inline __attribute__((always_inline)) bool stagehand_inside_call(void) { return stagehand_inside_call_flag; }
static inline __attribute__((always_inline)) void stagehand_set_inside_call(bool inside) {
    stagehand_inside_call_flag = inside;
}
#endif

/// Starts a hooked allocation call; returns true when it is the outermost on this thread, the one that counts.
static inline __attribute__((always_inline)) bool stagehand_call_begin(void) {
    if (__builtin_expect(stagehand_inside_call(), 0)) return false;
    stagehand_set_inside_call(true);
    return true;
}

/// Ends a hooked allocation call begun with ``stagehand_call_begin``, counting `size` bytes when it was the outermost
/// and `pointer` is memory; returns `pointer`. The thread leaves the call before counting, so what a first count
/// allocates to claim the thread's slot is counted as before (on the shared slot).
static inline __attribute__((always_inline)) void *stagehand_call_end(bool outermost, void *pointer, size_t size) {
    if (!outermost) return pointer;
    stagehand_set_inside_call(false);
    if (pointer) stagehand_count(size);
    return pointer;
}

/// Set by the platform's hooks once they are in place.
extern atomic_bool stagehand_hooks_installed;

#endif
