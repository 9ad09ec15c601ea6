extension StageResult {
    /// A sentence saying that the user's code threw in this stage, where and what first, or `nil` when it never did:
    /// those interactions ended early, so the figures leave out the work they did not do.
    func thrownErrors(in workload: Workload) -> String? {
        guard let metrics, metrics.interactionsFailed > 0 else { return nil }
        let steps = stepTimings.compactMap { timing -> String? in
            guard let count = timing.failures, count > 0 else { return nil }
            let name = workload.stepName(timing.key) ?? "a step"
            return "`\(name)` threw \(count) \(count == 1 ? "time" : "times")"
                + (timing.firstError.map { ", first: \"\($0)\"" } ?? "")
        }
        return "Your code threw in \(stage.rawValue): \(metrics.interactionsFailed) interactions failed; "
            + steps.joined(separator: "; ")
            + ". They ended early, so these figures leave out the work they did not do."
    }
}
