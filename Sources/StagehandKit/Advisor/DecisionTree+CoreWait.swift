extension DecisionTree {
    /// Why a stage whose every hang came while main waited for a core is borderline, not failing: each hang, less the
    /// time main was ready to run but had no core within it, is shorter than a hang
    /// (``StageMetrics/hangsFromCoreWait``), and the run was measured again and hung so again
    /// (``RepetitionResult/remeasured``). The machine's other work, or the stage's own threads on few cores, stretched
    /// work on main that is not a hang by itself; which of the two cannot be told here, so the stage is neither failed
    /// nor passed on it, and more runs would not settle it. `nil` when it had no hang, or one stands without that wait
    /// (its first arrivals' hangs count too).
    ///
    /// "its hang ≥ 250 ms came while main waited for a core (at least 104 ms in one; the longest hang 262 ms): without
    /// that wait it is not one, and measured again, the run hung so again. The machine's other work or the stage's own
    /// threads on 2 cores made it: profile on a quieter machine to settle it".
    func coreWaitHangPhrase(_ result: StageResult) -> String? {
        // Joined, not added: asked of every stage at every look, it copies no run.
        let runs = [result.repetitions, result.exposureRuns ?? []].joined()
        let hangs = runs.compactMap(\.hangCount).filter { $0.hangs > 0 }
        guard !hangs.isEmpty, hangs.allSatisfy(\.allFromCoreWait) else { return nil }
        let all = hangs.reduce(HangCount()) { $0.adding($1) }
        let again = runs.contains { $0.remeasured != nil }
        let cores = StageResult.coresSeen(in: [result]).map { " on \($0) core\($0 == 1 ? "" : "s")" } ?? ""
        let one = all.hangs == 1
        return "\(one ? "its hang" : "each of its \(all.hangs) hangs") ≥ "
            + "\(StageMetrics.hangThresholdMs.reportFormatted) ms came while main waited for a core (at least "
            + "\(all.coreWaitMs.reportFormatted) ms in one; the longest hang \(all.longestHangMs.reportFormatted) ms): "
            + "without that wait \(one ? "it is not one" : "none is one")"
            + "\(again ? ", and measured again, the run hung so again" : ""). The machine's other work or the stage's "
            + "own threads\(cores) made \(one ? "it" : "them"): profile on a quieter machine to settle it"
    }
}
