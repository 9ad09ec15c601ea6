import CStagehandAllocations

/// What Stagehand allocates for itself in the middle of a run, kept out of the workload's allocation counts as it
/// happens: the counter subtracts it from every process total from then on (`stagehand_allocations_exclude_since`).
/// What the harness allocates once per delivery is measured before the run instead (``DeliveryOverhead``).
enum AllocationExclusion {
    /// Runs `body`, and keeps what it allocates on this thread out of the counts. `body` must not run the user's code.
    static func keptOut<T>(_ body: () throws -> T) rethrows -> T {
        let before = mark()
        defer { keepOut(since: before) }
        return try body()
    }

    /// A reading of the calling thread's count, to keep out what it allocates from then on (``keepOut(since:)``).
    struct Mark {
        fileprivate let totals: stagehand_allocation_totals
    }

    /// This thread's count now.
    static func mark() -> Mark { Mark(totals: stagehand_allocations_thread()) }

    /// Keeps what this thread allocated since `mark` out of the counts. For harness code around the user's code: keep
    /// out from a mark to where the user's code starts, and from a mark where it ends.
    static func keepOut(since mark: Mark) { stagehand_allocations_exclude_since(mark.totals) }

    /// `value` as `any Sendable`, as a code step's result travels to the next step, with its boxing kept out.
    ///
    /// A value wider than an existential's three-word inline buffer (a tuple of two images, a struct of four `Int`s)
    /// is boxed on the heap to get there: one allocation per step the app, passing the typed value, never makes.
    /// Measured here before it was kept out (release, `main-only`, four steps returning a 32-byte struct): 4.05
    /// allocations per interaction against 1.05 for the same steps returning `Int`.
    static func erase<Value: Sendable>(_ value: Value) -> any Sendable {
        keptOut { value as any Sendable }
    }
}
