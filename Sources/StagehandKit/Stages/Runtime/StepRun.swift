/// One step of an arrived interaction: the real work or wait behind it (a simulated cost or the user's own code),
/// measured wherever the stage runs it.
///
/// A step that throws records its failure (counted for the step, with the first error's text) and rethrows, so the
/// stage code ends the interaction the way real code does: in its `catch`.
struct StepRun: ProbedStep, Sendable {
    let kind: StepKind
    /// The step's name; for a `state` step, its subsystem.
    let label: String
    /// The name of the interaction the step belongs to.
    let interaction: String
    let body: StepBody
    /// For a `state` step, its subsystem's position in the workload's `subsystems`.
    let subsystem: Int
    let key: StepTiming.Key
    /// The delivery number of the interaction the step belongs to, for the hop an awaited `io` step's answer asks.
    let delivery: Int
    let calibration: CalibratedWork
    let recorder: RunRecorder
    /// The interaction's current stretch on main, which this step extends or ends.
    let segment: MainSegment
    /// The value the step before returned, and where this step leaves its own.
    let flow: InteractionFlow
    /// Where an `io` body of the user's code runs its synchronous parts.
    var ioSemantics: IOSemantics = .defaultSemantics
    /// Where a warm-up keeps the inputs of code `compute` steps, for the ``TightLoop`` after the measured run.
    var inputs: TightLoop.Inputs? = nil

    /// Does the step's work right here, on whichever thread the stage runs it: CPU work, the user's `compute` code,
    /// or (on the main actor) the user's `ui` code.
    ///
    /// - Throws: what the user's code threw, after recording it for this step.
    func work() throws {
        try run(on: nil)
    }

    /// Does a `state` step's work on its subsystem's state, wherever the stage keeps that state (the main actor, or
    /// the subsystem's actor).
    ///
    /// - Throws: what the user's code threw, after recording it for this step.
    func work(on state: SubsystemState) throws {
        try run(on: state)
    }

    private func run(on state: SubsystemState?) throws {
        guard !recorder.progress.isCancelled else { return }
        guard recorder.probes else {
            _ = try perform(on: state)
            return
        }
        let onMain = MainQueue.isCurrent
        if !onMain { segment.close(at: nil) }  // the interaction's work has moved off main
        // The step runs on this thread from start to end, so this thread's count brackets its own allocations.
        let probe = StepProbe(holding: .thread(onMain: onMain), countingAllocations: true)
        var input: (any Sendable)?
        do {
            input = try perform(on: state)
        } catch {
            probe.end(self)
            throw failed(error)
        }
        probe.end(self, releasing: &input)
    }

    /// Does the step's work.
    ///
    /// - Returns: the value the step took, which the flow no longer holds (`nil` for a step that passes none on).
    private func perform(on state: SubsystemState?) throws -> (any Sendable)? {
        switch body {
        case .simulated(let cost):
            cost.perform(with: calibration)
            return nil
        case .compute(let code):
            // Only a warm-up keeps inputs (for the tight loop); what keeping one allocates is the harness's.
            if let inputs { AllocationExclusion.keptOut { inputs.keep(flow.current, for: key) } }
            return flow.pass(try code(flow.current))
        case .ui(let code):
            let input = flow.current
            // The call onto the main actor allocates (once per call, measured): the harness's, kept out on either
            // side of the user's code.
            let calling = AllocationExclusion.mark()
            var returned = calling
            defer { AllocationExclusion.keepOut(since: returned) }
            return flow.pass(
                try MainQueue.assumeMainActor { () throws -> any Sendable in
                    AllocationExclusion.keepOut(since: calling)
                    defer { returned = AllocationExclusion.mark() }
                    return try code(input)
                }
            )
        case .state(let code):
            guard let state else { preconditionFailure("a state step ran without its subsystem's state") }
            return flow.pass(try code(state, flow.current))
        case .io:
            preconditionFailure("an io step is waited for (blockingWait) or awaited (io), never worked")
        }
    }

    /// Blocks the calling thread until the `io` step completes, as synchronous I/O does: for a simulated step, its
    /// wait; for the user's code, its `async` body, its synchronous parts on this thread (`nonsending`, through
    /// ``BlockingIOCall``) or on the cooperative pool (`concurrent`) while this thread waits.
    ///
    /// In `main-only` this blocks main. A body that needs the main actor can then never run: the run deadlocks,
    /// and the ``BlockedMainWatch`` line on standard error says why in the watchdog's report.
    ///
    /// - Throws: what the user's code threw, after recording it for this step.
    func blockingWait() throws {
        guard !recorder.progress.isCancelled else { return }
        let onMain = MainQueue.isCurrent
        let probe = StepProbe(holding: .thread(onMain: onMain))
        guard case .io(let code) = body else {
            Platform.sleep(milliseconds: waitMs)
            return probe.end(self)
        }
        let outcome = BlockingIOCall.run(
            code,
            input: flow.current,
            semantics: ioSemantics,
            watched: onMain ? (label, interaction) : nil
        )
        var input: (any Sendable)? = if case .success(let value) = outcome { flow.pass(value) } else { nil }
        probe.end(self, releasing: &input)
        if case .failure(let error) = outcome { throw failed(error) }
    }

    /// Awaits the `io` step: the caller suspends, and resumes when the I/O completes. A simulated step's answer
    /// comes from the outside world (``OutsideWorld``). The user's `async` body runs where ``ioSemantics`` puts it:
    /// called on the caller's actor (`nonsending`; from main, through ``MainThreadIOCaller``, which times its parts on
    /// main), or on the pool (`concurrent`).
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`), as an awaited system API does: no hop is added. When
    /// that actor is the main actor, the answer asks to resume there (``RunRecorder/hopAsked(_:to:at:)``), and the
    /// stage's code records entering it.
    ///
    /// - Parameter called: leave it out. Its default is taken in the caller just before the call, so that this
    ///   function's frame, which the task's allocator may have to take from `malloc` (a new slab once the task's first
    ///   is full), is kept out of the workload's counts: the harness's, not the app's.
    /// - Returns: the instant the I/O completed, which is when the caller asked to resume.
    /// - Throws: what the user's code threw, after recording it for this step.
    nonisolated(nonsending) func io(
        called: AllocationExclusion.Mark = AllocationExclusion.mark()
    ) async throws -> Instant {
        AllocationExclusion.keepOut(since: called)
        let start = Instant.now
        guard !recorder.progress.isCancelled else { return start }
        let onMain = MainQueue.isCurrent
        segment.close(at: onMain ? start : nil)  // suspending: this main-actor job ends here
        let probe = StepProbe(holding: .nothing, at: start)
        let completed: Instant
        var failure: (any Error)?
        if case .io(let code) = body {
            // Not counted as awaiting io: the user's body may hold a thread (compute, a blocking call), on main or on
            // the pool as the semantics put it, so a warm-up waits for it rather than leave it running into the
            // measured run. It is counted as an io body in flight, so a body still awaiting its answer when the run
            // ends is not taken for work the stage had no thread for.
            recorder.progress.codeIOInFlight(true)
            let (outcome, at) =
                switch (ioSemantics, onMain) {
                case (.concurrent, _):
                    await Self.awaitCode(code, input: flow.current, resumingOnMain: onMain ? (recorder, delivery) : nil)
                case (.nonsending, true):
                    await callOnMain(code, called: AllocationExclusion.mark())
                case (.nonsending, false):
                    await Self.callHere(code, input: flow.current)
                }
            recorder.progress.codeIOInFlight(false)
            completed = at
            switch outcome {
            case .success(let value): flow.pass(value)
            case .failure(let error): failure = error
            }
        } else {
            if onMain {
                // The answer asks to resume on main when it comes, `waitMs` from now: pending from then on. Noted
                // here, so the outside world's callback captures nothing more (it would allocate more per step).
                recorder.hopAsked(delivery, to: .mainActor, at: start.adding(milliseconds: waitMs))
            }
            // The outside world answers; nothing of this run holds a thread meanwhile.
            let outlasting = recorder.progress.ioStarted(answeringAt: start.adding(milliseconds: waitMs))
            completed = await OutsideWorld.respond(afterMs: waitMs)
            recorder.progress.ioCompleted(outlasting: outlasting)
        }
        probe.end(self, at: completed)
        if let failure { throw failed(failure, at: completed) }
        return completed
    }

    /// Runs the user's `io` body off the caller's actor; with `resumingOnMain` (the recorder and the interaction's
    /// delivery number), its completion asks to resume on the main actor.
    ///
    /// - Returns: its outcome, and the instant it completed, before any hop back to the caller.
    @concurrent
    private static func awaitCode(
        _ code: IOBody,
        input: any Sendable,
        resumingOnMain: (recorder: RunRecorder, delivery: Int)?
    ) async -> (Result<any Sendable, any Error>, Instant) {
        Self.establishExecutor()
        let outcome: Result<any Sendable, any Error>
        do {
            outcome = .success(try await code(input))
        } catch {
            outcome = .failure(error)
        }
        let completed = Instant.now
        if let (recorder, delivery) = resumingOnMain {
            recorder.hopAsked(delivery, to: .mainActor, at: completed)
        }
        return (outcome, completed)
    }

    /// Calls the user's `io` body on the main thread, as `nonisolated(nonsending)` code is called from the main actor,
    /// with each of its synchronous parts timed there; its completion asks to resume on the main actor. Runs on the
    /// caller's actor (main) itself, so reaching the body adds no hop through the pool.
    ///
    /// - Parameter called: a mark taken just before the call: this function's frame, like ``io(called:)``'s, is the
    ///   harness's.
    private nonisolated(nonsending) func callOnMain(
        _ code: IOBody,
        called: AllocationExclusion.Mark
    ) async -> (Result<any Sendable, any Error>, Instant) {
        AllocationExclusion.keepOut(since: called)
        let caller = AllocationExclusion.keptOut {
            MainThreadIOCaller(recorder: recorder, key: key, delivery: delivery)
        }
        let (outcome, completed) = await caller.call(code, with: flow.current)
        recorder.hopAsked(delivery, to: .mainActor, at: completed)
        return (outcome, completed)
    }

    /// Calls the user's `io` body on the caller's executor, as `nonisolated(nonsending)` code is called (off main:
    /// the pool, where the interaction already is).
    private static nonisolated(nonsending) func callHere(
        _ code: IOBody,
        input: any Sendable
    ) async -> (Result<any Sendable, any Error>, Instant) {
        do {
            return (.success(try await code(input)), .now)
        } catch {
            return (.failure(error), .now)
        }
    }

    /// Makes the calling function's hop to its own executor happen before it calls a `nonisolated(nonsending)` body.
    ///
    /// Swift 6.3.1 elides the hop at the start of a `@concurrent` function, or an actor method, whose first action
    /// is to await a `nonisolated(nonsending)` closure: the closure then runs on the caller's caller, which is main
    /// here (measured: a `@concurrent` function awaiting such a closure first thing ran it on the main queue). Any
    /// synchronous call the compiler cannot see into counts as needing the executor and keeps the hop (related:
    /// swiftlang/swift#83812, #88993). The CLI tests that check where io bodies run catch it if it comes back.
    @inline(never)
    static func establishExecutor() {
        _ = Platform.monotonicNanoseconds
    }

    /// Records that the user's code threw `error` in this step (finishing at `end`, or now).
    ///
    /// - Returns: the error, to rethrow.
    private func failed(_ error: any Error, at end: Instant = .now) -> any Error {
        recorder.stepFailed(key, error: error, at: end)
        return error
    }

    private var waitMs: Double {
        if case .simulated(.milliseconds(let ms)) = body { return ms }
        return 0
    }
}
