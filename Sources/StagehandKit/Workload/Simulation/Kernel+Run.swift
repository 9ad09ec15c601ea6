extension Kernel {
    /// Runs the kernel once on an input of `size`; returns a checksum.
    @discardableResult
    func run(size: Int) -> UInt64 {
        switch self {
        case .boxBlur: BoxBlur.run(size: size)
        case .kMeans: KMeansQuantizer.run(size: size)
        case .sort: SortKernel.run(size: size)
        }
    }
}
