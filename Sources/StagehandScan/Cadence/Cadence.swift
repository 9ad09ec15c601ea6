/// How often a candidate runs in the app, from what its code shows: the event that leads to the call (a keystroke,
/// a row appearing, a timer's tick, a tap), capped by a debounce before it, and where the code says so. A scaffold and
/// a plan write it as the interaction's rate, with its source beside it.
struct Cadence: Sendable, Equatable {
    var ratePerSecond: Double
    /// What the rate comes from, with the place: "a text field's change (`.onChange`, Sources/App/Editor.swift:40)".
    var source: String
}
