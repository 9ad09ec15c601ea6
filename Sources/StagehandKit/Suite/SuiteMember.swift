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
    /// - with a `directory`, every spec in it (`.yaml`, `.yml`, `.json`, not hidden), by file name; a spec that cannot
    ///   be read is a member with its error, so that the suite reports it and runs the rest, and so is a second
    ///   workload of a name already taken, whose results would overwrite the first's;
    /// - without, every workload `catalog` lists: the executable's own, or the built-ins of `stagehand`.
    ///
    /// A member that fails goes by its spec's file name (`broken.yaml`), so that every member's name is its own: a
    /// suite's rows, and two suites' comparison, are by name. A workload named `suite` fails too: its files would be
    /// the suite's own.
    ///
    /// - Throws: ``SpecError`` when the directory cannot be listed, or a built-in is invalid.
    package static func find(
        in directory: URL?,
        catalog: WorkloadCatalog,
        filter: Regex<AnyRegexOutput>? = nil
    ) throws(SpecError) -> [SuiteMember] {
        var members: [SuiteMember]
        if let directory {
            members = try specs(in: directory)
        } else {
            members = try catalog.listed().map { SuiteMember(name: $0.name, file: nil, workload: .success($0)) }
        }
        for index in members.indices where members[index].name == reservedName {
            let file = members[index].file ?? reservedName
            members[index].workload = .failure(
                SpecError(
                    file: file,
                    line: nil,
                    field: "name",
                    problem: .outOfRange("'\(reservedName)' names the suite's own files (suite.json, suite.md)")
                )
            )
        }
        guard let filter else { return members }
        return members.filter { $0.name.contains(filter) }
    }

    /// The name no workload of a suite may have: `suite.json` and `suite.md` are the suite's.
    static let reservedName = "suite"

    /// The extensions a spec file has.
    static let specExtensions: Set<String> = ["yaml", "yml", "json"]

    private static func specs(in directory: URL) throws(SpecError) -> [SuiteMember] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(
                at: directory,
                includingPropertiesForKeys: nil,
                options: .skipsHiddenFiles  // `._x.yaml` beside each spec a Mac copied to a foreign disk
            )
        } catch {
            throw SpecError(
                file: directory.relativePath,
                line: nil,
                field: "",
                problem: .unreadable("not a directory of specs: \(error.localizedDescription)")
            )
        }
        var taken: [String: String] = [:]
        let members = files.filter { specExtensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { file in
                let path = file.relativePath
                let failed = { (error: SpecError) in
                    SuiteMember(name: file.lastPathComponent, file: path, workload: .failure(error))
                }
                let spec: Workload
                do throws(SpecError) {
                    spec = try SpecDecoder().decode(contentsOf: path)
                } catch {
                    return failed(error)
                }
                if let earlier = taken[spec.name] {
                    return failed(
                        SpecError(
                            file: path,
                            line: nil,
                            field: "name",
                            problem: .outOfRange("'\(spec.name)' is also the name of \(earlier) in this suite")
                        )
                    )
                }
                taken[spec.name] = path
                return SuiteMember(name: spec.name, file: path, workload: .success(spec))
            }
        // A failed member's file name could still be a workload's name (names may hold '.'): number the later one.
        var seen: Set<String> = []
        return members.map { member in
            var member = member
            let base = member.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? member.name
            var number = 1
            while !seen.insert(member.name).inserted {
                number += 1
                member.name = "\(base)~\(number)"
            }
            return member
        }
    }
}
