import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `profile --all` and `compare` on two suites: every workload in one command, and one gate on all of them.
    @Suite struct SuiteCommandTests {
        /// A short workload that arrives often enough not to be rare (no exposure run), on main only.
        static func quick(_ name: String) -> String {
            Specs.oneStep(name, duration: "0.3", ratePerSecond: 20, step: "{ ui: show, ms: 0.3 }")
        }

        static let shortRun = ["--stages", "main-only", "--repetitions", "1", "--duration", "0.3"]

        /// Every spec in a directory, in file order: the one that does not read, in the middle, is a row with its
        /// error, the ones after it still run, and the exit status says a workload failed. Progress names workload
        /// i of n and the time so far.
        @Test func aSpecDirectorysWorkloadsRunPastOneThatFails() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let specs = directory.appending(path: "specs")
            try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            _ = try Scratch.write(Self.quick("first"), to: specs, name: "1-first.yaml")
            _ = try Scratch.write(
                Specs.oneStep("broken", ratePerSecond: 0, step: "{ ui: show, ms: 1 }"),
                to: specs,
                name: "2-broken.yaml"
            )
            _ = try Scratch.write(Self.quick("last"), to: specs, name: "3-last.yaml")
            let output = directory.appending(path: "out")
            let run = try await StagehandProcess.run(
                arguments: ["profile", "--all", specs.path, "--output", output.path] + Self.shortRun
            )
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("[2/3] 2-broken.yaml · "))  // a spec that does not read goes by its file's name
            #expect(run.stderr.contains("so far"))
            #expect(run.stderr.contains("1 of 3 workloads could not be profiled: 2-broken.yaml"))

            let suite = try SuiteResult.read(output)
            #expect(suite.workloads.map(\.workload) == ["first", "2-broken.yaml", "last"])
            #expect(suite.workloads.map(\.status) == [.profiled, .failed, .profiled])
            #expect(suite.workloads[1].error?.contains("2-broken.yaml:5: interactions[0].rate-per-s") == true)
            // The verdict is what the runs measured (on a busy machine, even this light workload's may be `none`):
            // the row carries it, whichever it is.
            let verdict = try #require(suite.workloads[2].verdict)
            #expect(verdict == "none" || Stage(rawValue: verdict) != nil, "\(verdict)")
            for file in ["first.json", "first.md", "last.json", "last.md", "suite.md"] {
                #expect(FileManager.default.fileExists(atPath: output.appending(path: file).path), "\(file)")
            }
            let markdown = try String(contentsOf: output.appending(path: "suite.md"), encoding: .utf8)
            #expect(markdown.contains("| [last](last.md) | \(verdict == "none" ? "none" : "`\(verdict)`")"))
            #expect(markdown.contains("| 2-broken.yaml | **could not be profiled**: "))
        }

        /// Without a directory, the executable's own workloads (the built-ins of `stagehand`), narrowed by `--filter`;
        /// arguments that cannot select a suite, or a `--scan` that is not a scan, exit 64 and write nothing.
        @Test func theBuiltInsNarrowedByFilterAndBadArguments() async throws {
            let output = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: output) }
            let run = try await StagehandProcess.run(
                arguments: ["profile", "--all", "--filter", "^count", "--quiet", "--output", output.path]
                    + ["--stages", "main-only", "--repetitions", "1", "--duration", "0.75"]
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try SuiteResult.read(output).workloads.map(\.workload) == ["counter"])

            let unwritten = output.appending(path: "unwritten")
            for (arguments, message) in [
                (["profile"], "or --all for every workload"),
                (["profile", "counter", "--filter", "c"], "add --all"),
                (["profile", "--all", "--filter", "("], "--filter must be a regular expression"),
                (["profile", "--all", "/nonexistent"], "is not one"),
                (["profile", "--all", "--filter", "^nothing-matches$"], "no workload in this executable matches"),
                (["profile", "--all", "--scan", Fixtures.imagePipeline.path], "--scan"),
            ] {
                let refused = try await StagehandProcess.run(arguments: arguments + ["--output", unwritten.path])
                #expect(refused.status == 64, "\(arguments)")
                #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
                #expect(!FileManager.default.fileExists(atPath: unwritten.path), "\(arguments) wrote its output")
            }
        }

        /// `compare` on two suite directories: no change exits 0; one workload regressed exits 2, flagged for that
        /// workload alone; a workload added and one removed are listed and not fatal; `--summary` and `--json` hold
        /// the same verdict; a suite against a single result is refused.
        @Test func comparingTwoSuitesGatesOnTheWorstWorkload() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            func result(_ name: String, offloadedHitchMsPerS: Double? = nil) throws -> ProfileResult {
                var result = try ProfileResult.read(Fixtures.imagePipeline)
                result.workload = name
                result.spec.name = name
                // Every stage's figures from its runs, as an edited stage's are (the file keeps no histograms).
                result.stages = result.stages.map { stage in
                    guard stage.stage == .offloaded, let offloadedHitchMsPerS else {
                        return stage.replacingRuns(workload: result.spec)
                    }
                    // In every repetition: past the noise.
                    return stage.editingRuns(workload: result.spec) {
                        $0.metrics?.hitchTimeRatioMsPerS = offloadedHitchMsPerS
                    }
                }
                return result
            }
            func suite(_ name: String, _ results: [ProfileResult]) throws -> URL {
                let url = directory.appending(path: name)
                let writer = ReportWriter(directory: url)
                var entries: [SuiteEntry] = []
                for result in results {
                    try writer.write(result)
                    entries.append(SuiteEntry(result: result, spec: nil, writtenBy: writer, wallSeconds: 1))
                }
                try SuiteRun.write(
                    SuiteResult(command: "c", startedAt: "t", wallSeconds: 1, workloads: entries),
                    to: url
                )
                return url
            }
            let base = try suite("base", [try result("feed"), try result("photos"), try result("removed")])
            let same = try suite("same", [try result("feed"), try result("photos"), try result("removed")])
            let head = try suite(
                "head",
                [try result("feed"), try result("photos", offloadedHitchMsPerS: 40), try result("added")]
            )

            let unchanged = try await StagehandProcess.run("compare", base.path, same.path)
            #expect(unchanged.status == 0, "\(unchanged.stderr)")
            #expect(unchanged.stdout.hasPrefix("# Stagehand suite comparison: 3 unchanged"))

            let summary = directory.appending(path: "summary.md")
            let verdict = directory.appending(path: "verdict.json")
            let gated = try await StagehandProcess.run(
                "compare",
                base.path,
                head.appending(path: "suite.json").path,
                "--summary",
                summary.path,
                "--json",
                verdict.path
            )
            #expect(gated.status == 2, "\(gated.stderr)")
            // The suite's table: from its header to the first line that is not a row.
            let rows = gated.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("| workload") }.dropFirst(2).prefix { $0.hasPrefix("| ") }
            #expect(rows.filter { $0.contains("⛔") }.count == 1)
            #expect(rows.contains { $0.hasPrefix("| photos | ⛔ **regressed**: hitch-time ratio") })
            #expect(rows.contains { $0.hasPrefix("| feed | unchanged |") })
            #expect(gated.stdout.contains("- Added (not in the base suite): `added`"))
            #expect(gated.stdout.contains("- Removed (not in this suite): `removed`"))
            #expect(try String(contentsOf: summary, encoding: .utf8) == gated.stdout)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: verdict)) as? [String: Any])
            #expect(json["outcome"] as? String == "regressed")
            #expect(json["exitStatus"] as? Int == 2)
            #expect(json["added"] as? [String] == ["added"])
            #expect(json["removed"] as? [String] == ["removed"])
            let workloads = try #require(json["workloads"] as? [[String: Any]])
            #expect(workloads.map { $0["outcome"] as? String } == ["unchanged", "regressed"])

            let mixed = try await StagehandProcess.run("compare", base.path, Fixtures.imagePipeline.path)
            #expect(mixed.status == 64)
            #expect(mixed.stderr.contains("two suites or two results"))
            let empty = directory.appending(path: "empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            #expect(try await StagehandProcess.run("compare", base.path, empty.path).status == 64)
        }
    }
}
