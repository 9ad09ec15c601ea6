/// A workload declared in Swift, whose steps run the user's own code: what `Stagehand.main(workloads:)` profiles.
///
/// The same model as a spec file (<doc:SpecFormat>), with code in place of guessed costs:
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
/// The advisor, the report and the JSON see the model: each step's kind and label, with a code step's cost recorded
/// as `code` and its measured mean. <doc:ProfilingYourCode> walks through a workload executable.
public struct CodeWorkload: Sendable {
    /// The workload as the model sees it: what the advisor, the report and the JSON read.
    package let spec: Workload
    /// Each interaction's steps as they run, in the order of ``spec``'s.
    let interactions: [ErasedInteraction]
    let location: DeclarationSite

    /// A workload of `interactions`, each arriving at its own rate, run for `durationSeconds` per stage run.
    ///
    /// - Parameters:
    ///   - name: a short name, used for report file names: letters, digits, `-`, `_` and `.`.
    ///   - description: what app behaviour it is, in a sentence or two.
    ///   - durationSeconds: how long each stage run takes arrivals.
    ///   - refreshHz: the display's refresh rate; the frame budget is `1000 / refreshHz` ms.
    ///   - frameWorkMs: the main thread's own work on every frame (layout, render commit), simulated.
    ///   - fileID: where the workload is declared, for errors that point at it; leave the default.
    ///   - line: the line it is declared on, likewise.
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

    /// Checks every value by the rules spec files follow, then that no two subsystems share a name, naming where in
    /// the Swift source a bad value was declared.
    ///
    /// `Stagehand.main(workloads:)` calls it for every workload before any command runs.
    ///
    /// - Throws: ``SpecError`` with the source file, line and field, the field as this API names it.
    public func validate() throws(SpecError) {
        do throws(WorkloadValidator.BrokenRule) {
            try WorkloadValidator.validate(spec)
        } catch {
            throw self.error(error.problem, at: error.field)
        }
        // States are kept by name: two subsystems of one name would share (or mistype) one state.
        var subsystems: [String: SubsystemIdentity] = [:]
        for (index, interaction) in interactions.enumerated() {
            for (position, step) in interaction.steps.enumerated() {
                guard let subsystem = step.subsystem else { continue }
                if let first = subsystems[step.label], !first.isSame(as: subsystem) {
                    throw SpecError(
                        file: subsystem.location.fileID,
                        line: subsystem.location.line,
                        field: "interactions[\(index)].steps[\(position)].subsystem",
                        problem: .duplicate(step.label)
                    )
                }
                subsystems[step.label] = subsystems[step.label] ?? subsystem
            }
        }
    }

    /// The error for `problem` at `field`, at the place the field was declared.
    private func error(_ problem: SpecError.Problem, at field: WorkloadValidator.Field) -> SpecError {
        let (site, path) = place(of: field)
        return SpecError(file: site.fileID, line: site.line, field: path, problem: problem)
    }

    /// Where `field` was declared, and its path as this API's parameters name it.
    private func place(of field: WorkloadValidator.Field) -> (DeclarationSite, String) {
        switch field {
        case .name: return (location, "name")
        case .durationSeconds: return (location, "durationSeconds")
        case .refreshHz: return (location, "refreshHz")
        case .frameWorkMs: return (location, "frameWorkMs")
        case .interactions: return (location, "interactions")
        case .subsystem(let index):
            // A subsystem's name is given where a state step uses it: the first such step is where it is wrong.
            return place(of: firstUse(ofSubsystem: spec.subsystems[index]))
        case .interaction(let index, let field):
            let interaction = interactions[index]
            let path = "interactions[\(index)]"
            switch field {
            case .name: return (interaction.location, "\(path).name")
            case .ratePerSecond: return (interaction.location, "\(path).ratePerSecond")
            case .steps: return (interaction.location, "\(path).steps")
            case .step(let position, let field):
                return (interaction.steps[position].site, "\(path).steps[\(position)].\(field.rawValue)")
            }
        }
    }

    /// The label of the first `state` step on the subsystem called `name`.
    private func firstUse(ofSubsystem name: String) -> WorkloadValidator.Field {
        for (index, interaction) in interactions.enumerated() {
            if let position = interaction.steps.firstIndex(where: { $0.kind == .state && $0.label == name }) {
                return .interaction(index, .step(position, .label))
            }
        }
        preconditionFailure("the model's subsystems are those its state steps name")
    }
}
