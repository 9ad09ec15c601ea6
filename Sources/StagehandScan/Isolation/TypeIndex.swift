import SwiftSyntax

/// Every type a module declares, read before any file is scanned, so a member's isolation can come from its type's
/// declaration in another file: its attributes, what it conforms to or inherits from, its members.
struct TypeIndex {
    /// One type's declaration, with what its extensions add.
    struct Declaration {
        enum Kind { case `class`, `struct`, `enum`, `actor`, `protocol` }

        var kind: Kind
        var file: String
        /// Attribute names on the declaration: `MainActor`, `Observable`.
        var attributes: Set<String>
        /// What the declaration and extensions in its own file conform to or inherit from (conformances declared
        /// elsewhere do not make a type main-actor).
        var inherits: [String]
        /// The names of its stored properties, in any extension's file too (extensions cannot add stored ones).
        var storedProperties: Set<String> = []
        /// Every member name: properties and methods, in the declaration and its extensions.
        var members: Set<String> = []
        /// The `static` and `class` members' names among them: `shared`.
        var staticMembers: Set<String> = []
        /// Its `static` and `class` stored or computed properties, with their types where the declaration says them:
        /// where a scaffold finds the app's own values (`sample`, `shared`).
        var staticProperties: [StaticProperty] = []
        /// An enum's cases, in order.
        var cases: [EnumCase] = []
        /// Its name with the types it is nested in (`StreamWatcher.Stream`): what code outside them calls it.
        var qualifiedName = ""
        /// Its generic parameters as written, on one line (`<T: Comparable>`); `nil` for a type that has none.
        var generics: String?
        /// Whether two declarations in the module share its name (nested types of different outer types): what the
        /// index holds of it is then one of them, and a scaffold must not rely on it.
        var isAmbiguous = false
    }

    /// A type's static property: `static let sample: String`, `static let shared = FeedViewModel()`.
    struct StaticProperty: Sendable, Equatable {
        var name: String
        /// The type its annotation names, or the type its initializer calls (`FeedViewModel()`); `nil` when neither
        /// says.
        var type: String?
        /// The file that declares it: an extension's, which may be a test target's.
        var file: String
        /// `public`, `open` or `package`: reachable from the workload executable.
        var isVisibleToOtherModules = false
    }

    /// An enum's case: `loading`, or `loaded(Page)` with a payload.
    struct EnumCase: Sendable, Equatable {
        var name: String
        var hasPayload: Bool
    }

    private(set) var types: [String: Declaration] = [:]
    /// Types declared `@globalActor`: their names are attributes that isolate.
    private(set) var globalActors: Set<String> = []
    /// The module's default isolation (`.defaultIsolation(MainActor.self)`), for types with no isolation of their own.
    let defaultIsolation: DefaultIsolation

    init(defaultIsolation: DefaultIsolation) {
        self.defaultIsolation = defaultIsolation
    }

    /// What extensions add to types not indexed yet (`FeedPage+Sample.swift` sorts before `FeedPage.swift`), added
    /// when the type is.
    private var pendingExtensions: [String: Members] = [:]

    /// Adds the declarations of one file.
    mutating func add(_ tree: SourceFileSyntax, file: String) {
        let collector = Collector(file: file)
        collector.walk(tree)
        for (name, declaration) in collector.declarations {
            if types[name] == nil {
                types[name] = declaration
                if let pending = pendingExtensions.removeValue(forKey: name) { extend(name, with: pending) }
            } else {
                types[name]?.isAmbiguous = true
            }
        }
        for (name, members) in collector.extensionMembers {
            if types[name] == nil {
                pendingExtensions[name, default: Members()].formUnion(members)
            } else {
                extend(name, with: members)
            }
        }
        for (name, conformances) in collector.extensionConformances {
            if types[name]?.file == file { types[name]?.inherits += conformances }
        }
        globalActors.formUnion(collector.globalActors)
    }

    private mutating func extend(_ name: String, with members: Members) {
        types[name]?.members.formUnion(members.all)
        types[name]?.staticMembers.formUnion(members.statics)
        types[name]?.staticProperties += members.staticProperties
    }

    /// The isolation of `name`'s members when nothing on a member says otherwise; `nil` for a type this module does
    /// not declare and the scanner does not know.
    func isolation(ofType name: String) -> Isolation? {
        var visited: Set<String> = []
        return isolation(ofType: name, visited: &visited)
    }

    private func isolation(ofType name: String, visited: inout Set<String>) -> Isolation? {
        guard let declaration = types[name] else {
            return KnownTypes.mainActor.contains(name) ? .mainActor("`\(name)` is main-actor in the SDK") : nil
        }
        if declaration.kind == .actor { return .actor("`\(name)` is an actor") }
        if declaration.attributes.contains("MainActor") { return .mainActor("`\(name)` is `@MainActor`") }
        if let actor = declaration.attributes.first(where: globalActors.contains) {
            return .globalActor("`\(name)` is `@\(actor)`")
        }
        if let inherited = mainActorAncestor(of: name, visited: &visited) {
            return .mainActor(
                "`\(name)` \(declaration.kind == .class ? "inherits from or conforms to" : "conforms to") `\(inherited)`, which is main-actor"
            )
        }
        if declaration.kind == .protocol { return .nonisolated("`\(name)` is a protocol with no actor") }
        if defaultIsolation.isMainActor {
            var seen: Set<String> = []
            if let sendable = sendableMetatypeAncestor(of: name, visited: &seen) {
                return .nonisolated(
                    "`\(name)` conforms to `\(sendable)`, so the default isolation (\(defaultIsolation.source)) does not apply"
                )
            }
            return .mainActor("the default isolation: \(defaultIsolation.source)")
        }
        return .nonisolated("`\(name)` has no actor attribute, and the module's default isolation is nonisolated")
    }

    /// The main-actor protocol or class `name` conforms to or inherits from, directly or through this module's types.
    private func mainActorAncestor(of name: String, visited: inout Set<String>) -> String? {
        guard visited.insert(name).inserted, let declaration = types[name] else { return nil }
        for inherited in declaration.inherits {
            if KnownTypes.mainActor.contains(inherited) { return inherited }
            if let parent = types[inherited], parent.attributes.contains("MainActor") { return inherited }
            if mainActorAncestor(of: inherited, visited: &visited) != nil { return inherited }
        }
        return nil
    }

    /// The protocol refining `SendableMetatype` that `name` conforms to, directly or through this module's protocols.
    private func sendableMetatypeAncestor(of name: String, visited: inout Set<String>) -> String? {
        guard visited.insert(name).inserted, let declaration = types[name] else { return nil }
        for inherited in declaration.inherits {
            if KnownTypes.sendableMetatype.contains(inherited) { return inherited }
            if types[inherited]?.kind == .protocol, sendableMetatypeAncestor(of: inherited, visited: &visited) != nil {
                return inherited
            }
        }
        return nil
    }

    /// Reads one file's type declarations and extensions.
    private final class Collector: SyntaxVisitor {
        let file: String
        var declarations: [String: Declaration] = [:]
        /// What extensions in this file add: all member names, and the static ones.
        var extensionMembers: [String: Members] = [:]
        var extensionConformances: [String: [String]] = [:]
        var globalActors: Set<String> = []

        init(file: String) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(
                node.name.text,
                .class,
                node.attributes,
                node.inheritanceClause,
                node.memberBlock,
                generics: node.genericParameterClause
            )
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(
                node.name.text,
                .struct,
                node.attributes,
                node.inheritanceClause,
                node.memberBlock,
                generics: node.genericParameterClause
            )
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(
                node.name.text,
                .enum,
                node.attributes,
                node.inheritanceClause,
                node.memberBlock,
                generics: node.genericParameterClause
            )
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(
                node.name.text,
                .actor,
                node.attributes,
                node.inheritanceClause,
                node.memberBlock,
                generics: node.genericParameterClause
            )
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .protocol, node.attributes, node.inheritanceClause, node.memberBlock)
        }

        /// The types the walk is inside, outermost first (an extension's extended type among them).
        private var enclosing: [String] = []

        override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: ProtocolDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = Syntax(node.extendedType).typeName
            enclosing.append(node.extendedType.trimmedDescription)
            // `public extension Feed { static let sample … }`: its members are as visible as it says.
            let visible = node.modifiers.isVisibleToOtherModules
            extensionMembers[name, default: Members()].formUnion(
                Members(node.memberBlock, file: file, visible: visible)
            )
            extensionConformances[name, default: []] += Self.inherited(node.inheritanceClause)
            return .visitChildren
        }

        private func declare(
            _ name: String,
            _ kind: Declaration.Kind,
            _ attributes: AttributeListSyntax,
            _ inheritance: InheritanceClauseSyntax?,
            _ members: MemberBlockSyntax,
            generics: GenericParameterClauseSyntax? = nil
        ) -> SyntaxVisitorContinueKind {
            let names = attributes.names
            if names.contains("globalActor") { globalActors.insert(name) }
            let found = Members(members, file: file)
            let isAmbiguous = declarations[name] != nil
            let qualifiedName = (enclosing + [name]).joined(separator: ".")
            enclosing.append(name)
            declarations[name] = Declaration(
                kind: kind,
                file: file,
                attributes: names,
                inherits: Self.inherited(inheritance),
                storedProperties: found.stored,
                members: found.all,
                staticMembers: found.statics,
                staticProperties: found.staticProperties,
                cases: found.cases,
                qualifiedName: qualifiedName,
                generics: generics?.trimmedDescription.onOneLine,
                isAmbiguous: isAmbiguous
            )
            return .visitChildren
        }

        static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
            clause?.inheritedTypes.map { Syntax($0.type).typeName } ?? []
        }
    }

    /// The member names one declaration or extension declares directly.
    private struct Members {
        /// Stored instance properties.
        var stored: Set<String> = []
        /// Every member: properties and methods.
        var all: Set<String> = []
        /// The `static` and `class` ones.
        var statics: Set<String> = []
        /// The static properties among them, with their types.
        var staticProperties: [StaticProperty] = []
        /// An enum's cases.
        var cases: [EnumCase] = []

        init() {}

        /// - Parameter visible: whether the block's members are visible to other modules without a modifier of
        ///   their own (a `public extension`'s).
        init(_ block: MemberBlockSyntax, file: String, visible: Bool = false) {
            func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
                modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
            }
            for member in block.members {
                if let function = member.decl.as(FunctionDeclSyntax.self) {
                    all.insert(function.name.text)
                    if isStatic(function.modifiers) { statics.insert(function.name.text) }
                } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                            continue
                        }
                        all.insert(name)
                        let computed =
                            binding.accessorBlock.map { block in
                                if case .accessors(let accessors) = block.accessors {
                                    return accessors.contains {
                                        ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text)
                                    }
                                }
                                return true  // `var x: Int { … }`: a getter
                            } ?? false
                        if isStatic(variable.modifiers) {
                            statics.insert(name)
                            staticProperties.append(
                                StaticProperty(
                                    name: name,
                                    type: Self.type(of: binding, in: variable),
                                    file: file,
                                    isVisibleToOtherModules: visible || variable.modifiers.isVisibleToOtherModules
                                )
                            )
                        } else if !computed {
                            stored.insert(name)
                        }
                    }
                } else if let enumCase = member.decl.as(EnumCaseDeclSyntax.self) {
                    for element in enumCase.elements {
                        cases.append(EnumCase(name: element.name.text, hasPayload: element.parameterClause != nil))
                    }
                }
            }
        }

        /// The type a property's annotation names (`: String`; the last binding's, for `static let a, b: Int`), or
        /// the type its initializer calls (`= FeedViewModel()`, `= FeedPage.sample(articles: 40)` is not one).
        private static func type(of binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> String? {
            if let annotation = binding.typeAnnotation ?? variable.bindings.last?.typeAnnotation {
                return annotation.type.trimmedDescription.onOneLine
            }
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
            // `= .init(…)`, `= Self(…)`: the type's own.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                member.declName.baseName.text == "init"
            {
                return "Self"
            }
            guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                reference.baseName.text.first?.isUppercase == true
            else { return nil }
            return reference.baseName.text
        }

        mutating func formUnion(_ other: Members) {
            stored.formUnion(other.stored)
            all.formUnion(other.all)
            statics.formUnion(other.statics)
            staticProperties += other.staticProperties
            cases += other.cases
        }
    }
}
