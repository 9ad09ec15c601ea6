/// One step measured from where it starts to where it ends, as package-benchmark's `startMeasurement` and
/// `stopMeasurement` bracket a benchmark's body: begun with ``RunRecorder/begin(_:kind:label:of:segment:holding:countingAllocations:at:)``,
/// ended once with ``end(at:)`` or ``end(releasing:)``.
///
/// Everything a step's end records goes through here: its timing (``RunRecorder/stepRan(_:kind:from:to:heldUntil:onMain:allocations:)``),
/// on main its part of the interaction's main-actor job (``MainSegment``), and its span in the trace. So a step
/// records the same way whichever stage runs it and however it ran: worked, waited for, or awaited.
///
/// A value on the stack that holds what it records against: beginning and ending a step allocates nothing.
struct StepProbe: ~Copyable {
    /// What the step held while it ran.
    enum Holding {
        /// A thread from start to end: main (`onMain`), or another.
        case thread(onMain: Bool)
        /// No thread: an awaited `io` step, suspended until its answer comes.
        case nothing
    }

    // `unowned(unsafe)`: a probe lives on the stack of the step's own method, and the `StepRun` it was begun from holds
    // the recorder and the segment until after the probe's end; being `~Copyable`, the probe cannot be copied away.
    // Held strongly, they cost two retain and release pairs a step: `benchmark-probes`' tight loop read 0.34, 0.45 and
    // 0.43 µs a step, against 0.28, 0.28 and 0.31 µs unowned and 0.25, 0.26 and 0.27 µs before the probe (interleaved).
    private unowned(unsafe) let recorder: RunRecorder
    private let key: StepTiming.Key
    private let kind: StepKind
    /// The step's name, and its interaction's, for the trace.
    private let label: String
    private let interaction: String
    /// The interaction's current stretch on main, which a step on main extends.
    private unowned(unsafe) let segment: MainSegment
    private let holding: Holding
    /// This thread's count (``AllocationCounter/thisThreadCounted``) at the start, for a step that runs on this thread
    /// throughout: its allocations are read at its end, with its duration.
    private let allocated: UInt64?
    /// When the step started.
    let start: Instant

    fileprivate init(
        recorder: RunRecorder,
        key: StepTiming.Key,
        kind: StepKind,
        label: String,
        interaction: String,
        segment: MainSegment,
        holding: Holding,
        countingAllocations: Bool,
        start: Instant?
    ) {
        self.recorder = recorder
        self.key = key
        self.kind = kind
        self.label = label
        self.interaction = interaction
        self.segment = segment
        self.holding = holding
        allocated = countingAllocations ? AllocationCounter.thisThreadCounted : nil
        self.start = start ?? .now  // after the allocation count: reading it is not the step's
    }

    /// Ends the step now, or at `end` when it completed somewhere else (an awaited step's answer, read where it came).
    consuming func end(at end: Instant? = nil) {
        if case .thread = holding, !recorder.probes { return }
        let end = end ?? .now
        record(to: end, heldUntil: end, allocations: allocations())
    }

    /// Ends the step now, then releases `input`, the value the step took (the flow no longer holds it): freeing what
    /// the step before returned (the image pipeline's 3 MB read buffer, given back to the allocator) is not the step's
    /// own code, so not in its duration. On main it is still main-thread work, recorded with the step: busy time of
    /// its kind, a cause of late frames, part of the interaction's main-actor job.
    consuming func end(releasing input: inout (any Sendable)?) {
        // `input` is the caller's: alive until it is cleared below, after the step's end is read.
        let end = Instant.now
        let allocated = allocations()
        input = nil
        guard recorder.probes else { return }
        let onMain = if case .thread(onMain: true) = holding { true } else { false }
        record(to: end, heldUntil: onMain ? .now : end, allocations: allocated)
    }

    /// What this thread allocated for itself since the start, or `nil` when it was not counted then or is not now.
    private func allocations() -> UInt64? {
        guard let allocated, let now = AllocationCounter.thisThreadCounted, now >= allocated else { return nil }
        return now - allocated
    }

    /// Records the step's run from its start to `end`, holding its thread until `heldUntil`.
    private func record(to end: Instant, heldUntil: Instant, allocations: UInt64?) {
        switch holding {
        case .thread(let onMain):
            recorder.stepRan(
                key,
                kind: MainWork(kind),
                from: start,
                to: end,
                heldUntil: heldUntil,
                onMain: onMain,
                allocations: allocations
            )
            if onMain { segment.stepOnMain(from: start, to: heldUntil) }
            recorder.trace?.step(label, kind: kind, of: interaction, from: start, to: end)
        case .nothing:
            recorder.stepRan(key, kind: .io, from: start, to: end, onMain: false)
            recorder.trace?.wait(.awaitedIO, label, of: interaction, from: start, to: end)
        }
    }
}

extension RunRecorder {
    /// Begins measuring step `key` of `kind`, named `label` in interaction `interaction`, whose stretch on main is
    /// `segment`: at `start`, or now.
    ///
    /// - Parameters:
    ///   - holding: what the step holds while it runs (a thread, on main or not, or nothing while awaited).
    ///   - countingAllocations: whether to count what the step allocates, for a step that runs on this thread from
    ///     start to end (``StepTiming/allocations``).
    /// - Returns: the probe, to end where the step ends. The probe does not keep the recorder or `segment` alive: the
    ///   caller must hold both until the probe's end (``StepRun``, which holds them, is the one caller).
    func begin(
        _ key: StepTiming.Key,
        kind: StepKind,
        label: String,
        of interaction: String,
        segment: MainSegment,
        holding: StepProbe.Holding,
        countingAllocations: Bool = false,
        at start: Instant? = nil
    ) -> StepProbe {
        StepProbe(
            recorder: self,
            key: key,
            kind: kind,
            label: label,
            interaction: interaction,
            segment: segment,
            holding: holding,
            countingAllocations: countingAllocations,
            start: start
        )
    }
}
