/// The named real kernels a step can run instead of a calibrated amount of work.
public enum Kernel: String, Sendable, Codable, CaseIterable {
    /// A 5×5 box blur over a `size`×`size` RGBA image (an image pipeline's decode/filter work).
    case boxBlur = "box-blur"
    /// k-means colour quantisation (k = 5) of a `size`×`size` image, as in the WWDC25 colour-scheme extraction.
    case kMeans = "k-means"
    /// Sorting `size` pseudo-random integers (a feed's ranking).
    case sort
    /// For testing Stagehand itself: traps, as a crashing workload would.
    case testTrap = "test-trap"
    /// For testing Stagehand itself: writes `size` KiB to standard output, as a chatty workload would.
    case testFlood = "test-flood"
    /// For testing Stagehand itself: makes exactly `size` heap allocations (and frees them), so allocation counts can
    /// be checked against a known answer.
    case testAlloc = "test-alloc"

    /// The largest `size` accepted for this kernel, so one step cannot run for hours.
    var maximumSize: Int {
        switch self {
        case .boxBlur, .kMeans: 4096
        case .sort: 50_000_000
        case .testTrap: 1
        case .testFlood: 1_048_576
        case .testAlloc: 1_000_000
        }
    }
}
