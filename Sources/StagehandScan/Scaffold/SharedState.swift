import SwiftSyntax

/// A main-actor class that keeps mutable state (stored `var`s): what a scaffold offers as a `Subsystem` when the app
/// uses the class from several places, so the `actor-extracted` stage can show what moving that state into an actor
/// of its own would cost or buy (the guide's Step 4).
///
/// UI objects (views, view controllers, cells, windows, delegates) are left out: their state is the UI's and stays on
/// main (the guide's Step 3).
struct SharedState: Sendable {
    /// As written: `FeedStore`.
    var name: String
    /// Qualified by the types around it: `Feed.Store`.
    var symbol: String
    var file: String
    var line: Int
    var isolation: Isolation
    /// The stored `var`s, in declaration order.
    var properties: [String]
    var module: Project.Module?

    /// The names and superclasses that mark a class as part of the UI.
    private static let uiSuffixes = [
        "View", "ViewController", "Controller", "Cell", "Window", "Delegate", "Coordinator", "Scene", "Layer",
    ]
    private static let uiPrefixes = ["UI", "NS", "WK", "SK", "CA"]

    /// The state `node` keeps, when it is a class the scaffold should offer: main-actor, not a UI object, with stored
    /// `var`s. `nil` otherwise.
    init?(_ node: ClassDeclSyntax, symbol: String, file: String, line: Int, isolation: Isolation) {
        let name = node.name.text
        let inherited = node.inheritanceClause?.inheritedTypes.map { Syntax($0.type).typeName } ?? []
        guard isolation.isMainActor,
            !Self.uiSuffixes.contains(where: name.hasSuffix),
            !inherited.contains(where: { type in
                Self.uiPrefixes.contains { type.hasPrefix($0) && type.dropFirst(2).first?.isUppercase == true }
                    || Self.uiSuffixes.contains(where: type.hasSuffix)
            })
        else { return nil }
        var properties: [String] = []
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "var",
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                    properties.append(identifier.identifier.text)
                }
            }
        }
        guard !properties.isEmpty else { return nil }
        self.name = name
        self.symbol = symbol
        self.file = file
        self.line = line
        self.isolation = isolation
        self.properties = properties
    }
}
