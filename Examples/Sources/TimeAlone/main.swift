import ExampleApp
import Foundation
import Synchronization

// Each example step's function timed alone, nothing else running: the figures to hold Stagehand's measured means
// against (`swift run -c release TimeAlone`). Two figures per function:
// - in a tight loop, one call after another, as package-benchmark or XCTest's `measure` times it;
// - at the workload's cadence, sleeping between calls as its arrivals do (periodic, or Poisson where the interaction's
//   arrivals are, at its rate), which is how the app calls it: caches and cores go cold between calls.
// Each runs where Stagehand's `main-only` stage runs it, to hold that stage's step means against: on the main actor,
// an `io` function too (`OnThisThread`), its input released once the call is timed.
//
// All of it runs on the process's main thread, one thread from start to end, as an app's main thread is: this file's
// top-level code never awaits. (With an `await` at top level, Swift parks the main thread in `dispatch_main()` and on
// Linux the main queue is then drained by whichever libdispatch worker is free: perf found this program's calls on
// four threads, each with its own malloc arena, where a Stagehand stage run, whose frames keep one worker busy, ran all
// of a workload's code on one. The image pipeline's read then found its 3 MB buffer on another arena's fresh pages.)
//
// Stage runs use the system allocator, as this does, with every allocation counted in front of it (about 2 ns each).
// To time these functions on jemalloc, as `--allocator jemalloc` runs them, on Linux:
//
//     LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 .build/release/TimeAlone
//
// With ordo-one's malloc-interposer preloaded (the allocation counter package-benchmark 1.38 uses), each line also
// gives the function's allocations per call as that counter reads them. It counts every thread's: a fetch's count
// includes the loopback server's allocations answering it.

/// Allocations per call as a preloaded malloc-interposer counts them (`malloc_interposer_get_stats`), when it is.
let interposerStats:
    (
        @convention(c) (
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
        ) -> Void
    )? = {
        guard let symbol = dlsym(nil, "malloc_interposer_get_stats") else { return nil }  // nil: RTLD_DEFAULT
        return unsafeBitCast(
            symbol,
            to: (@convention(c) (
                UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
                UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
            ) -> Void).self
        )
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

/// Runs an `io` function the way Stagehand's `main-only` stage runs an `io` body: main blocks until it completes, and
/// runs the body's jobs itself (its start, and each resumption after a wait), its `@concurrent` callees included, through
/// a task executor preference (SE-0417). Awaited plainly, a `nonisolated async` function of this module (Swift 6.0
/// semantics) runs on the pool instead, and its buffers come from a pool thread's malloc arena, not main's: the image
/// pipeline's 3 MB read then took 0.70 ms here against 0.82 ms on main (medians of five rounds), a difference of where
/// the code ran, not of Stagehand's presence. (The mechanism of `BlockingIOCall` in StagehandKit, without its counting
/// and reporting.)
///
/// As in `main-only`, a body that needs the main actor never runs (main is blocked here), and one that leaves work
/// behind after it returns (an unstructured task on this executor) is a mistake this catches.
final class OnThisThread: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let ready = DispatchSemaphore(value: 0)
    private let finished = Mutex(false)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock {
            $0.append(job)
            ready.signal()  // inside the lock: once the caller can run the job, it may free this executor
        }
    }

    /// Calls `body` and blocks the calling thread until it returns.
    static func run<Output: Sendable>(_ body: @escaping @Sendable () async throws -> Output) throws -> Output {
        let executor = OnThisThread()
        let result = Mutex<Result<Output, any Error>?>(nil)
        Task(executorPreference: executor) {
            let outcome: Result<Output, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            executor.finished.withLock {
                result.withLock { $0 = outcome }
                $0 = true
                executor.ready.signal()
            }
        }
        while !executor.finished.withLock({ $0 }) {
            executor.ready.wait()
            for job in executor.jobs.withLock({ jobs in
                defer { jobs.removeAll() }
                return jobs
            }) {
                job.runSynchronously(on: executor.asUnownedTaskExecutor())
            }
        }
        precondition(executor.jobs.withLock { $0.isEmpty }, "the io function left jobs behind it")
        return try result.withLock { $0! }.get()
    }
}

/// Page faults the process has taken that needed no disk read (a page first touched), every thread's: what a buffer
/// on fresh pages costs beyond its work. (Stagehand's warm-up runs until they stop, `WarmUp` in StagehandKit.)
func minorPageFaults() -> Int {
    var usage = rusage()
    #if os(Linux)
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    #else
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    #endif
    return Int(usage.ru_minflt)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// Times `body` on a fresh input from `prepare` each call, as the app calls it: in a loop of `loopRuns` calls, then
/// `cadenceCalls` calls at `ratePerSecond`, spaced as `arrival` spaces the interaction's arrivals. Neither `prepare`
/// nor `then` is timed. At the cadence, `prepare` runs the interaction's steps before this one just before the call, so
/// its input is as warm in the caches as the app's; `then` runs the steps after it with its result, so the result lives
/// on where the app keeps it (a view model, a cache) and the allocator's heap looks as it does in the app. (A result
/// dropped at once lets glibc hand the freed top of the heap back to the kernel: the image pipeline's blur then took
/// 2,048 page faults a call, its two 4 MB buffers mapped anew, which the app, holding the last image it showed, does
/// not take.)
///
/// It runs on the main actor, where the app calls these functions, and never suspends: every call is on the main
/// thread.
@MainActor
func measure<Input, Output>(
    _ name: String,
    ratePerSecond: Double,
    arrival: Arrival = .periodic,
    loopRuns: Int,
    cadenceCalls: Int,
    prepare: () throws -> Input,
    _ body: (Input) throws -> Output,
    then: (Output) throws -> Void = { _ in }
) throws {
    let clock = ContinuousClock()
    /// One call as the app makes it: its input prepared, the call timed and its page faults counted, the input released
    /// once the call is timed (before `then`, as the app's caller drops it), then the steps after it.
    func call() throws -> (time: Duration, faults: Int) {
        let output: Output
        let time: Duration
        let faults: Int
        do {
            let input = try prepare()
            let faultsBefore = minorPageFaults()
            let start = clock.now
            output = try body(input)
            time = withExtendedLifetime(input) { start.duration(to: clock.now) }
            faults = minorPageFaults() - faultsBefore
        }
        try then(output)
        return (time, faults)
    }
    _ = try call()  // first use: caches, connections, page faults
    var loop = Duration.zero
    for _ in 0..<loopRuns { loop += try call().time }
    var cadence = Duration.zero
    var faults = 0
    var gaps = ArrivalGaps(arrival, ratePerSecond: ratePerSecond)
    var tick = clock.now
    for _ in 0..<cadenceCalls {
        tick += gaps.next()
        waitForArrival(at: tick)
        let (time, faulted) = try call()
        cadence += time
        faults += faulted
    }
    var allocations = ""
    if interposerStats != nil {
        var total: Int64 = 0
        for _ in 0..<5 {
            let input = try prepare()
            let before = interposerAllocations() ?? 0
            let output = try body(input)
            total += (interposerAllocations() ?? 0) - before
            try then(output)
        }
        allocations = String(format: "  %10.1f allocations/call (malloc-interposer)", Double(total) / 5)
    }
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(
        padded
            + String(
                format: " loop %9.4f ms   at %5.1f/s %9.4f ms %7.1f page faults/call",
                milliseconds(loop) / Double(loopRuns),
                ratePerSecond,
                milliseconds(cadence) / Double(cadenceCalls),
                Double(faults) / Double(cadenceCalls)
            ) + allocations
    )
}

/// How an interaction's arrivals are spaced, as its workload declares them (`CodeInteraction`'s `arrival:`).
enum Arrival {
    /// One every 1/rate seconds.
    case periodic
    /// Independent arrivals at the rate: exponential gaps, so some come close behind the last (the connection table's
    /// parse read 10–20% less this way than spaced evenly, alternately in one process). A gap shorter than the call
    /// before it leaves the next call due at once, so calls run back to back until they catch up with the schedule,
    /// as queued arrivals do in a stage run.
    case poisson
}

/// The gaps between arrivals, by the formula of Stagehand's `ArrivalSchedule`, from a generator that makes no system
/// call (`SystemRandomNumberGenerator` would, just before a timed call). Written again here, not imported: this program
/// links only the app's code, because linking StagehandKit would put its allocation counter in front of the allocator
/// it times.
struct ArrivalGaps {
    private let arrival: Arrival
    private let ratePerSecond: Double
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(_ arrival: Arrival, ratePerSecond: Double) {
        self.arrival = arrival
        self.ratePerSecond = ratePerSecond
    }

    mutating func next() -> Duration {
        switch arrival {
        case .periodic:
            return .nanoseconds(Int64(1e9 / ratePerSecond))
        case .poisson:
            // SplitMix64, then a uniform in [0, 1) from its top 53 bits.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let uniform = Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
            return .nanoseconds(Int64(-log1p(-uniform) / ratePerSecond * 1e9))
        }
    }
}

/// Times `body`, an interaction of one step.
@MainActor
func measure(
    _ name: String,
    ratePerSecond: Double,
    arrival: Arrival = .periodic,
    loopRuns: Int,
    cadenceCalls: Int,
    _ body: () throws -> Void
) throws {
    try measure(
        name,
        ratePerSecond: ratePerSecond,
        arrival: arrival,
        loopRuns: loopRuns,
        cadenceCalls: cadenceCalls,
        prepare: {},
        body
    )
}

let arguments = CommandLine.arguments.dropFirst()
if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "--frames" }) {
    FileHandle.standardError.write(Data("error: unknown option '\(unknown)'; the one option is --frames\n".utf8))
    exit(64)
}
let only = arguments.first { $0 != "--frames" }  // a workload's name, to time only its steps

/// With `--frames`, main also draws frames while it waits for the next call, as Stagehand's stage runs do: every
/// 16.67 ms (60 Hz), 2 ms of CPU work on main (a code workload's `frameWorkMs`). Without it, main idles between calls,
/// as an app's does when nothing on screen changes.
let drawsFrames = arguments.contains("--frames")

/// Blocks main until `arrival`, drawing the frames due meanwhile with `--frames`.
func waitForArrival(at arrival: ContinuousClock.Instant) {
    let clock = ContinuousClock()
    let framePeriod = Duration.nanoseconds(16_666_667)
    while drawsFrames {
        let vsync = nextVsync(after: clock.now, period: framePeriod)
        guard vsync < arrival else { break }
        sleep(until: vsync)
        let end = clock.now + .milliseconds(2)
        var spin = 0
        while clock.now < end { spin &+= 1 }
        withExtendedLifetime(spin) {}
    }
    sleep(until: arrival)
}

/// The frames' grid: a vsync every period from the program's start.
let vsyncOrigin = ContinuousClock.now

/// The first vsync of the grid after `now`.
func nextVsync(after now: ContinuousClock.Instant, period: Duration) -> ContinuousClock.Instant {
    let elapsed = vsyncOrigin.duration(to: now)
    return vsyncOrigin + period * (Int(elapsed / period) + 1)
}

/// Sleeps the calling thread until `instant` (`nanosleep`: the thread stays the same, nothing awaits).
func sleep(until instant: ContinuousClock.Instant) {
    let left = ContinuousClock.now.duration(to: instant)
    guard left > .zero else { return }
    var request = timespec(
        tv_sec: Int(left.components.seconds),
        tv_nsec: Int(left.components.attoseconds / 1_000_000_000)
    )
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}

let workloads = ["news-feed", "image-pipeline", "connection-table", "note-preview"]
if let only, !workloads.contains(only) {
    FileHandle.standardError.write(
        Data("error: no workload '\(only)'; one of \(workloads.joined(separator: ", "))\n".utf8)
    )
    exit(64)
}

// Each step's `prepare` runs the workload's steps before it in its interaction (untimed), so its input is the one the
// app hands it, fresh from the step before.
if only == nil || only == "news-feed" {
    let client = FeedClient(baseURL: try OnThisThread.run { try await LoopbackServer.shared.baseURL })
    let fetch = { try OnThisThread.run { try await client.fetchFeed() } }
    let show = { (page: FeedPage) in FeedViewModel.shared.show(page) }
    try measure(
        "news-feed      io: fetch",
        ratePerSecond: 2,
        loopRuns: 10,
        cadenceCalls: 10,
        prepare: {},
        fetch,
        then: { show(try FeedPage.decode($0)) }
    )
    try measure(
        "news-feed      compute: decode",
        ratePerSecond: 2,
        loopRuns: 40,
        cadenceCalls: 12,
        prepare: fetch,
        { try FeedPage.decode($0) },
        then: show
    )
    try measure(
        "news-feed      ui: show",
        ratePerSecond: 2,
        loopRuns: 40,
        cadenceCalls: 12,
        prepare: { try FeedPage.decode(try fetch()) },
        show
    )
    try measure("news-feed      ui: scroll", ratePerSecond: 20, loopRuns: 2000, cadenceCalls: 60) {
        FeedViewModel.shared.scroll(by: 3)
    }
}

if only == nil || only == "image-pipeline" {
    var cache = ThumbnailCache()
    let read = { try OnThisThread.run { try await PhotoLibrary.read(PhotoLibrary.photo) } }
    let decode = { (photo: Data) in try RGBAImage(ppm: photo) }
    let blur = { (image: RGBAImage) in image.boxBlurred(radius: 2) }
    let thumbnail = { (image: RGBAImage) in (image, image.thumbnail(side: 128)) }
    let store = { (images: (RGBAImage, RGBAImage)) in (images.0, cache.store(images.1, for: "photo")) }
    let show = { (images: (RGBAImage, RGBAImage)) in PhotoViewModel.shared.show(images.0, thumbnail: images.1) }
    try measure(
        "image-pipeline io: read",
        ratePerSecond: 2,
        loopRuns: 40,
        cadenceCalls: 10,
        prepare: {},
        read,
        then: { show(store(thumbnail(blur(try decode($0))))) }
    )
    try measure(
        "image-pipeline compute: decode",
        ratePerSecond: 2,
        loopRuns: 40,
        cadenceCalls: 10,
        prepare: read,
        decode,
        then: { show(store(thumbnail(blur($0)))) }
    )
    try measure(
        "image-pipeline compute: blur",
        ratePerSecond: 2,
        loopRuns: 20,
        cadenceCalls: 10,
        prepare: { try decode(try read()) },
        blur,
        then: { show(store(thumbnail($0))) }
    )
    try measure(
        "image-pipeline compute: thumbnail",
        ratePerSecond: 2,
        loopRuns: 20,
        cadenceCalls: 10,
        prepare: { blur(try decode(try read())) },
        thumbnail,
        then: { show(store($0)) }
    )
    try measure(
        "image-pipeline state: thumbnails",
        ratePerSecond: 2,
        loopRuns: 20,
        cadenceCalls: 10,
        prepare: { thumbnail(blur(try decode(try read()))) },
        store,
        then: show
    )
    try measure(
        "image-pipeline ui: show",
        ratePerSecond: 2,
        loopRuns: 20,
        cadenceCalls: 10,
        prepare: { store(thumbnail(blur(try decode(try read())))) },
        show
    )
}

if only == nil || only == "connection-table" {
    let client = FeedClient(baseURL: try OnThisThread.run { try await LoopbackServer.shared.baseURL })
    let echo = { try OnThisThread.run { try await client.echo().count } }
    var table = ConnectionTable(preloaded: 20_000)
    let parsed = { try HTTPRequest(parsing: HTTPRequest.sample(connection: Int.random(in: 0..<25_000))) }
    try measure(
        "connection-table compute: parse",
        ratePerSecond: 150,
        arrival: .poisson,
        loopRuns: 2000,
        cadenceCalls: 300
    ) {
        _ = try parsed()
    }
    try measure(
        "connection-table state: open",
        ratePerSecond: 150,
        arrival: .poisson,
        loopRuns: 2000,
        cadenceCalls: 300,
        prepare: parsed,
        { request in _ = table.open(request) }
    )
    try measure(
        "connection-table io: upstream",
        ratePerSecond: 150,
        arrival: .poisson,
        loopRuns: 40,
        cadenceCalls: 40,
        prepare: { () throws -> HTTPRequest in
            let request = try parsed()
            _ = table.open(request)
            return request
        },
        { request in _ = (request, try echo()) }
    )
    try measure(
        "connection-table state: close",
        ratePerSecond: 150,
        arrival: .poisson,
        loopRuns: 200,
        cadenceCalls: 100,
        prepare: { () throws -> (HTTPRequest, Int) in
            let request = try parsed()
            _ = table.open(request)
            return (request, try echo())
        },
        { response in _ = table.close(connection: response.0.connection, bytes: response.1) }
    )
    try measure(
        "connection-table ui: status",
        ratePerSecond: 150,
        arrival: .poisson,
        loopRuns: 2000,
        cadenceCalls: 300,
        prepare: { () throws -> ConnectionTotals in
            let request = try parsed()
            _ = table.open(request)
            return table.close(connection: request.connection, bytes: 11)
        },
        { totals in StatusViewModel.shared.show(totals) }
    )
}

if only == nil || only == "note-preview" {
    let show = { (html: String) in PreviewViewModel.shared.show(html) }
    try measure(
        "note-preview   compute: render",
        ratePerSecond: 8,
        loopRuns: 40,
        cadenceCalls: 24,
        prepare: {},
        { NotePreview.render(NotePreview.sample) },
        then: show
    )
    try measure(
        "note-preview   ui: show",
        ratePerSecond: 8,
        loopRuns: 40,
        cadenceCalls: 24,
        prepare: { NotePreview.render(NotePreview.sample) },
        show
    )
}
