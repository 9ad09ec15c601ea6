/// What the scanner knows of the SDKs without reading them: the one table of system types and calls whose isolation
/// decides a finding. Written from Apple's documentation and the SDK interfaces (not read on this Linux machine).
enum KnownTypes {
    /// Protocols and classes isolated to the main actor: a type conforming to or inheriting from one is main-actor
    /// code (SwiftUI's protocols are `@MainActor @preconcurrency` from the iOS 18 / macOS 15 SDKs; UIKit's and
    /// AppKit's classes are `@MainActor`).
    static let mainActor: Set<String> = [
        "View", "App", "Scene", "ViewModifier", "Commands", "ToolbarContent", "DynamicProperty",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "UIResponder", "UIView", "UIViewController", "UITableViewController", "UICollectionViewController",
        "UINavigationController", "UITabBarController", "UIApplicationDelegate", "UIWindowSceneDelegate",
        "UISceneDelegate", "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource",
        "UICollectionViewDelegate", "UITableViewCell", "UICollectionViewCell",
        "NSResponder", "NSView", "NSViewController", "NSWindowController", "NSWindow", "NSApplicationDelegate",
        "NSWindowDelegate", "NSTableViewDataSource", "NSTableViewDelegate", "NSDocument",
    ]

    /// Protocols refining `SendableMetatype`: a type whose declaration conforms to one is not made main-actor by a
    /// target's default isolation (SE-0466, as Swift 6.2 shipped it).
    static let sendableMetatype: Set<String> = [
        "Sendable", "SendableMetatype", "Error", "LocalizedError", "CustomNSError", "AppIntent", "AppEntity",
        "AppEnum", "Transferable", "EntityQuery", "TimelineEntry", "CodingKey",
    ]

    /// How a closure passed to a call runs, by the call's callee as written: `name` for `Task { }`, or `base` and
    /// `member` for `Task.detached { }`. `nil` when the closure inherits its context's isolation, as `Task { }`'s and
    /// every unlisted callee's do.
    static func closureIsolation(name: String?, base: String?, member: String?) -> Isolation? {
        switch (base, member, name) {
        case ("Task", "detached", _): return .nonisolated("a detached task inherits no actor")
        case (_, "addTask", _), (_, "addTaskUnlessCancelled", _), (_, "addDiscardingTask", _),
            (_, "addDiscardingTaskUnlessCancelled", _):
            return .nonisolated("a task-group child inherits no actor")
        case ("MainActor", "run", _): return .mainActor("`MainActor.run` runs its body on the main actor")
        case (_, "async", _), (_, "asyncAfter", _), (_, "sync", _):
            if let base, base.hasPrefix("DispatchQueue.main") {
                return .mainActor("a block on `DispatchQueue.main`")
            }
            if let base, base.hasPrefix("DispatchQueue") || base.lowercased().hasSuffix("queue") {
                return .nonisolated("a block on a dispatch queue other than main")
            }
            return nil
        case ("Timer", "scheduledTimer", _), (_, _, "Timer"):
            return .nonisolated("a timer's block is `@Sendable`")
        case (_, "addObserver", _):
            return .nonisolated("a notification observer's block is `@Sendable`")
        case ("Thread", "detachNewThread", _), (_, _, "Thread"):
            return .nonisolated("a thread of its own")
        default:
            return nil
        }
    }

    /// Calls known to run a closure argument where they are called: synchronous higher-order functions, and SwiftUI's
    /// actions and modifiers, whose closures are main-actor in the SDK. A closure passed to any other lowercase call
    /// (a completion handler of an SDK API, `sink`) may run on any thread, so the scanner does not take it for main.
    static let inheritingCalls: Set<String> = [
        // The standard library and Foundation, synchronous.
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "sort", "first", "last", "contains",
        "allSatisfy", "min", "max", "firstIndex", "lastIndex", "removeAll", "partition", "drop", "prefix", "split",
        "mapValues", "compactMapValues", "merge", "withLock", "autoreleasepool", "withExtendedLifetime",
        "withUnsafeBytes", "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer",
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskCancellationHandler",
        "coordinate", "enumerateLines", "enumerateSubstrings", "enumerateAttribute", "enumerateAttributes",
        "enumerateObjects",
        // SwiftUI: actions and modifiers run on the main actor.
        "withAnimation", "withTransaction", "onAppear", "onDisappear", "onTapGesture", "onLongPressGesture", "task",
        "onChange", "onReceive", "onSubmit", "refreshable", "sheet", "fullScreenCover", "popover", "alert",
        "confirmationDialog", "contextMenu", "toolbar", "overlay", "background", "navigationDestination",
        "swipeActions", "onDelete", "onMove", "onOpenURL", "onHover", "gesture", "simultaneousGesture", "safeAreaInset",
        "searchable", "onKeyPress", "onContinuousHover", "onGeometryChange", "dropDestination", "draggable",
    ]

    /// Types whose initializer's closure runs on a thread of its own (everywhere else, a closure given to an
    /// initializer, `VStack { … }` or `Button("Save") { … }`, runs where the code around it does).
    static let backgroundInitializers: Set<String> = ["Thread", "BlockOperation", "DispatchWorkItem", "Timer"]
}
