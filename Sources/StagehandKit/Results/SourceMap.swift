/// What `stagehand scan` found in the code a profiled workload's steps call, so the report can name the app's own
/// declarations beside the measurements: for each code step, the declarations its closure calls (where, their
/// isolation, whether `async`) and where the app calls them on the main actor, and the scan's findings in those
/// declarations' files. `profile --scan FILE` reads it from the scan's `--json` (`read(scanFile:workload:)`); the
/// result's JSON keeps it under `source`, so `report` renders the same names again.
public struct SourceMap: Codable, Sendable, Equatable {
    /// A function or initializer of the app's: `FeedPage.decode(_:)` at `Sources/ExampleApp/Feed.swift:51`.
    public struct Declaration: Codable, Sendable, Equatable {
        public var symbol: String
        /// Relative to the scanned directory.
        public var file: String
        public var line: Int
        /// As the scan writes it: `main-actor`, `global-actor`, `actor`, `nonisolated`.
        public var isolation: String
        /// Why the scan inferred it: "`FeedViewModel` is `@MainActor`".
        public var isolationReason: String
        public var isAsync: Bool
        /// As written up to its body, on one line; and the same with `async` after its parameters.
        public var signature: String
        public var asyncSignature: String

        enum CodingKeys: String, CodingKey {
            case symbol, file, line, isolation, isolationReason, signature, asyncSignature
            case isAsync = "async"
        }
    }

    /// Where the app calls a declaration: the enclosing declaration, file and line, and the call as written.
    public struct Caller: Codable, Sendable, Equatable {
        public var symbol: String
        public var file: String
        public var line: Int
        /// `FeedPage.decode(data)`.
        public var code: String
        /// Whether the code around the call may `await`.
        public var isAsync: Bool

        enum CodingKeys: String, CodingKey {
            case symbol, file, line, code
            case isAsync = "async"
        }
    }

    /// One declaration a step calls, and its callers on the main actor outside the workload's own files.
    public struct Call: Codable, Sendable, Equatable {
        public var declaration: Declaration
        public var mainActorCallers: [Caller]
    }

    /// One step of the workload, as the scan found it in the workload's Swift source.
    public struct Step: Codable, Sendable, Equatable {
        public var interaction: String
        public var step: String
        /// `io`, `compute` or `ui`.
        public var kind: String
        /// Where the step is declared.
        public var file: String
        public var line: Int
        /// Outermost call first: the first is the function the step is about.
        public var calls: [Call]
    }

    /// A finding of the scan's, in a file a step's declarations are in.
    public struct Finding: Codable, Sendable, Equatable {
        public var rule: String
        public var file: String
        public var line: Int
        public var isolation: String
        public var symbol: String
        public var message: String
    }

    /// The scan's JSON file, as given to `--scan`.
    public var scanFile: String
    /// The workload's steps the scan found, in the workload's order.
    public var steps: [Step]
    /// In file and line order.
    public var findings: [Finding]

    /// The scan's steps for `step` of `interaction`, if it found it.
    func step(_ label: String, kind: String, in interaction: String) -> Step? {
        steps.first { $0.interaction == interaction && $0.step == label && $0.kind == kind }
    }
}
