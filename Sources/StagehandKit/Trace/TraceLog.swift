import Foundation
import Synchronization

/// The timeline of one measured stage run, event by event: frames, steps on the threads that ran them, hops and
/// waits, for `profile --trace` (see ``ChromeTrace``).
///
/// Only kept when a trace is asked for; the metrics never depend on it. Memory is bounded: after ``capacity``
/// events the rest are counted, not kept, and the trace says so.
final class TraceLog: Sendable {
    /// The most events one run keeps: enough for tens of seconds of the heaviest built-in workload.
    package static let capacity = 100_000

    /// What the events of one run are, as the run's child process writes them for the profile.
    struct Recording: Sendable, Equatable {
        package var events: [Event] = []
        /// Threads that ran traced work, main (thread 0) included.
        package var threads = 1
        /// Events past ``TraceLog/capacity``, not kept.
        var dropped = 0
        /// The measured run, arrivals and follow-through.
        package var start = Instant(nanoseconds: 0)
        package var end = Instant(nanoseconds: 0)

        init(
            events: [Event] = [],
            threads: Int = 1,
            dropped: Int = 0,
            start: Instant = Instant(nanoseconds: 0),
            end: Instant = Instant(nanoseconds: 0)
        ) {
            self.events = events
            self.threads = threads
            self.dropped = dropped
            self.start = start
            self.end = end
        }
    }

    /// One event on the monotonic clock, in the child's terms; ``ChromeTrace`` names and draws it.
    ///
    /// Its strings are the workload's own (shared, not copied), so recording an event allocates nothing beyond the
    /// array's occasional growth: a traced run's allocation counts stay close to an untraced one's.
    struct Event: Sendable, Equatable {
        package enum What: String, Sendable {
            /// A frame's work on main.
            case frame
            /// A frame waiting for main after its vsync (recorded when over a millisecond).
            case frameWait
            /// A frame ended past its deadline (a moment; `milliseconds` past it).
            case hitch
            /// Main did not answer for the hang threshold or longer (a moment at its start; `milliseconds` it lasted).
            case hang
            /// A step's work on the thread that ran it (an `io` step here blocked its thread).
            case step
            /// An awaited `io` step: a wait that holds no thread.
            case awaitedIO
            /// An event waiting for its main-actor handler.
            case handlerWait
            /// Hops: asked to run on the main actor, the pool, or the subsystem `label`'s actor, until running there.
            case mainActorHop, poolHop, actorHop
            /// A whole interaction, from its arrival to its last step (`count`: its main-actor entries).
            case interaction
        }

        package var what: What
        /// The step's name, the subsystem of an actor hop, or the interaction's name; empty for frames.
        package var label: String
        /// The interaction the event belongs to.
        package var interaction: String?
        package var kind: StepKind?
        /// 0 for main, 1… for other threads in the order they first ran traced work; `nil` for a wait.
        package var thread: Int?
        package var start: Instant
        package var end: Instant
        /// What a frame, hitch or hang measured (see ``What``).
        package var milliseconds: Double?
        /// Vsyncs dropped before a frame; main-actor entries of an interaction; a hitch's cause's share in percent.
        package var count: Int?

        init(
            _ what: What,
            label: String = "",
            interaction: String? = nil,
            kind: StepKind? = nil,
            thread: Int? = nil,
            start: Instant,
            end: Instant,
            milliseconds: Double? = nil,
            count: Int? = nil
        ) {
            self.what = what
            self.label = label
            self.interaction = interaction
            self.kind = kind
            self.thread = thread
            self.start = start
            self.end = end
            self.milliseconds = milliseconds
            self.count = count
        }

        /// Whether the event is a wait that holds no thread, rather than something on a thread.
        var isWait: Bool {
            switch what {
            case .frameWait, .awaitedIO, .handlerWait, .mainActorHop, .poolHop, .actorHop, .interaction: true
            case .frame, .hitch, .hang, .step: false
            }
        }
    }

    private struct State {
        var recording = Recording()
        /// ``Platform/currentThread`` of each thread seen off the main queue, to its index (from 1: main is 0).
        var threads: [UInt: Int] = [:]
    }

    private let state = Mutex(State())

    /// Call on the main thread, before the run's first allocation sample.
    ///
    /// Room for every event is reserved here, so recording never grows the array, and never copies it while holding
    /// the lock that main's frame probe also takes. Pages are touched only as events fill them.
    init() {
        state.withLock { state in
            state.recording.events.reserveCapacity(Self.capacity)
        }
    }

    /// One frame job on main (the calling thread): the frame, its wait for main when that was over a millisecond,
    /// and its hitch (it ended `overrunNs` past its deadline, mostly because of `cause`) and hang, as the recorder
    /// decided them.
    func frame(
        vsync: Instant,
        started: Instant,
        ended: Instant,
        coalesced: Int,
        overrunNs: UInt64?,
        cause: (cause: String, share: Double)?
    ) {
        let waitedMs = started.milliseconds(since: vsync)
        if waitedMs > 1 { append(Event(.frameWait, start: vsync, end: started, milliseconds: waitedMs)) }
        append(Event(.frame, start: started, end: ended, milliseconds: waitedMs, count: coalesced), onThisThread: true)
        hitch(at: ended, overrunNs: overrunNs, cause: cause)
    }

    /// A frame still waiting for main when the run ended at `now` (on main): its wait and its hitch.
    func pendingFrame(vsync: Instant, at now: Instant, overrunNs: UInt64?, cause: (cause: String, share: Double)?) {
        let waitedMs = now.milliseconds(since: vsync)
        append(Event(.frameWait, start: vsync, end: now, milliseconds: waitedMs))
        hitch(at: now, overrunNs: overrunNs, cause: cause)
    }

    /// A hitch, labelled with what held main longest between its vsync and its end and that cause's share of the
    /// time in percent (`count`), when it was attributed.
    private func hitch(at instant: Instant, overrunNs: UInt64?, cause: (cause: String, share: Double)?) {
        guard let overrunNs else { return }
        append(
            Event(
                .hitch,
                label: cause?.cause ?? "",
                start: instant,
                end: instant,
                milliseconds: Double(overrunNs) / 1e6,
                count: cause.map { Int(($0.share * 100).rounded()) }
            ),
            onThisThread: true
        )
    }

    /// A step of `interaction` kept the calling thread busy from `start` to `end`.
    func step(_ label: String, kind: StepKind, of interaction: String, from start: Instant, to end: Instant) {
        append(
            Event(.step, label: label, interaction: interaction, kind: kind, start: start, end: end),
            onThisThread: true
        )
    }

    /// A wait that holds no thread: an awaited io step, a hop, an event waiting for its handler.
    func wait(_ what: Event.What, _ label: String = "", of interaction: String, from start: Instant, to end: Instant) {
        append(Event(what, label: label, interaction: interaction, start: start, end: end))
    }

    /// An interaction from its arrival to its last step, having entered the main actor `entries` times.
    func interaction(_ name: String, from start: Instant, to end: Instant, mainActorEntries entries: Int) {
        append(Event(.interaction, label: name, start: start, end: end, count: entries))
    }

    /// Everything recorded, for a run that lasted from `start` to `end`, with `hangs` (as the recorder decided them:
    /// main did not answer from each start to its end) marked on main at their start.
    func recording(from start: Instant, to end: Instant, hangs: [(start: Instant, end: Instant)] = []) -> Recording {
        state.withLock { state in
            var recording = state.recording
            recording.start = start
            recording.end = end
            for hang in hangs {
                recording.events.append(
                    Event(
                        .hang,
                        thread: 0,
                        start: hang.start,
                        end: hang.start,
                        milliseconds: hang.end.milliseconds(since: hang.start)
                    )
                )
            }
            return recording
        }
    }

    private func append(_ event: Event, onThisThread: Bool = false) {
        // Main is the main queue, whichever thread serves it: in a stage child, `dispatch_main` parks the process's
        // main thread and Dispatch's workers drain the main queue, and under load another worker may take it over.
        let onMain = onThisThread && MainQueue.isCurrent
        let thread = onThisThread && !onMain ? Platform.currentThread : nil
        state.withLock { state in
            guard state.recording.events.count < Self.capacity else {
                state.recording.dropped += 1
                return
            }
            var event = event
            if onMain {
                event.thread = 0
            } else if let thread {
                let index = state.threads[thread] ?? state.threads.count + 1  // after main's 0
                state.threads[thread] = index
                state.recording.threads = state.threads.count + 1
                event.thread = index
            }
            state.recording.events.append(event)
        }
    }
}
