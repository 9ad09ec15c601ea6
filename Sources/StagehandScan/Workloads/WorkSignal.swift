import SwiftSyntax

/// A sign, in a function's body, that it does CPU work worth measuring: it loops, sorts, decodes, parses text, or
/// reads a file synchronously. The list is data: to add an API, add a line to ``all``.
///
/// Signs are syntax, not cost: a sort of three items is cheap. They choose what a scaffold offers to measure, and the
/// measurement says whether it matters.
struct WorkSignal: Sendable, Hashable, Comparable {
    /// What the body does, as a scaffold's comment says it: "sorts".
    let meaning: String
    /// How much it suggests real work: a `for` loop or a decode counts 2, one walk of a collection (`map`) 1. A
    /// function is a candidate from 2.
    let weight: Int
    /// The method or initializer names that show it; empty for the signs the walk finds by syntax (loops, blocking
    /// calls).
    let names: Set<String>
    /// Whether the sign is the function's name rather than its body (``named(_:)``).
    var isFromName = false

    /// The strongest first, what the body does before what the name says.
    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.isFromName ? 1 : 0, rhs.weight, lhs.meaning) < (rhs.isFromName ? 1 : 0, lhs.weight, rhs.meaning)
    }

    static let loops = WorkSignal(meaning: "loops", weight: 2, names: [])
    static let readsSynchronously = WorkSignal(meaning: "reads or waits synchronously", weight: 2, names: [])

    /// The signs found by the name of a call.
    static let all: [WorkSignal] = [
        .init(meaning: "sorts", weight: 2, names: ["sorted", "sort"]),
        .init(meaning: "decodes", weight: 2, names: ["decode", "jsonObject", "propertyList"]),
        .init(meaning: "encodes", weight: 2, names: ["encode", "data(withJSONObject:)"]),
        .init(
            meaning: "parses text",
            weight: 2,
            names: [
                "components", "split", "replacingOccurrences", "firstMatch", "wholeMatch", "matches", "replacing",
                "NSRegularExpression", "Regex", "Scanner", "XMLParser", "trimmingCharacters",
            ]
        ),
        .init(meaning: "hashes or compresses", weight: 2, names: ["hash", "digest", "compressed", "decompressed"]),
        .init(
            meaning: "walks collections",
            weight: 1,
            names: ["map", "compactMap", "flatMap", "filter", "reduce", "forEach", "first", "contains", "joined"]
        ),
    ]

    /// Words in a function's name that say it does CPU work (`render(_:)`, `sortedItems()`, `makeThumbnail(of:)`):
    /// the sign of a function whose work is in a call to a dependency (a Markdown renderer), which its body cannot show.
    static let workWords: Set<String> = [
        "render", "parse", "decode", "encode", "sort", "sorted", "search", "index", "filter", "filtered", "resize",
        "scale", "compress", "decompress", "hash", "convert", "transform", "thumbnail", "blur", "highlight",
        "tokenize", "diff", "merge", "compute", "calculate", "serialize", "deserialize", "layout", "rasterize",
    ]

    /// The sign in a function's name, when one of its words is in ``workWords``.
    static func named(_ name: String) -> WorkSignal? {
        let words = name.kebabCased.split(separator: "-")
        guard let word = words.first(where: { workWords.contains(String($0)) }) else { return nil }
        return WorkSignal(meaning: "is named for work (`\(word)`)", weight: 2, names: [], isFromName: true)
    }

    /// Every sign in `body`, once each, the strongest first. A walk of collections twice counts twice toward the
    /// threshold (``score(of:)``) but is listed once.
    static func signals(in body: CodeBlockSyntax) -> [WorkSignal] {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Whether `signals` add up to a candidate: 2 or more.
    static func isWork(_ signals: [WorkSignal]) -> Bool { signals.reduce(0) { $0 + $1.weight } >= 2 }

    /// The signs as a phrase: "loops, sorts and walks collections".
    static func phrase(_ signals: [WorkSignal]) -> String {
        let meanings = signals.sorted().map(\.meaning)
        guard let last = meanings.last else { return "" }
        return meanings.count == 1 ? last : meanings.dropLast().joined(separator: ", ") + " and " + last
    }

    private final class Finder: SyntaxVisitor {
        private(set) var found: [WorkSignal] = []
        private var walks = 0

        private func add(_ signal: WorkSignal) {
            if signal.weight == 1 {
                walks += 1  // listed once, counted each time: two walks are a candidate
                if walks == 2 { found.append(WorkSignal(meaning: signal.meaning, weight: 2, names: signal.names)) }
                return
            }
            if !found.contains(where: { $0.meaning == signal.meaning }) { found.append(signal) }
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            add(.loops)
            return .visitChildren
        }

        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
            add(.loops)
            return .visitChildren
        }

        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
            add(.loops)
            return .visitChildren
        }

        /// A closure's body runs when something calls it, perhaps never here (a `Task { … }`'s, a handler's), except
        /// the closure of a walk or a sort, which runs in place.
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            let call =
                node.parent?.as(FunctionCallExprSyntax.self)
                ?? node.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            return call.flatMap(Self.name).flatMap(Self.signal) == nil ? .skipChildren : .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if BlockingCall.matching(node) != nil {
                add(.readsSynchronously)
            } else if let name = Self.name(of: node), let signal = Self.signal(named: name) {
                add(signal)
            }
            return .visitChildren
        }

        /// `sorted` of `items.sorted(by:)`, `NSRegularExpression` of `NSRegularExpression(pattern:)`.
        private static func name(of call: FunctionCallExprSyntax) -> String? {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if name == "data", call.arguments.first?.label?.text == "withJSONObject" {
                    return "data(withJSONObject:)"
                }
                return name
            }
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }

        private static func signal(named name: String) -> WorkSignal? {
            WorkSignal.all.first { $0.names.contains(name) }
        }
    }
}
