import Testing

extension Tag {
    /// A test that asserts a figure of time (a latency, a hang, a step's duration): it runs with no other command-line
    /// test's stage children beside it (``MachineShare``).
    @Tag static var timing: Self
}

/// How the tests that run `stagehand` share this machine's few cores: a test tagged ``Tag/timing`` runs alone, and
/// the others run beside each other, four at a time (a test that compares two profiles runs them side by side in its
/// one turn). Only the command-line tests take turns: the library's tests, the verdict simulation among them, run
/// beside them all.
///
/// A profile's stage children spend most of their time waiting for arrivals and frames (a one-stage profile of a light
/// workload takes 1.2 s here, 0.4 s of it on a CPU), so tests that assert what ran where, what was counted or how a
/// stage ended lose nothing by running beside each other, and the suite takes a fraction of the time. A test that
/// asserts a time would read its neighbours' work as its own, so it waits until it has the machine to itself, and
/// the tests after it wait for it.
struct MachineShare: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// Every test case, never a suite: each of a suite's tests takes a turn of its own.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let use: Turns.Use = test.tags.contains(.timing) ? .alone : .shared
        await Turns.machine.enter(use)
        do {
            try await function()
        } catch {
            await Turns.machine.leave(use)
            throw error
        }
        await Turns.machine.leave(use)
    }
}

extension Trait where Self == MachineShare {
    /// The suite's tests take turns on the machine (``MachineShare``).
    static var machineShare: Self { MachineShare() }
}

/// Turns on the machine: up to ``width`` shared users at once, or one alone. A test that runs alone goes before the
/// shared ones waiting with it (it waits only for those already running to end), so the few of them run first, one
/// after another, and the many shared ones after them, side by side.
actor Turns {
    enum Use: Sendable { case shared, alone }

    /// The tests' one queue.
    static let machine = Turns(width: 4)

    /// How many shared users run at once.
    let width: Int
    private var shared = 0
    private var alone = false
    private var waitingAlone: [CheckedContinuation<Void, Never>] = []
    private var waitingShared: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func enter(_ use: Use) async {
        await withCheckedContinuation { continuation in
            switch use {
            case .shared: waitingShared.append(continuation)
            case .alone: waitingAlone.append(continuation)
            }
            admitWhoCan()
        }
    }

    func leave(_ use: Use) {
        switch use {
        case .shared: shared -= 1
        case .alone: alone = false
        }
        admitWhoCan()
    }

    private func admitWhoCan() {
        guard !alone else { return }
        if !waitingAlone.isEmpty {
            guard shared == 0 else { return }
            alone = true
            waitingAlone.removeFirst().resume()
            return
        }
        while shared < width, !waitingShared.isEmpty {
            shared += 1
            waitingShared.removeFirst().resume()
        }
    }
}
