#ifndef C_STAGEHAND_PLATFORM_H
#define C_STAGEHAND_PLATFORM_H

// What Swift cannot reach directly: glibc declares the CPU-affinity calls only under _GNU_SOURCE, which Swift's Glibc
// module does not define, and their CPU_SET macros are not imported at all (swift-nio's CNIOLinux shims them for
// the same reason). Darwin has no CPU affinity; there the header declares what Swift should not or cannot read itself
// (the Mach task port, the thread's QoS).

#ifdef __linux__

/// Writes the CPUs the calling process may run on (`sched_getaffinity`), lowest first, into `cpus`, at most
/// `capacity` of them. Returns how many there are, or -1 with `errno` set.
int stagehand_allowed_cpus(int *cpus, int capacity);

/// Restricts the calling process to the `count` CPUs in `cpus` (`sched_setaffinity`); the restriction is inherited
/// across `execve`. Returns 0, or -1 with `errno` set.
int stagehand_restrict_to_cpus(const int *cpus, int count);

#include <stdint.h>

/// Sets `*nanoseconds` to how long the calling thread has waited for a core since it started, the second field of
/// `/proc/thread-self/schedstat` (`run_delay`), and `*thread` to its kernel thread id (`gettid`), and returns 0; or
/// returns -1. Each thread opens the file once and keeps it open in a thread-local descriptor (closed by the kernel
/// when the process ends: a stage child's few threads keep one each); a reading is one `pread` into a buffer on the
/// stack, so it allocates nothing. In C for the thread-local and the stack buffer, which Swift's debug builds put on
/// the heap.
int stagehand_thread_core_wait(uint64_t *nanoseconds, int32_t *thread);

#endif

#ifdef __APPLE__
#include <stdint.h>

/// Sets `*bytes` to the calling task's resident set (`task_info(MACH_TASK_BASIC_INFO)`'s `resident_size`,
/// `<mach/task_info.h>`) and returns 0, or returns -1. In C because `mach_task_self()` reads the global
/// `mach_task_self_`, which Swift 6 refuses as shared mutable state with any SDK before macOS 15.4 (that SDK marks it
/// safe to read).
int stagehand_resident_bytes(uint64_t *bytes);

/// Raises the calling thread to QoS user-interactive, the class an app's main thread runs at
/// (`pthread_set_qos_class_self_np`, `<pthread/qos.h>`); returns 0, or an error number.
int stagehand_raise_to_user_interactive(void);

/// The calling thread's QoS class (`qos_class_self()`, `<pthread/qos.h>`): one of the `QOS_CLASS_*` values of
/// `<sys/qos.h>`, 0 when unspecified.
unsigned stagehand_thread_qos_class(void);
#endif

/// The path of the loaded image (executable, shared library or bundle binary) that holds `address` (`dladdr`), or
/// NULL when none does. The string belongs to the dynamic loader and lives as long as the image is loaded.
const char *stagehand_image_path(const void *address);

#endif
