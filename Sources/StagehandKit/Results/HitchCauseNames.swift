/// Every hitch cause of one workload with its label, as the JSON and the report write it: `frame work`, `job
/// overhead`, then each step as `kind: label` in interaction, then step, order (with the interaction's name added
/// where two interactions have a step of that name, ``Workload/stepNames``). The one table that turns a cause into
/// text and text back into a cause.
package struct HitchCauseNames: Sendable {
    /// Every cause, in the order the hitch attribution numbers them: frame work, job overhead, then the steps.
    package let causes: [HitchCause]
    /// Each cause's label, in the order of ``causes``.
    package let labels: [String]
    private let byLabel: [String: HitchCause]

    package init(_ workload: Workload) {
        let steps = workload.interactions.enumerated().flatMap { interaction, spec in
            spec.steps.indices.map { HitchCause.step(StepTiming.Key(interaction: interaction, step: $0)) }
        }
        causes = [.frameWork, .jobOverhead] + steps
        labels = ["frame work", "job overhead"] + workload.stepNames
        byLabel = Dictionary(zip(labels, causes)) { first, _ in first }
    }

    /// The cause a label names, or `nil` for a label this workload does not have.
    package func cause(labelled label: String) -> HitchCause? { byLabel[label] }

    /// The step a label names, or `nil` when it names frame work, job overhead or nothing of this workload.
    package func step(labelled label: String) -> StepTiming.Key? { cause(labelled: label)?.step }
}
