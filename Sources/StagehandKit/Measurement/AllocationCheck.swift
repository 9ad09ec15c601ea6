/// A known answer for the allocation counts, taken in a stage run's own process just before the run: allocations made
/// the way Swift code makes them must read as exactly that many in jemalloc's statistics.
///
/// The counts are a measurement only if jemalloc sees every allocation the workload's code makes, one for one:
/// - On Linux, linking jemalloc replaces `malloc` itself, and the Swift runtime allocates with `malloc`
///   (`swift_slowAlloc` in `stdlib/public/runtime/Heap.cpp`), so the check passes whenever thread caches are off
///   (as stage runs set them).
/// - On macOS, jemalloc does not replace `malloc`; it registers a malloc zone and makes it the default one (its
///   INSTALL.md: "jemalloc overlays the default malloc zone"; `zone_register` and `zone_promote` in `src/zone.c`).
///   The Swift runtime allocates from `malloc_default_zone()` (`malloc_zone_malloc(DEFAULT_ZONE(), size)` in
///   `Heap.cpp`), which since macOS 10.12 forwards to the first registered zone: jemalloc's. But jemalloc declines to
///   register when another allocator already owns the default zone (`src/zone.c`), the default zone goes through a
///   logging zone when malloc stack logging is on, and Homebrew's build reads `JE_MALLOC_CONF` or `MALLOC_CONF`
///   depending on its prefix. Each of those would make the counts wrong without an error, so they are checked here,
///   in the process that counts, rather than assumed.
///
/// Where the check fails, the run's allocation figures are marked not counted and reports show them as unverified.
enum AllocationCheck {
    /// How many allocations of each sort the check makes.
    static let allocationsOfEachSort = 100

    /// Why the counts are not exact here, or `nil` when they are: the check with `probe`, or the lack of one.
    static func problem(with probe: JemallocProbe?) -> String? {
        guard let probe else { return "jemalloc's statistics are not available in this process" }
        let read = fewestCounted(with: probe)
        guard read != Int64(2 * allocationsOfEachSort) else { return nil }
        return "\(2 * allocationsOfEachSort) allocations read as \(read)"
            + (Platform.allocationCountingObstacle.map { "; \($0)" } ?? "")
    }

    /// What `allocationsOfEachSort` raw buffers and as many class instances read as. Tried a few times, keeping the
    /// fewest: another thread allocating meanwhile can only add.
    private static func fewestCounted(with probe: JemallocProbe, rounds: Int = 3) -> Int64 {
        var kept: [Marker] = []
        kept.reserveCapacity(allocationsOfEachSort)
        var fewest = Int64.max
        for _ in 0..<max(rounds, 1) {
            kept.removeAll(keepingCapacity: true)
            let sampling = counted(probe) {}  // what two samples allocate themselves, if anything
            let made = counted(probe) {
                _ = Kernel.testAlloc.run(size: allocationsOfEachSort)  // raw allocations: swift_slowAlloc
                for index in 0..<allocationsOfEachSort { kept.append(Marker(index)) }  // swift_allocObject
            }
            fewest = min(fewest, made - sampling)
        }
        withExtendedLifetime(kept) {}
        return fewest
    }

    private static func counted(_ probe: JemallocProbe, _ body: () -> Void) -> Int64 {
        let before = probe.sample()
        body()
        return Int64(bitPattern: probe.sample().allocations &- before.allocations)
    }

    /// A class instance: one allocation each, kept alive in an array so that none can be promoted to the stack.
    private final class Marker {
        let value: Int
        init(_ value: Int) { self.value = value }
    }
}
