import Foundation
import Yams

/// Decodes a workload spec (YAML, or JSON, which is YAML too) into a ``Workload``, checking each value against
/// ``WorkloadValidator``'s rules as it reads it.
///
/// Every problem becomes a ``SpecError`` naming the file, the line and the field. Decoding is strict: unknown keys,
/// missing costs, negative or non-finite numbers, empty lists, zero rates and undeclared subsystems are errors, so a
/// typo never silently changes what is measured.
package struct SpecDecoder: Sendable {
    package init() {}

    /// Reads and decodes the spec file at `path`.
    ///
    /// - Throws: ``SpecError`` when the file cannot be read or is not a valid spec.
    package func decode(contentsOf path: String) throws(SpecError) -> Workload {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SpecError(file: path, line: nil, field: "", problem: .unreadable(Self.reason(for: error, path: path)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // Found by fuzzing: Foundation's own message here was "The operation could not be completed."
            let valid = String(decoding: data, as: UTF8.self).prefix { $0 != "\u{FFFD}" }
            let line = valid.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            throw SpecError(file: path, line: line, field: "", problem: .syntax("not UTF-8 text"))
        }
        return try decode(text, file: path)
    }

    /// Decodes spec text; `file` is only used in error messages.
    ///
    /// - Throws: ``SpecError`` naming the first problem found.
    package func decode(_ text: String, file: String) throws(SpecError) -> Workload {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw SpecError(
                file: file,
                line: Self.line(of: error),
                field: "",
                problem: .syntax(Self.summary(of: error))
            )
        }
        guard let root else {
            throw SpecError(file: file, line: 1, field: "", problem: .empty)
        }
        return try Reader(file: file).workload(from: root)
    }

    private static func reason(for error: any Error, path: String) -> String {
        FileManager.default.fileExists(atPath: path) ? "\(error.localizedDescription)" : "no such file"
    }

    private static func line(of error: any Error) -> Int? {
        guard let error = error as? YamlError else { return nil }
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        case .duplicatedKeysInMapping(_, let context): return context.mark.line
        default: return nil
        }
    }

    private static func summary(of error: any Error) -> String {
        guard let error = error as? YamlError else { return "\(error)" }
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        case .duplicatedKeysInMapping(let duplicates, _):
            return "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))"
        default:
            return "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
    }
}

// MARK: - Reading nodes

/// Walks the composed YAML tree, checking each field where it stands so errors carry its line.
///
/// The rules on values are ``WorkloadValidator``'s; the Reader applies each as it reads the value, between its own
/// checks of the file's shape, so that the problem it reports is the first one it meets.
private struct Reader {
    typealias Limits = WorkloadValidator.Limits

    let file: String

    func workload(from root: Node) throws(SpecError) -> Workload {
        let spec = try mapping(root, field: "", allowed: Self.workloadKeys)
        let name = try self.name(try spec.required("name"), field: "name")
        let description = try spec.optional("description").map { node throws(SpecError) in
            try string(node, field: "description")
        }
        let duration = try spec.optional("duration-s").map { node throws(SpecError) in
            try number(node, field: "duration-s", in: Limits.durationSeconds)
        }
        let refresh = try spec.optional("refresh-hz").map { node throws(SpecError) in
            try number(node, field: "refresh-hz", in: Limits.refreshHz)
        }
        let frameWork = try spec.optional("frame-work-ms").map { node throws(SpecError) in
            try number(node, field: "frame-work-ms", in: Limits.frameWorkMs)
        }
        let subsystems = try spec.optional("subsystems").map { node throws(SpecError) in
            try uniqueNames(node, field: "subsystems")
        }
        let interactionsNode = try spec.required("interactions")
        let interactionNodes = try sequence(
            interactionsNode,
            field: "interactions",
            maxCount: Limits.interactions
        )
        var interactions: [Interaction] = []
        var names = WorkloadValidator.UniqueNames()
        for (index, node) in interactionNodes.enumerated() {
            let field = "interactions[\(index)]"
            let interaction = try self.interaction(node, field: field, subsystems: subsystems ?? [])
            try check(names.problem(adding: interaction.name), node, "\(field).name")
            interactions.append(interaction)
        }
        var workload = Workload(name: name, interactions: interactions)
        workload.description = description ?? ""
        workload.durationSeconds = duration ?? workload.durationSeconds
        workload.refreshHz = refresh ?? workload.refreshHz
        workload.frameWorkMs = frameWork ?? workload.frameWorkMs
        workload.subsystems = subsystems ?? []
        return workload
    }

    static let workloadKeys = [
        "name", "description", "duration-s", "refresh-hz", "frame-work-ms", "subsystems", "interactions",
    ]
    static let interactionKeys = ["name", "rate-per-s", "arrival", "steps"]
    static let stepKeys = StepKind.allCases.map(\.rawValue) + ["ms", "kernel", "size"]

    private func interaction(_ node: Node, field: String, subsystems: [String]) throws(SpecError) -> Interaction {
        let spec = try mapping(node, field: field, allowed: Self.interactionKeys)
        let name = try self.name(try spec.required("name"), field: "\(field).name")
        let rate = try number(
            try spec.required("rate-per-s"),
            field: "\(field).rate-per-s",
            in: Limits.ratePerSecond
        )
        var arrival = Arrival.periodic
        if let arrivalNode = spec.optional("arrival") {
            let text = try string(arrivalNode, field: "\(field).arrival")
            guard let parsed = Arrival(rawValue: text) else {
                throw error(
                    arrivalNode,
                    "\(field).arrival",
                    .outOfRange(
                        "must be one of \(Arrival.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'"
                    )
                )
            }
            arrival = parsed
        }
        let stepNodes = try sequence(
            try spec.required("steps"),
            field: "\(field).steps",
            maxCount: Limits.stepsPerInteraction
        )
        var steps: [Step] = []
        for (index, stepNode) in stepNodes.enumerated() {
            steps.append(try step(stepNode, field: "\(field).steps[\(index)]", subsystems: subsystems))
        }
        return Interaction(name: name, ratePerSecond: rate, arrival: arrival, steps: steps)
    }

    private func step(_ node: Node, field: String, subsystems: [String]) throws(SpecError) -> Step {
        let spec = try mapping(node, field: field, allowed: Self.stepKeys)
        let kinds = StepKind.allCases.filter { spec.optional($0.rawValue) != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            let detail =
                kinds.isEmpty
                ? "a step needs one of ui, io, compute, state naming it, e.g. { compute: decode, ms: 20 }"
                : "a step has exactly one kind, found \(kinds.map(\.rawValue).joined(separator: " and "))"
            throw error(node, field, .malformedStep(detail))
        }
        let labelNode = spec.optional(kind.rawValue)!
        let labelField = "\(field).\(kind.rawValue)"
        let label = try name(labelNode, field: labelField)
        try check(WorkloadValidator.subsystemProblem(label, kind: kind, declared: subsystems), labelNode, labelField)
        let msNode = spec.optional("ms")
        let kernelNode = spec.optional("kernel")
        switch (msNode, kernelNode) {
        case (let msNode?, nil):
            if let sizeNode = spec.optional("size") {
                throw error(
                    sizeNode,
                    "\(field).size",
                    .malformedStep("'size' belongs with 'kernel'; this step has 'ms'")
                )
            }
            let ms = try number(msNode, field: "\(field).ms", in: Limits.stepMs)
            return Step(kind, label, .milliseconds(ms))
        case (nil, let kernelNode?):
            try check(WorkloadValidator.kernelProblem(kind: kind), kernelNode, "\(field).kernel")
            let kernel = try self.kernel(kernelNode, field: "\(field).kernel")
            guard let sizeNode = spec.optional("size") else {
                throw error(node, "\(field).size", .missing)
            }
            let size = try integer(sizeNode, field: "\(field).size", in: Limits.kernelSize(upTo: kernel.maximumSize))
            return Step(kind, label, kernel.cost(size))
        case (.some, .some):
            throw error(node, field, .malformedStep("give either 'ms' or 'kernel' with 'size', not both"))
        case (nil, nil):
            throw error(node, "\(field).ms", .missing)
        }
    }

    /// A kernel named in a spec: one of the workload API's, or one that tests Stagehand itself.
    private enum NamedKernel {
        case workload(Kernel)
        case test(TestKernel)

        static let names = Kernel.allCases.map(\.rawValue) + TestKernel.allCases.map(\.rawValue)

        var maximumSize: Int {
            switch self {
            case .workload(let kernel): kernel.maximumSize
            case .test(let kernel): kernel.maximumSize
            }
        }

        func cost(_ size: Int) -> Cost {
            switch self {
            case .workload(let kernel): .kernel(kernel, size: size)
            case .test(let kernel): .testKernel(kernel, size: size)
            }
        }
    }

    private func kernel(_ node: Node, field: String) throws(SpecError) -> NamedKernel {
        let text = try string(node, field: field)
        if let kernel = Kernel(rawValue: text) { return .workload(kernel) }
        if let kernel = TestKernel(rawValue: text) { return .test(kernel) }
        let known = NamedKernel.names.joined(separator: ", ")
        throw error(node, field, .outOfRange("unknown kernel '\(text)'; expected one of: \(known)"))
    }

    // MARK: Typed values

    private func mapping(_ node: Node, field: String, allowed: [String]) throws(SpecError) -> FieldMap {
        guard case .mapping(let mapping) = node else {
            throw error(node, field, .wrongType(expected: "a mapping of keys to values"))
        }
        var fields: [String: Node] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let path = field.isEmpty ? key : "\(field).\(key)"
            guard allowed.contains(key) else {
                throw error(keyNode, path, .unknownKey(key, allowed: allowed))
            }
            guard fields[key] == nil else {
                throw error(keyNode, path, .duplicate(key))
            }
            fields[key] = value
        }
        return FieldMap(reader: self, node: node, field: field, fields: fields)
    }

    private func sequence(_ node: Node, field: String, maxCount: Int) throws(SpecError) -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error(node, field, .wrongType(expected: "a list"))
        }
        let items = Array(sequence)
        try check(WorkloadValidator.countProblem(items.count, max: maxCount), node, field)
        return items
    }

    private func string(_ node: Node, field: String) throws(SpecError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error(node, field, .wrongType(expected: "a string"))
        }
        return scalar.string
    }

    /// A name (``WorkloadValidator/nameProblem(_:)``).
    private func name(_ node: Node, field: String) throws(SpecError) -> String {
        let text = try string(node, field: field)
        try check(WorkloadValidator.nameProblem(text), node, field)
        return text
    }

    private func uniqueNames(_ node: Node, field: String) throws(SpecError) -> [String] {
        guard case .sequence(let sequence) = node else {
            throw error(node, field, .wrongType(expected: "a list of names"))
        }
        var names: [String] = []
        var unique = WorkloadValidator.UniqueNames()
        for (index, item) in sequence.enumerated() {
            let name = try self.name(item, field: "\(field)[\(index)]")
            try check(unique.problem(adding: name), item, "\(field)[\(index)]")
            names.append(name)
        }
        return names
    }

    private func number(_ node: Node, field: String, in bound: WorkloadValidator.Bound) throws(SpecError) -> Double {
        guard case .scalar = node, let value = node.float else {
            throw error(node, field, .wrongType(expected: bound.wording))
        }
        try check(bound.problem(with: value, written: node.string ?? "\(value)"), node, field)
        return value
    }

    private func integer(_ node: Node, field: String, in bound: WorkloadValidator.Bound) throws(SpecError) -> Int {
        guard case .scalar = node, let value = node.int else {
            throw error(node, field, .wrongType(expected: bound.wording))
        }
        try check(bound.problem(with: Double(value), written: String(value)), node, field)
        return value
    }

    /// Throws `problem`, if there is one, as the error at `node`.
    private func check(_ problem: SpecError.Problem?, _ node: Node, _ field: String) throws(SpecError) {
        if let problem { throw error(node, field, problem) }
    }

    func error(_ node: Node, _ field: String, _ problem: SpecError.Problem) -> SpecError {
        SpecError(file: file, line: node.mark?.line, field: field, problem: problem)
    }
}

/// The fields of one mapping, already checked against the allowed keys.
private struct FieldMap {
    let reader: Reader
    let node: Node
    let field: String
    let fields: [String: Node]

    func optional(_ key: String) -> Node? { fields[key] }

    func required(_ key: String) throws(SpecError) -> Node {
        guard let value = fields[key] else {
            throw reader.error(node, field.isEmpty ? key : "\(field).\(key)", .missing)
        }
        return value
    }
}
