extension Cost {
    /// Does the step's CPU work on the current thread: calibrated milliseconds, or the named kernel.
    ///
    /// `io` steps never call this; their cost is a wait, which the stage decides how to spend.
    func perform(with work: CalibratedWork) {
        switch self {
        case .milliseconds(let ms): blackHole(work.run(ms: ms))
        case .kernel(let kernel, let size): blackHole(kernel.run(size: size))
        }
    }
}

extension Kernel {
    /// Runs the kernel once on an input of `size`; returns a checksum.
    @discardableResult
    public func run(size: Int) -> UInt64 {
        switch self {
        case .boxBlur: BoxBlur.run(size: size)
        case .kMeans: KMeansQuantizer.run(size: size)
        case .sort: SortKernel.run(size: size)
        }
    }
}
