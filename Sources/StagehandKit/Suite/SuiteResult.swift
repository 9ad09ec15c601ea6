import Foundation

/// A suite's outcome, `suite.json`: a row per workload (``SuiteEntry``), beside each workload's own result and report.
///
/// JSON: `{ "schemaVersion": 1, "command", "startedAt", "wallSeconds", "workloads": [ { "workload", "spec", "status":
/// "profiled" | "failed", "error", "result": "NAME.json", "report": "NAME.md", "verdict", "confidence", "summary",
/// "advised": { "stage", "hitchTimeRatioMsPerS", "hangs", "inputLatencyP99Ms", "headroom" }, "wallSeconds" } ] }`.
public struct SuiteResult: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    /// The name of the file a suite writes beside its workloads' results, and `compare` looks for in a directory.
    package static let fileName = "suite.json"
    /// And of its Markdown.
    package static let markdownFileName = "suite.md"

    public var schemaVersion = Self.currentSchemaVersion
    /// The command that ran the suite.
    public var command: String
    /// When the suite started, ISO 8601.
    public var startedAt: String
    /// How long the whole suite took, in seconds.
    public var wallSeconds: Double
    public var workloads: [SuiteEntry]

    package init(command: String, startedAt: String, wallSeconds: Double, workloads: [SuiteEntry]) {
        self.command = command
        self.startedAt = startedAt
        self.wallSeconds = wallSeconds
        self.workloads = workloads
    }

    /// The workloads that could not be profiled.
    package var failed: [SuiteEntry] { workloads.filter { $0.status == .failed } }

    /// Reads `suite.json`, or the `suite.json` in a directory.
    ///
    /// - Throws: ``ResultFileError`` naming the file and what is wrong with it.
    package static func read(_ url: URL) throws(ResultFileError) -> SuiteResult {
        let file = isDirectory(url) ? url.appending(path: fileName) : url
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ResultFileError(file: file.relativePath, problem: "cannot read it: \(error.localizedDescription)")
        }
        let suite: SuiteResult
        do {
            suite = try JSONDecoder().decode(SuiteResult.self, from: data)
        } catch {
            throw ResultFileError(file: file.relativePath, problem: "not a Stagehand suite: \(error)")
        }
        guard suite.schemaVersion == currentSchemaVersion else {
            throw ResultFileError(
                file: file.relativePath,
                problem: "schemaVersion \(suite.schemaVersion); this Stagehand reads \(currentSchemaVersion)"
            )
        }
        return suite
    }

    /// Whether `url` names a suite: a directory, or a JSON file with a `workloads` list and no `stages` (a single
    /// workload's result has the reverse).
    package static func isSuite(_ url: URL) -> Bool {
        if isDirectory(url) { return true }
        guard let data = try? Data(contentsOf: url),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return false }
        return object["workloads"] != nil && object["stages"] == nil
    }

    /// Where the files a suite's rows name are: beside `suite.json`.
    package static func directory(of url: URL) -> URL {
        isDirectory(url) ? url : url.deletingLastPathComponent()
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
