import SwiftSyntax

/// Every function and initializer the scanned tree declares, and every call in it, so that a call can be resolved to
/// the declaration it calls (by base name, labels and the type it names, as far as syntax tells) and a declaration's
/// callers found. Ambiguity is left unresolved: two `show(_:)`s on types the call does not name resolve to neither.
struct FunctionIndex: Sendable {
    struct Parameter: Sendable, Equatable {
        /// The argument label, `_` for none.
        var label: String
        var hasDefault: Bool
        /// The name the body uses and the type as written on one line, without `inout`, for a scaffold's
        /// placeholder: `markdown`, `String`.
        var name: String = ""
        var type: String = ""
        /// `inout`: a call passes a variable, `&items`.
        var isInout = false
        /// Variadic (`Int...`): a call passes any number of arguments to it.
        var isVariadic = false
    }

    /// One function or initializer.
    struct Entry: Sendable {
        var declaration: Declaration
        /// `decode`, or `init`.
        var name: String
        /// The type (or extended type) that declares it; `nil` for a global function.
        var type: String?
        var parameters: [Parameter]
        /// What a scaffold needs to write a call to it, and why it might be worth measuring.
        var traits = Traits()
        /// The module that declares it: what a workload executable imports to call it.
        var module: Project.Module?
    }

    /// How a function is called and what its body does, read from its declaration.
    struct Traits: Sendable, Equatable {
        var isStatic = false
        var isThrowing = false
        var returnsValue = false
        /// `public`, `open` or `package`: callable from another module of its package.
        var isVisibleToOtherModules = false
        /// `mutating`: a call needs a variable to call it on.
        var isMutating = false
        /// Its type has a static `shared`: the instance a call of a method can use (`FeedViewModel.shared`). False
        /// when two types of the module share its name, as the index cannot tell which has it.
        var typeHasShared = false
        /// Its type is main-actor: a nonisolated body cannot make an instance or reach `shared`.
        var typeIsMainActor = false
        /// Its type's generic parameters (`<T: Comparable>`), which a static call or an initializer must fix.
        var typeGenerics: String?
        /// The result's type when it names a generic parameter no argument fixes, as a placeholder reads it:
        /// `T: Decodable` of `func decode<T: Decodable>(_ data: Data) -> T`. A call must name it (`as Feed`).
        var unfixedResult: String?
        /// The CPU work its body shows: "sorts", "loops" (``WorkSignal``).
        var work: [WorkSignal] = []
        /// The type its return clause names, on one line (`FeedPage`, `Self`); `nil` for an initializer or none.
        var resultType: String?
        /// `init?` or `init!`: a call makes an optional.
        var isFailable = false
        /// The sign that its body talks to a server (``ServerCall``): `` `data(for:)` ``.
        var server: String?
    }

    /// One call, where it is and the isolation of the code making it.
    struct Site: Sendable {
        var shape: CallShape
        var file: String
        var line: Int
        var isolation: Isolation
        /// The enclosing declaration: `FeedViewModel.refresh()`.
        var symbol: String
        /// Where the call starts in its file's tree, to read it again for the few sites a report names.
        var position: AbsolutePosition
        /// Each argument, as written when it is a literal that says something of a value (``ExprSyntax/telltaleLiteral``),
        /// else `nil` (trailing closures left out): where a scaffold finds the values the app passes
        /// (`FeedPage.sample(articles: 40)` passes `40`).
        var literals: [String?] = []
    }

    private(set) var entries: [Entry] = []
    private(set) var sites: [Site] = []
    private var byName: [String: [Int]] = [:]

    mutating func add(_ entry: Entry) {
        byName[entry.name, default: []].append(entries.count)
        entries.append(entry)
    }

    mutating func add(_ site: Site) { sites.append(site) }

    /// Adds `other`'s functions, as declared in `module`, and its calls.
    mutating func merge(_ other: FunctionIndex, module: Project.Module? = nil) {
        for var entry in other.entries {
            entry.module = module
            add(entry)
        }
        sites += other.sites
    }

    /// The one declaration `shape` calls, or `nil` when there is none in the tree or several fit.
    func resolve(_ shape: CallShape) -> Entry? {
        let fitting = (byName[shape.name] ?? []).map { entries[$0] }.filter { shape.fits($0.parameters) }
        let candidates: [Entry]
        switch shape.type {
        case .exact(let type):
            candidates = fitting.filter { $0.type == type }
        case .likely(let type):
            let onType = fitting.filter { $0.type == type }
            candidates = onType.isEmpty ? fitting : onType
        case nil:
            candidates = fitting
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Every call that resolves to one declaration, by the callee's symbol, in the order the scan found them, leaving
    /// out those in `excludedFiles`: each site resolved once, for every reader (the candidates, their cadence).
    func calls(excluding excludedFiles: Set<String>) -> [String: [Site]] {
        var calls: [String: [Site]] = [:]
        for site in sites where !excludedFiles.contains(site.file) {
            if let entry = resolve(site.shape) { calls[entry.declaration.symbol, default: []].append(site) }
        }
        return calls
    }

    /// The calls that resolve to `entry`, in file and line order, leaving out those in `excludedFiles`.
    func callers(of entry: Entry, excluding excludedFiles: Set<String>) -> [Site] {
        sites.filter { site in
            site.shape.name == entry.name && !excludedFiles.contains(site.file)
                && resolve(site.shape)?.declaration == entry.declaration
        }
        .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}
