import Histogram

/// The latency distributions of one stage run, for merging across repetitions.
package struct RunDistributions: Codable, Sendable, Equatable {
    var mainLoopLatency = LatencySamples()
    var inputLatency = LatencySamples()
    var interactionLatency = LatencySamples()
    var hopWait = LatencySamples()
    var poolHopWait = LatencySamples()
    /// Every frame of the run (kept for the first repetition only, for the timeline chart).
    var frameTimeline: FrameTimeline?

    init() {}
}
