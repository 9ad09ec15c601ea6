import Foundation
import Testing

@testable import StagehandKit

/// One rule set for spec files and Swift workloads: a bad value breaks the same rule, with the same message, in
/// either, at the field as each names it and the place it was written.
@Suite struct WorkloadValidatorTests {
    // MARK: The same bad value, declared both ways

    static let file = "App/Workloads.swift"

    /// A Swift workload declared at line 10 of ``file`` with `interactions`.
    static func code(
        name: String = "w",
        durationSeconds: Double = 3,
        refreshHz: Double = 60,
        frameWorkMs: Double = 2,
        _ interactions: [ErasedInteraction] = [interaction()]
    ) -> CodeWorkload {
        let declared: () -> [ErasedInteraction] = { interactions }
        return CodeWorkload(
            name,
            durationSeconds: durationSeconds,
            refreshHz: refreshHz,
            frameWorkMs: frameWorkMs,
            fileID: file,
            line: 10,
            interactions: declared
        )
    }

    /// An interaction declared at line 20 with the steps `steps` adds: by default one of 1 ms, declared at line 30.
    static func interaction(
        _ name: String = "a",
        ratePerSecond: Double = 1,
        arrival: Arrival = .periodic,
        steps: (CodeInteraction<Void>) -> CodeInteraction<Void> = { $0.simulated(.compute, "work", ms: 1, line: 30) }
    ) -> ErasedInteraction {
        steps(CodeInteraction(name, ratePerSecond: ratePerSecond, arrival: arrival, fileID: file, line: 20)).erased
    }

    /// `workload` as a spec file writes it, so the file holds the very values the Swift declaration does: the
    /// top-level values on lines 1 to 5, `interactions:` on line 6, then interaction `i` with its steps on line 7 + i.
    static func specText(_ workload: Workload) -> String {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        func step(_ step: Step) -> String {
            let cost =
                switch step.cost {
                case .milliseconds(let ms): "ms: \(number(ms))"
                case .kernel(let kernel, let size): "kernel: \(kernel.rawValue), size: \(size)"
                case .testKernel(let kernel, let size): "kernel: \(kernel.rawValue), size: \(size)"
                // No spec file holds the user's code: the decoder refuses the key, and the test says so.
                case .code: "code: none"
                }
            return "{ \(step.kind.rawValue): \(step.label), \(cost) }"
        }
        let interactions = workload.interactions.map { interaction in
            "  - { name: \(interaction.name), rate-per-s: \(number(interaction.ratePerSecond)), "
                + "arrival: \(interaction.arrival.rawValue), steps: [\(interaction.steps.map(step).joined(separator: ", "))] }"
        }
        let header = [
            "name: \(workload.name)",
            "duration-s: \(number(workload.durationSeconds))",
            "refresh-hz: \(number(workload.refreshHz))",
            "frame-work-ms: \(number(workload.frameWorkMs))",
            "subsystems: [\(workload.subsystems.joined(separator: ", "))]",
            interactions.isEmpty ? "interactions: []" : "interactions:",
        ]
        return (header + interactions).joined(separator: "\n")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var code: CodeWorkload
        /// The broken rule as the validator names it, before either source spells it.
        var field: WorkloadValidator.Field
        var message: String
        /// The field as a spec file names it, and the line of the file the error names.
        var spec: (field: String, line: Int)
        /// The field as the Swift API names it, and the line of the Swift source the error names.
        var swift: (field: String, line: Int)
        var testDescription: String { name }

        init(
            _ name: String,
            _ code: CodeWorkload,
            _ field: WorkloadValidator.Field,
            _ message: String,
            spec: (field: String, line: Int),
            swift: (field: String, line: Int)
        ) {
            self.name = name
            self.code = code
            self.field = field
            self.message = message
            self.spec = spec
            self.swift = swift
        }
    }

    static let badName = "must be 1–64 letters, digits, '_', '-' or '.', not starting with '.' or '-'; got"

    static let cases: [Case] = [
        Case(
            "a rate of 0",
            code([interaction(ratePerSecond: 0)]),
            .interaction(0, .ratePerSecond),
            "must be a finite number > 0 and ≤ 10000, got 0",
            spec: ("interactions[0].rate-per-s", 7),
            swift: ("interactions[0].ratePerSecond", 20)
        ),
        Case(
            "a step of -1 ms",
            code([interaction { $0.simulated(.compute, "work", ms: -1, line: 30) }]),
            .interaction(0, .step(0, .ms)),
            "must be a finite number ≥ 0 and ≤ 3600000, got -1",
            spec: ("interactions[0].steps[0].ms", 7),
            swift: ("interactions[0].steps[0].ms", 30)
        ),
        Case(
            "an interaction's name with a space",
            code([interaction("open image")]),
            .interaction(0, .name),
            "\(badName) 'open image'",
            spec: ("interactions[0].name", 7),
            swift: ("interactions[0].name", 20)
        ),
        Case(
            "a step's label with a space",
            code([interaction { $0.simulated(.compute, "de code", ms: 1, line: 30) }]),
            .interaction(0, .step(0, .label)),
            "\(badName) 'de code'",
            spec: ("interactions[0].steps[0].compute", 7),
            swift: ("interactions[0].steps[0].label", 30)
        ),
        Case(
            "a workload's name starting with '-'",
            code(name: "-w"),
            .name,
            "\(badName) '-w'",
            spec: ("name", 1),
            swift: ("name", 10)
        ),
        Case(
            "a kernel size out of range",
            code([interaction { $0.simulated(.compute, "blur", kernel: .boxBlur, size: 5000, line: 30) }]),
            .interaction(0, .step(0, .size)),
            "must be a whole number from 1 to 4096, got 5000",
            spec: ("interactions[0].steps[0].size", 7),
            swift: ("interactions[0].steps[0].size", 30)
        ),
        Case(
            "an io step with a kernel",
            code([interaction { $0.simulated(.io, "load", kernel: .sort, size: 10, line: 30) }]),
            .interaction(0, .step(0, .kernel)),
            "an io step is a wait: give it 'ms', not a kernel",
            spec: ("interactions[0].steps[0].kernel", 7),
            swift: ("interactions[0].steps[0].kernel", 30)
        ),
        Case(
            "too many steps",
            code([interaction { (0..<1001).reduce($0) { steps, _ in steps.simulated(.ui, "s", ms: 1) } }]),
            .interaction(0, .steps),
            "at most 1000 entries, got 1001",
            spec: ("interactions[0].steps", 7),
            swift: ("interactions[0].steps", 20)
        ),
        Case(
            "an interaction without steps",
            code([interaction { $0 }]),
            .interaction(0, .steps),
            "must not be empty",
            spec: ("interactions[0].steps", 7),
            swift: ("interactions[0].steps", 20)
        ),
        Case(
            "too many interactions",
            code((0..<101).map { interaction("i\($0)") }),
            .interactions,
            "at most 100 entries, got 101",
            spec: ("interactions", 7),
            swift: ("interactions", 10)
        ),
        Case(
            "no interactions",
            code([]),
            .interactions,
            "must not be empty",
            spec: ("interactions", 6),
            swift: ("interactions", 10)
        ),
        Case(
            "two interactions of one name",
            code([interaction(), interaction()]),
            .interaction(1, .name),
            "'a' is used more than once; names must be unique",
            spec: ("interactions[1].name", 8),
            swift: ("interactions[1].name", 20)
        ),
        Case(
            "a duration of 0",
            code(durationSeconds: 0),
            .durationSeconds,
            "must be a finite number > 0 and ≤ 3600, got 0",
            spec: ("duration-s", 2),
            swift: ("durationSeconds", 10)
        ),
        Case(
            "a refresh rate of 500 Hz",
            code(refreshHz: 500),
            .refreshHz,
            "must be a number from 1 to 240, got 500",
            spec: ("refresh-hz", 3),
            swift: ("refreshHz", 10)
        ),
        Case(
            "frame work of 1000.5 ms",
            code(frameWorkMs: 1000.5),
            .frameWorkMs,
            "must be a finite number ≥ 0 and ≤ 1000, got 1000.5",
            spec: ("frame-work-ms", 4),
            swift: ("frameWorkMs", 10)
        ),
    ]

    /// One value declared in Swift and written into a spec file: the same rule broken, with the same message.
    @Test(arguments: cases)
    func aBadValueBreaksTheSameRuleInASpecAndInSwift(_ testCase: Case) throws {
        let fromSpec = try #require(throws: SpecError.self) {
            try SpecDecoder().decode(Self.specText(testCase.code.spec), file: "app.yaml")
        }
        let fromCode = try #require(throws: SpecError.self) { try testCase.code.validate() }
        #expect(fromSpec.problem == fromCode.problem)
        #expect(fromSpec.description == "app.yaml:\(testCase.spec.line): \(testCase.spec.field): \(testCase.message)")
        #expect(fromCode.line == testCase.swift.line)
        #expect(fromCode.description.hasSuffix(":\(testCase.swift.line): \(testCase.swift.field): \(testCase.message)"))
        let broken = try #require(throws: WorkloadValidator.BrokenRule.self) {
            try WorkloadValidator.validate(testCase.code.spec)
        }
        #expect(broken == WorkloadValidator.BrokenRule(field: testCase.field, problem: fromSpec.problem))
    }

    @Test func aValidSwiftWorkloadWrittenAsASpecDecodesToItsModel() throws {
        let workload = Self.code([
            Self.interaction(),
            Self.interaction("b", arrival: .poisson) {
                $0.simulated(.io, "load", ms: 0.5).simulated(.state, "cache", ms: 1)
                    .simulated(.compute, "blur", kernel: .boxBlur, size: 64)
            },
        ])
        #expect(throws: Never.self) { try workload.validate() }
        #expect(try SpecDecoder().decode(Self.specText(workload.spec), file: "app.yaml") == workload.spec)
    }

    // MARK: The model on its own

    static let valid = Workload(
        name: "w",
        subsystems: ["cache"],
        interactions: [
            Interaction(
                name: "a",
                ratePerSecond: 1,
                steps: [Step(.state, "cache", .milliseconds(1)), Step(.compute, "work", .code(meanMs: nil))]
            )
        ]
    )

    @Test func aValidWorkloadWithCodeStepsPasses() {
        #expect(throws: Never.self) { try WorkloadValidator.validate(Self.valid) }
    }

    /// What a spec file declares and Swift derives: the subsystems list, and state steps naming one in it.
    @Test func declaredSubsystemsAreNamedWellOnceAndUsedByName() throws {
        func broken(_ change: (inout Workload) -> Void) throws -> WorkloadValidator.BrokenRule {
            var workload = Self.valid
            change(&workload)
            return try #require(throws: WorkloadValidator.BrokenRule.self) {
                try WorkloadValidator.validate(workload)
            }
        }
        let badName = try broken { $0.subsystems = ["cache", "a b"] }
        #expect(badName.field == .subsystem(1))
        #expect(badName.problem == WorkloadValidator.nameProblem("a b"))
        #expect(try broken { $0.subsystems = ["cache", "cache"] }.problem == .duplicate("cache"))
        let undeclared = try broken { $0.subsystems = ["other"] }
        #expect(undeclared.field == .interaction(0, .step(0, .label)))
        #expect(undeclared.problem == .undeclaredSubsystem("cache", declared: ["other"]))
    }

    /// A Swift subsystem's name is given where a state step uses it: a bad one is reported at the first such step.
    @Test func aSwiftSubsystemsBadNameIsReportedAtTheFirstStepOnIt() throws {
        let cache = Subsystem("image cache") { 0 }
        let workload = Self.code([
            Self.interaction(),
            Self.interaction("b") { $0.simulated(.ui, "show", ms: 1).simulated(cache, ms: 1, line: 42) },
        ])
        let error = try #require(throws: SpecError.self) { try workload.validate() }
        #expect(error.field == "interactions[1].steps[1].label")
        #expect(error.line == 42)
        #expect(error.problem == WorkloadValidator.nameProblem("image cache"))
    }

    /// What the decoder accepts, the validator accepts: the built-in specs and every fuzzed input that decodes.
    @Test func everyDecodedSpecPassesTheValidator() throws {
        var decoded = try BuiltinWorkloads.all()
        for name in SpecCorpusTests.inputs {
            let path = SpecCorpusTests.corpus.appending(path: name).path
            if let workload = try? SpecDecoder().decode(contentsOf: path) { decoded.append(workload) }
        }
        #expect(decoded.count > BuiltinWorkloads.names.count)
        for workload in decoded {
            #expect(throws: Never.self, "\(workload.name)") { try WorkloadValidator.validate(workload) }
        }
    }

    @Test func boundsAreFiniteAndWholeWhereAsked() {
        typealias Bound = WorkloadValidator.Bound
        #expect(!Bound.positive(max: 10).contains(0))
        #expect(Bound.nonNegative(max: 10).contains(0))
        #expect(!Bound.closed(1...240).contains(.nan))
        #expect(!Bound.positive(max: 10).contains(.infinity))
        #expect(Bound.whole(1...3).contains(3))
        #expect(!Bound.whole(1...3).contains(1.5))
        #expect(Bound.whole(1...3).problem(with: 4) == .outOfRange("must be a whole number from 1 to 3, got 4"))
        #expect(Bound.positive(max: 10).problem(with: -.infinity, written: "-.inf") != nil)
    }
}
