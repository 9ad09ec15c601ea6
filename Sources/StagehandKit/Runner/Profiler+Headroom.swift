import Foundation

extension Profiler {
    /// How long each headroom probe takes arrivals: short runs, so a search of every stage takes about two minutes.
    static let headroomProbeSeconds = 2.0

    /// `stages` with the ``Headroom`` of each that ran cleanly searched, in journey order, after the rounds.
    ///
    /// A stage that crashed or hung is not searched: its probes would fail as its runs did.
    ///
    /// - Throws: ``ProfileInterrupted`` when interrupted before a probe; otherwise only when the tool itself fails.
    func searchingHeadroom(
        of stages: [StageResult],
        scratch: URL,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> [StageResult] {
        var stages = stages
        for index in stages.indices where stages[index].status == .ok {
            stages[index].headroom = try await headroom(
                of: stages[index].stage,
                scratch: scratch,
                interruption: interruption,
                progress: progress
            )
        }
        return stages
    }

    /// Searches `stage`'s ``Headroom``: one short run per multiplier tried, from the profile's seed, each judged as
    /// the decision tree judges a stage (``DecisionTree/meetsBudget(_:workload:)``). A run that crashes or hangs
    /// misses.
    private func headroom(
        of stage: Stage,
        scratch: URL,
        interruption: Interruption,
        progress: @Sendable (Progress) -> Void
    ) async throws -> Headroom {
        let tree = DecisionTree()
        let seconds = min(workload.durationSeconds, Self.headroomProbeSeconds)
        var headroom = try await HeadroomSearch().run { multiplier in
            if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
            var probe = workload.scaled(by: multiplier)
            probe.durationSeconds = seconds
            // A search never tries one multiplier twice, so each probe's files are its own.
            let file = scratch.appending(path: "headroom-\(stage.rawValue)-\(multiplier).json")
            try JSONEncoder().encode(probe).write(to: file)
            let run = try await runOnce(
                stage,
                of: probe,
                in: file,
                interruption: interruption,
                repetition: 1,
                seed: options.seed,
                timesTightLoop: false  // a probe answers one question: whether the stage met the budget
            )
            let met = tree.meetsBudget(StageResult(stage: stage, repetitions: [run]), workload: probe)
            progress(.headroomProbe(stage, multiplier: multiplier, met: met, durationSeconds: probe.durationSeconds))
            return met
        }
        headroom.probeSeconds = seconds
        return headroom
    }
}
