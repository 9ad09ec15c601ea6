import Foundation
import Testing

@testable import StagehandKit

/// A suite (`profile --all`): its members, its rows, its table, and the run that profiles them in turn.
@Suite struct SuiteTests {
    /// The fixture renamed: a second workload of the suite.
    static func workload(_ name: String) throws -> ProfileResult {
        var result = try Fixtures.imagePipeline()
        result.workload = name
        result.spec.name = name
        return result
    }

    /// A directory of its own under the temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stagehand-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A row carries the verdict and the recommended stage's own figures.
    @Test func aRowHasTheVerdictAndTheAdvisedStagesFigures() throws {
        let result = try Fixtures.imagePipeline()
        let entry = SuiteEntry(
            result: result,
            spec: nil,
            writtenBy: ReportWriter(directory: Fixtures.directory),
            wallSeconds: 12
        )
        let offloaded = try #require(result.stages.first { $0.stage == .offloaded }?.metrics)
        #expect(entry.status == .profiled)
        #expect(entry.verdict == "offloaded")
        #expect(entry.confidence == .decided)
        #expect(entry.advised?.stage == .offloaded)
        #expect(entry.advised?.hitchTimeRatioMsPerS == offloaded.hitchTimeRatioMsPerS)
        #expect(entry.advised?.inputLatencyP99Ms == offloaded.inputLatencyMs.p99)
        #expect(entry.advised?.hangs == offloaded.hangs)
    }

    /// When no stage meets the budget, the figures are the best stage's, and the table says it is the best, not the
    /// verdict.
    @Test func withNoStageMeetingTheBudgetTheFiguresAreTheBestStages() throws {
        var result = try Fixtures.imagePipeline()
        result.recommendation.stage = "none"
        result.recommendation.bestStage = .actorExtracted
        let entry = SuiteEntry(
            result: result,
            spec: nil,
            writtenBy: ReportWriter(directory: Fixtures.directory),
            wallSeconds: 1
        )
        #expect(entry.advised?.stage == .actorExtracted)
        let suite = SuiteResult(command: "c", startedAt: "t", wallSeconds: 1, workloads: [entry])
        #expect(SuiteReport(suite: suite).render().contains("| none; best `actor-extracted` | decided |"))
    }

    /// suite.md: the table and the links, as golden as the workload report.
    @Test func theSuiteTableMatchesTheGoldenFile() throws {
        let suite = SuiteResult(
            command: "stagehand profile --all --duration 3",
            startedAt: "2026-11-26T12:00:00Z",
            wallSeconds: 151,
            workloads: [
                SuiteEntry(
                    result: try Fixtures.imagePipeline(),
                    spec: nil,
                    writtenBy: ReportWriter(directory: Fixtures.directory),
                    wallSeconds: 43.4
                ),
                SuiteEntry(
                    failed: "broken",
                    spec: "Specs/broken.yaml",
                    error: "Specs/broken.yaml:5: interactions[0].rate-per-s: must be > 0 | got 0",
                    wallSeconds: 0
                ),
            ]
        )
        let rendered = SuiteReport(suite: suite).render()
        let golden = Fixtures.directory.appending(path: "suite.md")
        if ProcessInfo.processInfo.environment["STAGEHAND_UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(rendered == expected, "run with STAGEHAND_UPDATE_GOLDEN=1 to accept a deliberate change")
        // The failure's pipe does not break the table: each row has the header's cells.
        let rows = rendered.split(separator: "\n").filter { $0.hasPrefix("| ") }
        let cells = rows.map { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }
        #expect(Set(cells).count == 1, "\(rows)")
    }

    /// A directory's specs in file order, hidden files left out; a spec that does not read, whose name another spec
    /// has, or that is named `suite` (the suite's own files), is a member with its error, under its file's name, so
    /// that no two members share a name; `--filter` matches anywhere in the name.
    @Test func aDirectorysSpecsAreMembersAndABadOneCarriesItsError() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = { (name: String) in
            "name: \(name)\nduration-s: 1\ninteractions:\n  - name: tap\n    rate-per-s: 10\n    steps:\n"
                + "      - { ui: label, ms: 1 }\n"
        }
        try spec("alpha").write(to: directory.appending(path: "1-alpha.yaml"), atomically: true, encoding: .utf8)
        try "name: [".write(to: directory.appending(path: "2-broken.yml"), atomically: true, encoding: .utf8)
        try spec("alpha").write(to: directory.appending(path: "3-again.yaml"), atomically: true, encoding: .utf8)
        try spec("beta").write(to: directory.appending(path: "4-beta.json.yaml"), atomically: true, encoding: .utf8)
        try spec("suite").write(to: directory.appending(path: "5-suite.yaml"), atomically: true, encoding: .utf8)
        try "not a spec".write(to: directory.appending(path: "notes.txt"), atomically: true, encoding: .utf8)
        try spec("hidden").write(to: directory.appending(path: "._1-alpha.yaml"), atomically: true, encoding: .utf8)

        let members = try SuiteMember.find(in: directory, catalog: WorkloadCatalog())
        #expect(members.map(\.name) == ["alpha", "2-broken.yml", "3-again.yaml", "beta", "suite"])
        #expect(members.map { (try? $0.workload.get()) != nil } == [true, false, false, true, false])
        let duplicate = try #require(members[2].workload.failure)
        #expect("\(duplicate)".contains("'alpha' is also the name of"))
        let reserved = try #require(members[4].workload.failure)
        #expect("\(reserved)".contains("names the suite's own files"))

        let filtered = try SuiteMember.find(in: directory, catalog: WorkloadCatalog(), filter: try Regex("bet"))
        #expect(filtered.map(\.name) == ["beta"])
        // Without a directory, the executable's own workloads: here the built-ins.
        let builtIns = try SuiteMember.find(in: nil, catalog: WorkloadCatalog())
        #expect(builtIns.map(\.name) == BuiltinWorkloads.names)
    }

    /// The run profiles each member in turn: a spec that does not read and a profile that fails are rows with their
    /// errors, the others still run, and suite.json and suite.md are written beside the results; an interruption ends
    /// the suite and writes no suite.
    @Test func theRunKeepsGoingPastAFailureAndStopsAtAnInterruption() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let workload = { (name: String) throws in
            var spec = try Fixtures.imagePipeline().spec
            spec.name = name
            return SuiteMember(name: name, file: nil, workload: .success(spec))
        }
        let unreadable = SuiteMember(
            name: "unreadable",
            file: "x.yaml",
            workload: .failure(SpecError(file: "x.yaml", line: 2, field: "name", problem: .missing))
        )
        let members = [try workload("first"), unreadable, try workload("fails"), try workload("last")]
        struct Failure: Error, CustomStringConvertible { var description: String { "the tool failed" } }
        let writer = ReportWriter(directory: directory)
        var started: [String] = []
        let suite = try await SuiteRun.run(members, writer: writer, command: "stagehand profile --all") { event in
            if case .starting(let member, _, let count, _) = event {
                started.append(member.name)
                #expect(count == 4)
            }
        } profile: { spec in
            guard spec.name != "fails" else { throw Failure() }
            return try Self.workload(spec.name)
        }
        #expect(started == ["first", "unreadable", "fails", "last"])
        #expect(suite.workloads.map(\.status) == [.profiled, .failed, .failed, .profiled])
        #expect(suite.workloads[1].error == "x.yaml:2: name: required but missing")
        #expect(suite.workloads[2].error == "the tool failed")
        #expect(suite.failed.map(\.workload) == ["unreadable", "fails"])
        for file in ["first.json", "first.md", "last.json", "last.md", "suite.json", "suite.md"] {
            #expect(FileManager.default.fileExists(atPath: directory.appending(path: file).path), "\(file)")
        }
        #expect(try SuiteResult.read(directory) == suite)

        let interrupted = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: interrupted) }
        await #expect(throws: ProfileInterrupted.self) {
            _ = try await SuiteRun.run(members, writer: ReportWriter(directory: interrupted), command: "c") { _ in
                throw ProfileInterrupted(signal: SIGINT)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: interrupted.appending(path: SuiteResult.fileName).path))

        // A signal that arrives after the last workload's last stage run still ends the suite unwritten.
        let late = Interruption()
        await #expect(throws: ProfileInterrupted.self) {
            _ = try await SuiteRun.run(
                [try workload("only")],
                writer: ReportWriter(directory: interrupted),
                command: "c",
                interruption: late
            ) { spec in
                late.interrupt(by: SIGTERM)
                return try Self.workload(spec.name)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: interrupted.appending(path: SuiteResult.fileName).path))
    }
}

extension Result {
    /// The error, when this is one.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
