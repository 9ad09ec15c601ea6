/// How the report and the terminal show a metric of the catalogue (``Metric/of(_:)``): its row's labels, its cells,
/// the marks of its bands. The catalogue defines what a figure is; this file, how it reads.
extension Metric {
    /// A metric's names in the tables and its Markdown cell.
    private struct Display {
        /// The row's name in the Markdown report, with its unit; `{P}` stands for the frame budget.
        var label: String
        /// Its name in the terminal's table, short enough for 80 columns.
        var shortLabel: String
        /// The Markdown report's cell where it shows more than the judged value (p50 beside p99, the longest hang).
        var richCell: (@Sendable (StageMetrics) -> String)?
    }

    /// The display of each metric: a case each, as its definition has.
    private var display: Display {
        switch id {
        case .hitchTimeRatio:
            Display(
                label: "hitch-time ratio (ms/s)",
                shortLabel: "hitch-time ratio ms/s",
                richCell: { metrics in
                    let ratio = metrics.hitchTimeRatioMsPerS
                    return "\(ratio.reportFormatted) \(Self.hitchBands.mark(ratio))"
                }
            )
        case .hitches:
            Display(
                label: "hitches / frames",
                shortLabel: "hitches",
                richCell: { unbroken("\($0.hitches)", "\($0.frames)") }
            )
        case .droppedFrames:
            Display(
                label: "dropped frames",
                shortLabel: "dropped frames",
                richCell: nil
            )
        case .hangs:
            Display(
                label: "hangs ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms (longest)",
                shortLabel: "hangs",
                richCell: { $0.hangs == 0 ? "0" : "\($0.hangs) (\($0.longestHangMs.reportFormatted) ms)" }
            )
        case .mainLoopLatency:
            Display(
                label: "main-loop latency p50 / p99 / max (ms)",
                shortLabel: "main-loop p99 ms",
                richCell: { triple($0.mainLoopLatencyMs) }
            )
        case .inputLatency:
            Display(
                label: "input latency p50 / p99 (ms)",
                shortLabel: "input latency p99 ms",
                richCell: { pair($0.inputLatencyMs) }
            )
        case .interactionLatency:
            Display(
                label: "interaction latency p50 / p99 (ms)",
                shortLabel: "interaction p99 ms",
                richCell: { pair($0.interactionLatencyMs) }
            )
        case .throughput:
            Display(
                label: "throughput (interactions/s)",
                shortLabel: "throughput /s",
                richCell: nil
            )
        case .unfinished:
            Display(
                label: "unfinished at end of run",
                shortLabel: "unfinished",
                richCell: { "\($0.interactionsUnfinished) of \($0.interactionsArrived)" }
            )
        case .mainActorHops:
            Display(
                label: "main-actor hops / interaction",
                shortLabel: "main hops / interaction",
                richCell: nil
            )
        case .mainActorHopWait:
            Display(
                label: "main-actor hop wait p50 / p99 (ms)",
                shortLabel: "main hop wait p99 ms",
                richCell: { pair($0.hopWaitMs) }
            )
        case .subsystemHopWait:
            Display(
                label: "subsystem actor hop wait p99 (ms)",
                shortLabel: "actor hop wait p99 ms",
                richCell: { metrics in
                    metrics.subsystemHopWaitMs.sorted { $0.key < $1.key }
                        .map { "\($0.key):\u{00A0}\($0.value.p99.reportFormatted)" }
                        .joined(separator: ", ")
                }
            )
        case .mainActorEntriesPerFrame:
            Display(
                label: "main-actor entries / frame",
                shortLabel: "main entries / frame",
                richCell: nil
            )
        case .mainActorJobs:
            Display(
                label: "main-actor jobs > {P} (a frame) / 50 / ≥ \(StageMetrics.hangThresholdMs.reportFormatted) ms",
                shortLabel: "main jobs > 1 frame",
                richCell: { jobs in
                    unbroken(
                        "\(jobs.mainActorJobs.overFrame)",
                        "\(jobs.mainActorJobs.over50ms)",
                        "\(jobs.mainActorJobs.hangLength)"
                    )
                }
            )
        case .mainActorBlocking:
            Display(
                label: "main-actor blocking time (ms/s)",
                shortLabel: "main blocking ms/s",
                richCell: nil
            )
        case .mainThreadUtilization:
            Display(
                label: "main-thread utilisation",
                shortLabel: "main utilisation",
                richCell: nil
            )
        case .poolHopWait:
            Display(
                label: "`@concurrent` start wait p50 / p99 (ms)",
                shortLabel: "@concurrent wait p99 ms",
                richCell: { pair($0.poolHopWaitMs) }
            )
        case .poolUtilization:
            Display(
                label: "cooperative pool utilisation",
                shortLabel: "pool utilisation",
                richCell: nil
            )
        case .allocations:
            Display(
                label: "allocations / interaction",
                shortLabel: "allocations / interaction",
                richCell: nil
            )
        case .allocatedBytes:
            Display(
                label: "allocated KiB / interaction",
                shortLabel: "KiB / interaction",
                richCell: nil
            )
        case .peakResident:
            Display(
                label: "peak resident MiB (stage process)",
                shortLabel: "peak resident MiB",
                richCell: { ($0.peakProcessResidentBytes / 1_048_576).reportFormatted }
            )
        }
    }

    /// The row's name in the Markdown report, with its unit.
    var label: String { display.label }

    /// Its name in the terminal's table, short enough for 80 columns.
    var shortLabel: String { display.shortLabel }

    /// The label, with the frame budget where it names one.
    func label(frameBudgetMs: Double) -> String {
        label.replacing("{P}", with: frameBudgetMs.reportFormatted)
    }

    /// The figure as a short cell: the shown value and its suffix.
    func plainCell(_ metrics: StageMetrics) -> String {
        guard isMeasured(in: metrics) else { return Self.unverified }
        return shown(metrics).reportFormatted + unit.suffix
    }

    /// The Markdown report's cell, which may show more than the judged value (p50 beside p99, the longest hang); "–"
    /// for a figure the stage did not take (``isTaken(in:)``).
    ///
    /// - Parameter spread: the figure's uncertainty ("±136", ``ProfileResult/figureSpreads``), shown after it (before
    ///   its band's mark), when it has one.
    func cell(_ metrics: StageMetrics, spread: String? = nil) -> String {
        guard isMeasured(in: metrics) else { return plainCell(metrics) }
        guard isTaken(in: metrics) else { return Self.notTaken }
        let cell = display.richCell?(metrics) ?? plainCell(metrics)
        guard let spread else { return cell }
        if let mark = bands?.mark(shown(metrics)), cell.hasSuffix(" " + mark) {
            return "\(cell.dropLast(mark.count + 1)) \(spread) \(mark)"
        }
        return "\(cell) \(spread)"
    }

    /// The cell of a figure the stage did not take.
    static let notTaken = "–"

    /// The cell of a figure that is not a measurement (``isMeasured(in:)``).
    static let unverified = "unverified"
}

extension Metric.Unit {
    /// What follows a shown number in a table cell (`""` where the label names the unit).
    var suffix: String { self == .percent ? "%" : "" }
}

extension Metric.Bands {
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

/// Values that share a cell, `a / b / c`, joined with no-break spaces so a narrow column never splits them.
private func unbroken(_ values: String...) -> String {
    values.joined(separator: "\u{00A0}/\u{00A0}")
}

private func triple(_ summary: LatencySummary) -> String {
    unbroken(summary.p50.reportFormatted, summary.p99.reportFormatted, summary.max.reportFormatted)
}

private func pair(_ summary: LatencySummary) -> String {
    unbroken(summary.p50.reportFormatted, summary.p99.reportFormatted)
}
