import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// `scan`: `stagehand` runs the scanner built beside it, and passes its output and exit status on.
    @Suite struct ScanCommandTests {
        @Test func scanFindsWritesJSONAndExitsByStrictness() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = "@MainActor final class Model {\n    func load() { sleep(1) }\n}\n"
            try FileManager.default.createDirectory(
                at: directory.appending(path: "Sources/App"),
                withIntermediateDirectories: true
            )
            try Data(source.utf8).write(to: directory.appending(path: "Sources/App/Model.swift"))

            let text = try await StagehandProcess.run("scan", directory.path)
            #expect(text.status == 0)
            #expect(text.stdout.contains("blocking-call-on-main (1)"))
            #expect(text.stdout.contains("Sources/App/Model.swift:2:19"))

            let strict = try await StagehandProcess.run("scan", directory.path, "--json", "--strict")
            #expect(strict.status == 1)
            let json = try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any]
            let findings = try #require(json?["findings"] as? [[String: Any]])
            #expect(findings.map { $0["rule"] as? String } == ["blocking-call-on-main"])
            #expect(findings.first?["isolation"] as? String == "main-actor")
        }

        @Test func aBadPathExits64() async throws {
            let run = try await StagehandProcess.run("scan", "/nonexistent/stagehand-scan-fixture")
            #expect(run.status == 64)
            #expect(run.stderr.contains("no such directory"))
        }

        @Test func aScaffoldDirectoryThatCannotHoldTheTargetExits64AndWritesNothing() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sources = directory.appending(path: "Sources/Notes")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(Self.notes.utf8).write(to: sources.appending(path: "Notes.swift"))
            let file = directory.appending(path: "README.md")
            try Data("notes".utf8).write(to: file)
            let outside = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: outside) }

            // A file, or a directory below one; a directory outside the package, which its Package.swift cannot
            // name; one holding sources; one inside a target's sources, which main.swift would join; build products.
            let refusals = [
                (file.path, "is a file"), (file.appending(path: "W").path, "is a file"),
                (outside.path, "is not inside the scanned package"),
                (sources.path, "holds Swift sources (Notes.swift)"),
                (sources.appending(path: "W").path, "which holds a target's Swift sources (Notes.swift)"),
                (directory.appending(path: ".build/W").path, "is inside .build"),
            ]
            for (scaffold, message) in refusals {
                let run = try await StagehandProcess.run("scan", directory.path, "--scaffold", scaffold)
                #expect(run.status == 64, "\(scaffold)")
                #expect(run.stderr.contains(message), "\(run.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: outside.appending(path: "main.swift").path))
            #expect(!FileManager.default.fileExists(atPath: sources.appending(path: "main.swift").path))
            #expect(!FileManager.default.fileExists(atPath: sources.appending(path: "W").path))
        }

        /// The target's `path:` is relative to the package that holds DIR, whatever part of it was scanned.
        @Test func theScaffoldsPathIsRelativeToThePackage() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sources = directory.appending(path: "Sources/Notes")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(Self.notes.utf8).write(to: sources.appending(path: "Notes.swift"))
            try Data("// swift-tools-version: 6.2\n".utf8).write(to: directory.appending(path: "Package.swift"))
            let scaffold = directory.appending(path: "Sources/NotesWorkloads")
            let run = try await StagehandProcess.run(
                "scan",
                directory.appending(path: "Sources").path,
                "--scaffold",
                scaffold.path
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(#"path: "Sources/NotesWorkloads""#), "\(run.stdout)")
        }

        /// The app a scaffold is written for: one candidate of each kind, and each shape of call a step can need
        /// (an instance made on main, an instance in the body, a generic result, an `inout` argument, a type written
        /// over two lines), all public so the scaffold can call them.
        static let notes = """
            import Foundation
            public struct Note: Sendable, Codable {
                public var text: String
                public init(text: String) { self.text = text }
            }
            public enum Markdown {
                public static func render(_ text: String) throws -> String {
                    var html = ""
                    for line in text.split(separator: "\\n") { html += "<p>\\(line)</p>" }
                    return html
                }
            }
            // A global function: its workload's variable must not hide it.
            public func countWords(_ text: String) -> Int {
                var count = 0
                for word in text.split(separator: " ") where !word.isEmpty { count += 1 }
                return count
            }
            public struct NoteClient: Sendable {
                public init() {}
                public func fetch(id: Int) async throws -> Note { Note(text: "") }
            }
            @MainActor public final class NoteStore {
                public static let shared = NoteStore()
                public var notes: [Note] = []
                public func add(_ note: Note) { notes.append(note) }
                public func sortedTitles() -> [String] { notes.map(\\.text).sorted() }
            }
            // Main-actor, with a nonisolated method: a compute step's body cannot reach `Highlighter.shared`.
            @MainActor public final class Highlighter {
                public static let shared = Highlighter()
                nonisolated public func highlight(_ text: String) -> [String] {
                    var words: [String] = []
                    for word in text.split(separator: " ") { words.append(String(word)) }
                    return words
                }
            }
            // `shared` is an instance's: not `Tokenizer.shared`.
            public struct Tokenizer: Sendable {
                public var shared = false
                public init() {}
                public func tokenize(_ text: String) -> [Substring] {
                    var tokens: [Substring] = []
                    for token in text.split(separator: " ") { tokens.append(token) }
                    return tokens
                }
            }
            public enum Codec {
                public static func decode<T: Decodable>(_ data: Data) throws -> T {
                    try JSONDecoder().decode(T.self, from: data)
                }
                public static func decodePage<T: Decodable>(_ data: Data) throws -> (T, next: URL?) {
                    (try JSONDecoder().decode(T.self, from: data), nil)
                }
                public static func sortInPlace(_ items: inout [String]) { items.sort() }
                public static func total(
                    _ table: [String:
                        Int]
                ) -> Int {
                    var sum = 0
                    for (_, count) in table { sum += count }
                    return sum
                }
            }
            public struct Counter: Sendable {
                public var total = 0
                public init() {}
                public mutating func accumulate(_ values: Int...) { for value in values { total += value } }
            }
            public actor Index {
                public static let shared = Index()
                public init() {}
                public init(words: [String]) { for word in words where word.isEmpty { _ = word } }
                public func rebuild(_ words: [String]) -> Int {
                    var count = 0
                    for word in words where !word.isEmpty { count += 1 }
                    return count
                }
            }
            public enum Sorter {
                public static func sort(_ sort: inout [Int]) { sort.sort() }
                public static func decode<T: Decodable>(_ data: Data, as type: T.Type = T.self) throws -> T {
                    try JSONDecoder().decode(type, from: data)
                }
            }
            public struct Ranked<Element: Comparable> {
                public static func top(_ items: [Element]) -> [Element] { items.sorted() }
            }
            public enum Outer { public final class Store { public init() {}; public func search() -> [Int] { [3, 1].sorted() } } }
            public enum Other { public final class Store { public static let shared = Store() } }
            public enum Style: Sendable { case plain; public static func standard(width: Int) -> Style { .plain } }
            public enum Checksum {
                public static func sortedBytes(_ bytes: [UInt8], style: Style) -> [UInt8] { bytes.sorted() }
            }
            @MainActor public final class NoteEditor {
                public var text = ""
                public func textDidChange(_ text: String) throws {
                    var counter = Counter()
                    counter.accumulate(1, 2)
                    var numbers = [2, 1]
                    Sorter.sort(&numbers)
                    let _: Note = try Sorter.decode(Data())
                    _ = Ranked.top([1, 2])
                    _ = Outer.Store().search()
                    _ = Checksum.sortedBytes(Array(repeating: 1, count: 64), style: .standard(width: 80))
                    Task { _ = await Index.shared.rebuild([text]) }
                    _ = Index(words: [text])
                    self.text = try Markdown.render(text)
                    _ = countWords(text)
                    _ = Highlighter.shared.highlight(text)
                    _ = Tokenizer().tokenize(text)
                    let note: Note = try Codec.decode(Data())
                    let _: (Note, next: URL?) = try Codec.decodePage(Data())
                    var titles = [note.text]
                    Codec.sortInPlace(&titles)
                    _ = Codec.total([:])
                    NoteStore.shared.add(Note(text: text))
                    _ = NoteStore.shared.sortedTitles()
                }
                public func open(id: Int) async throws { NoteStore.shared.add(try await NoteClient().fetch(id: id)) }
            }
            """

        /// What a user would write in each placeholder the scaffold of ``notes`` leaves (its types' initializers that
        /// take no argument it fills itself).
        static let filled = [
            "<#text: String#>": "\"# Notes\"",
            "<#data: Data#>": "Data()",
            "<#T: Decodable#>": "Note",
            "<#(T, next: URL?) where T: Decodable#>": "(Note, next: URL?)",
            "<#items: [String]#>": "[\"b\", \"a\"]",
            "<#table: [String: Int]#>": "[\"a\": 1]",
            "<#values: Int...#>": "1, 2",
            "<#sort: [Int]#>": "[2, 1]",
            "<#Ranked<Element: Comparable>#>": "Ranked<Int>",
            "<#items: [Element]#>": "[2, 1]",
            "<#words: [String]#>": "[\"a\"]",
            "<#id: Int#>": "1",
            "<#a value holding NoteStore's notes#>": "[Note]()",
            "<#what NoteStore.add(_:) does to that state#>": #"state.append(Note(text: "a"))"#,
        ]

        @Test(.enabled(if: Toolchain.hasModules, "needs swiftc and the built modules beside the tests"))
        func aScaffoldBuildsOnceItsPlaceholdersAreFilled() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(
                at: directory.appending(path: "Sources/Notes"),
                withIntermediateDirectories: true
            )
            let manifest = """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "Notes", targets: [.target(name: "Notes")])
                """
            try Data(manifest.utf8).write(to: directory.appending(path: "Package.swift"))
            let library = directory.appending(path: "Sources/Notes/Notes.swift")
            try Data(Self.notes.utf8).write(to: library)

            let scaffold = directory.appending(path: "Stagehand/NotesWorkloads")
            let run = try await StagehandProcess.run("scan", directory.path, "--scaffold", scaffold.path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stdout.contains(#"dependencies: ["Notes", .product(name: "StagehandCLI", package: "stagehand")]"#)
            )
            let main = scaffold.appending(path: "main.swift")
            var source = try String(contentsOf: main, encoding: .utf8)
            #expect(run.stdout.contains(#"path: "Stagehand/NotesWorkloads""#), "relative to the package: \(run.stdout)")
            let steps = [
                ".compute(\"render\")", ".compute(\"count-words\")", ".ui(\"sorted-titles\")", ".io(\"fetch\")",
                ".state(noteStoreWorkloadState)", "let highlighterHighlightWorkloadInstance = Highlighter.shared",
                // The app's own values: its types' initializers that take no argument, made once before the runs.
                "let tokenizerTokenizeWorkloadTokenizer = Tokenizer()\n",
                ".compute(\"tokenize\") { [tokenizer = tokenizerTokenizeWorkloadTokenizer] in",
                "tokenizer.tokenize(<#text: String#>)",
                "/// - `a Tokenizer`: `Tokenizer()`, made as `NoteEditor.textDidChange(_:)` makes it",
                "as <#T: Decodable#>", "as <#(T, next: URL?) where T: Decodable#>", "Codec.sortInPlace(&items)",
                "Codec.total(<#table: [String: Int]#>)", "var counter = Counter()", "counter.accumulate(",
                "Sorter.sort(&sortValue)", "as <#T: Decodable#> }", "<#Ranked<Element: Comparable>#>.top(",
                "Outer.Store().search()",
                // What the caller passes, made before the runs as the parameter's type, which its place gave it.
                "Array(repeating: 1, count: 64) as [UInt8]", ".standard(width: 80) as Style",
                ".io(\"rebuild\") { _ = await Index.shared.rebuild(",
                ".compute(\"index\") { _ = Index(words: <#words: [String]#>) }",
            ]
            for step in steps {
                #expect(source.contains(step), "\(step)")
            }

            // The module the scaffold imports, then the scaffold as written: refused for its placeholders.
            let modules = directory.appending(path: "modules")
            let emitted = try await Toolchain.swiftc(
                ["-emit-module", "-parse-as-library", "-module-name", "Notes", library.path]
                    + ["-emit-module-path", modules.appending(path: "Notes.swiftmodule").path]
            )
            #expect(emitted.status == 0, "\(emitted.stderr)")
            let asWritten = try await Toolchain.typecheck(main, importing: modules)
            #expect(asWritten.status != 0)
            #expect(asWritten.stderr.contains("editor placeholder in source file"))

            for (placeholder, value) in Self.filled {
                source = source.replacingOccurrences(of: placeholder, with: value)
            }
            let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.contains("<#") }, "a placeholder the test does not fill: \(source)")
            try Data(source.utf8).write(to: main)
            let filled = try await Toolchain.typecheck(main, importing: modules)
            #expect(filled.status == 0, "\(filled.stderr)")

            let again = try await StagehandProcess.run("scan", directory.path, "--scaffold", scaffold.path)
            #expect(again.status == 64)
            #expect(again.stderr.contains("exists"))
        }
    }
}

/// `swiftc` against the modules `swift build` left beside the tests: the workload API (`StagehandCLI`) and what it
/// imports, C modules' maps included.
enum Toolchain {
    /// Where the Swift modules are, beside the products.
    static let modules = StagehandProcess.productsDirectory.appending(path: "Modules")

    static var hasModules: Bool {
        FileManager.default.fileExists(atPath: modules.appending(path: "StagehandCLI.swiftmodule").path)
    }

    static func swiftc(_ arguments: [String]) async throws -> StagehandProcess.Run {
        try await StagehandProcess.run(arguments: ["swiftc"] + arguments, executable: URL(filePath: "/usr/bin/env"))
    }

    /// Type-checks `file` as a workload executable's `main.swift`, with `extra` holding the modules it imports.
    static func typecheck(_ file: URL, importing extra: URL) async throws -> StagehandProcess.Run {
        try await typecheck([file], importing: extra)
    }

    /// Type-checks `files` as one workload executable's sources (one of them `main.swift`).
    static func typecheck(_ files: [URL], importing extra: URL) async throws -> StagehandProcess.Run {
        let products = StagehandProcess.productsDirectory.resolvingSymlinksInPath()
        let manager = FileManager.default
        // The C targets' module maps (`CStagehandAllocations.build/module.modulemap`), and the include directories of
        // dependencies' C targets (`_NumericsShims`), which SwiftPM passes when it builds.
        let maps = try manager.contentsOfDirectory(atPath: products.path).filter { $0.hasSuffix(".build") }
            .map { products.appending(path: "\($0)/module.modulemap") }
            .filter { manager.fileExists(atPath: $0.path) }
        let checkouts = products.deletingLastPathComponent().deletingLastPathComponent().appending(path: "checkouts")
        var includes: [URL] = []
        for package in (try? manager.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appending(path: "\(package)/Sources")
            for target in (try? manager.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let include = sources.appending(path: "\(target)/include")
                if manager.fileExists(atPath: include.path) { includes.append(include) }
            }
        }
        return try await swiftc(
            ["-typecheck", "-swift-version", "6"] + files.map(\.path) + ["-I", extra.path, "-I", modules.path]
                + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
                + includes.flatMap { ["-Xcc", "-I\($0.path)"] }
        )
    }
}

extension CLITests {
    /// `plan`: what it refuses before building anything, and the scanner's `--plan` that it runs. (A whole plan builds
    /// a package with Stagehand in it, minutes on a fresh tree: it is run by hand, and its numbers are in the issue.)
    @Suite struct PlanCommandTests {
        @Test func aDirectoryWithoutAPackageOrWithNothingToMeasureExits64AndWritesNothing() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sources = directory.appending(path: "Sources/Notes")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data("public func title(_ text: String) -> String { text }\n".utf8)
                .write(to: sources.appending(path: "Notes.swift"))

            let noPackage = try await StagehandProcess.run("plan", directory.path)
            #expect(noPackage.status == 64)
            #expect(noPackage.stderr.contains("is not a package: it has no Package.swift"))

            let manifest = Self.manifest
            try Data(manifest.utf8).write(to: directory.appending(path: "Package.swift"))
            let nothing = try await StagehandProcess.run("plan", directory.path)
            #expect(nothing.status == 64)
            #expect(nothing.stderr.contains("found nothing to measure"))
            // Neither touched the package: its manifest as it was, no target directory, no reports.
            #expect(try String(contentsOf: directory.appending(path: "Package.swift"), encoding: .utf8) == manifest)
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Stagehand").path))
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Reports").path))
        }

        @Test(.enabled(if: Toolchain.hasModules, "needs swiftc and the built modules beside the tests"))
        func theScannersPlanWritesAFilePerCandidateThatCompilesAndPrintsWhatItFound() async throws {
            let directory = try Scratch.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sources = directory.appending(path: "Sources/Notes")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(Self.notes.utf8).write(to: sources.appending(path: "Notes.swift"))
            try Data(Self.manifest.utf8).write(to: directory.appending(path: "Package.swift"))
            let plan = directory.appending(path: "Stagehand/Plan")

            let run = try await StagehandProcess.run("scan", directory.path, "--plan", plan.path)
            #expect(run.status == 0, "\(run.stderr)")
            // What the scanner prints is what `plan` reads: the engine's own decoding of it agrees.
            let decoded = try PlanScan(json: Data(run.stdout.utf8), origin: "stdout")
            #expect(decoded.written.map(\.source) == ["RendererRender.swift"])
            #expect(decoded.written.first?.function == "makeRendererRenderWorkload")
            #expect(decoded.candidates.contains { $0.notMeasured?.fix?.isEmpty == false })
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let candidates = try #require(json["candidates"] as? [[String: Any]])
            let written = candidates.compactMap { $0["source"] as? String }
            #expect(written == ["RendererRender.swift"])
            #expect(candidates.count == 2)
            let files = try FileManager.default.contentsOfDirectory(atPath: plan.path).sorted()
            #expect(files == (written + ["main.swift"]).sorted())
            // Every candidate not written says why.
            for candidate in candidates where candidate["source"] == nil {
                let notMeasured = candidate["notMeasured"] as? [String: Any]
                #expect((notMeasured?["reason"] as? String)?.isEmpty == false, "\(candidate)")
            }
            // The files as written compile against the app's module and the workload API.
            let modules = directory.appending(path: "modules")
            let emitted = try await Toolchain.swiftc(
                ["-emit-module", "-parse-as-library", "-module-name", "Notes"]
                    + [sources.appending(path: "Notes.swift").path]
                    + ["-emit-module-path", modules.appending(path: "Notes.swiftmodule").path]
            )
            #expect(emitted.status == 0, "\(emitted.stderr)")
            let checked = try await Toolchain.typecheck(files.map { plan.appending(path: $0) }, importing: modules)
            #expect(checked.status == 0, "\(checked.stderr)")
            // Again: the directory is the plan's, so it may hold its files; nothing changes.
            let again = try await StagehandProcess.run("scan", directory.path, "--plan", plan.path)
            #expect(again.status == 0)
            #expect(again.stdout == run.stdout)
            let refused = try await StagehandProcess.run("scan", directory.path, "--plan", plan.path, "--json")
            #expect(refused.status == 64)
        }

        static let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Notes", targets: [.target(name: "Notes")])

            """

        /// One candidate with its value in the app's code (`Document.sample`), and one without (`outline(_:)`).
        static let notes = """
            public struct Document: Sendable {
                public var text: String
                public static let sample = Document(text: "# Notes")
            }
            public enum Renderer {
                public static func render(_ document: Document) -> String {
                    var html = ""
                    for line in document.text.split(separator: "\\n") { html += "<p>\\(line)</p>" }
                    return html
                }
                public static func outline(_ text: String) -> [String] { text.split(separator: "#").map(String.init).sorted() }
            }
            @MainActor public final class Editor {
                public func edit(_ document: Document) {
                    _ = Renderer.render(document)
                    _ = Renderer.outline(document.text)
                }
            }
            """
    }
}
