import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import StagehandScan

/// What a caller passes or calls a candidate on, lifted as the caller makes it: through the constants it binds
/// before the call, in the app's code first and its tests' last, and only where everything it names is the app's to
/// reach and nothing in it reads the world.
@Suite struct CallerExpressionTests {
    static let library = """
        public protocol Format { associatedtype Output; func render(_ tokens: [Substring]) -> Output }
        public struct HTMLFormat: Format {
            public static let compact = HTMLFormat(prefix: "c-")
            public init(prefix: String = "") {}
            public func render(_ tokens: [Substring]) -> String { tokens.joined(separator: " ") }
        }
        public struct Highlighter<F: Format> {
            public init(format: F, tabWidth: Int = 4) {}
            public func highlight(_ code: String) -> F.Output {
                var tokens: [Substring] = []
                for token in code.split(separator: " ") { tokens.append(token) }
                return HTMLFormat().render(tokens) as! F.Output
            }
        }
        public struct Decorator {
            public init(theme: String) {}
            public func decorate(_ markdown: String) -> String {
                var out = ""
                for line in markdown.split(separator: "\\n") { out += line }
                return out
            }
        }
        public struct Counter {
            public init() {}
            public func sortedCounts(_ values: [Int]) -> [Int] { values.sorted() }
        }
        public struct Archive {
            public init(name: String) {}
            public func sortedEntries(_ limit: Int) -> [Int] { (0..<limit).sorted() }
            public func sortedNames(_ names: [String]) -> [String] { names.sorted() }
        }
        public final class Store: Sendable {
            public static let shared = Store()
            public let names = ["b", "a"]
        }
        public enum Editor {
            public struct Compressor {
                public init() {}
                public func compressed(_ level: Int) -> [Int] { (0..<level).sorted() }
            }
        }
        """

    /// The command-line tool's top-level code (main-actor): its highlighter is made plainly, its code read from
    /// the command line; its counter's values come from a variable; its decorator's theme from a closure's parameter;
    /// a main-actor function passes on its parameters.
    static let tool = """
        import Library
        let format: HTMLFormat = .compact
        let highlighter = Highlighter(format: format)
        let code = CommandLine.arguments[1]
        print(highlighter.highlight(code))
        var values = [3, 1, 2]
        print(Counter().sortedCounts(values))
        let themes = ["dark"].map { theme in Decorator(theme: theme) }
        @MainActor func show(_ text: String, with decorator: Decorator, archive: Archive, limit: Int) {
            _ = decorator.decorate(text)
            _ = archive.sortedEntries(limit)
            _ = archive.sortedNames(Store.shared.names)
        }
        extension Editor {
            @MainActor static func upload() {
                let compressor = Compressor()
                _ = compressor.compressed(3)
            }
        }
        """

    static let tests = """
        import Library
        struct MockFormat: Format { func render(_ tokens: [Substring]) -> String { "" } }
        func testShortCode() {
            let highlighter = Highlighter(format: MockFormat())
            _ = highlighter.highlight("a b")
        }
        func testDecoratesABlock() {
            let decorator = Decorator(theme: "light")
            let markdown = \"\"\"
                # Title

                Text with `code`.
                \"\"\"
            _ = decorator.decorate(markdown)
        }
        func testDecoratesALine() {
            let decorator = Decorator(theme: "light")
            _ = decorator.decorate("# One line")
        }
        func testEntries() {
            let archive = Archive(name: "fixture")
            let limit = 5
            for limit in [1, 2] { _ = archive.sortedEntries(limit) }
        }
        """

    static var main: String {
        scan([
            "Sources/Library/Library.swift": library, "Sources/Tool/main.swift": tool,
            "Tests/LibraryTests/LibraryTests.swift": tests,
        ])
        .scaffold(target: "Workloads", path: "Stagehand/Workloads").mainSwift
        .replacingOccurrences(of: "\n///   ", with: " ")
    }

    /// The tool's highlighter, through its two constants (one typed, its value an implicit member): a generic
    /// type's instance, which fixes its type's argument, so its method's `String` takes a value too.
    @Test func aCallersConstantsAreLiftedWhole() {
        let main = Self.main
        #expect(main.contains("Highlighter(format: HTMLFormat.compact).highlight("))
        #expect(
            main.contains(
                "- `a Highlighter`: `Highlighter(format: HTMLFormat.compact)`, made as `top-level code` makes it "
                    + "(Sources/Tool/main.swift:3)"
            )
        )
    }

    /// What reads the world is not lifted: the command line (a subscript), a `var`, a closure's parameter, a
    /// singleton's state; nor is what names a test target's type (`MockFormat`). A test's literal stands in where
    /// the app shows none.
    @Test func whatReadsTheWorldOrATestsTypeIsNotLifted() {
        let main = Self.main
        #expect(!main.contains("CommandLine") && !main.contains("MockFormat"))
        #expect(main.contains("sortedNames(<#names: [String]#>)") && !main.contains("Store.shared.names"))
        #expect(main.contains(#".highlight("a b")"#), "the test's literal, the only one")
        #expect(main.contains("Counter().sortedCounts(<#values: [Int]#>)"))
    }

    /// A test's constant of many lines is lifted lines and all, made once before the runs and shown by its first
    /// line; of what the tests pass, the longest is taken, and the note says so.
    @Test func aTestsLongestValueIsLiftedLinesAndAll() {
        let main = Self.main
        #expect(main.contains(#"Decorator(theme: "light")"#))
        #expect(main.contains("let decoratorDecorateWorkloadMarkdown = \"\"\"\n        # Title\n\n"))
        #expect(
            main.contains("`markdown`: `\"\"\" # Title … (5 lines)`, made as the test `testDecoratesABlock()` makes it")
        )
        #expect(main.contains("the longest of the 2 values the tests pass"))
    }

    /// A nested type that code inside its outer type names by its own name is written in full.
    @Test func aNestedTypeIsNamedInFull() {
        let main = Self.main
        #expect(main.contains("Editor.Compressor().compressed(3)"))
        #expect(main.contains("`Editor.Compressor()`, made as `Editor.upload()` makes it"))
    }

    /// A loop's name is no one value, though a constant of that name comes before the loop: `limit` stays a
    /// placeholder, while the archive, bound before the loop, is lifted.
    @Test func aLoopsNameIsNotAConstant() {
        let main = Self.main
        #expect(main.contains(#"Archive(name: "fixture").sortedEntries(<#limit: Int#>)"#))
        #expect(main.contains("made as the test `testEntries()` makes it"))
    }

    // MARK: - The lift's rules, one call at a time

    /// What the last call named `name` in `source` passes first (or is called on), as lifted; `nil` when nothing is.
    static func lifted(_ source: String, call name: String, receiver: Bool = false) -> CallerExpression? {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "f.swift", tree: tree)
        let call = tree.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
            guard token.text == name,
                let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
                    ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return nil }
            return call
        }
        .last
        guard let call else { return nil }
        let lines = { (position: AbsolutePosition) in converter.location(for: position).line }
        return receiver
            ? CallerExpression.receiver(of: call, lines: lines, qualify: { $0 })
            : CallerExpression.argument(0, of: call, lines: lines, qualify: { $0 })
    }

    /// A name a closure, a pattern of a condition, an `if let`, a loop or a `var` binds is no constant, whatever
    /// came before; a condition that binds nothing hides nothing.
    @Test func whatBindsANameHidesTheConstantBefore() {
        #expect(Self.lifted(#"let text = "a"; _ = ["b"].map { text in render(text) }"#, call: "render") == nil)
        let guardCase = """
            func f(state: State) {
                let text = "outer"
                guard case .loaded(let text) = state else { return }
                render(text)
            }
            """
        #expect(Self.lifted(guardCase, call: "render") == nil)
        #expect(Self.lifted(#"let text = "a"; if let text = other { render(text) }"#, call: "render") == nil)
        #expect(Self.lifted(#"let limit = 5; for limit in [1] { render(limit) }"#, call: "render") == nil)
        #expect(Self.lifted("var count = 3; render(count)", call: "render") == nil)
        let unbound = Self.lifted(##"let text = "# T"; if !text.isEmpty { render(text) }"##, call: "render")
        #expect(unbound?.text == ##""# T""##)
        #expect(unbound?.boundAt == 1)
    }

    /// A constant inside an operation keeps its value's precedence; a constant's annotation stays its type.
    @Test func aConstantKeepsItsPrecedenceAndItsType() {
        #expect(Self.lifted("let n = 2 + 3; render(n * 4)", call: "render")?.text == "(2 + 3) * 4")
        #expect(
            Self.lifted("let bytes: [UInt8] = Array(repeating: 0, count: 64); render(bytes)", call: "render")?.text
                == "(Array(repeating: 0, count: 64) as [UInt8])"
        )
        #expect(Self.lifted("let f: Format = .compact; render(f)", call: "render")?.text == "Format.compact")
    }

    /// A type's static property's member is the app's state, written so or through a constant; the property itself
    /// is a value (a singleton). An implicit member says that only its place types it.
    @Test func stateIsNotLiftedAndAnImplicitMemberNeedsItsPlace() {
        #expect(Self.lifted("render(AppSettings.shared.theme)", call: "render") == nil)
        #expect(Self.lifted("let s = AppSettings.shared; render(s.theme)", call: "render") == nil)
        #expect(Self.lifted("let s = AppSettings.shared; render(s)", call: "render")?.text == "AppSettings.shared")
        #expect(Self.lifted("render(.standard(width: 80))", call: "render")?.needsContext == true)
        #expect(Self.lifted("render(Style(mode: .fast))", call: "render")?.needsContext == false)
        #expect(Self.lifted("Store.shared.load()", call: "load", receiver: true) == nil)
        let made = Self.lifted("Parser(limits: Limits(depth: 3)).parse(text)", call: "parse", receiver: true)
        #expect(made?.text == "Parser(limits: Limits(depth: 3))")
        #expect(made?.calls.map(\.name) == ["init", "init"])
        // `Outer.Inner()` calls the nested type's initializer.
        #expect(Self.lifted("render(Outer.Inner())", call: "render")?.calls.first?.type == .exact("Inner"))
    }
}
