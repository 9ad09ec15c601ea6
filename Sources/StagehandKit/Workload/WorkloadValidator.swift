/// The rules a workload's values follow, whether a spec file or Swift declared them: the one limits table, and the
/// one wording of each broken rule.
///
/// A source that holds a whole ``Workload`` (a ``CodeWorkload``'s model) checks it with ``validate(_:)``, which names
/// the first broken rule by its ``Field``; the source says where that field was declared and how it spells it. The
/// spec decoder applies the same rules to each value as it reads it: its own checks (a list where a number belongs,
/// an unknown key) come between them, and the problem it reports must be the first in the file.
package enum WorkloadValidator {
    /// Bounds that keep one workload from running for hours or exhausting memory.
    package enum Limits {
        package static let durationSeconds = Bound.positive(max: 3600)
        package static let refreshHz = Bound.closed(1...240)
        /// A profile's runs of each stage (`--repetitions`, `--max-repetitions`): the command line's, not a spec's.
        package static let repetitions = Bound.whole(1...100)
        /// A profile's wall-time budget per workload (`--max-time`), in seconds: the command line's, not a spec's.
        package static let maxTimeSeconds = Bound.positive(max: 86_400)
        static let frameWorkMs = Bound.nonNegative(max: 1000)
        static let ratePerSecond = Bound.positive(max: 10_000)
        static let stepMs = Bound.nonNegative(max: 3_600_000)
        static let interactions = 100
        static let stepsPerInteraction = 1000
        static let nameLength = 64

        /// The sizes `kernel` accepts, so that one step cannot run for hours.
        static func kernelSize(upTo maximum: Int) -> Bound { .whole(1...maximum) }
    }

    /// An `io` step given a kernel: an io step is a wait, not work.
    static let ioWithKernel = SpecError.Problem.malformedStep("an io step is a wait: give it 'ms', not a kernel")

    /// What is wrong with `text` as a name, or `nil` for a good one: a name is safe in file names, Markdown tables,
    /// Mermaid charts and generated Swift identifiers.
    static func nameProblem(_ text: String) -> SpecError.Problem? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        guard
            text.isEmpty || text.count > Limits.nameLength || !text.allSatisfy(allowed.contains)
                || text.first == "." || text.first == "-"
        else { return nil }
        return .outOfRange(
            "must be 1–\(Limits.nameLength) letters, digits, '_', '-' or '.', not starting with '.' or '-'; "
                + "got '\(text)'"
        )
    }

    /// What is wrong with a list of `count` entries that must have one and at most `max`, or `nil`.
    static func countProblem(_ count: Int, max: Int) -> SpecError.Problem? {
        guard count > 0 else { return .empty }
        return count > max ? .outOfRange("at most \(max) entries, got \(count)") : nil
    }

    /// What is wrong with a step of `kind` labelled `label` when the workload declares `declared`: a `state` step's
    /// label names its subsystem, which must be one of them.
    static func subsystemProblem(_ label: String, kind: StepKind, declared: [String]) -> SpecError.Problem? {
        kind == .state && !declared.contains(label) ? .undeclaredSubsystem(label, declared: declared) : nil
    }

    /// What is wrong with giving a step of `kind` a kernel, or `nil`.
    static func kernelProblem(kind: StepKind) -> SpecError.Problem? {
        kind == .io ? ioWithKernel : nil
    }

    /// The names met so far in a list whose names must be unique.
    struct UniqueNames {
        private var seen: Set<String> = []

        /// What is wrong with `name` coming next, or `nil`; it is added either way.
        mutating func problem(adding name: String) -> SpecError.Problem? {
            seen.insert(name).inserted ? nil : .duplicate(name)
        }
    }

    // MARK: - A whole workload

    /// Checks every value of `workload`, in the order a spec file's are read: the top-level values, the subsystems,
    /// then each interaction with its steps, its name's uniqueness last.
    ///
    /// - Throws: the first ``BrokenRule``.
    static func validate(_ workload: Workload) throws(BrokenRule) {
        try check(nameProblem(workload.name), .name)
        try check(Limits.durationSeconds.problem(with: workload.durationSeconds), .durationSeconds)
        try check(Limits.refreshHz.problem(with: workload.refreshHz), .refreshHz)
        try check(Limits.frameWorkMs.problem(with: workload.frameWorkMs), .frameWorkMs)
        var subsystems = UniqueNames()
        for (index, name) in workload.subsystems.enumerated() {
            try check(nameProblem(name) ?? subsystems.problem(adding: name), .subsystem(index))
        }
        try check(countProblem(workload.interactions.count, max: Limits.interactions), .interactions)
        let declared = workload.subsystems
        var names = UniqueNames()
        for (index, interaction) in workload.interactions.enumerated() {
            func check(_ problem: SpecError.Problem?, _ field: InteractionField) throws(BrokenRule) {
                try WorkloadValidator.check(problem, .interaction(index, field))
            }
            try check(nameProblem(interaction.name), .name)
            try check(Limits.ratePerSecond.problem(with: interaction.ratePerSecond), .ratePerSecond)
            try check(countProblem(interaction.steps.count, max: Limits.stepsPerInteraction), .steps)
            for (position, step) in interaction.steps.enumerated() {
                try check(
                    nameProblem(step.label) ?? subsystemProblem(step.label, kind: step.kind, declared: declared),
                    .step(position, .label)
                )
                if case .milliseconds(let ms) = step.cost {
                    try check(Limits.stepMs.problem(with: ms), .step(position, .ms))
                }
                if let kernel = step.cost.kernelInput {
                    try check(kernelProblem(kind: step.kind), .step(position, .kernel))
                    let sizes = Limits.kernelSize(upTo: kernel.maximumSize)
                    try check(
                        sizes.problem(with: Double(kernel.size), written: String(kernel.size)),
                        .step(position, .size)
                    )
                }
            }
            try check(names.problem(adding: interaction.name), .name)
        }
    }

    private static func check(_ problem: SpecError.Problem?, _ field: Field) throws(BrokenRule) {
        if let problem { throw BrokenRule(field: field, problem: problem) }
    }

    /// A value that breaks a rule: which one it is, and what is wrong with it.
    struct BrokenRule: Error, Equatable {
        var field: Field
        var problem: SpecError.Problem
    }

    /// Where a value is in a workload, before a source spells it (`rate-per-s` in a spec file, `ratePerSecond` in
    /// Swift) and says where it was declared.
    enum Field: Equatable, Sendable {
        case name
        case durationSeconds
        case refreshHz
        case frameWorkMs
        /// The subsystem at this index of ``Workload/subsystems``.
        case subsystem(Int)
        case interactions
        /// A field of the interaction at this index.
        case interaction(Int, InteractionField)
    }

    /// Where a value is in one interaction.
    enum InteractionField: Equatable, Sendable {
        case name
        case ratePerSecond
        case steps
        /// A field of the step at this index.
        case step(Int, StepField)
    }

    /// Where a value is in one step; the raw value is its name.
    enum StepField: String, Sendable {
        /// The label, which for a `state` step names its subsystem.
        case label
        case ms
        case kernel
        case size
    }
}

extension WorkloadValidator {
    /// The values a number may take, worded as errors say it.
    package enum Bound: Sendable {
        case positive(max: Double)
        case nonNegative(max: Double)
        case closed(ClosedRange<Double>)
        case whole(ClosedRange<Int>)

        /// Whether `value` is in bounds: finite, and a whole number where one is asked for.
        package func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            switch self {
            case .positive(let max): return value > 0 && value <= max
            case .nonNegative(let max): return value >= 0 && value <= max
            case .closed(let range): return range.contains(value)
            case .whole(let range): return Int(exactly: value).map(range.contains) ?? false
            }
        }

        /// What the value must be, e.g. `a finite number > 0 and ≤ 3600`.
        var wording: String {
            switch self {
            case .positive(let max): "a finite number > 0 and ≤ \(max.written)"
            case .nonNegative(let max): "a finite number ≥ 0 and ≤ \(max.written)"
            case .closed(let range): "a number from \(range.lowerBound.written) to \(range.upperBound.written)"
            case .whole(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            }
        }

        /// What is wrong with `value`, or `nil`; `written` is the value as its source wrote it, for the message.
        func problem(with value: Double, written: String? = nil) -> SpecError.Problem? {
            contains(value) ? nil : .outOfRange("must be \(wording), got \(written ?? value.written)")
        }

        /// What is wrong with `value` given to the command-line option `option`, in the words a spec's field gets:
        /// `nil` when it is within the bound.
        package func problem(option: String, _ value: Double) -> String? {
            contains(value) ? nil : "\(option) must be \(wording), got \(value.written)"
        }
    }
}

extension Double {
    /// The number as a person would write it: without a trailing `.0` when it is whole (`3600`, `0.5`).
    fileprivate var written: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
