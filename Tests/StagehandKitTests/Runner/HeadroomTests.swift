import Foundation
import Synchronization
import Testing

@testable import StagehandKit

/// The headroom search on fake measurements, the scaling of step costs, and the verdict's headroom sentence.
@Suite struct HeadroomTests {
    /// Runs the search against a stage that meets the budget exactly when `meets` says, recording what it tried.
    static func search(_ meets: @escaping @Sendable (Double) -> Bool) async -> (Headroom, [Double]) {
        let tried = Mutex<[Double]>([])
        let headroom = await HeadroomSearch().run { multiplier in
            tried.withLock { $0.append(multiplier) }
            return meets(multiplier)
        }
        return (headroom, tried.withLock { $0 })
    }

    @Test(arguments: [3.1, 1.0, 0.4, 0.05, 17.0])
    func theSearchFindsTheCliffWithinTenPercent(cliff: Double) async throws {
        let (headroom, tried) = await Self.search { $0 <= cliff }
        #expect(headroom.multiplier <= cliff)
        let missed = try #require(headroom.missedAt.first)
        #expect(missed > cliff)
        #expect(missed / headroom.multiplier <= 1.1 + 1e-9, "the cliff is bracketed within 10%")
        #expect(Set(tried).count == tried.count, "never the same multiplier twice")
        #expect(tried.count <= 12, "\(tried)")
        #expect(headroom.metAt == tried.filter { $0 <= cliff }.sorted())
        #expect(headroom.missedAt == tried.filter { $0 > cliff }.sorted())
    }

    @Test func theSearchIsDeterministic() async {
        let first = await Self.search { $0 <= 2.3 }
        let second = await Self.search { $0 <= 2.3 }
        #expect(first.1 == second.1)
        #expect(first.0 == second.0)
    }

    @Test func aStageThatAlwaysMeetsTheBudgetHasALowerBound() async {
        let (headroom, _) = await Self.search { _ in true }
        #expect(headroom.multiplier == 32)
        #expect(headroom.isLowerBound)
        #expect(headroom.text == "≥ ×32")
    }

    @Test func aStageThatNeverMeetsTheBudgetHasNone() async {
        let (headroom, _) = await Self.search { _ in false }
        #expect(headroom.multiplier == 0)
        #expect(headroom.metAt.isEmpty)
        #expect(headroom.text == "< ×0.031")
    }

    /// A noisy probe that misses below one that met: the answer stays below the first miss.
    @Test func aMissBelowAMeetKeepsTheAnswerBelowIt() async {
        let (headroom, _) = await Self.search { $0 <= 4 && $0 != 2 }
        #expect(headroom.multiplier >= 1 && headroom.multiplier < 2)
        #expect(headroom.missedAt.first == 2)
    }

    @Test func multipliersAreWrittenWithTwoSignificantDigits() {
        #expect(Headroom.format(3.0842) == "3.1")
        #expect(Headroom.format(0.04419) == "0.044")
        #expect(Headroom.format(32) == "32")
        #expect(Headroom.format(1) == "1")
    }

    // MARK: Scaling

    @Test func stepCostsScaleAndFrameWorkDoesNot() {
        let workload = Workload(
            name: "w",
            frameWorkMs: 2,
            interactions: [
                Interaction(
                    name: "open",
                    ratePerSecond: 2,
                    steps: [
                        Step(.io, "fetch", .milliseconds(100)), Step(.compute, "blur", .kernel(.boxBlur, size: 512)),
                        Step(.compute, "rank", .kernel(.sort, size: 100_000)),
                        Step(.compute, "probe", .testKernel(.alloc, size: 10)),
                    ]
                )
            ]
        )
        let scaled = workload.scaled(by: 2)
        #expect(scaled.frameWorkMs == 2)
        let costs = scaled.interactions[0].steps.map(\.cost)
        #expect(costs[0] == .milliseconds(200))
        #expect(costs[1] == .kernel(.boxBlur, size: 724), "pixels double: the side grows by √2")
        guard case .kernel(_, let n) = costs[2] else {
            Issue.record("not a kernel")
            return
        }
        let ratio = (Double(n) * log2(Double(n))) / (100_000 * log2(100_000))
        #expect(abs(ratio - 2) < 0.01, "n log n doubles: \(n)")
        #expect(costs[3] == .testKernel(.alloc, size: 10))
        #expect(workload.fixedCostSteps == ["compute: probe"])
    }

    // MARK: The verdict's sentence

    static func result(_ stage: Stage, _ headroom: Headroom?) -> StageResult {
        var result = StageResult(stage: stage, repetitions: [])
        result.headroom = headroom
        return result
    }

    @Test func theVerdictSaysHowFarTheRecommendedStageHoldsAndWhatHoldsFurther() {
        let byStage: [Stage: StageResult] = [
            .mainOnly: Self.result(.mainOnly, Headroom(multiplier: 0.05, metAt: [0.05], missedAt: [0.06])),
            .async: Self.result(.async, Headroom(multiplier: 0.4, metAt: [0.4], missedAt: [0.44])),
            .offloaded: Self.result(.offloaded, Headroom(multiplier: 3.1, metAt: [1, 2, 3.1], missedAt: [3.4])),
            .actorExtracted: Self.result(.actorExtracted, Headroom(multiplier: 3, metAt: [3], missedAt: [3.3])),
        ]
        #expect(
            Verdict.headroomSentence(recommended: .offloaded, byStage: byStage)
                == "Headroom: offloaded meets the budget up to ×3.1 today's step costs; past that, no stage does."
        )
        var further = byStage
        further[.actorExtracted]?.headroom = Headroom(multiplier: 8, metAt: [8], missedAt: [8.8])
        #expect(
            Verdict.headroomSentence(recommended: .offloaded, byStage: further)?.hasSuffix(
                "past that, actor-extracted holds up to ×8."
            ) == true
        )
        #expect(
            Verdict.headroomSentence(recommended: nil, byStage: byStage)?.hasPrefix(
                "Headroom: no stage meets the budget at today's step costs; main-only does up to ×0.05"
            ) == true
        )
        #expect(Verdict.headroomSentence(recommended: .offloaded, byStage: [:]) == nil, "not searched: nothing said")
    }
}
