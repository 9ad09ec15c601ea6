/// A workload declared in Swift, whose steps run the user's own code: what ``Stagehand/main(workloads:)`` profiles.
///
/// The same model as a spec file (``Workload``), with code in place of guessed costs:
///
/// ```swift
/// let connections = Subsystem("connections") { ConnectionTable() }
///
/// let handleRequests = CodeWorkload(
///     "handle-requests",
///     description: "Many requests, each looking up and updating the shared connection table."
/// ) {
///     CodeInteraction("request", ratePerSecond: 200, arrival: .poisson)
///         .compute("parse") { try Request(parsing: sampleBytes) }
///         .state(connections) { table, request in table.touch(request.connectionID) }
///         .ui("badge") { count in StatusViewModel.shared.connections = count }
/// }
/// ```
///
/// The advisor, the report and the JSON see the model (``spec``): each step's kind and label, with a code step's
/// cost recorded as `code` and its measured mean.
public struct CodeWorkload: Sendable {
    /// The workload as the model sees it: what the advisor, the report and the JSON read.
    package let spec: Workload
    /// Each interaction's steps as they run, in the order of ``spec``'s.
    let interactions: [ErasedInteraction]
    let location: DeclarationSite

    /// - Parameters:
    ///   - name: a short name, used for report file names: letters, digits, `-`, `_` and `.`.
    ///   - description: what app behaviour it is, in a sentence or two.
    ///   - durationSeconds: how long each stage run takes arrivals.
    ///   - refreshHz: the display's refresh rate; the frame budget is `1000 / refreshHz` ms.
    ///   - frameWorkMs: the main thread's own work on every frame (layout, render commit), simulated.
    ///   - interactions: the interactions, each arriving at its own rate.
    public init(
        _ name: String,
        description: String = "",
        durationSeconds: Double = 3,
        refreshHz: Double = 60,
        frameWorkMs: Double = 2,
        fileID: String = #fileID,
        line: Int = #line,
        @InteractionsBuilder interactions: () -> [ErasedInteraction]
    ) {
        let interactions = interactions()
        self.interactions = interactions
        location = DeclarationSite(fileID: fileID, line: line)
        var subsystems: [String] = []
        for step in interactions.flatMap(\.steps) where step.kind == .state && !subsystems.contains(step.label) {
            subsystems.append(step.label)
        }
        spec = Workload(
            name: name,
            description: description,
            durationSeconds: durationSeconds,
            refreshHz: refreshHz,
            frameWorkMs: frameWorkMs,
            subsystems: subsystems,
            interactions: interactions.map { interaction in
                Interaction(
                    name: interaction.name,
                    ratePerSecond: interaction.ratePerSecond,
                    arrival: interaction.arrival,
                    steps: interaction.steps.map(\.spec)
                )
            }
        )
    }

    /// The body of each step, by position in ``spec``.
    var bodies: [[StepBody]] {
        interactions.map { $0.steps.map(\.body) }
    }

    /// How each subsystem's state is made, by name: the declared ``Subsystem``'s `initial`.
    var stateMakers: [String: @Sendable () -> SubsystemState] {
        var makers: [String: @Sendable () -> SubsystemState] = [:]
        for step in interactions.flatMap(\.steps) {
            if let subsystem = step.subsystem, makers[step.label] == nil { makers[step.label] = subsystem.makeState }
        }
        return makers
    }

    /// The step bodies and subsystem states a stage run of this workload uses.
    var code: WorkloadCode {
        WorkloadCode(bodies: bodies, stateMakers: stateMakers)
    }

    /// Checks every value as a spec file's are checked, naming where in the Swift source a bad one was declared.
    ///
    /// - Throws: ``SpecError`` with the source file, line and field.
    public func validate() throws(SpecError) {
        func fail(_ site: DeclarationSite, _ field: String, _ problem: SpecError.Problem) -> SpecError {
            SpecError(file: site.fileID, line: site.line, field: field, problem: problem)
        }
        func positive(_ value: Double, max: Double) -> Bool { value.isFinite && value > 0 && value <= max }
        let nameProblem = SpecDecoder.nameProblem
        typealias Limits = SpecDecoder.Limits
        if let problem = nameProblem(spec.name) { throw fail(location, "name", problem) }
        guard positive(spec.durationSeconds, max: Limits.durationSeconds) else {
            throw fail(
                location,
                "durationSeconds",
                .outOfRange("must be more than 0 and at most \(Limits.durationSeconds.reportFormatted)")
            )
        }
        guard Limits.refreshHz.contains(spec.refreshHz) else {
            throw fail(
                location,
                "refreshHz",
                .outOfRange(
                    "must be from \(Limits.refreshHz.lowerBound.reportFormatted) to "
                        + "\(Limits.refreshHz.upperBound.reportFormatted), got \(spec.refreshHz)"
                )
            )
        }
        guard spec.frameWorkMs.isFinite, spec.frameWorkMs >= 0, spec.frameWorkMs <= Limits.frameWorkMs else {
            throw fail(location, "frameWorkMs", .outOfRange("must be from 0 to \(Limits.frameWorkMs.reportFormatted)"))
        }
        guard !interactions.isEmpty else { throw fail(location, "interactions", .empty) }
        guard interactions.count <= Limits.interactions else {
            throw fail(location, "interactions", .outOfRange("at most \(Limits.interactions) interactions"))
        }
        var names: Set<String> = []
        var subsystems: [String: SubsystemIdentity] = [:]
        for (index, interaction) in interactions.enumerated() {
            let field = "interactions[\(index)]"
            let site = interaction.location
            if let problem = nameProblem(interaction.name) { throw fail(site, "\(field).name", problem) }
            guard names.insert(interaction.name).inserted else {
                throw fail(site, "\(field).name", .duplicate(interaction.name))
            }
            guard positive(interaction.ratePerSecond, max: Limits.ratePerSecond) else {
                throw fail(
                    site,
                    "\(field).ratePerSecond",
                    .outOfRange(
                        "must be more than 0 and at most \(Limits.ratePerSecond.reportFormatted), "
                            + "got \(interaction.ratePerSecond)"
                    )
                )
            }
            guard !interaction.steps.isEmpty else { throw fail(site, "\(field).steps", .empty) }
            guard interaction.steps.count <= Limits.stepsPerInteraction else {
                throw fail(site, "\(field).steps", .outOfRange("at most \(Limits.stepsPerInteraction) steps"))
            }
            for (position, step) in interaction.steps.enumerated() {
                let stepField = "\(field).steps[\(position)]"
                if let problem = nameProblem(step.label) { throw fail(step.site, "\(stepField).label", problem) }
                // States are kept by name: two subsystems of one name would share (or mistype) one state.
                if let subsystem = step.subsystem {
                    if let first = subsystems[step.label], !first.isSame(as: subsystem) {
                        throw fail(subsystem.location, "\(stepField).subsystem", .duplicate(step.label))
                    }
                    subsystems[step.label] = subsystems[step.label] ?? subsystem
                }
                switch step.body {
                case .simulated(.milliseconds(let ms)):
                    guard ms.isFinite, ms >= 0, ms <= Limits.stepMs else {
                        throw fail(step.site, "\(stepField).ms", .outOfRange("must be a finite number ≥ 0, got \(ms)"))
                    }
                case .simulated(.kernel(let kernel, let size)):
                    guard step.kind != .io else {
                        throw fail(step.site, "\(stepField).kernel", SpecDecoder.ioWithKernel)
                    }
                    guard (1...kernel.maximumSize).contains(size) else {
                        throw fail(
                            step.site,
                            "\(stepField).size",
                            .outOfRange("must be from 1 to \(kernel.maximumSize) (\(kernel.sizeMeaning)), got \(size)")
                        )
                    }
                default:
                    break
                }
            }
        }
    }
}

/// Collects ``CodeInteraction``s of any value type into a ``CodeWorkload``.
@resultBuilder
public enum InteractionsBuilder {
    public static func buildExpression<Value>(_ interaction: CodeInteraction<Value>) -> [ErasedInteraction] {
        [interaction.erased]
    }

    public static func buildBlock(_ parts: [ErasedInteraction]...) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    public static func buildArray(_ parts: [[ErasedInteraction]]) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [ErasedInteraction]?) -> [ErasedInteraction] {
        part ?? []
    }
}

/// What runs a workload's steps in a stage run: each step's body by position, and how each subsystem's state is
/// made. A spec file's workload has simulated bodies made from its costs.
struct WorkloadCode: Sendable {
    var bodies: [[StepBody]]
    var stateMakers: [String: @Sendable () -> SubsystemState]

    /// The simulated bodies of a spec's steps: each step's cost, and state that only counts its accesses.
    init(simulating workload: Workload) {
        bodies = workload.interactions.map { $0.steps.map { StepBody.simulated($0.cost) } }
        let simulated: @Sendable () -> SubsystemState = { SubsystemState() }
        stateMakers = Dictionary(uniqueKeysWithValues: workload.subsystems.map { ($0, simulated) })
    }

    init(bodies: [[StepBody]], stateMakers: [String: @Sendable () -> SubsystemState]) {
        self.bodies = bodies
        self.stateMakers = stateMakers
    }

    /// The bodies of `workload` when it is this code's workload scaled or shortened (a warm-up, a headroom probe):
    /// code steps keep their code, simulated steps take the workload's (possibly scaled) costs.
    func matching(_ workload: Workload) -> WorkloadCode {
        var code = self
        for (interaction, steps) in workload.interactions.enumerated() where interaction < bodies.count {
            for (step, spec) in steps.steps.enumerated() where step < bodies[interaction].count {
                if case .simulated = bodies[interaction][step] {
                    code.bodies[interaction][step] = .simulated(spec.cost)
                }
            }
        }
        return code
    }
}
