import Foundation
import StagehandCLI
import Synchronization

// Workloads declared in Swift that test Stagehand's code steps (`StagehandCLITests/CodeWorkloadTests`): where each
// step's closure runs, values flowing between steps, and user code that throws, traps or deadlocks.
//
// With `STAGEHAND_PLACEMENT_LOG` set, every code step appends one line to that file: `<step> main=<true|false>`, plus
// what it checked (the value it was given, whether another access to the state ran at the same time).

/// Appends `line` to the placement log, when the test asked for one.
func log(_ line: String) {
    guard let path = ProcessInfo.processInfo.environment["STAGEHAND_PLACEMENT_LOG"] else { return }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array((line + "\n").utf8)
    _ = write(descriptor, bytes, bytes.count)
}

/// A tally that `state` steps update; it counts accesses running at once, which must never exceed one.
struct Tally {
    var total = 0
}

/// Accesses to the tally in progress, across threads: more than one means the state was not serialised.
let tallyAccesses = Atomic<Int>(0)

let tally = Subsystem("tally") { Tally() }

let placement = CodeWorkload(
    "placement",
    description: "Each kind of code step logs where it ran and what value it was given.",
    durationSeconds: 0.5
) {
    // Poisson arrivals close together, so interactions overlap: unserialised state accesses would be caught.
    CodeInteraction("tap", ratePerSecond: 200, arrival: .poisson)
        .io("fetch") {
            log("io main=\(MainQueue.isCurrent)")
            try await Task.sleep(for: .milliseconds(1))
            return 21
        }
        .compute("double") { (value: Int) in
            log("compute main=\(MainQueue.isCurrent) input=\(value)")
            return value * 2
        }
        .state(tally) { (tally: inout Tally, value: Int) in
            let concurrent = tallyAccesses.add(1, ordering: .sequentiallyConsistent).newValue > 1
            defer { tallyAccesses.subtract(1, ordering: .sequentiallyConsistent) }
            usleep(1000)  // long enough for an unserialised access to overlap
            tally.total += value
            log("state main=\(MainQueue.isCurrent) input=\(value) overlapped=\(concurrent)")
            return "\(value)"
        }
        .ui("show") { (text: String) in
            log("ui main=\(MainQueue.isCurrent) input=\(text)")
        }
}

/// An error of the user's code, with a text the report must carry.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

let throwing = CodeWorkload(
    "throws",
    description: "Every other request's parse throws.",
    durationSeconds: 0.5
) {
    CodeInteraction("request", ratePerSecond: 20)
        .compute("parse") { () throws -> Int in
            struct Counter { static let calls = Atomic<Int>(0) }
            let call = Counter.calls.add(1, ordering: .relaxed).newValue
            if call.isMultiple(of: 2) { throw FixtureError(description: "bad input at byte 42") }
            return call
        }
        .ui("show") { (_: Int) in }
}

let trapping = CodeWorkload(
    "traps",
    description: "The user's code traps.",
    durationSeconds: 0.5
) {
    CodeInteraction("tap", ratePerSecond: 10)
        .compute("explode") { () -> Int in fatalError("fixture trap in the user's code") }
}

/// A 30 ms parse, so main-only and async hitch, that traps in the second run of `offloaded` and in no other run (the
/// stage and repetition are read from the child's own arguments, as only a test fixture would): a profile where the
/// stage the walk reaches crashes in one run of three.
let crashingSometimes = CodeWorkload(
    "crashes-sometimes",
    description: "A 30 ms parse that traps in the second run of offloaded.",
    durationSeconds: 1
) {
    CodeInteraction("refresh", ratePerSecond: 10)
        .compute("parse") { () -> Int in
            let run = CommandLine.arguments.joined()
            if run.contains(#""repetition":2,"#), run.contains(#""stage":"offloaded""#) {
                fatalError("fixture trap in the second run of offloaded")
            }
            let end = ContinuousClock.now + .milliseconds(30)
            while ContinuousClock.now < end {}  // long enough to hitch on main: the walk wants offloaded
            return 1
        }
        .ui("show") { (_: Int) in }
}

let deadlocking = CodeWorkload(
    "deadlocks",
    description: "An io body that needs the main actor: fine when awaited, a deadlock in main-only.",
    durationSeconds: 0.5
) {
    CodeInteraction("refresh", ratePerSecond: 4)
        .io("load") { () async -> Int in
            await MainActor.run { 1 }
        }
}

let idleIO = CodeWorkload(
    "idle-io",
    description: "An io body that allocates nothing: what main-only's blocking wait allocates is the harness's.",
    durationSeconds: 0.5
) {
    CodeInteraction("poll", ratePerSecond: 40)
        .io("nothing") { () async -> Int in 0 }
}

let simulatedIO = CodeWorkload(
    "simulated-io",
    description: "idle-io with its io step simulated: a wait that allocates nothing, with no blocking wait for a body.",
    durationSeconds: 0.5
) {
    CodeInteraction("poll", ratePerSecond: 40)
        .simulated(.io, "nothing", ms: 0)
}

/// A request the user's own code awaits for 2 s, four a second: a stage that keeps up, with every request still
/// awaiting its answer when a 1 s run ends.
let slowIO = CodeWorkload(
    "slow-io",
    description:
        "A 2 s request awaited in the user's io body: unfinished at the end, but no work left without a thread.",
    durationSeconds: 1
) {
    CodeInteraction("refresh", ratePerSecond: 4)
        .io("request") { () async throws -> Int in
            try await Task.sleep(for: .seconds(2))
            return 1
        }
}

/// What a fetch returns: articles, as JSON, decoded after the await.
struct Article: Codable {
    var id: Int
    var title: String
    var summary: String
    var tags: [String]
}

/// About 10 ms of decoding here (release; Foundation's decoder is the same in a debug build).
let articlesJSON: Data = {
    let articles = (0..<3000).map { index in
        Article(
            id: index,
            title: "Article \(index)",
            summary: String(repeating: "Lorem ipsum dolor sit amet. ", count: 4),
            tags: ["swift", "concurrency", "tag\(index % 17)"]
        )
    }
    return try! JSONEncoder().encode(articles)
}()

/// A fetch that waits 20 ms for its answer and then decodes it in the body, after the await: glue code that Swift 6.2
/// runs on the caller's actor (`--io nonsending`) and Swift 6.0 and 6.1 on the pool (`--io concurrent`).
let ioDecode = CodeWorkload(
    "io-decode",
    description: "A 20 ms request whose body decodes about 10 ms of JSON after its await.",
    durationSeconds: 1
) {
    CodeInteraction("refresh", ratePerSecond: 8)
        .io("fetch") { () async throws -> Int in
            try await Task.sleep(for: .milliseconds(20))
            log("io-decode main=\(MainQueue.isCurrent)")
            return try JSONDecoder().decode([Article].self, from: articlesJSON).count
        }
        .ui("show") { (_: Int) in }
}

/// Two workloads alike but for the width of the values their steps pass on: an `Int`, which an `any Sendable` holds
/// inline, or a 32-byte struct, which it boxes on the heap. Neither step allocates, so their counts must match.
struct Wide: Sendable {
    var a = 1
    var b = 2
    var c = 3
    var d = 4
}

let narrowValues = CodeWorkload("narrow-values", description: "Steps passing an Int.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 40)
        .compute("make") { 1 }
        .state(tally) { tally, value in
            tally.total += value
            return value
        }
        .io("send") { (value: Int) async throws -> Int in value }
        .ui("show") { (value: Int) in value + 1 }
}

let wideValues = CodeWorkload("wide-values", description: "Steps passing a 32-byte struct.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 40)
        .compute("make") { Wide() }
        .state(tally) { tally, value in
            tally.total += value.a
            return value
        }
        .io("send") { (value: Wide) async throws -> Wide in value }
        .ui("show") { (value: Wide) in Wide(a: value.a + 1) }
}

/// One step of each of two kinds, neither allocating: calling a `ui` step onto the main actor must count no more than
/// running a `compute` step where it is.
let computeOnly = CodeWorkload("compute-only", description: "One compute step.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 40).compute("make") { 1 }
}

let uiOnly = CodeWorkload("ui-only", description: "One ui step.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 40).ui("show") { 1 }
}

/// One io step that allocates nothing and awaits nothing: what awaiting it costs in each stage is the harness's.
let ioOnly = CodeWorkload("io-only", description: "One io step.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 40).io("send") { 1 }
}

/// A value whose release takes 20 ms (its `deinit` sleeps), handed from one step to the next: the step that takes it
/// is not charged for releasing it.
final class SlowToRelease: Sendable {
    deinit { usleep(20_000) }
}

let slowRelease = CodeWorkload("slow-release", description: "A value slow to release.", durationSeconds: 1) {
    CodeInteraction("tap", ratePerSecond: 10)
        .compute("make") { SlowToRelease() }
        .compute("take") { (_: SlowToRelease) in 1 }
}

/// The same value taken by an `io` step: in `main-only` main blocks for the body, and the release after it is the io
/// step's main-thread work, not its duration, as for a `compute` step.
let slowReleaseIO = CodeWorkload(
    "slow-release-io",
    description: "A value slow to release, taken by io.",
    durationSeconds: 1
) {
    CodeInteraction("tap", ratePerSecond: 10)
        .compute("make") { SlowToRelease() }
        .io("take") { (_: SlowToRelease) async throws in 1 }
}

/// Built on first use, as a lazily loaded asset is: 300 ms the first time a process touches it, nothing after. (A
/// static property, because a global of `main.swift` is built as the program starts.)
enum ColdAsset {
    static let value: Int = {
        usleep(300_000)
        return 1
    }()
}

/// A view whose first showing in a process builds the asset on main: a hang once a launch, which warm arrivals never
/// show.
let coldStart = CodeWorkload("cold-start", description: "A view built from a lazily loaded asset.", durationSeconds: 1)
{
    CodeInteraction("open", ratePerSecond: 20).ui("show") { ColdAsset.value }
}

// Scenarios of `Benchmarks/` that only Swift can state (`scripts/rare-verdicts.py` profiles them with this
// executable): a step whose cost is drawn per call, and one whose first call in a process builds what it needs.

/// Busy on this thread for `milliseconds`: CPU work, as a decode is, not a sleep.
func spin(milliseconds: Double) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .microseconds(Int64(milliseconds * 1000)))
    var sink = 0
    while clock.now < end { sink &+= 1 }
    precondition(sink >= 0)
}

/// Frequent cheap taps, beside each scenario's rare interaction.
let scenarioTaps = CodeInteraction("tap", ratePerSecond: 4, arrival: .poisson).ui("redraw") { spin(milliseconds: 0.5) }

/// Opening an attachment about once every 10 s decodes for 20 ms three times in four and for 300 ms once in four (a
/// large one): on main that is a hang one open in four. Right verdict: offloaded. Which call is slow is the code's own
/// draw, as an app's cache misses are, not the profile's seed: a seed's profile repeats its arrivals, not them.
let rareTail = CodeWorkload(
    "rare-tail",
    description: "A rare decode with a slow path one call in four.",
    durationSeconds: 3
) {
    CodeInteraction("open", ratePerSecond: 0.1, arrival: .poisson)
        .compute("decode") { () -> Int in
            let large = Int.random(in: 0..<4) == 0
            spin(milliseconds: large ? 300 : 20)
            return large ? 2 : 1
        }
        .ui("show") { (_: Int) in spin(milliseconds: 2) }
    scenarioTaps
}

/// Built on first use in a process: 300 ms of work the first time, nothing after.
enum GlyphAtlas {
    static let size: Int = {
        spin(milliseconds: 300)
        return 1
    }()
}

/// Opening a document about once every 10 s lays it out for 5 ms, with a glyph atlas that its first opening in a
/// process builds for 300 ms: on main, a hang once a launch that warm openings never show. Right verdict: offloaded.
let rareCold = CodeWorkload(
    "rare-cold",
    description: "A rare layout whose first call in a process builds an atlas.",
    durationSeconds: 3
) {
    CodeInteraction("open", ratePerSecond: 0.1, arrival: .poisson)
        .compute("layout") { () -> Int in
            spin(milliseconds: 5)
            return GlyphAtlas.size
        }
        .ui("show") { (_: Int) in spin(milliseconds: 2) }
    scenarioTaps
}

await Stagehand.main(
    workloads: [
        placement, throwing, trapping, crashingSometimes, deadlocking, idleIO, simulatedIO, slowIO, ioDecode,
        narrowValues, wideValues, computeOnly, uiOnly, ioOnly, slowRelease, slowReleaseIO, coldStart,
        rareTail, rareCold,
    ]
)
