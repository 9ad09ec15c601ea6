/// The smaller change when an `io` body's own code is what made frames late: make that function `@concurrent`.
///
/// Under ``IOSemantics/nonsending`` (Swift 6.2 with Approachable Concurrency), the synchronous parts of a
/// `nonisolated async` function (decoding what a request returned, say) run on its caller's actor: on main, in `async`
/// and `offloaded`. The decision tree then goes on to `actor-extracted`, whose interaction body runs `@concurrent`. But
/// the change that pays is often only `@concurrent` on that one function, which keeps the app at the earlier stage.
/// Stagehand does not guess the outcome of that change: the advice names the measurement that shows it
/// (`--io concurrent`, which runs every `io` body as a `@concurrent` function would).
struct IOBodyAdvice: Sendable {
    /// A stage short of the verdict's whose largest hitch cause was an `io` step's code on main.
    struct Finding: Sendable, Equatable {
        var stage: Stage
        /// The cause's label, as the hitch table gives it (`io: fetch`).
        var cause: String
        /// Its share of the stage's hitch time, 0…1.
        var share: Double
        /// The mean time each call of the step spent on main, and the step's mean duration, in milliseconds.
        var mainMs: Double
        var stepMs: Double
    }

    /// The smallest share of a stage's hitch time the `io` body must hold to be named.
    static let minimumShare = 0.5

    let result: ProfileResult

    /// The stages before `stage` (the verdict's, or the best measured) whose hitch time is mostly an `io` body's code
    /// on main, at most one finding per step (its earliest stage).
    func findings(before stage: Stage) -> [Finding] {
        // An io body's code is timed on main only where `--io nonsending` called it from main: the step's main time
        // is the evidence, so results of `--io concurrent` (and older ones) name nothing.
        let causes = HitchCauseNames(result.spec)
        var named: Set<StepTiming.Key> = []
        var findings: [Finding] = []
        for stageResult in result.stages where stageResult.stage < stage {
            guard let largest = stageResult.metrics?.hitchCauses.first, largest.share >= Self.minimumShare,
                let key = causes.step(labelled: largest.cause), result.spec.step(at: key)?.kind == .io,
                let timing = stageResult.stepTiming(key),
                let mainMs = timing.meanMainMs, mainMs > 0,
                named.insert(key).inserted
            else { continue }
            findings.append(
                Finding(
                    stage: stageResult.stage,
                    cause: largest.cause,
                    share: largest.share,
                    mainMs: mainMs,
                    stepMs: timing.meanMs
                )
            )
        }
        return findings
    }
}
