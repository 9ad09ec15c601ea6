/// The workloads one executable can profile: those declared in Swift and compiled into it, then the built-in specs
/// and any spec file by path.
///
/// The `stagehand` executable's catalog has no code workloads; a user's executable passes its own to
/// `Stagehand.main(workloads:)`. A stage child re-executes the same binary, so it finds the same code here by the
/// workload's name.
package struct WorkloadCatalog: Sendable {
    /// The workloads declared in Swift, in the order given.
    package let code: [CodeWorkload]

    /// - Throws: ``SpecError`` naming the Swift source of the first workload that is invalid or whose name is taken.
    package init(code: [CodeWorkload] = []) throws(SpecError) {
        var names: Set<String> = []
        for workload in code {
            try workload.validate()
            guard names.insert(workload.spec.name).inserted else {
                throw SpecError(
                    file: workload.location.fileID,
                    line: workload.location.line,
                    field: "name",
                    problem: .duplicate(workload.spec.name)
                )
            }
        }
        self.code = code
    }

    /// The catalog a process runs with: set by `Stagehand.main(workloads:)` for the commands it runs.
    @TaskLocal package static var current = WorkloadCatalog.empty

    /// No code workloads: built-ins and spec files only.
    static let empty = WorkloadCatalog(validated: [])

    private init(validated code: [CodeWorkload]) {
        self.code = code
    }

    /// What `list` shows: the code workloads when there are any, else the built-in specs.
    ///
    /// - Throws: ``SpecError`` if a shipped spec is invalid (a bug that the test suite catches).
    package func listed() throws(SpecError) -> [Workload] {
        code.isEmpty ? try BuiltinWorkloads.all() : code.map(\.spec)
    }

    /// Finds a workload by name among the code workloads, then the built-ins, or else reads the spec file at that
    /// path.
    ///
    /// - Throws: ``SpecError`` when there is none by that name and no such file, or the spec is invalid.
    package func resolve(_ nameOrPath: String) throws(SpecError) -> Workload {
        if let workload = code.first(where: { $0.spec.name == nameOrPath }) { return workload.spec }
        do {
            return try BuiltinWorkloads.resolve(nameOrPath)
        } catch  where !code.isEmpty && error.file == nameOrPath && error.line == nil {
            throw SpecError(
                file: nameOrPath,
                line: nil,
                field: "",
                problem: .unreadable(
                    "no workload by that name in this executable (\(code.map(\.spec.name).joined(separator: ", "))), "
                        + "no built-in and no such file"
                )
            )
        }
    }

    /// What runs the steps of `workload` in a stage run: the code of the workload of that name declared in Swift, or
    /// the spec's simulated costs for a spec workload.
    ///
    /// - Throws: ``MissingCode`` when the spec has code steps and this executable has no workload of that name with
    ///   the same steps (a result file profiled again by another binary).
    func code(for workload: Workload) throws(MissingCode) -> WorkloadCode {
        guard workload.interactions.contains(where: { $0.steps.contains(where: \.cost.isCode) }) else {
            return WorkloadCode(simulating: workload)
        }
        // The same steps: kinds and labels, not only their number, or a ui body could run off main, or a state body
        // on another subsystem's state.
        guard let declared = code.first(where: { $0.spec.name == workload.name }),
            declared.spec.interactions.map(\.steps.count) == workload.interactions.map(\.steps.count),
            declared.spec.stepNames == workload.stepNames
        else { throw MissingCode(workload: workload.name) }
        return declared.code
    }

    /// A workload with code steps that this executable does not carry.
    struct MissingCode: Error, CustomStringConvertible {
        package var workload: String
        package var description: String {
            "the workload '\(workload)' runs code declared in Swift, and this executable has no workload of that name "
                + "with the same steps: profile it with the executable that declares it"
        }
    }
}
