/// The exposure estimator: every interaction of the workload in a stage's figures at its declared rate, whether or
/// not the seed's arrivals brought it into the ordinary runs (docs/METRICS.md, "Exposure").
///
/// For a rare interaction i (``InteractionExposure/isRare(ratePerS:durationSeconds:)``) the effect of one arrival is
/// pooled over every arrival it had in the stage, ordinary runs and exposure run: ĥ_i = Σ hitch time of its steps /
/// Σ arrivals, and likewise its main-thread time by kind (an arrival still unfinished when its run ended leaves the
/// figure a lower bound, and its stage unable to meet the budget). In each ordinary run j of D_j arrival
/// seconds, what its arrivals happened to do is replaced by what its rate makes due: hitch time by cause
/// H_ij/D_j → r_i·ĥ_i, main busy time M_ij/D_j → r_i·m̂_i (an arrival's work counts per second of the window that
/// brought it, wherever it landed). Runs without the interaction and runs with two of its arrivals then read the same
/// share of it, so the verdict rests on the workload as declared, not on the seed. Frequent interactions are read as
/// measured.
extension StageResult {
    /// What each interaction of `workload` did to main in one run, read from the run's hitch causes, step timings and
    /// interaction samples.
    struct InteractionContribution {
        /// Hitch time attributed to each of its steps' cause labels, in milliseconds.
        var hitchMsByCause: [String: Double] = [:]
        /// Main-thread time in its steps, by ``MainWork`` key, in milliseconds.
        var mainMsByKind: [String: Double] = [:]
        /// Mean main-thread time of each of its steps per run of the step, by cause label.
        var stepMainMs: [String: Double] = [:]
        var arrivals = 0
        /// Of ``arrivals``, those still unfinished when the run ended.
        var unfinished = 0
        var longestBlockMs = 0.0
        var hangs = 0
        /// Each finished arrival's longest hold on main, in milliseconds (none in results written before they were kept).
        var holdsMs: [Double] = []

        var hitchMs: Double { hitchMsByCause.values.reduce(0, +) }
    }

    /// Each interaction's contribution to `run`, by interaction index; `nil` when the run has no interaction samples
    /// (results written before they were recorded) or no measurements. `labels` are the workload's step names
    /// (``Workload/stepNames``), by interaction then step.
    static func contributions(
        of run: RepetitionResult,
        in workload: Workload,
        labels: [[String]]
    ) -> [InteractionContribution]? {
        guard let metrics = run.metrics, let samples = run.interactions, samples.count == workload.interactions.count
        else { return nil }
        var result = samples.map { sample in
            InteractionContribution(
                arrivals: sample.arrivals,
                unfinished: sample.unfinished,
                longestBlockMs: sample.longestBlockMs,
                hangs: sample.hangs,
                holdsMs: sample.holdsMs ?? []
            )
        }
        let timings = Dictionary(run.stepTimings.map { ($0.key, $0) }) { first, _ in first }
        for (interaction, spec) in workload.interactions.enumerated() {
            for (step, label) in labels[interaction].enumerated() {
                if let msPerS = metrics.hitchTimeByCause[label] {
                    result[interaction].hitchMsByCause[label] = msPerS * metrics.arrivalSeconds
                }
                guard let timing = timings[StepTiming.Key(interaction: interaction, step: step)], timing.ran
                else { continue }
                let onMain = timing.totalMs * Double(timing.runsOnMain) / Double(timing.runs) + (timing.mainMs ?? 0)
                let kind = MainWork(spec.steps[step].kind).rawValue
                result[interaction].mainMsByKind[kind, default: 0] += onMain
                result[interaction].stepMainMs[label, default: 0] += onMain / Double(timing.runs)
            }
        }
        return result
    }

    /// The exposure of every interaction of `workload` in a stage of ordinary runs `runs` and `exposureRuns`; where the
    /// workload has a rare interaction, each run's ``RepetitionResult/declaredRates`` is filled in.
    ///
    /// - Returns: `nil` when a run lacks interaction samples (results written before they were recorded).
    static func estimate(
        _ runs: inout [RepetitionResult],
        of workload: Workload,
        exposureRuns: [RepetitionResult]
    ) -> [InteractionExposure]? {
        let names = workload.stepNames
        var labels: [[String]] = []
        for interaction in workload.interactions {
            let before = labels.reduce(0) { $0 + $1.count }
            labels.append(Array(names[before..<before + interaction.steps.count]))
        }
        let measured = runs.indices.filter { runs[$0].metrics != nil }
        let ordinary = measured.map { contributions(of: runs[$0], in: workload, labels: labels) }
        let exposure = exposureRuns.filter { $0.metrics != nil }.map {
            contributions(of: $0, in: workload, labels: labels)
        }
        guard !ordinary.contains(where: { $0 == nil }), !exposure.contains(where: { $0 == nil }) else { return nil }
        let ordinaryRuns = ordinary.compactMap { $0 }
        let exposureContributions = exposure.compactMap { $0 }
        let arrivalSeconds = measured.compactMap { runs[$0].metrics?.arrivalSeconds }.reduce(0, +)
        // The first arrivals in a fresh process, from the runs that measured them (the first of each stage).
        let firsts = runs.compactMap(\.firstArrivals).filter { $0.count == workload.interactions.count }
        let rare = workload.interactions.indices.filter {
            InteractionExposure.isRare(
                ratePerS: workload.interactions[$0].ratePerSecond,
                durationSeconds: workload.durationSeconds
            )
        }
        func knockOnRun(_ run: RepetitionResult, _ contributions: [InteractionContribution]) -> KnockOnRun {
            let metrics = run.metrics ?? StageMetrics()
            return KnockOnRun(
                hitchMs: metrics.hitchTimeRatioMsPerS * metrics.arrivalSeconds,
                arrivalSeconds: metrics.arrivalSeconds,
                contributions: contributions,
                exposed: run.exposed ?? rare  // written before it was recorded: the rare ones were exposed
            )
        }
        let knockOn = knockOnPerArrival(
            ordinary: zip(measured, ordinaryRuns).map { knockOnRun(runs[$0], $1) },
            exposure: zip(exposureRuns.filter { $0.metrics != nil }, exposureContributions).map(knockOnRun),
            count: workload.interactions.count
        )
        var interactions: [InteractionExposure] = []
        // Per arrival, pooled over every run: hitch time by cause label and main time by kind.
        var hitchPerArrival: [[String: Double]] = []
        var mainPerArrival: [[String: Double]] = []
        for (index, spec) in workload.interactions.enumerated() {
            let all = ordinaryRuns.map { $0[index] } + exposureContributions.map { $0[index] }
            // Per arrival, over all its arrivals. An unfinished one's later effect is not in its run, but what it did
            // before the run ended is in the step totals, which cannot be split by arrival: with any unfinished, the
            // figure is a lower bound (and the stage is not judged to meet the budget, so it cannot pass it).
            let arrivals = all.reduce(0) { $0 + $1.arrivals }
            let divisor = Double(max(arrivals, 1))
            var hitch: [String: Double] = [:]
            var main: [String: Double] = [:]
            var stepMain: [String: Double] = [:]
            for run in all {
                for (cause, ms) in run.hitchMsByCause { hitch[cause, default: 0] += ms / divisor }
                for (kind, ms) in run.mainMsByKind { main[kind, default: 0] += ms / divisor }
                for (label, ms) in run.stepMainMs { stepMain[label] = max(stepMain[label] ?? 0, ms) }
            }
            // Each run's mean per arrival, scaled to one arrival by the runs' mean arrivals: how much an arrival varies.
            // Or, when more, how much the arrivals' holds on main vary from one to the next: a slow path one arrival
            // in four, most of them in one exposure run, spreads its arrivals far more than the runs' means can show,
            // and an arrival's hitch time grows with its hold.
            let seen = all.filter { $0.arrivals > 0 }
            let means = seen.map { $0.hitchMs / Double($0.arrivals) }
            var spread = 0.0
            if means.count > 1 {
                let average = means.reduce(0, +) / Double(means.count)
                let variance = means.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(means.count - 1)
                spread = (variance * Double(arrivals) / Double(means.count)).squareRoot()
            }
            spread = max(spread, standardDeviation(all.flatMap(\.holdsMs)))
            hitchPerArrival.append(hitch)
            mainPerArrival.append(main)
            interactions.append(
                InteractionExposure(
                    interaction: spec.name,
                    ratePerS: spec.ratePerSecond,
                    arrivals: ordinaryRuns.reduce(0) { $0 + $1[index].arrivals },
                    expectedArrivals: spec.ratePerSecond * arrivalSeconds,
                    exposureArrivals: exposureContributions.reduce(0) { $0 + $1[index].arrivals },
                    estimated: InteractionExposure.isRare(
                        ratePerS: spec.ratePerSecond,
                        durationSeconds: workload.durationSeconds
                    ),
                    hitchMsPerArrival: hitch.values.reduce(0, +),
                    mainMsPerArrival: main.values.reduce(0, +),
                    hitchMsPerArrivalSpread: spread,
                    longestBlockMs: seen.map(\.longestBlockMs).max() ?? 0,
                    typicalLongestBlockMs: seen.isEmpty ? 0 : median(seen.map(\.longestBlockMs)),
                    hangs: all.reduce(0) { $0 + $1.hangs },
                    longestStepOnMain: stepMain.filter { $0.value > 0 }.max { ($0.value, $1.key) < ($1.value, $0.key) }?
                        .key,
                    unfinished: all.reduce(0) { $0 + $1.unfinished },
                    tailBlockMs: InteractionExposure.tail(of: all.flatMap(\.holdsMs)),
                    firstBlockMs: firsts.map { $0[index].longestBlockMs }.max(),
                    knockOnHitchMsPerArrival: rare.contains(index) ? knockOn[index] : nil
                )
            )
        }
        guard interactions.contains(where: \.estimated) else { return interactions }
        for (run, contributions) in zip(measured, ordinaryRuns) {
            guard var metrics = runs[run].metrics else { continue }
            for (index, exposure) in interactions.enumerated() where exposure.estimated {
                metrics.estimate(
                    contributions[index],
                    at: exposure.ratePerS,
                    hitchPerArrival: hitchPerArrival[index],
                    mainPerArrival: mainPerArrival[index]
                )
            }
            runs[run].declaredRates = DeclaredRateFigures(metrics)
        }
        return interactions
    }
}

extension StageMetrics {
    /// Replaces what one interaction's arrivals did in this run (`observed`) with what its rate makes due: its
    /// per-arrival hitch time by cause and main time by kind × `rate` × the run's arrival window.
    mutating func estimate(
        _ observed: StageResult.InteractionContribution,
        at rate: Double,
        hitchPerArrival: [String: Double],
        mainPerArrival: [String: Double]
    ) {
        let window = max(arrivalSeconds, 1e-9)
        for cause in Set(observed.hitchMsByCause.keys).union(hitchPerArrival.keys) {
            let msPerS =
                (hitchTimeByCause[cause] ?? 0) - (observed.hitchMsByCause[cause] ?? 0) / window
                + rate * (hitchPerArrival[cause] ?? 0)
            hitchTimeByCause[cause] = max(msPerS, 0)
        }
        hitchTimeRatioMsPerS = max(
            hitchTimeRatioMsPerS - observed.hitchMs / window + rate * hitchPerArrival.values.reduce(0, +),
            0
        )
        var busyChange = 0.0
        for kind in Set(observed.mainMsByKind.keys).union(mainPerArrival.keys) {
            let before = mainThreadBusyMsPerS[kind] ?? 0
            let after = max(
                before - (observed.mainMsByKind[kind] ?? 0) / window + rate * (mainPerArrival[kind] ?? 0),
                0
            )
            mainThreadBusyMsPerS[kind] = after
            busyChange += after - before
        }
        mainThreadUtilization = min(max(mainThreadUtilization + busyChange / 1000, 0), 1)
    }
}

/// The sample standard deviation of `values`; 0 for fewer than two.
private func standardDeviation(_ values: [Double]) -> Double {
    guard values.count > 1 else { return 0 }
    let mean = values.reduce(0, +) / Double(values.count)
    return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
}
