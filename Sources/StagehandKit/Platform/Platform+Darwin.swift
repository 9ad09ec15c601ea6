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

    /// Page faults this process has taken that needed no disk read (a page mapped or zeroed on first touch), every
    /// thread's, since it started.
    ///
    /// Darwin: `getrusage(RUSAGE_SELF)`'s `ru_minflt`, which getrusage(2) describes as "the number of page faults
    /// serviced without any I/O activity; here I/O activity is avoided by reclaiming a page frame from the list of
    /// pages awaiting reallocation".
    static var minorPageFaults: Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_minflt)
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

    /// Why the counting hooks are not in place in this process, as far as can be told.
    ///
    /// Darwin: the counting hooks wrap the default malloc zone's functions at start-up (`hooks-darwin.c`); when they
    /// could not, the default zone's name (`malloc_get_zone_name`, malloc_zone(3)) is the best clue to why.
    static var allocationCountingObstacle: String {
        let name = malloc_get_zone_name(malloc_default_zone()).map { String(cString: $0) } ?? "unnamed"
        return "the counting hooks could not wrap the default malloc zone ('\(name)')"
    }

    /// The process's resident set now, in bytes, or `nil` if it cannot be read.
    ///
    /// Darwin: `task_info(MACH_TASK_BASIC_INFO)`'s `resident_size` (`<mach/task_info.h>`), whose size in `natural_t`
    /// words is `MACH_TASK_BASIC_INFO_COUNT`.
    static var residentBytes: Double? {
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return status == KERN_SUCCESS ? Double(info.resident_size) : nil
    }

    /// The system allocator in words.
    package static let systemAllocatorName = "libmalloc"

    /// Whether `library`, the file that serves allocations, is the system allocator's: `libsystem_malloc.dylib`.
    static func isSystemAllocator(_ library: String) -> Bool {
        library.hasSuffix("libsystem_malloc.dylib")
    }

    /// dyld's variable that loads libraries ahead of the executable's own in a new process (dyld(1)). System
    /// Integrity Protection strips it only for protected binaries; a workload executable is not one.
    static let preloadVariable = "DYLD_INSERT_LIBRARIES"

    /// jemalloc's dynamic library when Homebrew or MacPorts installed it (Apple silicon, Intel and MacPorts prefixes),
    /// by path: `DYLD_INSERT_LIBRARIES` takes paths. jemalloc's zone becomes the default at its load (`zone_register`
    /// and `zone_promote` in its `src/zone.c`), and the counting hooks then wrap it.
    static var jemallocLibrary: String? {
        ["/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"].lazy
            .map { "\($0)/libjemalloc.2.dylib" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// How to install jemalloc here, for the error when it is missing.
    static let jemallocInstallHint =
        "jemalloc's library (libjemalloc.2.dylib) is not installed under /opt/homebrew, /usr/local or /opt/local; "
        + "install it with: brew install jemalloc"
}
#endif
