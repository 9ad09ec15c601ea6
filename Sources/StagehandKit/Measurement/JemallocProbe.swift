import CJemalloc

/// Reads jemalloc's statistics through `mallctl`, with every name resolved to a MIB once.
///
/// Linking `CJemalloc` makes jemalloc the process allocator, so these counts cover every allocation the process
/// makes. Counts and bytes come from each size class's `nmalloc` (all arenas): exact when thread caches are off, as
/// they are in stage runs. One ``sample()`` refreshes the statistics epoch and reads a few hundred counters
/// (≈ 50 µs): call it per run, never per frame.
struct JemallocProbe: Sendable {
    /// Totals at one moment.
    struct Sample: Sendable, Equatable {
        /// Allocations since the process started (all size classes, all arenas).
        package var allocations: UInt64
        /// Bytes handed out since the process started, by size class (cumulative, not net).
        var totalAllocatedBytes: UInt64
        /// Physically resident bytes in jemalloc's pages.
        var residentBytes: UInt64

        init(allocations: UInt64, totalAllocatedBytes: UInt64, residentBytes: UInt64) {
            self.allocations = allocations
            self.totalAllocatedBytes = totalAllocatedBytes
            self.residentBytes = residentBytes
        }
    }

    /// One size class: the MIB of its allocation counter, and its size in bytes.
    private struct SizeClass: Sendable {
        var counter: [Int]
        var bytes: UInt64
    }

    private let epoch: [Int]
    private let sizeClasses: [SizeClass]
    private let resident: [Int]

    /// Resolves the MIBs; `nil` when jemalloc is not the allocator (its `mallctl` fails).
    init?() {
        guard let epoch = Self.mib("epoch"), let resident = Self.mib("stats.resident"),
            let bins: UInt32 = Self.read("arenas.nbins"), let large: UInt32 = Self.read("arenas.nlextents")
        else { return nil }
        var classes: [SizeClass] = []
        for (kind, count, sizeName) in [("bins", bins, "bin"), ("lextents", large, "lextent")] {
            for index in 0..<Int(count) {
                guard let counter = Self.mib("stats.arenas.4096.\(kind).\(index).nmalloc"),
                    let size: Int = Self.read("arenas.\(sizeName).\(index).size")
                else { return nil }
                classes.append(SizeClass(counter: counter, bytes: UInt64(size)))
            }
        }
        self.epoch = epoch
        self.resident = resident
        sizeClasses = classes
    }

    /// Refreshes the statistics and reads them.
    package func sample() -> Sample {
        // The epoch is written from its own variable: reading and writing one `inout` would trap exclusivity checks.
        var newEpoch: UInt64 = 1
        var oldEpoch: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        epoch.withUnsafeBufferPointer { mib in
            _ = stagehand_mallctlbymib(
                mib.baseAddress,
                mib.count,
                &oldEpoch,
                &length,
                &newEpoch,
                MemoryLayout<UInt64>.size
            )
        }
        var allocations: UInt64 = 0
        var bytes: UInt64 = 0
        for sizeClass in sizeClasses {
            let count: UInt64 = Self.read(sizeClass.counter) ?? 0
            allocations &+= count
            bytes &+= count &* sizeClass.bytes
        }
        let resident: Int = Self.read(resident) ?? 0
        return Sample(allocations: allocations, totalAllocatedBytes: bytes, residentBytes: UInt64(resident))
    }

    /// Bytes the calling thread has allocated since it started (`thread.allocated`): counted on every allocation,
    /// thread caches or not, so it can check that a piece of code allocates nothing. `nil` without jemalloc.
    static var threadAllocatedBytes: UInt64? {
        read("thread.allocated")
    }

    /// jemalloc's version string, or `nil` when jemalloc is not the allocator.
    package static var version: String? {
        var pointer: UnsafePointer<CChar>?
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard stagehand_mallctl("version", &pointer, &length, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer).split(separator: "-").first.map(String.init)
    }

    private static func mib(_ name: String) -> [Int]? {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        let status = mib.withUnsafeMutableBufferPointer { buffer in
            stagehand_mallctlnametomib(name, buffer.baseAddress, &length)
        }
        return status == 0 ? Array(mib.prefix(length)) : nil
    }

    /// Reads a value by name; `T` must match the size jemalloc documents for it.
    private static func read<T: FixedWidthInteger>(_ name: String) -> T? {
        var value: T = 0
        var length = MemoryLayout<T>.size
        return stagehand_mallctl(name, &value, &length, nil, 0) == 0 ? value : nil
    }

    private static func read<T: FixedWidthInteger>(_ mib: [Int]) -> T? {
        var value: T = 0
        var length = MemoryLayout<T>.size
        let status = mib.withUnsafeBufferPointer { buffer in
            stagehand_mallctlbymib(buffer.baseAddress, buffer.count, &value, &length, nil, 0)
        }
        return status == 0 ? value : nil
    }
}
