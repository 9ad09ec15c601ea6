import Foundation

/// The stage runs of a profile, event by event, in Chrome's trace-event JSON format: it opens in Perfetto
/// (ui.perfetto.dev) and `chrome://tracing`.
///
/// One process per stage, with a track per thread (main first, then each pool thread that ran a step) holding its
/// frames and steps, and hitches and hangs marked where they happened. Waits that hold no thread (hops, awaited I/O,
/// whole interactions) are async slices, packed into as few rows as do not overlap. Every run keeps its place on the
/// monotonic clock, so the stages appear in the order they ran and one hitch can be looked at across tracks.
public struct ChromeTrace: Sendable {
    /// One measured stage run and what its child process recorded.
    public struct Run: Sendable {
        public var stage: Stage
        public var repetition: Int
        public var recording: TraceLog.Recording

        public init(stage: Stage, repetition: Int, recording: TraceLog.Recording) {
            self.stage = stage
            self.repetition = repetition
            self.recording = recording
        }
    }

    /// At most this many waits with the same name overlap in a stage's rows; a wait beyond it is counted, not drawn.
    static let maximumRows = 64

    public var workload: String
    public var runs: [Run]

    public init(workload: String, runs: [Run]) {
        self.workload = workload
        self.runs = runs
    }

    /// The trace as JSON.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var metadata = ["workload": workload, "tool": "stagehand"]
        let (events, undrawn) = events()
        if undrawn > 0 {
            metadata["waits not drawn"] = "\(undrawn): more than \(Self.maximumRows) with one name at once in a stage"
        }
        return try encoder.encode(File(traceEvents: events, metadata: metadata))
    }

    /// Writes the trace to `url` in one step: the file is there whole or not at all.
    public func write(to url: URL) throws {
        try data().write(to: url, options: .atomic)
    }

    // MARK: Events

    private struct File: Encodable {
        var traceEvents: [Event]
        var displayTimeUnit = "ms"
        var metadata: [String: String]
    }

    /// One trace event; `nil` fields are left out.
    private struct Event: Encodable {
        var name: String
        var cat: String?
        var ph: String
        /// Microseconds from the first run's start.
        var ts: Double
        var dur: Double?
        var pid: Int
        var tid: Int
        var id: Int?
        /// Scope of an instant event: `t`, the thread.
        var s: String?
        var args: [String: Argument]?
    }

    /// An event argument: text, or a number where the format asks for one (sort indexes).
    private enum Argument: Encodable {
        case text(String)
        case number(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    /// A wait as drawn: an async slice.
    private struct Wait {
        var name: String
        var category: String
        var start: Instant
        var end: Instant
        var args: [String: Argument]
    }

    /// How an event is named, categorised and annotated in the trace.
    private static func describe(_ event: TraceLog.Event) -> (String, String, [String: Argument]) {
        var args: [String: Argument] = [:]
        if let interaction = event.interaction { args["interaction"] = .text(interaction) }
        let ms = event.milliseconds.map { Argument.text($0.reportFormatted) }
        switch event.what {
        case .frame:
            args["waited for main (ms)"] = ms
            if let dropped = event.count, dropped > 0 { args["vsyncs dropped before it"] = .number(dropped) }
            return ("frame", "frame", args)
        case .frameWait:
            args["waited (ms)"] = ms
            return ("frame waits for main", "frame", args)
        case .hitch:
            args["past its deadline (ms)"] = ms
            return ("hitch", "hitch", args)
        case .hang:
            args["main unresponsive (ms)"] = ms
            return ("hang", "hang", args)
        case .step:
            let kind = event.kind ?? .compute
            return (kind == .io ? "\(event.label) (blocking io)" : event.label, kind.rawValue, args)
        case .awaitedIO:
            return ("io \(event.label)", "io", args)
        case .handlerWait:
            return ("event waits for its handler", "hop", args)
        case .mainActorHop:
            return ("hop to main actor", "hop", args)
        case .poolHop:
            return ("hop to pool", "hop", args)
        case .actorHop:
            return ("hop to \(event.label) actor", "hop", args)
        case .interaction:
            if let entries = event.count { args["main-actor entries"] = .number(entries) }
            return (event.label, "interaction", args)
        }
    }

    /// The events, and how many waits were left undrawn.
    private func events() -> ([Event], Int) {
        var builder = Builder(origin: runs.map(\.recording.start).min() ?? Instant(nanoseconds: 0))
        for stage in Stage.allCases {
            let runs = runs.filter { $0.stage == stage }.sorted { $0.repetition < $1.repetition }
            guard !runs.isEmpty else { continue }
            builder.describe(stage, threads: runs.map(\.recording.threads).max() ?? 1)
            var rows = Rows()
            for run in runs { builder.add(run, rows: &rows) }
            builder.undrawn += rows.undrawn
        }
        return (builder.events, builder.undrawn)
    }

    /// Turns recordings into trace events, with times in microseconds from `origin`.
    private struct Builder {
        let origin: Instant
        var events: [Event] = []
        /// One async track per row of same-named waits: its events share an id and never overlap.
        var ids: [RowKey: Int] = [:]
        var undrawn = 0

        /// Names the stage's process and its threads.
        mutating func describe(_ stage: Stage, threads: Int) {
            let pid = stage.number
            events.append(metadata("process_name", pid: pid, ["name": .text(stage.rawValue)]))
            events.append(metadata("process_sort_index", pid: pid, ["sort_index": .number(pid)]))
            for thread in 0..<threads {
                let name = thread == 0 ? "main thread" : "pool thread \(thread)"
                events.append(metadata("thread_name", pid: pid, tid: thread + 1, ["name": .text(name)]))
            }
        }

        /// The run's slices and marks on their threads, and its waits (the run itself among them) in rows.
        mutating func add(_ run: Run, rows: inout Rows) {
            let pid = run.stage.number
            let recording = run.recording
            for event in recording.events where !event.isWait {
                let (name, category, args) = ChromeTrace.describe(event)
                let slice = event.what == .frame || event.what == .step  // hitches and hangs are moments
                events.append(
                    Event(
                        name: name,
                        cat: category,
                        ph: slice ? "X" : "i",
                        ts: micros(event.start),
                        dur: slice ? Double(event.end.nanoseconds(since: event.start)) / 1000 : nil,
                        pid: pid,
                        tid: (event.thread ?? 0) + 1,
                        s: slice ? nil : "t",
                        args: args
                    )
                )
            }
            var details: [String: Argument] = ["repetition": .number(run.repetition)]
            if recording.dropped > 0 {
                details["events not kept"] = .text("\(recording.dropped), past the first \(TraceLog.capacity)")
            }
            var waits = recording.events.filter(\.isWait).map { event in
                let (name, category, args) = ChromeTrace.describe(event)
                return Wait(name: name, category: category, start: event.start, end: event.end, args: args)
            }
            waits.append(
                Wait(name: "measured run", category: "run", start: recording.start, end: recording.end, args: details)
            )
            for wait in waits.sorted(by: { $0.start < $1.start }) {
                guard let row = rows.place(wait.name, from: wait.start, to: wait.end) else { continue }
                let key = RowKey(pid: pid, name: wait.name, row: row)
                let id = ids[key] ?? ids.count + 1
                ids[key] = id
                var begin = Event(
                    name: wait.name,
                    cat: wait.category,
                    ph: "b",
                    ts: micros(wait.start),
                    pid: pid,
                    tid: 1,
                    id: id,
                    args: wait.args
                )
                events.append(begin)
                begin.ph = "e"
                begin.ts = micros(wait.end)
                begin.args = nil
                events.append(begin)
            }
        }

        private func micros(_ instant: Instant) -> Double { Double(instant.nanoseconds &- origin.nanoseconds) / 1000 }

        private func metadata(_ name: String, pid: Int, tid: Int = 1, _ args: [String: Argument]) -> Event {
            Event(name: name, ph: "M", ts: 0, pid: pid, tid: tid, args: args)
        }
    }

    private struct RowKey: Hashable {
        var pid: Int
        var name: String
        var row: Int
    }

    /// Greedy packing of waits into non-overlapping rows per name, so each row is one async track.
    private struct Rows {
        /// Per name, when each row is free again.
        var ends: [String: [Instant]] = [:]
        var undrawn = 0

        /// The row the wait gets, or `nil` when ``ChromeTrace/maximumRows`` rows are busy at its start.
        mutating func place(_ name: String, from start: Instant, to end: Instant) -> Int? {
            var rows = ends[name, default: []]
            defer { ends[name] = rows }
            if let free = rows.firstIndex(where: { $0 <= start }) {
                rows[free] = end
                return free
            }
            guard rows.count < ChromeTrace.maximumRows else {
                undrawn += 1
                return nil
            }
            rows.append(end)
            return rows.count - 1
        }
    }
}
