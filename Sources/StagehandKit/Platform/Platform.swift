import CStagehandPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every operating-system-specific call Stagehand makes, behind small functions the rest of the code uses.
///
/// Each function is implemented once per platform, in `Platform+Linux.swift` and `Platform+Darwin.swift`:
///
/// | function | Linux | Darwin |
/// |---|---|---|
/// | ``executablePath`` | `/proc/self/exe` | `_NSGetExecutablePath` |
/// | ``monotonicNanoseconds`` | `CLOCK_MONOTONIC` | `CLOCK_UPTIME_RAW` (`mach_absolute_time`) |
/// | ``sleep(milliseconds:)`` (here, one implementation) | `nanosleep` | `nanosleep` |
/// | ``threadCPUNanoseconds`` | `CLOCK_THREAD_CPUTIME_ID` | `CLOCK_THREAD_CPUTIME_ID` |
/// | ``processCPUNanoseconds`` | `CLOCK_PROCESS_CPUTIME_ID` | `CLOCK_PROCESS_CPUTIME_ID` |
/// | ``threadCoreWait`` | `run_delay` in `/proc/thread-self/schedstat`, `gettid` | `nil`: not exposed |
/// | ``peakResidentBytes`` | `VmHWM` in `/proc/self/status` | `getrusage`, `ru_maxrss` in bytes |
/// | ``minorPageFaults`` | `getrusage`, `ru_minflt` | `getrusage`, `ru_minflt` |
/// | ``cpuModel`` | `/proc/cpuinfo` | `sysctlbyname("machdep.cpu.brand_string")` |
/// | ``operatingSystemName`` | `/etc/os-release` | `ProcessInfo.operatingSystemVersionString` |
/// | ``currentThread`` | `pthread_self()` (an integer) | `pthread_self()` (a pointer) |
/// | ``lowersThreadPriority``, ``lowerThisThreadPriority(toNice:)`` | `setpriority` on the thread | nothing |
/// | ``raiseThisThreadToInteractive()`` | nothing (needs privileges) | `pthread_set_qos_class_self_np` |
/// | ``threadPriority``, ``describePriority(_:)`` | `getpriority`: nice | `qos_class_self()`: QoS class |
/// | ``allocationCountingObstacle`` | a sanitizer owns `malloc` | malloc zone 0 could not be wrapped |
/// | ``residentBytes`` | `/proc/self/statm` | `task_info(MACH_TASK_BASIC_INFO)`, in C |
/// | ``systemAllocatorName``, ``isSystemAllocator(_:)`` | glibc malloc, `libc.so.6` | libmalloc, `libsystem_malloc.dylib` |
/// | ``preloadVariable``, ``jemallocLibrary`` | `LD_PRELOAD`, `libjemalloc.so.2` | `DYLD_INSERT_LIBRARIES`, Homebrew's path |
/// | ``imagePath(containing:)`` (here, one implementation) | `dladdr` | `dladdr` |
///
/// The Darwin implementations are written against Apple's documentation and the Swift and Foundation sources (each
/// says which), and have not been run on a Mac here: CI verifies Linux.
package enum Platform {
    /// The file of the loaded image that holds `address` (`dladdr`, through CStagehandPlatform, since glibc declares
    /// it only under `_GNU_SOURCE`): pass `#dsohandle` for the executable, library or bundle binary the calling code
    /// was loaded from. `nil` when no image holds it.
    package static func imagePath(containing address: UnsafeRawPointer) -> String? {
        stagehand_image_path(address).map { String(cString: $0) }
    }

    /// Blocks the calling thread for `milliseconds` with `nanosleep`, which allocates nothing (Foundation's
    /// `Thread.sleep` did, and its allocations were counted as the workload's), sleeping again for what is left when
    /// a signal interrupts it.
    static func sleep(milliseconds: Double) {
        let nanoseconds = UInt64(max(milliseconds, 0) * 1e6)
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// The text of a NUL-terminated C buffer (what `sysctl` and `_NSGetExecutablePath` fill), read as UTF-8 up to its
    /// first NUL; `String(cString:)` on an array is deprecated in Swift 6.
    static func string(nulTerminated buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
