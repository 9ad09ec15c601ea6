/// A ``CodeInteraction`` of any value type: what ``InteractionsBuilder`` collects. Public only because the builder's
/// functions must name it; a workload never makes one.
@_documentation(visibility: internal)
public struct ErasedInteraction: Sendable {
    let name: String
    let ratePerSecond: Double
    let arrival: Arrival
    let steps: [CodeStep]
    let location: DeclarationSite
}
