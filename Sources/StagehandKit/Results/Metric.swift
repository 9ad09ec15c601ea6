/// One figure of a stage, as every place that shows, compares or judges it reads it: the report's and the terminal's
/// tables, `compare`, the spread of runs, and the decision tree's judgment of each stage.
///
/// ``Metric/catalogue`` is the one list of them. Its name, JSON key, unit, better direction, noise floor and bands
/// are written there and nowhere else.
struct Metric: Sendable {
    package enum ID: String, Sendable, CaseIterable {
        case hitchTimeRatio, hitches, droppedFrames, hangs, mainLoopLatency, inputLatency, interactionLatency
        case throughput, unfinished, mainActorHops, mainActorHopWait, subsystemHopWait, mainActorEntriesPerFrame
        case mainActorJobs, mainActorBlocking, mainThreadUtilization, poolHopWait, poolUtilization
        case allocations, allocatedBytes, peakResident
    }

    /// How a value is shown: its scale from the JSON's unit, and what follows the number.
    enum Unit: Sendable {
        case milliseconds, millisecondsPerSecond, count, perSecond, kibibytes, mebibytes
        /// A 0–1 ratio in the JSON, shown as a percentage.
        case percent

        /// The factor from the JSON's unit to the shown one.
        package var scale: Double {
            switch self {
            case .percent: 100
            case .kibibytes: 1.0 / 1024
            case .mebibytes: 1.0 / 1_048_576
            default: 1
            }
        }

        /// What follows a shown number in a table cell (`""` where the label names the unit).
        var suffix: String { self == .percent ? "%" : "" }

        /// The unit's symbol, for a value in a sentence or a label (`""` for a count).
        var symbol: String {
            switch self {
            case .milliseconds: "ms"
            case .millisecondsPerSecond: "ms/s"
            case .count: ""
            case .perSecond: "interactions/s"
            case .kibibytes: "KiB"
            case .mebibytes: "MiB"
            case .percent: "%"
            }
        }
    }

    /// Which way is better, where one is.
    enum Better: Sendable { case lower, higher }

    /// How a stage's figure is made from its runs.
    enum Aggregate: Sendable {
        /// The median of the runs.
        case median
        /// The sum over the runs (hangs: one in any run is the stage's). Compared per run.
        case total
        /// From the runs' samples or time pooled (percentiles, ratios of time).
        case pooled
    }

    /// Apple's bands for a value: good below `good`, warning up to `critical`, critical above.
    struct Bands: Sendable {
        var good: Double
        var critical: Double

        /// ✅, ⚠️ or ⛔.
        func mark(_ value: Double) -> String {
            value < good ? "✅" : value <= critical ? "⚠️" : "⛔"
        }

        /// `✅ good < 5, ⚠️ warning 5–10, ⛔ critical > 10`, for a report's legend.
        var legend: String {
            "✅ good < \(good.reportFormatted), ⚠️ warning \(good.reportFormatted)–\(critical.reportFormatted), "
                + "⛔ critical > \(critical.reportFormatted)"
        }
    }

    package let id: ID
    /// Where ``value(_:)`` is in `stages[i].metrics` of the JSON (`inputLatencyMs.p99`): also the key of a stage's
    /// spread of runs.
    package let key: String
    /// Its name in sentences and evidence ("input latency p99").
    package let name: String
    /// The row's name in the Markdown report, with its unit.
    package let label: String
    /// Its name in the terminal's table, short enough for 80 columns.
    let shortLabel: String
    let unit: Unit
    /// `nil` where neither direction is better by itself (utilisation of the pool, resident memory of a process).
    let better: Better?
    /// Changes smaller than this, in the shown unit, are noise whatever their percentage (`compare`).
    let floor: Double
    package let bands: Bands?
    let aggregate: Aggregate
    private let read: @Sendable (StageMetrics) -> Double
    private let richCell: (@Sendable (StageMetrics) -> String)?

    /// The figure it is judged by, in the JSON's unit.
    package func value(_ metrics: StageMetrics) -> Double { read(metrics) }

    /// The figure in the shown unit.
    package func shown(_ metrics: StageMetrics) -> Double { read(metrics) * unit.scale }

    /// Whether the figure comes from the allocation counter, which a run's known-answer check can find inexact
    /// (``StageMetrics/allocationsCounted``), and whose method a result records (``RunEnvironment/allocationCounting``).
    var isAllocationCount: Bool { id == .allocations || id == .allocatedBytes }

    /// Whether `metrics` holds this figure as a measurement: every figure, except an allocation figure whose counts
    /// are unverified. One that is not is shown as "unverified" and never compared or judged.
    func isMeasured(in metrics: StageMetrics) -> Bool {
        !isAllocationCount || metrics.allocationsCounted
    }

    /// The figure as a short cell: the shown value and its suffix.
    func plainCell(_ metrics: StageMetrics) -> String {
        guard isMeasured(in: metrics) else { return Self.unverified }
        return shown(metrics).reportFormatted + unit.suffix
    }

    /// The Markdown report's cell, which may show more than the judged value (p50 beside p99, the longest hang).
    func cell(_ metrics: StageMetrics) -> String {
        guard isMeasured(in: metrics), let richCell else { return plainCell(metrics) }
        return richCell(metrics)
    }

    /// The cell of a figure that is not a measurement (``isMeasured(in:)``).
    static let unverified = "unverified"

    /// The catalogue entry of `id`.
    package static func of(_ id: ID) -> Metric {
        guard let metric = catalogue.first(where: { $0.id == id }) else {
            preconditionFailure("every Metric.ID has a catalogue entry (MetricCatalogueTests checks it)")
        }
        return metric
    }
}

extension Metric {
    /// Every metric, in the order of the report's "Stages side by side" table.
    static let catalogue: [Metric] = [
        Metric(
            id: .hitchTimeRatio,
            key: "hitchTimeRatioMsPerS",
            name: "hitch-time ratio",
            label: "hitch-time ratio (ms/s)",
            shortLabel: "hitch-time ratio ms/s",
            unit: .millisecondsPerSecond,
            better: .lower,
            floor: 1,
            bands: hitchBands,
            aggregate: .pooled,
            read: { $0.hitchTimeRatioMsPerS },
            richCell: { "\($0.hitchTimeRatioMsPerS.reportFormatted) \(hitchBands.mark($0.hitchTimeRatioMsPerS))" }
        ),
        Metric(
            id: .hitches,
            key: "hitches",
            name: "hitches",
            label: "hitches / frames",
            shortLabel: "hitches",
            unit: .count,
            better: nil,  // more frames drawn means more chances to hitch: the ratio above judges it
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { Double($0.hitches) },
            richCell: { unbroken("\($0.hitches)", "\($0.frames)") }
        ),
        Metric(
            id: .droppedFrames,
            key: "droppedFrames",
            name: "dropped frames",
            label: "dropped frames",
            shortLabel: "dropped frames",
            unit: .count,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { Double($0.droppedFrames) },
            richCell: nil
        ),
        Metric(
            id: .hangs,
            key: "hangs",
            name: "hangs ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms",
            label: "hangs ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms (longest)",
            shortLabel: "hangs",
            unit: .count,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .total,
            read: { Double($0.hangs) },
            richCell: { $0.hangs == 0 ? "0" : "\($0.hangs) (\($0.longestHangMs.reportFormatted) ms)" }
        ),
        Metric(
            id: .mainLoopLatency,
            key: "mainLoopLatencyMs.p99",
            name: "main-loop latency p99",
            label: "main-loop latency p50 / p99 / max (ms)",
            shortLabel: "main-loop p99 ms",
            unit: .milliseconds,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.mainLoopLatencyMs.p99 },
            richCell: { triple($0.mainLoopLatencyMs) }
        ),
        Metric(
            id: .inputLatency,
            key: "inputLatencyMs.p99",
            name: "input latency p99",
            label: "input latency p50 / p99 (ms)",
            shortLabel: "input latency p99 ms",
            unit: .milliseconds,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.inputLatencyMs.p99 },
            richCell: { pair($0.inputLatencyMs) }
        ),
        Metric(
            id: .interactionLatency,
            key: "interactionLatencyMs.p99",
            name: "interaction latency p99",
            label: "interaction latency p50 / p99 (ms)",
            shortLabel: "interaction p99 ms",
            unit: .milliseconds,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.interactionLatencyMs.p99 },
            richCell: { pair($0.interactionLatencyMs) }
        ),
        Metric(
            id: .throughput,
            key: "throughputPerS",
            name: "throughput",
            label: "throughput (interactions/s)",
            shortLabel: "throughput /s",
            unit: .perSecond,
            better: .higher,
            floor: 0.1,
            bands: nil,
            aggregate: .median,
            read: { $0.throughputPerS },
            richCell: nil
        ),
        Metric(
            id: .unfinished,
            key: "interactionsUnfinished",
            name: "unfinished interactions",
            label: "unfinished at end of run",
            shortLabel: "unfinished",
            unit: .count,
            better: nil,  // counts of different arrivals: the throughput row judges it
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { Double($0.interactionsUnfinished) },
            richCell: { "\($0.interactionsUnfinished) of \($0.interactionsArrived)" }
        ),
        Metric(
            id: .mainActorHops,
            key: "mainActorHopsPerInteraction",
            name: "main-actor hops per interaction",
            label: "main-actor hops / interaction",
            shortLabel: "main hops / interaction",
            unit: .count,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.mainActorHopsPerInteraction },
            richCell: nil
        ),
        Metric(
            id: .mainActorHopWait,
            key: "hopWaitMs.p99",
            name: "main-actor hop wait p99",
            label: "main-actor hop wait p50 / p99 (ms)",
            shortLabel: "main hop wait p99 ms",
            unit: .milliseconds,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.hopWaitMs.p99 },
            richCell: { $0.hopWaitMs.count == 0 ? "–" : pair($0.hopWaitMs) }
        ),
        Metric(
            id: .subsystemHopWait,
            key: "subsystemHopWaitMs",
            name: "subsystem actor hop wait p99",
            label: "subsystem actor hop wait p99 (ms)",
            shortLabel: "actor hop wait p99 ms",
            unit: .milliseconds,
            better: nil,  // one value per subsystem: shown, not scored
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.subsystemHopWaitMs.values.map(\.p99).max() ?? 0 },
            richCell: { metrics in
                guard !metrics.subsystemHopWaitMs.isEmpty else { return "–" }
                return metrics.subsystemHopWaitMs.sorted { $0.key < $1.key }
                    .map { "\($0.key):\u{00A0}\($0.value.p99.reportFormatted)" }
                    .joined(separator: ", ")
            }
        ),
        Metric(
            id: .mainActorEntriesPerFrame,
            key: "mainActorEntriesPerFrame",
            name: "main-actor entries per frame",
            label: "main-actor entries / frame",
            shortLabel: "main entries / frame",
            unit: .count,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.mainActorEntriesPerFrame },
            richCell: nil
        ),
        Metric(
            id: .mainActorJobs,
            key: "mainActorJobs.overFrame",
            name: "main-actor jobs longer than a frame",
            label: "main-actor jobs > {P} (a frame) / 50 / ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms",
            shortLabel: "main jobs > 1 frame",
            unit: .count,
            better: nil,  // shown for where main's time went; the blocking time below judges it
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { Double($0.mainActorJobs.overFrame) },
            richCell: { jobs in
                unbroken(
                    "\(jobs.mainActorJobs.overFrame)",
                    "\(jobs.mainActorJobs.over50ms)",
                    "\(jobs.mainActorJobs.hangLength)"
                )
            }
        ),
        Metric(
            id: .mainActorBlocking,
            key: "mainActorBlockingMsPerS",
            name: "main-actor blocking time",
            label: "main-actor blocking time (ms/s)",
            shortLabel: "main blocking ms/s",
            unit: .millisecondsPerSecond,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.mainActorBlockingMsPerS },
            richCell: nil
        ),
        Metric(
            id: .mainThreadUtilization,
            key: "mainThreadUtilization",
            name: "main-thread utilisation",
            label: "main-thread utilisation",
            shortLabel: "main utilisation",
            unit: .percent,
            better: .lower,
            floor: 2,
            bands: nil,
            aggregate: .median,
            read: { $0.mainThreadUtilization },
            richCell: nil
        ),
        Metric(
            id: .poolHopWait,
            key: "poolHopWaitMs.p99",
            name: "`@concurrent` start wait p99",
            label: "`@concurrent` start wait p50 / p99 (ms)",
            shortLabel: "@concurrent wait p99 ms",
            unit: .milliseconds,
            better: nil,  // no wait where nothing is offloaded: not better, only different
            floor: 1,
            bands: nil,
            aggregate: .pooled,
            read: { $0.poolHopWaitMs.p99 },
            richCell: { $0.poolHopWaitMs.count == 0 ? "–" : pair($0.poolHopWaitMs) }
        ),
        Metric(
            id: .poolUtilization,
            key: "poolUtilization",
            name: "cooperative pool utilisation",
            label: "cooperative pool utilisation",
            shortLabel: "pool utilisation",
            unit: .percent,
            better: nil,
            floor: 2,
            bands: nil,
            aggregate: .median,
            read: { $0.poolUtilization },
            richCell: nil
        ),
        Metric(
            id: .allocations,
            key: "allocationsPerInteraction",
            name: "allocations per interaction",
            label: "allocations / interaction",
            shortLabel: "allocations / interaction",
            unit: .count,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.allocationsPerInteraction },
            richCell: nil
        ),
        Metric(
            id: .allocatedBytes,
            key: "allocatedBytesPerInteraction",
            name: "allocated KiB per interaction",
            label: "allocated KiB / interaction",
            shortLabel: "KiB / interaction",
            unit: .kibibytes,
            better: .lower,
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.allocatedBytesPerInteraction },
            richCell: nil
        ),
        Metric(
            id: .peakResident,
            key: "peakProcessResidentBytes",
            name: "peak resident memory",
            label: "peak resident MiB (stage process)",
            shortLabel: "peak resident MiB",
            unit: .mebibytes,
            better: nil,  // the whole process, harness included
            floor: 1,
            bands: nil,
            aggregate: .median,
            read: { $0.peakProcessResidentBytes },
            richCell: {
                $0.peakProcessResidentBytes > 0 ? ($0.peakProcessResidentBytes / 1_048_576).reportFormatted : "–"
            }
        ),
    ]

    /// The columns of the terminal's table, in order.
    package static let terminal: [ID] = [
        .hitchTimeRatio, .hangs, .droppedFrames, .mainLoopLatency, .inputLatency, .interactionLatency, .throughput,
        .mainActorHops, .mainThreadUtilization, .allocations,
    ]

    /// What `compare` compares, in order.
    static let compared: [ID] = [
        .hitchTimeRatio, .hangs, .mainLoopLatency, .inputLatency, .interactionLatency, .mainActorHopWait,
        .mainThreadUtilization, .allocations, .throughput,
    ]

    /// What a stage must keep within the budget to be responsive, in the order the decision tree gives its evidence.
    package static let budget: [ID] = [.hitchTimeRatio, .hangs, .inputLatency]

    /// The metrics whose spread over repetitions a stage's result keeps (JSON `stages[i].spread`, by ``key``).
    static let spread: [ID] = [.hitchTimeRatio, .inputLatency, .hangs, .mainThreadUtilization]

    /// Apple's hitch-time bands: the one place they are written.
    static let hitchBands = Bands(good: 5, critical: 10)

    /// Its name in `compare`'s table: one value, with its unit.
    var comparedLabel: String {
        if unit == .count { return aggregate == .total ? "\(name) per run" : name }
        return "\(name) (\(unit.symbol))"
    }

    /// The label, with the frame budget where it names one.
    package func label(frameBudgetMs: Double) -> String {
        label.replacing("{P}", with: frameBudgetMs.reportFormatted)
    }
}

/// Values that share a cell, `a / b / c`, joined with no-break spaces so a narrow column never splits them.
private func unbroken(_ values: String...) -> String {
    values.joined(separator: "\u{00A0}/\u{00A0}")
}

private func triple(_ summary: LatencySummary) -> String {
    unbroken(summary.p50.reportFormatted, summary.p99.reportFormatted, summary.max.reportFormatted)
}

private func pair(_ summary: LatencySummary) -> String {
    summary.count == 0 ? "–" : unbroken(summary.p50.reportFormatted, summary.p99.reportFormatted)
}
