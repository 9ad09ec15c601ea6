import Foundation
import Testing

@testable import StagehandKit

/// `--cores N`: which CPUs a stage child takes, and the arguments the profile hands it.
@Suite struct CoreLimitTests {
    static func invocation(cores: Int?) -> StageChildInvocation {
        StageChildInvocation(
            stage: .offloaded,
            workloadFile: URL(fileURLWithPath: "/tmp/w.json"),
            resultFile: URL(fileURLWithPath: "/tmp/r.json"),
            seed: 7,
            repetition: 2,
            calibration: CalibratedWork(iterationsPerMs: 1000),
            priority: .same,
            cores: cores
        )
    }

    @Test func aChildAskedForCoresIsToldHowMany() throws {
        let arguments = Self.invocation(cores: 1).arguments
        #expect(arguments.first == "run-stage")
        #expect(try StageChildInvocation(argument: arguments[1]).cores == 1)
    }

    @Test func aChildNotAskedRunsOnEveryCPU() throws {
        #expect(try StageChildInvocation(argument: Self.invocation(cores: nil).arguments[1]).cores == nil)
    }

    @Test func theChildReadsWhatTheParentWrote() throws {
        let invocation = Self.invocation(cores: 2)
        let arguments = invocation.arguments
        #expect(arguments.count == 2)
        #expect(try StageChildInvocation(argument: arguments[1]) == invocation)
    }

    @Test func theChildTakesTheFirstCPUsItIsAllowed() {
        #expect(CoreLimit.chosen(1, of: [0, 1]) == [0])
        #expect(CoreLimit.chosen(2, of: [3, 5, 7]) == [3, 5])
        #expect(CoreLimit.chosen(4, of: [2]) == [2])
    }

    @Test func coresOutsideWhatThisProcessMayUseAreRefused() {
        #expect(CoreLimit.problem(with: 0) != nil)
        #expect(CoreLimit.problem(with: 10_000)?.contains(CoreLimit.isSupported ? "got 10000" : "needs Linux") == true)
        if CoreLimit.isSupported { #expect(CoreLimit.problem(with: 1) == nil) }
    }

    @Test(.enabled(if: CoreLimit.isSupported)) func thisProcessKnowsItsCPUs() throws {
        let cpus = try #require(CoreLimit.allowedCPUs)
        #expect(!cpus.isEmpty)
        #expect(cpus == cpus.sorted())
    }
}
