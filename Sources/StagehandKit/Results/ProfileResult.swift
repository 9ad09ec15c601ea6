/// The JSON result of a profile: the machine contract that `report` and `compare` read and other tools rely on.
///
/// Fields are only ever added, never renamed; `schemaVersion` changes when a reader would misread the document.
public struct ProfileResult: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The workload's name.
    public var workload: String
    /// The workload as profiled (after command-line overrides), so the report can be rendered again from this alone.
    package var spec: Workload
    public var environment: RunEnvironment
    /// All four stages in journey order; those not run have status `skipped`.
    public var stages: [StageResult]
    public var recommendation: Recommendation
    /// The app's declarations each code step calls, and the scan's findings in them, when the profile was given
    /// `stagehand scan`'s JSON (`--scan`); absent otherwise.
    public var source: SourceMap?

    package init(spec: Workload, environment: RunEnvironment, stages: [StageResult], recommendation: Recommendation) {
        schemaVersion = Self.currentSchemaVersion
        workload = spec.name
        self.spec = spec
        self.environment = environment
        self.stages = stages
        self.recommendation = recommendation
    }
}
