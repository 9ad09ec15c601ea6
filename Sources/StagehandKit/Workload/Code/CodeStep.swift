/// One step of a ``CodeInteraction``: its kind and label, what it runs, where it was declared, and, for a `state`
/// step on a declared ``Subsystem``, which one.
struct CodeStep: Sendable {
    var kind: StepKind
    var label: String
    var body: StepBody
    var site: DeclarationSite
    var subsystem: SubsystemIdentity?

    init(
        _ kind: StepKind,
        _ label: String,
        at site: DeclarationSite,
        _ body: StepBody,
        subsystem: SubsystemIdentity? = nil
    ) {
        self.kind = kind
        self.label = label
        self.body = body
        self.site = site
        self.subsystem = subsystem
    }

    /// The step as the model sees it: its kind, label and, for code, `code` (its mean is filled in once measured).
    var spec: Step {
        switch body {
        case .simulated(let cost): Step(kind, label, cost)
        default: Step(kind, label, .code(meanMs: nil))
        }
    }
}
