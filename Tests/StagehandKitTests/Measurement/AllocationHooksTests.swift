import CStagehandAllocations
import Foundation
import Testing

/// The counting hooks themselves (`CStagehandAllocations`), in this test process, which links them as a stage child
/// does: each call of the program's is one count, however many hooked entry points it passes through, and each
/// thread's counts fill a cache line of their own.
///
/// The counts are the calling thread's (`stagehand_allocations_thread`), which tests running beside these cannot move;
/// nothing between two readings allocates but the calls under test.
@Suite struct AllocationHooksTests {
    init() throws {
        try #require(stagehand_allocations_installed() == 1, "this test process links the counting hooks")
    }

    /// What `body` allocates on this thread, counted: allocations and bytes.
    private func counted(_ body: () -> Void) -> (allocations: UInt64, bytes: UInt64) {
        let before = stagehand_allocations_thread()
        body()
        let after = stagehand_allocations_thread()
        return (after.allocations - before.allocations, after.bytes - before.bytes)
    }

    /// An entry point that calls another hooked one (on macOS, the nano zone handing a 512-byte block to its helper
    /// zone) is one call, counted once, for the bytes the outer call asked for. Here the inner calls go through the
    /// platform's real hooks (Linux: the executable's own `malloc`, `realloc` and `calloc`).
    @Test func aCallThatAllocatesThroughAnotherHookIsCountedOnce() {
        var block: UnsafeMutableRawPointer?
        let direct = counted { block = malloc(512) }
        free(block)
        #expect(direct == (1, 512))

        let nested = counted { block = stagehand_allocations_call_through({ malloc($0) }, 512) }
        free(block)
        #expect(nested == (1, 512))

        // An inner call that makes several allocations of its own (a zone's bookkeeping, a batch's fallback).
        let several = counted {
            block = stagehand_allocations_call_through(
                { size in
                    let scratch = calloc(4, 16)
                    defer { free(scratch) }
                    return realloc(malloc(16), size)
                },
                4096
            )
        }
        free(block)
        #expect(several == (1, 4096))

        // And the thread counts again once the call is over.
        let after = counted { block = malloc(64) }
        free(block)
        #expect(after == (1, 64))
    }

    /// The entry points the allocation self-check exercises beyond `malloc` (``AllocationCheck``) each count one
    /// allocation of the bytes asked for: `calloc`, `posix_memalign`, and a `realloc` that grows a block.
    @Test func everyEntryPointCountsOneAllocation() {
        var block: UnsafeMutableRawPointer?
        #expect(counted { block = calloc(4, 16) } == (1, 64))
        free(block)
        #expect(counted { _ = posix_memalign(&block, 64, 128) } == (1, 128))
        free(block)
        block = malloc(512)
        #expect(counted { block = realloc(block, 8192) } == (1, 8192))
        free(block)
    }

    /// A thread's counters fill one cache line, and start one: 128 bytes on arm64 (Apple silicon's line), 64 elsewhere,
    /// so that two threads counting never write the same line.
    @Test func aCounterSlotFillsACacheLine() {
        #if arch(arm64)
        let line = 128
        #else
        let line = 64
        #endif
        #expect(stagehand_counter_slot_size() == line)
        #expect(stagehand_counter_slot_alignment() == line)
    }
}
