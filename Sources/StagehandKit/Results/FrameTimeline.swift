/// Every frame of one run, for a timeline chart: when its vsync was, and how long after it the frame was done.
///
/// Bounded: at most ``capacity`` frames are kept (about 33 s at 120 Hz), and the storage is reserved up front so
/// recording a frame never allocates inside the measured run.
struct FrameTimeline: Codable, Sendable, Equatable {
    package static let capacity = 4000

    /// Vsync of each frame, in milliseconds from the run's first vsync.
    var vsyncMs: [Double] = []
    /// Frame done − vsync, in milliseconds: past the frame budget, the frame hitched.
    var doneAfterVsyncMs: [Double] = []

    init() {}

    init(reserving capacity: Int) {
        vsyncMs.reserveCapacity(capacity)
        doneAfterVsyncMs.reserveCapacity(capacity)
    }

    mutating func add(vsync: Instant, done: Instant, firstVsync: Instant) {
        guard vsyncMs.count < Self.capacity else { return }
        vsyncMs.append(vsync.milliseconds(since: firstVsync))
        doneAfterVsyncMs.append(done.milliseconds(since: vsync))
    }
}
