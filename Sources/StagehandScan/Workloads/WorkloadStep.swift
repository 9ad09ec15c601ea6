/// A step of a workload declared in Swift in the scanned tree (`CodeInteraction("refresh").compute("decode") { … }`),
/// with the declarations its closure calls: what a profile's report names beside the step's measurements.
public struct WorkloadStep: Sendable, Equatable, Codable {
    /// A declaration the step's closure calls, and where the app calls it from the main actor: the lines a migration
    /// changes.
    public struct Call: Sendable, Equatable, Codable {
        public var declaration: Declaration
        /// Calls of the declaration in main-actor code outside the workload's own files, in file and line order.
        public var mainActorCallers: [Caller]
    }

    /// One call site: the enclosing declaration, where the call is, and the call as written.
    public struct Caller: Sendable, Equatable, Codable {
        public var symbol: String
        public var file: String
        public var line: Int
        /// The call on one line: `FeedPage.decode(data)`.
        public var code: String
        /// Whether the code around the call may `await` (an `async` function, a `Task`'s closure).
        public var isAsync: Bool

        enum CodingKeys: String, CodingKey {
            case symbol, file, line, code
            case isAsync = "async"
        }
    }

    public var workload: String
    public var interaction: String
    /// The step's label, and its kind as the workload writes it (`io`, `compute`, `ui`).
    public var step: String
    public var kind: String
    /// Where the step is declared.
    public var file: String
    public var line: Int
    /// The declarations its closure calls, outermost call first (`FeedClient(…).fetchFeed()`: `fetchFeed()`, then
    /// `FeedClient.init(baseURL:)`); calls that resolve to nothing in the tree (the standard library's) are left out.
    public var calls: [Call]
}
