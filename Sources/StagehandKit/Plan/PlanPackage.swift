import Foundation

/// The package `stagehand plan` measures, as its manifest says (`swift package dump-package`), and the block the plan
/// adds to its `Package.swift`: the workload target, and Stagehand as a dependency when the package has none.
package struct PlanPackage: Sendable, Equatable {
    /// A dependency of the package: its identity, the name a target's `.product(…, package:)` uses, and where it is.
    package struct Dependency: Sendable, Equatable {
        package var identity: String
        package var name: String
        /// A local path, or a remote URL.
        package var location: String
    }

    package var name: String
    package var dependencies: [Dependency]
    /// The manifest's tools version (`// swift-tools-version:5.2`), as major and minor: what the block may write.
    package var toolsVersion = ToolsVersion(major: 6, minor: 0)

    package struct ToolsVersion: Sendable, Equatable, Comparable {
        package var major: Int
        package var minor: Int

        package init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }
    }

    /// Reads the JSON of `swift package dump-package`.
    ///
    /// - Throws: ``ResultFileError`` naming `origin` when it is not a manifest's dump.
    package init(dump data: Data, origin: String) throws(ResultFileError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let name = object["name"] as? String
        else { throw ResultFileError(file: origin, problem: "not the JSON of `swift package dump-package`") }
        self.name = name
        let version = ((object["toolsVersion"] as? [String: Any])?["_version"] as? String)?.split(separator: ".")
        if let version, version.count >= 2, let major = Int(version[0]), let minor = Int(version[1]) {
            toolsVersion = ToolsVersion(major: major, minor: minor)
        }
        dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            for kind in ["fileSystem", "sourceControl", "registry"] {
                guard let first = (dependency[kind] as? [[String: Any]])?.first,
                    let identity = first["identity"] as? String
                else { continue }
                let location =
                    first["path"] as? String
                    ?? ((first["location"] as? [String: Any])?["remote"] as? [[String: Any]])?.first?["urlString"]
                    as? String ?? ((first["location"] as? [String: Any])?["local"] as? [String])?.first ?? identity
                let name = first["nameForTargetDependencyResolutionOnly"] as? String ?? identity
                return Dependency(identity: identity, name: name, location: location)
            }
            return nil
        }
    }

    package init(name: String, dependencies: [Dependency]) {
        self.name = name
        self.dependencies = dependencies
    }

    /// The dependency that is Stagehand: the one at `checkout` (this executable's own package), one named or
    /// identified `stagehand`, or a local one whose manifest declares the package Stagehand.
    package func stagehand(checkout: URL?) -> Dependency? {
        dependencies.first { dependency in
            let location = URL(filePath: dependency.location).standardizedFileURL
            if let checkout, location.path == checkout.standardizedFileURL.path { return true }
            return dependency.identity == "stagehand" || dependency.name.lowercased() == "stagehand"
                || (dependency.location.hasPrefix("/") && Self.isStagehand(location))
        }
    }

    /// Whether `directory` holds Stagehand's own package: its `Package.swift` declares `Package(name: "Stagehand"`
    /// (a package that depends on Stagehand names it too, in `.package(name: "Stagehand", …)`, which does not count).
    package static func isStagehand(_ directory: URL) -> Bool {
        guard let text = try? String(contentsOf: directory.appending(path: "Package.swift"), encoding: .utf8) else {
            return false
        }
        return text.contains(/Package\(\s*name:\s*"Stagehand"/)
    }

    // MARK: - The block in Package.swift

    /// Package.swift has the block's first line and not its last: someone cut it, and where it ends is not known.
    package struct BrokenBlock: Error, CustomStringConvertible {
        package var description: String {
            "Package.swift has `\(PlanPackage.blockStart)` without `\(PlanPackage.blockEnd)`: delete the block, or end it"
        }
    }

    static let blockStart = "// BEGIN stagehand plan"
    static let blockEnd = "// END stagehand plan"

    /// `manifest` (the text of Package.swift) with the plan's block in place: added at the end, or written over the
    /// block of a run before. The block appends the workload target (named `target`, at `path`, depending on
    /// `modules` and StagehandCLI) and, when the package has no Stagehand dependency, a path dependency on
    /// `checkout`, in what the manifest's tools version accepts.
    ///
    /// - Returns: `nil` when the manifest would not change.
    /// - Throws: ``BrokenBlock`` when the manifest has the block's start and not its end.
    package func manifest(
        _ manifest: String,
        target: String,
        path: String,
        modules: [String],
        checkout: URL?
    ) throws(BrokenBlock) -> String? {
        let start = manifest.range(of: Self.blockStart)
        let end = start.flatMap { manifest.range(of: Self.blockEnd, range: $0.upperBound..<manifest.endIndex) }
        if start != nil && end == nil { throw BrokenBlock() }
        // The dependency a run before's block added is the block's, not the package's own: it stays in the block.
        var own: String?
        if let start, let end {
            let old = manifest[start.upperBound..<end.lowerBound]
            if let match = old.firstMatch(of: /package\.dependencies\.append\(\.package\(path: "([^"]*)"\)\)/) {
                own = String(match.1)
            }
        }
        let theirs = PlanPackage(name: name, dependencies: dependencies.filter { $0.location != own })
        let existing = theirs.stagehand(checkout: checkout)
        let packageName = existing?.name ?? checkout?.lastPathComponent.lowercased() ?? "stagehand"
        let dependencies =
            modules.map { "\"\($0)\"" } + [".product(name: \"StagehandCLI\", package: \"\(packageName)\")"]
        var block = [
            Self.blockStart,
            "// Written by `stagehand plan`, and again on every run: the workloads it measures (\(path)/). To remove",
            "// them, delete this block and that folder.",
        ]
        if existing == nil, let checkout {
            block.append("package.dependencies.append(.package(path: \"\(checkout.standardizedFileURL.path)\"))")
        }
        // `executableTarget` came with tools 5.4; before, a target with a main.swift is an executable.
        let kind = toolsVersion < ToolsVersion(major: 5, minor: 4) ? "target" : "executableTarget"
        block += [
            "package.targets.append(",
            "    .\(kind)(",
            "        name: \"\(target)\",",
            "        dependencies: [\(dependencies.joined(separator: ", "))],",
            "        path: \"\(path)\"",
            "    )",
            ")",
            Self.blockEnd,
        ]
        let text = block.joined(separator: "\n")
        var updated: String
        if let start, let end {
            updated = manifest.replacingCharacters(in: start.lowerBound..<end.upperBound, with: text)
        } else {
            updated = manifest.hasSuffix("\n") ? manifest : manifest + "\n"
            updated += "\n" + text + "\n"
        }
        return updated == manifest ? nil : updated
    }
}
