extension DecisionTree {
    // MARK: - Responsiveness (node 1, and every stage a yes tries)

    struct Responsiveness {
        var responsive: Bool
        var evidence: [Evidence]
        var failure: String
    }

    /// The limit a budget metric (``Metric/budget``) must stay below.
    func budgetLimit(_ id: Metric.ID) -> Double {
        switch id {
        case .hitchTimeRatio: thresholds.hitchTimeRatioMsPerS  // Apple's good band
        case .hangs: 1  // no hang at all
        case .inputLatency: thresholds.inputLatencyP99Ms  // input acknowledged promptly
        default: preconditionFailure("\(id) is not a budget metric")
        }
    }

    /// Whether `metrics` hold every budget metric (``Metric/budget``) below its limit: what
    /// ``budgetEvidence(_:of:spread:)`` says of them, without the evidence's words (the verdict asks it of every run at
    /// every look).
    func meetsBudgetLimits(_ metrics: StageMetrics) -> Bool {
        Metric.budget.allSatisfy { id in Metric.of(id).value(metrics) < budgetLimit(id) }
    }

    /// Each budget metric of `metrics` against its limit, in the order of ``Metric/budget``.
    func budgetEvidence(
        _ metrics: StageMetrics,
        of stage: Stage,
        spread: [String: ValueRange] = [:]
    ) -> [Evidence] {
        Metric.budget.map(Metric.of).map { metric in
            Evidence(
                metric: "\(metric.name) (\(stage.rawValue))",
                value: metric.value(metrics),
                unit: metric.unit.symbol,
                comparison: "<",
                threshold: budgetLimit(metric.id),
                holds: metric.value(metrics) < budgetLimit(metric.id),
                spread: spread[metric.key],
                measured: true
            )
        }
    }

    func responsiveness(of result: StageResult?) -> Responsiveness {
        guard let result, let metrics = result.metrics, result.status == .ok else {
            let status = result?.status ?? .skipped
            let failure =
                switch status {
                case .hung: "\(result?.stage.rawValue ?? "it") hung: main was blocked past the watchdog"
                case .crashed: "\(result?.stage.rawValue ?? "it") crashed"
                default: "\(result?.stage.rawValue ?? "it") was not measured (skipped)"
                }
            return Responsiveness(responsive: false, evidence: [], failure: failure)
        }
        let evidence = budgetEvidence(metrics, of: result.stage, spread: result.spread)
        let failed = evidence.filter { !$0.holds }
        let hitchesFail = zip(Metric.budget, evidence).contains { $0 == .hitchTimeRatio && !$1.holds }
        let failure =
            failed.isEmpty
            ? ""
            : "\(result.stage.rawValue) is not responsive: "
                + failed.map { evidence in
                    let name = evidence.metric.split(separator: " (").first.map(String.init) ?? evidence.metric
                    return evidence.unit.isEmpty
                        ? "\(evidence.value.reportFormatted) \(name)"
                        : "\(name) \(evidence.value.reportFormatted) \(evidence.unit)"
                }
                .joined(separator: ", ")
                + (hitchesFail ? metrics.mainHitchCause.map { "; \($0)" } ?? "" : "")
        return Responsiveness(
            responsive: failed.isEmpty,
            evidence: evidence,
            failure: failure
        )
    }
}
