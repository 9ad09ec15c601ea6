import CJemalloc

/// Reads jemalloc's statistics through `mallctl`, with every name resolved to a MIB once.
///
/// Linking `CJemalloc` makes jemalloc the process allocator, so these counts cover every allocation the process
/// makes. One ``sample()`` refreshes the statistics epoch (≈ 20 µs): call it per run, never per frame.
public struct JemallocProbe: Sendable {
    /// Totals at one moment.
    public struct Sample: Sendable, Equatable {
        /// Allocation requests since the process started (small + large, all arenas).
        public var allocations: UInt64
        /// Bytes currently allocated.
        public var allocatedBytes: UInt64
        /// Physically resident bytes in jemalloc's pages.
        public var residentBytes: UInt64
    }

    private let epoch: [Int]
    private let smallRequests: [Int]
    private let largeRequests: [Int]
    private let allocated: [Int]
    private let resident: [Int]

    /// Resolves the MIBs; `nil` when jemalloc is not the allocator (its `mallctl` fails).
    public init?() {
        guard let epoch = Self.mib("epoch"),
            let smallRequests = Self.mib("stats.arenas.4096.small.nrequests"),
            let largeRequests = Self.mib("stats.arenas.4096.large.nrequests"),
            let allocated = Self.mib("stats.allocated"),
            let resident = Self.mib("stats.resident")
        else { return nil }
        self.epoch = epoch
        self.smallRequests = smallRequests
        self.largeRequests = largeRequests
        self.allocated = allocated
        self.resident = resident
    }

    /// Refreshes the statistics and reads them.
    public func sample() -> Sample {
        // The epoch is written from its own variable: reading and writing one `inout` would trap exclusivity checks.
        var newEpoch: UInt64 = 1
        var oldEpoch: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        epoch.withUnsafeBufferPointer { mib in
            _ = mallctlbymib(mib.baseAddress, mib.count, &oldEpoch, &length, &newEpoch, MemoryLayout<UInt64>.size)
        }
        return Sample(
            allocations: Self.read(smallRequests) &+ Self.read(largeRequests),
            allocatedBytes: Self.read(allocated),
            residentBytes: Self.read(resident)
        )
    }

    /// jemalloc's version string, or `nil` when jemalloc is not the allocator.
    public static var version: String? {
        var pointer: UnsafePointer<CChar>?
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &length, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer).split(separator: "-").first.map(String.init)
    }

    private static func mib(_ name: String) -> [Int]? {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        let status = mib.withUnsafeMutableBufferPointer { buffer in
            mallctlnametomib(name, buffer.baseAddress, &length)
        }
        return status == 0 ? Array(mib.prefix(length)) : nil
    }

    private static func read(_ mib: [Int]) -> UInt64 {
        var value = 0
        var length = MemoryLayout<Int>.size
        let status = mib.withUnsafeBufferPointer { buffer in
            mallctlbymib(buffer.baseAddress, buffer.count, &value, &length, nil, 0)
        }
        return status == 0 ? UInt64(value) : 0
    }
}
