/// One kind of user interaction (a tap, a scroll, a request) and the steps that handle it.
package struct Interaction: Sendable, Codable, Equatable {
    package var name: String
    /// Arrivals per second.
    package var ratePerSecond: Double
    package var arrival: Arrival
    package var steps: [Step]

    package init(name: String, ratePerSecond: Double, arrival: Arrival = .periodic, steps: [Step]) {
        self.name = name
        self.ratePerSecond = ratePerSecond
        self.arrival = arrival
        self.steps = steps
    }
}
