/// The named real kernels a step can run instead of a calibrated amount of work.
public enum Kernel: String, Sendable, Codable, CaseIterable {
    /// A 5×5 box blur over a `size`×`size` RGBA image (an image pipeline's decode/filter work).
    case boxBlur = "box-blur"
    /// k-means colour quantisation (k = 5) of a `size`×`size` image, as in the WWDC25 colour-scheme extraction.
    case kMeans = "k-means"
    /// Sorting `size` pseudo-random integers (a feed's ranking).
    case sort

    /// The largest `size` accepted for this kernel, so one step cannot run for hours.
    var maximumSize: Int {
        switch self {
        case .boxBlur, .kMeans: 4096
        case .sort: 50_000_000
        }
    }
}
