/// What the scanner looks for: the concurrency guide's code-review checklist and anti-patterns, one case each, with
/// the one sentence of why and the guide's fix that every output prints.
///
/// The raw value is the rule's id in every output (`--json`, the terminal, Markdown) and must not change.
public enum Rule: String, CaseIterable, Codable, Sendable, Comparable {
    case blockingCallOnMain = "blocking-call-on-main"
    case dispatchQueue = "dispatch-queue"
    case completionHandler = "completion-handler"
    case observableObject = "observable-object"
    case combine = "combine"
    case strongSelfInStoredTask = "strong-self-in-stored-task"
    case redundantMainHop = "redundant-main-hop"
    case uncheckedSendable = "unchecked-sendable"

    /// Why the guide warns about it, in one sentence.
    public var why: String {
        switch self {
        case .blockingCallOnMain:
            "A blocking call on the main actor holds the main thread until it returns: no frame is drawn and no input "
                + "is handled meanwhile, and how long it blocks depends on the disk, the network or another thread."
        case .dispatchQueue:
            "Dispatch queues hide isolation from the compiler: it cannot check what runs where, and a hop written "
                + "this way is not ordered with the actor's own work."
        case .completionHandler:
            "A completion handler is the pre-concurrency way to deliver a result: callers nest, errors can be "
                + "dropped, and the handler's isolation is whatever thread calls it."
        case .observableObject:
            "`ObservableObject` and `@Published` invalidate every view that reads any published property, and are "
                + "not checked for isolation the way `@Observable` state on the main actor is."
        case .combine:
            "Combine pipelines move values between threads out of the compiler's sight; the guide replaces them with "
                + "async sequences and `@Observable`."
        case .strongSelfInStoredTask:
            "A task kept in a property that captures `self` strongly keeps its owner alive as long as it runs: a "
                + "cycle, when the owner only cancels it in `deinit`."
        case .redundantMainHop:
            "This code is already on the main actor: the hop only delays the work to a later turn of the run loop and "
                + "suspends the caller for nothing."
        case .uncheckedSendable:
            "`@unchecked Sendable` and `nonisolated(unsafe)` turn the compiler's data-race checks off here; a race "
                + "they hide is found only at run time, if at all."
        }
    }

    /// The guide's fix, in one sentence.
    public var fix: String {
        switch self {
        case .blockingCallOnMain:
            "Call the async API (`URLSession`'s `data(from:)`, `FileHandle`'s `bytes`) or move the call into a "
                + "`@concurrent` function and `await` it."
        case .dispatchQueue:
            "Mark the code `@MainActor` instead of `DispatchQueue.main.async`; move background work into a "
                + "`@concurrent` function instead of `DispatchQueue.global().async`; `try await Task.sleep(for:)` "
                + "instead of `asyncAfter`."
        case .completionHandler:
            "Make the function `async` (and `throws`), returning the result; keep a completion-handler overload only "
                + "for callers that cannot await, written with `withCheckedThrowingContinuation`."
        case .observableObject:
            "Use `@Observable` on a `@MainActor` class, with plain stored properties, and `@State` or `@Bindable` in "
                + "views instead of `@StateObject` and `@ObservedObject`."
        case .combine:
            "Replace publishers with `AsyncStream` or `AsyncSequence` and `for await`, and `@Published` state with "
                + "`@Observable`."
        case .strongSelfInStoredTask:
            "Capture `[weak self]` in the task's closure and `guard let self` inside, or cancel the task where its "
                + "owner's lifetime ends (`onDisappear`), not in `deinit`."
        case .redundantMainHop:
            "Call the code directly: remove `await MainActor.run { … }` or the `@MainActor` task around it."
        case .uncheckedSendable:
            "Make the type `Sendable` for real (immutable `let`s, a `Mutex`, or an `actor`), or say in a comment next "
                + "to it why it is safe."
        }
    }

    /// Whether a finding of this rule exists only in main-actor code (elsewhere the same call is fine).
    var onlyOnMain: Bool {
        switch self {
        case .blockingCallOnMain, .redundantMainHop: true
        default: false
        }
    }

    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
