import ArgumentParser
import Foundation
import StagehandKit

extension StagehandCommand {
    /// `stagehand scan`: runs the static advisor, `stagehand-scan`, built beside this executable. The scanner is a
    /// product of its own because it needs swift-syntax, which profiling never builds; this command only hands its
    /// arguments on, as `git` runs `git-NAME`.
    struct Scan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find what the Swift concurrency guide warns about in sources (runs stagehand-scan).",
            discussion: """
                Build the scanner once beside this executable: swift build -c release --product stagehand-scan. \
                `stagehand scan --help` there lists its options: PATH, --json, --markdown, --strict, --scaffold DIR. \
                Exit status: 0 done; 1 findings with --strict; 64 a bad path, an existing scaffold, or the scanner is \
                not built.
                """
        )

        @Argument(
            parsing: .captureForPassthrough,
            help: "What stagehand-scan takes: [PATH] [--json|--markdown] [--strict] [--scaffold DIR]."
        )
        var arguments: [String] = []

        func run() throws {
            let scanner = try Self.scanner()
            let status = try Command.runInheriting([scanner.path] + arguments)
            if status != 0 { throw ExitCode(status) }
        }

        /// `stagehand-scan` beside this executable.
        ///
        /// - Throws: exit status 64 with how to build it, when it is not built.
        static func scanner() throws -> URL {
            guard let executable = Platform.executablePath else {
                throw ToolFailure("could not find this executable's path")
            }
            let scanner = URL(filePath: executable).deletingLastPathComponent().appending(path: "stagehand-scan")
            guard FileManager.default.isExecutableFile(atPath: scanner.path) else {
                throw ExitCode.badInput(
                    """
                    stagehand scan and plan need the scanner, which is not built beside \(executable). Build it with
                        swift build -c release --product stagehand-scan
                    """
                )
            }
            return scanner
        }
    }
}
