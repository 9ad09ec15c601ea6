/// One kind of user interaction in a workload declared in Swift, built step by step from the user's own code.
///
/// Each step takes the value the step before returned (`Value`) and returns the value for the next, so an
/// interaction reads like the code it stands for:
///
/// ```swift
/// CodeInteraction("refresh", ratePerSecond: 2)
///     .io("fetch") { try await client.feed() }                          // () async throws -> Data
///     .compute("decode") { data in try JSONDecoder().decode(Feed.self, from: data) }
///     .state(cache) { cache, feed in cache.store(feed); return feed }
///     .ui("display") { feed in FeedViewModel.shared.show(feed) }        // on the main actor
/// ```
///
/// Where each step runs is the stage's choice, as in ``StepKind``: `ui` always on the main actor; `compute` on main
/// until `offloaded`, then in a `@concurrent` function; `io` awaited (in `main-only`, the main thread blocks until it
/// completes, as a synchronous call would); `state` on main until `actor-extracted`, then in its subsystem's actor.
///
/// A step that throws ends its interaction: the error is counted for that step and reported with its text, and the
/// run goes on. A step that traps crashes its stage run, which is reported as crashed.
///
/// Simulated steps (`ms:`, `kernel:`) mix in where there is no code yet; they pass the value on unchanged.
public struct CodeInteraction<Value: Sendable>: Sendable {
    let name: String
    let ratePerSecond: Double
    let arrival: Arrival
    private(set) var steps: [CodeStep]
    /// Where the interaction was declared, for errors in it.
    let location: DeclarationSite

    /// An interaction with no steps yet; add them with ``ui(_:fileID:line:_:)``, ``compute(_:fileID:line:_:)``,
    /// ``io(_:fileID:line:_:)`` and ``state(_:fileID:line:_:)``.
    ///
    /// - Parameters:
    ///   - name: its name in the report: letters, digits, `-`, `_` and `.`.
    ///   - ratePerSecond: arrivals per second.
    ///   - arrival: how arrivals are spaced: evenly, or a seeded Poisson process.
    ///   - fileID: where it is declared, for errors that point at it; leave the default.
    ///   - line: the line it is declared on, likewise.
    public init(
        _ name: String,
        ratePerSecond: Double,
        arrival: Arrival = .periodic,
        fileID: String = #fileID,
        line: Int = #line
    ) where Value == Void {
        self.name = name
        self.ratePerSecond = ratePerSecond
        self.arrival = arrival
        steps = []
        location = DeclarationSite(fileID: fileID, line: line)
    }

    private init(_ other: CodeInteraction<some Sendable>, adding step: CodeStep) {
        name = other.name
        ratePerSecond = other.ratePerSecond
        arrival = other.arrival
        steps = other.steps + [step]
        location = other.location
    }

    // MARK: The user's code

    /// A view update: a main-actor closure, on the main actor in every stage.
    public func ui<Next: Sendable>(
        _ label: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor @Sendable (Value) throws -> Next
    ) -> CodeInteraction<Next> {
        let site = DeclarationSite(fileID: fileID, line: line)
        let erased = StepBody.ui { AllocationExclusion.erase(try body($0 as! Value)) }
        return CodeInteraction<Next>(self, adding: CodeStep(.ui, label, at: site, erased))
    }

    /// CPU work that touches no UI state: a synchronous nonisolated closure, on main until `offloaded`, then in a
    /// `@concurrent` function on the cooperative pool.
    public func compute<Next: Sendable>(
        _ label: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @Sendable (Value) throws -> Next
    ) -> CodeInteraction<Next> {
        let site = DeclarationSite(fileID: fileID, line: line)
        return CodeInteraction<Next>(
            self,
            adding: CodeStep(.compute, label, at: site, .compute { AllocationExclusion.erase(try body($0 as! Value)) })
        )
    }

    /// Waiting on the outside world (a request, a file, a database): an `async throws` closure, awaited in every
    /// stage but `main-only`, where the main thread blocks until it completes.
    ///
    /// The body is `nonisolated(nonsending)`: called from the main actor (in `async` and `offloaded`), its
    /// synchronous parts run on main, as Swift 6.2 runs them, and so does every function it calls that is
    /// `nonisolated(nonsending)` (every `nonisolated async` function of a module built with Approachable
    /// Concurrency); `profile --io concurrent` runs it on the pool instead.
    ///
    /// In `main-only` a body that needs the main actor (a `@MainActor` call, `MainActor.run`) can never run while
    /// main waits for it: that stage run deadlocks, and is reported as hung with that explanation.
    public func io<Next: Sendable>(
        _ label: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: nonisolated(nonsending) @escaping @Sendable (Value) async throws -> Next
    ) -> CodeInteraction<Next> {
        let site = DeclarationSite(fileID: fileID, line: line)
        let erased = StepBody.io { AllocationExclusion.erase(try await body($0 as! Value)) }
        return CodeInteraction<Next>(self, adding: CodeStep(.io, label, at: site, erased))
    }

    /// Reads or writes `subsystem`'s state, which the closure gets `inout`: on the main actor until
    /// `actor-extracted`, then inside the subsystem's own actor.
    public func state<State, Next: Sendable>(
        _ subsystem: Subsystem<State>,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @Sendable (inout State, Value) throws -> Next
    ) -> CodeInteraction<Next> {
        let step = CodeStep(
            .state,
            subsystem.name,
            at: DeclarationSite(fileID: fileID, line: line),
            .state { state, value in
                // The harness made this box from `subsystem`: states are kept by name, and
                // ``CodeWorkload/validate()`` refuses two subsystems of one name, so the box holds a `State`.
                let box = unsafeDowncast(state, to: TypedSubsystemState<State>.self)
                return AllocationExclusion.erase(try body(&box.value, value as! Value))
            },
            subsystem: subsystem.identity
        )
        return CodeInteraction<Next>(self, adding: step)
    }

    // MARK: Simulated steps

    /// A simulated step of `ms` milliseconds: CPU work for `ui`, `compute` and `state`, a wait for `io`. The value
    /// passes through unchanged.
    public func simulated(
        _ kind: StepKind,
        _ label: String,
        ms: Double,
        fileID: String = #fileID,
        line: Int = #line
    ) -> Self {
        let site = DeclarationSite(fileID: fileID, line: line)
        return CodeInteraction(self, adding: CodeStep(kind, label, at: site, .simulated(.milliseconds(ms))))
    }

    /// A simulated step that runs one of Stagehand's kernels on an input of `size`. The value passes through.
    public func simulated(
        _ kind: StepKind,
        _ label: String,
        kernel: Kernel,
        size: Int,
        fileID: String = #fileID,
        line: Int = #line
    ) -> Self {
        let site = DeclarationSite(fileID: fileID, line: line)
        return CodeInteraction(self, adding: CodeStep(kind, label, at: site, .simulated(.kernel(kernel, size: size))))
    }

    /// A simulated `state` step of `ms` milliseconds on `subsystem` (placed as every `state` step is).
    public func simulated<State>(
        _ subsystem: Subsystem<State>,
        ms: Double,
        fileID: String = #fileID,
        line: Int = #line
    ) -> Self {
        CodeInteraction(
            self,
            adding: CodeStep(
                .state,
                subsystem.name,
                at: DeclarationSite(fileID: fileID, line: line),
                .simulated(.milliseconds(ms)),
                subsystem: subsystem.identity
            )
        )
    }

    /// The interaction with its types erased, for ``CodeWorkload``.
    var erased: ErasedInteraction {
        ErasedInteraction(
            name: name,
            ratePerSecond: ratePerSecond,
            arrival: arrival,
            steps: steps,
            location: location
        )
    }
}
