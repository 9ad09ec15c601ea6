extension Metric {
    /// Whether the stage took this figure at all: a latency with no sample (no input arrived, no main-actor hop or
    /// `@concurrent` start was timed), no subsystem actor, no peak resident size read. A figure not taken is "–" in
    /// the report, and never a stage's best; every other figure is taken wherever its stage was measured.
    func isTaken(in metrics: StageMetrics) -> Bool {
        switch id {
        case .inputLatency: metrics.inputLatencyMs.count > 0
        case .interactionLatency: metrics.interactionLatencyMs.count > 0
        case .mainActorHopWait: metrics.hopWaitMs.count > 0
        case .poolHopWait: metrics.poolHopWaitMs.count > 0
        case .subsystemHopWait: !metrics.subsystemHopWaitMs.isEmpty
        case .peakResident: metrics.peakProcessResidentBytes > 0
        default: true
        }
    }
}
