import Foundation
import SwiftParser
import SwiftSyntax

/// `stagehand scan`: reads every Swift file under a directory, infers the isolation of each place from the code and
/// the build settings, and reports what the concurrency guide warns about.
///
/// Two passes per module: the first indexes its types (so a member's isolation can come from its type's declaration
/// in another file), the second walks each file with ``FileScanner``.
public enum ConcurrencyScanner {
    /// The directory to scan does not exist or is not a directory.
    public struct BadPath: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): no such directory" }
    }

    /// Directories never scanned: build products, dependencies' checkouts, version control.
    static let skippedDirectories: Set<String> = [
        ".build", ".swiftpm", ".git", "DerivedData", "Pods", "Carthage", "checkouts", "node_modules",
    ]

    /// Scans the tree at `root`.
    /// - Parameter scale: the size of a collection or a sample the app sizes nowhere (`--scale`); `nil` for the
    ///   default, which the candidates' values say is a guess.
    /// - Throws: ``BadPath`` when `root` is not a directory.
    public static func scan(root: URL, scale: Int? = nil) throws -> ScanResult {
        let start = Date()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BadPath(path: root.path)
        }
        let (sources, projectFiles) = files(under: root)
        let project = Project(root: root, projectFiles: projectFiles)
        var texts: [(path: String, text: String)] = []
        var skipped: [ScanResult.SkippedFile] = []
        for path in sources {
            guard let data = FileManager.default.contents(atPath: root.appending(path: path).path),
                let text = String(data: data, encoding: .utf8)
            else {
                skipped.append(.init(file: path, reason: "not readable as UTF-8"))
                continue
            }
            texts.append((path, text))
        }
        let stated = scale.map { ValueResolver.Scale(size: $0, isStated: true) }
        var result = scan(texts, module: project.module(of:), scale: stated ?? .default)
        result.skipped += skipped
        result.skipped.sort { $0.file < $1.file }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Scans sources given as text, grouped into the modules `module` puts them in.
    static func scan(
        _ sources: [(path: String, text: String)],
        module: (String) -> Project.Module,
        scale: ValueResolver.Scale = .default
    ) -> ScanResult {
        var skipped: [ScanResult.SkippedFile] = []
        var parsed: [String: [(path: String, tree: SourceFileSyntax)]] = [:]
        var lines = 0
        for (path, text) in sources {
            let tree = Parser.parse(source: text)
            if tree.hasError {
                skipped.append(.init(file: path, reason: "does not parse"))
                continue
            }
            lines += text.reduce(into: 0) { count, character in if character == "\n" { count += 1 } }
            parsed[module(path).id, default: []].append((path, tree))
        }
        var findings: [Finding] = []
        var functions = FunctionIndex()
        var sharedStates: [SharedState] = []
        // Each importable module's types: where a scaffold finds the app's own values.
        var importable: [TypeIndex] = []
        for (_, files) in parsed.sorted(by: { $0.key < $1.key }) {
            guard let first = files.first else { continue }
            let module = module(first.path)
            var index = TypeIndex(defaultIsolation: module.defaultIsolation)
            for file in files { index.add(file.tree, file: file.path) }
            if module.kind != .test { importable.append(index) }
            for file in files {
                let scanner = FileScanner(file: file.path, tree: file.tree, index: index)
                scanner.walk(file.tree)
                findings += scanner.findings
                functions.merge(scanner.functions, module: module)
                sharedStates += scanner.sharedStates.map { state in
                    var state = state
                    state.module = module
                    return state
                }
            }
        }
        findings.sort { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
        let steps = workloadSteps(in: parsed.values.flatMap { $0 }, functions: functions)
        let calls = functions.calls(excluding: steps.files)
        let trees = Dictionary(parsed.values.flatMap { $0 }.map { ($0.path, $0.tree) }) { first, _ in first }
        var candidates = CandidateFinder.candidates(
            functions: functions,
            sharedStates: sharedStates,
            calls: calls,
            excludingFiles: steps.files,
            values: ValueResolver(types: importable, functions: functions, calls: calls, trees: trees, scale: scale)
        )
        let cadences = CadenceFinder(calls: calls, trees: trees)
        let missing = HostFrameworks.missing(
            imports: parsed.mapValues { files in Set(files.flatMap { Self.imports(of: $0.tree) }) },
            modules: parsed.values.compactMap { $0.first.map { module($0.path) } }
        )
        for index in candidates.indices {
            candidates[index].cadence = cadences.cadence(of: candidates[index].declaration)
            candidates[index].missingFramework = candidates[index].module.flatMap { missing[$0.id] }
        }
        return ScanResult(
            findings: findings,
            steps: steps.steps,
            skipped: skipped,
            files: sources.count - skipped.count,
            lines: lines,
            seconds: 0,
            candidates: candidates
        )
    }

    /// The modules a file imports unconditionally (not within `#if`).
    private static func imports(of tree: SourceFileSyntax) -> [String] {
        tree.statements.compactMap { item in
            item.item.as(ImportDeclSyntax.self)?.path.first?.name.text
        }
    }

    /// The steps of the workloads declared in `files`, each with the declarations its closure calls and their
    /// main-actor callers outside the workloads' files; and those files.
    private static func workloadSteps(
        in files: [(path: String, tree: SourceFileSyntax)],
        functions: FunctionIndex
    ) -> (steps: [WorkloadStep], files: Set<String>) {
        var found: [(file: String, step: WorkloadFinder.Found)] = []
        for file in files {
            let finder = WorkloadFinder(file: file.path, tree: file.tree)
            finder.walk(file.tree)
            found += finder.steps.map { (file.path, $0) }
        }
        let workloadFiles = Set(found.map(\.file))
        let trees = Dictionary(files.map { ($0.path, $0.tree) }) { first, _ in first }
        let steps = found.sorted { ($0.file, $0.step.line) < ($1.file, $1.step.line) }.map { file, step in
            var calls: [WorkloadStep.Call] = []
            for call in CallCollector.calls(in: step.closure.statements) {
                guard let shape = CallShape(call, enclosingType: nil), let entry = functions.resolve(shape),
                    !calls.contains(where: { $0.declaration == entry.declaration })
                else { continue }
                let callers = functions.callers(of: entry, excluding: workloadFiles).filter(\.isolation.isMainActor)
                calls.append(
                    WorkloadStep.Call(
                        declaration: entry.declaration,
                        mainActorCallers: callers.map { site in
                            let call = trees[site.file]?.call(at: site.position, named: site.shape.name)
                            return .init(
                                symbol: site.symbol,
                                file: site.file,
                                line: site.line,
                                code: call?.trimmedDescription.onOneLine ?? "",
                                isAsync: call?.isInAsyncContext ?? false
                            )
                        }
                    )
                )
            }
            return WorkloadStep(
                workload: step.workload,
                interaction: step.interaction,
                step: step.step,
                kind: step.kind,
                file: file,
                line: step.line,
                calls: calls
            )
        }
        return (steps, workloadFiles)
    }

    /// The Swift sources, and the package manifests and Xcode project files, under `root`, relative to it, sorted.
    private static func files(under root: URL) -> (sources: [String], projects: [String]) {
        var sources: [String] = []
        var projects: [String] = []
        let rootPath = root.standardizedFileURL.path
        guard
            let enumerator = FileManager.default.enumerator(
                at: root.standardizedFileURL,
                includingPropertiesForKeys: [.isDirectoryKey],
                options: []
            )
        else { return ([], []) }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if skippedDirectories.contains(name) {
                enumerator.skipDescendants()
                continue
            }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { continue }
            let relative = String(path.dropFirst(rootPath.count)).drop { $0 == "/" }
            if name == "Package.swift" {
                projects.append(String(relative))  // a manifest: read for its targets, not code the app runs
            } else if name.hasPrefix("Package@swift") {
                continue
            } else if name.hasSuffix(".swift") {
                sources.append(String(relative))
            } else if name == "project.pbxproj" {
                projects.append(String(relative))
            }
        }
        return (sources.sorted(), projects.sorted())
    }
}

/// Every function call in a piece of code, outermost first (`a(b())`: `a`, then `b`), as a walk visits them.
private final class CallCollector: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
