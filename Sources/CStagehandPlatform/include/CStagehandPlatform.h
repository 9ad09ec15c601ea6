#ifndef C_STAGEHAND_PLATFORM_H
#define C_STAGEHAND_PLATFORM_H

// What Swift cannot reach directly: glibc declares the CPU-affinity calls only under _GNU_SOURCE, which Swift's Glibc
// module does not define, and their CPU_SET macros are not imported at all (swift-nio's CNIOLinux shims them for
// the same reason). Darwin has no CPU affinity, so there the header declares only the image lookup below.

#ifdef __linux__

/// Writes the CPUs the calling process may run on (`sched_getaffinity`), lowest first, into `cpus`, at most
/// `capacity` of them. Returns how many there are, or -1 with `errno` set.
int stagehand_allowed_cpus(int *cpus, int capacity);

/// Restricts the calling process to the `count` CPUs in `cpus` (`sched_setaffinity`); the restriction is inherited
/// across `execve`. Returns 0, or -1 with `errno` set.
int stagehand_restrict_to_cpus(const int *cpus, int count);

#endif

/// The path of the loaded image (executable, shared library or bundle binary) that holds `address` (`dladdr`), or
/// NULL when none does. The string belongs to the dynamic loader and lives as long as the image is loaded.
const char *stagehand_image_path(const void *address);

#endif
