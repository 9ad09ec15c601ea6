import Dispatch

/// Tells whether code is running on the main queue, which is what the main actor runs on.
///
/// `Thread.isMainThread` is not enough: under an async `main`, main-queue jobs run on a libdispatch worker thread.
/// A queue-specific key set on the main queue is read correctly on whichever thread services it.
public enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()

    /// Marks the main queue; call once at start-up before asking ``isCurrent``.
    public static func mark() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    /// Whether the current code runs on the main queue (and so on the main actor).
    public static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
