import Foundation
import SwiftParser
import SwiftSyntax

/// The modules of a scanned tree and their default isolation: the targets of its `Package.swift` and the sources of
/// an Xcode project, read from their files without building anything.
struct Project {
    /// Whether `file` (relative to the scanned root) is a test's, by its path: a `Tests` directory or one named
    /// `…Tests`. What a tree without a manifest says of its test targets.
    static func isTestPath(_ file: String) -> Bool {
        file.split(separator: "/").contains { $0 == "Tests" || $0.hasSuffix("Tests") }
    }

    /// A group of sources compiled together with one default isolation.
    struct Module: Sendable, Equatable {
        /// What builds the module, which says whether another target can `import` it.
        enum Kind: Sendable, Equatable {
            /// A package's `.target`: importable.
            case library
            case executable
            case test
            /// A package's `.macro`, or anything else a manifest declares.
            case other
            /// An Xcode project's sources, read as one module.
            case xcodeProject
            /// Files no manifest or project claims.
            case none
        }

        var name: String
        /// Relative to the scanned root, without a trailing slash; "" for the root itself.
        var directory: String
        var defaultIsolation: DefaultIsolation
        var kind: Kind
        /// The targets and products it depends on, by name, as its manifest lists them: what it imports beside its
        /// own files (empty for an Xcode project's sources, whose dependencies are not read).
        var dependencies: [String] = []

        /// Tells modules apart: two packages in one tree may both have a target named `App`.
        var id: String { directory + "|" + name }
    }

    /// The modules found, the most specific directory first.
    private(set) var modules: [Module]

    /// The module a source file belongs to, by the longest directory that contains it; files in no target are a
    /// module of their own, with no default isolation.
    func module(of relativePath: String) -> Module {
        modules.first { module in
            module.directory.isEmpty || relativePath.hasPrefix(module.directory + "/")
        } ?? Module(name: "(no target)", directory: "", defaultIsolation: .nonisolated, kind: .none)
    }

    /// Reads every `Package.swift` among `projectFiles` (its targets' directories and default isolation; an app's
    /// local packages are often in a folder of their own) and every Xcode project's `project.pbxproj` (its build
    /// setting `SWIFT_DEFAULT_ACTOR_ISOLATION`), all relative to `root`.
    init(root: URL, projectFiles: [String]) {
        var modules: [Module] = []
        for manifest in projectFiles where manifest == "Package.swift" || manifest.hasSuffix("/Package.swift") {
            guard let text = try? String(contentsOf: root.appending(path: manifest), encoding: .utf8) else { continue }
            let directory = (manifest as NSString).deletingLastPathComponent
            modules += Self.targets(inManifest: text).map { target in
                var module = target
                if !directory.isEmpty { module.directory = directory + "/" + target.directory }
                return module
            }
        }
        for pbxproj in projectFiles where pbxproj.hasSuffix(".xcodeproj/project.pbxproj") {
            guard let text = try? String(contentsOf: root.appending(path: pbxproj), encoding: .utf8) else { continue }
            let project = (pbxproj as NSString).deletingLastPathComponent
            let directory = (project as NSString).deletingLastPathComponent
            let isolation: DefaultIsolation =
                text.range(of: #"SWIFT_DEFAULT_ACTOR_ISOLATION = "?MainActor"?;"#, options: .regularExpression) != nil
                ? .mainActor(
                    "`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` in \((project as NSString).lastPathComponent)"
                )
                : .nonisolated
            modules.append(
                Module(
                    name: (project as NSString).lastPathComponent,
                    directory: directory,
                    defaultIsolation: isolation,
                    kind: .xcodeProject
                )
            )
        }
        self.modules = modules.sorted { $0.directory.count > $1.directory.count }
    }

    /// The targets a manifest declares, with their directories (`path:`, or `Sources/NAME`, `Tests/NAME` for test
    /// targets) and whether their Swift settings make the main actor the default: `.defaultIsolation(MainActor.self)`
    /// or the `-default-isolation MainActor` flag, written in the target or in a constant it names.
    static func targets(inManifest text: String) -> [Module] {
        let tree = Parser.parse(source: text)
        let constants = ManifestConstants(viewMode: .sourceAccurate)
        constants.walk(tree)
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.targets.map { target in
            var text = target.call.trimmedDescription
            for token in target.call.tokens(viewMode: .sourceAccurate) {
                if case .identifier(let name) = token.tokenKind, let constant = constants.values[name] {
                    text += "\n" + constant
                }
            }
            let setsMainActor =
                text.contains("defaultIsolation(MainActor.self)")
                || text.range(of: #""-default-isolation"\s*,\s*"MainActor""#, options: .regularExpression) != nil
                || text.contains("\"-default-isolation=MainActor\"")
            let directory = target.path ?? "\(target.isTest ? "Tests" : "Sources")/\(target.name)"
            return Module(
                name: target.name,
                directory: directory.hasSuffix("/") ? String(directory.dropLast()) : directory,
                defaultIsolation: setsMainActor
                    ? .mainActor("`.defaultIsolation(MainActor.self)` on target `\(target.name)`") : .nonisolated,
                kind: target.kind,
                dependencies: target.dependencies
            )
        }
    }

    /// `let name = …` at the top level of a manifest: settings shared between targets.
    private final class ManifestConstants: SyntaxVisitor {
        var values: [String: String] = [:]

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                {
                    values[name] = value.trimmedDescription
                }
            }
            return .skipChildren
        }
    }

    /// `.target(name: …)`, `.executableTarget(…)`, `.testTarget(…)` calls in a manifest.
    private final class TargetFinder: SyntaxVisitor {
        struct Target {
            var name: String
            var path: String?
            var kind: Module.Kind
            var call: FunctionCallExprSyntax
            /// `"Core"`, `.target(name: "Core")`, `.product(name: "Ink", package: "Ink")`: each one's name.
            var dependencies: [String]

            var isTest: Bool { kind == .test }
        }

        var targets: [Target] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                ["target", "executableTarget", "testTarget", "macro"].contains(member.declName.baseName.text),
                let name = node.arguments.first(where: { $0.label?.text == "name" })?.expression.stringLiteral
            else { return .visitChildren }
            let path = node.arguments.first { $0.label?.text == "path" }?.expression.stringLiteral
            let kind: Module.Kind =
                switch member.declName.baseName.text {
                case "target": .library
                case "executableTarget": .executable
                case "testTarget": .test
                default: .other
                }
            var dependencies: [String] = []
            if let list = node.arguments.first(where: { $0.label?.text == "dependencies" })?.expression
                .as(ArrayExprSyntax.self)
            {
                for element in list.elements {
                    if let name = element.expression.stringLiteral {
                        dependencies.append(name)
                    } else if let call = element.expression.as(FunctionCallExprSyntax.self),
                        let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression.stringLiteral
                    {
                        dependencies.append(name)
                    }
                }
            }
            targets.append(Target(name: name, path: path, kind: kind, call: node, dependencies: dependencies))
            return .skipChildren
        }
    }
}

extension ExprSyntax {
    /// The value of a string literal with no interpolation.
    var stringLiteral: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }
}
