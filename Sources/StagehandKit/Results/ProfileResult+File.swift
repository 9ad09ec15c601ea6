import Foundation

extension ProfileResult {
    /// Reads a JSON result written by `ReportWriter.write(_:)`, checking its schema version and workload name.
    ///
    /// - Throws: ``ResultFileError`` naming the file and what is wrong with it.
    public static func read(_ url: URL) throws(ResultFileError) -> ProfileResult {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ResultFileError(file: url.path, problem: "cannot read it: \(error.localizedDescription)")
        }
        struct Version: Decodable { var schemaVersion: Int? }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            throw ResultFileError(file: url.path, problem: "not a JSON object (truncated or not a Stagehand result)")
        }
        guard version.schemaVersion == currentSchemaVersion else {
            let found = version.schemaVersion.map(String.init) ?? "none"
            throw ResultFileError(
                file: url.path,
                problem: "schemaVersion \(found); this Stagehand reads \(currentSchemaVersion)"
            )
        }
        let result: ProfileResult
        do {
            result = try JSONDecoder().decode(ProfileResult.self, from: data)
        } catch {
            throw ResultFileError(file: url.path, problem: "not a Stagehand result: \(error)")
        }
        // The name becomes a file name: a hand-edited one must not reach outside the output directory.
        guard !result.workload.isEmpty, !result.workload.contains("/"), !result.workload.hasPrefix(".") else {
            throw ResultFileError(file: url.path, problem: "workload name '\(result.workload)' is not a safe file name")
        }
        return result
    }
}
