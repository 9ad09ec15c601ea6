// Darwin: the default malloc zone's allocation functions, wrapped in place at start-up so that each call is counted
// and forwarded to the function it replaced. Written against Apple's libmalloc (apple-oss-distributions/libmalloc,
// 792.x): `include/malloc/malloc.h` (`malloc_zone_t`, zone version summary), `src/malloc.c`, `src/malloc_type.c`.
//
// - The zone: `malloc_zones[0]`. `malloc`, `calloc`, `realloc`, `posix_memalign`, and the `malloc_zone_*` and
//   `malloc_type_*` calls on the default zone resolve to it at each call (`_malloc_zone_malloc`,
//   `malloc_type_zone_malloc`, ...). `malloc_default_zone()` returns a virtual zone (`virtual_default_zone`, since
//   macOS 10.12 as jemalloc's `src/zone.c` notes) whose functions call `malloc_zones[0]`'s (`default_zone_malloc`):
//   covered, and wrapping it as well would count twice. The Swift runtime calls `malloc` and `malloc_type_malloc`
//   (swift `stdlib/public/runtime/Heap.cpp`), which reach a version-16 zone's `malloc_type_malloc`: the typed entry
//   points are wrapped too.
// - Read-only: libmalloc protects its zones once built (`mprotect` in magazine_malloc.c and nanov2_malloc.c,
//   `my_vm_protect` in pgm_malloc.c). Like Chromium's shim (`DeprotectMallocZone`, `ReplaceZoneFunctions` in
//   partition_alloc/shim/allocator_interception_apple.mm), the header's pages are made writable for the writes and
//   given their own protection back; a zone already writable (jemalloc's, xzone's) is left so.
// - Timing: dyld runs the main executable's initialisers after every library's, so what dyld, libSystem and library
//   initialisers allocated before this runs is not counted; counts are differences taken later.
// - jemalloc inserted with DYLD_INSERT_LIBRARIES: its initialiser registers its zone and promotes it to
//   `malloc_zones[0]` (jemalloc `src/zone.c`, `zone_register`, `zone_promote`) before this runs: its zone is wrapped.
// - ProbGuard makes its zone the default, in front of the one it samples from, before this runs (malloc.c
//   `__malloc_late_init`, `register_pgm_zone`), and calls that zone's own functions, left unwrapped: each call is
//   counted once. MallocStackLogging reports through `malloc_logger` and leaves the zones alone; its lite mode sends
//   the virtual zone's calls through a zone whose helper is `malloc_zones[0]` (msl_lite_support.c), presumably
//   through its function pointers (that zone's source is not public).
// - Left alone: `batch_malloc`, counted only where it is `malloc_zone_batch_malloc_fallback` calling the zone's
//   `malloc` (xzone, ProbGuard), where a wrapper would count it twice; other zones; a fork child's nano zone, which
//   libmalloc rewrites (`nanov2_forked_zone`). `realloc(p, 0)` is libmalloc's `malloc(0)` then `free(p)` (`_realloc`):
//   one allocation of 0 bytes, where the Linux hooks count nothing.

#if defined(__APPLE__)

#include "counter.h"
#include "CStagehandAllocations.h"

#include <dlfcn.h>
#include <mach/mach.h>
#include <malloc/malloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

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

/// The zone's functions before wrapping. The header is patched in place, so the zone each wrapper is called with is
/// the original zone, whose allocator state follows the header: the wrappers pass it on unchanged.
static struct {
    void *(*malloc)(malloc_zone_t *, size_t);
    void *(*calloc)(malloc_zone_t *, size_t, size_t);
    void *(*valloc)(malloc_zone_t *, size_t);
    void *(*realloc)(malloc_zone_t *, void *, size_t);
    void *(*memalign)(malloc_zone_t *, size_t, size_t);
#if STAGEHAND_ZONE_VERSION >= 16
    void *(*malloc_with_options)(malloc_zone_t *, size_t, size_t, uint64_t);
    void *(*type_malloc)(malloc_zone_t *, size_t, malloc_type_id_t);
    void *(*type_calloc)(malloc_zone_t *, size_t, size_t, malloc_type_id_t);
    void *(*type_realloc)(malloc_zone_t *, void *, size_t, malloc_type_id_t);
    void *(*type_memalign)(malloc_zone_t *, size_t, size_t, malloc_type_id_t);
    void *(*type_malloc_with_options)(malloc_zone_t *, size_t, size_t, uint64_t, malloc_type_id_t);
#endif
} original;

/// Counts an allocation of `size` bytes when `pointer` is memory; returns `pointer`. Counted after the call, so outside
/// the allocator's locks.
static inline __attribute__((always_inline)) void *counted(void *pointer, size_t size) {
    if (pointer) stagehand_count(size);
    return pointer;
}

/// `count * size`, or SIZE_MAX when that overflows (the allocator then returns NULL, so nothing is counted).
static inline size_t product(size_t count, size_t size) {
    size_t total;
    return __builtin_mul_overflow(count, size, &total) ? SIZE_MAX : total;
}

static void *wrapped_malloc(malloc_zone_t *zone, size_t size) { return counted(original.malloc(zone, size), size); }

static void *wrapped_calloc(malloc_zone_t *zone, size_t count, size_t size) {
    return counted(original.calloc(zone, count, size), product(count, size));
}

static void *wrapped_valloc(malloc_zone_t *zone, size_t size) { return counted(original.valloc(zone, size), size); }

static void *wrapped_realloc(malloc_zone_t *zone, void *pointer, size_t size) {
    void *moved = original.realloc(zone, pointer, size);
    return size != 0 ? counted(moved, size) : moved;
}

static void *wrapped_memalign(malloc_zone_t *zone, size_t alignment, size_t size) {
    return counted(original.memalign(zone, alignment, size), size);
}

#if STAGEHAND_ZONE_VERSION >= 16
static void *wrapped_malloc_with_options(malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options) {
    return counted(original.malloc_with_options(zone, alignment, size, options), size);
}

static void *wrapped_type_malloc(malloc_zone_t *zone, size_t size, malloc_type_id_t type) {
    return counted(original.type_malloc(zone, size, type), size);
}

static void *wrapped_type_calloc(malloc_zone_t *zone, size_t count, size_t size, malloc_type_id_t type) {
    return counted(original.type_calloc(zone, count, size, type), product(count, size));
}

static void *wrapped_type_realloc(malloc_zone_t *zone, void *pointer, size_t size, malloc_type_id_t type) {
    void *moved = original.type_realloc(zone, pointer, size, type);
    return size != 0 ? counted(moved, size) : moved;
}

static void *wrapped_type_memalign(malloc_zone_t *zone, size_t alignment, size_t size, malloc_type_id_t type) {
    return counted(original.type_memalign(zone, alignment, size, type), size);
}

static void *wrapped_type_malloc_with_options(
    malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options, malloc_type_id_t type) {
    return counted(original.type_malloc_with_options(zone, alignment, size, options, type), size);
}
#endif

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

__attribute__((constructor)) static void install(void) {
    vm_address_t *zones = NULL;
    unsigned zone_count = 0;
    if (malloc_get_all_zones(mach_task_self(), NULL, &zones, &zone_count) != KERN_SUCCESS || zone_count == 0) return;
    malloc_zone_t *zone = (malloc_zone_t *)zones[0];
    if (!zone->malloc || !zone->calloc || !zone->valloc || !zone->realloc) return;
    if (stagehand_counter_prepare() != 0) return;  // the counter's per-thread keys, before any count

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
        return;
    bool writable = (protection & last_protection & VM_PROT_WRITE) != 0;
    if (!writable) {
        // One protection to put back, and one the kernel lets us raise to writable.
        if (protection != last_protection || !(maximum & last_maximum & VM_PROT_WRITE)) return;
        if (vm_protect(mach_task_self(), first, last + vm_page_size - first, FALSE, protection | VM_PROT_WRITE)
            != KERN_SUCCESS)
            return;
    }

    original.malloc = zone->malloc;
    original.calloc = zone->calloc;
    original.valloc = zone->valloc;
    original.realloc = zone->realloc;
    if (zone->version >= 5) original.memalign = zone->memalign;
#if STAGEHAND_ZONE_VERSION >= 16
    if (zone->version >= 15) original.malloc_with_options = zone->malloc_with_options;
    if (zone->version >= 16) {
        original.type_malloc = zone->malloc_type_malloc;
        original.type_calloc = zone->malloc_type_calloc;
        original.type_realloc = zone->malloc_type_realloc;
        original.type_memalign = zone->malloc_type_memalign;
        original.type_malloc_with_options = zone->malloc_type_malloc_with_options;
    }
#endif
    // Stored before the wrappers that read them are published (this runs before `main`, normally on the only thread).
    atomic_thread_fence(memory_order_seq_cst);

    // Optional entry points stay NULL when they are: libmalloc tests them to choose a fallback.
    zone->malloc = wrapped_malloc;
    zone->calloc = wrapped_calloc;
    zone->valloc = wrapped_valloc;
    zone->realloc = wrapped_realloc;
    if (original.memalign) zone->memalign = wrapped_memalign;
#if STAGEHAND_ZONE_VERSION >= 16
    if (original.malloc_with_options) zone->malloc_with_options = wrapped_malloc_with_options;
    if (original.type_malloc) zone->malloc_type_malloc = wrapped_type_malloc;
    if (original.type_calloc) zone->malloc_type_calloc = wrapped_type_calloc;
    if (original.type_realloc) zone->malloc_type_realloc = wrapped_type_realloc;
    if (original.type_memalign) zone->malloc_type_memalign = wrapped_type_memalign;
    if (original.type_malloc_with_options) zone->malloc_type_malloc_with_options = wrapped_type_malloc_with_options;
#endif
    if (zone->version > STAGEHAND_ZONE_VERSION) zone->version = STAGEHAND_ZONE_VERSION;

    if (!writable) vm_protect(mach_task_self(), first, last + vm_page_size - first, FALSE, protection);
    atomic_store_explicit(&stagehand_hooks_installed, true, memory_order_release);
}

const char *stagehand_allocator_library(void) {
    if (!atomic_load_explicit(&stagehand_hooks_installed, memory_order_acquire)) return NULL;
    void *function = (void *)original.malloc;
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

#endif  // __APPLE__
