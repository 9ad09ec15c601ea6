/// The Swift names in one workload's migration code, each naming one thing only, the same in every stage's code.
///
/// The scheme:
/// - an interaction's handler is `handle` + the interaction's name (`open-image` → `handleOpenImage()`): it is named
///   for the event it handles, so it never takes the name of a step it calls (an interaction and a step both called
///   `filter` give `handleFilter()` calling `filter()`); its body in `actor-extracted` is the name + `Body`
///   (`openImageBody()`);
/// - a subsystem is a variable named after it (`imageCache`) holding an actor of the same name (`ImageCache`);
/// - a step is a function named after its label (`decode()`), the name a reader looks for in their app; the same
///   label and kind in several interactions is the same function.
///
/// Names are given in that order: handlers, bodies, subsystems, then steps in order of first appearance. A name
/// already given, a Swift keyword, or for an actor a type name the code itself uses (`Task`, `MainActor`) takes a
/// suffix: a step its kind (`filter` as an I/O and as a compute step: `filter()` and `filterCompute()`; `default`:
/// `defaultIO()`), a subsystem `State`, its variable and its actor alike (`task` → `taskState`, `TaskState`). A
/// name still taken after that is numbered from 2 (`load-image` and `load_image`, both compute steps:
/// `loadImage()` and `loadImageCompute()`, a third would be `loadImageCompute2()`).
struct MigrationNames {
    private struct StepKey: Hashable {
        var kind: StepKind
        var label: String
    }

    private var handlers: [String: String] = [:]
    private var bodies: [String: String] = [:]
    private var variables: [String: String] = [:]
    private var actors: [String: String] = [:]
    private var functions: [StepKey: String] = [:]
    /// Every name given so far: functions, variables and types share one namespace in Swift (`actor _3d` and
    /// `func _3d()` are a redeclaration).
    private var used: Set<String> = []

    init(workload: Workload) {
        for interaction in workload.interactions {
            handlers[interaction.name] = claimValue(["handle" + Self.suffix(interaction.name, or: "Interaction")])
        }
        for interaction in workload.interactions {
            bodies[interaction.name] = claimValue([SwiftName.lowerCamel(interaction.name) + "Body"])
        }
        let steps = workload.interactions.flatMap(\.steps)
        for subsystem in workload.subsystems + steps.filter({ $0.kind == .state }).map(\.label)
        where variables[subsystem] == nil {
            claimSubsystem(subsystem)
        }
        for step in steps where step.kind != .state {
            let key = StepKey(kind: step.kind, label: step.label)
            guard functions[key] == nil else { continue }
            let name = SwiftName.lowerCamel(step.label)
            functions[key] = claimValue([name, name + Self.kindSuffix(step.kind)])
        }
    }

    /// The function that handles `interaction` on the main actor: `handleOpenImage`.
    func handler(of interaction: Interaction) -> String {
        handlers[interaction.name] ?? "handle" + Self.suffix(interaction.name, or: "Interaction")
    }

    /// The `@concurrent` function that runs `interaction` off main in `actor-extracted`: `openImageBody`.
    func body(of interaction: Interaction) -> String {
        bodies[interaction.name] ?? SwiftName.lowerCamel(interaction.name) + "Body"
    }

    /// The function that performs a `ui`, `io` or `compute` step: `decode`.
    func function(of step: Step) -> String {
        functions[StepKey(kind: step.kind, label: step.label)] ?? SwiftName.lowerCamel(step.label)
    }

    /// The variable that holds `subsystem`'s state: `imageCache`.
    func variable(of subsystem: String) -> String {
        variables[subsystem] ?? SwiftName.lowerCamel(subsystem)
    }

    /// The actor that owns `subsystem`'s state in `actor-extracted`: `ImageCache`.
    func actor(of subsystem: String) -> String {
        actors[subsystem] ?? SwiftName.upperCamel(subsystem)
    }

    /// The first of `candidates` that is free and not a keyword, or the last one numbered from 2.
    private mutating func claimValue(_ candidates: [String]) -> String {
        let free = candidates.first { !used.contains($0) && !SwiftName.keywords.contains($0) }
        let name = free ?? numbered(candidates.last ?? "step") { used.contains($0) }
        used.insert(name)
        return name
    }

    private mutating func claimSubsystem(_ subsystem: String) {
        let variable = SwiftName.lowerCamel(subsystem)
        var type = SwiftName.upperCamel(subsystem)
        // A name that starts with a digit has no case to change: `_3dCache` would name both.
        if type == variable { type = "Subsystem" + Self.suffix(subsystem, or: "") }
        func taken(_ variable: String, _ type: String) -> Bool {
            used.contains(variable) || used.contains(type) || SwiftName.keywords.contains(variable)
                || SwiftName.reservedTypeNames.contains(type)
        }
        var chosen = (variable, type)
        if taken(variable, type) {
            chosen = (variable + "State", type + "State")
            var number = 2
            while taken(chosen.0, chosen.1) {
                chosen = (variable + "State\(number)", type + "State\(number)")
                number += 1
            }
        }
        variables[subsystem] = chosen.0
        actors[subsystem] = chosen.1
        used.insert(chosen.0)
        used.insert(chosen.1)
    }

    private func numbered(_ base: String, taken: (String) -> Bool) -> String {
        var number = 2
        while taken("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }

    private static func suffix(_ name: String, or fallback: String) -> String {
        let suffix = SwiftName.suffix(name)
        return suffix.isEmpty ? fallback : suffix
    }

    private static func kindSuffix(_ kind: StepKind) -> String {
        switch kind {
        case .io: "IO"
        case .compute: "Compute"
        case .ui: "UI"
        case .state: "State"
        }
    }
}
