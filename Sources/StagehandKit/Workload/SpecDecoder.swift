import Foundation
import Yams

/// Decodes and validates a workload spec (YAML, or JSON, which is YAML too) into a ``Workload``.
///
/// Every problem becomes a ``SpecError`` naming the file, the line and the field. Validation is strict: unknown keys,
/// missing costs, negative or non-finite numbers, empty lists, zero rates and undeclared subsystems are errors, so a
/// typo never silently changes what is measured.
package struct SpecDecoder: Sendable {
    /// Upper bounds that keep one spec from running for hours or exhausting memory.
    package enum Limits {
        package static let durationSeconds = 3600.0
        package static let ratePerSecond = 10_000.0
        static let stepMs = 3_600_000.0
        package static let refreshHz: ClosedRange<Double> = 1...240
        package static let interactions = 100
        static let stepsPerInteraction = 1000
        static let nameLength = 64
        static let frameWorkMs = 1000.0
    }

    /// What is wrong with `text` as a name, or `nil` for a good one: a name is safe in file names, Markdown tables,
    /// Mermaid charts and generated Swift identifiers. The one rule for names in spec files and in Swift.
    static func nameProblem(_ text: String) -> SpecError.Problem? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        guard
            text.isEmpty || text.count > Limits.nameLength || !text.allSatisfy(allowed.contains)
                || text.first == "." || text.first == "-"
        else { return nil }
        return .outOfRange(
            "must be 1–\(Limits.nameLength) letters, digits, '_', '-' or '.', not starting with '.' or '-'; "
                + "got '\(text)'"
        )
    }

    /// An `io` step given a kernel: an io step is a wait, not work.
    static let ioWithKernel = SpecError.Problem.malformedStep("an io step is a wait: give it 'ms', not a kernel")

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
private struct Reader {
    let file: String

    func workload(from root: Node) throws(SpecError) -> Workload {
        let spec = try mapping(root, field: "", allowed: Self.workloadKeys)
        let name = try self.name(try spec.required("name"), field: "name")
        let description = try spec.optional("description").map { node throws(SpecError) in
            try string(node, field: "description")
        }
        let duration = try spec.optional("duration-s").map { node throws(SpecError) in
            try number(node, field: "duration-s", in: .positive(max: SpecDecoder.Limits.durationSeconds))
        }
        let refresh = try spec.optional("refresh-hz").map { node throws(SpecError) in
            try number(node, field: "refresh-hz", in: .closed(SpecDecoder.Limits.refreshHz))
        }
        let frameWork = try spec.optional("frame-work-ms").map { node throws(SpecError) in
            try number(node, field: "frame-work-ms", in: .nonNegative(max: SpecDecoder.Limits.frameWorkMs))
        }
        let subsystems = try spec.optional("subsystems").map { node throws(SpecError) in
            try uniqueNames(node, field: "subsystems", allowEmpty: true)
        }
        let interactionsNode = try spec.required("interactions")
        let interactionNodes = try sequence(
            interactionsNode,
            field: "interactions",
            maxCount: SpecDecoder.Limits.interactions
        )
        var interactions: [Interaction] = []
        var seen: Set<String> = []
        for (index, node) in interactionNodes.enumerated() {
            let field = "interactions[\(index)]"
            let interaction = try self.interaction(node, field: field, subsystems: subsystems ?? [])
            guard seen.insert(interaction.name).inserted else {
                throw error(node, "\(field).name", .duplicate(interaction.name))
            }
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
            in: .positive(max: SpecDecoder.Limits.ratePerSecond)
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
            maxCount: SpecDecoder.Limits.stepsPerInteraction
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
        let label = try name(labelNode, field: "\(field).\(kind.rawValue)")
        if kind == .state, !subsystems.contains(label) {
            throw error(labelNode, "\(field).state", .undeclaredSubsystem(label, declared: subsystems))
        }
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
            let ms = try number(msNode, field: "\(field).ms", in: .nonNegative(max: SpecDecoder.Limits.stepMs))
            return Step(kind, label, .milliseconds(ms))
        case (nil, let kernelNode?):
            guard kind != .io else { throw error(kernelNode, "\(field).kernel", SpecDecoder.ioWithKernel) }
            let kernel = try self.kernel(kernelNode, field: "\(field).kernel")
            guard let sizeNode = spec.optional("size") else {
                throw error(node, "\(field).size", .missing)
            }
            let size = try integer(sizeNode, field: "\(field).size", in: 1...kernel.maximumSize)
            return Step(kind, label, .kernel(kernel, size: size))
        case (.some, .some):
            throw error(node, field, .malformedStep("give either 'ms' or 'kernel' with 'size', not both"))
        case (nil, nil):
            throw error(node, "\(field).ms", .missing)
        }
    }

    private func kernel(_ node: Node, field: String) throws(SpecError) -> Kernel {
        let text = try string(node, field: field)
        guard let kernel = Kernel(rawValue: text) else {
            let known = Kernel.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(node, field, .outOfRange("unknown kernel '\(text)'; expected one of: \(known)"))
        }
        return kernel
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
        guard !items.isEmpty else { throw error(node, field, .empty) }
        guard items.count <= maxCount else {
            throw error(node, field, .outOfRange("at most \(maxCount) entries, got \(items.count)"))
        }
        return items
    }

    private func string(_ node: Node, field: String) throws(SpecError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error(node, field, .wrongType(expected: "a string"))
        }
        return scalar.string
    }

    /// A name (``nameProblem(_:)``).
    private func name(_ node: Node, field: String) throws(SpecError) -> String {
        let text = try string(node, field: field)
        if let problem = SpecDecoder.nameProblem(text) { throw error(node, field, problem) }
        return text
    }

    private func uniqueNames(_ node: Node, field: String, allowEmpty: Bool) throws(SpecError) -> [String] {
        guard case .sequence(let sequence) = node else {
            throw error(node, field, .wrongType(expected: "a list of names"))
        }
        var names: [String] = []
        for (index, item) in sequence.enumerated() {
            let name = try self.name(item, field: "\(field)[\(index)]")
            guard !names.contains(name) else { throw error(item, "\(field)[\(index)]", .duplicate(name)) }
            names.append(name)
        }
        if names.isEmpty, !allowEmpty { throw error(node, field, .empty) }
        return names
    }

    enum Range {
        case positive(max: Double)
        case nonNegative(max: Double)
        case closed(ClosedRange<Double>)

        func contains(_ value: Double) -> Bool {
            switch self {
            case .positive(let max): value > 0 && value <= max
            case .nonNegative(let max): value >= 0 && value <= max
            case .closed(let range): range.contains(value)
            }
        }

        var wording: String {
            switch self {
            case .positive(let max): "a finite number > 0 and ≤ \(max.formatted)"
            case .nonNegative(let max): "a finite number ≥ 0 and ≤ \(max.formatted)"
            case .closed(let range): "a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)"
            }
        }
    }

    private func number(_ node: Node, field: String, in range: Range) throws(SpecError) -> Double {
        guard case .scalar = node, let value = node.float else {
            throw error(node, field, .wrongType(expected: range.wording))
        }
        guard value.isFinite, range.contains(value) else {
            throw error(node, field, .outOfRange("must be \(range.wording), got \(node.string ?? "\(value)")"))
        }
        return value
    }

    private func integer(_ node: Node, field: String, in range: ClosedRange<Int>) throws(SpecError) -> Int {
        guard case .scalar = node, let value = node.int else {
            throw error(
                node,
                field,
                .wrongType(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            )
        }
        guard range.contains(value) else {
            throw error(
                node,
                field,
                .outOfRange("must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value)")
            )
        }
        return value
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

extension Double {
    /// The number without a trailing `.0` when it is whole: `3600`, `0.5`.
    fileprivate var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
