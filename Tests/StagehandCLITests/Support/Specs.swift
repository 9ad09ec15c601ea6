/// Workload specs that several suites profile.
enum Specs {
    /// One interaction with a step of each kind.
    static let placement = """
        name: placement
        duration-s: 0.5
        subsystems: [store]
        interactions:
          - name: tap
            rate-per-s: 8
            steps:
              - { state: store, ms: 0.3 }
              - { io: fetch, ms: 3 }
              - { compute: work, ms: 0.5 }
              - { ui: show, ms: 0.3 }
        """

    /// A workload `name` of one interaction, `tap`, whose one step is `step` (a YAML flow mapping).
    static func oneStep(_ name: String, duration: String = "0.5", ratePerSecond: Int = 4, step: String) -> String {
        """
        name: \(name)
        duration-s: \(duration)
        interactions:
          - name: tap
            rate-per-s: \(ratePerSecond)
            steps:
              - \(step)
        """
    }

    /// A minute of arrivals whose one step waits ten minutes: main-only blocks its stage child for as long as a test
    /// needs to interrupt it, or to let the watchdog end it.
    static let stuckForMinutes = oneStep("long", duration: "60", ratePerSecond: 2, step: "{ io: forever, ms: 600000 }")
}
