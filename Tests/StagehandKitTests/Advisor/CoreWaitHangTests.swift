import Testing

@testable import StagehandKit

/// A hang that only main's wait for a core made (``StageMetrics/hangsFromCoreWait``): the machine busy with other
/// work stretched a step on main that is not a hang by itself. The stage is borderline on it, neither failed nor
/// passed; one hang that stands without the wait fails it as before.
@Suite struct CoreWaitHangTests {
    typealias Tree = DecisionTreeTests

    /// Main-only's three runs, the second with one hang of 262 ms, of which main waited `coreWaitMs` for a core,
    /// `fromCoreWait` telling whether the hang is one without it.
    static func mainOnly(fromCoreWait: Bool, measuredAgain: Bool = true) -> StageResult {
        let clean = Tree.metrics(hitch: 1, busy: ["compute": 60])
        var hung = clean
        hung.hangs = 1
        hung.longestHangMs = 262
        hung.hangCoreWaitMs = fromCoreWait ? 104 : 3
        hung.hangsFromCoreWait = fromCoreWait ? 1 : 0
        let result = StageResult.measured(.mainOnly, [clean, hung, clean])
        guard measuredAgain else { return result }
        return result.editingRuns { run in
            if run.repetition == 2 {
                run.remeasured = HangCount(hangs: 1, fromCoreWait: 1, longestHangMs: 270, coreWaitMs: 110)
            }
        }
    }

    static let async = Tree.result(.async, Tree.metrics(hitch: 60, busy: ["compute": 300]))
    static let offloaded = Tree.result(.offloaded, Tree.metrics(hitch: 0))

    @Test func aHangOnlyTheWaitForACoreMadeLeavesTheStageBorderline() throws {
        let recommendation = DecisionTree().recommend(
            for: Tree.workload,
            results: [Self.mainOnly(fromCoreWait: true), Self.async, Self.offloaded]
        )
        let mainOnly = try #require(recommendation.judgments.first { $0.stage == .mainOnly })
        #expect(mainOnly.judgment == .borderline)
        #expect(mainOnly.overall == .fails)
        #expect(mainOnly.metric == Metric.of(.hangs).name)
        #expect(mainOnly.reason.hasPrefix("its hang ≥ 250 ms came while main waited for a core (at least 104 ms"))
        #expect(mainOnly.reason.contains("measured again, the run hung so again"))
        // The walk goes on past it, but the verdict does not call itself decided.
        #expect(recommendation.stage == "offloaded")
        #expect(recommendation.confidence == .borderline)
        // More runs would not unsay the hang already in these.
        #expect(
            !DecisionTree().moreRunsMaySettle(
                Tree.workload,
                results: [Self.mainOnly(fromCoreWait: true), Self.async, Self.offloaded]
            )
        )
    }

    @Test func aHangThatStandsWithoutTheWaitFailsTheStage() throws {
        let recommendation = DecisionTree().recommend(
            for: Tree.workload,
            results: [Self.mainOnly(fromCoreWait: false), Self.async, Self.offloaded]
        )
        let mainOnly = try #require(recommendation.judgments.first { $0.stage == .mainOnly })
        #expect(mainOnly.judgment == .fails)
        #expect(recommendation.stage == "offloaded")
        #expect(
            recommendation.confidence == .decided,
            "\(recommendation.summary) \(recommendation.judgments.map(\.reason))"
        )
    }

    @Test func oneHangThatStandsAmongThoseTheWaitMadeFailsTheStage() throws {
        var result = Self.mainOnly(fromCoreWait: true)
        var real = Tree.metrics(hitch: 1, busy: ["compute": 60])
        real.hangs = 1
        real.longestHangMs = 300
        result = result.editingRuns { if $0.repetition == 3 { $0.metrics = real } }
        let judgment = try #require(DecisionTree().judgment(of: result, workload: Tree.workload))
        #expect(judgment.judgment == .fails)
    }

    @Test func aFirstArrivalsHangCountsAsTheRunsDo() throws {
        // The first arrivals hung too, from the wait alone: still borderline.
        var result = Self.mainOnly(fromCoreWait: true)
        result = result.editingRuns { run in
            if run.repetition == 1 {
                run.firstArrivalHangs = HangCount(hangs: 1, fromCoreWait: 1, longestHangMs: 300, coreWaitMs: 120)
            }
        }
        let waited = try #require(DecisionTree().judgment(of: result, workload: Tree.workload))
        #expect(waited.judgment == .borderline)
        #expect(
            waited.reason.hasPrefix("each of its 2 hangs ≥ 250 ms came while main waited for a core (at least 120 ms")
        )
        // A first arrival's hang that stands without the wait fails the stage.
        result = result.editingRuns { run in
            if run.repetition == 1 {
                run.firstArrivalHangs = HangCount(hangs: 1, fromCoreWait: 0, longestHangMs: 300, coreWaitMs: 2)
            }
        }
        #expect(DecisionTree().judgment(of: result, workload: Tree.workload)?.judgment == .fails)
    }

    /// Hangs only in its exposure run, which its figures over all runs leave out: the stage is still no pass.
    @Test func aStageWhoseOnlyHangsTheWaitMadeAreItsExposuresDoesNotMeet() throws {
        var exposure = Tree.metrics(hitch: 0)
        exposure.hangs = 2
        exposure.hangsFromCoreWait = 2
        exposure.longestHangMs = 280
        exposure.hangCoreWaitMs = 120
        let result = StageResult.measured(.mainOnly, Array(repeating: Tree.metrics(hitch: 0), count: 3))
            .replacingRuns(exposureRuns: [RepetitionResult(repetition: 0, status: .ok, seed: 1, metrics: exposure)])
        let judgment = try #require(DecisionTree().judgment(of: result, workload: Tree.workload))
        #expect(judgment.judgment == .borderline)
        #expect(judgment.overall == .fails)
        let recommendation = DecisionTree().recommend(
            for: Tree.workload,
            results: [result, Self.async, Self.offloaded]
        )
        #expect(recommendation.stage != "main-only")
    }

    @Test func aRunIsMeasuredAgainOnlyWhenTheWaitMadeEveryHangInIt() {
        func run(hangs: Int, fromCoreWait: Int, status: StageStatus = .ok) -> RepetitionResult {
            var metrics = StageMetrics()
            metrics.hangs = hangs
            metrics.hangsFromCoreWait = fromCoreWait
            metrics.longestHangMs = hangs > 0 ? 280 : 0
            metrics.hangCoreWaitMs = fromCoreWait > 0 ? 90 : 0
            return RepetitionResult(repetition: 1, status: status, seed: 1, metrics: metrics)
        }
        #expect(
            run(hangs: 2, fromCoreWait: 2).remeasurable
                == HangCount(hangs: 2, fromCoreWait: 2, longestHangMs: 280, coreWaitMs: 90)
        )
        #expect(run(hangs: 2, fromCoreWait: 1).remeasurable == nil)
        #expect(run(hangs: 0, fromCoreWait: 0).remeasurable == nil)
        #expect(run(hangs: 1, fromCoreWait: 1, status: .crashed).remeasurable == nil)
        // Its first arrivals' hangs are the run's: all from the wait, or the run stands.
        var first = run(hangs: 0, fromCoreWait: 0)
        first.firstArrivalHangs = HangCount(hangs: 1, fromCoreWait: 1, longestHangMs: 260, coreWaitMs: 70)
        #expect(first.remeasurable?.hangs == 1)
        var both = run(hangs: 1, fromCoreWait: 1)
        both.firstArrivalHangs = HangCount(hangs: 1, fromCoreWait: 0, longestHangMs: 400, coreWaitMs: 5)
        #expect(both.remeasurable == nil)
    }
}
