extension StageResult {
    /// The length of this stage's runs when every one was shorter than the profile's `durationSeconds`: its table
    /// run's (``Workload/tableRunSeconds``, a stage the verdict did not read); `nil` otherwise. Shorter by more than a
    /// millisecond, as a run's window is kept to the nanosecond and may fall a hair short of the duration asked for.
    func tableRunSeconds(durationSeconds: Double) -> Double? {
        let seconds = repetitions.compactMap(\.metrics?.arrivalSeconds)
        guard let longest = seconds.max(), longest > 0, longest < durationSeconds - 0.001 else { return nil }
        return longest
    }
}
