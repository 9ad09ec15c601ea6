import Testing

@testable import StagehandKit

/// The Swift workload API on its own: the model it builds, and validation that points at the Swift source.
@Suite struct CodeWorkloadModelTests {
    static let cache = Subsystem("cache") { [String: Int]() }

    static let feed = CodeWorkload("feed", description: "Refresh.", durationSeconds: 2, refreshHz: 120) {
        CodeInteraction("refresh", ratePerSecond: 2, arrival: .poisson)
            .io("fetch") { [UInt8](repeating: 1, count: 4) }
            .compute("decode") { bytes in bytes.count }
            .state(cache) { cache, count in
                cache["items"] = count
                return count
            }
            .simulated(.ui, "render", ms: 3)
            .ui("show") { _ in }
        CodeInteraction("scroll", ratePerSecond: 30)
            .simulated(.compute, "layout", kernel: .boxBlur, size: 64)
            .simulated(cache, ms: 0.1)
    }

    @Test func theModelHasEachStepsKindAndLabelAndCodeInPlaceOfACost() {
        let spec = Self.feed.spec
        #expect(spec.name == "feed")
        #expect(spec.durationSeconds == 2)
        #expect(spec.refreshHz == 120)
        #expect(spec.subsystems == ["cache"], "subsystems come from the state steps")
        #expect(spec.interactions.map(\.name) == ["refresh", "scroll"])
        #expect(spec.interactions[0].arrival == .poisson)
        let steps = spec.interactions[0].steps
        #expect(steps.map(\.kind) == [.io, .compute, .state, .ui, .ui])
        #expect(steps.map(\.label) == ["fetch", "decode", "cache", "render", "show"])
        #expect(steps[0].cost == .code(meanMs: nil))
        #expect(steps[3].cost == .milliseconds(3))
        #expect(spec.interactions[1].steps.map(\.cost) == [.kernel(.boxBlur, size: 64), .milliseconds(0.1)])
    }

    @Test func codeStepsDoNotScaleAndSimulatedOnesDo() {
        let scaled = Self.feed.spec.scaled(by: 2)
        #expect(scaled.interactions[0].steps[1].cost == .code(meanMs: nil))
        #expect(scaled.interactions[0].steps[3].cost == .milliseconds(6))
        #expect(Self.feed.spec.fixedCostSteps.contains("compute: decode"))
    }

    @Test func aWarmUpOrProbeKeepsTheCodeAndTakesTheScaledCosts() {
        let matched = Self.feed.code.matching(Self.feed.spec.scaled(by: 2))
        guard case .compute = matched.bodies[0][1] else {
            Issue.record("the code step lost its code")
            return
        }
        guard case .simulated(.milliseconds(let ms)) = matched.bodies[0][3] else {
            Issue.record("the simulated step is not simulated")
            return
        }
        #expect(ms == 6)
    }

    @Test func aBadValueIsAnErrorNamingTheSwiftSourceLineAndField() throws {
        let line = #line + 2
        let bad = CodeWorkload("bad") {
            CodeInteraction("tap", ratePerSecond: 0).compute("work") { 1 }
        }
        let error = try #require(throws: SpecError.self) { try WorkloadCatalog(code: [bad]) }
        #expect(error.file.hasSuffix("CodeWorkloadTests.swift"))
        #expect(error.line == line)
        #expect(error.field == "interactions[0].ratePerSecond")
    }

    /// States are kept by name, so a second subsystem of one name would share the first's state, or, of another
    /// type, be read through the wrong type. It is refused, pointing at the second declaration; one subsystem used
    /// by several interactions is fine.
    @Test func twoSubsystemsOfOneNameAreAnError() throws {
        let table = Subsystem("cache") { [String: Int]() }
        let line = #line + 1
        let other = Subsystem("cache") { [Int]() }
        let clash = CodeWorkload("clash") {
            CodeInteraction("a", ratePerSecond: 1).state(table) { table, _ in table.count }
            CodeInteraction("b", ratePerSecond: 1).state(other) { list, _ in list.count }
        }
        let error = try #require(throws: SpecError.self) { try clash.validate() }
        #expect(error.problem == .duplicate("cache"))
        #expect(error.line == line)
        #expect(error.field == "interactions[1].steps[0].subsystem")
        let shared = CodeWorkload("shared") {
            CodeInteraction("a", ratePerSecond: 1).state(table) { table, _ in table.count }
            CodeInteraction("b", ratePerSecond: 1).simulated(table, ms: 1)
        }
        #expect(throws: Never.self) { try shared.validate() }
    }

    /// Swift workloads follow the spec files' rules, from the one place they are written.
    @Test func theSpecRulesApplyToSwiftWorkloads() throws {
        let dash = CodeWorkload("-x") { CodeInteraction("a", ratePerSecond: 1).compute("x") { 1 } }
        #expect(try #require(throws: SpecError.self) { try dash.validate() }.field == "name")
        let ioKernel = CodeWorkload("io-kernel") {
            CodeInteraction("a", ratePerSecond: 1).simulated(.io, "load", kernel: .sort, size: 10)
        }
        let error = try #require(throws: SpecError.self) { try ioKernel.validate() }
        #expect(error.problem == WorkloadValidator.ioWithKernel)
        #expect(error.field == "interactions[0].steps[0].kernel")
        let slowFrames = CodeWorkload("slow", frameWorkMs: 5000) {
            CodeInteraction("a", ratePerSecond: 1).compute("x") { 1 }
        }
        #expect(try #require(throws: SpecError.self) { try slowFrames.validate() }.field == "frameWorkMs")
    }

    @Test func twoWorkloadsOfOneNameAreAnError() throws {
        let one = CodeWorkload("same") { CodeInteraction("a", ratePerSecond: 1).compute("x") { 1 } }
        let error = try #require(throws: SpecError.self) { try WorkloadCatalog(code: [one, one]) }
        #expect(error.problem == .duplicate("same"))
    }

    @Test func theCatalogFindsCodeWorkloadsFirstAndBuiltInsStill() throws {
        let catalog = try WorkloadCatalog(code: [Self.feed])
        #expect(try catalog.resolve("feed").interactions.count == 2)
        #expect(try catalog.resolve("counter").name == "counter")
        #expect(try catalog.listed().map(\.name) == ["feed"])
        #expect(try WorkloadCatalog.empty.listed().map(\.name) == BuiltinWorkloads.names)
        #expect(throws: SpecError.self) { try catalog.resolve("nothing-by-that-name") }
    }

    @Test func aSpecWithCodeNeedsTheExecutableThatDeclaresIt() throws {
        #expect(throws: WorkloadCatalog.MissingCode.self) { try WorkloadCatalog.empty.code(for: Self.feed.spec) }
        #expect(try WorkloadCatalog(code: [Self.feed]).code(for: Self.feed.spec).bodies.count == 2)
        var otherKinds = Self.feed.spec
        otherKinds.interactions[0].steps[1].kind = .ui  // same number of steps, but a compute body would run as ui
        #expect(throws: WorkloadCatalog.MissingCode.self) {
            try WorkloadCatalog(code: [Self.feed]).code(for: otherKinds)
        }
    }

    @Test func theMeasuredMeanComesFromTheFirstStageThatRanTheStep() {
        let key = StepTiming.Key(interaction: 0, step: 1)
        let runs = [
            RepetitionResult(
                repetition: 1,
                status: .ok,
                seed: 1,
                stepTimings: [StepTiming(key: key, runs: 2, totalMs: 8)]
            )
        ]
        let stages = [
            StageResult(
                stage: .offloaded,
                repetitions: [
                    RepetitionResult(
                        repetition: 1,
                        status: .ok,
                        seed: 1,
                        stepTimings: [StepTiming(key: key, runs: 1, totalMs: 9)]
                    )
                ]
            ),
            StageResult(stage: .async, repetitions: runs),
        ]
        let measured = Self.feed.spec.measuringCode(in: stages)
        #expect(measured.interactions[0].steps[1].cost == .code(meanMs: 4))
        #expect(measured.interactions[0].steps[3].cost == .milliseconds(3), "simulated steps keep their cost")
    }
}
