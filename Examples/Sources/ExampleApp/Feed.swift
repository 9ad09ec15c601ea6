import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession on Linux
#endif

/// One article of the news feed, as the backend sends it.
public struct Article: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var summary: String
    public var author: String
    public var publishedAt: Date
    public var tags: [String]
    public var imageURL: URL?
}

/// A page of the feed: what `GET /feed` returns.
public struct FeedPage: Codable, Sendable, Equatable {
    public var articles: [Article]

    /// A deterministic page of `articles` articles (about 250 bytes of JSON each).
    public static func sample(articles count: Int) -> FeedPage {
        let words = ["swift", "actor", "main", "thread", "frame", "budget", "task", "pool", "hop", "state", "view"]
        func text(_ seed: Int, words length: Int) -> String {
            (0..<length).map { words[($0 * 7 + seed * 13) % words.count] }.joined(separator: " ")
        }
        return FeedPage(
            articles: (0..<count).map { index in
                Article(
                    id: index,
                    title: text(index, words: 6).capitalized,
                    summary: text(index + 1, words: 24),
                    author: "Author \(index % 37)",
                    publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index * 97 % 100_000)),
                    tags: [words[index % words.count], words[(index / 3) % words.count]],
                    imageURL: URL(string: "https://example.com/images/\(index).jpg")
                )
            }
        )
    }

    /// The page as the backend encodes it.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Decodes a page from the backend's JSON.
    public static func decode(_ data: Data) throws -> FeedPage {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(FeedPage.self, from: data)
    }
}

/// The app's network client for the feed.
public struct FeedClient: Sendable {
    public var baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// `GET /feed`: the feed's JSON, as `URLSession` delivers it.
    public func fetchFeed() async throws -> Data {
        let (data, response) = try await URLSession.shared.data(from: baseURL.appending(path: "feed"))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw FeedError.badResponse }
        return data
    }

    /// `GET /echo`: a small round trip to the backend.
    public func echo() async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appending(path: "echo"))
        return data
    }
}

public enum FeedError: Error {
    case badResponse
}

/// What the feed screen shows: the app's main-actor view model.
@MainActor
public final class FeedViewModel {
    public static let shared = FeedViewModel()

    public private(set) var articles: [Article] = []
    public private(set) var headline = ""
    /// The first visible row.
    public private(set) var offset = 0
    /// The rows on screen, laid out.
    public private(set) var visibleRows: [String] = []

    public init() {}

    /// Shows a freshly loaded page: newest first, the headline, and the rows on screen.
    public func show(_ page: FeedPage) {
        articles = page.articles.sorted { $0.publishedAt > $1.publishedAt }
        headline = articles.first?.title ?? ""
        offset = 0
        layOutRows()
    }

    /// Pull to refresh, as the app has it: fetch, decode and show, all from the main actor. The `news-feed` workload
    /// measures what this costs; `stagehand scan` finds these calls.
    public func refresh(using client: FeedClient) async throws {
        let data = try await client.fetchFeed()
        show(try FeedPage.decode(data))
    }

    /// Scrolls by `rows` and lays out what comes into view.
    public func scroll(by rows: Int) {
        guard !articles.isEmpty else { return }
        offset = (offset + rows) % articles.count
        layOutRows()
    }

    private func layOutRows() {
        let end = min(offset + 12, articles.count)
        visibleRows = articles[offset..<end].map { "\($0.title) — \($0.author), \($0.tags.joined(separator: ", "))" }
    }
}
