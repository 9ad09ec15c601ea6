import Foundation
import Testing

@testable import StagehandKit

/// Exposure: every interaction of the workload in every stage's verdict at its declared rate, a hang judged per
/// arrival, and *meets* claimed only when the runs can bound the hitch time below its limit. On constructed runs.
@Suite struct ExposureTests {
    /// `open` (rare: 0.1 a second in 3 s runs) decodes on main and shows; `tap` (4 a second) redraws.
    static func workload(openStep: Step = Step(.compute, "decode", .milliseconds(100))) -> Workload {
        Workload(
            name: "rare",
            durationSeconds: 3,
            interactions: [
                Interaction(name: "open", ratePerSecond: 0.1, arrival: .poisson, steps: [openStep]),
                Interaction(name: "tap", ratePerSecond: 4, steps: [Step(.ui, "redraw", .milliseconds(0.5))]),
            ]
        )
    }

    /// One run of `arrivals` arrivals of `open` (and 12 taps), each adding `hitchMs` of hitch time under its step and
    /// taking `blockMs` on main at once, `hangs` of them a hang's length.
    static func run(
        _ repetition: Int,
        open arrivals: Int,
        hitchMs: Double = 100,
        blockMs: Double = 100,
        hangs: Int = 0,
        seconds: Double = 3,
        label: String = "compute: decode",
        tapBlockMs: Double = 0.6,
        unfinished: Int = 0
    ) -> RepetitionResult {
        var metrics = StageMetrics()
        metrics.arrivalSeconds = seconds
        metrics.runSeconds = seconds + 1.3
        metrics.hitchTimeRatioMsPerS = Double(arrivals) * hitchMs / seconds
        if arrivals > 0, hitchMs > 0 { metrics.hitchTimeByCause = [label: metrics.hitchTimeRatioMsPerS] }
        metrics.hangs = hangs
        metrics.mainThreadBusyMsPerS = ["compute": Double(arrivals) * blockMs / seconds]  // per second of the window
        var open = StepTiming(key: .init(interaction: 0, step: 0), runs: arrivals, totalMs: Double(arrivals) * blockMs)
        open.runsOnMain = arrivals
        let tap = StepTiming(key: .init(interaction: 1, step: 0), runs: 12, totalMs: 6, runsOnMain: 12)
        return RepetitionResult(
            repetition: repetition,
            status: .ok,
            seed: 1,
            metrics: metrics,
            stepTimings: arrivals > 0 ? [open, tap] : [tap],
            interactions: [
                InteractionSample(
                    arrivals: arrivals,
                    longestBlockMs: arrivals > 0 ? blockMs : 0,
                    hangs: hangs,
                    unfinished: unfinished
                ),
                InteractionSample(arrivals: 12, longestBlockMs: tapBlockMs, hangs: 0),
            ]
        )
    }

    static func stage(
        _ stage: Stage,
        _ runs: [RepetitionResult],
        exposure: [RepetitionResult],
        workload: Workload = ExposureTests.workload()
    ) -> StageResult {
        StageResult(stage: stage, repetitions: runs, exposureRuns: exposure, workload: workload)
    }

    /// Whichever runs the seed brought `open` into, each run reads its per-arrival effect × its rate: 100 ms × 0.1/s.
    @Test func aRareInteractionCountsAtItsDeclaredRateInEveryRun() throws {
        let result = Self.stage(
            .mainOnly,
            [Self.run(1, open: 1), Self.run(2, open: 0), Self.run(3, open: 0)],
            exposure: [Self.run(0, open: 3, seconds: 1.5)]
        )
        let open = try #require(result.interactions?.first)
        #expect(open.arrivals == 1)
        #expect(open.exposureArrivals == 3)
        #expect(open.estimated)
        #expect(abs(open.expectedArrivals - 0.9) < 1e-9)
        #expect(abs(open.hitchMsPerArrival - 100) < 1e-9)
        #expect(abs(open.mainMsPerArrival - 100) < 1e-9)
        for run in result.judgedRuns {
            #expect(abs(run.hitchTimeRatioMsPerS - 10) < 1e-9, "0.1 a second × 100 ms")
            #expect(abs((run.hitchTimeByCause["compute: decode"] ?? 0) - 10) < 1e-9)
            #expect(abs((run.mainThreadBusyMsPerS["compute"] ?? 0) - 0.1 * 100) < 1e-9)
        }
        #expect(result.interactions?.last?.estimated == false, "a frequent interaction is read as measured")
        let judgment = try #require(DecisionTree().judgment(of: result, workload: Self.workload()))
        #expect(judgment.judgment == .fails, "\(judgment.reason)")
    }

    /// The same stage with the seed's arrivals never bringing `open`: the runs read 0, the verdict does not.
    @Test func theVerdictDoesNotDependOnWhetherTheRareInteractionArrived() throws {
        let none = Self.stage(
            .mainOnly,
            [Self.run(1, open: 0), Self.run(2, open: 0), Self.run(3, open: 0)],
            exposure: [Self.run(0, open: 3, seconds: 1.5)]
        )
        let two = Self.stage(
            .mainOnly,
            [Self.run(1, open: 0), Self.run(2, open: 2), Self.run(3, open: 0)],
            exposure: [Self.run(0, open: 3, seconds: 1.5)]
        )
        #expect(none.metrics?.hitchTimeRatioMsPerS == two.metrics?.hitchTimeRatioMsPerS)
        let tree = DecisionTree()
        #expect(tree.judgment(of: none, workload: Self.workload())?.judgment == .fails)
        #expect(tree.judgment(of: two, workload: Self.workload())?.judgment == .fails)
    }

    /// One arrival in the exposure run held main for 300 ms: the stage fails, named after the interaction and step;
    /// a `ui` step is one no stage can move.
    @Test(arguments: [("compute: decode", false), ("ui: rebuild", true)])
    func aHangOfOneArrivalFailsTheStageAndNamesIt(_ label: String, _ isUI: Bool) throws {
        let step = isUI ? Step(.ui, "rebuild", .milliseconds(300)) : Step(.compute, "decode", .milliseconds(300))
        let workload = Self.workload(openStep: step)
        let result = Self.stage(
            .offloaded,
            [Self.run(1, open: 0), Self.run(2, open: 0), Self.run(3, open: 0)],
            exposure: [Self.run(0, open: 3, hitchMs: 300, blockMs: 300, hangs: 3, seconds: 1.5, label: label)],
            workload: workload
        )
        let judgment = try #require(DecisionTree().judgment(of: result, workload: workload))
        #expect(judgment.judgment == .fails)
        #expect(judgment.reason.contains("`open` held main for 300 ms at once (`\(label)`)"), "\(judgment.reason)")
        #expect(judgment.reason.contains("no stage can move it") == isUI, "\(judgment.reason)")
    }

    /// All-zero runs: with an interaction typically holding main near the budget, three runs of 2.5 s and the 1.5 s
    /// exposure run (9 s) bound the ratio only below −ln(0.05)·16.67/9 = 5.55 ms/s, so the stage is borderline, not
    /// *meets, decided*; a fourth run (11.5 s, 4.34 ms/s) settles it; with every hold far from the budget, it meets.
    @Test func hitchFreeRunsMeetOnlyWhenTheyBoundTheHitchTime() throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(10)))
        func stage(blockMs: Double, runs: Int) -> StageResult {
            Self.stage(
                .mainOnly,
                (1...runs).map { Self.run($0, open: 0, hitchMs: 0, seconds: 2.5) },
                exposure: [Self.run(0, open: 3, hitchMs: 0, blockMs: blockMs, seconds: 1.5)],
                workload: workload
            )
        }
        let tree = DecisionTree()
        let near = try #require(tree.judgment(of: stage(blockMs: 10, runs: 3), workload: workload))
        #expect(near.judgment == .borderline, "\(near.reason)")
        #expect(near.reason.contains("5.55 ms/s"), "\(near.reason)")
        #expect(near.reason.contains("`--duration 3`"), "\(near.reason)")
        #expect(near.overall == .meets)
        let longer = try #require(tree.judgment(of: stage(blockMs: 10, runs: 4), workload: workload))
        #expect(longer.judgment == .meets, "11.5 s bound it below 4.34 ms/s: \(longer.reason)")
        let far = try #require(tree.judgment(of: stage(blockMs: 3, runs: 3), workload: workload))
        #expect(far.judgment == .meets, "\(far.reason)")
    }

    /// The tail hold is the 90th percentile of the arrivals' holds, nearest rank, from 10 of them; what n arrivals rule
    /// out is a slow path of chance p with (1 − p)ⁿ ≤ 5%: 23 arrivals, 1 in 8 ((7/8)²³ = 4.6%), not 1 in 9 (6.7%).
    @Test func theTailHoldAndWhatSoManyArrivalsRuleOut() {
        #expect(InteractionExposure.tail(of: (1...20).map(Double.init).reversed()) == 18)
        #expect(InteractionExposure.tail(of: (1...10).map(Double.init)) == 9)
        #expect(InteractionExposure.tail(of: (1...9).map(Double.init)) == nil, "the tail of 9 is their longest")
        func ruledOut(_ arrivals: Int) -> Int? {
            InteractionExposure(
                interaction: "open",
                ratePerS: 0.1,
                arrivals: arrivals,
                expectedArrivals: 1,
                exposureArrivals: 0,
                estimated: true,
                hitchMsPerArrival: 0,
                mainMsPerArrival: 0,
                hitchMsPerArrivalSpread: 0,
                longestBlockMs: 0,
                typicalLongestBlockMs: 0,
                hangs: 0,
                longestStepOnMain: nil
            ).slowPathSeenOneIn
        }
        #expect(ruledOut(23) == 8)
        #expect(ruledOut(3) == 1)
        #expect(ruledOut(0) == nil)
    }

    /// A slow path one arrival in nine (40 ms, the others 4 ms), all four in one run: the typical longest hold (the
    /// median of the runs' longest, two of three runs without a slow arrival) says hitch-free runs are far from a
    /// hitch; the tail of their 36 arrivals does not, so their hitch-free seconds must bound the hitch time.
    @Test func aSlowPathInTheTailKeepsHitchFreeRunsFromMeetingOnTheirHoldAlone() throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(4)))
        func stage(slowPath: Bool) -> StageResult {
            var runs = (1...3).map { Self.run($0, open: 0, hitchMs: 0, seconds: 2.5, tapBlockMs: 4) }
            for index in runs.indices {
                runs[index].interactions?[1].holdsMs = Array(repeating: 4, count: 12)
            }
            if slowPath {
                runs[0].interactions?[1].holdsMs?[0...3] = [40, 40, 40, 40]
                runs[0].interactions?[1].longestBlockMs = 40
            }
            return Self.stage(
                .mainOnly,
                runs,
                exposure: [Self.run(0, open: 3, hitchMs: 0, blockMs: 4, seconds: 1.5)],
                workload: workload
            )
        }
        let tree = DecisionTree()
        let plain = try #require(tree.judgment(of: stage(slowPath: false), workload: workload))
        #expect(plain.judgment == .meets, "\(plain.reason)")
        let slow = try #require(tree.judgment(of: stage(slowPath: true), workload: workload))
        #expect(stage(slowPath: true).interactions?[1].tailBlockMs == 40)
        #expect(slow.judgment == .borderline, "\(slow.reason)")
    }

    /// A first arrival in a fresh process that held main for 300 ms fails the stage, named; one of 40 ms is shown and
    /// counts for nothing else: no per-arrival figure, no hitch time.
    @Test(arguments: [(300.0, true), (40.0, false)])
    func aHangOfTheFirstArrivalFailsTheStage(_ firstMs: Double, _ fails: Bool) throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(1)))
        var runs = (1...3).map { Self.run($0, open: 1, hitchMs: 0, blockMs: 1) }
        runs[0].firstArrivals = [
            InteractionSample(arrivals: 1, longestBlockMs: firstMs, hangs: firstMs >= 250 ? 1 : 0),
            InteractionSample(arrivals: 1, longestBlockMs: 0.6, hangs: 0),
        ]
        let result = Self.stage(
            .offloaded,
            runs,
            exposure: [Self.run(0, open: 3, hitchMs: 0, blockMs: 1, seconds: 1.5)],
            workload: workload
        )
        let open = try #require(result.interactions?.first)
        #expect(open.firstBlockMs == firstMs)
        #expect(open.longestBlockMs == 1, "the first arrival is not one of its ordinary arrivals")
        #expect(open.hangs == 0)
        let judgment = try #require(DecisionTree().judgment(of: result, workload: workload))
        #expect((judgment.judgment == .fails) == fails, "\(judgment.reason)")
        if fails {
            #expect(judgment.reason.hasPrefix("`open`'s first arrival in a fresh process held main for 300 ms"))
        }
    }

    /// A first arrival that hangs in every stage (something built on main the first time, whatever the stage): no
    /// stage meets the budget, and the verdict and the work left name that first arrival.
    @Test func aFirstArrivalThatHangsInEveryStageIsWhatTheVerdictNames() throws {
        let workload = Self.workload(openStep: Step(.ui, "show", .milliseconds(1)))
        func stage(_ stage: Stage) -> StageResult {
            var runs = (1...3).map { Self.run($0, open: 1, hitchMs: 0, blockMs: 1, label: "ui: show") }
            runs[0].firstArrivals = [
                InteractionSample(arrivals: 1, longestBlockMs: 300, hangs: 1),
                InteractionSample(arrivals: 1, longestBlockMs: 0.6, hangs: 0),
            ]
            return Self.stage(
                stage,
                runs,
                exposure: [Self.run(0, open: 3, hitchMs: 0, blockMs: 1, seconds: 1.5, label: "ui: show")],
                workload: workload
            )
        }
        let recommendation = DecisionTree().recommend(for: workload, results: Stage.allCases.map(stage))
        #expect(recommendation.stage == "none")
        #expect(
            recommendation.summary.contains("In every stage, `open`'s first arrival in a fresh process held main"),
            "\(recommendation.summary)"
        )
        #expect(
            recommendation.remainingWork.first?.contains("first arrival") == true,
            "\(recommendation.remainingWork)"
        )
    }

    /// An arrival still unfinished when its run ended (its answer outlasted the follow-through) leaves the stage
    /// borderline, however clean its runs, and no extra round mends it. Its per-arrival figures are over every arrival,
    /// a lower bound: what the unfinished one did before its run ended is in the totals, its later work is not.
    @Test func anUnfinishedArrivalKeepsAStageFromMeetingAndOutOfThePerArrivalFigures() throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(1)))
        let result = Self.stage(
            .async,
            [Self.run(1, open: 1, hitchMs: 2, blockMs: 1), Self.run(2, open: 0), Self.run(3, open: 0)],
            exposure: [Self.run(0, open: 3, hitchMs: 2, blockMs: 1, seconds: 1.5, unfinished: 1)],
            workload: workload
        )
        let open = try #require(result.interactions?.first)
        #expect(open.unfinished == 1)
        #expect(open.finishedArrivals == 3)
        #expect(abs(open.hitchMsPerArrival - 2) < 1e-9)
        let judgment = try #require(DecisionTree().judgment(of: result, workload: workload))
        #expect(judgment.judgment == .borderline, "\(judgment.reason)")
        #expect(judgment.reason.contains("`open`: 1 of its 4 arrivals was still unfinished"), "\(judgment.reason)")
        #expect(judgment.reason.contains("up to 1.3 s"), "\(judgment.reason)")  // the catch-up: 1 + 0.1 × 3 s
        #expect(!DecisionTree().moreRunsMaySettle(workload, results: [result]), "more runs leave it unfinished too")
    }

    /// An interaction seen fewer than three times in a stage leaves it borderline, however clean its runs.
    @Test func aStageIsNotJudgedToMeetUntilEveryInteractionArrivedThreeTimes() throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(1)))
        let result = Self.stage(
            .mainOnly,
            [Self.run(1, open: 1, hitchMs: 0, blockMs: 1), Self.run(2, open: 0), Self.run(3, open: 0)],
            exposure: [],
            workload: workload
        )
        let judgment = try #require(DecisionTree().judgment(of: result, workload: workload))
        #expect(judgment.judgment == .borderline)
        #expect(judgment.reason.contains("`open` arrived 1 time in it"), "\(judgment.reason)")
    }

    /// Every stage crashed (here in its exposure run, where the rare interaction's trap came): the workload failed by
    /// itself, and the verdict says so instead of deciding anything about the budget.
    @Test func aWorkloadThatCrashesInEveryStageHasNoBudgetVerdict() {
        let workload = Self.workload()
        let crashed = RepetitionResult(
            repetition: 0,
            status: .crashed,
            seed: 1,
            failure: "killed by signal 4 (SIGILL, a Swift runtime trap such as a failed precondition)"
        )
        let stages = Stage.allCases.map { stage in
            Self.stage(stage, [Self.run(1, open: 0), Self.run(2, open: 0), Self.run(3, open: 0)], exposure: [crashed])
        }
        let recommendation = DecisionTree().recommend(for: workload, results: stages)
        #expect(recommendation.stage == "none")
        #expect(recommendation.confidence == .failed)
        #expect(recommendation.summary.hasPrefix("The workload failed by itself"), "\(recommendation.summary)")
        #expect(recommendation.summary.contains("crashed in its exposure run"), "\(recommendation.summary)")
        #expect(recommendation.summary.contains("SIGILL"), "\(recommendation.summary)")
    }
}

extension ExposureTests {
    /// Hitch-free runs too short to bound the hitch time ask for more rounds only while the most runs allowed would:
    /// 3 runs of 2 s and the exposure run bound it below 6.67 ms/s and 7 runs would (2.86); 3 runs of 1 s (with a 1 s
    /// exposure run) below 12.5, and 7 would not (5.36).
    @Test func hitchFreeRunsAskForRoundsOnlyWhenEnoughCouldBoundThem() {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(10)))
        func stage(_ stage: Stage, seconds: Double, blockMs: Double) -> StageResult {
            Self.stage(
                stage,
                (1...3).map { Self.run($0, open: 0, hitchMs: 0, seconds: seconds, tapBlockMs: blockMs) },
                exposure: [Self.run(0, open: 3, hitchMs: 0, blockMs: blockMs, seconds: min(seconds, 1.5))],
                workload: workload
            )
        }
        let tree = DecisionTree()
        #expect(tree.moreRunsMaySettle(workload, results: [stage(.mainOnly, seconds: 2, blockMs: 10)]))
        #expect(!tree.moreRunsMaySettle(workload, results: [stage(.mainOnly, seconds: 1, blockMs: 10)]))
    }
}

extension ExposureTests {
    /// A profile of the rare workload, main-only seeing `open` once and offloaded never, both with an exposure run.
    static func profile() throws -> ProfileResult {
        var result = try Fixtures.imagePipeline()
        let workload = Self.workload()
        result.spec = workload
        result.workload = workload.name
        let exposure = [Self.run(0, open: 3, seconds: 1.5)]
        let offloadedExposure = [Self.run(0, open: 3, hitchMs: 0, blockMs: 0.5, seconds: 1.5)]
        result.stages = [
            Self.stage(
                .mainOnly,
                [Self.run(1, open: 1), Self.run(2, open: 0), Self.run(3, open: 0)],
                exposure: exposure
            ),
            StageResult(stage: .async, repetitions: []),
            Self.stage(.offloaded, (1...3).map { Self.run($0, open: 0, hitchMs: 0) }, exposure: offloadedExposure),
            StageResult(stage: .actorExtracted, repetitions: []),
        ]
        result.recommendation = DecisionTree().recommend(for: workload, results: result.stages)
        return result
    }

    /// The report's table of rare interactions: per stage, arrivals against those due and in the exposure run, the
    /// effect of one arrival and its share at the declared rate.
    @Test func theReportShowsWhatOneArrivalOfARareInteractionDoesInEachStage() throws {
        let report = MarkdownReport(result: try Self.profile()).render()
        #expect(report.contains("## Rare interactions: what one arrival does, at its declared rate"))
        #expect(
            report.contains(
                "| `open` (rare) | 0.1 | 1 (0.9 due) + 3: 100 ms hitch, 100 ms block; 10 ms/s | "
                    + "0 (0.9 due) + 3: 0 ms hitch, 0.5 ms block; 0 ms/s |"
            ),
            "\(report)"
        )
        let section = report.components(separatedBy: "## Rare interactions").last?.components(separatedBy: "\n## ")
            .first
        #expect(section?.contains("| `tap`") == false, "a frequent, well-seen interaction without a hang is not listed")
        #expect(
            report.contains("| interaction | rate /s | `main-only` | `offloaded` |"),
            "skipped stages have no column"
        )
    }

    /// The estimate is part of each run's data, so a result read back from its JSON judges, compares and renders as
    /// the profile did.
    @Test func aResultReadBackCarriesTheEstimate() throws {
        let result = try Self.profile()
        let decoded = try JSONDecoder().decode(ProfileResult.self, from: JSONEncoder().encode(result))
        #expect(decoded == result)
        let mainOnly = try #require(decoded.stages.first)
        #expect(mainOnly.judgedRuns.map(\.hitchTimeRatioMsPerS) == [10, 10, 10])
        #expect(mainOnly.repetitions.map { $0.metrics?.hitchTimeRatioMsPerS } == [100.0 / 3, 0, 0], "as measured")
    }

    /// Hitch time in the exposure run alone, with every ordinary run hitch-free: the exposure run's seconds do not
    /// count towards the bound, and no margin waives it, so the stage is not *meets, decided*.
    @Test func hitchesInTheExposureRunAloneKeepAStageFromMeetingOutright() throws {
        let workload = Self.workload(openStep: Step(.compute, "decode", .milliseconds(1)))
        var exposure = Self.run(0, open: 3, hitchMs: 0, blockMs: 1, seconds: 1.5)
        exposure.metrics?.hitchTimeRatioMsPerS = 11.1  // a hitch under frame work, no interaction's
        exposure.metrics?.hitchTimeByCause = ["frame work": 11.1]
        let result = Self.stage(
            .mainOnly,
            (1...3).map { Self.run($0, open: 0, hitchMs: 0) },
            exposure: [exposure],
            workload: workload
        )
        let judgment = try #require(DecisionTree().judgment(of: result, workload: workload))
        #expect(judgment.judgment == .borderline, "\(judgment.reason)")
        #expect(judgment.reason.contains("its exposure run had hitch time"), "\(judgment.reason)")
    }
}
