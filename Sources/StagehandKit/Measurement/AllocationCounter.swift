import CStagehandAllocations

/// Reads the process's allocation counters (`CStagehandAllocations`): every `malloc` and its relatives, counted by
/// hooks in front of the allocator, on every thread, whatever allocator serves them.
///
/// The hooks count each call with one increment of a per-thread counter and change nothing about the allocation, so
/// code runs at its allocator's own speed (docs/METRICS.md, "How allocations are counted", has the measurements). One
/// ``sample()`` sums the threads' counters under a lock (about a microsecond): call it per run, never per frame.
package struct AllocationCounter: Sendable {
    /// Totals at one moment.
    package struct Sample: Sendable, Equatable {
        /// Allocations since the process started (all threads).
        package var allocations: UInt64
        /// Bytes those allocations asked for (cumulative, not net).
        package var requestedBytes: UInt64
        /// The process's resident set, harness included, read just after the counts (``withResidentSet()``); 0 when
        /// not read.
        package var residentBytes: UInt64

        package init(allocations: UInt64, requestedBytes: UInt64, residentBytes: UInt64 = 0) {
            self.allocations = allocations
            self.requestedBytes = requestedBytes
            self.residentBytes = residentBytes
        }

        /// This sample with the resident set read now: after its counts, so whatever reading it allocates is not in
        /// them.
        func withResidentSet() -> Sample {
            var sample = self
            sample.residentBytes = UInt64(Platform.residentBytes ?? 0)
            return sample
        }
    }

    /// The counter, or `nil` when this process's allocations do not go through it (a sanitizer replaced `malloc`;
    /// on macOS, malloc zone 0 could not be wrapped).
    package init?() {
        guard stagehand_allocations_installed() != 0 else { return nil }
    }

    /// Every thread's totals now. Taking one allocates nothing, so two bracket exactly what happened between them.
    package func sample() -> Sample {
        let totals = stagehand_allocations_process()
        return Sample(allocations: totals.allocations, requestedBytes: totals.bytes)
    }

    /// The calling thread's allocations and bytes so far; no lock, so cheap enough to bracket a single call.
    static var thisThread: (allocations: UInt64, bytes: UInt64) {
        let totals = stagehand_allocations_thread()
        return (totals.allocations, totals.bytes)
    }

    /// The calling thread's allocations so far less what it kept out (``AllocationExclusion``): two readings on one
    /// thread bracket what the code between them allocated for itself. `nil` when the thread has no count of its own
    /// (allocations are not counted in this process, or the thread shares the counter's overflow slot). No lock, and
    /// reading it allocates nothing.
    static var thisThreadCounted: UInt64? {
        var totals = stagehand_allocation_totals()
        guard stagehand_allocations_thread_counted(&totals) != 0 else { return nil }
        return totals.allocations
    }

    /// How allocations are counted, as a result's environment records it (`allocationCounting`), so that `compare`
    /// never sets counts of two methods side by side. Change it whenever what a count includes changes.
    package static let countingMethod =
        "counted in front of the allocator, per thread; the harness's boxing of step values, its calls onto the main "
        + "actor, main-only's wait for io bodies, the run's end handler and the frames of its calls to io bodies kept "
        + "out (2026-11-25, second)"

    /// The file of the library serving this process's allocations under the counter, when it can be told.
    package static var servingLibrary: String? {
        stagehand_allocator_library().map { String(cString: $0) }
    }

    /// jemalloc's version ("5.3.0") when jemalloc is loaded in this process, else `nil`.
    package static var jemallocVersion: String? {
        stagehand_jemalloc_version().map { String(cString: $0) }?.split(separator: "-").first.map(String.init)
    }
}
