import Foundation

/// How to profile a workload: which stages, how many times, from which seed.
package struct ProfileOptions: Sendable, Equatable {
    /// The stages to run, in journey order; the others are reported as skipped.
    package var stages: [Stage]
    /// Runs per stage before the first look at them (``stopsWhenDecided`` off), or before a stage's exposure run; at
    /// least this many of each stage a decided verdict reads meets the budget on.
    package var repetitions: Int
    /// When the verdict is not decided and more runs could settle it, more runs are made, up to this many per stage.
    package var maxRepetitions: Int
    /// Whether each stage stops once the verdict no longer needs its runs (``RoundSchedule``): a stage that fails
    /// beyond doubt, or that the verdict does not rest on, runs once. Off, every stage runs ``repetitions`` times
    /// and more rounds of every stage follow while the verdict may settle (`--repetitions` asks for that).
    package var stopsWhenDecided: Bool
    /// The seed of repetition 1; repetition r uses `seed + r − 1`, the same for every stage.
    package var seed: UInt64
    /// Whether offloaded work yields to the main thread, as on Apple platforms.
    package var priority: BackgroundPriority
    /// Where to write every measured run as a Chrome trace (``ChromeTrace``), when one is asked for.
    package var traceFile: URL?
    /// How many CPUs each stage child runs on (``CoreLimit``), or `nil` for all this process may use.
    package var cores: Int?
    /// Whether to search each stage's ``Headroom`` after the profile's runs.
    package var headroom: Bool
    /// The allocator the stage runs' code runs on.
    package var allocator: Allocator
    /// Where `io` bodies of the user's code run their synchronous parts.
    package var ioSemantics: IOSemantics
    /// Whether the first stage's runs time each code `compute` step alone in a tight loop (``TightLoop``).
    package var tightLoop: Bool
    /// The wall time the profile may take, in seconds, or `nil` for no limit (``TimeBudget``): past it, no more
    /// runs start and the verdict says what they would have settled.
    package var maxSeconds: Double?

    package init(
        stages: [Stage] = Stage.allCases,
        repetitions: Int = 3,
        maxRepetitions: Int = ProfileOptions.defaultMaxRepetitions,
        stopsWhenDecided: Bool = true,
        seed: UInt64 = 1,
        priority: BackgroundPriority = .defaultPolicy,
        traceFile: URL? = nil,
        cores: Int? = nil,
        headroom: Bool = false,
        allocator: Allocator = .defaultAllocator,
        ioSemantics: IOSemantics = .defaultSemantics,
        tightLoop: Bool = true,
        maxSeconds: Double? = nil
    ) {
        self.stages = stages.sorted()
        self.repetitions = repetitions
        self.maxRepetitions = max(maxRepetitions, repetitions)
        self.stopsWhenDecided = stopsWhenDecided
        self.seed = seed
        self.priority = priority
        self.traceFile = traceFile
        self.cores = cores
        self.headroom = headroom
        self.allocator = allocator
        self.ioSemantics = ioSemantics
        self.tightLoop = tightLoop
        self.maxSeconds = maxSeconds
    }

    /// How many runs per stage a verdict that is not decided may grow to, unless told otherwise.
    package static let defaultMaxRepetitions = Thresholds.defaultMaxRuns

    /// The decision tree that judges this profile's runs: its error control split over the looks these repetitions
    /// and this cap allow.
    var decisionTree: DecisionTree {
        DecisionTree(thresholds: Thresholds(repetitions: repetitions, maxRuns: maxRepetitions))
    }
}
