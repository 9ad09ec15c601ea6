import Foundation
import PackagePlugin

/// `swift package stagehand …`: Stagehand's command line, run from the package's own workload executable.
///
/// A workload executable is an executable target that depends on the `StagehandCLI` product and calls
/// `Stagehand.main(workloads:)`; by convention it lives in `Stagehand/<TargetName>/`. The plugin builds it in release,
/// runs it in the package directory with the arguments it was given, and fails when it fails:
///
/// ```
/// swift package stagehand list
/// swift package --allow-writing-to-package-directory stagehand profile open-document
/// swift package --allow-writing-to-package-directory stagehand --target AppWorkloads profile open-document
/// swift package --allow-writing-to-package-directory stagehand profile --all
/// ```
///
/// `--target NAME` picks the executable when the package has several, or names one that reaches `StagehandCLI`
/// through another target; `list` runs on every one. `profile` writes to `Reports/` in the package unless given
/// `--output`. Paths in the arguments are relative to the package directory.
///
/// On macOS SwiftPM runs the plugin, and the workload executable it starts, in a sandbox with no network. A workload
/// whose code connects somewhere needs `swift package --allow-network-connections local stagehand profile …` for
/// loopback, or `all` for other hosts; one that also listens, as the Examples' loopback server does, needs
/// `--disable-sandbox`, since the profile SwiftPM writes allows outbound connections only (swift-package-manager
/// `Sources/Basics/Sandbox.swift`, `macOSSandboxProfile`; read there, not run on a Mac). The plugin declares no
/// network permission: SwiftPM asks for a declared one before every command, `list` and `scan` too, and fails every
/// run that cannot ask (CI) without the flag, for workloads that never open a socket as much as for those that do.
///
/// `swift package stagehand scan [--json | --markdown] [--strict] [PATH]` is the static advisor instead: it builds
/// Stagehand's `stagehand-scan` product (swift-syntax, once, minutes in release; nothing else the plugin runs needs
/// it) and scans the package directory, or the path given. With `--scaffold DIR` (and
/// `--allow-writing-to-package-directory`) it writes a starting workload executable into DIR, inside the package.
///
/// `swift package --allow-writing-to-package-directory stagehand plan` builds Stagehand's `stagehand` and
/// `stagehand-scan` and runs `stagehand plan` on the package: its target in `Stagehand/Plan`, built in
/// `.build/stagehand-plan` (SwiftPM holds `.build` while the plugin runs), the plan in `Reports/Plan`.
@main
struct StagehandCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let invocation = try Invocation(arguments)
        let package = context.package
        let directory = package.directoryURL
        if invocation.subcommand == "scan" {
            var arguments = Array(invocation.arguments.dropFirst())
            if !invocation.hasPath(optionsWithValues: ["--scaffold", "--plan", "--exclude"]) {
                arguments.append(directory.path(percentEncoded: false))
            }
            let scanner = try Self.build(product: "stagehand-scan", with: packageManager)
            try run(scanner, name: "stagehand-scan", arguments: arguments, in: directory)
            return
        }
        if invocation.subcommand == "plan" {
            // `stagehand plan` with the scanner beside it. It builds the package again, its own target added, in a
            // build directory of its own: SwiftPM holds `.build` while the plugin runs.
            _ = try Self.build(product: "stagehand-scan", with: packageManager)
            let stagehand = try Self.build(product: "stagehand", with: packageManager)
            var arguments = invocation.arguments
            if !invocation.hasPath(optionsWithValues: ["--output", "--max-time", "--stagehand", "--scratch-path"]) {
                arguments.append(directory.path(percentEncoded: false))
            }
            if !invocation.hasOption("scratch-path") {
                let scratch = directory.appending(path: ".build/stagehand-plan").path(percentEncoded: false)
                arguments.insert(contentsOf: ["--scratch-path", scratch], at: 1)
            }
            try run(stagehand, name: "stagehand plan", arguments: arguments, in: directory)
            return
        }
        let targets = try WorkloadExecutable.find(in: package, named: invocation.targets)

        if invocation.subcommand == "list" {
            let executables = try targets.map { try $0.build(with: packageManager) }
            for (index, (target, executable)) in zip(targets, executables).enumerated() {
                if targets.count > 1 {
                    print(index == 0 ? "\(target.name):" : "\n\(target.name):")
                }
                try run(executable, name: target.name, arguments: invocation.arguments, in: directory)
            }
            return
        }

        guard targets.count == 1, let target = targets.first else {
            let names = targets.map(\.name)
            throw PluginFailure(
                """
                package '\(package.displayName)' has \(names.count) workload executables: \
                \(names.joined(separator: ", ")). Pass --target to pick one, e.g.
                    swift package stagehand --target \(([names[0]] + invocation.arguments).joined(separator: " "))
                """
            )
        }
        var arguments = invocation.arguments
        if invocation.subcommand == "profile", !invocation.hasOption("output") {
            let reports = directory.appending(path: "Reports").path(percentEncoded: false)
            arguments.insert(contentsOf: ["--output", reports], at: 1)
        }
        try run(try target.build(with: packageManager), name: target.name, arguments: arguments, in: directory)
    }

    /// Builds `product` (of this package or of a dependency, as Stagehand's `stagehand-scan` is) in release, showing
    /// the build's log, and returns where its executable is.
    static func build(product: String, with packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(
            .product(product),
            parameters: .init(configuration: .release, logging: .concise, echoLogs: true)
        )
        guard result.succeeded else {
            throw PluginFailure("could not build \(product) in release; the build log is above")
        }
        let executable = result.builtArtifacts.first {
            $0.kind == .executable && $0.url.deletingPathExtension().lastPathComponent == product
        }
        guard let executable else {
            throw PluginFailure("the release build of \(product) produced no executable")
        }
        return executable.url
    }

    /// Runs `executable` in `directory` with the plugin's own output, and throws unless it exits with status 0.
    private func run(_ executable: URL, name: String, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // The sandbox of a macOS plugin refuses `kill`, so the signals below may not arrive: the profile also ends
        // when this plugin does (the name is Stagehand's `ChildLifetime.endWithParentVariable`).
        process.environment = ProcessInfo.processInfo.environment.merging(["STAGEHAND_END_WITH_PARENT": "1"]) { $1 }
        do {
            try process.run()
        } catch {
            throw PluginFailure("could not run \(executable.path(percentEncoded: false)): \(error)")
        }
        // SwiftPM stops the plugin on Ctrl-C but not the child, which has its own process group: pass the signal on,
        // so a profile stops its stage child and writes nothing, as it does when run directly (where `kill` is
        // allowed; where it is not, the child sees this plugin end).
        let pid = process.processIdentifier
        let signalSources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { kill(pid, number) }
            source.resume()
            return source
        }
        defer { for source in signalSources { source.cancel() } }
        process.waitUntilExit()
        let status = process.terminationStatus
        switch process.terminationReason {
        case .exit where status == 0:
            return
        case .exit:
            throw PluginFailure("\(name) exited with status \(status)")
        case .uncaughtSignal:
            throw PluginFailure("\(name) was terminated by signal \(status)")
        @unknown default:
            throw PluginFailure("\(name) ended abnormally (status \(status))")
        }
    }
}

/// The plugin's arguments: its own `--target` options, and the rest for the workload executable.
struct Invocation {
    /// The targets named with `--target`, in order; empty to find them.
    var targets: [String] = []

    /// What the workload executable gets, in order: everything but `--target` and its value.
    var arguments: [String] = []

    /// Splits `arguments`; only options before a `--` are the plugin's.
    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                self.arguments.append(argument)
                self.arguments.append(contentsOf: remaining)
                break
            } else if argument == "--target" {
                guard let name = remaining.popFirst(), !name.hasPrefix("-") else {
                    throw PluginFailure("--target needs the name of a workload executable target")
                }
                targets.append(name)
            } else if argument.hasPrefix("--target=") {
                targets.append(String(argument.dropFirst("--target=".count)))
            } else {
                self.arguments.append(argument)
            }
        }
    }

    /// The Stagehand subcommand (`profile`, `list`, …), or nil when the arguments start with an option such as
    /// `--help`.
    var subcommand: String? {
        arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    }

    /// Whether the subcommand's arguments name a path: an argument that is neither an option nor the value of one of
    /// `optionsWithValues` (`scan`'s `--scaffold DIR`, `plan`'s `--output DIR`).
    func hasPath(optionsWithValues: Set<String>) -> Bool {
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "--" { return !rest.isEmpty }
            if optionsWithValues.contains(argument) {
                _ = rest.popFirst()  // its value, not the path
                continue
            }
            if !argument.hasPrefix("-") { return true }
        }
        return false
    }

    /// Whether the arguments give the option `--name`, as `--name value` or `--name=value`.
    func hasOption(_ name: String) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") }
    }
}

/// An executable target whose `main` runs Stagehand's command line.
struct WorkloadExecutable {
    /// The target's name.
    var name: String

    /// The executable product that builds the target.
    var product: String

    /// The executable targets named in `names`, or else every one in `package` that depends directly on the
    /// `StagehandCLI` product (or, inside Stagehand itself, on its `StagehandCLI` target). Throws when there is none.
    static func find(in package: Package, named names: [String]) throws -> [WorkloadExecutable] {
        let executables = package.targets(ofType: SwiftSourceModuleTarget.self).filter { $0.kind == .executable }
        let targets: [SwiftSourceModuleTarget]
        if names.isEmpty {
            targets = executables.filter(\.dependsOnStagehandCLI).sorted { $0.name < $1.name }
            guard !targets.isEmpty else {
                throw PluginFailure(
                    """
                    package '\(package.displayName)' has no workload executable: an executable target that depends on \
                    the StagehandCLI product and calls `await Stagehand.main(workloads: [...])`. Add one to \
                    Package.swift, with its main.swift in Stagehand/AppWorkloads/:
                        .executableTarget(
                            name: "AppWorkloads",
                            dependencies: [.product(name: "StagehandCLI", package: "\(package.stagehandIdentity)")],
                            path: "Stagehand/AppWorkloads"
                        ),
                    """
                )
            }
        } else {
            targets = try names.map { name in
                guard let target = executables.first(where: { $0.name == name }) else {
                    let found = executables.filter(\.dependsOnStagehandCLI).map(\.name)
                    throw PluginFailure(
                        "package '\(package.displayName)' has no executable target named '\(name)'"
                            + (found.isEmpty ? "" : "; workload executables: \(found.joined(separator: ", "))")
                    )
                }
                return target
            }
        }
        let products = package.products(ofType: ExecutableProduct.self)
        return targets.map { target in
            // SwiftPM gives a root package's executable target a product of its name unless one is declared.
            let product = products.first { $0.mainTarget.id == target.id }
            return WorkloadExecutable(name: target.name, product: product?.name ?? target.name)
        }
    }

    /// Builds the executable in release, showing the build's log, and returns where it is.
    func build(with packageManager: PackageManager) throws -> URL {
        try StagehandCommand.build(product: product, with: packageManager)
    }
}

extension SwiftSourceModuleTarget {
    /// Whether the target depends directly on the `StagehandCLI` product, or on the target of that name.
    fileprivate var dependsOnStagehandCLI: Bool {
        dependencies.contains { dependency in
            switch dependency {
            case .product(let product): product.name == "StagehandCLI"
            case .target(let target): target.name == "StagehandCLI"
            @unknown default: false
            }
        }
    }
}

extension Package {
    /// The identity this package knows Stagehand by, for `.product(name: "StagehandCLI", package: ...)`.
    fileprivate var stagehandIdentity: String {
        let stagehand = dependencies.first { dependency in
            dependency.package.products.contains { $0.name == "StagehandCLI" }
        }
        return stagehand?.package.id ?? "stagehand"
    }
}

/// A failure the plugin reports as an error diagnostic; `swift package` then exits with status 1.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
