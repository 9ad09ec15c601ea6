import Foundation

/// The unmeasured runs a stage child makes before its measured one, so that first-use costs (page faults, lazily built
/// runtime metadata, the cooperative pool's threads, the user's own caches and connections) do not land in the
/// measurement.
///
/// One short run (or the first arrivals, ``FirstArrivals``, when they left the heap steady); then more, while the last
/// one still grew the process's memory. An app that has run for a
/// while has a heap in a steady state: its large buffers reuse pages it already touched. A process that has just started
/// does not, and the interactions that first reach each new high-water mark take a page fault per 4 KiB page they
/// touch. Measured here on the image pipeline (four 3–4 MB buffers an interaction): after the single 0.3 s warm-up of
/// two interactions, three of the first four measured interactions still faulted 1,000–2,000 pages in `blur`, and none
/// after; those faults are no cost the app pays once it has opened a few photos.
package enum WarmUp {
    /// How long one warm-up run takes arrivals, at most.
    package static let seconds = 0.3

    /// How long, at most, the warm-up runs after the first may take in all. The image pipeline settled in two to four
    /// more runs of 0.33 s here, the built-in workloads in none; a workload whose runs never stop faulting (a buffer
    /// mapped afresh on every call) costs each stage run this much more.
    static let settlingSeconds = 1.5

    /// A warm-up run that faulted in less fresh memory than this left the heap as the measured run finds it: 1 MiB.
    /// A transparent huge page faults once for 2 MiB, so where the kernel hands them out the count reads low.
    static let settledBytes = 1 << 20

    /// ``settledBytes`` as page faults on pages of `pageSize` bytes: 256 of Linux's 4 KiB pages, 64 of Apple
    /// silicon's 16 KiB (`getpagesize()` there).
    static func settledPageFaults(pageSize: Int) -> Int { settledBytes / pageSize }

    /// ``settledBytes`` as page faults on this machine's pages.
    static let settledPageFaults = settledPageFaults(pageSize: Int(getpagesize()))

    /// One warm-up run of `workload`: arrivals for ``seconds``, periodic and 4 to 10 per second, so every
    /// interaction arrives at least once and an overloaded workload builds little backlog. At its catch-up allowance
    /// (``Workload/catchUpSeconds(forDuration:)``) a warm-up run skips the steps it has not started and waits for the ones running (see
    /// ``MainLoop/run(finishingEverything:)``).
    static func workload(of workload: Workload) -> Workload {
        var warmUp = workload
        warmUp.durationSeconds = min(seconds, workload.durationSeconds)
        for index in warmUp.interactions.indices {
            warmUp.interactions[index].arrival = .periodic
            warmUp.interactions[index].ratePerSecond = min(max(warmUp.interactions[index].ratePerSecond, 4), 10)
        }
        return warmUp
    }

    /// Runs `round` (a warm-up run, given its number from 0; it returns the page faults the process took while it
    /// ran) once, then again while the last run took `settledBelow` or more and another, as long as the longest so far,
    /// fits in `settlingSeconds`. (A run can still outlast the longest so far, up to its catch-up allowance: the watchdog
    /// allows for one such run beyond `settlingSeconds`.)
    ///
    /// - Parameter firstRunFaults: the page faults of a run that has already brought every interaction of the
    ///   workload, when one has (the first arrivals, ``FirstArrivals``): when it took fewer than `settledBelow`, the
    ///   heap is as the measured run will find it, and no warm-up run is made; otherwise the warm-up runs as without.
    /// - Returns: how many runs it made.
    @MainActor
    static func run(
        settledBelow: Int = settledPageFaults,
        settlingSeconds: Double = settlingSeconds,
        afterFirstRunFaulting firstRunFaults: Int? = nil,
        _ round: (Int) async -> Int
    ) async -> Int {
        if let firstRunFaults, firstRunFaults < settledBelow { return 0 }
        var rounds = 0
        var settling = 0.0
        var longest = 0.0
        while true {
            let started = Instant.now
            let faults = await round(rounds)
            let took = Instant.now.milliseconds(since: started) / 1000
            if rounds > 0 { settling += took }
            rounds += 1
            longest = max(longest, took)
            guard faults >= settledBelow, settling + longest <= settlingSeconds else { return rounds }
        }
    }
}
