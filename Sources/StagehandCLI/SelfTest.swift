import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// `stagehand selftest`: known answers on this machine, expected beside measured.
    struct SelfTestCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "selftest",
            abstract: "Check the measurements against known answers on this machine (about 30 s).",
            discussion: """
                Injects main-thread blocks of 20, 50, 200, 256 and 300 ms and a step of 1000 allocations into real \
                main-only stage runs, and prints what the metric definitions say each must read beside what was \
                read: hitch time per block, hangs, main-actor job bands, allocations. Exits 1 when a check fails.
                """
        )

        func run() async throws {
            let calibration = CalibratedWork.calibrate()
            let checks = try await SelfTest.run(executable: try Stagehand.executable, calibration: calibration)
            let width = checks.map(\.name.count).max() ?? 0
            for check in checks {
                let name = check.name.padding(toLength: width, withPad: " ", startingAt: 0)
                print(
                    "\(check.passed ? "PASS" : "FAIL")  \(name)  expected \(check.expected), measured \(check.measured)"
                )
            }
            let failed = checks.filter { !$0.passed }.count
            print(
                failed == 0 ? "\nAll \(checks.count) checks passed." : "\n\(failed) of \(checks.count) checks failed."
            )
            if failed > 0 { throw ExitCode.someFailed }
        }
    }
}
