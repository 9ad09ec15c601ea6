import Testing

@testable import StagehandScan

/// The workload steps a tree declares in Swift, and the app's declarations they call, resolved by name, labels and
/// the type a call names.
@Suite struct WorkloadStepTests {
    static let app = """
        public struct FeedPage {
            public static func decode(_ data: Data, strict: Bool = false) throws -> FeedPage { FeedPage() }
        }
        public struct FeedClient: Sendable {
            public init(baseURL: URL) {}
            public func fetchFeed() async throws -> Data { Data() }
        }
        @MainActor public final class FeedViewModel {
            public static let shared = FeedViewModel()
            public func show(_ page: FeedPage) {}
            public func refresh(using client: FeedClient) async throws {
                let data = try await client.fetchFeed()
                show(try FeedPage.decode(data))
            }
            func onTap() { _ = try? FeedPage.decode(Data()) }
        }
        public struct Other { public func show(_ page: FeedPage) {} }
        """

    static let workloads = """
        import StagehandCLI
        let feed = CodeWorkload("news-feed") {
            CodeInteraction("refresh", ratePerSecond: 2)
                .io("fetch") { try await FeedClient(baseURL: url).fetchFeed() }
                .compute("decode") { data in try FeedPage.decode(data) }
                .ui("show") { page in FeedViewModel.shared.show(page) }
                .ui("ambiguous") { page in viewModel.show(page) }
        }
        await Stagehand.main(workloads: [feed])
        """

    static func steps() -> [WorkloadStep] {
        scan(["Sources/App/Feed.swift": app, "Stagehand/AppWorkloads/main.swift": workloads]).steps
    }

    @Test func stepsAreFoundWithTheirWorkloadInteractionAndLine() {
        let steps = Self.steps()
        #expect(steps.map(\.step) == ["fetch", "decode", "show", "ambiguous"])
        #expect(steps.allSatisfy { $0.workload == "news-feed" && $0.interaction == "refresh" })
        #expect(steps.map(\.kind) == ["io", "compute", "ui", "ui"])
        #expect(steps.map(\.line) == [4, 5, 6, 7])
    }

    /// Outermost call first; a default parameter may be left out; `Type.shared.member` prefers that type's member; a
    /// call two declarations fit is left unresolved.
    @Test func callsResolveToTheAppsDeclarations() throws {
        let steps = Self.steps()
        #expect(steps[0].calls.map(\.declaration.symbol) == ["FeedClient.fetchFeed()", "FeedClient.init(baseURL:)"])
        let decode = try #require(steps[1].calls.first?.declaration)
        #expect(decode.symbol == "FeedPage.decode(_:strict:)")
        #expect(decode.file == "Sources/App/Feed.swift")
        #expect(decode.line == 2)
        #expect(decode.isolation.kind == .nonisolated)
        #expect(!decode.isAsync)
        #expect(decode.signature == "public static func decode(_ data: Data, strict: Bool = false) throws -> FeedPage")
        #expect(
            decode.asyncSignature
                == "public static func decode(_ data: Data, strict: Bool = false) async throws -> FeedPage"
        )
        #expect(steps[2].calls.map(\.declaration.symbol) == ["FeedViewModel.show(_:)"])
        #expect(steps[2].calls.first?.declaration.isolation.kind == .mainActor)
        #expect(steps[3].calls.isEmpty)
    }

    /// The app's own calls on the main actor, not the workload's, each with its code and whether it may `await`.
    @Test func mainActorCallersAreTheAppsCallSites() throws {
        let callers = try #require(Self.steps()[1].calls.first).mainActorCallers
        #expect(callers.map(\.symbol) == ["FeedViewModel.refresh(using:)", "FeedViewModel.onTap()"])
        #expect(callers.map(\.line) == [13, 15])
        #expect(callers.map(\.code) == ["FeedPage.decode(data)", "FeedPage.decode(Data())"])
        #expect(callers.map(\.isAsync) == [true, false])
    }
}
