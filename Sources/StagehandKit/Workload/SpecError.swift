/// A spec file that cannot become a `Workload`: what is wrong, and where.
///
/// The description names the file, the line (when the parser knows it) and the field path, e.g.
/// `my-app.yaml:14: interactions[0].steps[2].ms: must be a finite number ≥ 0, got -3`.
public struct SpecError: Error, CustomStringConvertible, Equatable {
    /// What was wrong.
    public enum Problem: Equatable, Sendable {
        /// The file is not valid YAML or JSON.
        case syntax(String)
        /// The file could not be read.
        case unreadable(String)
        /// A key the format does not know; `allowed` lists the keys that are.
        case unknownKey(String, allowed: [String])
        /// A required field is absent.
        case missing
        /// The value has the wrong type, e.g. a list where a number belongs.
        case wrongType(expected: String)
        /// The value is of the right type but outside its range.
        case outOfRange(String)
        /// A name used twice where names must be unique.
        case duplicate(String)
        /// A `state` step names a subsystem the workload does not declare.
        case undeclaredSubsystem(String, declared: [String])
        /// A list that must not be empty is.
        case empty
        /// A step is not `{ kind: label, ms: … }` or `{ kind: label, kernel: …, size: … }`.
        case malformedStep(String)
    }

    /// The spec file as the user named it.
    public var file: String
    /// The 1-based line, when the parser knows it.
    public var line: Int?
    /// The field path, e.g. `interactions[0].steps[2].ms`; empty for the whole file.
    public var field: String
    public var problem: Problem

    public init(file: String, line: Int?, field: String, problem: Problem) {
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        let subject = field.isEmpty ? "" : "\(field): "
        return "\(location): \(subject)\(explanation)"
    }

    private var explanation: String {
        switch problem {
        case .syntax(let detail): "not valid YAML or JSON: \(detail)"
        case .unreadable(let detail): "cannot read the file: \(detail)"
        case .unknownKey(let key, let allowed):
            "unknown key '\(key)'; expected one of: \(allowed.joined(separator: ", "))"
        case .missing: "required but missing"
        case .wrongType(let expected): "must be \(expected)"
        case .outOfRange(let detail): detail
        case .duplicate(let name): "'\(name)' is used more than once; names must be unique"
        case .undeclaredSubsystem(let name, let declared):
            declared.isEmpty
                ? "subsystem '\(name)' is not declared; add it to the top-level 'subsystems' list"
                : "subsystem '\(name)' is not declared; declared: \(declared.joined(separator: ", "))"
        case .empty: "must not be empty"
        case .malformedStep(let detail): detail
        }
    }
}
