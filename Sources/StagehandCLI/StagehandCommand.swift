import ArgumentParser
import StagehandKit

/// The command line: `stagehand` itself, or a user's executable with its own workloads compiled in.
struct StagehandCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Stagehand.commandName,
            abstract:
                "Profile a workload under the four stages of the Swift 6 concurrency journey and advise which it needs.",
            discussion: """
                Stages, in journey order: main-only, async, offloaded, actor-extracted. Start single-threaded; add \
                concurrency only where measurement proves it pays.
                """,
            version: Stagehand.version,
            subcommands: [
                Profile.self, Report.self, Compare.self, List.self, Scan.self, Plan.self, Calibrate.self,
                BenchmarkProbes.self,
                SelfTestCommand.self,
                RunStage.self,
            ]
        )
    }
}
