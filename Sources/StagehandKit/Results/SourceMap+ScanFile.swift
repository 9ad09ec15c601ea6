import Foundation

extension SourceMap {
    /// The part of `stagehand scan --json` that concerns `workload`: its code steps, matched by interaction, label and
    /// kind, and the findings in the files of the declarations they call.
    ///
    /// - Throws: ``ResultFileError`` when the file cannot be read, is not a scan's JSON, or declares no step of
    ///   `workload` (the scan did not cover the workload executable's sources).
    package static func read(scanFile url: URL, workload: Workload) throws(ResultFileError) -> SourceMap {
        let scan = try ScanFile(url)
        let declared = Set(
            workload.interactions.flatMap { interaction in
                interaction.steps.map { "\(interaction.name)|\($0.label)|\($0.kind.rawValue)" }
            }
        )
        let steps = scan.steps.filter { step in
            step.workload == workload.name && declared.contains("\(step.interaction)|\(step.step)|\(step.kind)")
        }
        guard !steps.isEmpty else {
            let found = Set(scan.steps.map(\.workload)).sorted()
            throw ResultFileError(
                file: url.path,
                problem: "the scan found no step of workload '\(workload.name)'"
                    + (found.isEmpty
                        ? "; scan the directory that holds the workload executable's sources (and the app's)"
                        : "; it found workloads \(found.map { "'\($0)'" }.joined(separator: ", "))")
            )
        }
        let workloadFiles = Set(scan.steps.map(\.file))
        let files = Set(steps.flatMap { $0.calls.map(\.declaration.file) }).subtracting(workloadFiles)
        return SourceMap(
            scanFile: url.relativePath,
            steps: steps.map {
                Step(
                    interaction: $0.interaction,
                    step: $0.step,
                    kind: $0.kind,
                    file: $0.file,
                    line: $0.line,
                    calls: $0.calls
                )
            },
            findings: scan.findings.filter { files.contains($0.file) }
        )
    }

    /// Checks that `url` is the JSON of `stagehand scan --json`, before a suite reads it for each workload.
    ///
    /// - Throws: ``ResultFileError`` when the file cannot be read or is not a scan's JSON.
    package static func check(scanFile url: URL) throws(ResultFileError) {
        _ = try ScanFile(url)
    }
}

/// What the engine reads of `stagehand scan --json`: the workloads' steps, and the findings.
private struct ScanFile: Decodable {
    struct Step: Decodable {
        var workload: String
        var interaction: String
        var step: String
        var kind: String
        var file: String
        var line: Int
        var calls: [SourceMap.Call]
    }
    var steps: [Step]
    var findings: [SourceMap.Finding]

    init(_ url: URL) throws(ResultFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ResultFileError(file: url.path, problem: "cannot read it: \(error.localizedDescription)")
        }
        do {
            self = try JSONDecoder().decode(ScanFile.self, from: data)
        } catch {
            throw ResultFileError(
                file: url.path,
                problem: "not the JSON of `stagehand scan --json` from this version: \(error)"
            )
        }
    }
}
