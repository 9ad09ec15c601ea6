import Testing

@testable import StagehandKit

/// Allocation figures whose run failed the known-answer check (``AllocationCheck``) are not measurements: nothing
/// prints them as numbers, compares them or judges by them.
@Suite struct AllocationCountsTests {
    static func unverified(_ metrics: StageMetrics) -> StageMetrics {
        var metrics = metrics
        metrics.allocationsCounted = false
        return metrics
    }

    @Test func unverifiedAllocationFiguresShowAsUnverified() {
        var metrics = StageMetrics()
        metrics.allocationsPerInteraction = 12
        metrics.allocatedBytesPerInteraction = 4096
        metrics.hitchTimeRatioMsPerS = 3
        for metric in Metric.catalogue {
            #expect(metric.cell(metrics) != Metric.unverified)
            let shown = Self.unverified(metrics)
            #expect((metric.cell(shown) == Metric.unverified) == metric.isAllocationCount, "\(metric.id)")
            #expect((metric.plainCell(shown) == Metric.unverified) == metric.isAllocationCount, "\(metric.id)")
        }
        #expect(Metric.catalogue.filter(\.isAllocationCount).map(\.id) == [.allocations, .allocatedBytes])
    }

    /// One unverified repetition leaves the stage's figure unverified.
    @Test func aStageIsCountedOnlyWhenEveryRunWas() {
        let runs = [StageMetrics(), Self.unverified(StageMetrics()), StageMetrics()]
        #expect(StageMetrics(medianOf: runs).allocationsCounted == false)
        #expect(StageMetrics(medianOf: [StageMetrics(), StageMetrics()]).allocationsCounted)
    }

    /// The fixture's actor-extracted stage costs 2.67 more allocations per interaction than offloaded, which the
    /// "concurrency bought nothing" lint reports; with its counts unverified, the row says so and the lint is silent.
    @Test func theReportNamesUnverifiedStagesAndNoLintUsesThem() throws {
        var result = try Fixtures.imagePipeline()
        try result.editRuns(of: .actorExtracted) { $0.metrics?.allocationsCounted = false }
        let markdown = MarkdownReport(result: result).render()
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| allocations / interaction |") })
        #expect(row.hasSuffix("| unverified |"), "\(row)")
        #expect(markdown.contains("**allocation counts unverified** in `actor-extracted`"))

        let lints = { (result: ProfileResult) in
            DecisionTree().recommend(for: result.spec, results: result.stages).antiPatterns.map(\.id)
        }
        #expect(lints(try Fixtures.imagePipeline()).contains("concurrency-bought-nothing"))
        #expect(!lints(result).contains("concurrency-bought-nothing"))
    }

    /// Where the check failed, the report says what it read and why, as the run found it (on macOS, the malloc zone
    /// that stood in front of jemalloc's).
    @Test func theReportSaysWhyCountsAreUnverified() throws {
        var result = try Fixtures.imagePipeline()
        let why = "200 allocations read as 0; the default malloc zone is 'ProbGuardMallocZone', not jemalloc's"
        try result.editRuns(of: .actorExtracted) { run in
            run.metrics?.allocationsCounted = false
            run.allocationCheckFailure = why
        }
        let markdown = MarkdownReport(result: result).render()
        #expect(markdown.contains("**allocation counts unverified** in `actor-extracted`"))
        #expect(markdown.components(separatedBy: why).count == 2, "the reason, once")
    }

    /// A process whose allocations are counted passes the check; one without the counter says so. (Tests running beside this one allocate too, and may do so in every try:
    /// the check may then read more than it made, never less. A stage run's process is quiet, and `selftest` and
    /// the CLI tests check it there exactly.)
    @Test func theCheckPassesHereAndNamesWhatIsMissing() throws {
        #expect(AllocationCheck.problem(with: nil)?.hasPrefix("allocations are not counted in this process") == true)
        let counter = try #require(AllocationCounter(), "this test process links the counting hooks")
        if let problem = AllocationCheck.problem(with: counter) {
            let read = Int(problem.split(separator: " ").last ?? "")
            #expect(read.map { $0 > AllocationCheck.allocationsMade } == true, "\(problem)")
        }
    }

    /// A run served by another allocator than asked for keeps its counts (they are counted in front of it), and the
    /// environment block says what served it.
    @Test func theEnvironmentNamesAnAllocatorThatIsNotTheOneAskedFor() {
        #expect(
            Allocator.jemalloc.environmentDescription(served: "glibc 2.36 malloc").hasPrefix(
                "glibc 2.36 malloc, not jemalloc: the preload did not take"
            )
        )
        #expect(
            Allocator.jemalloc.environmentDescription(served: "jemalloc 5.3.0").hasPrefix("jemalloc 5.3.0 (preloaded")
        )
        #expect(
            Allocator.system.environmentDescription(served: "libtcmalloc.so.4").contains(
                "not the system allocator that was asked for"
            )
        )
        #expect(Allocator.system.environmentDescription(served: nil).contains("(the system allocator;"))
    }

    /// `compare` never sets counts of two counting methods side by side (a result from before the counter kept the
    /// harness's allocations out has none recorded), and says why; nor allocators, without saying so.
    @Test func compareLeavesOutAllocationsCountedDifferently() throws {
        /// `result` with every run recording `served` as what served its allocations.
        func served(_ served: String, _ result: ProfileResult) -> ProfileResult {
            var result = result
            result.stages = result.stages.map { $0.editingRuns(workload: result.spec) { $0.allocator = served } }
            return result
        }
        var before = served("jemalloc 5.3.0", try Fixtures.imagePipeline())
        before.environment.allocationCounting = nil
        var after = served("glibc 2.36 malloc", before)
        after.environment.allocationCounting = AllocationCounter.countingMethod
        let comparison = try Comparison(before: before, after: after)
        let allocations = Metric.of(.allocations).comparedLabel
        #expect(!comparison.rows.contains { $0.metric == allocations })
        #expect(comparison.rows.contains { $0.metric != allocations })
        let markdown = comparison.render()
        #expect(markdown.contains("⚠️ Allocations are not compared: the two results counted them differently"))
        #expect(markdown.contains("⚠️ The two results ran on different allocators"))
        after.environment.allocationCounting = nil
        // The same allocator serving both, described otherwise (asked for differently) is the same allocator.
        after = served("jemalloc 5.3.0", after)
        after.environment.allocator = "jemalloc 5.3.0, not the system allocator that was asked for"
        let alike = try Comparison(before: before, after: after)
        #expect(alike.rows.contains { $0.metric == allocations })
        #expect(!alike.render().contains("⚠️ Allocations are not compared"))
        #expect(!alike.render().contains("⚠️ The two results ran on different allocators"))
    }

    /// `compare` leaves out a figure that is unverified on either side, however much it moved.
    @Test func compareLeavesOutUnverifiedFigures() throws {
        let before = try Fixtures.imagePipeline().rederived
        var after = before
        try after.editRuns(of: .actorExtracted) { $0.metrics?.allocationsPerInteraction *= 10 }
        let allocations = Metric.of(.allocations).comparedLabel
        let moved = try Comparison(before: before, after: after).rows
        #expect(moved.contains { $0.stage == .actorExtracted && $0.metric == allocations })
        try after.editRuns(of: .actorExtracted) { $0.metrics?.allocationsCounted = false }
        let rows = try Comparison(before: before, after: after).rows
        #expect(!rows.contains { $0.stage == .actorExtracted && $0.metric == allocations })
        #expect(rows.contains { $0.stage == .actorExtracted }, "the stage's other figures are still compared")
    }
}
