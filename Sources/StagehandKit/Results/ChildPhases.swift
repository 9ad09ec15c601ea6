/// Where one stage run's time went inside its child process, in wall seconds, from the child's first instruction of
/// Stagehand's code to its result made. Its launch, the writing of its result and its exit are what the parent's wall
/// time of the run (``ProfileTimes``) adds.
///
/// JSON: `stages[i].repetitions[j].phases` = `{ "start", "firstArrivals", "warmUp", "measured", "tightLoop",
/// "finish" }`; absent in results written before it was recorded.
public struct ChildPhases: Codable, Sendable, Equatable {
    /// Reading the workload, checking the calibration, setting cores and priority.
    public var start = 0.0
    /// Each interaction's first arrival in a fresh process (the first run of a stage only).
    public var firstArrivals = 0.0
    /// The unmeasured runs until the heap is steady, and the allocation counter's check.
    public var warmUp = 0.0
    /// The measured run: its arrival window, then its follow-through and settling.
    public var measured = 0.0
    /// Code `compute` steps timed alone in a loop, after the measured run (the first stage's runs, when asked).
    public var tightLoop = 0.0
    /// Writing the trace, when asked, and making the result.
    public var finish = 0.0

    public init() {}

    /// Every phase, in seconds.
    public var total: Double { start + firstArrivals + warmUp + measured + tightLoop + finish }

    /// The sum of two runs' phases, phase by phase.
    func adding(_ other: ChildPhases) -> ChildPhases {
        var sum = self
        sum.start += other.start
        sum.firstArrivals += other.firstArrivals
        sum.warmUp += other.warmUp
        sum.measured += other.measured
        sum.tightLoop += other.tightLoop
        sum.finish += other.finish
        return sum
    }
}
