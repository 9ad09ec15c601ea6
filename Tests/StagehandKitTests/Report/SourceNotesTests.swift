import Foundation
import Testing

@testable import StagehandKit

/// The report with `stagehand scan`'s JSON: the app's declarations beside the steps and hitch causes, the migration
/// at them, and the scan's findings ranked by the measured hitch time of their step.
@Suite struct SourceNotesTests {
    /// The scan of an app whose `open-image` workload (the fixture's) calls `ImageLoader.fetch(_:)`,
    /// `PhotoDecoder.decode(_:)` and `GalleryViewModel.display(_:)`, as `stagehand scan --json` writes it.
    static let scanJSON = """
        {
          "files": 3, "lines": 120, "seconds": 0.1, "skipped": [],
          "findings": [
            {"rule": "dispatch-queue", "file": "Sources/App/Gallery.swift", "line": 4, "column": 5,
             "isolation": "main-actor", "isolationReason": "x", "symbol": "GalleryViewModel.init()",
             "message": "`DispatchQueue.main.async` hops by hand."},
            {"rule": "blocking-call-on-main", "file": "Sources/App/Gallery.swift", "line": 30, "column": 9,
             "isolation": "main-actor", "isolationReason": "x", "symbol": "GalleryViewModel.open(_:)",
             "message": "`Data(contentsOf:)` blocks the main thread until the whole file or URL is read."},
            {"rule": "combine", "file": "Sources/Other/Unrelated.swift", "line": 1, "column": 1,
             "isolation": "nonisolated", "isolationReason": "x", "symbol": "import", "message": "The file imports Combine."}
          ],
          "steps": [
            {"workload": "image-pipeline", "interaction": "open-image", "step": "fetch", "kind": "io",
             "file": "Stagehand/AppWorkloads/main.swift", "line": 9, "calls": [
               {"declaration": {"symbol": "ImageLoader.fetch(_:)", "file": "Sources/App/Loader.swift", "line": 12,
                                "isolation": "nonisolated", "isolationReason": "x", "async": true,
                                "signature": "func fetch(_ url: URL) async throws -> Data",
                                "asyncSignature": "func fetch(_ url: URL) async throws -> Data"},
                "mainActorCallers": []}]},
            {"workload": "image-pipeline", "interaction": "open-image", "step": "decode", "kind": "compute",
             "file": "Stagehand/AppWorkloads/main.swift", "line": 10, "calls": [
               {"declaration": {"symbol": "PhotoDecoder.decode(_:)", "file": "Sources/App/Decoder.swift", "line": 7,
                                "isolation": "nonisolated", "isolationReason": "x", "async": false,
                                "signature": "@discardableResult static func decode(_ data: Data) throws -> Photo",
                                "asyncSignature": "@discardableResult static func decode(_ data: Data) async throws -> Photo"},
                "mainActorCallers": [{"symbol": "GalleryViewModel.open(_:)", "file": "Sources/App/Gallery.swift",
                                      "line": 31, "code": "PhotoDecoder.decode(data)", "async": false}]}]},
            {"workload": "image-pipeline", "interaction": "open-image", "step": "display", "kind": "ui",
             "file": "Stagehand/AppWorkloads/main.swift", "line": 12, "calls": [
               {"declaration": {"symbol": "GalleryViewModel.display(_:)", "file": "Sources/App/Gallery.swift",
                                "line": 40, "isolation": "main-actor", "isolationReason": "x", "async": false,
                                "signature": "func display(_ photo: Photo)",
                                "asyncSignature": "func display(_ photo: Photo) async"},
                "mainActorCallers": []}]},
            {"workload": "other", "interaction": "x", "step": "y", "kind": "compute",
             "file": "Stagehand/AppWorkloads/main.swift", "line": 30, "calls": []}
          ]
        }
        """

    static func scanFile(_ json: String = scanJSON) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "scan-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    static func resultWithSource() throws -> ProfileResult {
        var result = try Fixtures.imagePipeline()
        let url = try scanFile()
        defer { try? FileManager.default.removeItem(at: url) }
        result.source = try SourceMap.read(scanFile: url, workload: result.spec)
        return result
    }

    @Test func readingKeepsTheWorkloadsStepsAndTheFindingsInTheirFiles() throws {
        let source = try #require(try Self.resultWithSource().source)
        #expect(source.steps.map(\.step) == ["fetch", "decode", "display"])
        // Not the unrelated file's, nor the workload executable's.
        #expect(source.findings.map(\.line) == [4, 30])
    }

    @Test func aScanWithoutTheWorkloadIsABadInputNamingTheFile() throws {
        let result = try Fixtures.imagePipeline()
        let url = try Self.scanFile(Self.scanJSON.replacingOccurrences(of: "image-pipeline", with: "feed"))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try SourceMap.read(scanFile: url, workload: result.spec)
        } throws: { error in
            let problem = (error as? ResultFileError)?.description ?? ""
            return problem.hasPrefix(url.path) && problem.contains("no step of workload 'image-pipeline'")
                && problem.contains("'feed'")
        }
        let notJSON = try Self.scanFile("{\"findings\": []")
        defer { try? FileManager.default.removeItem(at: notJSON) }
        #expect(throws: ResultFileError.self) { _ = try SourceMap.read(scanFile: notJSON, workload: result.spec) }
    }

    @Test func stepsAndHitchCausesNameTheDeclarations() throws {
        let markdown = MarkdownReport(result: try Self.resultWithSource()).render()
        #expect(markdown.contains("| open-image | `compute: decode` → `PhotoDecoder.decode(_:)` |"))
        #expect(markdown.contains("| `compute: decode` → `PhotoDecoder.decode(_:)` | 394"))
        #expect(
            markdown.contains(
                "The largest cause, `compute: decode`, is `PhotoDecoder.decode(_:)`, `Sources/App/Decoder.swift:7`, "
                    + "nonisolated, synchronous, which the app calls on the main actor from `GalleryViewModel.open(_:)` "
                    + "(`Sources/App/Gallery.swift:31`)."
            )
        )
        #expect(
            markdown.contains(
                "- open-image › `compute: decode` (`Stagehand/AppWorkloads/main.swift:10`) calls "
                    + "`PhotoDecoder.decode(_:)`, `Sources/App/Decoder.swift:7`, nonisolated, synchronous. On the main "
                    + "actor, the app calls `PhotoDecoder.decode(_:)` from `GalleryViewModel.open(_:)` "
                    + "(`Sources/App/Gallery.swift:31`)."
            )
        )
    }

    /// The fixture's verdict is `offloaded`: the compute step's declaration becomes `@concurrent`, at its callers too;
    /// the io step's is already `async`; the ui step stays.
    @Test func theMigrationIsShownAtTheDeclarationsAndTheirCallers() throws {
        let markdown = MarkdownReport(result: try Self.resultWithSource()).render()
        let section = try #require(markdown.range(of: "### At your code")).upperBound
        let migration = String(markdown[section...].prefix { $0 != "#" })
        #expect(migration.contains("`compute: decode` calls `PhotoDecoder.decode(_:)`"))
        #expect(migration.contains("make it `@concurrent` and `async`"))
        #expect(
            migration.contains("Its main-actor callers: `GalleryViewModel.open(_:)` (`Sources/App/Gallery.swift:31`)")
        )
        #expect(
            migration.contains(
                """
                  ```swift
                  // Sources/App/Decoder.swift:7, `PhotoDecoder.decode(_:)`: its body runs on the pool
                  @concurrent @discardableResult nonisolated static func decode(_ data: Data) async throws -> Photo

                  // Sources/App/Gallery.swift:31, in `GalleryViewModel.open(_:)` (synchronous: inside a `Task { … }` there)
                  try await PhotoDecoder.decode(data)
                  ```
                """
            )
        )
        #expect(migration.contains("`io: fetch` calls `ImageLoader.fetch(_:)`"))
        #expect(!migration.contains("GalleryViewModel.display"))
    }

    /// A declaration on an actor of its own (an actor's method, a global actor's) already leaves main when awaited:
    /// only its callers change, never the declaration into `@concurrent nonisolated`.
    @Test func anActorsDeclarationIsLeftOnItsActor() throws {
        let onActor = Self.scanJSON.replacingOccurrences(
            of: #""isolation": "nonisolated", "isolationReason": "x", "async": false,"#,
            with: #""isolation": "global-actor", "isolationReason": "x", "async": false,"#
        )
        var result = try Fixtures.imagePipeline()
        let url = try Self.scanFile(onActor)
        defer { try? FileManager.default.removeItem(at: url) }
        result.source = try SourceMap.read(scanFile: url, workload: result.spec)
        let notes = try #require(SourceNotes(result: result))
        let migration = notes.migration(at: .offloaded).joined(separator: "\n")
        #expect(migration.contains("it runs on its own actor (x), so it leaves main once it is `await`ed."))
        #expect(migration.contains("`PhotoDecoder.decode(_:)`: unchanged, it runs on its actor"))
        #expect(migration.contains("try await PhotoDecoder.decode(data)"))
        #expect(!migration.contains("@concurrent @discardableResult"))
    }

    /// The finding in the caller of the step with the most hitch time comes first, whatever its line.
    /// At the verdict's stage the notes may say the stage meets the budget; at the best stage measured, when none
    /// met it, they must not.
    @Test func theMigrationClaimsTheBudgetOnlyWhereTheStageMetIt() throws {
        let notes = try #require(SourceNotes(result: try Self.resultWithSource()))
        let met = notes.migration(at: .async).joined(separator: "\n")
        #expect(met.contains("this stage meets the budget"))
        let best = notes.migration(at: .async, meetsBudget: false).joined(separator: "\n")
        #expect(best.contains("leave it on the main actor at this stage."))
        #expect(!best.contains("budget"))
    }

    @Test func findingsOfTheStepsThatMadeFramesLateComeFirst() throws {
        let markdown = MarkdownReport(result: try Self.resultWithSource()).render()
        let section = try #require(markdown.range(of: "## What `stagehand scan` found in this code")).upperBound
        let items = markdown[section...].split(separator: "\n").filter { $0.hasPrefix("- ") }.prefix(2)
        #expect(items.first?.contains("`Sources/App/Gallery.swift:30`") == true)
        #expect(items.first?.contains("(step `compute: decode`: 394 ms/s of hitch time in `main-only`)") == true)
        #expect(items.last?.contains("`Sources/App/Gallery.swift:4`") == true)
    }

    /// `report` renders the same names again from the result's JSON.
    @Test func theSourceRoundTripsThroughTheResultJSON() throws {
        let result = try Self.resultWithSource()
        let decoded = try JSONDecoder().decode(ProfileResult.self, from: try JSONEncoder().encode(result))
        #expect(decoded == result)
        #expect(MarkdownReport(result: decoded).render() == MarkdownReport(result: result).render())
    }
}
