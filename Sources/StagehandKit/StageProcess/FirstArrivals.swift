/// The first arrival of each interaction in a fresh process, before any other arrival of it: what a person meets the
/// first time they do something in a freshly launched app (a cache still cold, something built lazily on first use,
/// memory not yet touched).
///
/// Measured once per stage, in the child of its first run, before its warm-up: every interaction arrives once, in
/// the workload's order, one at a time, each after the one before has ended and its frame has appeared
/// (``ExposurePlan``, one round), and each is followed to its end. No other arrival comes. So each is the first of its
/// own, though what the interactions share (the stage's executor, the runtime's paths) has run for those before it.
/// Its holds on main are the stage's first arrivals (``RepetitionResult/firstArrivals``); its frames and hitches are
/// in no figure of the stage. Whatever of it is still under way at its end skips its remaining steps, and the child
/// waits (up to a follow-through) until nothing of it runs, so none of it runs on into the warm-up or the measured run.
/// When every first arrival ran to its end and the run took fewer page faults than a warm-up run that has settled, it
/// stands for the warm-up (``WarmUp/run(settledBelow:settlingSeconds:afterFirstRunFaulting:_:)``): it brought every
/// interaction, one at a time where a warm-up overlaps them.
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
