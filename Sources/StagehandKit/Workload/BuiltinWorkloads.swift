/// The workloads that ship inside the tool (from `Workloads/*.yaml`, embedded at build time).
package enum BuiltinWorkloads {
    /// The built-in workload names, sorted.
    package static var names: [String] {
        BuiltinWorkloadSources.files.keys.map { String($0.split(separator: ".").dropLast().joined(separator: ".")) }
            .sorted()
    }

    /// The spec text of a built-in workload, or `nil` when there is none by that name.
    package static func specText(named name: String) -> String? {
        BuiltinWorkloadSources.files["\(name).yaml"]
    }

    /// Every built-in workload, decoded.
    ///
    /// - Throws: ``SpecError`` if a shipped spec is invalid (a bug that the test suite catches).
    package static func all() throws(SpecError) -> [Workload] {
        var workloads: [Workload] = []
        for name in names { workloads.append(try resolve(name)) }
        return workloads
    }

    /// Finds a workload by built-in name, or else reads the spec file at that path.
    ///
    /// - Parameter nameOrPath: a built-in name such as `image-pipeline`, or a path to a YAML or JSON spec.
    /// - Throws: ``SpecError`` when neither exists or the spec is invalid.
    package static func resolve(_ nameOrPath: String) throws(SpecError) -> Workload {
        if let text = specText(named: nameOrPath) {
            return try SpecDecoder().decode(text, file: "Workloads/\(nameOrPath).yaml")
        }
        let looksLikeName = !nameOrPath.contains("/") && !nameOrPath.contains(".")
        if looksLikeName {
            throw SpecError(
                file: nameOrPath,
                line: nil,
                field: "",
                problem: .unreadable(
                    "no built-in workload by that name (built-ins: \(names.joined(separator: ", "))) and no such file"
                )
            )
        }
        return try SpecDecoder().decode(contentsOf: nameOrPath)
    }
}
