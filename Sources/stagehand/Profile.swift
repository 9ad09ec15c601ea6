import ArgumentParser
import Foundation
import StagehandKit

extension Stagehand {
    struct Profile: AsyncParsableCommand {
        @Argument var workload: String
        func run() async throws {
            let w = try BuiltinWorkloads.resolve(workload)
            let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let results = try await Profiler(workload: w, options: ProfileOptions(repetitions: 1), executable: exe).run { p in print(p) }
            let e = JSONEncoder(); e.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try e.encode(results), as: UTF8.self))
        }
    }
}
