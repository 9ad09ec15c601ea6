/// What a share of a hitch's time is put down to (docs/METRICS.md, "Hitch causes"): the frame's own work, main held
/// by no step or frame, or one step of the workload.
///
/// The tool decides on this value; it becomes text (`frame work`, `job overhead`, `compute: decode`) only in the JSON
/// (`hitchTimeByCause`, `longestStepOnMain`) and the report, where ``HitchCauseNames`` labels it, and is read back
/// from that text by the same table.
package enum HitchCause: Hashable, Sendable {
    /// The frame's own work (layout, render commit).
    case frameWork
    /// Main held by nothing recorded: main-actor job time outside steps, scheduling, the frame timer's latency.
    case jobOverhead
    /// One step of the workload, by its position.
    case step(StepTiming.Key)

    /// The step behind the cause, or `nil` for frame work and job overhead.
    package var step: StepTiming.Key? {
        if case .step(let key) = self { key } else { nil }
    }
}
