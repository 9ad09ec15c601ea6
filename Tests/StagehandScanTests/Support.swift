import Foundation
import Testing

@testable import StagehandScan

/// Scans `files` (path → source) as one module, with the main actor as its default isolation when `mainActorDefault`.
func scan(_ files: [String: String], mainActorDefault: Bool = false) -> ScanResult {
    let isolation: DefaultIsolation = mainActorDefault ? .mainActor("test default") : .nonisolated
    return ConcurrencyScanner.scan(
        files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) },
        module: { _ in Project.Module(name: "Module", directory: "", defaultIsolation: isolation, kind: .library) }
    )
}

/// Scans one file's source and returns the findings of `rule`.
func findings(_ rule: Rule, in source: String, mainActorDefault: Bool = false) -> [Finding] {
    scan(["Sources/App/File.swift": source], mainActorDefault: mainActorDefault).findings.filter { $0.rule == rule }
}

/// Scans a fixture whose `1️⃣`, `2️⃣`, … mark where `rule`'s findings start (``MarkedText``), expects exactly those,
/// in marker order, and returns them for checks of what they say.
@discardableResult
func findings(
    _ rule: Rule,
    atMarkersIn marked: String,
    mainActorDefault: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [Finding] {
    let text = MarkedText(marked)
    let found = findings(rule, in: text.source, mainActorDefault: mainActorDefault)
    #expect(found.map { "\($0.line):\($0.column)" } == text.positions, sourceLocation: sourceLocation)
    return found
}

/// A directory of files for a scan from disk, removed by the caller.
func temporaryTree(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "scan-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}
