import ExampleApp
import Foundation

// Each example step's function timed alone in a loop, one call after another, nothing else running: the figures
// to hold Stagehand's measured means against (`swift run -c release TimeAlone`).
//
// Stage runs use the system allocator, as this does, with every allocation counted in front of it (about 2 ns each).
// To time these functions on jemalloc, as `--allocator jemalloc` runs them, on Linux:
//
//     LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 .build/release/TimeAlone

/// Times `body` on a fresh input from `prepare` each run (preparing is not timed), so each run does what it does in
/// the app: showing a freshly decoded page frees the last one's articles.
func time<Input>(_ name: String, runs: Int, prepare: () throws -> Input, _ body: (Input) -> Void) rethrows {
    var total = Duration.zero
    let clock = ContinuousClock()
    for run in 0...runs {  // run 0 is first use, not counted
        let input = try prepare()
        let start = clock.now
        body(input)
        if run > 0 { total += start.duration(to: clock.now) }
    }
    let ms = Double(total.components.seconds) * 1000 + Double(total.components.attoseconds) / 1e15
    print("\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%.4f", ms / Double(runs))) ms")
}

func time(_ name: String, runs: Int, _ body: () async throws -> Void) async rethrows {
    try await body()  // first use: caches, connections, page faults
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<runs { try await body() }
    let elapsed = start.duration(to: clock.now)
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    print("\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%.4f", ms / Double(runs))) ms")
}

let client = FeedClient(baseURL: try await LoopbackServer.shared.baseURL)
let feed = try await client.fetchFeed()
let page = try FeedPage.decode(feed)
print("news-feed: the feed is \(feed.count) bytes of JSON, \(page.articles.count) articles")
try await time("news-feed      io: fetch", runs: 20) { _ = try await client.fetchFeed() }
try await time("news-feed      compute: decode", runs: 40) { _ = try FeedPage.decode(feed) }
try time(
    "news-feed      ui: show",
    runs: 100,
    prepare: { try FeedPage.decode(feed) },
    { FeedViewModel.shared.show($0) }
)
await time("news-feed      ui: scroll", runs: 2000) { FeedViewModel.shared.scroll(by: 3) }

let photo = try await PhotoLibrary.read(PhotoLibrary.photo)
let image = try RGBAImage(ppm: photo)
let blurred = image.boxBlurred(radius: 2)
var cache = ThumbnailCache()
try await time("image-pipeline io: read", runs: 40) { _ = try await PhotoLibrary.read(PhotoLibrary.photo) }
try await time("image-pipeline compute: decode", runs: 40) { _ = try RGBAImage(ppm: photo) }
await time("image-pipeline compute: blur", runs: 20) { _ = image.boxBlurred(radius: 2) }
await time("image-pipeline compute: thumbnail", runs: 40) { _ = blurred.thumbnail(side: 128) }
let thumbnail = blurred.thumbnail(side: 128)
await time("image-pipeline state: thumbnails", runs: 2000) { _ = cache.store(thumbnail, for: "photo") }
await time("image-pipeline ui: show", runs: 2000) { PhotoViewModel.shared.show(blurred, thumbnail: thumbnail) }

var table = ConnectionTable(preloaded: 20_000)
let request = try HTTPRequest(parsing: HTTPRequest.sample(connection: 42))
try await time("connection-table compute: parse", runs: 2000) {
    _ = try HTTPRequest(parsing: HTTPRequest.sample(connection: Int.random(in: 0..<25_000)))
}
await time("connection-table state: open", runs: 2000) { _ = table.open(request) }
try await time("connection-table io: upstream", runs: 40) { _ = try await client.echo().count }
await time("connection-table state: close", runs: 500) { _ = table.close(connection: 42, bytes: 11) }
let totals = table.totals
await time("connection-table ui: status", runs: 2000) { StatusViewModel.shared.show(totals) }
