/// One step measured from where it starts to where it ends, as package-benchmark's `startMeasurement` and
/// `stopMeasurement` bracket a benchmark's body: begun with ``init(holding:countingAllocations:at:)``, ended once with
/// ``end(_:at:)`` or ``end(_:releasing:)``.
///
/// Everything a step's end records goes through here: its timing (``RunRecorder/stepRan(_:kind:from:to:heldUntil:onMain:allocations:)``),
/// on main its part of the interaction's main-actor job (``MainSegment``), and its span in the trace. So a step
/// records the same way whichever stage runs it and however it ran: worked, waited for, or awaited.
///
/// A value on the stack that holds what was read at the step's start and nothing else: what its end records against
/// (the recorder, the interaction's stretch on main, the step's names) is the step's (``ProbedStep``), passed to the
/// end, so the probe holds no reference that could outlive it. Beginning and ending a step allocates nothing.
struct StepProbe: ~Copyable {
    /// What the step held while it ran.
    enum Holding {
        /// A thread from start to end: main (`onMain`), or another.
        case thread(onMain: Bool)
        /// No thread: an awaited `io` step, suspended until its answer comes.
        case nothing
    }

    private let holding: Holding
    /// This thread's count (``AllocationCounter/thisThreadCounted``) at the start, for a step that runs on this thread
    /// throughout: its allocations are read at its end, with its duration.
    private let allocated: UInt64?
    /// When the step started.
    let start: Instant

    /// Begins measuring a step at `start`, or now.
    ///
    /// - Parameters:
    ///   - holding: what the step holds while it runs (a thread, on main or not, or nothing while awaited).
    ///   - countingAllocations: whether to count what the step allocates, for a step that runs on this thread from
    ///     start to end (``StepTiming/allocations``).
    init(holding: Holding, countingAllocations: Bool = false, at start: Instant? = nil) {
        self.holding = holding
        allocated = countingAllocations ? AllocationCounter.thisThreadCounted : nil
        self.start = start ?? .now  // after the allocation count: reading it is not the step's
    }

    /// Ends `step` now, or at `end` when it completed somewhere else (an awaited step's answer, read where it came).
    consuming func end(_ step: borrowing some ProbedStep, at end: Instant? = nil) {
        if case .thread = holding, !step.recorder.probes { return }
        let end = end ?? .now
        record(step, to: end, heldUntil: end, allocations: allocations())
    }

    /// Ends `step` now, then releases `input`, the value the step took (the flow no longer holds it): freeing what
    /// the step before returned (the image pipeline's 3 MB read buffer, given back to the allocator) is not the step's
    /// own code, so not in its duration. On main it is still main-thread work, recorded with the step: busy time of
    /// its kind, a cause of late frames, part of the interaction's main-actor job.
    consuming func end(_ step: borrowing some ProbedStep, releasing input: inout (any Sendable)?) {
        // `input` is the caller's: alive until it is cleared below, after the step's end is read.
        let end = Instant.now
        let allocated = allocations()
        input = nil
        guard step.recorder.probes else { return }
        let onMain = if case .thread(onMain: true) = holding { true } else { false }
        record(step, to: end, heldUntil: onMain ? .now : end, allocations: allocated)
    }

    /// What this thread allocated for itself since the start, or `nil` when it was not counted then or is not now.
    private func allocations() -> UInt64? {
        guard let allocated, let now = AllocationCounter.thisThreadCounted, now >= allocated else { return nil }
        return now - allocated
    }

    /// Records `step`'s run from its start to `end`, holding its thread until `heldUntil`.
    private func record(
        _ step: borrowing some ProbedStep,
        to end: Instant,
        heldUntil: Instant,
        allocations: UInt64?
    ) {
        let recorder = step.recorder
        switch holding {
        case .thread(let onMain):
            recorder.stepRan(
                step.key,
                kind: MainWork(step.kind),
                from: start,
                to: end,
                heldUntil: heldUntil,
                onMain: onMain,
                allocations: allocations
            )
            if onMain { step.segment.stepOnMain(from: start, to: heldUntil) }
            recorder.trace?.step(step.label, kind: step.kind, of: step.interaction, from: start, to: end)
        case .nothing:
            recorder.stepRan(step.key, kind: .io, from: start, to: end, onMain: false)
            recorder.trace?.wait(.awaitedIO, step.label, of: step.interaction, from: start, to: end)
        }
    }
}

/// A step a ``StepProbe`` measures: what the probe's end records against, which the step holds for as long as it runs.
protocol ProbedStep {
    var recorder: RunRecorder { get }
    /// The interaction's current stretch on main, which a step on main extends.
    var segment: MainSegment { get }
    var key: StepTiming.Key { get }
    var kind: StepKind { get }
    /// The step's name, and its interaction's, for the trace.
    var label: String { get }
    var interaction: String { get }
}
