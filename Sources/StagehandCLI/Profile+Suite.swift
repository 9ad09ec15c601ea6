import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand.Profile {
    /// `profile --all [DIR]`: every workload in turn, each as `profile NAME` runs it, then the suite's table.
    func profileSuite(options: ProfileOptions, writer: ReportWriter, interruption: Interruption) async throws {
        let members: [SuiteMember]
        do {
            members = try SuiteMember.find(
                in: workload.map { URL(fileURLWithPath: $0) },
                catalog: WorkloadCatalog.current,
                filter: try filter.map { try Regex($0) }
            )
        } catch {
            throw ExitCode.badInput("\(error)")
        }
        guard !members.isEmpty else {
            let place = workload.map { "in \($0)" } ?? "in this executable"
            throw ExitCode.badInput("no workload \(place)" + (filter.map { " matches --filter '\($0)'" } ?? ""))
        }
        // A scan that does not read is bad input for every workload; one with no step of a workload is that row's.
        if let scan {
            do {
                try SourceMap.check(scanFile: URL(fileURLWithPath: scan))
            } catch {
                throw ExitCode.badInput("--scan \(error)")
            }
        }
        try makeDirectories(for: options, writer: writer)
        let suite: SuiteResult
        do {
            suite = try await SuiteRun.run(
                members,
                writer: writer,
                command: Self.commandLine,
                interruption: interruption
            ) { event in
                showSuiteProgress(event)
            } profile: { workload in
                var options = options
                options.traceFile = options.traceFile.map { Self.trace($0, of: workload.name) }
                let source = try sourceMap(for: workload)
                return try await profile(workload, source: source, options: options, interruption: interruption)
            }
        } catch let interrupted as ProfileInterrupted {
            throw interrupted
        } catch {
            throw ToolFailure("could not write the suite to \(output): \(error.localizedDescription)")
        }
        if !quiet {
            // The suite's table, as suite.md has it, then where the files are.
            print("\n" + SuiteReport(suite: suite).table.joined(separator: "\n"))
            print(
                "\nSuite: \(writer.directory.appending(path: SuiteResult.markdownFileName).relativePath)  ·  JSON: "
                    + writer.directory.appending(path: SuiteResult.fileName).relativePath
            )
        }
        let failed = suite.failed.map(\.workload)
        guard failed.isEmpty else {
            printError(
                "error: \(failed.count) of \(suite.workloads.count) workloads could not be profiled: "
                    + failed.joined(separator: ", ") + " (suite.md says why)"
            )
            throw ExitCode.someFailed
        }
    }

    /// Workload i of n and the time so far, before each; how it ended, after.
    private func showSuiteProgress(_ event: SuiteRun.Progress) {
        guard !quiet else { return }
        switch event {
        case .starting(let member, let index, let count, let elapsed):
            printError(
                "\n[\(index + 1)/\(count)] \(member.name) · \(SuiteReport.duration(elapsed)) so far"
            )
        case .finished(let entry):
            switch entry.status {
            case .profiled:
                let confidence = entry.confidence.map { " (\($0.rawValue))" } ?? ""
                printError("  → \(entry.verdict ?? "?")\(confidence) in \(SuiteReport.duration(entry.wallSeconds))")
            case .failed:
                printError("  → could not be profiled: \(entry.error ?? "no result")")
            }
        }
    }

    /// Where the trace of `workload` goes in a suite: `--trace` with the workload's name before its extension
    /// (`trace.json` → `trace-image-pipeline.json`), so that no workload's trace overwrites another's.
    static func trace(_ url: URL, of workload: String) -> URL {
        let fileExtension = url.pathExtension
        let stem = url.deletingPathExtension().lastPathComponent
        let name = "\(stem)-\(workload)" + (fileExtension.isEmpty ? "" : ".\(fileExtension)")
        return url.deletingLastPathComponent().appending(path: name)
    }
}
