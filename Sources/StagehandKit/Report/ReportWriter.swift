import Foundation

/// Writes a profile's Markdown report and JSON result into a directory, each file atomically.
///
/// A file is written to a temporary name beside its destination and renamed into place, so a reader never sees half
/// a file and a failed run never destroys an earlier report.
package struct ReportWriter: Sendable {
    package var directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    /// Where the Markdown report of `workload` goes.
    package func markdownURL(for workload: String) -> URL { directory.appending(path: "\(workload).md") }
    /// Where the JSON result of `workload` goes.
    package func jsonURL(for workload: String) -> URL { directory.appending(path: "\(workload).json") }

    /// Writes `<workload>.json` and `<workload>.md`.
    ///
    /// - Throws: when the directory cannot be created or a file cannot be written.
    package func write(_ result: ProfileResult) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.encoder.encode(result).write(to: jsonURL(for: result.workload), options: .atomic)
        try writeMarkdown(result)
    }

    /// Writes `<workload>.md` and its chart (`<workload>-main-loop-latency.svg`), not the JSON.
    ///
    /// - Throws: when the directory cannot be created or a file cannot be written.
    package func writeMarkdown(_ result: ProfileResult) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let chart = LatencyChart(result: result).render() {
            let url = directory.appending(path: LatencyChart.fileName(for: result.workload))
            try Data(chart.utf8).write(to: url, options: .atomic)
        }
        if let chart = FrameTimelineChart(result: result).render() {
            let url = directory.appending(path: FrameTimelineChart.fileName(for: result.workload))
            try Data(chart.utf8).write(to: url, options: .atomic)
        }
        if let chart = HeadroomChart(result: result).render() {
            let url = directory.appending(path: HeadroomChart.fileName(for: result.workload))
            try Data(chart.utf8).write(to: url, options: .atomic)
        }
        try Data(MarkdownReport(result: result).render().utf8).write(
            to: markdownURL(for: result.workload),
            options: .atomic
        )
    }

    /// The JSON every file Stagehand writes uses: indented, keys sorted, slashes as they are.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
