// Darwin: the allocation functions of every registered malloc zone, wrapped in place at start-up so that each call is
// counted once and forwarded to the function it replaced. Written against Apple's libmalloc
// (apple-oss-distributions/libmalloc, 792.1.1, read here; 646 and 715 for the fields' history):
// `include/malloc/malloc.h` (`malloc_zone_t`, which fields each zone version has), `src/malloc.c`, `src/malloc_type.c`,
// `src/nanov2_malloc.c`. Not run on a Mac: CI verifies Linux, and the allocation self-check (`AllocationCheck`) runs
// in every stage child, on macOS too, so a gap in this design reads as "unverified", never as a low count.
//
// - Every zone, not only the default. A command-line process has the nano zone as `malloc_zones[0]` and the scalable
//   zone it hands larger blocks to (its helper) registered beside it. `realloc` goes to the zone that owns the block
//   (`_realloc`: `_find_registered_zone`, then `_malloc_zone_realloc(zone, …)`), so growing a block over 256 bytes
//   (`Data`, `Array` storage moved by the runtime) calls the helper zone's `realloc` directly; with only zone 0
//   wrapped it went uncounted. ProbGuard's zone, a preloaded jemalloc's, and any other zone registered by then, are
//   wrapped alike. Zones registered later (`malloc_create_zone` after start-up) are not.
// - Once per call. The nano zone calls its helper's functions through the helper's header (`helper_zone->malloc`,
//   `->realloc`, `->batch_malloc`, in nanov2_malloc.c), and a zone's missing `batch_malloc` falls back to its
//   `malloc`: each call would be counted twice. A per-thread flag (`stagehand_call_begin`, counter.h) makes the
//   outermost wrapper the only one that counts.
// - The zone each wrapper is given. Each zone has wrappers of its own (`ZONE_WRAPPERS(N)` below), which know that
//   zone's original functions without a lookup; the header is patched in place, so the zone they are called with is
//   the original zone, whose allocator state follows the header, and they pass it on unchanged.
// - `malloc`, `calloc`, `realloc`, `posix_memalign`, and the `malloc_zone_*` and `malloc_type_*` calls on the default
//   zone resolve to `malloc_zones[0]` at each call (`_malloc_zone_malloc`, `malloc_type_zone_malloc`, ...).
//   `malloc_default_zone()` returns a virtual zone (`virtual_default_zone`, since macOS 10.12 as jemalloc's
//   `src/zone.c` notes) whose functions call `malloc_zones[0]`'s (`default_zone_malloc`): it is not registered, and
//   `malloc_get_all_zones` does not list it. The Swift runtime calls `malloc`, `malloc_type_malloc` and
//   `aligned_alloc` (swift `stdlib/public/runtime/Heap.cpp`), which reach a version-16 zone's `malloc_type_malloc`
//   or `memalign`: the typed entry points are wrapped too.
// - Read-only: libmalloc protects its zones once built (`mprotect` in magazine_malloc.c and nanov2_malloc.c,
//   `my_vm_protect` in pgm_malloc.c). Like Chromium's shim (`DeprotectMallocZone`, `ReplaceZoneFunctions` in
//   partition_alloc/shim/allocator_interception_apple.mm), the header's pages are made writable for the writes and
//   given their own protection back; a zone already writable (jemalloc's, xzone's) is left so.
// - Timing: dyld runs the main executable's initialisers after every library's, so what dyld, libSystem and library
//   initialisers allocated before this runs is not counted; counts are differences taken later.
// - jemalloc inserted with DYLD_INSERT_LIBRARIES: its initialiser registers its zone and promotes it to
//   `malloc_zones[0]` (jemalloc `src/zone.c`, `zone_register`, `zone_promote`) before this runs: its zone is wrapped.
// - Left alone: a fork child's nano zone, which libmalloc rewrites (`nanov2_forked_zone`); zones past the first
//   `MAX_ZONES`. `realloc(p, 0)` is libmalloc's `malloc(0)` then `free(p)` (`_realloc`): one allocation of 0 bytes,
//   where the Linux hooks count nothing.

#if defined(__APPLE__)

#include "counter.h"
#include "CStagehandAllocations.h"

#include <dlfcn.h>
#include <mach/mach.h>
#include <malloc/malloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/// Zone 0, as `malloc_get_all_zones` lists it (malloc_zone(3)), or NULL.
static malloc_zone_t *first_zone(vm_address_t **zones, unsigned *count) {
    if (malloc_get_all_zones(mach_task_self(), NULL, zones, count) != KERN_SUCCESS || *count == 0) return NULL;
    return (malloc_zone_t *)(*zones)[0];
}

#if !defined(STAGEHAND_SANITIZED)

// arm64e: the zone's fields are `__ptrauth`-qualified (malloc.h `MALLOC_ZONE_FN_PTR`), so the compiler authenticates
// and re-signs at each copy to or from them; `dladdr` is given the bare address.
#if defined(__has_feature)
#if __has_feature(ptrauth_calls)
#include <ptrauth.h>
#define STAGEHAND_PTRAUTH 1
#endif
#endif

// The typed entry points are in `malloc_zone_t` from the macOS 15 SDK (libmalloc-646). Built with an older SDK, the
// zone's version is lowered to 13 instead, as Chromium's `ReplaceZoneFunctions` does, so that libmalloc calls only
// the entry points wrapped here; likewise a version above 16 is lowered to 16.
#if defined(__MAC_OS_X_VERSION_MAX_ALLOWED) && __MAC_OS_X_VERSION_MAX_ALLOWED >= 150000
#define STAGEHAND_ZONE_VERSION 16u
#else
#define STAGEHAND_ZONE_VERSION 13u
#endif

/// A zone's allocation functions: the originals of each wrapped zone, and the wrappers put in their place.
typedef struct {
    void *(*malloc)(malloc_zone_t *, size_t);
    void *(*calloc)(malloc_zone_t *, size_t, size_t);
    void *(*valloc)(malloc_zone_t *, size_t);
    void *(*realloc)(malloc_zone_t *, void *, size_t);
    unsigned (*batch_malloc)(malloc_zone_t *, size_t, void **, unsigned);
    void *(*memalign)(malloc_zone_t *, size_t, size_t);
#if STAGEHAND_ZONE_VERSION >= 16
    void *(*malloc_with_options)(malloc_zone_t *, size_t, size_t, uint64_t);
    void *(*type_malloc)(malloc_zone_t *, size_t, malloc_type_id_t);
    void *(*type_calloc)(malloc_zone_t *, size_t, size_t, malloc_type_id_t);
    void *(*type_realloc)(malloc_zone_t *, void *, size_t, malloc_type_id_t);
    void *(*type_memalign)(malloc_zone_t *, size_t, size_t, malloc_type_id_t);
    void *(*type_malloc_with_options)(malloc_zone_t *, size_t, size_t, uint64_t, malloc_type_id_t);
#endif
} zone_functions;

/// How many zones are wrapped at most: a command-line process registers two (nano and its helper), ProbGuard, a
/// preloaded jemalloc and MallocStackLogging's lite zone one more each.
enum { MAX_ZONES = 8 };

/// Each wrapped zone's functions before wrapping, by the zone's index in `malloc_zones`.
static zone_functions original[MAX_ZONES];

/// `count * size`, or SIZE_MAX when that overflows (the allocator then returns NULL, so nothing is counted).
static inline size_t product(size_t count, size_t size) {
    size_t total;
    return __builtin_mul_overflow(count, size, &total) ? SIZE_MAX : total;
}

// The wrappers, written once over the zone's original functions `f`; counted after the call, so outside the
// allocator's locks.

static inline __attribute__((always_inline)) void *counted_malloc(const zone_functions *f, malloc_zone_t *zone,
                                                                  size_t size) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->malloc(zone, size), size);
}

static inline __attribute__((always_inline)) void *counted_calloc(const zone_functions *f, malloc_zone_t *zone,
                                                                  size_t count, size_t size) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->calloc(zone, count, size), product(count, size));
}

static inline __attribute__((always_inline)) void *counted_valloc(const zone_functions *f, malloc_zone_t *zone,
                                                                  size_t size) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->valloc(zone, size), size);
}

static inline __attribute__((always_inline)) void *counted_realloc(const zone_functions *f, malloc_zone_t *zone,
                                                                   void *pointer, size_t size) {
    bool outermost = stagehand_call_begin();
    void *moved = f->realloc(zone, pointer, size);
    stagehand_call_end(outermost, size != 0 ? moved : NULL, size);
    return moved;
}

/// A batch counts each block it returned.
static inline __attribute__((always_inline)) unsigned counted_batch_malloc(const zone_functions *f,
                                                                           malloc_zone_t *zone, size_t size,
                                                                           void **results, unsigned requested) {
    bool outermost = stagehand_call_begin();
    unsigned made = f->batch_malloc(zone, size, results, requested);
    if (outermost) {
        stagehand_set_inside_call(false);  // as stagehand_call_end does, then a count per block
        for (unsigned index = 0; index < made; index++) stagehand_count(size);
    }
    return made;
}

static inline __attribute__((always_inline)) void *counted_memalign(const zone_functions *f, malloc_zone_t *zone,
                                                                    size_t alignment, size_t size) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->memalign(zone, alignment, size), size);
}

#if STAGEHAND_ZONE_VERSION >= 16
static inline __attribute__((always_inline)) void *counted_malloc_with_options(
    const zone_functions *f, malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->malloc_with_options(zone, alignment, size, options), size);
}

static inline __attribute__((always_inline)) void *counted_type_malloc(const zone_functions *f, malloc_zone_t *zone,
                                                                       size_t size, malloc_type_id_t type) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->type_malloc(zone, size, type), size);
}

static inline __attribute__((always_inline)) void *counted_type_calloc(const zone_functions *f, malloc_zone_t *zone,
                                                                       size_t count, size_t size,
                                                                       malloc_type_id_t type) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->type_calloc(zone, count, size, type), product(count, size));
}

static inline __attribute__((always_inline)) void *counted_type_realloc(const zone_functions *f, malloc_zone_t *zone,
                                                                        void *pointer, size_t size,
                                                                        malloc_type_id_t type) {
    bool outermost = stagehand_call_begin();
    void *moved = f->type_realloc(zone, pointer, size, type);
    stagehand_call_end(outermost, size != 0 ? moved : NULL, size);
    return moved;
}

static inline __attribute__((always_inline)) void *counted_type_memalign(const zone_functions *f,
                                                                         malloc_zone_t *zone, size_t alignment,
                                                                         size_t size, malloc_type_id_t type) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, f->type_memalign(zone, alignment, size, type), size);
}

static inline __attribute__((always_inline)) void *counted_type_malloc_with_options(
    const zone_functions *f, malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options,
    malloc_type_id_t type) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(
        outermost, f->type_malloc_with_options(zone, alignment, size, options, type), size);
}

#define TYPED_WRAPPERS(N)                                                                                           \
    static void *malloc_with_options_##N(malloc_zone_t *z, size_t a, size_t s, uint64_t o) {                        \
        return counted_malloc_with_options(&original[N], z, a, s, o);                                               \
    }                                                                                                               \
    static void *type_malloc_##N(malloc_zone_t *z, size_t s, malloc_type_id_t t) {                                  \
        return counted_type_malloc(&original[N], z, s, t);                                                          \
    }                                                                                                               \
    static void *type_calloc_##N(malloc_zone_t *z, size_t c, size_t s, malloc_type_id_t t) {                        \
        return counted_type_calloc(&original[N], z, c, s, t);                                                       \
    }                                                                                                               \
    static void *type_realloc_##N(malloc_zone_t *z, void *p, size_t s, malloc_type_id_t t) {                        \
        return counted_type_realloc(&original[N], z, p, s, t);                                                      \
    }                                                                                                               \
    static void *type_memalign_##N(malloc_zone_t *z, size_t a, size_t s, malloc_type_id_t t) {                      \
        return counted_type_memalign(&original[N], z, a, s, t);                                                     \
    }                                                                                                               \
    static void *type_malloc_with_options_##N(malloc_zone_t *z, size_t a, size_t s, uint64_t o, malloc_type_id_t t) { \
        return counted_type_malloc_with_options(&original[N], z, a, s, o, t);                                      \
    }
#define TYPED_ENTRIES(N)                                                                                            \
    , malloc_with_options_##N, type_malloc_##N, type_calloc_##N, type_realloc_##N, type_memalign_##N,               \
        type_malloc_with_options_##N
#else
#define TYPED_WRAPPERS(N)
#define TYPED_ENTRIES(N)
#endif

/// The wrappers of zone `N`: each passes zone `N`'s original functions to the shared body above.
#define ZONE_WRAPPERS(N)                                                                                            \
    static void *malloc_##N(malloc_zone_t *z, size_t s) { return counted_malloc(&original[N], z, s); }              \
    static void *calloc_##N(malloc_zone_t *z, size_t c, size_t s) { return counted_calloc(&original[N], z, c, s); } \
    static void *valloc_##N(malloc_zone_t *z, size_t s) { return counted_valloc(&original[N], z, s); }              \
    static void *realloc_##N(malloc_zone_t *z, void *p, size_t s) { return counted_realloc(&original[N], z, p, s); } \
    static unsigned batch_malloc_##N(malloc_zone_t *z, size_t s, void **r, unsigned n) {                            \
        return counted_batch_malloc(&original[N], z, s, r, n);                                                      \
    }                                                                                                               \
    static void *memalign_##N(malloc_zone_t *z, size_t a, size_t s) { return counted_memalign(&original[N], z, a, s); } \
    TYPED_WRAPPERS(N)
#define ZONE_ENTRIES(N)                                                                                             \
    { malloc_##N, calloc_##N, valloc_##N, realloc_##N, batch_malloc_##N, memalign_##N TYPED_ENTRIES(N) }

ZONE_WRAPPERS(0)
ZONE_WRAPPERS(1)
ZONE_WRAPPERS(2)
ZONE_WRAPPERS(3)
ZONE_WRAPPERS(4)
ZONE_WRAPPERS(5)
ZONE_WRAPPERS(6)
ZONE_WRAPPERS(7)

/// What each zone's header points to once wrapped, by the zone's index.
static const zone_functions wrappers[MAX_ZONES] = {
    ZONE_ENTRIES(0), ZONE_ENTRIES(1), ZONE_ENTRIES(2), ZONE_ENTRIES(3),
    ZONE_ENTRIES(4), ZONE_ENTRIES(5), ZONE_ENTRIES(6), ZONE_ENTRIES(7),
};

// MARK: - Installing them

/// The protection of the VM region holding `address`, or false when it cannot be told (`vm_region_64` returns the
/// next region when `address` is unmapped).
static bool region_protection(vm_address_t address, vm_prot_t *protection, vm_prot_t *maximum) {
    vm_address_t start = address;
    vm_size_t size = 0;
    vm_region_basic_info_data_64_t info;
    mach_msg_type_number_t count = VM_REGION_BASIC_INFO_COUNT_64;
    mach_port_t object = MACH_PORT_NULL;
    kern_return_t result = vm_region_64(
        mach_task_self(), &start, &size, VM_REGION_BASIC_INFO_64, (vm_region_info_t)&info, &count, &object);
    if (object != MACH_PORT_NULL) mach_port_deallocate(mach_task_self(), object);
    if (result != KERN_SUCCESS || start > address) return false;
    *protection = info.protection;
    *maximum = info.max_protection;
    return true;
}

/// Wraps the allocation functions of `zone`, `malloc_zones[index]`; returns whether it did. A zone whose header cannot
/// be made writable, or lacks a required entry point, is left as it is.
static bool wrap(malloc_zone_t *zone, unsigned index) {
    if (!zone->malloc || !zone->calloc || !zone->valloc || !zone->realloc) return false;

    // The header's pages, up to the last field written (fields past the zone's version are not there to write).
    size_t end = offsetof(malloc_zone_t, free_definite_size);
#if STAGEHAND_ZONE_VERSION >= 16
    if (zone->version >= 16) end = sizeof(malloc_zone_t);
    else if (zone->version >= 15) end = offsetof(malloc_zone_t, malloc_with_options) + sizeof(void *);
#endif
    vm_address_t first = (vm_address_t)zone & ~(vm_address_t)(vm_page_size - 1);
    vm_address_t last = ((vm_address_t)zone + end - 1) & ~(vm_address_t)(vm_page_size - 1);
    vm_prot_t protection, maximum, last_protection, last_maximum;
    if (!region_protection(first, &protection, &maximum) || !region_protection(last, &last_protection, &last_maximum))
        return false;
    bool writable = (protection & last_protection & VM_PROT_WRITE) != 0;
    if (!writable) {
        // One protection to put back, and one the kernel lets us raise to writable.
        if (protection != last_protection || !(maximum & last_maximum & VM_PROT_WRITE)) return false;
        if (vm_protect(mach_task_self(), first, last + vm_page_size - first, FALSE, protection | VM_PROT_WRITE)
            != KERN_SUCCESS)
            return false;
    }

    zone_functions *saved = &original[index];
    const zone_functions *wrapper = &wrappers[index];
    saved->malloc = zone->malloc;
    saved->calloc = zone->calloc;
    saved->valloc = zone->valloc;
    saved->realloc = zone->realloc;
    saved->batch_malloc = zone->batch_malloc;
    if (zone->version >= 5) saved->memalign = zone->memalign;
#if STAGEHAND_ZONE_VERSION >= 16
    if (zone->version >= 15) saved->malloc_with_options = zone->malloc_with_options;
    if (zone->version >= 16) {
        saved->type_malloc = zone->malloc_type_malloc;
        saved->type_calloc = zone->malloc_type_calloc;
        saved->type_realloc = zone->malloc_type_realloc;
        saved->type_memalign = zone->malloc_type_memalign;
        saved->type_malloc_with_options = zone->malloc_type_malloc_with_options;
    }
#endif
    // Stored before the wrappers that read them are published (this runs before `main`, normally on the only thread).
    atomic_thread_fence(memory_order_seq_cst);

    // Optional entry points stay NULL when they are: libmalloc tests them to choose a fallback.
    zone->malloc = wrapper->malloc;
    zone->calloc = wrapper->calloc;
    zone->valloc = wrapper->valloc;
    zone->realloc = wrapper->realloc;
    if (saved->batch_malloc) zone->batch_malloc = wrapper->batch_malloc;
    if (saved->memalign) zone->memalign = wrapper->memalign;
#if STAGEHAND_ZONE_VERSION >= 16
    if (saved->malloc_with_options) zone->malloc_with_options = wrapper->malloc_with_options;
    if (saved->type_malloc) zone->malloc_type_malloc = wrapper->type_malloc;
    if (saved->type_calloc) zone->malloc_type_calloc = wrapper->type_calloc;
    if (saved->type_realloc) zone->malloc_type_realloc = wrapper->type_realloc;
    if (saved->type_memalign) zone->malloc_type_memalign = wrapper->type_memalign;
    if (saved->type_malloc_with_options) zone->malloc_type_malloc_with_options = wrapper->type_malloc_with_options;
#endif
    if (zone->version > STAGEHAND_ZONE_VERSION) zone->version = STAGEHAND_ZONE_VERSION;

    if (!writable) vm_protect(mach_task_self(), first, last + vm_page_size - first, FALSE, protection);
    return true;
}

__attribute__((constructor)) static void install(void) {
    vm_address_t *zones = NULL;
    unsigned count = 0;
    if (first_zone(&zones, &count) == NULL) return;
    if (stagehand_counter_prepare() != 0) return;  // the counter's per-thread keys, before any count
    // Zone 0 first: without it nothing is counted. The others after, each on its own: one that cannot be wrapped is
    // a gap the allocation self-check shows.
    if (!wrap((malloc_zone_t *)zones[0], 0)) return;
    for (unsigned index = 1; index < count && index < MAX_ZONES; index++) wrap((malloc_zone_t *)zones[index], index);
    atomic_store_explicit(&stagehand_hooks_installed, true, memory_order_release);
}

const char *stagehand_allocator_library(void) {
    if (!atomic_load_explicit(&stagehand_hooks_installed, memory_order_acquire)) return NULL;
    void *function = (void *)original[0].malloc;
#if defined(STAGEHAND_PTRAUTH)
    function = ptrauth_strip(function, ptrauth_key_function_pointer);
#endif
    Dl_info info;
    if (function == NULL || dladdr(function, &info) == 0) return NULL;
    return info.dli_fname;
}

#else

const char *stagehand_allocator_library(void) { return NULL; }

#endif  // !STAGEHAND_SANITIZED

const char *stagehand_allocator_zone_name(void) {
    vm_address_t *zones = NULL;
    unsigned count = 0;
    malloc_zone_t *zone = first_zone(&zones, &count);
    return zone != NULL ? malloc_get_zone_name(zone) : NULL;
}

#endif  // __APPLE__
