import Foundation
import PackagePlugin

/// Embeds the built-in workload specs in `Workloads/` into the target, so `stagehand profile NAME` works from any
/// directory with nothing but the binary.
@main
struct EmbedWorkloads: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "Workloads")
        let specs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinWorkloadSources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(specs.count) built-in workloads",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [output.path] + specs.map(\.path),
                inputFiles: specs,
                outputFiles: [output]
            )
        ]
    }
}
