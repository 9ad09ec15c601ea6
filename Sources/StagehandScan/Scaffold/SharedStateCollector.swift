import SwiftSyntax

/// Collects, as the walk enters each class, the main-actor classes with stored mutable state a file declares: the
/// scaffold's subsystems.
struct SharedStateCollector {
    private let file: String
    private let converter: SourceLocationConverter
    private(set) var states: [SharedState] = []

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
    }

    /// A class the walk has just entered (its scope is the current one).
    mutating func visit(_ node: ClassDeclSyntax, in scopes: Scopes) {
        let state = SharedState(
            node,
            symbol: scopes.current.symbol ?? node.name.text,
            file: file,
            line: node.start(in: converter).line,
            isolation: scopes.current.isolation
        )
        if let state { states.append(state) }
    }
}
