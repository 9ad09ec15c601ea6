import Foundation

/// `stagehand plan`'s workload target: one file per candidate it can measure (a `@MainActor` function making the
/// workload, with the values it is made from and their sources in comments), and a `main.swift` that runs them all.
/// One file each, so that a file the compiler refuses is left out without sinking the rest.
///
/// Every file it writes carries a fingerprint of its text. A file whose text no longer matches is the user's edit:
/// it is left as it is (and still run, when its candidate still is one), never written over.
public struct PlanSources: Sendable {
    /// The files to write, by name within the target's directory: `NotePreviewRender.swift`, `main.swift`.
    public var files: [String: String]
    /// What was found, each candidate measured or not, and the files a regeneration must leave alone.
    public var manifest: PlanManifest

    /// - Parameters:
    ///   - candidates: every candidate the scan found (no cap: a plan measures them all).
    ///   - path: its directory, relative to the package (`Stagehand/Plan`).
    ///   - existing: the Swift files in that directory now, by name: the run before's, perhaps edited.
    ///   - excluded: workloads to leave out, by name (those the compiler refused last time), with the reason.
    ///   - allowingNetwork: whether a candidate that talks to a server is measured, sending real requests.
    init(
        candidates: [ScaffoldCandidate],
        path: String,
        existing: [String: String],
        excluded: [String: String] = [:],
        allowingNetwork: Bool = false
    ) {
        let sorted = candidates.sorted { lhs, rhs in
            (lhs.kind, -lhs.rank, lhs.declaration.file, lhs.declaration.line)
                < (rhs.kind, -rhs.rank, rhs.declaration.file, rhs.declaration.line)
        }
        var names = Scaffold.Names()
        var files: [String: String] = [:]
        var entries: [PlanManifest.Entry] = []
        var run: [String] = []  // the functions main.swift calls
        var leftAlone: [String] = []
        for candidate in sorted {
            let name = names.workload(candidate.workloadName)
            let variable = names.variable(for: name)
            let typeName = variable.prefix(1).uppercased() + variable.dropFirst().dropLast("Workload".count)
            let fileName = typeName + ".swift"
            let function = "make" + typeName + "Workload"
            let body = Scaffold.workload(candidate, variable: variable, name: name, width: 116)
            var entry = PlanManifest.Entry(candidate, workload: name)
            if !Self.placeholders(in: body).isEmpty { entry.valuesFromApp = false }
            if let excludedWhy = excluded[name] {
                entry.notMeasured = PlanManifest.NotMeasured(
                    reason: excludedWhy,
                    fix: "make what the error names reachable from another target of the package, or write the "
                        + "workload by hand (`stagehand scan --scaffold DIR` starts it)"
                )
            } else {
                entry.notMeasured = Self.notMeasured(candidate, body: body, allowingNetwork: allowingNetwork)
            }
            let edited = existing[fileName].map { !Self.isUnedited($0, named: fileName) } ?? false
            if edited {
                leftAlone.append(fileName)
            }
            if entry.notMeasured == nil {
                entry.source = fileName
                entry.function = function
                run.append(function)
                if !edited {
                    files[fileName] = Self.file(
                        candidate,
                        body: body,
                        variable: variable,
                        function: function,
                        named: fileName
                    )
                }
            }
            entries.append(entry)
        }
        // main.swift once there is a workload to run, and from then on (a run before's target must still build).
        if !run.isEmpty || existing["main.swift"] != nil { files["main.swift"] = Self.main(run) }
        // The library modules the measured workloads import: the target's dependencies.
        let modules = Set(
            zip(sorted, entries).compactMap { candidate, entry in
                entry.notMeasured == nil ? candidate.module?.name : nil
            }
        )
        self.files = files
        manifest = PlanManifest(
            path: path,
            modules: modules.sorted(),
            candidates: entries,
            leftAlone: leftAlone.sorted()
        )
    }

    /// The Swift files in the directory that an earlier run wrote and nobody edited, and that this run no longer
    /// writes: the ones to delete.
    public func stale(existing: [String: String]) -> [String] {
        existing.filter { name, text in
            files[name] == nil && name != "main.swift" && Self.isUnedited(text, named: name)
        }.keys
            .sorted()
    }

    // MARK: - Why a candidate cannot be measured

    /// Why `candidate` cannot be measured as the scan found it, and the change that would let it be; `nil` when its
    /// generated workload (`body`) should build and run.
    static func notMeasured(
        _ candidate: ScaffoldCandidate,
        body: String,
        allowingNetwork: Bool = false
    ) -> PlanManifest.NotMeasured? {
        let symbol = "`\(candidate.declaration.symbol)`"
        if candidate.kind == .state, let state = candidate.state {
            return .init(
                reason: "`\(state.name)`'s shared state is the app's own model: a subsystem needs a value holding "
                    + "\(Scaffold.listed(state.properties.map { "`\($0)`" })), which no code shows",
                fix: "write that subsystem by hand (`stagehand scan --scaffold DIR` starts it) and profile it"
            )
        }
        if candidate.declaration.isolation.reason.contains("`View`") {
            return .init(
                reason: "\(symbol) is a `View`'s method, which needs the view to run",
                fix: "move the work into a model type the view calls, as the concurrency guide advises"
            )
        }
        if let missing = candidate.missingFramework {
            return .init(
                reason: "`\(candidate.module?.name ?? "its module")` \(missing), which this host does not have",
                fix: "run `stagehand plan` on a Mac, or move the work into a module that needs no Apple-only framework"
            )
        }
        guard let module = candidate.module, module.kind == .library else {
            let name = candidate.module?.name ?? "no target"
            return .init(
                reason: "\(symbol) is in `\(name)`, an app's or an executable's code, which no other target can "
                    + "import",
                fix: "move it into a library target that `\(name)` depends on"
            )
        }
        if !candidate.isVisibleToOtherModules {
            return .init(
                reason: "\(symbol) is internal to `\(module.name)`",
                fix: "make it `package` (and its type), so the plan's target in the same package can call it"
            )
        }
        if let server = candidate.server, !allowingNetwork {
            return .init(
                reason: "\(symbol) talks to a server (\(server)): measuring it would send real requests, and time the "
                    + "server and the network with the app",
                fix: "measure it against a stub that answers from memory (a protocol its client conforms to), or run "
                    + "`stagehand plan --allow-network` to send the requests"
            )
        }
        let placeholders = Self.placeholders(in: body)
        if !placeholders.isEmpty {
            return .init(
                reason: "no value found in the app's code for "
                    + Scaffold.listed(placeholders.map { "`\($0)`" }),
                fix: "give each type a sample the app can use (`static var sample`, `static func preview()`), "
                    + "or write the workload by hand"
            )
        }
        return nil
    }

    /// What each `<#placeholder#>` in `text` asks for: `markdown: String`, `a FeedClient`.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "<#"), let end = rest[start.upperBound...].range(of: "#>") {
            let asked = String(rest[start.upperBound..<end.lowerBound])
            if !found.contains(asked) { found.append(asked) }
            rest = rest[end.upperBound...]
        }
        return found
    }

    // MARK: - The files

    /// The first words of every file it writes: how a directory is known to be the plan's.
    public static let header = "// Generated by `stagehand plan`"

    /// One workload's file: the scaffold's workload in a `@MainActor` function, whose locals play the part of
    /// main.swift's top-level values (made once, before the runs, on the main actor).
    static func file(
        _ candidate: ScaffoldCandidate,
        body: String,
        variable: String,
        function: String,
        named name: String
    ) -> String {
        let declaration = candidate.declaration
        let module = candidate.module?.name
        var lines = [
            "\(header) from `\(declaration.symbol)` (\(declaration.file):\(declaration.line)).",
            "// Yours to edit: `stagehand plan` leaves a file it did not write as it is (keep the function's name, which",
            "// main.swift calls). Its fingerprint: \(fingerprintToken).",
            "//",
        ]
        lines += Scaffold.wrapped(
            candidate.cadence == nil
                ? "The rate is *guessed*: \(Scaffold.guessedRatePerSecond) arrivals a second, as the app's code says "
                    + "nothing of how often this runs. Set `ratePerSecond` to how often your users do it."
                : "The rate is the app's, from the event that leads to the call (see above the workload); set "
                    + "`ratePerSecond` to yours if people do it at another pace.",
            prefix: "// "
        )
        var text = lines.joined(separator: "\n") + "\n\n"
        text += (["Foundation"] + (module.map { [$0] } ?? []) + ["StagehandCLI"]).map { "import \($0)\n" }.joined()
        text += "\n@MainActor\nfunc \(function)() -> CodeWorkload {\n"
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            // Doc comments on a local are comments: written as such.
            let plain = line.hasPrefix("///") ? "//" + line.dropFirst(3) : line
            text += plain.isEmpty ? "\n" : "    \(plain)\n"
        }
        text += "    return \(variable)\n}\n"
        return text.replacingOccurrences(of: fingerprintToken, with: fingerprint(text, named: name))
    }

    /// main.swift: every workload the directory's files make.
    static func main(_ functions: [String]) -> String {
        var text = [
            "\(header), and written again on every run: the workloads the files beside it make. To remove",
            "// them, delete this folder and the block `stagehand plan` added to Package.swift.",
            "",
            "import StagehandCLI",
            "",
            "",
        ].joined(separator: "\n")
        if functions.isEmpty {
            text += "await Stagehand.main(workloads: [])\n"
        } else {
            text += "await Stagehand.main(workloads: [\n" + functions.map { "    \($0)(),\n" }.joined() + "])\n"
        }
        return text
    }

    // MARK: - Fingerprints

    private static let fingerprintToken = "<fingerprint>"

    /// Whether `text` is the file this generator wrote under `name`, as it wrote it (line endings aside, which a
    /// checkout may change): a copy under another name is the user's.
    static func isUnedited(_ text: String, named name: String) -> Bool {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard text.hasPrefix(header),
            let range = text.range(of: #"fingerprint: [0-9a-f]{16}\."#, options: .regularExpression)
        else { return false }
        let recorded = text[range].dropFirst("fingerprint: ".count).dropLast()
        let blank = text.replacingCharacters(in: range, with: "fingerprint: \(fingerprintToken).")
        return fingerprint(blank, named: name) == recorded
    }

    /// The fingerprint of the file `name` holding `text`.
    static func fingerprint(_ text: String, named name: String) -> String {
        fingerprint(name + "\n" + text)
    }

    /// FNV-1a, 64 bits, in hexadecimal: stable across runs and platforms (`Hasher` is seeded per process).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
