/// The first arrival of each interaction in a fresh process, before anything has warmed it: what a person meets the
/// first time they do something in a freshly launched app (a cache still cold, something built lazily on first use,
/// memory not yet touched).
///
/// Measured once per stage, in the child of its first run, before its warm-up: every interaction arrives once, one at
/// a time, each after the one before has ended and its frame has appeared (``ExposurePlan``, one round), and each is
/// followed to its end. No other arrival comes. Its holds on main are the stage's first arrivals
/// (``RepetitionResult/firstArrivals``); its frames and hitches are in no figure of the stage. Whatever of it is still
/// under way at its end skips its remaining steps, so nothing of it runs on into the warm-up or the measured run. It
/// brings every interaction, as a warm-up run does: when it leaves the heap steady, it stands for the warm-up
/// (``WarmUp/run(settledBelow:settlingSeconds:afterFirstRunFaulting:_:)``).
enum FirstArrivals {
    /// The window each first arrival's slot takes, at least: they come as soon as the one before has ended.
    static let slotSeconds = 0.05

    /// The run of `workload` that brings each interaction once.
    static func workload(of workload: Workload) -> Workload {
        var run = workload
        run.durationSeconds = min(workload.durationSeconds, slotSeconds * Double(max(workload.interactions.count, 1)))
        return run
    }

    /// How long a first-arrivals run of `workload` may take, at most: its window, and then each arrival waited for up
    /// to the follow-through and a settling after the one before, and the last followed through (for the watchdog).
    static func longestSeconds(of workload: Workload) -> Double {
        let run = self.workload(of: workload)
        let settle = (ExposurePlan.settleFrames + 1) / run.refreshHz
        return run.durationSeconds
            + Double(run.interactions.count + 1) * (run.followThroughSeconds + settle)
    }
}
