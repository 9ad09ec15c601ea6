/// One thing in the scanned code that a scaffold offers to measure, as one workload with one interaction: a function
/// doing CPU work that main-actor code calls, an async function main-actor code awaits, or a main-actor class's
/// shared state.
struct ScaffoldCandidate: Sendable {
    /// The step the candidate becomes, in the order a scaffold writes them.
    enum Kind: Int, Sendable, CaseIterable, Comparable {
        /// A synchronous, non-main-actor function doing CPU work, called from main-actor code: on main until the
        /// `offloaded` stage moves it.
        case compute
        /// A main-actor function doing CPU work: it can only run on main, so it is measured there, as it is.
        case ui
        /// An async function, not main-actor, awaited from main-actor code.
        case io
        /// A main-actor class's stored mutable state, used from several places.
        case state

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var kind: Kind
    /// For `state`, the class's method the app calls most.
    var declaration: Declaration
    var module: Project.Module?
    /// How a step's body calls it: `NotePreview.render(<#markdown: String#>)`, with a placeholder for each argument
    /// and for an instance when its type has no static `shared`.
    var call: ScaffoldCall
    var isThrowing: Bool
    var returnsValue: Bool
    /// Callable from the workload executable's module as it is (`public`, `open`, `package`).
    var isVisibleToOtherModules: Bool
    /// Why it is a candidate, in a sentence ending with a period.
    var why: String
    /// The workload's name: `note-preview-render`.
    var workloadName: String
    /// The step's label: `render`.
    var stepLabel: String
    /// For `state`: the class, and its stored `var`s.
    var state: SharedState?
    /// Higher first: how much work the body shows, and how many places use it.
    var rank: Int
    /// Why its module cannot be built on this host, when it cannot: "imports SwiftUI", "depends on `AppUI`, which
    /// imports SwiftUI" (``HostFrameworks``).
    var missingFramework: String?
    /// How often the app runs it, where its code shows the event that leads to it; `nil`: the rate is a guess.
    var cadence: Cadence?
    /// For `io`: where it talks to a server, when it does ("it calls `data(for:)`"): a plan measures it only when
    /// told it may send real requests.
    var server: String?

    /// The interaction's rate: the cadence found, or the scaffold's stated guess.
    var ratePerSecond: Double { cadence?.ratePerSecond ?? Double(Scaffold.guessedRatePerSecond) }
}
