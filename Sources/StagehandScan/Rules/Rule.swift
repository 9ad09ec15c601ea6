/// What the scanner looks for: the concurrency guide's code-review checklist and anti-patterns, one case each, with
/// the one sentence of why and the guide's fix that every output prints (each in its rule's file).
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

    /// Why the guide warns about it, in one sentence: its rule's own (``ScanRule/why``).
    public var why: String { checks.why }

    /// The guide's fix, in one sentence: its rule's own (``ScanRule/fix``).
    public var fix: String { checks.fix }

    /// The rule that finds it: its line in ``scanRules`` (every case has one; `RuleTests` checks it).
    var checks: any ScanRule.Type {
        guard let rule = scanRules.first(where: { $0.id == self }) else { preconditionFailure("no rule finds \(self)") }
        return rule
    }

    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
