import CStagehandPlatform
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a stage child on fewer CPUs than the machine has (`profile --cores N`): the smaller-device what-if.
///
/// A stage child asked for N cores restricts itself to the first N CPUs it is allowed and executes itself again, so
/// that nothing of the run (the runtime's threads, libdispatch's, the cooperative pool's) ever starts outside them.
/// The process keeps its pid, so the parent's watchdog still watches it.
///
/// What it does not change, measured on this machine (Swift 6.3.1, Linux): the cooperative pool's width and
/// `ProcessInfo.activeProcessorCount` stay at the CPUs online (2 here, under `taskset -c 0` too), so on one core the
/// pool's two threads time-share that core with main. The CPU is what a smaller device lacks, and that is what this
/// takes away; a real one-core device would also have a one-thread pool.
///
/// Linux only (`sched_setaffinity`). Darwin has no way to bind a process to CPUs (its affinity tags are hints, and
/// none at all on Apple silicon), so there ``isSupported`` is `false` and `--cores` is refused.
package enum CoreLimit {
    /// Whether this platform can restrict a process to N CPUs.
    package static var isSupported: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The CPUs this process may run on, lowest first, or `nil` where that cannot be read.
    static var allowedCPUs: [Int]? {
        #if os(Linux)
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = stagehand_allowed_cpus(&cpus, Int32(cpus.count))
        guard count > 0 else { return nil }
        return cpus.prefix(Int(min(count, 1024))).map(Int.init)
        #else
        return nil
        #endif
    }

    /// The CPUs a child asked for `count` cores runs on: the first `count` of those allowed.
    static func chosen(_ count: Int, of allowed: [Int]) -> [Int] {
        Array(allowed.prefix(max(count, 1)))
    }

    /// A `--cores` value this machine cannot honour, in words, or `nil` when it can.
    package static func problem(with count: Int) -> String? {
        guard isSupported else {
            return "--cores needs Linux: macOS cannot bind a process to a number of CPUs"
        }
        let available = allowedCPUs?.count ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...available).contains(count) else {
            return "--cores must be from 1 to \(available) (the CPUs this process may use), got \(count)"
        }
        return nil
    }

    /// Makes this process run on `count` CPUs: returns at once when it already may use exactly that many;
    /// otherwise restricts itself to the first `count` and executes itself again with the same arguments, so this
    /// call does not return.
    ///
    /// - Throws: ``Failure`` when the restriction or the new execution fails.
    static func runOn(_ count: Int) throws {
        #if os(Linux)
        guard let allowed = allowedCPUs else { throw Failure("could not read this process's CPUs") }
        guard allowed.count != count else { return }
        let cpus = chosen(count, of: allowed).map(Int32.init)
        guard stagehand_restrict_to_cpus(cpus, Int32(cpus.count)) == 0 else {
            throw Failure("could not restrict this process to CPUs \(cpus): \(String(cString: strerror(errno)))")
        }
        guard let path = Platform.executablePath else { throw Failure("could not find this executable's path") }
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(path, arguments)
        throw Failure("could not run \(path) again on \(count) CPUs: \(String(cString: strerror(errno)))")
        #else
        throw Failure("--cores needs Linux")
        #endif
    }

    /// Why a stage child could not run on the cores asked for.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
