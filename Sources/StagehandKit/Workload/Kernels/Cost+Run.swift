import Foundation

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
        case .testTrap: fatalError("kernel test-trap: this workload crashes on purpose")
        case .testFlood: Self.flood(kibibytes: size)
        }
    }

    private static func flood(kibibytes: Int) -> UInt64 {
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1023) + Data("\n".utf8)
        for _ in 0..<kibibytes { FileHandle.standardOutput.write(chunk) }
        return UInt64(kibibytes)
    }
}
