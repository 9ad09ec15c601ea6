/// A code `compute` step's cost when its function is called over and over with one input, nothing else running: what
/// package-benchmark or XCTest's `measure` would report for it (``TightLoop``).
package struct TightLoopTiming: Codable, Sendable, Equatable {
    package var key: StepTiming.Key
    /// The median call, in milliseconds.
    package var medianMs: Double
    /// The mean call, in milliseconds: what the report sets beside the step's mean in the runs. Absent from results
    /// written before it was recorded.
    package var meanMs: Double?
    /// How many calls were timed.
    package var calls: Int

    package init(key: StepTiming.Key, medianMs: Double, meanMs: Double? = nil, calls: Int) {
        self.key = key
        self.medianMs = medianMs
        self.meanMs = meanMs
        self.calls = calls
    }
}
