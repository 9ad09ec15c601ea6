import ArgumentParser

/// `stagehand`: how much concurrency does this code actually need?
@main
struct Stagehand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stagehand",
        abstract:
            "Profile a workload under the four stages of the Swift 6 concurrency journey and advise which it needs.",
        discussion: """
            Stages, in journey order: main-only, async, offloaded, actor-extracted. Start single-threaded; add \
            concurrency only where measurement proves it pays.
            """,
        version: "0.1.0",
        subcommands: [
            Profile.self, Report.self, Compare.self, List.self, Calibrate.self, BenchmarkProbes.self,
            SelfTestCommand.self,
            RunStage.self,
        ]
    )
}
