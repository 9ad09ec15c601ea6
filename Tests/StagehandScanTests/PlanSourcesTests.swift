import Foundation
import Testing

@testable import StagehandScan

/// What `stagehand plan` writes: a file per candidate it can measure, `main.swift` calling them, and for each one it
/// cannot, why and what would let it be; a file the user edited is left as it is. (That the files build and run is
/// checked by running `stagehand plan`, which builds a package: too slow for a unit test.)
@Suite struct PlanSourcesTests {
    /// (The view's `import SwiftUI` is left out: on Linux a module that imports it cannot be measured at all, which
    /// ``aModuleThatImportsAFrameworkThisHostLacksIsNotMeasuredHere()`` checks.)
    static let app = """
        public struct Document: Sendable {
            public var text: String
            public static let sample = Document(text: "# Notes")
        }
        public enum Renderer {
            public static func render(_ document: Document) -> String {
                var html = ""
                for line in document.text.split(separator: "\\n") { html += "<p>\\(line)</p>" }
                return html
            }
            static func count(_ document: Document) -> Int { document.text.split(separator: " ").sorted().count }
            public static func outline(_ text: String) -> [String] { text.split(separator: "#").map(String.init).sorted() }
        }
        public struct Fetcher: Sendable {
            let server: String
            public func load(id: Int) async throws -> Document { Document(text: server) }
        }
        public struct RowView: View {
            public var body: some View { Text("row") }
            public func sortedRows(_ rows: [String]) -> [String] { rows.sorted() }
        }
        @MainActor public final class Editor {
            public var text = ""
            public var documents: [Document] = []
            public func edit(_ document: Document) {
                _ = Renderer.render(document)
                _ = Renderer.count(document)
                _ = Renderer.outline(document.text)
                _ = RowView().sortedRows(["b", "a"])
            }
            public func open(with fetcher: Fetcher) async throws {
                documents.append(try await fetcher.load(id: 1))
            }
        }
        @MainActor public enum Shortcuts {
            public static func render(_ editor: Editor) { editor.edit(.sample) }
            public static func clear(_ editor: Editor) { editor.edit(Document(text: "")) }
        }
        """

    static func plan(existing: [String: String] = [:], excluded: [String: String] = [:]) -> PlanSources {
        scan(["Sources/Notes/Notes.swift": app]).plan(path: "Stagehand/Plan", existing: existing, excluded: excluded)
    }

    static func entry(_ symbol: String, in plan: PlanSources) -> PlanManifest.Entry? {
        plan.manifest.candidates.first { $0.symbol == symbol }
    }

    @Test func aCandidateWithEveryValueFoundGetsAFileOfItsOwnThatMainCalls() throws {
        let plan = Self.plan()
        let render = try #require(Self.entry("Renderer.render(_:)", in: plan))
        #expect(render.notMeasured == nil)
        #expect(render.source == "RendererRender.swift")
        #expect(render.function == "makeRendererRenderWorkload")
        #expect(render.valuesFromApp)
        #expect(render.rateGuessed)
        let file = try #require(plan.files["RendererRender.swift"])
        #expect(file.contains("@MainActor\nfunc makeRendererRenderWorkload() -> CodeWorkload {\n"))
        #expect(file.contains(#".compute("render") { _ = Renderer.render(Document.sample) }"#))
        #expect(file.contains("import Module\nimport StagehandCLI\n"))
        #expect(file.contains("// - `document`: `Document.sample`, the app's own sample"))
        #expect(file.contains("The rate is *guessed*"))
        #expect(file.hasSuffix("    return rendererRenderWorkload\n}\n"))
        #expect(!file.contains("<#"))
        #expect(file.split(separator: "\n").allSatisfy { $0.count <= 120 })
        #expect(
            plan.files["main.swift"]?.contains("await Stagehand.main(workloads: [\n    makeRendererRenderWorkload(),\n")
                == true
        )
        #expect(plan.manifest.modules == ["Module"])
        // Only the files of candidates measured, and main.swift.
        #expect(Set(plan.files.keys) == Set(plan.manifest.candidates.compactMap(\.source) + ["main.swift"]))
    }

    @Test func eachCandidateThatCannotBeMeasuredSaysWhyAndWhatWouldLetItBe() throws {
        let plan = Self.plan()
        let reasons = Dictionary(
            plan.manifest.candidates.compactMap { entry in entry.notMeasured.map { (entry.symbol, $0) } }
        ) { first, _ in first }
        #expect(reasons["Renderer.count(_:)"]?.reason == "`Renderer.count(_:)` is internal to `Module`")
        #expect(reasons["Renderer.count(_:)"]?.fix?.hasPrefix("make it `package`") == true)
        #expect(reasons["Renderer.outline(_:)"]?.reason == "no value found in the app's code for `text: String`")
        #expect(reasons["Fetcher.load(id:)"]?.reason.contains("`a Fetcher`") == true)
        #expect(
            reasons["RowView.sortedRows(_:)"]?.reason
                == "`RowView.sortedRows(_:)` is a `View`'s method, which needs the view to run"
        )
        #expect(reasons["Editor"]?.reason.hasPrefix("`Editor`'s shared state is the app's own model") == true)
        for entry in plan.manifest.candidates where entry.notMeasured != nil {
            #expect(entry.source == nil && entry.function == nil)
            #expect(entry.notMeasured?.fix != nil)
        }
        #expect(Self.entry("Renderer.outline(_:)", in: plan)?.valuesFromApp == false)
    }

    /// An `io` call that talks to a server (a URL session's request in its body, or two calls down) would send real
    /// requests and time the server with the app: not measured unless the plan is told it may
    /// (`--allow-network`). One that talks to none (an actor's cache, whose index's `data(for:)` is no session's) is
    /// measured either way.
    @Test func whatTalksToAServerIsMeasuredOnlyWhenAllowed() throws {
        let app = """
            import Foundation
            public struct Feed: Sendable {
                public static let shared = Feed()
                public func latest() async throws -> Data {
                    try await URLSession.shared.data(from: URL(string: "https://example.com")!).0
                }
                public func page(_ number: Int) async throws -> Data { try await fetch(number) }
                func fetch(_ number: Int) async throws -> Data { try await send(URLRequest(url: URL(string: "x")!)) }
                func send(_ request: URLRequest) async throws -> Data { Data() }
            }
            public actor Cache {
                public static let shared = Cache()
                public func store(_ data: Data) async { _ = index.data(for: "page") }
            }
            @MainActor public final class Screen {
                public func refresh() async throws {
                    _ = try await Feed.shared.latest()
                    _ = try await Feed.shared.page(2)
                    await Cache.shared.store(Data("page".utf8))
                }
            }
            """
        let scanned = scan(["Sources/News/News.swift": app])
        let plan = scanned.plan(path: "Stagehand/Plan", existing: [:])
        let latest = try #require(plan.manifest.candidates.first { $0.symbol == "Feed.latest()" })
        #expect(latest.notMeasured?.reason.contains("talks to a server (it calls `data(from:)`)") == true)
        #expect(latest.notMeasured?.fix?.contains("`stagehand plan --allow-network`") == true)
        let page = try #require(plan.manifest.candidates.first { $0.symbol == "Feed.page(_:)" })
        #expect(page.notMeasured?.reason.contains("it calls `Feed.fetch(_:)`, which uses `URLRequest`") == true)
        let store = try #require(plan.manifest.candidates.first { $0.symbol == "Cache.store(_:)" })
        #expect(store.notMeasured == nil)
        let allowed = scanned.plan(path: "Stagehand/Plan", existing: [:], allowingNetwork: true)
        #expect(allowed.manifest.candidates.first { $0.symbol == "Feed.latest()" }?.notMeasured == nil)
        #expect(allowed.files["FeedLatest.swift"] != nil)
    }

    @Test func aFileTheUserEditedIsLeftAloneAndStillRun() throws {
        let first = Self.plan()
        let written = try #require(first.files["RendererRender.swift"])
        #expect(PlanSources.isUnedited(written, named: "RendererRender.swift"))
        #expect(!PlanSources.isUnedited(written, named: "Copy.swift"))
        // Line endings a checkout changed are not an edit.
        #expect(
            PlanSources.isUnedited(
                written.replacingOccurrences(of: "\n", with: "\r\n"),
                named: "RendererRender.swift"
            )
        )
        let edited = written.replacingOccurrences(of: "ratePerSecond: 2", with: "ratePerSecond: 8")
        #expect(!PlanSources.isUnedited(edited, named: "RendererRender.swift"))
        let again = Self.plan(existing: ["RendererRender.swift": edited, "main.swift": first.files["main.swift"] ?? ""])
        #expect(again.files["RendererRender.swift"] == nil)
        #expect(again.manifest.leftAlone == ["RendererRender.swift"])
        #expect(again.files["main.swift"]?.contains("makeRendererRenderWorkload(),") == true)
        #expect(again.stale(existing: ["RendererRender.swift": edited]).isEmpty)
    }

    @Test func aFileOfARunBeforeThatNoCandidateNeedsIsDeletedUnlessEdited() throws {
        let old = try #require(Self.plan().files["RendererRender.swift"])
        let gone = try #require(
            Self.plan().files["RendererRender.swift"]
        )
        let existing = [
            "RendererRender.swift": old,  // written again
            "MyRender.swift": old,  // the user's copy under a name of their own: kept
            "Mine.swift": "let mine = 1\n",  // the user's own: kept
        ]
        #expect(Self.plan().stale(existing: existing) == [])
        // A file as a run before wrote it, for a candidate gone since: deleted; the same, edited: kept.
        let plan = Self.plan(excluded: ["renderer-render": "gone"])
        #expect(plan.stale(existing: ["RendererRender.swift": gone]) == ["RendererRender.swift"])
        #expect(plan.stale(existing: ["RendererRender.swift": gone + "// mine\n"]) == [])
    }

    @Test func aWorkloadLeftOutSaysWhyAndIsNotWritten() throws {
        let why = "its generated workload does not compile: Stagehand/Plan/RendererRender.swift:20:9: error: x"
        let plan = Self.plan(excluded: ["renderer-render": why])
        let render = try #require(Self.entry("Renderer.render(_:)", in: plan))
        #expect(render.notMeasured?.reason == why)
        #expect(render.source == nil)
        #expect(plan.files["RendererRender.swift"] == nil)
        #expect(plan.files["main.swift"]?.contains("makeRendererRenderWorkload") != true)
        #expect(plan.manifest.modules.isEmpty)
    }

    #if os(Linux)
    @Test func aModuleThatImportsAFrameworkThisHostLacksIsNotMeasuredHere() throws {
        let plan = scan(["Sources/Notes/Notes.swift": "import SwiftUI\n" + Self.app]).plan(
            path: "Stagehand/Plan",
            existing: [:]
        )
        let render = try #require(Self.entry("Renderer.render(_:)", in: plan))
        #expect(render.notMeasured?.reason == "`Module` imports SwiftUI, which this host does not have")
        #expect(render.notMeasured?.fix?.hasPrefix("run `stagehand plan` on a Mac") == true)
        #expect(plan.files.isEmpty)
    }

    /// A module that imports nothing of the kind, but depends on a target that does, does not build here either.
    @Test func aModuleThatDependsOnOneImportingSuchAFrameworkIsNotMeasuredHere() throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Notes", targets: [
                .target(name: "NotesUI"),
                .target(name: "Notes", dependencies: [.target(name: "NotesUI")]),
            ])
            """
        let root = try temporaryTree([
            "Package.swift": manifest,
            "Sources/Notes/Notes.swift": "import NotesUI\n" + Self.app,
            "Sources/NotesUI/Theme.swift": "import SwiftUI\npublic struct Theme {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ConcurrencyScanner.scan(root: root).plan(path: "Stagehand/Plan", existing: [:])
        let render = try #require(Self.entry("Renderer.render(_:)", in: plan))
        #expect(
            render.notMeasured?.reason
                == "`Notes` depends on `NotesUI`, which imports SwiftUI, which this host does not have"
        )
    }
    #endif

    @Test func theFingerprintIsStable() {
        #expect(PlanSources.fingerprint("") == "cbf29ce484222325")
        #expect(PlanSources.fingerprint("a") == "af63dc4c8601ec8c")
    }
}
