/// How arrivals of an interaction are spaced in time.
public enum Arrival: String, Sendable, Codable, CaseIterable {
    /// Evenly spaced, `1 / rate` seconds apart.
    case periodic
    /// A Poisson process with the given rate, drawn from the run's seed (reproducible).
    case poisson
}
