import Foundation

/// The files StagehandKitTests keeps in `Tests/StagehandKitTests/Fixtures`, which these tests read too.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "../StagehandKitTests/Fixtures").standardized

    /// The image-pipeline result kept as a test fixture.
    static let imagePipeline = directory.appending(path: "image-pipeline.json")
}
