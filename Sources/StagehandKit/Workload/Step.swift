/// One step of an interaction: what it does and what it costs.
package struct Step: Sendable, Codable, Equatable {
    package var kind: StepKind
    /// The step's name in the app (`decode`, `fetch`); for a `state` step, the subsystem it touches.
    package var label: String
    package var cost: Cost

    package init(_ kind: StepKind, _ label: String, _ cost: Cost) {
        self.kind = kind
        self.label = label
        self.cost = cost
    }
}
