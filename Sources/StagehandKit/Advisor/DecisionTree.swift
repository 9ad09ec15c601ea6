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

    /// Walks the tree over the measured stages of `workload`; `outOfTime`, when the wall-time budget ended their runs
    /// before the verdict was decided.
    func recommend(
        for workload: Workload,
        results: [StageResult],
        outOfTime: TimeShortfall? = nil
    ) -> Recommendation {
        let walk = walk(workload, results: results)
        var unsettled = walk.unsettled
        if outOfTime?.exposureSkipped == true { unsettled.insert(.exposureSkipped) }
        return Verdict(
            walk.stage,
            path: walk.path,
            unsettled: unsettled,
            short: walk.short,
            outOfTime: outOfTime,
            workload: workload,
            byStage: walk.byStage,
            judged: walk.judged,
            tree: self
        ).recommendation
    }

    /// Whether more runs could settle the verdict on `results` (``stagesNeedingRuns(_:results:unmeasured:)`` names
    /// some).
    func moreRunsMaySettle(_ workload: Workload, results: [StageResult]) -> Bool {
        !stagesNeedingRuns(workload, results: results).isEmpty
    }

    /// The stages whose next run could help settle the verdict on `results`: each stage it rests on with fewer runs
    /// than a decision needs (``stagesWithTooFewRuns(on:_:judged:answered:)``); and, when every borderline stage it
    /// rests on could leave the noise with ``Thresholds/maxRuns`` runs spreading as its runs do, those. A borderline
    /// stage can: when a metric within the noise above its limit could settle above it (one failing metric fails the
    /// stage), or when every metric within the noise could settle; or, when its runs are hitch-free but too short to
    /// bound its hitch time (``hitchFreeBound(of:workload:runs:)``), when ``Thresholds/maxRuns`` runs as long would
    /// bound it below the limit. A stage at a limit, or one that hung or crashed (it fails for good), asks for no runs
    /// that cannot change the verdict; nor does a stage the verdict does not rest on.
    ///
    /// - Parameter unmeasured: stages that have not run yet and can: those the walk reaches, on its path or on any
    ///   other way a doubtful answer could go, are needed too (``Walk/toMeasure``); the others the verdict does not
    ///   read yet, so their one run for the side-by-side table can wait until it is decided, and be short.
    func stagesNeedingRuns(
        _ workload: Workload,
        results: [StageResult],
        unmeasured: Set<Stage> = []
    ) -> Set<Stage> {
        let walk = walk(workload, results: results, unmeasured: unmeasured)
        let borderline = results.filter { walk.unsettled.contains(.borderline($0.stage)) }
        let settles =
            !borderline.isEmpty
            && borderline.allSatisfy { result in
                let runs = result.judgedRuns
                guard result.status == .ok, runs.count < thresholds.maxRuns else { return false }
                // Arrivals left unfinished by the follow-through are left so by the next run too; and the knock-on of a
                // rare interaction is as large in the next run as in these.
                // Nor do more runs unsay the hangs a busy machine made in these.
                guard !(result.interactions ?? []).contains(where: { $0.unfinished > 0 }),
                    knockOnPhrase(result) == nil, coreWaitHangPhrase(result) == nil
                else { return false }
                // Runs enough to judge it come first (it is among the short ones); what they show decides the rest.
                guard runs.count >= thresholds.minimumRuns else { return true }
                let within = budgetIntervals(of: result, workload: workload)
                    .filter { $0.side == .within }
                let couldSettle = { (interval: BudgetInterval) in interval.couldSettle(with: thresholds.maxRuns) }
                if within.isEmpty {
                    // Borderline on a bound of hitch-free runs, which shrinks as their seconds grow; or on an
                    // interaction seen too few times, which more ordinary runs of a rare one do not mend.
                    guard let bound = hitchFreeBound(of: result, workload: workload, runs: thresholds.maxRuns) else {
                        return false
                    }
                    return bound.msPerS < thresholds.hitchTimeRatioMsPerS
                }
                return within.contains { $0.mean > $0.limit && couldSettle($0) } || within.allSatisfy(couldSettle)
            }
        return walk.short.union(settles ? Set(borderline.map(\.stage)) : []).union(walk.toMeasure)
    }

    /// Where the walk ends: the stage it reaches (`nil` for none), the path it took, and why that may not be final
    /// as far as the stages' runs say (the verdict adds the rates it rests on); with the stages and their judgments.
    private struct Walk {
        var stage: Stage?
        var path: [DecisionNode]
        var unsettled: Set<Unsettled>
        /// The stages the path read with too few runs for what it read them for (``stagesWithTooFewRuns``).
        var short: Set<Stage>
        /// The questions (by node) answered from fewer runs than ``Thresholds/minimumRuns`` and not beyond doubt.
        var doubtful: Set<Int>
        /// The stages not yet run that the walk reached (the `unmeasured` it was given): where a question's yes tries
        /// one, the walk ends there, as what comes after turns on it; node 5 (every stage tried missed) reads them
        /// all. Over the walk and every other way its doubtful answers could go.
        var toMeasure: Set<Stage> = []
        var byStage: [Stage: StageResult]
        var judged: [Stage: StageJudgment]
    }

    /// The walk alone, without the verdict's sentences: what the schedule asks of it, after every round.
    ///
    /// A question answered from a stage's runs short of ``Thresholds/minimumRuns``, and not beyond doubt, keeps that
    /// stage running only when the verdict turns on it: when answering it (or any of such questions) the other way
    /// would reach another stage, or would read a stage with too few runs, or a borderline one, that this walk does
    /// not (``walk(_:byStage:judged:unmeasured:flipping:forgiving:)``). Where every way reaches the same stage on runs
    /// as settled, more runs to settle the answer cannot change the verdict. The stages not yet run that any way
    /// reaches are the walk's ``Walk/toMeasure``.
    private func walk(_ workload: Workload, results: [StageResult], unmeasured: Set<Stage> = []) -> Walk {
        let byStage = Dictionary(uniqueKeysWithValues: results.map { ($0.stage, $0) })
        let judged = Dictionary(
            uniqueKeysWithValues: results.compactMap { judgment(of: $0, workload: workload) }.map { ($0.stage, $0) }
        )
        let plain = walk(workload, byStage: byStage, judged: judged, unmeasured: unmeasured)
        guard !plain.doubtful.isEmpty else { return plain }
        let forgiven = walk(
            workload,
            byStage: byStage,
            judged: judged,
            unmeasured: unmeasured,
            forgiving: plain.doubtful
        )
        let nodes = plain.doubtful.sorted()
        // Every other way the doubtful questions could go: at most 3 questions, 7 ways.
        let others = (1..<(1 << nodes.count)).map { mask in
            let flipping = Set(nodes.indices.filter { mask & (1 << $0) != 0 }.map { nodes[$0] })
            return walk(
                workload,
                byStage: byStage,
                judged: judged,
                unmeasured: unmeasured,
                flipping: flipping,
                forgiving: plain.doubtful
            )
        }
        let turns = others.contains { other in
            other.stage != forgiven.stage || !other.short.isSubset(of: forgiven.short)
                || !other.unsettled.isSubset(of: forgiven.unsettled)
        }
        // A stage not yet run that another way reaches is measured before the verdict is read.
        let toMeasure = others.reduce(plain.toMeasure) { $0.union($1.toMeasure) }
        var chosen = turns ? plain : forgiven
        chosen.toMeasure = toMeasure
        return chosen
    }

    /// The walk over `byStage`, each question at a node in `flipping` answered the other way from what its
    /// evidence says, and those at a node in `forgiving` not counted against the stage they read when not answered
    /// beyond doubt (``Walk/doubtful``); ending where it reaches a stage of `unmeasured` (``Walk/toMeasure``).
    private func walk(
        _ workload: Workload,
        byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment],
        unmeasured: Set<Stage> = [],
        flipping: Set<Int> = [],
        forgiving: Set<Int> = []
    ) -> Walk {
        var path: [DecisionNode] = []
        var unsettled: Set<Unsettled> = []
        // Stages whose runs answered a question of the path, and whether each answered it beyond doubt.
        var answered: [Stage: Bool] = [:]
        var doubtful: Set<Int> = []
        var toMeasure: Set<Stage> = []
        func note(_ judgment: StageJudgment?) {
            if let judgment, judgment.judgment == .borderline { unsettled.insert(.borderline(judgment.stage)) }
        }
        func finish(_ stage: Stage?) -> Walk {
            let short = stagesWithTooFewRuns(on: path, byStage, judged: judged, answered: answered)
            if !short.isEmpty { unsettled.insert(.tooFewRuns) }
            return Walk(
                stage: stage,
                path: path,
                unsettled: unsettled,
                short: short,
                doubtful: doubtful,
                toMeasure: toMeasure,
                byStage: byStage,
                judged: judged
            )
        }

        // 1. Responsive with everything on main?
        let first = responsiveness(of: byStage[.mainOnly])
        let mainOnly = judged[.mainOnly]
        if mainOnly == nil, unmeasured.contains(.mainOnly) {
            toMeasure = [.mainOnly]
            return finish(nil)
        }
        note(mainOnly)
        if mainOnly == nil { unsettled.insert(.skipped) }  // left out of --stages: question 1 is not answered
        let stay = mainOnly?.overall == .meets
        path.append(
            DecisionNode(
                node: 1,
                question: "Is the UI responsive with everything on main?",
                measuredStage: .mainOnly,
                evidence: first.evidence,
                answer: stay,
                repetitionsAgree: mainOnly?.judgment != .borderline,
                tried: nil,
                outcome: stay
                    ? "Yes: stay main-only. No concurrency is needed."
                        + (mainOnly?.judgment == .borderline ? " (Borderline: main-only \(mainOnly!.reason).)" : "")
                    : "No: \(first.responsive ? "main-only \(mainOnly?.reason ?? "was not measured")" : first.failure). "
                        + "Look for what keeps main busy."
            )
        )
        if stay { return finish(.mainOnly) }

        // 2–4. Each question reads the latest stage tried; a yes tries the next stage.
        var latest = Stage.mainOnly
        for question in Self.questions {
            let evidence = self.evidence(for: question, reading: latest, byStage: byStage, workload: workload)
            let answer = Self.answer(question, evidence) != flipping.contains(question.node)
            let measured = byStage[latest]?.metrics != nil
            let runAnswers = (measured ? byStage[latest]?.judgedRuns ?? [] : []).map { run in
                Self.answer(question, measuredEvidence(for: question, in: run, stage: latest, workload: workload))
            }
            let runsAgree = !runAnswers.contains(!answer)
            // A stage that produced nothing (it hung or crashed) is read through the step durations another stage
            // measured: a doubt about the answer is a doubt about that stage's runs.
            let source = measured ? latest : byStage.values.firstTimedStage?.stage ?? latest
            let beyondDoubt = answersBeyondDoubt(question, evidence, runsAgree: runsAgree)
            // Only a stage that can run again can settle a doubt.
            if !beyondDoubt, byStage[source]?.status == .ok,
                (byStage[source]?.judgedRuns.count ?? 0) < thresholds.minimumRuns
            {
                doubtful.insert(question.node)
            }
            if beyondDoubt || !forgiving.contains(question.node) {
                answered[source] = (answered[source] ?? true) && beyondDoubt
            }
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
            if judged[candidate] == nil, unmeasured.contains(candidate) {
                toMeasure = [candidate]
                return finish(nil)
            }
            guard let triedResult = byStage[candidate], let judgment = judged[candidate] else {
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
            note(judgment)
            let outcome: String =
                switch (judgment.judgment, judgment.overall) {
                case (.meets, _):
                    "Yes: tried \(candidate.rawValue), and it \(judgment.reason). Adopt \(candidate.rawValue)."
                case (.borderline, .meets):
                    "Yes: tried \(candidate.rawValue), and it is borderline: \(judgment.reason). Adopt "
                        + "\(candidate.rawValue), whose runs together meet the budget."
                case (.borderline, _):
                    "Yes: tried \(candidate.rawValue), and it is borderline: \(judgment.reason). Not adopted: its runs "
                        + "together miss the budget."
                case (.fails, _):
                    "Yes: tried \(candidate.rawValue), but "
                        + (tried.responsive || triedResult.status != .ok
                            ? "\(candidate.rawValue) failed: \(judgment.reason)" : tried.failure)
                        + "."
                }
            path.append(
                question.node(
                    reading: latest,
                    evidence: evidence + tried.evidence,
                    answer: true,
                    repetitionsAgree: runsAgree && judgment.judgment != .borderline,
                    tried: candidate,
                    outcome: outcome
                )
            )
            if judgment.overall == .meets { return finish(candidate) }
            latest = candidate
        }

        // 5. Every stage the path tried missed the budget. A stage off the path that met it over its runs still beats
        // `none`: the simplest one is advised, and the verdict says the questions did not lead there. That reads every
        // stage, so those not yet run are measured first.
        toMeasure = unmeasured
        let simplest = Stage.allCases.first { judged[$0]?.overall == .meets }
        note(simplest.flatMap { judged[$0] })
        let best = simplest ?? bestStage(byStage)
        path.append(
            DecisionNode(
                node: 5,
                question: "Does any stage meet the budget?",
                measuredStage: best,
                evidence: [],
                answer: simplest != nil,
                repetitionsAgree: simplest.map { judged[$0]?.judgment == .meets } ?? true,
                tried: nil,
                outcome: simplest.map { stage in
                    "Yes, off the path: \(stage.rawValue) \(judged[stage]!.reason), though the questions above did not "
                        + "lead to it. Adopt \(stage.rawValue), the simplest stage that did."
                } ?? best.map { "No: the best stage measured is \($0.rawValue); fix what is left there first." }
                    ?? "No: no stage produced measurements."
            )
        )
        return finish(simplest)
    }

    /// Why a verdict may not be final.
    enum Unsettled: Hashable {
        /// This stage, on which the verdict rests, is within the run-to-run noise of a budget limit.
        case borderline(Stage)
        /// A stage the path read had fewer runs than a decision needs.
        case tooFewRuns
        /// A stage the path needed was not measured.
        case skipped
        /// The wall-time budget (`--max-time`) ended the runs before a stage's exposure run: what a rare interaction
        /// does rests on its ordinary arrivals alone.
        case exposureSkipped
        /// The verdict would change at a rate of this interaction within ``RateSensitivity/borderlineFactor`` of the
        /// declared one: more runs do not settle that, checking the rate does.
        case rate(String)
    }

    /// The measured stages the path read with too few runs for a decision: fewer than ``Thresholds/minimumRuns``,
    /// unless the stage fails the budget beyond doubt on them (a hang, or runs above a limit at an early look's
    /// level: ``Thresholds/level(runs:)``) and every question the path answered from its runs was answered beyond
    /// doubt (`answered`, ``answersBeyondDoubt(_:_:runsAgree:)``). A stage that meets needs them all: a claim that it
    /// meets rests on the spread of its runs, or on the seconds of its hitch-free ones. So does one whose figure
    /// rests on a rare interaction's estimate, unless it hung: an arrival or two, before the exposure run, say
    /// nothing of how one arrival's effect varies (a slow path one time in four reads as the rule). And one whose runs
    /// answered a question while an interaction had not arrived in them at all, hung or not: the answer leaves out
    /// what that interaction does on main (a rare parse's `compute` time, before its exposure run).
    func stagesWithTooFewRuns(
        on path: [DecisionNode],
        _ byStage: [Stage: StageResult],
        judged: [Stage: StageJudgment],
        answered: [Stage: Bool]
    ) -> Set<Stage> {
        // Node 5 (no stage the path tried meets) asks of every stage whether it meets: it reads them all. A question
        // read through another stage's step times (its own stage produced nothing) reads that stage too.
        let read =
            path.contains { $0.node == 5 }
            ? Set(byStage.keys)
            : Set(path.flatMap { [$0.measuredStage, $0.tried] }.compactMap { $0 }).union(answered.keys)
        return read.filter { stage in
            guard let result = byStage[stage], result.status == .ok else { return false }
            guard result.judgedRuns.count < thresholds.minimumRuns else { return false }
            guard judged[stage]?.judgment == .fails, answered[stage] != false else { return true }
            let interactions = result.interactions ?? []
            // The questions read its figures of every interaction: one that has not arrived in it at all (a rare one
            // before the exposure run) is missing from them, however clear they look.
            if answered[stage] != nil, interactions.contains(where: { $0.allArrivals == 0 }) { return true }
            return interactions.contains(where: \.estimated) && !Self.hung(result)
        }
    }

    /// How long each step took, from the first stage (in journey order) that measured them: a step's duration is
    /// a property of the workload, whichever stage ran it (`stepTimingsOfFirstTimedStage`).
    func measuredStepTimings(_ byStage: [Stage: StageResult]) -> [StepTiming] {
        byStage.values.stepTimingsOfFirstTimedStage
    }
}

extension Stage {
    /// Whether this stage runs steps of `kind` on the main thread.
    package func runsOnMain(_ kind: StepKind) -> Bool {
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
