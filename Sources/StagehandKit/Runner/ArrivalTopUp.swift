/// More arrivals of the interactions whose holds on main a stage's few arrivals cannot bound: one more exposure run of
/// the stage, bringing each of them up to ``cap`` finished arrivals (docs/METRICS.md, "Exposure").
///
/// A slow path that comes one arrival in four (a cache miss, a large attachment) shows in three or four arrivals as one
/// hold far above the others, or not at all; so few cannot say how often it comes, and a tail hold
/// (``InteractionExposure/tailBlockMs``) needs ``InteractionExposure/tailArrivals``. As extra rounds do for run-to-run
/// noise, the profile then measures more, where a slow path could still change the stage's judgment: in a stage not
/// already judged to fail (a hang fails it, whatever follows), for an interaction that has left no arrival unfinished
/// and whose holds either
/// - *vary*: over its finished arrivals, the longest is at least ``spreadFactor`` × their median and at least half a
///   refresh interval more (a difference a frame can show), or
/// - come *near a hitch*: their median with the frame's own work reaches ``Thresholds/hitchFreeMargin`` of the budget,
///   so that a slower arrival would hitch where these did not, or hitch longer (the median, so that one arrival a busy
///   machine preempted does not make a cheap interaction look near one).
///
/// The cap is stated: ``cap`` finished arrivals rule out a slow path of 1 in 10 (a rarer one may still hide, and the
/// report says how rare), and the run takes at most ``seconds`` of arrivals, each as long as its steps took on average
/// in the stage, so work after a long wait gets fewer. Every interaction the run exposes arrives as often as the one
/// furthest from the cap needs.
///
/// A plain value: the profiler runs what it plans.
struct ArrivalTopUp: Equatable {
    /// The finished arrivals per interaction and stage a top-up brings a varying interaction up to, at most.
    static let cap = 30
    /// The longest hold, as a multiple of the median, from which an interaction's holds vary.
    static let spreadFactor = 2.0
    /// The arrival time one top-up run may take, at most, in seconds.
    static let seconds = 12.0

    /// The interactions to expose again, by index.
    let exposing: [Int]
    /// Arrivals of each of them, one at a time (``ExposurePlan``): as many as the one furthest from ``cap`` needs,
    /// within ``seconds``.
    let rounds: Int
    /// How long those arrivals are expected to take, one after another, in seconds: the top-up run's window, so that
    /// every exposed arrival comes beside the others arriving as declared.
    let windowSeconds: Double

    /// The top-up `result`'s stage needs, as `tree` judges it on `workload`; `nil` when none of the interactions
    /// calls for one (or the stage failed, or its results predate each arrival's hold).
    init?(_ result: StageResult, workload: Workload, tree: DecisionTree) {
        guard result.status == .ok, let interactions = result.interactions,
            interactions.count == workload.interactions.count,
            tree.judgment(of: result, workload: workload)?.judgment != .fails
        else { return nil }
        let hitchFreeMargin = tree.thresholds.hitchFreeMargin
        let runs = result.repetitions + (result.exposureRuns ?? [])
        let budget = workload.frameBudgetMs
        var exposing: [Int] = []
        var needed = 0
        for (index, interaction) in interactions.enumerated() {
            guard interaction.unfinished == 0, interaction.finishedArrivals < Self.cap else {
                continue
            }
            let holds = runs.compactMap { run in
                run.interactions.flatMap { $0.indices.contains(index) ? $0[index].holdsMs : nil }
            }.joined().sorted()
            guard let longest = holds.last else { continue }
            let typical = holds[holds.count / 2]
            let varies = longest >= Self.spreadFactor * typical && longest - typical >= budget / 2
            let nearAHitch = typical + workload.frameWorkMs >= budget * hitchFreeMargin
            guard varies || nearAHitch else { continue }
            exposing.append(index)
            needed = max(needed, Self.cap - interaction.finishedArrivals)
        }
        guard !exposing.isEmpty else { return nil }
        let perRound = exposing.reduce(0) { total, index in
            total + Self.secondsPerArrival(of: index, in: result, workload: workload)
        }
        self.exposing = exposing
        rounds = min(needed, max(Int(Self.seconds / max(perRound, 1e-3)), 1))
        windowSeconds = Double(rounds) * perRound
    }

    /// How long one exposed arrival of the interaction at `index` takes in `result`'s stage, in seconds: the sum of its
    /// steps' mean durations over the stage's runs, where each ran; otherwise its declared time (or the follow-through,
    /// for a wait of the user's code) and its longest hold; then the settling before the next arrival.
    private static func secondsPerArrival(of index: Int, in result: StageResult, workload: Workload) -> Double {
        let interaction = workload.interactions[index]
        let timings = StageResult.stepTimings(mergedFrom: result.repetitions + (result.exposureRuns ?? []))
            .filter { $0.key.interaction == index && $0.ran }
        let settling = (ExposurePlan.settleFrames + 1) / workload.refreshHz
        if timings.count == interaction.steps.count {
            return timings.reduce(0) { $0 + $1.meanMs } / 1000 + settling
        }
        let declared = Workload.declaredSeconds(of: interaction) ?? workload.followThroughSeconds
        let longest = (result.interactions?[index].longestBlockMs ?? 0) / 1000
        return declared + longest + settling
    }
}
