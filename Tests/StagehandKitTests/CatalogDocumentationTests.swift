import Foundation
import Testing

/// The README is the front door and the catalog's articles carry the rest: every article is linked from the README,
/// and no relative link in either names a file that is not in the repository.
@Suite struct CatalogDocumentationTests {
    /// The repository: two levels up from `Tests/StagehandKitTests/CatalogDocumentationTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = "Sources/StagehandKit/StagehandKit.docc"

    /// The catalog's articles, as paths from the repository's root; the root page (`StagehandKit.md`) is not one.
    static func articles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appending(path: catalog).path)
            .filter { $0.hasSuffix(".md") && $0 != "StagehandKit.md" }
            .sorted()
            .map { "\(catalog)/\($0)" }
    }

    /// The targets of the Markdown links (`[text](target)`) outside code blocks that are neither URLs nor anchors in
    /// the same page, without their anchor.
    static func relativeLinks(in markdown: String) -> [String] {
        var inCode = false
        var links: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode else { continue }
            for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.output.1)
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                links.append(String(target.prefix { $0 != "#" }))
            }
        }
        return links
    }

    @Test func theReadmeLinksToEveryArticle() throws {
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let articles = try Self.articles()
        #expect(articles.count >= 7, "the catalog has \(articles)")
        for article in articles {
            #expect(readme.contains("(\(article))"), "README.md does not link to \(article)")
        }
    }

    @Test func everyRelativeLinkInTheReadmeAndTheCatalogNamesAFileInTheRepository() throws {
        let pages = ["README.md", "\(Self.catalog)/StagehandKit.md"] + (try Self.articles())
        var checked = 0
        for page in pages {
            let url = Self.root.appending(path: page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for target in Self.relativeLinks(in: text) {
                let file = url.deletingLastPathComponent().appending(path: target).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: file.path),
                    "\(page) links to \(target), which is not in the repository"
                )
                #expect(
                    file.path.hasPrefix(Self.root.standardizedFileURL.path + "/"),
                    "\(page) links to \(target), outside the repository"
                )
                checked += 1
            }
        }
        #expect(checked > 10, "found only \(checked) relative links")
    }
}
