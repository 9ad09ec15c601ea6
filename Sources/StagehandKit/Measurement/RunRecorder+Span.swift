extension RunRecorder {
    /// A stretch of time on the run's clock.
    struct Span: Equatable {
        var start: Instant
        var end: Instant
        var nanoseconds: UInt64 { end.nanoseconds(since: start) }

        /// The hangs among stretches in which main did not answer: overlapping stretches are one hang (a frame waiting
        /// behind a long job is that job's hang), lasting from the first stretch's start to the last one's end.
        static func hangs(_ stretches: [Span]) -> [Span] {
            var hangs: [Span] = []
            for stretch in stretches.sorted(by: { $0.start < $1.start }) {
                if let last = hangs.last, stretch.start < last.end {
                    hangs[hangs.count - 1].end = max(last.end, stretch.end)
                } else {
                    hangs.append(stretch)
                }
            }
            return hangs
        }
    }
}
