import ExampleApp
import Foundation

// Each example step's function timed alone, nothing else running: the figures to hold Stagehand's measured means
// against (`swift run -c release TimeAlone`). Two figures per function:
// - in a tight loop, one call after another, as package-benchmark or XCTest's `measure` times it;
// - at the workload's cadence, sleeping between calls as its arrivals do (periodic, at its rate), which is how the app
//   calls it: caches and cores go cold between calls.
//
// Stage runs use the system allocator, as this does, with every allocation counted in front of it (about 2 ns each).
// To time these functions on jemalloc, as `--allocator jemalloc` runs them, on Linux:
//
//     LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 .build/release/TimeAlone
//
// With ordo-one's malloc-interposer preloaded (the allocation counter package-benchmark 1.38 uses), each line also
// gives the function's allocations per call as that counter reads them.

/// Allocations per call as a preloaded malloc-interposer counts them (`malloc_interposer_get_stats`), when it is.
let interposerStats: (@convention(c) (
    UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
    UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
) -> Void)? = {
    guard let symbol = dlsym(nil, "malloc_interposer_get_stats") else { return nil }  // nil: RTLD_DEFAULT
    return unsafeBitCast(symbol, to: (@convention(c) (
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
    ) -> Void).self)
}()

func interposerAllocations() -> Int64? {
    guard let interposerStats else { return nil }
    var count: Int64 = 0
    var unused: Int64 = 0
    var small: Int64 = 0
    var large: Int64 = 0
    var frees: Int64 = 0
    var freed: Int64 = 0
    interposerStats(&count, &unused, &small, &large, &frees, &freed)
    return count
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// Times `body` on a fresh input from `prepare` each call (preparing is not timed), so each call does what it does in
/// the app: in a loop of `loopRuns` calls, then `cadenceCalls` calls at `ratePerSecond`.
func measure<Input>(
    _ name: String,
    ratePerSecond: Double,
    loopRuns: Int,
    cadenceCalls: Int,
    prepare: () async throws -> Input,
    _ body: (Input) async throws -> Void
) async rethrows {
    let clock = ContinuousClock()
    try await body(try await prepare())  // first use: caches, connections, page faults
    var loop = Duration.zero
    for _ in 0..<loopRuns {
        let input = try await prepare()
        let start = clock.now
        try await body(input)
        loop += start.duration(to: clock.now)
    }
    var cadence = Duration.zero
    let period = Duration.nanoseconds(Int64(1e9 / ratePerSecond))
    var tick = clock.now
    for _ in 0..<cadenceCalls {
        let input = try await prepare()
        tick += period
        try? await clock.sleep(until: tick)
        let start = clock.now
        try await body(input)
        cadence += start.duration(to: clock.now)
    }
    var allocations = ""
    if interposerStats != nil {
        var total: Int64 = 0
        for _ in 0..<5 {
            let input = try await prepare()
            let before = interposerAllocations() ?? 0
            try await body(input)
            total += (interposerAllocations() ?? 0) - before
        }
        allocations = String(format: "  %10.1f allocations/call (malloc-interposer)", Double(total) / 5)
    }
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(
        padded
            + String(
                format: " loop %9.4f ms   at %5.1f/s %9.4f ms",
                milliseconds(loop) / Double(loopRuns),
                ratePerSecond,
                milliseconds(cadence) / Double(cadenceCalls)
            ) + allocations
    )
}

func measure(
    _ name: String,
    ratePerSecond: Double,
    loopRuns: Int,
    cadenceCalls: Int,
    _ body: () async throws -> Void
) async rethrows {
    try await measure(name, ratePerSecond: ratePerSecond, loopRuns: loopRuns, cadenceCalls: cadenceCalls, prepare: {}) {
        try await body()
    }
}

let only = CommandLine.arguments.dropFirst().first  // a workload's name, to time only its steps

if only == nil || only == "news-feed" {
    let client = FeedClient(baseURL: try await LoopbackServer.shared.baseURL)
    let feed = try await client.fetchFeed()
    try await measure("news-feed      io: fetch", ratePerSecond: 2, loopRuns: 10, cadenceCalls: 10) {
        _ = try await client.fetchFeed()
    }
    try await measure("news-feed      compute: decode", ratePerSecond: 2, loopRuns: 40, cadenceCalls: 12) {
        _ = try FeedPage.decode(feed)
    }
    try await measure(
        "news-feed      ui: show",
        ratePerSecond: 2,
        loopRuns: 100,
        cadenceCalls: 12,
        prepare: { try FeedPage.decode(feed) }
    ) { page in FeedViewModel.shared.show(page) }
    await measure("news-feed      ui: scroll", ratePerSecond: 20, loopRuns: 2000, cadenceCalls: 60) {
        FeedViewModel.shared.scroll(by: 3)
    }
}

if only == nil || only == "image-pipeline" {
    let photo = try await PhotoLibrary.read(PhotoLibrary.photo)
    let image = try RGBAImage(ppm: photo)
    let blurred = image.boxBlurred(radius: 2)
    let thumbnail = blurred.thumbnail(side: 128)
    var cache = ThumbnailCache()
    try await measure("image-pipeline io: read", ratePerSecond: 2, loopRuns: 40, cadenceCalls: 10) {
        _ = try await PhotoLibrary.read(PhotoLibrary.photo)
    }
    try await measure("image-pipeline compute: decode", ratePerSecond: 2, loopRuns: 40, cadenceCalls: 10) {
        _ = try RGBAImage(ppm: photo)
    }
    await measure("image-pipeline compute: blur", ratePerSecond: 2, loopRuns: 20, cadenceCalls: 10) {
        _ = image.boxBlurred(radius: 2)
    }
    await measure("image-pipeline compute: thumbnail", ratePerSecond: 2, loopRuns: 40, cadenceCalls: 10) {
        _ = blurred.thumbnail(side: 128)
    }
    await measure("image-pipeline state: thumbnails", ratePerSecond: 2, loopRuns: 2000, cadenceCalls: 10) {
        _ = cache.store(thumbnail, for: "photo")
    }
    await measure("image-pipeline ui: show", ratePerSecond: 2, loopRuns: 2000, cadenceCalls: 10) {
        PhotoViewModel.shared.show(blurred, thumbnail: thumbnail)
    }
}

if only == nil || only == "connection-table" {
    let client = FeedClient(baseURL: try await LoopbackServer.shared.baseURL)
    var table = ConnectionTable(preloaded: 20_000)
    let request = try HTTPRequest(parsing: HTTPRequest.sample(connection: 42))
    try await measure("connection-table compute: parse", ratePerSecond: 150, loopRuns: 2000, cadenceCalls: 300) {
        _ = try HTTPRequest(parsing: HTTPRequest.sample(connection: Int.random(in: 0..<25_000)))
    }
    await measure("connection-table state: open", ratePerSecond: 150, loopRuns: 2000, cadenceCalls: 300) {
        _ = table.open(request)
    }
    try await measure("connection-table io: upstream", ratePerSecond: 150, loopRuns: 40, cadenceCalls: 40) {
        _ = try await client.echo().count
    }
    await measure("connection-table state: close", ratePerSecond: 150, loopRuns: 500, cadenceCalls: 300) {
        _ = table.close(connection: 42, bytes: 11)
    }
    let totals = table.totals
    await measure("connection-table ui: status", ratePerSecond: 150, loopRuns: 2000, cadenceCalls: 300) {
        StatusViewModel.shared.show(totals)
    }
}

if only == nil || only == "note-preview" {
    await measure("note-preview   compute: render", ratePerSecond: 8, loopRuns: 40, cadenceCalls: 24) {
        _ = NotePreview.render(NotePreview.sample)
    }
    let html = NotePreview.render(NotePreview.sample)
    await measure("note-preview   ui: show", ratePerSecond: 8, loopRuns: 2000, cadenceCalls: 24) {
        PreviewViewModel.shared.show(html)
    }
}
