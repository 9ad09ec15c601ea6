import Foundation

/// What `stagehand-scan --plan DIR` prints for `stagehand plan`: every candidate, the workload written for it or why
/// none could be, and where each value came from. `stagehand plan` builds and profiles the written ones and joins
/// this with their results in `plan.json`.
///
/// JSON: `{ "path", "modules": [String], "leftAlone": [String], "candidates": [ { "workload", "kind",
/// "symbol", "file", "line", "module", "why", "values": [String], "valuesFromApp", "ratePerSecond", "rateSource", "rateGuessed",
/// "source", "function", "notMeasured": { "reason", "fix" } } ] }`; `source` and `function` only for a candidate
/// written, `notMeasured` only for one not.
public struct PlanManifest: Sendable, Codable, Equatable {
    /// Why a candidate cannot be measured, and the one change that would let it be.
    public struct NotMeasured: Sendable, Codable, Equatable {
        public var reason: String
        public var fix: String?
    }

    /// One candidate.
    public struct Entry: Sendable, Codable, Equatable {
        /// The workload's name: `note-preview-render`.
        public var workload: String
        /// Its step's kind: `compute`, `ui`, `io`, `state`.
        public var kind: String
        /// The declaration measured: `NotePreview.render(_:)`, at `file`:`line`, in `module`.
        public var symbol: String
        public var file: String
        public var line: Int
        public var module: String?
        /// Why it is a candidate, in a sentence.
        public var why: String
        /// Each value found, with its source: "`markdown`: `NotePreview.sample`, the app's own sample (…)".
        public var values: [String]
        /// Whether every value came from the app's own code (none *synthesized* or *guessed*, no placeholder left).
        public var valuesFromApp: Bool
        public var ratePerSecond: Double
        /// Where the rate came from, and whether it is a guess (the app's code saying nothing of it).
        public var rateSource: String
        public var rateGuessed: Bool
        /// The file written for it, within the target's directory, and the function there that makes it.
        public var source: String?
        public var function: String?
        public var notMeasured: NotMeasured?
    }

    /// The workload target's directory, relative to the package.
    public var path: String
    /// The library targets the written workloads import: the target's dependencies.
    public var modules: [String]
    public var candidates: [Entry]
    /// Files in the directory a user edited, which the run left as they were.
    public var leftAlone: [String]

    /// The manifest as `--plan` prints it: keys sorted, one per line.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

extension PlanManifest.Entry {
    init(_ candidate: ScaffoldCandidate, workload: String) {
        self.workload = workload
        kind = "\(candidate.kind)"
        // A subsystem is the class's, declared where the class is.
        symbol = candidate.state?.symbol ?? candidate.declaration.symbol
        file = candidate.state?.file ?? candidate.declaration.file
        line = candidate.state?.line ?? candidate.declaration.line
        module = candidate.module?.name
        why = candidate.why
        values = candidate.call.values
        valuesFromApp = candidate.call.isAppAuthored  // and no placeholder in its workload (``PlanSources``)
        ratePerSecond = candidate.ratePerSecond
        rateSource = candidate.cadence?.source ?? "the app's code says nothing of how often this runs"
        rateGuessed = candidate.cadence == nil
    }
}
