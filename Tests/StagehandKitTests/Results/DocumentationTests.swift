import Foundation
import Testing

@testable import StagehandKit

/// The metric definitions ship with the repository and cover every metric the JSON result carries.
@Suite struct DocumentationTests {
    /// Four levels up from `Tests/StagehandKitTests/Results/DocumentationTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }

    @Test func everyMetricInTheJSONIsDefinedInMetricsMd() throws {
        let definitions = try Self.read("docs/METRICS.md")
        let encoded = try JSONEncoder().encode(StageMetrics())
        let keys = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any]).keys
        for key in keys.sorted() {
            #expect(definitions.contains("`\(key)`"), "docs/METRICS.md does not define `\(key)`")
        }
    }

    /// A clone has no folder beside it: the README points only at files in the repository.
    @Test func theReadmePointsAtTheMetricsInTheRepository() throws {
        let readme = try Self.read("README.md")
        #expect(readme.contains("(docs/METRICS.md)"))
        #expect(!readme.contains("../shared"))
    }
}
