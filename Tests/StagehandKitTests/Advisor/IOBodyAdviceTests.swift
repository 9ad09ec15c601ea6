import Testing

@testable import StagehandKit

/// When an `io` body's own code on main is what made a stage short of the verdict's miss the budget, the report names
/// the smaller change (`@concurrent` on that function) and the measurement that shows it, and only then.
@Suite struct IOBodyAdviceTests {
    /// The image-pipeline fixture (verdict `offloaded`), with `async`'s hitch time made `share` `io: fetch`, whose body
    /// spent `mainMs` of each call on main, profiled under `semantics`.
    static func result(share: Double, mainMs: Double?, semantics: IOSemantics = .nonsending) throws -> ProfileResult {
        var result = try Fixtures.imagePipeline()
        result.environment.ioSemantics = semantics.environmentDescription
        let fetch = StepTiming.Key(interaction: 0, step: 1)
        let index = try #require(result.stages.firstIndex { $0.stage == .async })
        var repetitions = result.stages[index].repetitions
        for run in repetitions.indices {
            var repetition = repetitions[run]
            var metrics = try #require(repetition.metrics)
            let others = metrics.hitchTimeByCause.filter { $0.key != "io: fetch" }.values.reduce(0, +)
            metrics.hitchTimeByCause["io: fetch"] = others * share / (1 - share)
            repetition.metrics = metrics
            let timing = try #require(repetition.stepTimings.firstIndex { $0.key == fetch })
            repetition.stepTimings[timing].mainMs = mainMs.map { $0 * Double(repetition.stepTimings[timing].runs) }
            repetitions[run] = repetition
        }
        result.stages[index] = StageResult(stage: .async, repetitions: repetitions)  // its figures anew
        return result
    }

    @Test func anIOBodyOnMainThatMadeMostOfTheHitchTimeIsNamedWithTheSmallerChange() throws {
        let result = try Self.result(share: 0.8, mainMs: 12)
        let findings = IOBodyAdvice(result: result).findings(before: .offloaded)
        #expect(findings.map(\.stage) == [.async])
        #expect(findings.map(\.cause) == ["io: fetch"])
        #expect(abs((findings.first?.share ?? 0) - 0.8) < 0.01)
        #expect(abs((findings.first?.mainMs ?? 0) - 12) < 0.001)

        let markdown = MarkdownReport(result: result).render()
        let migration = try #require(markdown.range(of: "## How to get to `offloaded`"))
        let advice = try #require(markdown.range(of: "**A smaller change may be enough.** In `async`, 80%"))
        #expect(advice.lowerBound > migration.lowerBound, "inside the migration section")
        #expect(markdown.contains("12 ms of each"))
        #expect(markdown.contains("`stagehand profile --io concurrent`"))
    }

    @Test func itIsNotNamedWhenTheBodyRanOffMainOrWasNotTheLargestCause() throws {
        // `--io concurrent`: the body's code never ran on main, so its step has no main time.
        let offMain = try Self.result(share: 0.8, mainMs: nil, semantics: .concurrent)
        #expect(IOBodyAdvice(result: offMain).findings(before: .offloaded).isEmpty)
        let small = try Self.result(share: 0.3, mainMs: 12)
        #expect(IOBodyAdvice(result: small).findings(before: .offloaded).isEmpty)
        #expect(!MarkdownReport(result: small).render().contains("A smaller change"))
        // Only stages short of the verdict's: at `async` itself there is nothing smaller to suggest.
        let atAsync = try Self.result(share: 0.8, mainMs: 12)
        #expect(IOBodyAdvice(result: atAsync).findings(before: .async).isEmpty)
    }
}
