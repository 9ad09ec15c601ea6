extension StageResult {
    /// Each step that ran in `repetitions`, its records over the runs added up, in interaction, then step order.
    static func stepTimings(mergedFrom repetitions: [RepetitionResult]) -> [StepTiming] {
        var merged: [StepTiming.Key: StepTiming] = [:]
        for timing in repetitions.lazy.flatMap(\.stepTimings) {
            merged[timing.key, default: StepTiming(key: timing.key)].add(timing)
        }
        return merged.values.filter(\.ran)
            .sorted { ($0.key.interaction, $0.key.step) < ($1.key.interaction, $1.key.step) }
    }

    /// The step at `key` as it ran in this stage, or `nil` when it never ran here.
    package func stepTiming(_ key: StepTiming.Key) -> StepTiming? {
        stepTimings.first { $0.key == key }
    }
}

/// Where a step's duration is read when one figure stands for the workload: a step's duration is a property of the
/// workload, whichever stage ran it, so it is taken from the first stage in journey order that measured it. "First"
/// has two meanings, each named here; a third place, the tight loops (``firstTightLoop``), takes the first in the
/// result's order, since only one stage's runs time them.
extension Sequence<StageResult> {
    /// Every step's duration from one stage: the first, in journey order, that timed any step (`main-only` unless
    /// `--stages` left it out). The advisor reads these, so that the steps it weighs against each other ran side by
    /// side; a step that never ran there is not in them.
    package var stepTimingsOfFirstTimedStage: [StepTiming] {
        firstTimedStage?.stepTimings ?? []
    }

    /// The first stage, in journey order, that timed any step (``stepTimingsOfFirstTimedStage``).
    package var firstTimedStage: StageResult? {
        sorted { $0.stage < $1.stage }.first { !$0.stepTimings.isEmpty }
    }

    /// One step's duration in the first stage, in journey order, that ran that step, with the stage: the code step's
    /// measured mean in the spec, and the report's comparison with its cost alone in a loop.
    package func firstRun(of key: StepTiming.Key) -> (stage: StageResult, timing: StepTiming)? {
        sorted { $0.stage < $1.stage }.lazy.compactMap { stage in stage.stepTiming(key).map { (stage, $0) } }.first
    }

    /// Each code step's cost alone in a loop, from the first stage, in the result's order, that timed any (the loops
    /// run in one stage's runs only); empty when none did.
    package var firstTightLoop: [StepTiming.Key: Double] {
        lazy.map(\.tightLoop).first { !$0.isEmpty } ?? [:]
    }
}
