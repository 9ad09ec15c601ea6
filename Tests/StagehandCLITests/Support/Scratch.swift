import Foundation

/// Folders and files a test makes for the processes it runs, in the system's temporary directory.
enum Scratch {
    /// A new, empty folder; the test removes it.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `spec` into `directory` as `name`, and returns its path.
    static func write(_ spec: String, to directory: URL, name: String = "app.yaml") throws -> String {
        let url = directory.appending(path: name)
        try spec.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
