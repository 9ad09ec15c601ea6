import Foundation
import Testing

@testable import StagehandScan

/// The values a scaffold fills in from the app's own code, best source first, each with its source; and the
/// placeholders it leaves where the app shows none.
@Suite struct ValueResolverTests {
    static let app = """
        import Foundation
        public struct Article: Codable, Sendable {
            public var title: String
            public init(title: String) { self.title = title }
        }
        public struct FeedPage: Codable, Sendable {
            public var articles: [Article]
            public init(articles: [Article]) { self.articles = articles }
            public static func sample(articles count: Int) -> FeedPage {
                FeedPage(articles: (0..<count).map { Article(title: "\\($0)") })
            }
            public static func decode(_ data: Data) throws -> FeedPage {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try decoder.decode(FeedPage.self, from: data)
            }
            public func encoded() throws -> Data {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                return try encoder.encode(self)
            }
            public func ranked(by keyword: String) -> [Article] {
                articles.filter { $0.title.contains(keyword) }.sorted { $0.title < $1.title }
            }
        }
        public struct Draft: Codable, Sendable {
            public static let example = Draft()
            public init() {}
            public static func decode(_ data: Data) throws -> Draft { try JSONDecoder().decode(Draft.self, from: data) }
        }
        public enum Markdown {
            public static let example: String = "# Title"
            public static func render(_ text: String) -> String {
                var html = ""
                for line in text.split(separator: "\\n") { html += "<p>\\(line)</p>" }
                return html
            }
        }
        public enum Theme { case custom(String), light, dark }
        public final class Styler: Sendable {
            public static let shared = Styler()
            public func style(_ text: String, theme: Theme) -> [Substring] { text.split(separator: " ").sorted() }
        }
        public struct Tokenizer: Sendable {
            public init(strict: Bool = false) {}
            public func tokenize(_ text: String) -> [Substring] { text.split(separator: " ").sorted() }
        }
        public struct Limits: Sendable {
            public var depth: Int
            public init(depth: Int) { self.depth = depth }
        }
        public struct Parser: Sendable {
            public init(limits: Limits) {}
            public func parse(_ text: String, limit: Int) -> [Substring] { text.split(separator: " ").sorted() }
        }
        public struct Shelf: Sendable {
            static let sample = Shelf(books: 3)
            public init(books: Int) {}
            public func sortedTitles(_ count: Int) -> [Int] { (0..<count).sorted() }
        }
        public final class Catalog {
            public init() {}
            public func sortedNames(_ count: Int) -> [Int] { (0..<count).sorted() }
        }
        public struct Watcher: Sendable {
            public enum Stream: Sendable { case federated, local }
            public static func sortedEvents(_ stream: Stream) -> [Int] { [2, 1].sorted() }
        }
        public struct Ledger: Sendable {
            public static func sample() throws -> Ledger { Ledger() }
            public init?(raw: Int) { nil }
            init() {}
            public func sortedTotals() -> [Int] { [2, 1].sorted() }
        }
        public struct Tag: Sendable {
            public static let previewName = "swift"
            public static let placeholder: Tag = .init()
            public init() {}
            public func sortedAliases() -> [String] { ["b", "a"].sorted() }
        }
        public enum Joiner {
            public static func joined(_ parts: String..., separator: String) -> String {
                var out = ""
                for part in parts { out += part + separator }
                return out
            }
            public static func headline(_ article: Article) -> [Substring] { article.title.split(separator: " ").sorted() }
        }
        public struct Server: Sendable {
            public init(host: String) {}
            public func sortedRoutes() -> [String] { ["b", "a"].sorted() }
        }
        public enum Palette {
            public static func extract(_ themes: Theme) -> [Int] { [3, 1].sorted() }
        }
        @MainActor public final class FeedView {
            public func load(_ data: Data, title: String) throws {
                _ = try FeedPage.decode(data)
                _ = try Draft.decode(data)
                let page = FeedPage.sample(articles: 25)
                _ = page.ranked(by: "swift")
                _ = Markdown.render(title)
                _ = Styler.shared.style(title, theme: .dark)
                _ = Tokenizer().tokenize(title)
                var limits = Limits(depth: 3)
                var parser = Parser(limits: limits)
                _ = parser.parse(title, limit: 10)
                _ = Palette.extract(.dark)
                _ = Shelf(books: 12).sortedTitles(page.articles.count)
                _ = Catalog().sortedNames(5)
                _ = Watcher.sortedEvents(.local)
                _ = try Ledger.sample().sortedTotals()
                var tag = Tag()
                _ = tag.sortedAliases()
                _ = Joiner.joined("a", "b", separator: "-")
                _ = Joiner.headline(page.articles[0])
                _ = Server(host: title).sortedRoutes()
            }
        }
        """

    /// A test target's fixture: the workload executable cannot import it, so it is never a value.
    static let fixtures = """
        extension FeedPage { static let fixture = FeedPage(articles: []) }
        extension Markdown { static let sampleNote: String = "fixture" }
        func makeServer() -> Server { Server(host: "localhost") }
        """

    /// The scaffold of ``app``, each note of a value's source on one line (the scaffold wraps them at 120).
    /// A sample in a file that sorts before its type's, in a `public extension`.
    static let samples = """
        public extension Article { static let sample = Article(title: "Actors in practice") }
        """

    static var main: String {
        scan([
            "Sources/Feed/Feed.swift": app, "Sources/Feed/Feed+Samples.swift": samples,
            "Tests/FeedTests/Fixtures.swift": fixtures,
        ])
        .scaffold(target: "FeedWorkloads", path: "Stagehand/FeedWorkloads").mainSwift
        .replacingOccurrences(of: "\n///   ", with: " ")
    }

    @Test func theAppsOwnSampleOfTheFunctionsTypeComesFirst() {
        let main = Self.main
        #expect(main.contains(#".compute("render") { _ = Markdown.render(Markdown.example) }"#))
        #expect(main.contains("/// - `text`: `Markdown.example`, the app's own sample (Sources/Feed/Feed.swift)"))
        #expect(!main.contains("fixture") && !main.contains("sampleNote"), "a test target's values are never used")
    }

    /// `FeedPage.sample(articles:)`'s size is the one the app passes; a decoder reads the app's sample encoded by
    /// the type's own encoder (whose date strategy its decoder expects), or else by a default `JSONEncoder`, said to
    /// be synthesized; each is made once, before the runs, and captured.
    @Test func aSamplesSizeIsWhatTheAppPassesAndADecoderReadsItEncoded() {
        let main = Self.main
        #expect(
            main.contains("let feedPageDecodeWorkloadData = (try? FeedPage.sample(articles: 25).encoded()) ?? Data()\n")
        )
        #expect(
            main.contains(
                #".compute("decode") { [data = feedPageDecodeWorkloadData] in _ = try FeedPage.decode(data) }"#
            )
        )
        #expect(main.contains("own sample (Sources/Feed/Feed.swift:9), encoded by its own `FeedPage.encoded()`"))
        #expect(main.contains("let draftDecodeWorkloadData = (try? JSONEncoder().encode(Draft.example)) ?? Data()\n"))
        #expect(main.contains("*synthesized* as JSON by a `JSONEncoder` with its defaults"))
        #expect(main.contains("`articles` 25: what `FeedView.load(_:title:)` passes (Sources/Feed/Feed.swift:"))
        // The receiver is the sample too, and the argument the literal the app passes.
        #expect(main.contains("let feedPageRankedWorkloadFeedPage = FeedPage.sample(articles: 25)\n"))
        #expect(main.contains(#"feedPage.ranked(by: "swift")"#))
        #expect(main.contains(#"- `keyword`: `"swift"`, what `FeedView.load(_:title:)` passes"#))
    }

    /// The singleton, an initializer that takes no argument, an enum's first case without a payload, and an
    /// initializer whose arguments all resolve (synthesized), each said; a `String` the app shows nowhere stays a
    /// placeholder: no value is guessed.
    @Test func theTypesOwnValuesAreUsedAndNothingIsGuessed() {
        let main = Self.main
        #expect(main.contains("Styler.shared.style(<#text: String#>, theme: Theme.light)"))
        #expect(main.contains("- `theme`: `Theme.light`, the enum's first case"))
        #expect(main.contains("let tokenizerTokenizeWorkloadTokenizer = Tokenizer()\n"))
        #expect(main.contains("tokenizer.tokenize(<#text: String#>)"))
        #expect(main.contains("let parserParseWorkloadParser = Parser(limits: Limits(depth: 3))\n"))
        #expect(main.contains("parser.parse(<#text: String#>, limit: 10)"))
        #expect(main.contains("*synthesized* from the type's initializer; `limits` Limits(depth: 3): *synthesized*"))
        #expect(main.contains("`depth` 3: what `FeedView.load(_:title:)` passes"))
        // A nested type, written by its own name in its outer type, is named whole in the workload executable.
        #expect(main.contains("Watcher.sortedEvents(Watcher.Stream.federated)"))
    }

    /// A value the workload executable cannot reach is no value: `Shelf.sample` is internal, so the shelf is made
    /// as the main-actor caller makes it, with its size (12), not the sample's own (3).
    @Test func onlyWhatTheWorkloadExecutableCanReachIsAValue() {
        let main = Self.main
        #expect(main.contains("let shelfSortedTitlesWorkloadShelf = Shelf(books: 12)\n"))
        #expect(main.contains("`Shelf(books: 12)`, made as `FeedView.load(_:title:)` makes it"))
        #expect(!main.contains("`a Shelf`: `Shelf.sample`"))
    }

    /// A value of a type that is not `Sendable` cannot be captured by a step's `@Sendable` body: it is made in the
    /// body, at every arrival, and the scaffold says that its making is in the step's time.
    @Test func aValueThatIsNotSendableIsMadeInTheStepAndSaysSo() {
        let main = Self.main
        #expect(main.contains(#".compute("sorted-names") { _ = Catalog().sortedNames(5) }"#))
        #expect(main.contains("(made at every arrival, in the step's time: its type is not `Sendable`"))
    }

    /// What the review of the first version found: a throwing sample or a failable initializer is not called; a
    /// static property whose type is not the type's is not its sample; a literal after a variadic parameter is
    /// found; a sample in an extension whose file sorts first, declared `public` by the extension, is used.
    @Test func onlyPlainValuesOfTheRightTypeAreUsed() {
        let main = Self.main
        #expect(main.contains("<#a Ledger#>.sortedTotals()"), "Ledger.sample() throws; init?(raw:) is failable")
        #expect(main.contains("- `a Tag`: `Tag.placeholder`, the app's own sample"))
        #expect(!main.contains("Tag.previewName"))
        #expect(main.contains(#"Joiner.joined(<#parts: String...#>, separator: "-")"#))
        #expect(main.contains("Joiner.headline(Article.sample)"))
        #expect(main.contains("the app's own sample (Sources/Feed/Feed+Samples.swift)"))
    }

    /// A literal the tests pass, where the app passes none: a test's arrange line says what a value looks like,
    /// though its code cannot be imported.
    @Test func aLiteralTheTestsPassComesAfterTheApps() {
        let main = Self.main
        #expect(main.contains(#"Server(host: "localhost")"#))
        #expect(
            main.contains(
                #"`host` "localhost": what the test `makeServer()` passes (Tests/FeedTests/Fixtures.swift:3)"#
            )
        )
        // The app's own literal still wins where there is one: `depth` 3 from `FeedView.load`.
        #expect(main.contains("`depth` 3: what `FeedView.load(_:title:)` passes"))
    }

    /// A sample's size, or a collection's, that the app says nowhere is the scale: 40, said to be a guess, unless the
    /// user states one (`--scale`), which the note then names.
    @Test func aSizeTheAppSaysNowhereIsTheScaleStatedOrGuessed() {
        let source = """
            public struct Photo: Sendable { public static let sample = Photo(); public init() {} }
            public struct Gallery: Sendable {
                public static func sample(photos: Int) -> Gallery { Gallery() }
                public init() {}
                public func sortedPhotos() -> [Int] { [2, 1].sorted() }
                public static func sortedSizes(_ photos: [Photo]) -> [Int] { photos.map { _ in 1 }.sorted() }
            }
            @MainActor public final class Screen {
                public func show(_ gallery: Gallery, photos: [Photo]) {
                    _ = gallery.sortedPhotos()
                    _ = Gallery.sortedSizes(photos)
                }
            }
            """
        func main(_ scale: ValueResolver.Scale) -> String {
            ConcurrencyScanner.scan(
                [(path: "Sources/Photos/Photos.swift", text: source)],
                module: { _ in
                    Project.Module(name: "Photos", directory: "", defaultIsolation: .nonisolated, kind: .library)
                },
                scale: scale
            )
            .scaffold(target: "W", path: "W").mainSwift.replacingOccurrences(of: "\n///   ", with: " ")
        }
        let guessed = main(.default)
        #expect(guessed.contains("Gallery.sample(photos: 40)"))
        #expect(guessed.contains("Array(repeating: Photo.sample, count: 40)"))
        #expect(guessed.contains("*guessed*: the default scale, as the app says no size here"))
        let stated = main(ValueResolver.Scale(size: 100, isStated: true))
        #expect(stated.contains("Gallery.sample(photos: 100)"))
        #expect(stated.contains("Array(repeating: Photo.sample, count: 100)"))
        #expect(stated.contains("the size you stated (`--scale 100`)") && !stated.contains("*guessed*: the default"))
    }

    /// A parameter of a protocol's type (`any`, `some` or bare) takes a value of the first of the app's types that
    /// conforms to it and has one (`AlignedFormat`, first by name, has none), noted as such; a test target's conformer
    /// is never one.
    @Test func aProtocolsParameterTakesAConformersValue() {
        let source = """
            public protocol Format {}
            public protocol Theme {}
            public struct AlignedFormat: Format { public init(width: Int) {} }
            public struct HTMLFormat: Format { public init() {} }
            public enum Exporter {
                public static func export(_ rows: [Int], as format: any Format) -> [Int] { rows.sorted() }
                public static func styled(_ rows: [Int], theme: some Theme) -> [Int] { rows.sorted() }
            }
            @MainActor public final class Screen {
                public func show(_ format: any Format, theme: some Theme) {
                    _ = Exporter.export([3, 1], as: format)
                    _ = Exporter.styled([3, 1], theme: theme)
                }
            }
            """
        let mock = "struct MockTheme: Theme { init() {} }"
        let main = scan(["Sources/Export/Export.swift": source, "Tests/ExportTests/Mocks.swift": mock])
            .scaffold(target: "W", path: "W").mainSwift.replacingOccurrences(of: "\n///   ", with: " ")
        #expect(main.contains("Exporter.export([3, 1], as: HTMLFormat())"))
        #expect(
            main.contains("`HTMLFormat()`, the type's initializer with no arguments; `HTMLFormat` conforms to `Format`")
        )
        #expect(main.contains("theme: <#theme: some Theme#>"))
    }

    /// The rules the sources rest on: a sample's name, a literal that says something of a value (as written,
    /// spaces and all), an optional's wrapped type.
    @Test func samplesLiteralsAndOptionalsAreToldApart() {
        #expect(ValueResolver.isSampleName("sample") && ValueResolver.isSampleName("testPicture"))
        #expect(ValueResolver.isSampleName("placeholderStatus") && !ValueResolver.isSampleName("shared"))
        #expect(!ValueResolver.isSampleName("latest") && !ValueResolver.isSampleName("fastest"))
        #expect(ValueResolver.isLiteral("40") && ValueResolver.isLiteral(#""swift""#))
        #expect(ValueResolver.isLiteral("[1, 2]") && ValueResolver.isLiteral("-1.5") && ValueResolver.isLiteral("true"))
        #expect(!ValueResolver.isLiteral(#""\(name)""#) && !ValueResolver.isLiteral("count"))
        #expect(!ValueResolver.isLiteral(".dark") && !ValueResolver.isLiteral("[:]"))
        #expect(ValueResolver.isLiteral(#""two  spaces""#) && !ValueResolver.isLiteral("count + 1"))
        #expect(!ValueResolver.isLiteral(#""""#) && !ValueResolver.isLiteral("[]"), "empty: says nothing of the value")
        #expect(!ValueResolver.isLiteral(#""Hi, " + name + "!""#) && !ValueResolver.isLiteral("inf"))
        #expect(
            ValueResolver.isLiteral(#""say \"hi\"""#) && ValueResolver.isLiteral("1_000")
                && ValueResolver.isLiteral("2e3")
        )
        #expect(ValueResolver.unwrapped("Note?") == "Note" && ValueResolver.unwrapped("Optional<Note>") == "Note")
    }
}
