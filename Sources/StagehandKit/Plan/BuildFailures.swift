/// The files of one directory that `swift build` refused, each with its first error: which generated workloads to
/// leave out of a plan, and why.
package struct BuildFailures: Sendable, Equatable {
    /// By file name within the directory: "FeedClientFetchFeed.swift" → "12:9: error: cannot find 'x' in scope".
    package var byFile: [String: String]
    /// The first error outside the directory, when there is one: the package's own code does not build.
    package var elsewhere: String?

    /// Reads the compiler's diagnostics in `output`: lines `PATH:LINE:COLUMN: error: MESSAGE`.
    /// - Parameter directories: the directory's absolute path, in each spelling the compiler may print.
    package init(output: String, directories: [String]) {
        let prefixes = directories.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var byFile: [String: String] = [:]
        var elsewhere: String?
        for line in output.split(whereSeparator: \.isNewline) {
            // SwiftPM's own (`error: 'app': product 'X' … not found`): the package's, not a file's.
            if line.hasPrefix("error: ") {
                if elsewhere == nil { elsewhere = String(line) }
                continue
            }
            guard let marker = line.range(of: ": error: ") else { continue }
            let place = line[..<marker.lowerBound]
            let message = line[marker.upperBound...]
            // PATH:LINE:COLUMN, with the path holding no colon of its own after its last slash.
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            let path = parts.dropLast(2).joined(separator: ":")
            guard parts.count >= 3, path.hasSuffix(".swift") else {
                if elsewhere == nil { elsewhere = String(line) }
                continue
            }
            if let prefix = prefixes.first(where: { path.hasPrefix($0) }), !path.dropFirst(prefix.count).contains("/") {
                let name = String(path.dropFirst(prefix.count))
                if byFile[name] == nil {
                    byFile[name] = "\(parts[parts.count - 2]):\(parts[parts.count - 1]): error: \(message)"
                }
            } else if elsewhere == nil {
                elsewhere = String(line)
            }
        }
        self.byFile = byFile
        self.elsewhere = elsewhere
    }
}
