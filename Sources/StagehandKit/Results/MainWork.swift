/// What kept the main thread busy: the keys of ``StageMetrics/mainThreadBusyMsPerS``.
enum MainWork: String, Sendable, CaseIterable {
    case frame, ui, compute, state, io
    /// Main-actor job time outside any step: resuming, scheduling, the stage's own bookkeeping.
    case overhead

    /// The work a step of `kind` does on main.
    init(_ kind: StepKind) {
        switch kind {
        case .ui: self = .ui
        case .io: self = .io
        case .compute: self = .compute
        case .state: self = .state
        }
    }
}
