/// The decision tree of the Swift concurrency guide, each question answered with a measurement.
///
/// 1. Is the UI responsive with everything on main? → stay `main-only`.
/// 2. High-latency operations? → try `async`.
/// 3. CPU-intensive work on main? → try `offloaded`.
/// 4. Main-actor contention? → try `actor-extracted`.
/// 5. None meets the budget → `none`, with the best stage and what is left to fix.
///
/// Each question reads the latest stage the path has tried; a no moves on without trying its stage; a yes tries the
/// stage, and if that stage is responsive the walk ends there. The simplest responsive stage wins, never the most
/// concurrent one.
struct DecisionTree: Sendable {
    package var thresholds: Thresholds

    init(thresholds: Thresholds = Thresholds()) {
        self.thresholds = thresholds
    }

    /// Walks the tree over the measured stages of `workload`.
    func recommend(for workload: Workload, results: [StageResult]) -> Recommendation {
        walk(workload, results: results).recommendation
    }

    /// Whether the verdict on `results` is inconclusive for a reason more runs can settle: repetitions that
    /// disagree, or a later stage not yet better beyond the noise.
    func moreRunsMaySettle(_ workload: Workload, results: [StageResult]) -> Bool {
        walk(workload, results: results).unsettled.contains { reason in
            switch reason {
            case .repetitionsDisagree, .notBeyondNoise, .tooFewRuns: true
            case .skipped: false
            }
        }
    }

    private func walk(
        _ workload: Workload,
        results: [StageResult]
    ) -> (
        recommendation: Recommendation, unsettled: Set<Unsettled>
    ) {
        let byStage = Dictionary(uniqueKeysWithValues: results.map { ($0.stage, $0) })
        var path: [DecisionNode] = []
        var unsettled: Set<Unsettled> = []

        // 1. Responsive with everything on main?
        let first = responsiveness(of: byStage[.mainOnly])
        if !first.agreed { unsettled.insert(.repetitionsDisagree) }
        path.append(
            DecisionNode(
                node: 1,
                question: "Is the UI responsive with everything on main?",
                measuredStage: .mainOnly,
                evidence: first.evidence,
                answer: first.responsive,
                repetitionsAgree: first.agreed,
                tried: nil,
                outcome: first.responsive
                    ? "Yes: stay main-only. No concurrency is needed."
                    : "No: \(first.failure). Look for what keeps main busy."
            )
        )
        if first.responsive {
            return verdict(.mainOnly, path: path, unsettled: unsettled, workload: workload, byStage: byStage)
        }

        // 2–4. Each question reads the latest stage tried; a yes tries the next stage.
        var latest = Stage.mainOnly
        for question in Self.questions {
            let evidence = self.evidence(for: question, reading: latest, byStage: byStage, workload: workload)
            let answer = Self.answer(question, evidence)
            let runAnswers = (byStage[latest]?.repetitions ?? []).compactMap(\.metrics).map { run in
                Self.answer(question, measuredEvidence(for: question, in: run, stage: latest, workload: workload))
            }
            let runsAgree = !runAnswers.contains(!answer)
            if !runsAgree { unsettled.insert(.repetitionsDisagree) }
            guard answer else {
                path.append(
                    question.node(
                        reading: latest,
                        evidence: evidence,
                        answer: false,
                        repetitionsAgree: runsAgree,
                        outcome: "No: \(question.stage.rawValue) would not address what keeps main busy; not tried."
                    )
                )
                continue
            }
            let candidate = question.stage
            guard let triedResult = byStage[candidate], triedResult.status != .skipped else {
                unsettled.insert(.skipped)
                path.append(
                    question.node(
                        reading: latest,
                        evidence: evidence,
                        answer: true,
                        repetitionsAgree: runsAgree,
                        outcome: "Yes, but \(candidate.rawValue) was not measured (left out of --stages), so whether "
                            + "it would suffice is unknown."
                    )
                )
                continue
            }
            let tried = responsiveness(of: triedResult)
            if !tried.agreed { unsettled.insert(.repetitionsDisagree) }
            let comparison = compare(triedResult, with: byStage[latest])
            let beyondNoise = !tried.responsive || comparison.beyondNoise
            path.append(
                question.node(
                    reading: latest,
                    evidence: evidence + tried.evidence + comparison.evidence,
                    answer: true,
                    repetitionsAgree: runsAgree && tried.agreed && beyondNoise,
                    tried: candidate,
                    outcome: !tried.responsive
                        ? "Yes: tried \(candidate.rawValue), but \(tried.failure)."
                        : beyondNoise
                            ? "Yes: tried \(candidate.rawValue), and it is responsive. Adopt \(candidate.rawValue)."
                            : "Yes: tried \(candidate.rawValue); it is responsive, but not better than "
                                + "\(latest.rawValue) beyond the run-to-run noise, so it is not adopted."
                )
            )
            if tried.responsive {
                guard beyondNoise else {
                    // Measurement has not shown that the later stage pays: the simpler one stands, unsettled.
                    unsettled.insert(.notBeyondNoise(candidate))
                    return verdict(latest, path: path, unsettled: unsettled, workload: workload, byStage: byStage)
                }
                return verdict(candidate, path: path, unsettled: unsettled, workload: workload, byStage: byStage)
            }
            latest = candidate
        }

        // 5. Nothing meets the budget.
        let best = bestStage(byStage)
        path.append(
            DecisionNode(
                node: 5,
                question: "Does any stage meet the budget?",
                measuredStage: best,
                evidence: [],
                answer: false,
                repetitionsAgree: true,
                tried: nil,
                outcome: best.map { "No: the best stage measured is \($0.rawValue); fix what is left there first." }
                    ?? "No: no stage produced measurements."
            )
        )
        return verdict(nil, path: path, unsettled: unsettled, workload: workload, byStage: byStage)
    }

    /// Why a verdict may not be final.
    enum Unsettled: Hashable {
        /// Repetitions judged alone answer a question differently.
        case repetitionsDisagree
        /// This later stage met the budget, but was not better than the recommended one beyond the noise.
        case notBeyondNoise(Stage)
        /// A stage the path read had fewer runs than a decision needs.
        case tooFewRuns
        /// A stage the path needed was not measured.
        case skipped
    }

    /// Whether `tried` is better than `earlier` beyond the run-to-run noise: on a metric where `earlier` fails the
    /// budget, `tried`'s runs measure lower than `earlier`'s by an exact one-sided Mann-Whitney test over the runs
    /// (p ≤ ``Thresholds/runTestP``). With 3 runs a side that means every run of `tried` beats every run of
    /// `earlier`; more runs allow some overlap. Fewer than ``Thresholds/minimumRuns`` on either side never decide.
    private func compare(_ tried: StageResult, with earlier: StageResult?) -> (beyondNoise: Bool, evidence: [Evidence])
    {
        guard let earlier, earlier.metrics != nil else { return (true, []) }  // it hung or crashed: nothing overlaps
        let triedRuns = tried.repetitions.compactMap(\.metrics)
        let earlierRuns = earlier.repetitions.compactMap(\.metrics)
        let failing = responsiveness(of: earlier).evidence.enumerated().filter { !$0.element.holds }.map(\.offset)
        var best: (p: Double, evidence: Evidence)?
        for (index, metric) in Metric.budget.map(Metric.of).enumerated() where failing.contains(index) {
            guard let test = MannWhitney.test(triedRuns.map(metric.value), than: earlierRuns.map(metric.value)) else {
                continue
            }
            let enough = min(triedRuns.count, earlierRuns.count) >= thresholds.minimumRuns
            let evidence = Evidence(
                metric: "\(metric.name) lower in \(tried.stage.rawValue) than in \(earlier.stage.rawValue), run by run "
                    + "(exact one-sided Mann-Whitney over \(triedRuns.count) and \(earlierRuns.count) runs"
                    + (enough ? "" : "; needs ≥ \(thresholds.minimumRuns) runs a stage") + "; p)",
                value: test.p,
                unit: "",
                comparison: "≤",
                threshold: thresholds.runTestP,
                holds: enough && test.p <= thresholds.runTestP,
                spread: nil,
                measured: true
            )
            if best == nil || test.p < best!.p { best = (test.p, evidence) }
        }
        guard let best else { return (false, []) }
        return (best.evidence.holds, [best.evidence])
    }

    /// Whether every measured stage the path read has enough runs for a decision.
    func tooFewRuns(on path: [DecisionNode], _ byStage: [Stage: StageResult]) -> Bool {
        let read = Set(path.flatMap { [$0.measuredStage, $0.tried] }.compactMap { $0 })
        return read.contains { stage in
            guard let result = byStage[stage], result.status == .ok else { return false }
            return result.repetitions.compactMap(\.metrics).count < thresholds.minimumRuns
        }
    }

    /// How long each step took, from the first stage (in journey order) that measured them: a step's duration is
    /// a property of the workload, whichever stage ran it.
    func measuredStepTimings(_ byStage: [Stage: StageResult]) -> [StepTiming] {
        Stage.allCases.lazy.compactMap { byStage[$0]?.stepTimings }.first { !$0.isEmpty } ?? []
    }
}

extension Stage {
    /// Whether this stage runs steps of `kind` on the main thread.
    public func runsOnMain(_ kind: StepKind) -> Bool {
        switch (self, kind) {
        case (_, .ui): true
        case (.mainOnly, _): true
        case (_, .io): false
        case (.async, _): true
        case (.offloaded, .state): true
        default: false
        }
    }
}
