import Foundation

@testable import StagehandKit

/// The files kept in `Tests/StagehandKitTests/Fixtures`, found from this file's place, so a test reads them the same
/// from whichever folder it is in.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")

    /// A real result of `stagehand profile image-pipeline` on this project's machine, kept as a fixture.
    static func imagePipeline() throws -> ProfileResult {
        try ProfileResult.read(directory.appending(path: "image-pipeline.json"))
    }
}
