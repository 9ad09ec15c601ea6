extension Workload {
    /// How long an exposure run takes arrivals of the interactions it does not expose, at most; the exposed ones share
    /// it out (``ExposurePlan``), and come later where the one before has not ended.
    static let exposureSeconds = 1.5

    /// The interactions of this workload that an exposure run schedules: the rare ones
    /// (``InteractionExposure/isRare(ratePerS:durationSeconds:)``), which the ordinary runs may not see at all, and any
    /// that arrived fewer than ``InteractionExposure/minimumArrivals`` times in a stage's ordinary runs (`arrivals`:
    /// per stage, by interaction index).
    func interactionsToExpose(arrivals: [[Int]]) -> [Int] {
        interactions.indices.filter { index in
            InteractionExposure.isRare(ratePerS: interactions[index].ratePerSecond, durationSeconds: durationSeconds)
                || arrivals.contains { $0.indices.contains(index) && $0[index] < InteractionExposure.minimumArrivals }
        }
    }

    /// The workload of an exposure run: ``exposureSeconds`` long (or the workload's duration, if shorter). The
    /// interactions it does not expose arrive as declared; the exposed ones arrive
    /// ``InteractionExposure/minimumArrivals`` times each, one at a time, as its stage child's invocation says
    /// (``StageChildInvocation/exposing``).
    var exposureRun: Workload {
        var run = self
        run.durationSeconds = min(durationSeconds, Self.exposureSeconds)
        return run
    }
}
