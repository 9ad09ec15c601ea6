import Foundation
import Testing

/// The map of the engine a newcomer reads first names every folder the engine has, so it cannot fall behind a move.
@Suite struct ArchitectureDocumentationTests {
    /// The repository: two levels up from `Tests/StagehandKitTests/ArchitectureDocumentationTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every folder under `Sources/StagehandKit`, as `Stages/` or `Stages/Runtime/`.
    static func engineFolders() throws -> [String] {
        let engine = root.appending(path: "Sources/StagehandKit")
        let enumerator = try #require(
            FileManager.default.enumerator(at: engine, includingPropertiesForKeys: [.isDirectoryKey])
        )
        var folders: [String] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            folders.append(
                String(url.standardizedFileURL.path.dropFirst(engine.standardizedFileURL.path.count + 1)) + "/"
            )
        }
        return folders.sorted()
    }

    @Test func theArchitectureMapNamesEveryEngineFolder() throws {
        let map = try String(contentsOf: Self.root.appending(path: "docs/ARCHITECTURE.md"), encoding: .utf8)
        let folders = try Self.engineFolders()
        #expect(folders.contains("Stages/Runtime/"), "the folder walk found \(folders)")
        for folder in folders {
            #expect(map.contains("`\(folder)`"), "docs/ARCHITECTURE.md does not name `\(folder)`")
        }
    }

    @Test func theReadmeLayoutNamesEveryTopLevelEngineFolder() throws {
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("(docs/ARCHITECTURE.md)"))
        for folder in try Self.engineFolders() where folder.dropLast().contains("/") == false {
            #expect(readme.contains(" \(folder)"), "README.md's layout does not name \(folder)")
        }
    }
}
