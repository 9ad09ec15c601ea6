/// The limits the decision tree answers its questions with. Each one is printed next to the measurement it judged.
public struct Thresholds: Sendable, Equatable, Codable {
    /// Apple's "good" band: a hitch-time ratio below this many milliseconds per second.
    public var hitchTimeRatioMsPerS = 5.0
    /// Apple's "critical" band starts here.
    public var criticalHitchTimeRatioMsPerS = 10.0
    /// Input latency p99 below this many milliseconds feels instant.
    public var inputLatencyP99Ms = 100.0
    /// A step kind is a material share of main's interaction work from this fraction on…
    public var materialShare = 0.2
    /// …as long as it also takes at least this many milliseconds of main per second (1% of main).
    public var materialMsPerS = 10.0
    /// Main-actor hop wait p99 counts as contention from this fraction of the frame budget on.
    public var hopWaitFractionOfBudget = 0.5
    /// A rank test calls two stages' frame latencies different below this one-sided p-value…
    public var rankTestP = 0.001
    /// …when a frame of the later stage is also faster than one of the earlier stage with at least this probability.
    public var rankTestEffect = 0.6
    /// More main-actor entries per frame than this is a hop storm.
    public var hopStormEntriesPerFrame = 4.0
    /// The cooperative pool counts as saturated from this utilisation on (with work waiting to start).
    public var poolSaturation = 0.8
    /// A later stage "costs more" when it allocates this fraction more per interaction (plus one allocation).
    public var allocationIncrease = 0.1
    /// …or completes this fraction fewer interactions per second.
    public var throughputDecrease = 0.05

    public init() {}
}
