import Foundation

/// One workload of a suite (`profile --all`), as found: its workload, or why it could not be read.
package struct SuiteMember: Sendable {
    /// The workload's name, or for a spec that cannot be read, its file's name without the extension.
    package var name: String
    /// The spec file it came from, for a suite over a directory; `nil` for the executable's own workloads.
    package var file: String?
    /// The workload, or the error that keeps it from being profiled.
    package var workload: Result<Workload, SpecError>

    /// The workloads a suite profiles, in order, those whose name matches `filter` (anywhere in the name, as
    /// package-benchmark's `--filter` selects):
    /// - with a `directory`, every spec in it (`.yaml`, `.yml`, `.json`), by file name; a spec that cannot be read is
    ///   a member with its error, so that the suite reports it and runs the rest, and so is a second workload of a
    ///   name already taken, whose results would overwrite the first's;
    /// - without, every workload `catalog` lists: the executable's own, or the built-ins of `stagehand`.
    ///
    /// - Throws: ``SpecError`` when the directory cannot be listed, or a built-in is invalid.
    package static func find(
        in directory: URL?,
        catalog: WorkloadCatalog,
        filter: Regex<AnyRegexOutput>? = nil
    ) throws(SpecError) -> [SuiteMember] {
        let members: [SuiteMember]
        if let directory {
            members = try specs(in: directory)
        } else {
            members = try catalog.listed().map { SuiteMember(name: $0.name, file: nil, workload: .success($0)) }
        }
        guard let filter else { return members }
        return members.filter { $0.name.contains(filter) }
    }

    /// The extensions a spec file has.
    static let specExtensions: Set<String> = ["yaml", "yml", "json"]

    private static func specs(in directory: URL) throws(SpecError) -> [SuiteMember] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch {
            throw SpecError(
                file: directory.relativePath,
                line: nil,
                field: "",
                problem: .unreadable("not a directory of specs: \(error.localizedDescription)")
            )
        }
        var taken: [String: String] = [:]
        return files.filter { specExtensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { file in
                let path = file.relativePath
                let workload: Result<Workload, SpecError> = Result { () throws(SpecError) in
                    try SpecDecoder().decode(contentsOf: path)
                }
                guard case .success(let spec) = workload else {
                    return SuiteMember(
                        name: file.deletingPathExtension().lastPathComponent,
                        file: path,
                        workload: workload
                    )
                }
                if let earlier = taken[spec.name] {
                    let error = SpecError(
                        file: path,
                        line: nil,
                        field: "name",
                        problem: .outOfRange("'\(spec.name)' is also the name of \(earlier) in this suite")
                    )
                    return SuiteMember(name: spec.name, file: path, workload: .failure(error))
                }
                taken[spec.name] = path
                return SuiteMember(name: spec.name, file: path, workload: workload)
            }
    }
}
