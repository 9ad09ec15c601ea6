extension DecisionTree {
    // MARK: - Responsiveness (node 1, and every stage a yes tries)

    struct Responsiveness {
        var responsive: Bool
        var evidence: [Evidence]
        var failure: String
        /// Whether every repetition, judged alone, gives the same answer.
        var agreed: Bool
    }

    /// Responsive: hitch-time ratio in Apple's good band, no hang, and input acknowledged promptly.
    private func isResponsive(_ metrics: StageMetrics) -> Bool {
        metrics.hitchTimeRatioMsPerS < thresholds.hitchTimeRatioMsPerS && metrics.hangs < 1
            && metrics.inputLatencyMs.p99 < thresholds.inputLatencyP99Ms
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
            return Responsiveness(responsive: false, evidence: [], failure: failure, agreed: true)
        }
        // In the order of `Metric.budget`, which the noise rule relies on.
        let hitches = Metric.of(.hitchTimeRatio)
        let hangs = Metric.of(.hangs)
        let input = Metric.of(.inputLatency)
        let evidence = [
            Evidence(
                metric: "\(hitches.name) (\(result.stage.rawValue))",
                value: hitches.value(metrics),
                unit: "ms/s",
                comparison: "<",
                threshold: thresholds.hitchTimeRatioMsPerS,
                holds: hitches.value(metrics) < thresholds.hitchTimeRatioMsPerS,
                spread: result.spread[hitches.key],
                measured: true
            ),
            Evidence(
                metric: "\(hangs.name) ≥ \(RunRecorder.hangThresholdMs.reportFormatted) ms (\(result.stage.rawValue))",
                value: hangs.value(metrics),
                unit: "",
                comparison: "<",
                threshold: 1,
                holds: hangs.value(metrics) < 1,
                spread: result.spread[hangs.key],
                measured: true
            ),
            Evidence(
                metric: "\(input.name) (\(result.stage.rawValue))",
                value: input.value(metrics),
                unit: "ms",
                comparison: "<",
                threshold: thresholds.inputLatencyP99Ms,
                holds: input.value(metrics) < thresholds.inputLatencyP99Ms,
                spread: result.spread[input.key],
                measured: true
            ),
        ]
        let failed = evidence.filter { !$0.holds }
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
        let answers = result.repetitions.compactMap(\.metrics).map(isResponsive)
        return Responsiveness(
            responsive: failed.isEmpty,
            evidence: evidence,
            failure: failure,
            agreed: !answers.contains(!failed.isEmpty)
        )
    }
}
