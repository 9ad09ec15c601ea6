/// What one scan found: `--json` writes it, the terminal and Markdown render it.
public struct ScanResult: Sendable, Codable {
    /// A source file the scan could not read or parse, skipped rather than fatal.
    public struct SkippedFile: Sendable, Codable, Equatable {
        public var file: String
        public var reason: String
    }

    /// In file, line and column order.
    public var findings: [Finding]
    /// The steps of the workloads the tree declares in Swift, with the declarations they call: what `stagehand
    /// profile --scan` names in its report.
    public var steps: [WorkloadStep]
    public var skipped: [SkippedFile]
    /// Swift files scanned (skipped ones not counted), and their lines.
    public var files: Int
    public var lines: Int
    public var seconds: Double
    /// What a scaffold offers to measure; not part of `--json`.
    var candidates: [ScaffoldCandidate] = []

    enum CodingKeys: String, CodingKey {
        case findings, steps, skipped, files, lines, seconds
    }

    /// A starting workload executable for the scanned tree (`stagehand scan --scaffold`).
    /// - Parameters:
    ///   - target: the executable target's name.
    ///   - path: its directory, relative to the package.
    public func scaffold(target: String, path: String) -> Scaffold {
        Scaffold(candidates: candidates, target: target, path: path)
    }

    /// `stagehand plan`'s workload target for the scanned tree: a file per candidate it can measure, and `main.swift`.
    /// - Parameters:
    ///   - path: its directory, relative to the package.
    ///   - existing: the Swift files in that directory now, by name.
    ///   - excluded: workloads to leave out, by name, with the reason.
    ///   - allowingNetwork: whether a candidate that talks to a server is measured, sending real requests.
    public func plan(
        path: String,
        existing: [String: String],
        excluded: [String: String] = [:],
        allowingNetwork: Bool = false
    ) -> PlanSources {
        PlanSources(
            candidates: candidates,
            path: path,
            existing: existing,
            excluded: excluded,
            allowingNetwork: allowingNetwork
        )
    }

    /// The findings of each rule that has any, in the rules' order.
    public var byRule: [(rule: Rule, findings: [Finding])] {
        Rule.allCases.compactMap { rule in
            let found = findings.filter { $0.rule == rule }
            return found.isEmpty ? nil : (rule, found)
        }
    }
}
