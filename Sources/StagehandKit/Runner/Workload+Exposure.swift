extension Workload {
    /// How long an exposure run takes arrivals, at most: three arrivals of each exposed interaction, half a second
    /// apart, so that one arrival's effect on main (a stall, a hang) has ended before the next arrives.
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

    /// The workload of an exposure run: for ``exposureSeconds`` (or the workload's duration, if shorter), the
    /// interactions at `exposed` arrive exactly ``InteractionExposure/minimumArrivals`` times, evenly spaced; the others
    /// arrive as declared.
    func exposing(_ exposed: [Int]) -> Workload {
        var run = self
        run.durationSeconds = min(durationSeconds, Self.exposureSeconds)
        for index in exposed where interactions.indices.contains(index) {
            run.interactions[index].arrival = .periodic
            run.interactions[index].ratePerSecond = Double(InteractionExposure.minimumArrivals) / run.durationSeconds
        }
        return run
    }
}
