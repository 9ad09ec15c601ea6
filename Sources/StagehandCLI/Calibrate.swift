import ArgumentParser
import StagehandKit

extension StagehandCommand {
    /// `stagehand calibrate`: how fast this machine runs the calibrated work loop, and how true `ms` is.
    struct Calibrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure this machine's calibrated work loop and check that `ms: N` takes N milliseconds.",
            discussion: "Exits 1 when a run of any target is off by more than 3% of CPU time."
        )

        @Option(help: "Milliseconds of work to check against the clock.")
        var ms: [Double] = [1, 10, 100]

        @Option(help: "Runs of each target; the median and the worst are shown.")
        var runs: Int = 7

        func validate() throws {
            guard runs > 0 else { throw ValidationError("--runs must be at least 1.") }
            guard ms.allSatisfy({ $0 > 0 }) else { throw ValidationError("--ms must be more than 0.") }
        }

        func run() throws {
            let fit = CalibratedWork.fit()
            let work = CalibratedWork(iterationsPerMs: fit.iterationsPerMs)
            let lengths = CalibratedWork.sampleLengthsMs
            print(
                "work loop: \(work.iterationsPerMs.reportFormatted) iterations per ms, fitted to runs of "
                    + "\((lengths.first ?? 0).reportFormatted)–\((lengths.last ?? 0).reportFormatted) ms; fixed cost per call "
                    + "\((fit.fixedMs * 1000).reportFormatted) µs (not subtracted)"
            )
            let tolerance = (CalibratedWork.tolerance * 100).reportFormatted
            print(
                "\(runs) runs of each target, CPU time of the thread (wall time, median/worst, beside it), pass within ±\(tolerance)%:"
            )
            let checks = CalibrationCheck.measure(work, targetsMs: ms, runs: runs)
            func percent(_ error: Double) -> String { (error >= 0 ? "+" : "") + (error * 100).reportFormatted + "%" }
            for check in checks {
                print(
                    "ms: \(check.targetMs.reportFormatted)  median \(check.medianMs.reportFormatted) ms "
                        + "(\(percent(check.medianError)))  worst \(check.worstMs.reportFormatted) ms "
                        + "(\(percent(check.worstError)))  wall \(check.medianWallMs.reportFormatted)/\(check.worstWallMs.reportFormatted) ms  "
                        + (check.passes ? "PASS" : "FAIL")
                )
            }
            if !checks.allSatisfy(\.passes) { throw ExitCode.someFailed }
        }
    }
}
