import Foundation

/// `stagehand plan`'s outcome, `plan.json`: every candidate the scan found, as `stagehand-scan --plan` listed it
/// (declaration, values and their sources, rate), and for each one its measurement or why it has none.
///
/// JSON: `{ "schemaVersion": 1, "command", "startedAt", "wallSeconds", "package", "target", "path", "suite",
/// "leftAlone": [String], "candidates": [ { "workload", "kind", "symbol", "file", "line", "module", "why", "values",
/// "valuesFromApp", "ratePerSecond", "rateSource", "rateGuessed", "source", "function", "notMeasured": { "reason", "fix" },
/// "measured": { "result", "report", "verdict", "confidence", "summary", "stages": [ { "stage", "status",
/// "hitchTimeRatioMsPerS", "hangs", "stepMeanMs" } ], "rateSensitivity": [String] } } ] }`. A candidate has `measured` or `notMeasured`, never
/// both.
public struct PlanResult: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    package static let fileName = "plan.json"
    package static let markdownFileName = "plan.md"

    /// Why a candidate has no measurement, and the one change that would give it one.
    public struct NotMeasured: Codable, Sendable, Equatable {
        public var reason: String
        public var fix: String?

        package init(reason: String, fix: String?) {
            self.reason = reason
            self.fix = fix
        }
    }

    /// What one stage cost the candidate's workload at its rate.
    public struct StageCost: Codable, Sendable, Equatable {
        public var stage: Stage
        public var status: StageStatus
        /// Milliseconds of hitching per second, hangs, and the step's mean duration per call; absent when the stage
        /// has no metrics (it crashed or hung on every run).
        public var hitchTimeRatioMsPerS: Double?
        public var hangs: Int?
        public var stepMeanMs: Double?
    }

    /// A candidate's measurement: its workload's verdict and each stage's cost.
    public struct Measured: Codable, Sendable, Equatable {
        /// The workload's result and report, relative to `plan.json`.
        public var result: String
        public var report: String
        /// `recommendation.stage`: a stage, or `none`.
        public var verdict: String
        public var confidence: Recommendation.Confidence
        public var summary: String
        public var stages: [StageCost]
        /// At what rate the verdict would change, in a sentence each (``RateSensitivity/sentence``): what a guessed
        /// rate puts at stake. Empty when no rate of it was seen to matter.
        public var rateSensitivity: [String] = []
    }

    /// One candidate: the scanner's entry, with its measurement or why it has none.
    public struct Candidate: Codable, Sendable, Equatable {
        public var workload: String
        /// The step's kind: `compute`, `ui`, `io`, `state`.
        public var kind: String
        public var symbol: String
        public var file: String
        public var line: Int
        public var module: String?
        public var why: String
        public var values: [String]
        public var valuesFromApp: Bool
        public var ratePerSecond: Double
        /// Where the rate came from, and whether it is a guess.
        public var rateSource: String
        public var rateGuessed: Bool
        public var source: String?
        public var function: String?
        public var notMeasured: NotMeasured?
        public var measured: Measured?
    }

    public var schemaVersion = Self.currentSchemaVersion
    /// The command that made the plan, when it started (ISO 8601), and how long it took in seconds.
    public var command: String
    public var startedAt: String
    public var wallSeconds: Double
    /// The package's name, and the workload target's name and directory (relative to the package).
    public var package: String
    public var target: String
    public var path: String
    /// The suite the measured candidates ran in, relative to `plan.json`, when any ran.
    public var suite: String?
    /// Files in the target's directory the user edited, which the plan left as they were.
    public var leftAlone: [String]
    public var candidates: [Candidate]

    /// The candidates measured, and those not.
    package var measured: [Candidate] { candidates.filter { $0.measured != nil } }
    package var notMeasured: [Candidate] { candidates.filter { $0.measured == nil } }
}
