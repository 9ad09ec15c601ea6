extension Workload {
    /// How long a table run's arrival window is, at most: the one run of a stage the verdict did not read
    /// (``RoundSchedule/isTableRound``). Its figures are in the side-by-side table alone, with the spread a run this
    /// short has (``ProfileResult/figureSpreads``); a second is 60 frames at 60 Hz, enough to show a stage far past
    /// the budget, and two fewer seconds than an ordinary run for a figure no verdict reads.
    static let tableRunSeconds = 1.0

    /// The workload of a table run: ``tableRunSeconds`` long (or the workload's duration, if shorter).
    var tableRun: Workload {
        var run = self
        run.durationSeconds = min(durationSeconds, Self.tableRunSeconds)
        return run
    }
}
