import Foundation

/// Where `stagehand scan --scaffold DIR` may write its `main.swift`: a new directory of its own in the package (or the
/// scanned tree, when no `Package.swift` holds it), outside every target's sources and build products, because the
/// executable target's `path:` is relative to the package and a target compiles every Swift file under its path.
public struct ScaffoldDirectory: Sendable {
    /// Why DIR cannot hold the scaffold, in a sentence for `error:`.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// DIR, absolute, resolved.
    public let url: URL
    /// DIR relative to the package: the target's `path:` (`Stagehand/AppWorkloads`).
    public let packagePath: String
    /// The file to write.
    public var mainSwift: URL { url.appending(path: "main.swift") }

    /// - Parameters:
    ///   - directory: DIR as given, relative to the current directory or absolute.
    ///   - root: the scanned PATH.
    ///   - header: DIR is `stagehand plan`'s, which writes it again on every run: it may hold Swift files (those of
    ///     the run before, and the user's edits of them) once it holds a `main.swift` that starts with `header`.
    public init(
        _ directory: String,
        scanning root: String,
        regeneratingFilesStartingWith header: String? = nil
    ) throws(Refusal) {
        let regenerating = header != nil
        let manager = FileManager.default
        let url = Self.resolved(URL(filePath: directory, directoryHint: .isDirectory))
        let scanned = Self.resolved(URL(filePath: root, directoryHint: .isDirectory))
        // The deepest part of DIR that exists must be a directory: DIR itself, or what it would be made in.
        var isDirectory: ObjCBool = false
        if let existing = Self.ancestors(of: url).first(where: { manager.fileExists(atPath: $0.path) }),
            manager.fileExists(atPath: existing.path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
            throw Refusal(
                description: "\(existing.path) is a file; --scaffold takes a directory to write main.swift into"
            )
        }
        // The package that will hold the target: the nearest Package.swift above DIR that holds the scanned tree
        // too; else the scanned tree (an Xcode project's).
        let package =
            Self.ancestors(of: url).first { ancestor in
                manager.fileExists(atPath: ancestor.appending(path: "Package.swift").path)
                    && Self.isInside(scanned, ancestor, orEqual: true)
            } ?? scanned
        guard Self.isInside(url, package, orEqual: false) else {
            throw Refusal(
                description: "\(directory) is not inside the scanned package \(package.path): scaffold into a new "
                    + "directory inside it (Stagehand/AppWorkloads), which its Package.swift can name"
            )
        }
        let relative = Array(url.pathComponents.dropFirst(package.pathComponents.count))
        if let hidden = relative.first(where: { $0.hasPrefix(".") }) {
            throw Refusal(description: "\(directory) is inside \(hidden), which SwiftPM does not build from")
        }
        if !regenerating, manager.fileExists(atPath: url.appending(path: "main.swift").path) {
            let main = url.appending(path: "main.swift").path
            throw Refusal(description: "\(main) exists; scaffold into a new directory")
        }
        // DIR and every directory between it and the package: none may hold Swift files (DIR's would be compiled
        // into the workload; an ancestor's is a target whose sources DIR would join).
        for ancestor in Self.ancestors(of: url) where Self.isInside(ancestor, package, orEqual: false) {
            let isDIR = ancestor.pathComponents == url.pathComponents
            if isDIR, let header,
                let main = try? String(contentsOf: url.appending(path: "main.swift"), encoding: .utf8),
                main.hasPrefix(header)
            {
                continue
            }
            // Everything under DIR; only what is directly in an ancestor (`Sources/` itself holds none).
            let entries =
                isDIR
                ? manager.enumerator(atPath: ancestor.path)?.allObjects as? [String] ?? []
                : (try? manager.contentsOfDirectory(atPath: ancestor.path)) ?? []
            let sources = entries.filter { $0.hasSuffix(".swift") }.sorted()
            guard !sources.isEmpty else { continue }
            let listed = sources.prefix(3).joined(separator: ", ") + (sources.count > 3 ? ", …" : "")
            throw Refusal(
                description: isDIR
                    ? "\(directory) holds Swift sources (\(listed)), which the workload target would compile too; "
                        + "scaffold into a new directory"
                    : "\(directory) is inside \(ancestor.path), which holds a target's Swift sources (\(listed)): "
                        + "the workload's main.swift would join that target; scaffold into a directory of its own "
                        + "(Stagehand/AppWorkloads)"
            )
        }
        self.url = url
        packagePath = relative.joined(separator: "/")
    }

    /// `url` and each directory above it, nearest first.
    private static func ancestors(of url: URL) -> [URL] {
        var result = [url]
        while let last = result.last, last.pathComponents.count > 1 {
            result.append(last.deletingLastPathComponent())
        }
        return result
    }

    private static func isInside(_ url: URL, _ directory: URL, orEqual: Bool) -> Bool {
        let (inner, outer) = (url.pathComponents, directory.pathComponents)
        return (orEqual ? inner.count >= outer.count : inner.count > outer.count)
            && Array(inner.prefix(outer.count)) == outer
    }

    /// `url` absolute, with `.`, `..` and symbolic links resolved as far as the path exists (`/tmp` is
    /// `/private/tmp` on macOS), so that two spellings of one place compare equal.
    private static func resolved(_ url: URL) -> URL {
        var existing = url.absoluteURL.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appending(path: $1) }
    }
}
