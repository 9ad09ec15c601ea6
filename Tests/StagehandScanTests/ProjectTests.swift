import Foundation
import Testing

@testable import StagehandScan

/// Default isolation read from the build settings, which changes what is main-actor code.
@Suite struct ProjectTests {
    let store = "final class Store { func load() { sleep(1) } }"

    @Test func packageTargetsDefaultIsolation() throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
            let package = Package(
                name: "Notes",
                targets: [
                    .target(name: "NotesUI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "NotesCore"),
                    .executableTarget(name: "Tool", path: "Tools/tool", swiftSettings: mainActorByDefault),
                    .target(name: "Flags", swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
                    .testTarget(name: "NotesTests", dependencies: ["NotesCore"]),
                ]
            )
            """
        let modules = Project.targets(inManifest: manifest)
        #expect(
            modules.map(\.directory) == [
                "Sources/NotesUI", "Sources/NotesCore", "Tools/tool", "Sources/Flags", "Tests/NotesTests",
            ]
        )
        #expect(modules.map(\.defaultIsolation.isMainActor) == [true, false, true, true, false])
        #expect(modules.map(\.dependencies) == [[], [], [], [], ["NotesCore"]])

        let root = try temporaryTree([
            "Package.swift": manifest,
            "Sources/NotesUI/Store.swift": store,
            "Sources/NotesCore/Store.swift": store,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ConcurrencyScanner.scan(root: root)
        #expect(result.findings.map(\.file) == ["Sources/NotesUI/Store.swift"])
        #expect(result.findings.first?.isolation.reason.contains("target `NotesUI`") == true)
        #expect(result.files == 2)  // the manifest is not scanned
    }

    @Test func xcodeProjectDefaultIsolation() throws {
        func tree(_ setting: String) throws -> URL {
            try temporaryTree([
                "Notes.xcodeproj/project.pbxproj":
                    "buildSettings = {\n\t\t\t\t\(setting)\n\t\t\t\tSWIFT_VERSION = 6.0;\n};",
                "Notes/Store.swift": store,
            ])
        }
        let mainActor = try tree("SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")
        let nonisolated = try tree("SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;")
        defer {
            try? FileManager.default.removeItem(at: mainActor)
            try? FileManager.default.removeItem(at: nonisolated)
        }
        #expect(try ConcurrencyScanner.scan(root: mainActor).findings.map(\.rule) == [.blockingCallOnMain])
        #expect(try ConcurrencyScanner.scan(root: nonisolated).findings.isEmpty)
    }

    @Test func aMissingDirectoryIsABadPath() {
        #expect(throws: ConcurrencyScanner.BadPath.self) {
            try ConcurrencyScanner.scan(root: URL(filePath: "/nonexistent/stagehand-scan"))
        }
    }
}
