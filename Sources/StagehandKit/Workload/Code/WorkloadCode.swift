/// What runs a workload's steps in a stage run: each step's body by position, and how each subsystem's state is
/// made. A spec file's workload has simulated bodies made from its costs.
struct WorkloadCode: Sendable {
    var bodies: [[StepBody]]
    var stateMakers: [String: @Sendable () -> SubsystemState]

    /// The simulated bodies of a spec's steps: each step's cost, and state that only counts its accesses.
    init(simulating workload: Workload) {
        bodies = workload.interactions.map { $0.steps.map { StepBody.simulated($0.cost) } }
        let simulated: @Sendable () -> SubsystemState = { SubsystemState() }
        stateMakers = Dictionary(uniqueKeysWithValues: workload.subsystems.map { ($0, simulated) })
    }

    init(bodies: [[StepBody]], stateMakers: [String: @Sendable () -> SubsystemState]) {
        self.bodies = bodies
        self.stateMakers = stateMakers
    }

    /// The bodies of `workload` when it is this code's workload scaled or shortened (a warm-up, a headroom probe):
    /// code steps keep their code, simulated steps take the workload's (possibly scaled) costs.
    func matching(_ workload: Workload) -> WorkloadCode {
        var code = self
        for (interaction, steps) in workload.interactions.enumerated() where interaction < bodies.count {
            for (step, spec) in steps.steps.enumerated() where step < bodies[interaction].count {
                if case .simulated = bodies[interaction][step] {
                    code.bodies[interaction][step] = .simulated(spec.cost)
                }
            }
        }
        return code
    }
}
