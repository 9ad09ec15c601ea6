import Foundation
import Testing

@testable import StagehandKit

@Suite struct ReportTests {
    @Test func markdownMatchesTheGoldenFile() throws {
        let rendered = MarkdownReport(result: try Fixtures.imagePipeline()).render()
        let golden = Fixtures.directory.appending(path: "image-pipeline.md")
        if ProcessInfo.processInfo.environment["STAGEHAND_UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(rendered == expected, "run with STAGEHAND_UPDATE_GOLDEN=1 to accept a deliberate change")
    }

    @Test func theReportLeadsWithTheVerdictAndHasEverySection() throws {
        let markdown = MarkdownReport(result: try Fixtures.imagePipeline()).render()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# Stagehand: image-pipeline")
        #expect(lines[2].hasPrefix("> **Verdict: `offloaded`**"))
        var position = markdown.startIndex
        for section in [
            "## Stages side by side", "## Decision path", "## How to get to `offloaded`", "## Environment",
        ] {
            let range = try #require(markdown.range(of: section, range: position..<markdown.endIndex), "\(section)")
            position = range.upperBound
        }
        #expect(markdown.contains("@concurrent\nnonisolated func decode() async"))
    }

    @Test func stageRunsThatRecalibratedAreNamedInTheEnvironment() throws {
        var result = try Fixtures.imagePipeline()
        result.stages = result.stages.map { $0.editingRuns(workload: result.spec) { $0.calibration = nil } }  // every run used the profile's…
        let plain = MarkdownReport(result: result).render()
        #expect(plain.contains("| work loop | 452727 iterations per ms, calibrated once per profile |"))
        // …but two.
        result.stages[0] = result.stages[0].editingRuns(workload: result.spec) { run in
            if run.repetition == 2 { run.calibration = CalibratedWork(iterationsPerMs: 380_000) }
        }
        result.stages[2] = result.stages[2].editingRuns(workload: result.spec) { run in
            if run.repetition == 1 { run.calibration = CalibratedWork(iterationsPerMs: 430_000) }
        }
        let runs = result.stages.flatMap(\.repetitions).filter { $0.status == .ok }.count
        #expect(
            MarkdownReport(result: result).render().contains(
                "calibrated once per profile; 2 of \(runs) stage runs measured it more than 3% off and recalibrated "
                    + "(380000–430000 iterations per ms) |"
            )
        )
    }

    @Test func stageRunsMeasuredAgainAreNamedInTheEnvironment() throws {
        var result = try Fixtures.imagePipeline()
        #expect(!MarkdownReport(result: result).render().contains("| measured again |"))
        result.stages[0] = result.stages[0].editingRuns(workload: result.spec) { run in
            if run.repetition == 2 {
                run.remeasured = HangCount(hangs: 2, fromCoreWait: 2, longestHangMs: 300, coreWaitMs: 90)
            }
        }
        #expect(
            MarkdownReport(result: result).render().contains(
                "| measured again | `main-only` repetition 2 (2 hangs, main waiting for a core at least 90 ms of one): "
                    + "every hang of their first attempt came while main waited for a core"
            )
        )
    }

    @Test func theDecisionPathIsDrawnWithThePathTaken() throws {
        let markdown = MarkdownReport(result: try Fixtures.imagePipeline()).render()
        #expect(markdown.contains("```mermaid\nflowchart TD"))
        // image-pipeline: not responsive on main (edge 1), async tried but not responsive (3), offloaded adopted (4).
        #expect(markdown.contains("    linkStyle 1,3,4 stroke-width:4px"))
        #expect(markdown.contains("    class Q1,Q2,Q3,S3 taken"))
        #expect(markdown.contains("S3([\"✔ offloaded\"])"))
    }

    @Test func theBestValueOfARowIsBold() throws {
        let markdown = MarkdownReport(result: try Fixtures.imagePipeline()).render()
        let hitchRow = try #require(
            markdown.split(separator: "\n").first { $0.hasPrefix("| hitch-time ratio (ms/s) |") }
        )
        #expect(hitchRow.hasSuffix("| **0 ✅** | **0 ✅** |"), "\(hitchRow)")
        let hopsRow = try #require(
            markdown.split(separator: "\n").first { $0.hasPrefix("| main-actor hops / interaction |") }
        )
        #expect(hopsRow.contains("| **1** |"))
    }

    /// A stage with fewer runs than a decision reads shows its modelled figures with their spread: main-only's one
    /// run of 600 ms/s in 3 s at 60 Hz, ±√(0.59 × 16.67 × 600 / 3 + (0.215 × 600)²) = ±136 ms/s, shown to two
    /// digits; a stage with 3 runs shows its figure alone.
    @Test func aStageWithFewerThanThreeRunsShowsItsFiguresSpread() throws {
        var result = try Fixtures.imagePipeline()
        result.stages[0] = result.stages[0].replacingRuns([result.stages[0].repetitions[0]], workload: result.spec)
        // Hitch-free, its arrivals holding main far from a frame's budget: its zero reads as it is, no ± 0.
        result.stages[3] = result.stages[3].replacingRuns([result.stages[3].repetitions[0]], workload: result.spec)
        let markdown = MarkdownReport(result: result).render()
        let row = { (prefix: String) in markdown.split(separator: "\n").first { $0.hasPrefix(prefix) } ?? "" }
        #expect(row("| runs |") == "| runs | 1 | 3 | 3 | 1 |")
        #expect(
            row("| hitch-time ratio (ms/s) |") == "| hitch-time ratio (ms/s) | 600 ±140 ⛔ | 367 ⛔ | **0 ✅** | **0 ✅** |"
        )
        #expect(ProfileResult.twoSignificantDigits(0.184) == "0.18")
        #expect(row("| input latency p50 / p99 (ms) |").contains(" ±"))
        #expect(
            markdown.contains(
                "`main-only`, `actor-extracted` had fewer than 3 runs: their hitch-time ratio and input latency p99 carry"
            )
        )
        #expect(!MarkdownReport(result: try Fixtures.imagePipeline()).render().contains("had fewer than 3 runs"))
    }

    /// A stage the walk never reached has one table run of 1 s: its `runs` cell and the header say so, and its
    /// figure's spread is the model's for a 1 s run (600 ms/s: ±√(0.59 × 16.67 × 600 + (0.215 × 600)²) = ±150).
    @Test func aTableRunIsShownWithItsLengthAndItsSpread() throws {
        var result = try Fixtures.imagePipeline()
        for index in [0, 3] {
            result.stages[index] = result.stages[index].replacingRuns(
                [result.stages[index].repetitions[0]],
                workload: result.spec
            )
        }
        result.stages[0] = result.stages[0].editingRuns(workload: result.spec) { run in
            run.metrics?.arrivalSeconds = Workload.tableRunSeconds
        }
        let markdown = MarkdownReport(result: result).render()
        let row = { (prefix: String) in markdown.split(separator: "\n").first { $0.hasPrefix(prefix) } ?? "" }
        #expect(row("| runs |") == "| runs | 1 of 1 s | 3 | 3 | 1 |")
        #expect(row("| hitch-time ratio (ms/s) |").hasPrefix("| hitch-time ratio (ms/s) | 600 ±150 ⛔ |"))
        #expect(markdown.contains("(`main-only`, which it did not read: one run of 1 s)"))
        #expect(markdown.contains("`main-only` had one shorter *table run*"))
        #expect(!MarkdownReport(result: try Fixtures.imagePipeline()).render().contains("table run"))
        #expect(TerminalSummary(result: result, colour: false).render().contains("1 of 1 s"))
    }

    /// A hitch-free stage on one run whose arrivals held main near a frame's budget (15 ms of 16.67) reads its zero
    /// with the bound its seconds give (−ln 0.05 × 16.67 ms / 3 s = 16.6 ms/s), in both tables.
    @Test func aHitchFreeStageNearAHitchOnOneRunShowsItsBound() throws {
        var result = try Fixtures.imagePipeline()
        let oneRun = [result.stages[2].repetitions[0]]
        result.stages[2] = result.stages[2].replacingRuns(oneRun, workload: result.spec).editingRuns(
            workload: result.spec
        ) { run in
            run.interactions = result.spec.interactions.map { _ in
                InteractionSample(arrivals: 6, longestBlockMs: 15, hangs: 0, holdsMs: Array(repeating: 15, count: 6))
            }
        }
        let spread = try #require(result.figureSpreads[.offloaded]?[.hitchTimeRatio])
        #expect(spread.hasPrefix("≤16."), "\(spread)")
        #expect(MarkdownReport(result: result).render().contains("| **0 \(spread) ✅** |"))
        #expect(TerminalSummary(result: result, colour: false).render().contains("0 \(spread)"))
    }

    @Test func theJSONCarriesTheContractFields() throws {
        let data = try ReportWriter.encoder.encode(try Fixtures.imagePipeline())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["workload"] as? String == "image-pipeline")
        let environment = try #require(json["environment"] as? [String: Any])
        for key in ["swift", "cores", "refreshHz"] { #expect(environment[key] != nil, "environment.\(key)") }
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.map { $0["stage"] as? String } == ["main-only", "async", "offloaded", "actor-extracted"])
        for stage in stages {
            #expect(["ok", "crashed", "hung", "skipped"].contains(stage["status"] as? String ?? ""))
            #expect(stage["repetitions"] is [Any])
            let metrics = try #require(stage["metrics"] as? [String: Any])
            for key in [
                "hitchTimeRatioMsPerS", "hangs", "mainActorHopsPerInteraction", "mainThreadUtilization",
                "allocationsPerInteraction", "throughputPerS",
            ] {
                #expect(metrics[key] is Double || metrics[key] is Int, "metrics.\(key)")
            }
            for (key, percentiles) in [
                ("mainLoopLatencyMs", ["p50", "p99", "max"]), ("inputLatencyMs", ["p50", "p99"]),
                ("interactionLatencyMs", ["p50", "p99"]), ("hopWaitMs", ["p50", "p99"]),
            ] {
                let summary = try #require(metrics[key] as? [String: Any], "metrics.\(key)")
                for percentile in percentiles { #expect(summary[percentile] != nil, "metrics.\(key).\(percentile)") }
            }
        }
        let recommendation = try #require(json["recommendation"] as? [String: Any])
        #expect(recommendation["stage"] as? String == "offloaded")
        #expect(recommendation["path"] is [Any])
        #expect(recommendation["antiPatterns"] is [Any])
    }

    @Test func aResultWithAnotherSchemaVersionIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"schemaVersion": 99, "workload": "x"}"#.utf8).write(to: url)
        let error = try #require(throws: ResultFileError.self) { try ProfileResult.read(url) }
        #expect(error.description.contains("schemaVersion 99"))
        try Data(#"{"schemaVersion": 1, "work"#.utf8).write(to: url)
        let truncated = try #require(throws: ResultFileError.self) { try ProfileResult.read(url) }
        #expect(truncated.description.contains("truncated"))
    }

    @Test func migrationCodeUsesTheWorkloadsOwnNames() throws {
        let playbook = MigrationPlaybook(workload: try Fixtures.imagePipeline().spec)
        let actorCode = playbook.steps(for: .actorExtracted).joined(separator: "\n")
        #expect(actorCode.contains("actor ImageCache"))
        #expect(actorCode.contains("await MainActor.run { display() }"))
        #expect(actorCode.contains("Task { @concurrent in await openImageBody() }"))
        let asyncCode = playbook.steps(for: .async).joined(separator: "\n")
        #expect(asyncCode.contains("await fetch()"))
        #expect(asyncCode.contains("decode()  // CPU work, still on main"))
    }

    @Test func eachStageSaysWhatNotToDoInTheWorkloadsNames() throws {
        let playbook = MigrationPlaybook(workload: try Fixtures.imagePipeline().spec)
        #expect(playbook.avoid(at: .offloaded).contains { $0.contains("`decode()`") })
        #expect(playbook.avoid(at: .offloaded).contains { $0.contains("`imageCache`") })
        #expect(Stage.allCases.allSatisfy { !playbook.avoid(at: $0).isEmpty })
        #expect(playbook.steps(for: .async).contains { $0.hasPrefix("What not to do:") })
    }

    /// Every stage names the Swift 6.2 settings that help it: default main-actor isolation, and past main-only the
    /// migration to nonisolated(nonsending) by default.
    @Test func eachStageNamesTheSwift62SettingsThatHelp() throws {
        let playbook = MigrationPlaybook(workload: try Fixtures.imagePipeline().spec)
        for stage in Stage.allCases {
            let text = playbook.steps(for: stage).joined(separator: "\n")
            #expect(text.contains(".defaultIsolation(MainActor.self)"), "\(stage.rawValue)")
            #expect(text.contains("NonisolatedNonsendingByDefault") == (stage != .mainOnly), "\(stage.rawValue)")
        }
    }

    @Test func reportNumbersAreFormattedForReading() {
        #expect(1234.6.reportFormatted == "1235")
        #expect(16.666666.reportFormatted == "16.67")
        #expect(0.25.reportFormatted == "0.25")
        #expect(0.0.reportFormatted == "0")
        #expect((-0.0001).reportFormatted == "-0.0001")
        #expect(Double.nan.reportFormatted == "n/a")
        #expect(1e-30.reportFormatted == "< 0.0001", "never a false 0")
    }

    /// A code `compute` step's tight-loop figure sits beside its means in the steps table, and the report says so when
    /// the runs' figure differs from it beyond their spread, never when it does not.
    @Test(arguments: [(120.0, true), (nil as Double?, false)])
    func theTightLoopColumnAndItsSentence(loopMs: Double?, differs: Bool) throws {
        var result = try Fixtures.imagePipeline()
        let decode = StepTiming.Key(interaction: 0, step: 2)
        result.spec.interactions[0].steps[2].cost = .code(meanMs: nil)
        let mainOnly = try #require(result.stages.firstIndex { $0.stage == .mainOnly })
        let inSitu = try #require(result.stages[mainOnly].stepTimings.first { $0.key == decode }?.meanMs)
        result.stages[mainOnly] = result.stages[mainOnly].editingRuns(workload: result.spec) {
            $0.tightLoop = [TightLoopTiming(key: decode, medianMs: loopMs ?? inSitu * 1.02, calls: 10)]
        }
        let markdown = MarkdownReport(result: result).render()
        #expect(markdown.contains("| alone in a loop |"))
        let row = try #require(markdown.split(separator: "\n").first { $0.contains("`compute: decode` (your code)") })
        #expect(row.hasSuffix(" | \((loopMs ?? inSitu * 1.02).reportFormatted) |"), "\(row)")
        #expect(
            markdown.contains(
                "- In a benchmark loop `compute: decode` takes 120 ms; called once per interaction in "
                    + "`main-only` it took "
            ) == differs
        )
    }

    /// A step's own allocations sit in the steps table's last column: the stages' median where they agree within half
    /// an allocation, their range where they do not, and a dash for a step never counted (an `io` step). A mean is over
    /// the runs that were counted. A result with no counts has no such column.
    @Test func theStepsTableShowsEachStepsOwnAllocations() throws {
        var result = try Fixtures.imagePipeline()
        #expect(!MarkdownReport(result: result).render().contains("allocations per run"), "no counts, no column")
        let cache = StepTiming.Key(interaction: 0, step: 0)
        let decode = StepTiming.Key(interaction: 0, step: 2)
        let display = StepTiming.Key(interaction: 0, step: 4)
        for stage in result.stages.indices {
            result.stages[stage] = result.stages[stage].editingRuns(workload: result.spec) { run in
                for index in run.stepTimings.indices {
                    var timing = run.stepTimings[index]
                    let counted: (allocations: Int, runs: Int)? =
                        switch timing.key {
                        case decode: (4 * timing.runs, timing.runs)
                        case display: ((stage == 0 ? 2 : 5) * timing.runs, timing.runs)
                        case cache: stage == 0 ? (1, 1) : (7, 5)  // 1 and 1.4 per counted run: within half of one
                        default: nil
                        }
                    guard let counted else { continue }
                    timing.allocations = counted.allocations
                    timing.allocationRuns = counted.runs
                    run.stepTimings[index] = timing
                }
            }
        }
        let markdown = MarkdownReport(result: result).render()
        let rows = markdown.split(separator: "\n")
        #expect(rows.contains { $0.hasSuffix(" | allocations per run |") })
        let decodeRow = try #require(rows.first { $0.hasPrefix("| open-image | `compute: decode`") })
        #expect(decodeRow.hasSuffix(" | 4 |"), "\(decodeRow)")
        let displayRow = try #require(rows.first { $0.hasPrefix("| open-image | `ui: display`") })
        #expect(displayRow.hasSuffix(" | 2–5 |"), "\(displayRow)")
        let cacheRow = try #require(rows.first { $0.hasPrefix("| open-image | `state: imageCache`") })
        #expect(cacheRow.hasSuffix(" | 1.4 |"), "\(cacheRow)")
        let readRow = try #require(rows.first { $0.hasPrefix("| open-image | `io: ") })
        #expect(readRow.hasSuffix(" | – |"), "\(readRow)")
    }
}
