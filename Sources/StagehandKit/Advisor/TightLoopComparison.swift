/// A code step whose cost in the runs differs from its cost alone in a tight loop beyond the runs' own spread: what a
/// benchmark of it would miss.
///
/// Compared in the first stage that ran the step, as the spec's measured means are (``Swift/Sequence/firstRun(of:)``),
/// against the loop of the first stage that timed one (``Swift/Sequence/firstTightLoop``).
struct TightLoopComparison: Sendable, Equatable {
    var key: StepTiming.Key
    /// The first stage, in journey order, that ran the step.
    var stage: Stage
    /// The step's mean call alone in a loop, and its mean in that stage's runs, in milliseconds.
    var loopMs: Double
    var inSituMs: Double
    /// How far apart the stage's runs put the step's mean (largest less smallest, over the mean); `nil` with one run.
    var spread: Double?

    /// The smallest difference from the loop, as a fraction of it, worth naming even when the runs agree exactly.
    static let minimumDifference = 0.1

    /// The in-situ cost over the loop's: above 1, a benchmark understates what the app pays.
    var ratio: Double { inSituMs / loopMs }

    /// Every code step the loop and the runs disagree on, in interaction, then step order.
    static func differences(in result: ProfileResult) -> [TightLoopComparison] {
        let loop = result.stages.firstTightLoop.sorted {
            ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step)
        }
        return loop.compactMap { key, loopMs in
            guard loopMs > 0, let (stage, timing) = result.stages.firstRun(of: key),
                result.spec.interactions.indices.contains(key.interaction),
                result.spec.interactions[key.interaction].steps.indices.contains(key.step)
            else { return nil }
            let inSitu = timing.meanMs
            let perRun = stage.repetitions.compactMap { run in
                run.stepTimings.first { $0.key == key && $0.ran }?.meanMs
            }
            let spread =
                perRun.count > 1 ? ((perRun.max() ?? 0) - (perRun.min() ?? 0)) / max(inSitu, 1e-9) : nil
            let comparison = TightLoopComparison(
                key: key,
                stage: stage.stage,
                loopMs: loopMs,
                inSituMs: inSitu,
                spread: spread
            )
            return comparison.differs ? comparison : nil
        }
    }

    /// Whether the in-situ cost is off the loop's by more than ``minimumDifference`` and by more than the spread.
    var differs: Bool { abs(ratio - 1) > max(Self.minimumDifference, spread ?? 0) }
}
