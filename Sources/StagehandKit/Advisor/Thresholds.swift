/// The limits the decision tree answers its questions with. Each one is printed next to the measurement it judged.
public struct Thresholds: Sendable, Equatable, Codable {
    /// Apple's "good" band: a hitch-time ratio below this many milliseconds per second.
    public var hitchTimeRatioMsPerS = Metric.hitchBands.good
    /// Apple's "critical" band starts here.
    public var criticalHitchTimeRatioMsPerS = Metric.hitchBands.critical
    /// Input latency p99 below this many milliseconds feels instant.
    public var inputLatencyP99Ms = 100.0
    /// A step kind is a material share of main's interaction work from this fraction on…
    public var materialShare = 0.2
    /// …as long as it also takes at least this many milliseconds of main per second (1% of main).
    public var materialMsPerS = 10.0
    /// Main-actor hop wait p99 counts as contention from this fraction of the frame budget on.
    public var hopWaitFractionOfBudget = 0.5
    /// A later stage is better beyond the noise when an exact rank test over the runs gives at most this one-sided
    /// p-value (3 runs against 3: every run better)…
    public var runTestP = 0.05
    /// …and no verdict is decided with fewer runs than this per stage.
    public var minimumRuns = 3
    /// More main-actor entries per frame than this is a hop storm.
    public var hopStormEntriesPerFrame = 4.0
    /// The cooperative pool counts as saturated from this utilisation on (with work waiting to start).
    public var poolSaturation = 0.8
    /// The main thread counts as saturated from this utilisation on (a cause of falling behind).
    public var mainSaturation = 0.8
    /// A later stage "costs more" when it allocates this fraction more per interaction (plus one allocation).
    public var allocationIncrease = 0.1
    /// …or completes this fraction fewer interactions per second.
    public var throughputDecrease = 0.05
    /// A stage falls behind its arrivals when more than this share of them is unfinished at the end of its run.
    public var unfinishedShare = 0.05

    public init() {}

    /// A hop wait p99 from this many milliseconds on counts as contention, in a run whose frame budget is `budgetMs`.
    public func contendedHopWaitMs(budgetMs: Double) -> Double {
        budgetMs * hopWaitFractionOfBudget
    }

    /// Whether the cooperative pool was saturated in `metrics`: busy from ``poolSaturation`` on while `@concurrent`
    /// starts waited a contended time (``contendedHopWaitMs(budgetMs:)``).
    public func poolIsSaturated(_ metrics: StageMetrics, budgetMs: Double) -> Bool {
        metrics.poolUtilization >= poolSaturation && metrics.poolHopWaitMs.p99 >= contendedHopWaitMs(budgetMs: budgetMs)
    }
}
