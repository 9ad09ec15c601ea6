/// How long one step of a workload took when it ran, and where.
package struct StepTiming: Codable, Sendable, Equatable {
    /// A step by position: interaction index and step index in the workload.
    package struct Key: Codable, Hashable, Sendable {
        package var interaction: Int
        package var step: Int
    }

    package var key: Key
    package var runs: Int = 0
    var totalMs: Double = 0
    /// Runs that happened on the main thread.
    package var runsOnMain: Int = 0
    /// Time an `io` body of the user's code spent running on the main thread, in all runs (its synchronous parts,
    /// called from main under ``IOSemantics/nonsending``); `nil` when none did.
    package var mainMs: Double?
    /// Runs in which the user's code threw (its interaction ended there); `nil` when none did.
    package var failures: Int?
    /// The text of the first error it threw, when it threw.
    package var firstError: String?
    /// What the step's own code allocated, in the ``allocationRuns`` it was counted in: counted on the thread it ran
    /// on, from its start to its end (or to the throw, for a run that threw), less what the harness kept out
    /// (``AllocationExclusion``). `nil` when never counted: an `io` step (its body may move between threads as it
    /// awaits), or a process whose allocations the counter does not see.
    package var allocations: Int?
    /// The runs ``allocations`` covers: every run, unless the step ran on a thread without a count of its own.
    package var allocationRuns: Int?

    /// Whether the step ran at least once: one that never did has no duration, and is left out wherever durations
    /// are read.
    package var ran: Bool { runs > 0 }

    /// The mean duration, in milliseconds.
    var meanMs: Double { ran ? totalMs / Double(runs) : 0 }

    init(key: Key, runs: Int = 0, totalMs: Double = 0, runsOnMain: Int = 0) {
        self.key = key
        self.runs = runs
        self.totalMs = totalMs
        self.runsOnMain = runsOnMain
    }

    /// Adds another record of the same step.
    mutating func add(_ other: StepTiming) {
        runs += other.runs
        totalMs += other.totalMs
        runsOnMain += other.runsOnMain
        if let main = other.mainMs { mainMs = (mainMs ?? 0) + main }
        if let failed = other.failures { failures = (failures ?? 0) + failed }
        if firstError == nil { firstError = other.firstError }
        if let counted = other.allocations, let countedRuns = other.allocationRuns {
            allocations = (allocations ?? 0) + counted
            allocationRuns = (allocationRuns ?? 0) + countedRuns
        }
    }

    /// The step's own allocations per counted run (``allocations``), when counted.
    package var meanAllocations: Double? {
        guard let allocations, let allocationRuns, allocationRuns > 0 else { return nil }
        return Double(allocations) / Double(allocationRuns)
    }

    /// The mean time on the main thread per run, for an `io` body whose synchronous parts ran there.
    package var meanMainMs: Double? { mainMs.map { ran ? $0 / Double(runs) : $0 } }

    mutating func add(mainNanoseconds: UInt64) {
        mainMs = (mainMs ?? 0) + Double(mainNanoseconds) / 1e6
    }

    mutating func add(nanoseconds: UInt64, onMain: Bool, allocations: UInt64? = nil) {
        runs += 1
        totalMs += Double(nanoseconds) / 1e6
        if onMain { runsOnMain += 1 }
        if let allocations {
            self.allocations = (self.allocations ?? 0) + Int(clamping: allocations)
            allocationRuns = (allocationRuns ?? 0) + 1
        }
    }
}
