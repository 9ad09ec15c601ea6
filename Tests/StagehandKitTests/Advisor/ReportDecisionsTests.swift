import Testing

@testable import StagehandKit

/// What the report shows is decided once, in the advisor, and each decision can be checked without rendering: the
/// best stage of a row, a step's allocations across stages, a code step's cost against its tight loop, and the
/// branches of the decision tree a verdict took.
@Suite struct ReportDecisionsTests {
    /// A stage measured once, with `allocations` per interaction, counted or not.
    static func stage(_ stage: Stage, allocations: Double, counted: Bool = true) -> StageResult {
        var metrics = StageMetrics()
        metrics.allocationsPerInteraction = allocations
        metrics.allocationsCounted = counted
        return .measured(stage, [metrics])
    }

    @Test func theBestStagesAreThoseThatPrintTheBestValue() {
        let allocations = Metric.of(.allocations)
        let stages = [
            Self.stage(.mainOnly, allocations: 10.001), Self.stage(.async, allocations: 12),
            Self.stage(.offloaded, allocations: 10),
        ]
        #expect(allocations.bestStages(in: stages) == [.mainOnly, .offloaded], "a tie in print is a tie")
        let alike = [Self.stage(.mainOnly, allocations: 10), Self.stage(.async, allocations: 10)]
        #expect(allocations.bestStages(in: alike).isEmpty, "no row is bold where every stage agrees")
        let unverified = [
            Self.stage(.mainOnly, allocations: 1, counted: false), Self.stage(.async, allocations: 12),
            Self.stage(.offloaded, allocations: 14),
        ]
        #expect(allocations.bestStages(in: unverified) == [.async], "an unverified count is never best")
        // No main-actor hop timed in main-only: its hop wait of 0 is not a figure, and never best.
        func hops(_ stage: Stage, p99: Double, count: Int) -> StageResult {
            var metrics = StageMetrics()
            metrics.hopWaitMs = LatencySummary(p50: p99 / 2, p99: p99, count: count)
            return .measured(stage, [metrics])
        }
        let hopWait = Metric.of(.mainActorHopWait)
        let absent = [
            hops(.mainOnly, p99: 0, count: 0), hops(.async, p99: 3, count: 40), hops(.offloaded, p99: 5, count: 40),
        ]
        #expect(hopWait.bestStages(in: absent) == [.async], "a figure the stage did not take is never best")
        #expect(hopWait.cell(absent[0].metrics!) == "–")
    }

    @Test(arguments: [
        ([25_238.0, 25_239, 25_238], StepAllocations.agreed(25_238)),
        ([1, 1.4, 1.4], .agreed(1.4)),
        ([2, 5, 5], .differ(low: 2, high: 5)),
    ])
    func aStepsAllocationsAgreeWithinHalfAnAllocationOrAThousandth(means: [Double], expected: StepAllocations) {
        #expect(StepAllocations(means: means) == expected)
    }

    @Test func aLoopFigureIsNamedOnlyBeyondTenPercentAndTheRunsSpread() {
        func comparison(inSitu: Double, spread: Double?) -> TightLoopComparison {
            TightLoopComparison(
                key: StepTiming.Key(interaction: 0, step: 0),
                stage: .mainOnly,
                loopMs: 10,
                inSituMs: inSitu,
                spread: spread
            )
        }
        #expect(!comparison(inSitu: 10.5, spread: nil).differs)
        #expect(comparison(inSitu: 12, spread: nil).differs)
        #expect(comparison(inSitu: 8, spread: 0.05).differs)
        #expect(!comparison(inSitu: 12, spread: 0.3).differs, "within what the runs themselves spread over")
    }

    @Test func theComparisonIsInTheFirstStageThatRanTheStep() throws {
        var result = try Fixtures.imagePipeline()
        let decode = StepTiming.Key(interaction: 0, step: 2)
        try result.editRuns(of: .mainOnly) { $0.tightLoop = [TightLoopTiming(key: decode, medianMs: 120, calls: 10)] }
        let found = TightLoopComparison.differences(in: result)
        #expect(found.map(\.key) == [decode])
        #expect(found.map(\.stage) == [.mainOnly])
        #expect(found.first?.loopMs == 120)
    }

    @Test func theOutlineMarksTheBranchesTheVerdictTook() throws {
        let outline = DecisionTreeOutline(try Fixtures.imagePipeline().recommendation)
        // image-pipeline: not responsive on main, async tried but not responsive, offloaded adopted.
        #expect(outline.edges.indices.filter { outline.edges[$0].taken } == [1, 3, 4])
        #expect(outline.taken == [.question(1), .question(2), .question(3), .stage(.offloaded)])
        #expect(outline.edges.count == 8)
        #expect(outline.edges.last?.to == DecisionTreeOutline.Node.none)

        var recommendation = try Fixtures.imagePipeline().recommendation
        recommendation.stage = Stage.mainOnly.rawValue
        recommendation.path = [
            DecisionNode(
                node: 1,
                question: "",
                measuredStage: .mainOnly,
                evidence: [],
                answer: true,
                repetitionsAgree: true,
                tried: nil,
                outcome: ""
            )
        ]
        let atMain = DecisionTreeOutline(recommendation)
        #expect(atMain.edges.indices.filter { atMain.edges[$0].taken } == [0])
        #expect(atMain.taken == [.question(1), .stage(.mainOnly)])
    }
}
