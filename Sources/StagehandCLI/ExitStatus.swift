import ArgumentParser

/// The exit statuses the command line ends with, beside ArgumentParser's own (`ExitCode.success`, `.failure`,
/// `.validationFailure`), in one place: README's commands table gives each command's.
extension ExitCode {
    /// Bad input the command found itself (a spec, a result, a scan, a directory): the message on standard error,
    /// and 64, as for the arguments ArgumentParser refuses (`validationFailure`, EX_USAGE). Nothing is written.
    static func badInput(_ message: String) -> ExitCode {
        printError("error: \(message)")
        return .validationFailure
    }

    /// What was asked did not all succeed (a workload of a suite, a self-check, `scan --strict`'s findings): 1, the
    /// output having said what.
    static let someFailed = ExitCode.failure

    /// Ended by `signal` (Ctrl-C, a cancelled CI job): 128 + the signal, as a shell reports a process a signal ended.
    static func interrupted(by signal: Int32) -> ExitCode {
        ExitCode(128 + signal)
    }
}
