import Foundation

/// Writes the stage runs of a profile, event by event, as Chrome's trace-event JSON: it opens in Perfetto
/// (ui.perfetto.dev) and `chrome://tracing`.
///
/// One process per stage, with a track per thread (main first, then each pool thread that ran a step) holding its
/// frames and steps, and hitches and hangs marked where they happened. Waits that hold no thread (hops, awaited I/O,
/// whole interactions) are async slices, packed into as few rows as do not overlap. Every run keeps its place on the
/// monotonic clock, so the stages appear in the order they ran and one hitch can be looked at across tracks.
///
/// Runs are streamed to a temporary file as they are added, so memory holds one run's events at most; ``finish()``
/// puts the file in place whole, and a profile that stops early leaves nothing behind (``discard()``).
final class ChromeTrace {
    /// One measured stage run and what its child process recorded.
    package struct Run: Sendable {
        package var stage: Stage
        package var repetition: Int
        var recording: TraceLog.Recording

        package init(stage: Stage, repetition: Int, recording: TraceLog.Recording) {
            self.stage = stage
            self.repetition = repetition
            self.recording = recording
        }
    }

    /// At most this many waits with the same name overlap in a stage's rows; a wait beyond it is counted, not drawn.
    static let maximumRows = 64

    private let destination: URL
    private let partial: URL
    private let handle: FileHandle
    private let workload: String
    /// Time zero of the trace: when the profile started.
    private let origin: Instant
    private var text = ""
    private var separator = ""
    private var threads: [Stage: Int] = [:]
    private var rows: [Stage: Rows] = [:]
    /// One async track per row of same-named waits: its events share an id and never overlap.
    private var ids: [RowKey: Int] = [:]
    private var undrawn = 0
    /// Runs that were measured but whose recording could not be read.
    private var missing: [String] = []

    /// Starts a trace of `workload`'s profile, begun at `origin`, to be written at `destination`.
    ///
    /// - Throws: when the temporary file beside `destination` cannot be created.
    init(destination: URL, workload: String, origin: Instant) throws {
        self.destination = destination
        self.workload = workload
        self.origin = origin
        partial = destination.deletingLastPathComponent()
            .appending(path: ".\(destination.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path])
        }
        handle = try FileHandle(forWritingTo: partial)
        text = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
    }

    deinit {
        try? handle.close()
    }

    /// Adds one run's events.
    package func add(_ run: Run) throws {
        let stage = run.stage
        threads[stage] = max(threads[stage] ?? 1, run.recording.threads)
        for event in run.recording.events where !event.isWait {
            let (name, category, args) = Self.describe(event)
            let slice = event.what == .frame || event.what == .step  // hitches and hangs are moments
            append(
                name: name,
                category: category,
                phase: slice ? "X" : "i",
                at: event.start,
                duration: slice ? event.end.nanoseconds(since: event.start) : nil,
                stage: stage,
                thread: (event.thread ?? 0) + 1,
                scope: slice ? nil : "t",
                args: args
            )
        }
        var details: [(String, Argument)] = [("repetition", .number(run.repetition))]
        if run.recording.dropped > 0 {
            details.append(("events not kept", .text("\(run.recording.dropped), past the first \(TraceLog.capacity)")))
        }
        var waits = run.recording.events.filter(\.isWait).map { event in
            let (name, category, args) = Self.describe(event)
            return Wait(name: name, category: category, start: event.start, end: event.end, args: args)
        }
        waits.append(
            Wait(
                name: "measured run",
                category: "run",
                start: run.recording.start,
                end: run.recording.end,
                args: details
            )
        )
        var stageRows = rows[stage] ?? Rows()
        defer { rows[stage] = stageRows }
        for wait in waits.sorted(by: { $0.start < $1.start }) {
            guard let row = stageRows.place(wait.name, from: wait.start, to: wait.end) else {
                undrawn += 1
                continue
            }
            let key = RowKey(stage: stage, name: wait.name, row: row)
            let id = ids[key] ?? ids.count + 1
            ids[key] = id
            append(
                name: wait.name,
                category: wait.category,
                phase: "b",
                at: wait.start,
                stage: stage,
                id: id,
                args: wait.args
            )
            append(name: wait.name, category: wait.category, phase: "e", at: wait.end, stage: stage, id: id)
        }
        try flush()
    }

    /// Notes a measured run whose recording could not be read, so the trace says it is missing.
    package func missed(stage: Stage, repetition: Int) {
        missing.append("\(stage.rawValue) repetition \(repetition)")
    }

    /// Names the processes and threads, closes the JSON and puts the file at its destination.
    package func finish() throws {
        for stage in Stage.allCases {
            guard let threads = threads[stage] else { continue }
            append(metadata: "process_name", stage: stage, ("name", .text(stage.rawValue)))
            append(metadata: "process_sort_index", stage: stage, ("sort_index", .number(stage.number)))
            for thread in 0..<threads {
                let name = thread == 0 ? "main thread" : "pool thread \(thread)"
                append(metadata: "thread_name", stage: stage, thread: thread + 1, ("name", .text(name)))
            }
        }
        var metadata = [("tool", "stagehand"), ("workload", workload)]
        if !missing.isEmpty {
            metadata.append(("runs without a trace", missing.joined(separator: ", ")))
        }
        if undrawn > 0 {
            metadata.append(
                ("waits not drawn", "\(undrawn): more than \(Self.maximumRows) with one name at once in a stage")
            )
        }
        text += "\n],\"otherData\":{"  // the format's place for a trace's own metadata
        text += metadata.map { "\(Self.quoted($0.0)):\(Self.quoted($0.1))" }.joined(separator: ",") + "}}\n"
        try flush()
        try handle.close()
        guard rename(partial.path, destination.path) == 0 else {  // atomic: the old file or the new one, whole
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }

    /// Leaves nothing behind: for a profile that stops before it finishes.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: partial)
    }

    // MARK: Events

    /// An event argument: text, or a number where the format asks for one (sort indexes).
    private enum Argument {
        case text(String)
        case number(Int)

        var json: String {
            switch self {
            case .text(let text): ChromeTrace.quoted(text)
            case .number(let number): String(number)
            }
        }
    }

    /// A wait as drawn: an async slice.
    private struct Wait {
        var name: String
        var category: String
        var start: Instant
        var end: Instant
        var args: [(String, Argument)]
    }

    private struct RowKey: Hashable {
        var stage: Stage
        var name: String
        var row: Int
    }

    /// Appends one event; `nil` fields are left out.
    private func append(
        name: String,
        category: String,
        phase: String,
        at instant: Instant,
        duration: UInt64? = nil,
        stage: Stage,
        thread: Int = 1,
        id: Int? = nil,
        scope: String? = nil,
        args: [(String, Argument)] = []
    ) {
        var fields = [
            "\"name\":\(Self.quoted(name))", "\"cat\":\(Self.quoted(category))", "\"ph\":\"\(phase)\"",
            "\"ts\":\(Self.microseconds(instant.nanoseconds(since: origin)))",
        ]
        if let duration { fields.append("\"dur\":\(Self.microseconds(duration))") }
        fields.append("\"pid\":\(stage.number)")
        fields.append("\"tid\":\(thread)")
        if let id { fields.append("\"id\":\(id)") }
        if let scope { fields.append("\"s\":\"\(scope)\"") }
        if !args.isEmpty {
            fields.append("\"args\":{" + args.map { "\(Self.quoted($0.0)):\($0.1.json)" }.joined(separator: ",") + "}")
        }
        text += separator + "{" + fields.joined(separator: ",") + "}"
        separator = ",\n"
    }

    private func append(metadata name: String, stage: Stage, thread: Int = 1, _ arg: (String, Argument)) {
        text +=
            separator + "{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":\(stage.number),\"tid\":\(thread),"
            + "\"args\":{\(Self.quoted(arg.0)):\(arg.1.json)}}"
        separator = ",\n"
    }

    private func flush() throws {
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
    }

    private static func microseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.3f", Double(nanoseconds) / 1000)
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// How an event is named, categorised and annotated in the trace.
    private static func describe(_ event: TraceLog.Event) -> (String, String, [(String, Argument)]) {
        var args: [(String, Argument)] = []
        if let interaction = event.interaction { args.append(("interaction", .text(interaction))) }
        let ms = Argument.text((event.milliseconds ?? 0).reportFormatted)
        switch event.what {
        case .frame:
            args.append(("waited for main (ms)", ms))
            if let dropped = event.count, dropped > 0 { args.append(("vsyncs dropped before it", .number(dropped))) }
            return ("frame", "frame", args)
        case .frameWait:
            return ("frame waits for main", "frame", args + [("waited (ms)", ms)])
        case .hitch:
            var cause: [(String, Argument)] = event.label.isEmpty ? [] : [("caused mostly by", .text(event.label))]
            if let percent = event.count { cause.append(("its share of the late time (%)", .number(percent))) }
            return (
                event.label.isEmpty ? "hitch" : "hitch: \(event.label)", "hitch",
                args + [("past its deadline (ms)", ms)] + cause
            )
        case .hang:
            return ("hang", "hang", args + [("main unresponsive (ms)", ms)])
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
            if let entries = event.count { args.append(("main-actor entries", .number(entries))) }
            return (event.label, "interaction", args)
        }
    }

    /// Greedy packing of waits into non-overlapping rows per name, so each row is one async track.
    private struct Rows {
        /// Per name, when each row is free again.
        var ends: [String: [Instant]] = [:]

        /// The row the wait gets, or `nil` when ``ChromeTrace/maximumRows`` rows are busy at its start.
        mutating func place(_ name: String, from start: Instant, to end: Instant) -> Int? {
            var rows = ends[name, default: []]
            defer { ends[name] = rows }
            if let free = rows.firstIndex(where: { $0 < start }) {  // strictly: an end and a begin never share a time
                rows[free] = end
                return free
            }
            guard rows.count < ChromeTrace.maximumRows else { return nil }
            rows.append(end)
            return rows.count - 1
        }
    }
}
