import Testing

@testable import StagehandScan

/// What `stagehand scan --scaffold` offers to measure, and the Swift it writes. (That the Swift builds once its
/// placeholders are filled is checked by the CLI tests, which have the workload API built.)
@Suite struct ScaffoldTests {
    static let app = """
        import Foundation
        public struct Note: Sendable { public var text: String }
        public enum Markdown {
            public static func render(_ text: String) -> String {
                var html = ""
                for line in text.split(separator: "\\n") { html += "<p>\\(line)</p>" }
                return html
            }
            public static func title(_ text: String) -> String { text }
            static func wordCount(_ text: String) -> Int { text.split(separator: " ").filter { !$0.isEmpty }.count }
        }
        public struct NoteClient: Sendable {
            public func fetch(id: Int) async throws -> Note { Note(text: "") }
        }
        public actor NoteArchive {
            public func save(_ note: Note) async {}
        }
        @MainActor public final class NoteStore {
            public static let shared = NoteStore()
            public var notes: [Note] = []
            public var selection: Int?
            public func add(_ note: Note) { notes.append(note) }
            public func sortedTitles() -> [String] { notes.map(\\.text).sorted() }
        }
        @MainActor public final class NoteListView {
            public var rows: [String] = []
            public func reload() {}
        }
        @MainActor public final class NoteEditor {
            public var text = ""
            public func textDidChange(_ text: String) {
                self.text = Markdown.render(text)
                _ = Markdown.title(text)
                _ = Markdown.wordCount(text)
                NoteStore.shared.add(Note(text: text))
                _ = NoteStore.shared.sortedTitles()
                NoteListView().reload()
            }
            public func open(id: Int, archive: NoteArchive) async throws {
                let note = try await NoteClient().fetch(id: id)
                await archive.save(note)
                await refresh()
                NoteStore.shared.add(note)
                NoteListView().reload()
            }
            func refresh() async {}
        }
        """

    static let tests = """
        import Testing
        @MainActor struct NoteTests {
            @Test func parses() { _ = Parser.parse("x") }
        }
        enum Parser { static func parse(_ text: String) -> [Substring] { text.split(separator: " ").sorted() } }
        """

    static func candidates() -> [ScaffoldCandidate] {
        scan(["Sources/Notes/Notes.swift": app, "Tests/NotesTests/NoteTests.swift": tests]).candidates
    }

    @Test func eachKindIsFoundWhereTheCodeShowsIt() {
        let found = Dictionary(grouping: Self.candidates(), by: \.kind).mapValues {
            $0.map(\.declaration.symbol).sorted()
        }
        // Work called from main: the loop and the two walks; not `title(_:)`, which does none.
        #expect(found[.compute] == ["Markdown.render(_:)", "Markdown.wordCount(_:)"])
        #expect(found[.ui] == ["NoteStore.sortedTitles()"])
        // Not `refresh()`, which is main-actor itself; the actor's method is awaited from main too.
        #expect(found[.io] == ["NoteArchive.save(_:)", "NoteClient.fetch(id:)"])
        // Used from two declarations; `NoteListView` is a view, whose state stays on main.
        #expect(found[.state] == ["NoteStore.add(_:)"])
    }

    @Test func functionsOfTestsAreNotOffered() {
        #expect(!Self.candidates().contains { $0.declaration.file.hasPrefix("Tests/") })
    }

    @Test func theScaffoldCallsEachCandidateWithPlaceholdersForWhatTheUserSupplies() {
        let source = scan(["Sources/Notes/Notes.swift": Self.app]).scaffold(
            target: "NotesWorkloads",
            path: "Stagehand/NotesWorkloads"
        )
        let main = source.mainSwift
        #expect(source.workloads == 6)
        #expect(main.contains(#".compute("render") { _ = Markdown.render(<#text: String#>) }"#))
        #expect(main.contains(#".ui("sorted-titles") { _ = NoteStore.shared.sortedTitles() }"#))
        #expect(main.contains(#".io("fetch") { _ = try await <#a NoteClient#>.fetch(id: <#id: Int#>) }"#))
        #expect(main.contains(#".io("save") { await <#a NoteArchive#>.save(<#note: Note#>) }"#))
        #expect(
            main.contains(
                #"let noteStoreWorkloadState = Subsystem("note-store") { <#a value holding NoteStore's notes, selection#> }"#
            )
        )
        let stateStep = #".state(noteStoreWorkloadState) { state, _ in <#what NoteStore.add(_:) does to that state#> }"#
        #expect(main.contains(stateStep))
        // `wordCount(_:)` is internal: the scaffold says what to change.
        #expect(main.contains("It is internal: make it `package`"))
        #expect(main.contains("import Module\nimport StagehandCLI\n"))
        #expect(
            source.packageSnippet.contains(
                #"dependencies: ["Module", .product(name: "StagehandCLI", package: "stagehand")]"#
            )
        )
        #expect(main.hasSuffix("])\n"))
        #expect(main.split(separator: "\n").allSatisfy { $0.count <= 120 || $0.contains("<#") })
    }

    /// Each shape of call a step's body can need, written as the compiler accepts it once the placeholders are filled
    /// (which the CLI tests compile).
    @Test func eachShapeOfCallIsWrittenSoThatItCompiles() {
        let shapes = """
            import Foundation
            @MainActor public final class Highlighter {
                public static let shared = Highlighter()
                nonisolated public func highlight(_ text: String) -> [String] { text.split(separator: " ").map(String.init).sorted() }
            }
            public struct Tokenizer {
                public var shared = false
                public func tokenize(_ text: String) -> [Substring] { text.split(separator: " ").sorted() }
            }
            public enum Codec {
                public static func decode<T: Decodable>(_ data: Data) throws -> T { try JSONDecoder().decode(T.self, from: data) }
                public static func sortInPlace(_ items: inout [String]) { items.sort() }
                public static func decodePage<T: Decodable>(_ data: Data) throws -> (
                    T, next: URL?
                ) { (try JSONDecoder().decode(T.self, from: data), nil) }
                public static func total(
                    _ table: [String:
                        Int]
                ) -> Int { table.values.sorted().first ?? 0 }
            }
            @MainActor final class Editor {
                func edit(_ text: String) throws {
                    _ = Highlighter.shared.highlight(text)
                    _ = Tokenizer().tokenize(text)
                    let value: Int = try Codec.decode(Data())
                    let _: (Int, next: URL?) = try Codec.decodePage(Data())
                    var items = [text]
                    Codec.sortInPlace(&items)
                    _ = Codec.total([text: value])
                }
            }
            """
        let main = scan(["Sources/Notes/Shapes.swift": shapes]).scaffold(target: "W", path: "W").mainSwift
        // A main-actor class's instance is made on main, before the workload, and captured.
        #expect(main.contains("let highlighterHighlightWorkloadInstance = Highlighter.shared\n"))
        #expect(
            main.contains(
                #".compute("highlight") { _ = highlighterHighlightWorkloadInstance.highlight(<#text: String#>) }"#
            )
        )
        // `shared` is the instance's own property here, not the type's.
        #expect(main.contains(#".compute("tokenize") { _ = <#a Tokenizer#>.tokenize(<#text: String#>) }"#))
        #expect(main.contains(#"{ _ = try Codec.decode(<#data: Data#>) as <#T: Decodable#> }"#))
        #expect(main.contains(#"as <#(T, next: URL?) where T: Decodable#> }"#))
        #expect(
            main.contains(
                """
                        .compute("sort-in-place") {
                            var items = <#items: [String]#>
                            Codec.sortInPlace(&items)
                        }
                """
            )
        )
        #expect(main.contains(#"{ _ = Codec.total(<#table: [String: Int]#>) }"#))
    }

    @Test func aSubsystemIsNotToldToMakeItsClassPackage() {
        let app = """
            @MainActor final class Store {
                var items: [Int] = []
                func add(_ item: Int) { items.append(item) }
            }
            @MainActor final class A { func a(_ store: Store) { store.add(1) } }
            @MainActor final class B { func b(_ store: Store) { store.add(2) } }
            """
        let main = scan(["Sources/App/Store.swift": app]).scaffold(target: "W", path: "W").mainSwift
        #expect(main.contains(".state(storeWorkloadState)"))
        #expect(!main.contains("It is internal"))
    }

    @Test func namesAreKebabCase() {
        #expect("NotePreview-render".kebabCased == "note-preview-render")
        #expect("URLLoader-loadAll".kebabCased == "url-loader-load-all")
        #expect("RGBAImage".kebabCased == "rgba-image")
    }

    /// Work behind a thin wrapper (Ink's `MarkdownParser.html(from:)` calls `parse(_:)`, which loops) makes the
    /// wrapper main-actor code calls the candidate, two calls deep at most; work that main-actor code also calls
    /// directly is a candidate of its own, and makes no candidate of its callers.
    @Test func workBehindAWrapperMakesTheWrapperACandidate() {
        let source = """
            public struct Parser {
                public init() {}
                public func html(from markdown: String) -> String { render(parse(markdown)) }
                public func summary(of markdown: String) -> String { outline(markdown) }
                public func title(of markdown: String) -> String { tokens(markdown).first ?? "" }
                func render(_ lines: [Substring]) -> String { lines.joined() }
                func parse(_ markdown: String) -> [Substring] {
                    var lines: [Substring] = []
                    for line in markdown.split(separator: "\\n") { lines.append(line) }
                    return lines
                }
                func outline(_ markdown: String) -> String { String(headings(markdown)) }
                func headings(_ markdown: String) -> Int { deep(markdown) }
                func deep(_ markdown: String) -> Int { markdown.split(separator: "#").sorted().count }
                public func tokens(_ markdown: String) -> [Substring] { markdown.split(separator: " ").sorted() }
            }
            @MainActor final class Preview {
                func show(_ text: String) {
                    _ = Parser().html(from: text)
                    _ = Parser().summary(of: text)
                    _ = Parser().title(of: text)
                    _ = Parser().tokens(text)
                }
            }
            """
        let candidates = scan(["Sources/Notes/Parser.swift": source]).candidates
        let html = candidates.first { $0.declaration.symbol == "Parser.html(from:)" }
        #expect(html?.why.contains("calls `Parser.parse(_:)`, which loops") == true)
        // `summary` reaches `deep` three calls down: too far to say.
        #expect(!candidates.contains { $0.declaration.symbol == "Parser.summary(of:)" })
        // `tokens` is called from main itself: its own candidate, and not a reason for `title`.
        #expect(candidates.contains { $0.declaration.symbol == "Parser.tokens(_:)" })
        #expect(!candidates.contains { $0.declaration.symbol == "Parser.title(of:)" })
    }

    @Test func workSignalsNeedWeight() {
        #expect(WorkSignal.isWork([.loops]))
        #expect(WorkSignal.named("makeThumbnail")?.meaning == "is named for work (`thumbnail`)")
        #expect(WorkSignal.named("show") == nil)
    }
}
