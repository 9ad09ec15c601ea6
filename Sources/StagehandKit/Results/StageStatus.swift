/// How a stage's runs ended.
public enum StageStatus: String, Codable, Sendable {
    /// Ran to the end of its duration and reported its measurements.
    case ok
    /// The child process died or exited without a result.
    case crashed
    /// The child did not finish within its duration plus the watchdog's grace period and was stopped.
    case hung
    /// Not run: not among `--stages`, or an earlier repetition already crashed or hung.
    case skipped
}
