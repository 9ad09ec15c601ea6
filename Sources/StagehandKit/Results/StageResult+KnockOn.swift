/// Knock-on hitches: hitch time a rare interaction causes outside its own steps, which its estimate leaves out
/// (docs/METRICS.md, "Knock-on hitches").
///
/// A rare interaction's share of a stage's hitch time is the hitch time of its own steps per arrival × its rate
/// (``InteractionExposure``). While it holds main, others' steps and frames wait behind it, and a hitch that lands on
/// one of them is theirs by cause, not its. The exposure runs show that effect: beside the exposed arrivals, everything
/// else arrives as declared, so their hitch time outside the exposed interactions' steps, less what the ordinary runs
/// had outside those steps per second of arrivals, is what the exposed arrivals caused elsewhere. Each exposure run's
/// excess is shared among the interactions it exposed by their time on main (the hold that makes others wait), and
/// divided by their arrivals there.
extension StageResult {
    /// What one ordinary or exposure run tells the knock-on estimate: its hitch time and arrival window, each
    /// interaction's contribution, and, for an exposure run, the interactions it exposed.
    struct KnockOnRun {
        var hitchMs: Double
        var arrivalSeconds: Double
        var contributions: [InteractionContribution]
        var exposed: [Int]

        /// Hitch time outside the steps of `interactions`, in milliseconds.
        func hitchMs(outside interactions: [Int]) -> Double {
            hitchMs - interactions.reduce(0) { $0 + contributions[$1].hitchMs }
        }
    }

    /// Each interaction's knock-on hitch time per exposed arrival, in milliseconds, by interaction index: `nil` for an
    /// interaction no exposure run exposed, or with no ordinary run to compare with; never below 0 (an exposure run
    /// calmer than the ordinary ones shows none).
    static func knockOnPerArrival(ordinary: [KnockOnRun], exposure: [KnockOnRun], count: Int) -> [Double?] {
        let seconds = ordinary.reduce(0) { $0 + $1.arrivalSeconds }
        guard seconds > 0 else { return Array(repeating: nil, count: count) }
        var caused = Array(repeating: 0.0, count: count)
        var arrivals = Array(repeating: 0, count: count)
        for run in exposure where !run.exposed.isEmpty {
            // What the ordinary runs had outside the same interactions' steps, per second of arrivals.
            let baseline = ordinary.reduce(0) { $0 + $1.hitchMs(outside: run.exposed) } / seconds
            let excess = run.hitchMs(outside: run.exposed) - baseline * run.arrivalSeconds
            let holds = run.exposed.map { run.contributions[$0].mainMsByKind.values.reduce(0, +) }
            let total = holds.reduce(0, +)
            let exposedArrivals = run.exposed.reduce(0) { $0 + run.contributions[$1].arrivals }
            for (index, hold) in zip(run.exposed, holds) {
                let share =
                    total > 0
                    ? hold / total : Double(run.contributions[index].arrivals) / Double(max(exposedArrivals, 1))
                caused[index] += excess * share
                arrivals[index] += run.contributions[index].arrivals
            }
        }
        return (0..<count).map { index in
            arrivals[index] > 0 ? max(caused[index] / Double(arrivals[index]), 0) : nil
        }
    }

    /// The stage's hitch-time ratio and the knock-on its rare interactions cause outside their own steps at their
    /// rates (``InteractionExposure/knockOnHitchMsPerS``), in milliseconds per second, with those that cause it; `nil`
    /// when none does. The judgment and the report both read it, so they cannot disagree on whether it tips the stage.
    var knockOn: (hitchMsPerS: Double, knockOnMsPerS: Double, causing: [InteractionExposure])? {
        let causing = (interactions ?? []).filter { $0.estimated && ($0.knockOnHitchMsPerS ?? 0) > 0 }
        guard let hitch = metrics?.hitchTimeRatioMsPerS, !causing.isEmpty else { return nil }
        return (hitch, causing.reduce(0) { $0 + ($1.knockOnHitchMsPerS ?? 0) }, causing)
    }
}
