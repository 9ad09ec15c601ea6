import Foundation

/// How a stage child hands its trace to the profile: a line of tab-separated fields per event.
///
/// Plain lines rather than `JSONEncoder`, which needed some 2 KB of memory per event (200 MB for a full run) and
/// would have made a traced child's peak memory mostly the encoder's.
extension TraceLog.Recording {
    static let formatLine = "stagehand-trace 1"

    /// Writes the recording to `url` in one step.
    package func write(to url: URL) throws {
        var text = "\(Self.formatLine)\t\(threads)\t\(dropped)\t\(start.nanoseconds)\t\(end.nanoseconds)\n"
        text.reserveCapacity(events.count * 64)
        for event in events {
            let fields: [String] = [
                event.what.rawValue, Self.field(event.label), event.interaction.map(Self.field) ?? "",
                event.kind?.rawValue ?? "", event.thread.map(String.init) ?? "", String(event.start.nanoseconds),
                String(event.end.nanoseconds), event.milliseconds.map { String($0) } ?? "",
                event.count.map(String.init) ?? "",
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Reads a recording that ``write(to:)`` wrote.
    ///
    /// - Throws: `CocoaError(.fileReadCorruptFile)` for a file in any other shape.
    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        let corrupt = CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        guard let header = lines.next()?.split(separator: "\t", omittingEmptySubsequences: false), header.count == 5,
            header[0] == Self.formatLine, let threads = Int(header[1]), let dropped = Int(header[2]),
            let start = UInt64(header[3]), let end = UInt64(header[4])
        else { throw corrupt }
        self.init(
            threads: threads,
            dropped: dropped,
            start: Instant(nanoseconds: start),
            end: Instant(nanoseconds: end)
        )
        while let line = lines.next() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 9, let what = TraceLog.Event.What(rawValue: fields[0]),
                let start = UInt64(fields[5]), let end = UInt64(fields[6])
            else { throw corrupt }
            events.append(
                TraceLog.Event(
                    what,
                    label: fields[1],
                    interaction: fields[2].isEmpty ? nil : fields[2],
                    kind: StepKind(rawValue: fields[3]),
                    thread: Int(fields[4]),
                    start: Instant(nanoseconds: start),
                    end: Instant(nanoseconds: end),
                    milliseconds: Double(fields[7]),
                    count: Int(fields[8])
                )
            )
        }
    }

    /// A name as one field: spec names cannot hold tabs or newlines, but a workload built in code could.
    private static func field(_ name: String) -> String {
        name.contains(where: { $0 == "\t" || $0.isNewline })
            ? String(name.map { $0 == "\t" || $0.isNewline ? " " : $0 }) : name
    }
}
