import Foundation

/// A known answer for the allocation counts, taken in a stage run's own process just before the run: allocations made
/// the way Swift code makes them, on this thread and on another, and through each of the allocator's other entry
/// points, must read as exactly that many.
///
/// The counts are a measurement only if the counter (``AllocationCounter``) sees every allocation, one for one, from
/// every thread:
/// - On Linux the counting hooks are the executable's own `malloc` and relatives, found before any library's, and the
///   Swift runtime allocates with `malloc` (`swift_slowAlloc` in `stdlib/public/runtime/Heap.cpp`); only a
///   sanitizer's runtime takes their place.
/// - On macOS the hooks wrap every registered malloc zone (`hooks-darwin.c`): the default zone, which the Swift
///   runtime allocates from (`malloc`, `malloc_type_malloc`, `aligned_alloc` in `Heap.cpp`), and the zones it hands
///   blocks to. A `realloc` goes to the zone that owns the block, and `calloc` and `posix_memalign` to entry points of
///   their own; a zone that cannot be wrapped, or a path that bypasses the wrappers, would make the counts wrong
///   without an error. So the check makes each kind of call: a growing `realloc` of a block over 256 bytes (which a
///   command-line process's nano zone leaves to its helper), a `calloc`, a `posix_memalign`.
///
/// So it is checked here, in the process that counts, rather than assumed. Where the check fails, the run's allocation
/// figures are marked not counted and reports show them as unverified.
enum AllocationCheck {
    /// How many allocations of each sort the check makes: raw buffers and class instances on the calling thread, raw
    /// buffers on a thread of its own, and calls of the other entry points (``EntryPoints``).
    static let allocationsOfEachSort = 100

    /// How many allocations the check makes in all.
    static let allocationsMade = 4 * allocationsOfEachSort

    /// Why the counts are not exact here, or `nil` when they are: the check with `counter`, or the lack of one. Which
    /// allocator served them is not the counts' problem (they are counted in front of it): each run records it
    /// (``Allocator/servingThisProcess``), and the environment block says when it is not the one asked for.
    static func problem(with counter: AllocationCounter?) -> String? {
        guard let counter else {
            return "allocations are not counted in this process: \(Platform.allocationCountingObstacle)"
        }
        let read = fewestCounted(with: counter)
        guard read != Int64(allocationsMade) else { return nil }
        return "\(allocationsMade) allocations (\(allocationsOfEachSort) on another thread, \(allocationsOfEachSort) "
            + "through calloc, posix_memalign and a growing realloc) read as \(read)"
    }

    /// What the check's allocations read as. Tried a few times, keeping the fewest: another thread allocating
    /// meanwhile can only add. What sampling the counter itself allocates, if anything, is taken out; it is read on
    /// this thread's own counter, which no other thread adds to.
    private static func fewestCounted(with counter: AllocationCounter, rounds: Int = 3) -> Int64 {
        var kept: [Marker] = []
        kept.reserveCapacity(allocationsOfEachSort)
        var entryPoints = EntryPoints()
        let beforeSampling = AllocationCounter.thisThread.allocations
        _ = counter.sample()
        _ = counter.sample()
        let sampling = Int64(bitPattern: AllocationCounter.thisThread.allocations &- beforeSampling)
        var fewest = Int64.max
        for _ in 0..<max(rounds, 1) {
            kept.removeAll(keepingCapacity: true)
            // The other thread is started before the counted span: starting a thread allocates.
            let other = WaitingThread { _ = TestKernel.alloc.run(size: allocationsOfEachSort) }
            let before = counter.sample()
            _ = TestKernel.alloc.run(size: allocationsOfEachSort)  // raw allocations: swift_slowAlloc
            for index in 0..<allocationsOfEachSort { kept.append(Marker(index)) }  // swift_allocObject
            entryPoints.allocate()
            other.runAndWait()
            let made = Int64(bitPattern: counter.sample().allocations &- before.allocations)
            fewest = min(fewest, made - sampling)
            entryPoints.freeAll()
        }
        withExtendedLifetime(kept) {}
        return fewest
    }

    /// Calls of the allocator's entry points other than `malloc`, ``allocationsOfEachSort`` in all: per round a
    /// `calloc`, a `posix_memalign`, and a `malloc` of 512 bytes grown by `realloc` to 8 KiB (two counts). The blocks
    /// are kept in storage reserved before the counted span, so the optimiser cannot pair an allocation with its
    /// `free` and remove both, and freed after it.
    private struct EntryPoints {
        static let rounds = AllocationCheck.allocationsOfEachSort / 4
        private var blocks: [UnsafeMutableRawPointer?]

        init() {
            blocks = []
            blocks.reserveCapacity(3 * Self.rounds)
        }

        mutating func allocate() {
            for _ in 0..<Self.rounds {
                blocks.append(calloc(4, 16))
                var aligned: UnsafeMutableRawPointer?
                if posix_memalign(&aligned, 64, 128) == 0 { blocks.append(aligned) }
                blocks.append(realloc(malloc(512), 8192))
            }
        }

        mutating func freeAll() {
            for block in blocks { free(block) }
            blocks.removeAll(keepingCapacity: true)
        }
    }

    /// A class instance: one allocation each, kept alive in an array so that none can be promoted to the stack.
    private final class Marker {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// A thread started ahead, which runs its body when told to: telling it and waiting for it allocate nothing. It
    /// runs the body once before it waits, so that what a thread allocates at its first allocation (its counter slot,
    /// the runtime's per-thread state) is not in the counted span.
    private final class WaitingThread: Sendable {
        private let go = DispatchSemaphore(value: 0)
        private let ready = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () -> Void) {
            let thread = Thread { [go, ready, done] in
                body()
                ready.signal()
                go.wait()
                body()
                done.signal()
            }
            thread.start()
            ready.wait()
        }

        func runAndWait() {
            go.signal()
            done.wait()
        }
    }
}
