import Foundation
import Testing

@testable import StagehandKit

/// Migration code names every function, variable and actor of one workload once, whatever its names collide with.
@Suite struct MigrationNamesTests {
    static func workload(subsystems: [String] = [], _ interactions: [(String, [Step])]) -> Workload {
        Workload(
            name: "names",
            subsystems: subsystems,
            interactions: interactions.map { Interaction(name: $0.0, ratePerSecond: 1, steps: $0.1) }
        )
    }

    static func step(_ kind: StepKind, _ label: String) -> Step { Step(kind, label, .milliseconds(1)) }

    /// Every name `func` or `actor` declares in `stage`'s code, in order.
    static func declarations(_ workload: Workload, at stage: Stage) -> [String] {
        let code = MigrationPlaybook(workload: workload).steps(for: stage).filter { $0.hasPrefix("```swift") }
        let pattern = try! NSRegularExpression(pattern: #"(?:func|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        return code.flatMap { block in
            pattern.matches(in: block, range: NSRange(block.startIndex..., in: block)).map {
                String(block[Range($0.range(at: 1), in: block)!])
            }
        }
    }

    /// What the code of every stage declares is declared once: no two functions, or a function and an actor, share
    /// a name, and none is a keyword. Actors' `update()` methods are members, not free functions, so they may repeat.
    static func expectUniqueDeclarations(_ workload: Workload, sourceLocation: SourceLocation = #_sourceLocation) {
        for stage in Stage.allCases {
            let names = declarations(workload, at: stage).filter { $0 != "update" }
            #expect(Set(names).count == names.count, "\(stage.rawValue): \(names)", sourceLocation: sourceLocation)
            #expect(
                names.allSatisfy { !SwiftName.keywords.contains($0) },
                "\(stage.rawValue): \(names)",
                sourceLocation: sourceLocation
            )
        }
    }

    @Test func anInteractionAndAStepOfTheSameNameGetAHandlerAndAStep() {
        let workload = Self.workload([("filter", [Self.step(.compute, "filter"), Self.step(.ui, "show")])])
        let names = MigrationNames(workload: workload)
        #expect(names.handler(of: workload.interactions[0]) == "handleFilter")
        #expect(names.function(of: Self.step(.compute, "filter")) == "filter")
        #expect(Self.declarations(workload, at: .offloaded) == ["handleFilter", "filter"])
        let mainOnly = MigrationPlaybook(workload: workload).steps(for: .mainOnly).joined(separator: "\n")
        #expect(mainOnly.contains("func handleFilter() {\n    filter()"), "the handler does not call itself")
        Self.expectUniqueDeclarations(workload)
    }

    @Test func labelsThatMapToTheSameIdentifierGetTheirKindThenANumber() {
        let workload = Self.workload([
            (
                "open",
                [Self.step(.compute, "load-image"), Self.step(.compute, "load_image"), Self.step(.io, "load.image")]
            ),
            ("close", [Self.step(.compute, "loadImage")]),
        ])
        let names = MigrationNames(workload: workload)
        #expect(names.function(of: Self.step(.compute, "load-image")) == "loadImage")
        #expect(names.function(of: Self.step(.compute, "load_image")) == "loadImageCompute")
        #expect(names.function(of: Self.step(.io, "load.image")) == "loadImageIO")
        #expect(names.function(of: Self.step(.compute, "loadImage")) == "loadImageCompute2")
        Self.expectUniqueDeclarations(workload)
    }

    @Test func aStepNamedLikeASubsystemLeavesTheSubsystemItsName() {
        let workload = Self.workload(
            subsystems: ["cache"],
            [("refresh", [Self.step(.state, "cache"), Self.step(.io, "cache"), Self.step(.ui, "cache")])]
        )
        let names = MigrationNames(workload: workload)
        #expect(names.variable(of: "cache") == "cache")
        #expect(names.actor(of: "cache") == "Cache")
        #expect(names.function(of: Self.step(.io, "cache")) == "cacheIO")
        #expect(names.function(of: Self.step(.ui, "cache")) == "cacheUI")
        let actorCode = MigrationPlaybook(workload: workload).steps(for: .actorExtracted).joined(separator: "\n")
        #expect(actorCode.contains("await cache.update()"))
        #expect(actorCode.contains("await cacheIO()"))
        #expect(actorCode.contains("await MainActor.run { cacheUI() }"))
        Self.expectUniqueDeclarations(workload)
    }

    @Test func aStepNamedLikeAnInteractionsBodyLeavesTheBodyItsName() {
        let workload = Self.workload([("open", [Self.step(.io, "open-body"), Self.step(.compute, "handle-open")])])
        let names = MigrationNames(workload: workload)
        #expect(names.body(of: workload.interactions[0]) == "openBody")
        #expect(names.function(of: Self.step(.io, "open-body")) == "openBodyIO")
        #expect(names.function(of: Self.step(.compute, "handle-open")) == "handleOpenCompute")
        #expect(
            Self.declarations(workload, at: .actorExtracted) == ["handleOpen", "openBody"],
            "the handler and its body; steps are called, not declared"
        )
        Self.expectUniqueDeclarations(workload)
    }

    @Test func keywordsAndTheTypesTheCodeUsesTakeASuffix() {
        let workload = Self.workload(
            subsystems: ["task", "main-actor", "default"],
            [
                (
                    "default",
                    [
                        Self.step(.state, "task"), Self.step(.state, "main-actor"), Self.step(.state, "default"),
                        Self.step(.io, "default"), Self.step(.compute, "class"), Self.step(.ui, "self"),
                    ]
                )
            ]
        )
        let names = MigrationNames(workload: workload)
        #expect(names.handler(of: workload.interactions[0]) == "handleDefault")
        #expect(names.body(of: workload.interactions[0]) == "defaultBody")
        #expect(names.variable(of: "task") == "taskState")
        #expect(names.actor(of: "task") == "TaskState")
        #expect(names.actor(of: "main-actor") == "MainActorState")
        #expect(names.variable(of: "default") == "defaultState")
        #expect(names.function(of: Self.step(.io, "default")) == "defaultIO")
        #expect(names.function(of: Self.step(.compute, "class")) == "classCompute")
        #expect(names.function(of: Self.step(.ui, "self")) == "selfUI")
        let actorCode = MigrationPlaybook(workload: workload).steps(for: .actorExtracted).joined(separator: "\n")
        #expect(actorCode.contains("Task { @concurrent in await defaultBody() }"))
        #expect(!actorCode.contains("actor Task "))
        Self.expectUniqueDeclarations(workload)
    }

    @Test func aSubsystemStartingWithADigitGetsDistinctVariableAndActorNames() {
        let workload = Self.workload(subsystems: ["3d-scene"], [("spin", [Self.step(.state, "3d-scene")])])
        let names = MigrationNames(workload: workload)
        #expect(names.variable(of: "3d-scene") == "_3dScene")
        #expect(names.actor(of: "3d-scene") == "Subsystem3dScene")
        #expect(names.handler(of: workload.interactions[0]) == "handleSpin")
        Self.expectUniqueDeclarations(workload)
    }

    /// Interactions sharing a step or a subsystem share its function or actor, declared in the first one's code.
    @Test func aSharedStepOrSubsystemIsDeclaredOnce() {
        let workload = Self.workload(
            subsystems: ["store"],
            [
                ("open", [Self.step(.state, "store"), Self.step(.compute, "decode")]),
                ("refresh", [Self.step(.state, "store"), Self.step(.compute, "decode")]),
            ]
        )
        #expect(Self.declarations(workload, at: .offloaded) == ["handleOpen", "decode", "handleRefresh"])
        #expect(
            Self.declarations(workload, at: .actorExtracted).filter { $0 != "update" }
                == ["Store", "handleOpen", "openBody", "handleRefresh", "refreshBody"]
        )
        Self.expectUniqueDeclarations(workload)
    }
}
