import ArgumentParser
import Foundation
@_exported import StagehandKit  // a workload executable needs one import: the workload API comes with the CLI

/// Stagehand's whole command line, for the `stagehand` executable and for a user's own executable whose workloads
/// run their code.
///
/// ```swift
/// import StagehandCLI
///
/// @main
/// enum AppWorkloads {
///     static func main() async {
///         await Stagehand.main(workloads: [openDocument, refreshFeed])
///     }
/// }
/// ```
///
/// Every subcommand comes with it: `profile`, `report`, `compare`, `list`, `calibrate`, `selftest`,
/// `benchmark-probes`, and the hidden `run-stage`, which a profile starts once per stage run by executing this same
/// binary again, so each child carries the same compiled-in workloads.
public enum Stagehand {
    /// The tool's version.
    public static let version = "0.2.0"

    /// Runs the command line with `workloads` profilable by name (besides the built-in specs and spec files), and
    /// returns when the command is done; a failing command exits the process with its status.
    ///
    /// An invalid workload (a rate of 0, a bad name, two of one name) exits with status 64 and names the Swift
    /// file and line that declared it.
    public static func main(workloads: [CodeWorkload] = []) async {
        let catalog: WorkloadCatalog
        do {
            catalog = try WorkloadCatalog(code: workloads)
        } catch {
            printError("error: \(error)")
            exit(64)
        }
        await WorkloadCatalog.$current.withValue(catalog) {
            await StagehandCommand.main()
        }
    }

    /// The command's name as the user typed it: `stagehand`, or their own executable's name.
    static var commandName: String {
        WorkloadCatalog.current.code.isEmpty
            ? "stagehand" : URL(fileURLWithPath: CommandLine.arguments.first ?? "stagehand").lastPathComponent
    }

    /// This executable, whose `run-stage` command a profile starts once per stage run.
    static var executable: URL {
        get throws {
            guard let path = Platform.executablePath else {
                throw ToolFailure("could not find this executable's own path, which the stage children run")
            }
            return URL(fileURLWithPath: path)
        }
    }
}
