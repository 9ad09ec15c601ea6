extension StageResult {
    /// How many runs a stage had, for the tables' `runs` row: "3", "3 + 1 exposure" ("3+1" where columns are narrow),
    /// "1 of 1 s" for a table run shorter than the profile's `durationSeconds` (a stage the verdict did not read,
    /// ``Workload/tableRunSeconds``), "–" for a stage not run. A profile stops each stage once the verdict no longer
    /// needs its runs, so stages side by side may differ.
    func runsCell(compact: Bool = false, durationSeconds: Double) -> String {
        guard status != .skipped else { return "–" }
        let exposure = exposureRuns?.count ?? 0
        let count =
            tableRunSeconds(durationSeconds: durationSeconds).map { "\(repetitions.count) of \($0.reportFormatted) s" }
            ?? "\(repetitions.count)"
        guard exposure > 0 else { return count }
        return compact ? "\(count)+\(exposure)" : "\(count) + \(exposure) exposure"
    }
}

extension ProfileResult {
    /// The fewest and the most runs a measured stage had (the environment's repetitions when none ran): a profile
    /// stops each stage once the verdict no longer needs its runs, so the two may differ.
    var runsPerStage: (fewest: Int, most: Int) {
        let counts = stages.filter { $0.status != .skipped }.map(\.repetitions.count)
        return (counts.min() ?? environment.repetitions, counts.max() ?? environment.repetitions)
    }
}
