import ArgumentParser
import StagehandKit

extension Stagehand {
    /// `stagehand calibrate`: how fast this machine runs the calibrated work loop, and how true `ms` is.
    struct Calibrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure this machine's calibrated work loop and check that `ms: N` takes N milliseconds."
        )

        @Option(help: "Milliseconds of work to check against the clock.")
        var ms: [Double] = [1, 10, 100]

        func run() {
            let work = CalibratedWork.calibrate()
            print("work loop: \(work.iterationsPerMs.reportFormatted) iterations per ms")
            for target in ms {
                let start = Instant.now
                work.run(ms: target)
                let took = Instant.now.milliseconds(since: start)
                print(
                    "ms: \(target.reportFormatted) took \(took.reportFormatted) ms (\((took / target * 100).reportFormatted)%)"
                )
            }
        }
    }
}
