#if os(Linux)
import CStagehandPlatform
import Foundation
import Glibc

extension Platform {
    /// The path of this process's executable, symbolic links resolved: what a stage child is started from, so it
    /// carries the same compiled-in workloads.
    ///
    /// Linux: `/proc/self/exe`, the kernel's link to the running image (proc(5)).
    package static var executablePath: String? {
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return path == "/proc/self/exe" ? nil : path
    }

    /// Now, in nanoseconds, on the clock Dispatch deadlines are measured on, so an ``Instant`` converts to a
    /// `DispatchTime` by its number alone.
    ///
    /// Linux: `CLOCK_MONOTONIC`, which swift-corelibs-libdispatch uses for `DispatchTime.now()`
    /// (`_dispatch_uptime()` in `src/shims/time.h`). Read with `clock_gettime`: an opaque call the optimiser cannot
    /// merge with another reading or move the measured work across (it did both with `DispatchTime.now()`, timing
    /// 200 ms of work as zero).
    static var monotonicNanoseconds: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// CPU time the calling thread has used, in nanoseconds: unlike wall time, it does not grow while the thread waits
    /// for a core.
    ///
    /// Linux: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` (clock_gettime(2)).
    static var threadCPUNanoseconds: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// CPU time the whole process has used, every thread, in nanoseconds.
    ///
    /// Linux: `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)` (clock_gettime(2)).
    static var processCPUNanoseconds: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// How long the calling thread has waited for a core, in nanoseconds, since it started (the time it was ready to
    /// run but another thread, of this process or any other, had the core), with the thread's kernel id. `nil` where it
    /// cannot be read.
    ///
    /// Linux: the second field of `/proc/thread-self/schedstat` (`run_delay`, "time spent waiting on a runqueue";
    /// the kernel's `Documentation/scheduler/sched-stats.rst`), read in C (`stagehand_thread_core_wait`): each thread
    /// keeps the file open, and a reading allocates nothing (a frame reads it) and took 0.6 µs here. Not the process's
    /// main thread's file: the stage child's async `main` gives its thread up to `dispatch_main`, which on Linux parks
    /// it (`pthread_exit`), and a worker thread runs the main queue (the main thread's count stood still through a
    /// run, while every frame of it ran on one worker).
    static var threadCoreWait: (thread: UInt, nanoseconds: UInt64)? {
        var nanoseconds: UInt64 = 0
        var thread: Int32 = 0
        guard stagehand_thread_core_wait(&nanoseconds, &thread) == 0 else { return nil }
        return (UInt(thread), nanoseconds)
    }

    /// Page faults this process has taken that needed no disk read (a page mapped or zeroed on first touch), every
    /// thread's, since it started.
    ///
    /// Linux: `getrusage(RUSAGE_SELF)`'s `ru_minflt` (getrusage(2): "page faults serviced without any I/O activity").
    static var minorPageFaults: Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_minflt
    }

    /// The most this process has had resident at once, in bytes, or `nil` where that cannot be read.
    ///
    /// Linux: `VmHWM` in `/proc/self/status` (proc(5)), the high-water mark of this process's own memory. Not
    /// `getrusage`'s `ru_maxrss`: Linux carries that over `execve` from the image before it, which for a spawned child
    /// is its parent's. Measured here: every stage of a profile read 35.6 MiB by `ru_maxrss` where `VmHWM` read 28.7
    /// to 32.0 MiB, and a child spawned by a 300 MiB process read 314 MiB against its own 13.
    static var peakResidentBytes: Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kibibytes * 1024
    }

    /// The CPU's marketing name, or `nil` where the system does not say.
    ///
    /// Linux: the first `model name` line of `/proc/cpuinfo` (x86; many Arm kernels give none).
    static var cpuModel: String? {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let model = line.split(separator: ":", maxSplits: 1).last
        else { return nil }
        return model.trimmingCharacters(in: .whitespaces)
    }

    /// The operating system's name and version, or `nil` where the system does not say.
    ///
    /// Linux: `PRETTY_NAME` in `/etc/os-release` (os-release(5)).
    static var operatingSystemName: String? {
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        else { return nil }
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The calling thread, as a number no other living thread has: glibc's `pthread_t` is an integer.
    static var currentThread: UInt { UInt(pthread_self()) }

    /// Whether a thread can run below the main thread by lowering its own priority.
    ///
    /// Linux: yes. The scheduler treats main and the pool's threads alike unless told otherwise, and a nice value
    /// belongs to one thread (a Linux thread is a task with its own nice value; sched(7), setpriority(2) "BUGS").
    static let lowersThreadPriority = true

    /// Lowers the calling thread's priority to nice `nice`; other threads keep theirs. Lowering needs no privilege.
    ///
    /// Linux: `setpriority(PRIO_PROCESS, 0, nice)`, where `who` 0 is the calling thread, not the whole process.
    static func lowerThisThreadPriority(toNice nice: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    }

    /// Does nothing on Linux: raising a thread above nice 0 needs privileges, so `main-first` lowers offloaded work
    /// instead (``lowerThisThreadPriority(toNice:)``).
    static func raiseThisThreadToInteractive() {}

    /// The calling thread's priority as the scheduler sees it, to record what a run observed.
    ///
    /// Linux: its nice value, `getpriority(PRIO_PROCESS, 0)` (0 is the calling thread, as for `setpriority`).
    static var threadPriority: Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// A priority ``threadPriority`` read, in words: "nice 10".
    static func describePriority(_ priority: Int32) -> String {
        "nice \(priority)"
    }

    /// Why the counting hooks are not in place in this process, as far as can be told.
    ///
    /// Linux: the hooks are the executable's own `malloc` and relatives, which the dynamic linker finds first; only a
    /// sanitizer's runtime, which the hooks stand aside for, takes their place.
    static var allocationCountingObstacle: String {
        "the counting hooks stood aside (a sanitizer's runtime owns malloc)"
    }

    /// The process's resident set now, in bytes, or `nil` if it cannot be read.
    ///
    /// Linux: the second field of `/proc/self/statm` (resident pages, proc(5)) times the page size.
    static var residentBytes: Double? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = Double(statm.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The system allocator in words: glibc's malloc, with glibc's version (`confstr(_CS_GNU_LIBC_VERSION)`, which
    /// reads "glibc 2.36").
    package static var systemAllocatorName: String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return "glibc malloc" }
        return string(nulTerminated: buffer) + " malloc"
    }

    /// Whether `library`, the file that serves allocations, is the system allocator's: glibc's `libc.so.6`.
    static func isSystemAllocator(_ library: String) -> Bool {
        library.split(separator: "/").last?.hasPrefix("libc.so") == true
    }

    /// The dynamic loader's variable that loads libraries ahead of every other in a new process (ld.so(8)).
    static let preloadVariable = "LD_PRELOAD"

    /// jemalloc's shared library (`libjemalloc.so.2`, Debian's libjemalloc2) when it is installed: its path in the
    /// directories the dynamic loader searches (`LD_LIBRARY_PATH`, then the multiarch and standard ones). Looked for,
    /// not loaded: jemalloc's initial-exec TLS cannot be `dlopen`ed into a running process ("cannot allocate memory
    /// in static TLS block"), only preloaded.
    static var jemallocLibrary: String? {
        let multiarch = ["/lib", "/usr/lib"].flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix("-linux-gnu") }.sorted().map { "\(directory)/\($0)" }
        }
        let searched =
            (ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]?.split(separator: ":").map(String.init) ?? [])
            + multiarch + ["/usr/local/lib", "/usr/lib64", "/lib64", "/usr/lib", "/lib"]
        return searched.lazy.map { "\($0)/libjemalloc.so.2" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// How to install jemalloc here, for the error when it is missing.
    static let jemallocInstallHint =
        "jemalloc's shared library (libjemalloc.so.2) is not installed; on Debian or Ubuntu: apt-get install libjemalloc2"
}
#endif
