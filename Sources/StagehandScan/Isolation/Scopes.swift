/// The scopes a walk is inside, innermost last: the file, types and extensions, functions and accessors, closures.
/// The innermost one's isolation is the code's; the innermost one with a name is what a finding there cites.
struct Scopes {
    /// One level of the walk.
    struct Scope {
        enum Kind { case file, type, function, closure }

        var kind: Kind
        var isolation: Isolation
        /// How findings inside name it: `FeedViewModel`, `load(from:)`; `nil` for a closure.
        var symbol: String?
        /// The type whose members this scope's code can reach through implicit `self`.
        var typeName: String?
    }

    private var stack: [Scope]

    init(file: Scope) { stack = [file] }

    /// The innermost scope.
    var current: Scope { stack[stack.count - 1] }
    /// The scope around the current one: a function's type or extension, once the walk has entered the function.
    var enclosing: Scope { stack[max(stack.count - 2, 0)] }

    /// The innermost named scope's symbol: `FeedViewModel.load(from:)`, or `top-level code` outside any.
    var symbol: String { named ?? "top-level code" }

    /// `name` inside the innermost named scope: `FeedViewModel.items`.
    func qualified(_ name: String) -> String { named.map { "\($0).\(name)" } ?? name }

    /// The innermost type's or extension's symbol: `Feed` inside `struct Feed { … }`.
    var typeSymbol: String? { stack.last { $0.kind == .type && $0.symbol != nil }?.symbol }

    private var named: String? { stack.last { $0.symbol != nil }?.symbol }

    mutating func enter(_ scope: Scope) { stack.append(scope) }

    mutating func leave() { stack.removeLast() }
}
