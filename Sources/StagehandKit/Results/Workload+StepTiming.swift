extension Workload {
    /// The step at `key`, or `nil` when the workload has no such step.
    package func step(at key: StepTiming.Key) -> Step? {
        guard interactions.indices.contains(key.interaction),
            interactions[key.interaction].steps.indices.contains(key.step)
        else { return nil }
        return interactions[key.interaction].steps[key.step]
    }

    /// The step at `key` as ``stepNames`` names it, or `nil` when the workload has no such step.
    func stepName(_ key: StepTiming.Key) -> String? {
        guard interactions.indices.contains(key.interaction),
            interactions[key.interaction].steps.indices.contains(key.step)
        else { return nil }
        let before = interactions[..<key.interaction].reduce(0) { $0 + $1.steps.count }
        return stepNames[before + key.step]
    }
}
