/// A value a scaffold passes for an argument or calls a method on, found in the scanned code, and where it came from:
/// the app's own values first (a sample it wrote, a literal it passes, its singleton), a value made from the type's
/// declaration next, and a stated size last. A scaffold says each one's source beside the workload, so nobody
/// mistakes a guessed value for the app's.
struct ResolvedValue: Sendable, Equatable {
    /// Where the value came from, best first: the order ``ValueResolver`` tries them in.
    enum Source: Sendable, Equatable {
        /// A literal the app passes in this position: `"40"` in `FeedPage.sample(articles: 40)` at the place named,
        /// in its tests' code when `inTest`.
        case literal(caller: String, place: String, inTest: Bool)
        /// What a caller passes or calls the function on, made as the caller makes it (``CallerExpression``):
        /// `SyntaxHighlighter(format: HTMLOutputFormat())`, bound at `place`, in its tests' code when `inTest`.
        case made(caller: String, place: String, inTest: Bool)
        /// A static member of the app's named like a sample (`sample`, `preview`, `placeholder`, …), at `file`.
        case sample(file: String)
        /// The type's singleton: `shared`, `default`, `standard`.
        case singleton
        /// The type's initializer that takes no argument.
        case initializer
        /// An enum's first case without a payload.
        case enumCase
        /// Made from the type's declaration and values found for its parts: *synthesized*.
        case synthesized
        /// A size the app says nowhere: the scale (``ValueResolver/scale``), *guessed* unless the user stated it.
        case scale(ValueResolver.Scale)
        /// The app's sample of the type a decoder makes, encoded by the type's own method `by` (`nil`: by a
        /// `JSONEncoder` with its defaults, *synthesized*): what the decoder reads.
        case encoded(file: String, by: String?)
    }

    /// The Swift expression: `NotePreview.sample`, `FeedPage.sample(articles: 40)`.
    var expression: String
    var source: Source
    /// Whether the value came from the app's own code, all of its parts too: a literal it passes, its sample, its
    /// singleton, its initializer with no arguments, its enum's case. A value composed from initializers
    /// (*synthesized*) or sized at the stated scale (*guessed*) is not.
    var isAppAuthored: Bool
    /// Where the values it is made from came from: "`articles` 40: what `FeedView.load()` passes (…:12)".
    var parts: [String] = []
    /// Whether its type is `Sendable`, so that a step's `@Sendable` body can capture it made before the runs.
    var isSendable = true
    /// Whether its type is main-actor: a `compute` step's nonisolated body cannot make or reach one, so it is made
    /// before the runs, on main, and captured, whatever it takes to make.
    var isMainActor = false

    /// Whether it is worth making once, before the runs, rather than at every arrival: a call (a sample's factory,
    /// an initializer, an encoding) or a literal of many lines, not a literal on one line or a static property.
    var isMade: Bool {
        if case .literal = source { return false }
        return expression.contains("(") || expression.contains("\n")
    }

    /// The expression as a note shows it, on one line: one of many lines by its start, its first line of text
    /// and its count of lines (`""" # Title … (11 lines)`).
    var shown: String {
        let lines = expression.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard lines.count > 1 else { return expression }
        let text = lines.dropFirst().first { !$0.isEmpty }.map { " " + $0.prefix(40) } ?? ""
        return "\(lines[0])\(text) … (\(lines.count) lines)"
    }

    /// What a scaffold writes beside the workload: "the app's own sample (Sources/App/NotePreview.swift)", and the
    /// sources of its parts.
    var provenance: String {
        ([ownSource] + parts).joined(separator: "; ")
    }

    private var ownSource: String {
        switch source {
        case .literal(let caller, let place, let inTest):
            "what \(inTest ? "the test " : "")`\(caller)` passes (\(place))"
        case .made(let caller, let place, let inTest):
            "made as \(inTest ? "the test " : "")`\(caller)` makes it (\(place))"
        case .sample(let file): "the app's own sample (\(file))"
        case .singleton: "the type's singleton"
        case .initializer: "the type's initializer with no arguments"
        case .enumCase: "the enum's first case"
        case .synthesized: "*synthesized* from the type's initializer"
        case .scale(let scale) where scale.isStated:
            "the size you stated (`--scale \(scale.size)`), as the app says none here"
        case .scale: "*guessed*: the default scale, as the app says no size here; set it to your app's (`--scale`)"
        case .encoded(let file, let by?): "the app's own sample (\(file)), encoded by its own \(by)"
        case .encoded(let file, nil):
            "the app's own sample (\(file)), *synthesized* as JSON by a `JSONEncoder` with its defaults: check that "
                + "the decoder reads that"
        }
    }
}

extension ResolvedValue {
    /// The file (and line) of the sample it is, when it is one.
    var sampleFile: String? {
        if case .sample(let file) = source { return file }
        return nil
    }
}
