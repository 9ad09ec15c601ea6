extension StageMetrics {
    /// A stage's figures from its runs, each by its own rule: the one place a stage's figures are made, and what
    /// ``Metric/aggregate`` says of each metric of the catalogue.
    ///
    /// - ``Metric/Aggregate/median``: every figure not named below, the middle run (``init(medianOf:)``).
    /// - ``Metric/Aggregate/pooled``: latency percentiles from the runs' histograms merged (when every run has them),
    ///   not a median of percentiles; a ratio over time from the runs' time pooled (Σ hitch time / Σ seconds), so a
    ///   single stray hitch in one short run counts for what it is, not for a whole run's worth; hitch time is over the
    ///   arrival window, blocking time over the whole run, and the hitch causes are pooled as their ratio is, so they
    ///   still add up to it.
    /// - ``Metric/Aggregate/total``: hangs (and those a wait for a core made), and failures of the user's code: one in
    ///   any run is the stage's, never a median that a clean run would hide; the longest hang, and the longest wait for
    ///   a core within one, are the longest of any run.
    ///
    /// - Parameters:
    ///   - runs: the runs' figures, at least one.
    ///   - distributions: the runs' latency histograms; a histogram pools only when every run has one.
    init(aggregating runs: [StageMetrics], distributions: [RunDistributions]) {
        if runs.count == 1 {
            // The median of one run is the run; what the rules below make of one run is the run too, but for the
            // causes of hitch time, which only an arrival window pools. (A profile stops most stages after one run,
            // and the verdict's simulation builds a stage thousands of times.)
            self = runs[0]
            if runs[0].arrivalSeconds <= 0 { hitchTimeByCause = [:] }
        } else {
            self.init(medianOf: runs)
        }
        if distributions.count == runs.count, !distributions.isEmpty {
            for (summary, samples) in Self.mergedLatencies {
                let all = LatencySamples.merged(distributions.map { $0[keyPath: samples] })
                if all.count > 0 { self[keyPath: summary] = LatencySummary(all) }
            }
        }
        let arrivalSeconds = runs.reduce(0) { $0 + $1.arrivalSeconds }
        if arrivalSeconds > 0 {
            hitchTimeRatioMsPerS = runs.reduce(0) { $0 + $1.hitchTimeRatioMsPerS * $1.arrivalSeconds } / arrivalSeconds
            var byCause: [String: Double] = [:]
            for run in runs {
                for (cause, msPerS) in run.hitchTimeByCause {
                    byCause[cause, default: 0] += msPerS * run.arrivalSeconds / arrivalSeconds
                }
            }
            hitchTimeByCause = byCause
        }
        if arrivalSeconds > 0 {
            mainActorBlockingMsPerS =
                runs.reduce(0) { $0 + $1.mainActorBlockingMsPerS * $1.arrivalSeconds } / arrivalSeconds
        }
        for path in Self.totals { self[keyPath: path] = runs.reduce(0) { $0 + $1[keyPath: path] } }
        longestHangMs = runs.map(\.longestHangMs).max() ?? 0
        hangCoreWaitMs = runs.map(\.hangCoreWaitMs).max() ?? 0
    }

    /// The latencies pooled from the runs' histograms, and where each run keeps its histogram.
    private static var mergedLatencies:
        [(WritableKeyPath<StageMetrics, LatencySummary>, KeyPath<RunDistributions, LatencySamples>)]
    {
        [
            (\.mainLoopLatencyMs, \.mainLoopLatency), (\.inputLatencyMs, \.inputLatency),
            (\.interactionLatencyMs, \.interactionLatency), (\.hopWaitMs, \.hopWait), (\.poolHopWaitMs, \.poolHopWait),
        ]
    }

    /// The counts a stage totals over its runs.
    private static var totals: [WritableKeyPath<StageMetrics, Int>] {
        [\.hangs, \.hangsFromCoreWait, \.interactionsFailed]
    }

    /// The figures a stage reads as the middle run's (the totals and the longest, set by their own rule in
    /// ``init(aggregating:distributions:)``, are not among them; the pooled ratios are, for runs with no arrival time).
    private static var doubles: [WritableKeyPath<StageMetrics, Double>] {
        [
            \.hitchTimeRatioMsPerS, \.throughputPerS, \.mainActorHopsPerInteraction,
            \.mainThreadUtilization, \.allocationsPerInteraction, \.allocatedBytesPerInteraction, \.residentBytes,
            \.runSeconds, \.arrivalSeconds, \.peakProcessResidentBytes, \.mainActorEntriesPerFrame,
            \.mainActorBlockingMsPerS,
            \.poolUtilization,
        ]
    }
    private static var integers: [WritableKeyPath<StageMetrics, Int>] {
        [
            \.hitches, \.frames, \.droppedFrames, \.interactionsArrived, \.interactionsCompleted,
            \.interactionsUnfinished, \.interactionsUnfinishedOnThreads, \.mainActorJobs.count,
            \.mainActorJobs.overFrame, \.mainActorJobs.over50ms, \.mainActorJobs.over100ms, \.mainActorJobs.hangLength,
            \.mainActorJobs.over500ms,
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
