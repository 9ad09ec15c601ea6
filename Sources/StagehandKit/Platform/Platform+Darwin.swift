#if canImport(Darwin)
import Darwin
import Foundation

extension Platform {
    /// The path of this process's executable, symbolic links resolved: what a stage child is started from, so it
    /// carries the same compiled-in workloads.
    ///
    /// Darwin: `_NSGetExecutablePath` (`<mach-o/dyld.h>`, dyld(3)). Called with a buffer too small, it returns -1 and
    /// sets the size needed, so the first call asks for the size. The path it gives may go through a symbolic link,
    /// which is resolved, as Foundation's `Bundle.main.executablePath` does with the same call.
    package static var executablePath: String? {
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = string(nulTerminated: buffer)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Now, in nanoseconds, on the clock Dispatch deadlines are measured on, so an ``Instant`` converts to a
    /// `DispatchTime` by its number alone.
    ///
    /// Darwin: `clock_gettime_nsec_np(CLOCK_UPTIME_RAW)`, which clock_gettime(3) documents as `mach_absolute_time()`
    /// in nanoseconds: the clock `DispatchTime.now()` reads, which stops while the Mac sleeps. (`CLOCK_MONOTONIC`
    /// keeps counting through sleep, so on a Mac that has slept since boot every deadline made from it would be
    /// late by the total time asleep.) package-benchmark's `BenchmarkClock.now` makes the same call.
    static var monotonicNanoseconds: UInt64 {
        clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
    }

    /// CPU time the calling thread has used, in nanoseconds: unlike wall time, it does not grow while the thread waits
    /// for a core.
    ///
    /// Darwin: `clock_gettime_nsec_np(CLOCK_THREAD_CPUTIME_ID)`; clock_gettime(3) lists the clock as "the amount of
    /// CPU (in user- or kernel-mode) used by the calling thread".
    static var threadCPUNanoseconds: UInt64 {
        clock_gettime_nsec_np(CLOCK_THREAD_CPUTIME_ID)
    }

    /// CPU time the whole process has used, every thread, in nanoseconds.
    ///
    /// Darwin: `clock_gettime_nsec_np(CLOCK_PROCESS_CPUTIME_ID)`; clock_gettime(3) lists the clock as "the amount of
    /// CPU (in user- or kernel-mode) used by the calling process".
    static var processCPUNanoseconds: UInt64 {
        clock_gettime_nsec_np(CLOCK_PROCESS_CPUTIME_ID)
    }

    /// The most this process has had resident at once, in bytes, or `nil` where that cannot be read.
    ///
    /// Darwin: `getrusage(RUSAGE_SELF)`'s `ru_maxrss`, which getrusage(2) gives "in bytes" there (Linux gives
    /// kilobytes). A stage child is a new process from `posix_spawn` (Foundation's `Process`), so the figure is its
    /// own, not its parent's.
    static var peakResidentBytes: Double? {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0, usage.ru_maxrss > 0 else { return nil }
        return Double(usage.ru_maxrss)
    }

    /// The CPU's marketing name, or `nil` where the system does not say.
    ///
    /// Darwin: `sysctlbyname("machdep.cpu.brand_string")` (sysctl(3)), asked for its size first: "Apple M2 Pro" on
    /// Apple silicon, the Intel brand string on Intel Macs.
    static var cpuModel: String? {
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else { return nil }
        return string(nulTerminated: buffer)
    }

    /// The operating system's name and version, or `nil` where the system does not say.
    ///
    /// Darwin: Foundation's `ProcessInfo.operatingSystemVersionString` ("Version 15.1 (Build 24B83)").
    static var operatingSystemName: String? {
        "macOS \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    /// The calling thread, as a number no other living thread has: Darwin's `pthread_t` is a pointer.
    static var currentThread: UInt { UInt(bitPattern: pthread_self()) }

    /// Whether a thread can run below the main thread by lowering its own priority.
    ///
    /// Darwin: Stagehand does not. The system already runs the main thread at QoS user-interactive and a task
    /// started from it at the QoS it inherits (user-initiated), below main, as in an app; and `setpriority` there acts
    /// on the whole process (setpriority(2)), main included. Changing a pool thread's QoS would fight
    /// libdispatch, which sets a worker's QoS for each work item it runs.
    static let lowersThreadPriority = false

    /// Does nothing on Darwin: see ``lowersThreadPriority``.
    static func lowerThisThreadPriority(toNice nice: Int32) {}

    /// Why jemalloc may not see every allocation in this process, when a reason can be read: `nil` when none is known.
    ///
    /// Darwin: jemalloc overlays the default malloc zone rather than replacing `malloc`, and declines to when the
    /// default zone is not `DefaultMallocZone` (`src/zone.c`); the Swift runtime allocates from
    /// `malloc_default_zone()` (`Heap.cpp`). So the default zone's name (`malloc_get_zone_name`, malloc_zone(3))
    /// says who gets the allocations: jemalloc's is `jemalloc_zone` (`src/zone.c`).
    static var allocationCountingObstacle: String? {
        let name = malloc_get_zone_name(malloc_default_zone()).map { String(cString: $0) } ?? "unnamed"
        guard name != "jemalloc_zone" else { return nil }
        return "the default malloc zone is '\(name)', not jemalloc's: jemalloc does not take over the default zone "
            + "when another already did (ProbGuard, malloc stack logging, a sanitizer, MallocStackLogging in the "
            + "environment)"
    }
}
#endif
