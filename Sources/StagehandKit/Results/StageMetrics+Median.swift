extension StageMetrics {
    private static var doubles: [WritableKeyPath<StageMetrics, Double>] {
        [
            \.hitchTimeRatioMsPerS, \.longestHangMs, \.throughputPerS, \.mainActorHopsPerInteraction,
            \.mainThreadUtilization, \.allocationsPerInteraction, \.allocatedBytesPerInteraction, \.residentBytes,
            \.runSeconds, \.arrivalSeconds, \.peakProcessResidentBytes, \.mainActorEntriesPerFrame,
            \.mainActorBlockingMsPerS,
            \.poolUtilization,
        ]
    }
    private static var integers: [WritableKeyPath<StageMetrics, Int>] {
        [
            \.hitches, \.frames, \.droppedFrames, \.hangs, \.interactionsArrived, \.interactionsCompleted,
            \.interactionsUnfinished, \.interactionsUnfinishedOnThreads, \.mainActorJobs.count, \.mainActorJobs.overFrame, \.mainActorJobs.over50ms,
            \.mainActorJobs.over100ms, \.mainActorJobs.hangLength, \.mainActorJobs.over500ms,
        ]
    }
    /// Figures by quarter of the arrival window: the median of each quarter.
    private static var quarters: [WritableKeyPath<StageMetrics, [Double]>] {
        [\.backlogByQuarter, \.queuedByQuarter]
    }
    private static var latencies: [WritableKeyPath<StageMetrics, LatencySummary>] {
        [
            \.mainLoopLatencyMs, \.frameOverrunMs, \.inputLatencyMs, \.interactionLatencyMs, \.hopWaitMs,
            \.poolHopWaitMs,
        ]
    }

    /// Each metric's median over several runs (the lower middle value for an even count, so it is a measured value).
    init(medianOf runs: [StageMetrics]) {
        precondition(!runs.isEmpty, "a median needs at least one run")
        self.init()
        for path in Self.doubles { self[keyPath: path] = median(runs.map { $0[keyPath: path] }) }
        for path in Self.integers { self[keyPath: path] = median(runs.map { $0[keyPath: path] }) }
        for path in Self.quarters {
            let counts = Set(runs.map { $0[keyPath: path].count })
            guard counts.count == 1, let count = counts.first else { continue }  // a run without it: none
            self[keyPath: path] = (0..<count).map { quarter in median(runs.map { $0[keyPath: path][quarter] }) }
        }
        for path in Self.latencies {
            self[keyPath: path] = LatencySummary(medianOf: runs.map { $0[keyPath: path] })
        }
        for subsystem in Set(runs.flatMap(\.subsystemHopWaitMs.keys)) {
            subsystemHopWaitMs[subsystem] = LatencySummary(
                medianOf: runs.compactMap { $0.subsystemHopWaitMs[subsystem] }
            )
        }
        allocationsCounted = runs.allSatisfy(\.allocationsCounted)  // one unverified run leaves the median unverified
        for work in Set(runs.flatMap(\.mainThreadBusyMsPerS.keys)) {
            mainThreadBusyMsPerS[work] = median(runs.map { $0.mainThreadBusyMsPerS[work] ?? 0 })
        }
    }
}

extension LatencySummary {
    /// Each percentile's median over several runs; `count` is their total.
    init(medianOf summaries: [LatencySummary]) {
        self.init(
            p50: median(summaries.map(\.p50)),
            p90: median(summaries.map(\.p90)),
            p99: median(summaries.map(\.p99)),
            max: median(summaries.map(\.max)),
            count: summaries.map(\.count).reduce(0, +)
        )
    }
}

/// The middle value (the lower of the two middle ones for an even count).
func median<T: Comparable>(_ values: [T]) -> T {
    let sorted = values.sorted()
    return sorted[(sorted.count - 1) / 2]
}
