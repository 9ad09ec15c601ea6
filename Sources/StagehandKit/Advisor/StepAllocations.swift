/// A step's own allocations per run as one figure for the workload: the stages' median when they agree, their range
/// when they do not.
enum StepAllocations: Sendable, Equatable {
    /// The stages agree within ``tolerance(of:)``: their median.
    case agreed(Double)
    /// The stages differ by more: the smallest and the largest.
    case differ(low: Double, high: Double)

    /// How far apart the stages' means may be and still agree: half an allocation, or 0.1% of their median (the news
    /// feed's decode read 25,238 to 25,239 by stage).
    static func tolerance(of median: Double) -> Double { max(0.5, median / 1000) }

    /// The stages' means of one step, judged together.
    init(means: [Double]) {
        let (low, high, middle) = (means.min() ?? 0, means.max() ?? 0, median(means))
        self = high - low > Self.tolerance(of: middle) ? .differ(low: low, high: high) : .agreed(middle)
    }

    /// Every step counted in some measured stage, by step; empty when no step's allocations were counted.
    static func of(_ stages: [StageResult]) -> [StepTiming.Key: StepAllocations] {
        var perRun: [StepTiming.Key: [Double]] = [:]
        for stage in stages where stage.metrics != nil {
            for timing in stage.stepTimings {
                if let mean = timing.meanAllocations { perRun[timing.key, default: []].append(mean) }
            }
        }
        return perRun.mapValues(StepAllocations.init(means:))
    }
}
