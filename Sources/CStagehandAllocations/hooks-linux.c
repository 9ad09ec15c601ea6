// Linux: the allocation functions, defined in the executable that links this target, counting each call and forwarding
// it to the next definition in the dynamic linker's search order. The executable is searched first, so these are the
// ones every library calls (glibc calls its own `malloc` through the PLT so that it can be replaced: the glibc manual,
// "Replacing malloc"); the next one is a preloaded jemalloc when `LD_PRELOAD` names it, else glibc's.
//
// Each call is counted once: a preloaded allocator whose entry point calls another through the PLT (a `calloc` made of
// `malloc`) reaches these hooks again, inside the first call, and is not counted twice (`stagehand_call_begin`,
// counter.h).
//
// The forwarding follows swift-nio's allocation-counter hooks (`hooked-functions-unix.c`), as ordo-one's
// malloc-interposer does: the next functions are found with `dlsym(RTLD_NEXT, …)` at the first call, and what `dlsym`
// itself allocates meanwhile comes from a static buffer that is never freed.

#if defined(__linux__)

#define _GNU_SOURCE
#include "counter.h"
#include "CStagehandAllocations.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if !defined(STAGEHAND_SANITIZED)

typedef void *(*malloc_function)(size_t);
typedef void *(*calloc_function)(size_t, size_t);
typedef void *(*realloc_function)(void *, size_t);
typedef void *(*reallocarray_function)(void *, size_t, size_t);
typedef void (*free_function)(void *);
typedef int (*posix_memalign_function)(void **, size_t, size_t);
typedef void *(*aligned_function)(size_t, size_t);

/// The next definitions, found once.
static struct {
    _Atomic(malloc_function) malloc;
    _Atomic(calloc_function) calloc;
    _Atomic(realloc_function) realloc;
    _Atomic(reallocarray_function) reallocarray;
    _Atomic(free_function) free;
    _Atomic(posix_memalign_function) posix_memalign;
    _Atomic(aligned_function) aligned_alloc;
    _Atomic(aligned_function) memalign;
    _Atomic(malloc_function) valloc;
    _Atomic(malloc_function) pvalloc;
} next;

// MARK: - What dlsym allocates while the next functions are looked up

/// Blocks for allocations made during the lookup: a size word, then the memory (16-byte aligned).
static _Alignas(16) char bootstrap[256 * 1024];
static atomic_size_t bootstrap_used = 0;
static _Thread_local bool resolving = false;

static void *bootstrap_allocate(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    size_t offset = atomic_fetch_add(&bootstrap_used, rounded + 16);
    if (offset + rounded + 16 > sizeof bootstrap) return NULL;
    *(size_t *)(bootstrap + offset) = size;
    return bootstrap + offset + 16;
}

static bool from_bootstrap(const void *pointer) {
    return (const char *)pointer >= bootstrap && (const char *)pointer < bootstrap + sizeof bootstrap;
}

static size_t bootstrap_size(const void *pointer) { return *(const size_t *)((const char *)pointer - 16); }

/// Looks up every next function; what it allocates meanwhile on this thread comes from `bootstrap`.
static void resolve(void) {
    resolving = true;
    atomic_store(&next.free, (free_function)dlsym(RTLD_NEXT, "free"));
    atomic_store(&next.calloc, (calloc_function)dlsym(RTLD_NEXT, "calloc"));
    atomic_store(&next.realloc, (realloc_function)dlsym(RTLD_NEXT, "realloc"));
    atomic_store(&next.reallocarray, (reallocarray_function)dlsym(RTLD_NEXT, "reallocarray"));
    atomic_store(&next.posix_memalign, (posix_memalign_function)dlsym(RTLD_NEXT, "posix_memalign"));
    atomic_store(&next.aligned_alloc, (aligned_function)dlsym(RTLD_NEXT, "aligned_alloc"));
    atomic_store(&next.memalign, (aligned_function)dlsym(RTLD_NEXT, "memalign"));
    atomic_store(&next.valloc, (malloc_function)dlsym(RTLD_NEXT, "valloc"));
    atomic_store(&next.pvalloc, (malloc_function)dlsym(RTLD_NEXT, "pvalloc"));
    // Last: a non-NULL `next.malloc` tells every thread the lookup is done.
    atomic_store(&next.malloc, (malloc_function)dlsym(RTLD_NEXT, "malloc"));
    resolving = false;
    atomic_store_explicit(&stagehand_hooks_installed, true, memory_order_release);
}

/// True when the next functions can be called; false while this thread is looking them up.
static inline __attribute__((always_inline)) bool ready(void) {
    if (__builtin_expect(atomic_load_explicit(&next.malloc, memory_order_acquire) != NULL, 1)) return true;
    if (resolving) return false;
    resolve();
    return true;
}

// MARK: - The hooks

void *malloc(size_t size) {
    if (!ready()) return bootstrap_allocate(size);
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.malloc, memory_order_relaxed)(size), size);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    if (!ready()) return bootstrap_allocate(total);  // static storage is zeroed
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.calloc, memory_order_relaxed)(count, size), total);
}

void free(void *pointer) {
    if (pointer == NULL || from_bootstrap(pointer)) return;
    if (!ready()) return;  // freeing while looking up `free`: leak it rather than guess
    atomic_load_explicit(&next.free, memory_order_relaxed)(pointer);
}

void *realloc(void *pointer, size_t size) {
    if (pointer != NULL && from_bootstrap(pointer)) {
        void *moved = malloc(size);
        if (moved) memcpy(moved, pointer, bootstrap_size(pointer) < size ? bootstrap_size(pointer) : size);
        return moved;
    }
    if (!ready()) return bootstrap_allocate(size);
    bool outermost = stagehand_call_begin();
    void *moved = atomic_load_explicit(&next.realloc, memory_order_relaxed)(pointer, size);
    stagehand_call_end(outermost, size != 0 ? moved : NULL, size);
    return moved;
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!ready()) return ENOMEM;
    bool outermost = stagehand_call_begin();
    int status = atomic_load_explicit(&next.posix_memalign, memory_order_relaxed)(result, alignment, size);
    stagehand_call_end(outermost, status == 0 ? (void *)result : NULL, size);  // a success counts, whatever it returned
    return status;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!ready()) return NULL;
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.aligned_alloc, memory_order_relaxed)(alignment, size), size);
}

void *memalign(size_t alignment, size_t size) {
    if (!ready()) return NULL;
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.memalign, memory_order_relaxed)(alignment, size), size);
}

void *valloc(size_t size) {
    if (!ready()) return NULL;
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.valloc, memory_order_relaxed)(size), size);
}

void *pvalloc(size_t size) {
    if (!ready()) return NULL;
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, atomic_load_explicit(&next.pvalloc, memory_order_relaxed)(size), size);
}

const char *stagehand_allocator_library(void) {
    if (!ready()) return NULL;
    Dl_info info;
    void *function = (void *)atomic_load(&next.malloc);
    if (function == NULL || dladdr(function, &info) == 0) return NULL;
    return info.dli_fname;
}

#else

const char *stagehand_allocator_library(void) { return NULL; }

#endif  // !STAGEHAND_SANITIZED

const char *stagehand_allocator_zone_name(void) { return NULL; }

#endif  // __linux__
