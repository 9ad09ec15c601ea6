/// One figure of a stage, as every place that shows, compares or judges it reads it: the report's and the terminal's
/// tables, `compare`, the spread of runs, and the decision tree's judgment of each stage.
///
/// `definition(_:)` defines each one, a case per ``ID``, ``Metric/catalogue`` lists them all, and ``Metric/of(_:)`` reads it. Its name, JSON key,
/// unit, better direction, noise floor, bands and how a stage makes it from its runs are written there and nowhere
/// else; how the report shows it (labels, cells, the bands' marks) is `Report/Metric+Display.swift`'s.
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
    }

    package let id: ID
    /// Where ``value(_:)`` is in `stages[i].metrics` of the JSON (`inputLatencyMs.p99`): also the key of a stage's
    /// spread of runs.
    package let key: String
    /// Its name in sentences and evidence ("input latency p99").
    package let name: String
    let unit: Unit
    /// `nil` where neither direction is better by itself (utilisation of the pool, resident memory of a process).
    let better: Better?
    /// Changes smaller than this, in the shown unit, are noise whatever their percentage (`compare`).
    let floor: Double
    package let bands: Bands?
    let aggregate: Aggregate
    /// Reads the figure from a stage's metrics, in the JSON's unit: what ``value(_:)`` and ``shown(_:)`` read.
    let read: @Sendable (StageMetrics) -> Double

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
}

extension Metric {
    /// Every metric, in the order of the report's "Stages side by side" table (the order of ``ID``'s cases).
    static let catalogue: [Metric] = ID.allCases.map(definition)

    /// The catalogue by id, built once: the verdict and the report look metrics up by id many times a profile (the
    /// verdict simulation, millions of times), and a definition builds its closures and strings anew each time.
    private static let byID = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.id, $0) })

    /// The catalogue's entry for `id`.
    package static func of(_ id: ID) -> Metric {
        byID[id]!  // every ID has its entry: the catalogue is built from ID.allCases
    }

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
}
