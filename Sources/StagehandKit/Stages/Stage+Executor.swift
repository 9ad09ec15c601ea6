extension Stage {
    /// Creates the executor that handles interactions the way this stage's code does, with each subsystem's state
    /// (by name, made by `makeState`, in the workload's order) kept where this stage keeps it.
    @MainActor
    func makeExecutor(subsystems: [(name: String, makeState: @Sendable () -> SubsystemState)]) -> any StageExecutor {
        switch self {
        case .mainOnly: MainOnly(state: MainActorSubsystems(subsystems.map(\.makeState)))
        case .async: AsyncHandlers(state: MainActorSubsystems(subsystems.map(\.makeState)))
        case .offloaded: Offloaded(state: MainActorSubsystems(subsystems.map(\.makeState)))
        case .actorExtracted: ActorExtracted(subsystems: subsystems)
        }
    }
}
