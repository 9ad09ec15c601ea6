import Foundation

/// `profile --all`: each workload of a suite profiled in turn, its result and report written as `profile` writes one,
/// then `suite.json` and `suite.md` beside them.
package enum SuiteRun {
    /// What a suite tells its progress display.
    package enum Progress: Sendable {
        /// Workload `index` (from 0) of `count` starts, `elapsedSeconds` into the suite.
        case starting(SuiteMember, index: Int, count: Int, elapsedSeconds: Double)
        /// It ended with this row.
        case finished(SuiteEntry)
    }

    /// Profiles `members` one after another with `profile`, writing each result with `writer`; then writes the suite.
    ///
    /// A member that cannot be profiled (its spec does not read, or `profile` or the writing fails) becomes a row with
    /// its error, and the rest still run.
    ///
    /// - Parameters:
    ///   - command: the command line, for `suite.json`.
    ///   - interruption: once triggered, the suite ends before its next workload, or before it writes the suite
    ///     (a signal after the last stage run is not lost).
    ///   - profile: profiles one workload; ``ProfileInterrupted`` from it ends the suite.
    /// - Throws: ``ProfileInterrupted`` as it came (nothing more is written), or when the suite's own files cannot be
    ///   written.
    package static func run(
        _ members: [SuiteMember],
        writer: ReportWriter,
        command: String,
        interruption: Interruption = Interruption(),
        progress: (Progress) -> Void = { _ in },
        profile: (Workload) async throws -> ProfileResult
    ) async throws -> SuiteResult {
        let startedAt = ISO8601DateFormatter().string(from: Date())
        let suiteStart = Instant.now
        var entries: [SuiteEntry] = []
        for (index, member) in members.enumerated() {
            if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
            let elapsed = Instant.now.milliseconds(since: suiteStart) / 1000
            progress(.starting(member, index: index, count: members.count, elapsedSeconds: elapsed))
            let start = Instant.now
            func failed(_ error: String) -> SuiteEntry {
                SuiteEntry(
                    failed: member.name,
                    spec: member.file,
                    error: error,
                    wallSeconds: Instant.now.milliseconds(since: start) / 1000
                )
            }
            let entry: SuiteEntry
            switch member.workload {
            case .failure(let error):
                entry = failed("\(error)")
            case .success(let workload):
                do {
                    let result = try await profile(workload)
                    try writer.write(result)
                    entry = SuiteEntry(
                        result: result,
                        spec: member.file,
                        writtenBy: writer,
                        wallSeconds: Instant.now.milliseconds(since: start) / 1000
                    )
                } catch let interrupted as ProfileInterrupted {
                    throw interrupted
                } catch {
                    entry = failed("\(error)")
                }
            }
            entries.append(entry)
            progress(.finished(entry))
        }
        if let signal = interruption.received { throw ProfileInterrupted(signal: signal) }
        let suite = SuiteResult(
            command: command,
            startedAt: startedAt,
            wallSeconds: Instant.now.milliseconds(since: suiteStart) / 1000,
            workloads: entries
        )
        try write(suite, to: writer.directory)
        return suite
    }

    /// Writes `suite.json` and `suite.md` into `directory`, atomically.
    package static func write(_ suite: SuiteResult, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try (ReportWriter.encoder.encode(suite) + Data("\n".utf8)).write(
            to: directory.appending(path: SuiteResult.fileName),
            options: .atomic
        )
        try Data(SuiteReport(suite: suite).render().utf8).write(
            to: directory.appending(path: SuiteResult.markdownFileName),
            options: .atomic
        )
    }
}
