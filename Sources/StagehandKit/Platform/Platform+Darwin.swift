#if canImport(Darwin)
import CStagehandAllocations
import CStagehandPlatform
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

    /// How long the calling thread has waited for a core, in nanoseconds, with the thread's id, or `nil` where it cannot
    /// be read.
    ///
    /// Darwin: `nil`. Mach gives a thread's user and system time and its run state (`thread_info`,
    /// `THREAD_BASIC_INFO`), not the time it was runnable without a core, so a hang is never put down to that wait
    /// there and is counted as measured.
    static var threadCoreWait: (thread: UInt, nanoseconds: UInt64)? { nil }

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
    /// Darwin: Stagehand does not. `setpriority` there acts on the whole process (setpriority(2)), main included, and
    /// changing a pool thread's QoS would fight libdispatch, which sets a worker's QoS for each work item it runs.
    /// `main-first` raises the main thread instead (``raiseThisThreadToInteractive()``).
    static let lowersThreadPriority = false

    /// Does nothing on Darwin: see ``lowersThreadPriority``.
    static func lowerThisThreadPriority(toNice nice: Int32) {}

    /// Raises the calling thread, the main thread, to QoS user-interactive, where an app's main thread runs.
    ///
    /// Darwin: `pthread_set_qos_class_self_np(QOS_CLASS_USER_INTERACTIVE, 0)` (`<pthread/qos.h>`), through
    /// CStagehandPlatform. A process started by `Process` is not an app: its main thread starts at no QoS of its own
    /// (`QOS_CLASS_UNSPECIFIED`, run as default), so without this, offloaded work at the default QoS would run level
    /// with main. Tasks already running (the one running main's code, and those it starts) keep their priority.
    static func raiseThisThreadToInteractive() {
        _ = stagehand_raise_to_user_interactive()
    }

    /// The calling thread's priority as the scheduler sees it, to record what a run observed.
    ///
    /// Darwin: its QoS class, `qos_class_self()` (`<pthread/qos.h>`), through CStagehandPlatform.
    static var threadPriority: Int32 {
        Int32(bitPattern: stagehand_thread_qos_class())
    }

    /// A priority ``threadPriority`` read, in words: "QoS user-interactive". The values are `qos_class_t`'s
    /// (`<sys/qos.h>`, `QOS_CLASS_*`).
    static func describePriority(_ priority: Int32) -> String {
        let name =
            switch priority {
            case 0x21: "user-interactive"
            case 0x19: "user-initiated"
            case 0x15: "default"
            case 0x11: "utility"
            case 0x09: "background"
            case 0x00: "unspecified"
            default: "0x\(String(priority, radix: 16))"
            }
        return "QoS \(name)"
    }

    /// Why the counting hooks are not in place in this process, as far as can be told.
    ///
    /// Darwin: the counting hooks wrap every registered malloc zone's functions at start-up (`hooks-darwin.c`); when
    /// they could not wrap zone 0, the one `malloc` goes to, its name is the best clue to why: zone 0 as
    /// `malloc_get_all_zones` lists it, not the virtual zone `malloc_default_zone()` returns, whose name says nothing.
    static var allocationCountingObstacle: String {
        let name = stagehand_allocator_zone_name().map { String(cString: $0) } ?? "unnamed"
        return "the counting hooks could not wrap malloc zone 0 ('\(name)')"
    }

    /// The process's resident set now, in bytes, or `nil` if it cannot be read.
    ///
    /// Darwin: `task_info(MACH_TASK_BASIC_INFO)`'s `resident_size` (`<mach/task_info.h>`), read in C
    /// (`stagehand_resident_bytes`, CStagehandPlatform), which says why.
    static var residentBytes: Double? {
        var bytes: UInt64 = 0
        return stagehand_resident_bytes(&bytes) == 0 ? Double(bytes) : nil
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
