/// The events that lead to a call, and how often each comes: the one table the finder reads. A rate here is a
/// person's pace, stated where there is no number in the code (the Examples' hand-written workloads use the same:
/// keystrokes 8 a second, rows appearing while scrolling 20), or the display's, for what runs every frame.
enum CadenceEvent: Sendable, CaseIterable {
    /// A value a text field edits changes: `.onChange(of:)`, `.task(id:)`, a delegate's `textDidChange`.
    case keystroke
    /// A row of a lazy container appears while the list scrolls: `.onAppear`/`.task` inside `List`, `ForEach`, ….
    case rowAppears
    /// A screen appears: `.onAppear`/`.task` elsewhere.
    case screenAppears
    /// Pull to refresh: `.refreshable`.
    case refresh
    /// A tap, a button, a submit.
    case tap
    /// Every frame of a drag or a scroll: a gesture's `.onChanged`, scroll geometry, a delegate's `scrollViewDidScroll`.
    case everyFrame

    var ratePerSecond: Double {
        switch self {
        case .keystroke: 8
        case .rowAppears: 20
        case .screenAppears: 0.5
        case .refresh: 1
        case .tap: 2
        case .everyFrame: 60
        }
    }

    /// "a text field's change", as the source of a rate says it.
    var phrase: String {
        switch self {
        case .keystroke: "each change of a value people type into (\(Int(ratePerSecond)) keystrokes a second)"
        case .rowAppears: "a row appearing in a scrolling list (\(Int(ratePerSecond)) a second)"
        case .screenAppears: "a screen appearing (one every 2 s)"
        case .refresh: "pull to refresh (once a second at most)"
        case .tap: "a tap (\(Int(ratePerSecond)) a second)"
        case .everyFrame: "every frame of a drag or scroll (60 a second)"
        }
    }

    /// The modifiers and calls whose closure an event runs, by name.
    static let modifiers: [String: CadenceEvent] = [
        "onChange": .keystroke, "onAppear": .screenAppears, "task": .screenAppears, "refreshable": .refresh,
        "onTapGesture": .tap, "onSubmit": .tap, "onLongPressGesture": .tap, "Button": .tap,
        "onChanged": .everyFrame, "onScrollGeometryChange": .everyFrame, "onContinuousHover": .everyFrame,
    ]

    /// The containers in which `.onAppear` and `.task` are a row's.
    static let lazyContainers: Set<String> = [
        "List", "ForEach", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup",
    ]

    /// The views and modifiers that edit a bound text: a value they edit changes at each keystroke.
    static let textFields: Set<String> = ["TextField", "SecureField", "TextEditor", "searchable"]

    /// UIKit's and AppKit's callbacks whose name says the event.
    static let callbacks: [String: CadenceEvent] = [
        "textDidChange": .keystroke, "controlTextDidChange": .keystroke, "textViewDidChange": .keystroke,
        "textFieldDidChangeSelection": .keystroke, "updateSearchResults": .keystroke,
        "scrollViewDidScroll": .everyFrame,
    ]
}
