import Foundation
import Testing

@testable import StagehandKit

/// `stagehand plan`'s own parts: the package's manifest and the block the plan adds to it, the compiler's refusals
/// by file, a candidate joined with its profile, and `plan.md`.
@Suite struct PlanTests {
    static let dump = """
        {"name": "Notes", "dependencies": [
          {"fileSystem": [{"identity": "main", "nameForTargetDependencyResolutionOnly": "Stagehand", "path": "/src/main"}]},
          {"sourceControl": [{"identity": "ink", "location": {"remote": [{"urlString": "https://github.com/JohnSundell/Ink"}]}}]}
        ]}
        """

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(name: "Notes", targets: [.target(name: "Notes")])

        """

    @Test func theManifestsDumpSaysWhichDependencyIsStagehand() throws {
        let package = try PlanPackage(dump: Data(Self.dump.utf8), origin: "Package.swift")
        #expect(package.name == "Notes")
        #expect(package.dependencies.map(\.identity) == ["main", "ink"])
        #expect(package.dependencies.last?.location == "https://github.com/JohnSundell/Ink")
        // By its path, whatever its directory is called; else by its identity.
        #expect(package.stagehand(checkout: URL(filePath: "/src/main/"))?.name == "Stagehand")
        #expect(
            PlanPackage(name: "X", dependencies: [package.dependencies[1]]).stagehand(checkout: URL(filePath: "/x"))
                == nil
        )
        let byName = PlanPackage(
            name: "X",
            dependencies: [.init(identity: "stagehand", name: "stagehand", location: "u")]
        )
        #expect(byName.stagehand(checkout: nil)?.name == "stagehand")
        #expect(throws: ResultFileError.self) { try PlanPackage(dump: Data("[]".utf8), origin: "Package.swift") }
        // Named Stagehand in the manifest, wherever it is and whatever its directory is called.
        let named = PlanPackage(
            name: "X",
            dependencies: [.init(identity: "main", name: "Stagehand", location: "/a/main")]
        )
        #expect(named.stagehand(checkout: URL(filePath: "/elsewhere"))?.identity == "main")
    }

    /// Stagehand's own manifest declares the package; one that depends on it names it too, which does not count.
    @Test func stagehandsCheckoutIsToldByItsManifest() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let own = root.appending(path: "stagehand")
        let user = root.appending(path: "app")
        for directory in [own, user] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try Data("let package = Package(\n    name: \"Stagehand\",\n".utf8).write(
            to: own.appending(path: "Package.swift")
        )
        let depends = #"let package = Package(name: "App", dependencies: [.package(name: "Stagehand", path: "..")])"#
        try Data(depends.utf8).write(to: user.appending(path: "Package.swift"))
        #expect(PlanPackage.isStagehand(own))
        #expect(!PlanPackage.isStagehand(user))
        #expect(!PlanPackage.isStagehand(root))
    }

    /// `text` with the plan's block for `package`, its target and directory as `stagehand plan` names them.
    static func block(_ package: PlanPackage, _ text: String, modules: [String], checkout: URL?) throws -> String? {
        try package.manifest(
            text,
            target: "StagehandPlan",
            path: "Stagehand/Plan",
            modules: modules,
            checkout: checkout
        )
    }

    @Test func theBlockIsAddedOnceAndWrittenOverAfter() throws {
        let none = PlanPackage(name: "Notes", dependencies: [])
        let checkout = URL(filePath: "/src/stagehand")
        let first = try #require(
            try Self.block(none, Self.manifest, modules: ["Notes"], checkout: checkout)
        )
        #expect(first.hasPrefix(Self.manifest))
        #expect(first.contains("package.dependencies.append(.package(path: \"/src/stagehand\"))\n"))
        #expect(first.contains(#"dependencies: ["Notes", .product(name: "StagehandCLI", package: "stagehand")],"#))
        #expect(first.contains("        path: \"Stagehand/Plan\"\n"))
        // The same again: no change. Other modules: the block written over, once.
        #expect(
            try Self.block(none, first, modules: ["Notes"], checkout: checkout)
                == nil
        )
        let second = try #require(
            try Self.block(none, first, modules: ["A", "B"], checkout: checkout)
        )
        #expect(second.components(separatedBy: "// BEGIN stagehand plan").count == 2)
        #expect(second.contains(#"dependencies: ["A", "B", .product"#))
        // The next run's dump holds the block's own dependency: the line stays, and the product's package with it.
        let own = PlanPackage(
            name: "Notes",
            dependencies: [.init(identity: "stagehand", name: "stagehand", location: "/src/stagehand")]
        )
        #expect(
            try Self.block(own, first, modules: ["Notes"], checkout: checkout)
                == nil
        )
        // A block whose end was deleted: refused, not a second block.
        let cut = first.replacingOccurrences(of: "// END stagehand plan", with: "")
        #expect(throws: PlanPackage.BrokenBlock.self) {
            try Self.block(none, cut, modules: [], checkout: checkout)
        }
        // A package that depends on Stagehand already: its name, and no second dependency.
        let depends = try PlanPackage(dump: Data(Self.dump.utf8), origin: "Package.swift")
        let text = try #require(
            try Self.block(depends, Self.manifest, modules: [], checkout: URL(filePath: "/src/main"))
        )
        #expect(!text.contains("package.dependencies.append"))
        #expect(text.contains(#".product(name: "StagehandCLI", package: "Stagehand")"#))
        #expect(text.contains("    .executableTarget(\n"))
    }

    /// A manifest of tools before 5.4 (Ink's is 5.2) has no `executableTarget`: the block writes a target, which a
    /// main.swift makes an executable there. Its dump says its version; a dump without one is read as 6.0.
    @Test func theBlockIsWrittenInTheManifestsToolsVersion() throws {
        let dump = #"{"name": "Ink", "toolsVersion": {"_version": "5.2.0"}, "dependencies": []}"#
        let ink = try PlanPackage(dump: Data(dump.utf8), origin: "Package.swift")
        #expect(ink.toolsVersion == .init(major: 5, minor: 2))
        let text = try #require(
            try Self.block(ink, Self.manifest, modules: ["Ink"], checkout: URL(filePath: "/src/main"))
        )
        #expect(text.contains("    .target(\n") && !text.contains("executableTarget"))
        #expect(try PlanPackage(dump: Data(Self.dump.utf8), origin: "P").toolsVersion == .init(major: 6, minor: 0))
    }

    @Test func theCompilersRefusalsAreReadByFile() {
        let output = """
            [3/9] Compiling StagehandPlan A.swift
            /pkg/Stagehand/Plan/A.swift:24:40: error: cannot find 'Hidden' in scope
            /pkg/Stagehand/Plan/A.swift:30:1: error: a second error
            /pkg/Stagehand/Plan/B.swift:3:5: warning: unused
            /pkg/Stagehand/Plan/C.swift:7:2: error: extra argument 'x' in call
            /pkg/Sources/App/D.swift:1:1: error: the app's own
            error: 'app': product 'StagehandCLI' required by package 'app' target 'StagehandPlan' not found
            """
        let failures = BuildFailures(output: output, directories: ["/elsewhere/Plan", "/pkg/Stagehand/Plan"])
        #expect(
            failures.byFile == [
                "A.swift": "24:40: error: cannot find 'Hidden' in scope",
                "C.swift": "7:2: error: extra argument 'x' in call",
            ]
        )
        #expect(failures.elsewhere == "/pkg/Sources/App/D.swift:1:1: error: the app's own")
        // SwiftPM's own error, with no file: the package's.
        let manifest = BuildFailures(
            output: "Compiling\nerror: 'app': product 'X' not found\n",
            directories: ["/pkg/P"]
        )
        #expect(manifest.byFile.isEmpty && manifest.elsewhere == "error: 'app': product 'X' not found")
    }

    static func candidate() -> PlanResult.Candidate {
        PlanResult.Candidate(
            workload: "image-pipeline",
            kind: "compute",
            symbol: "ImageFilter.apply(_:)",
            file: "Sources/App/Filter.swift",
            line: 12,
            module: "App",
            why: "It loops.",
            values: [],
            valuesFromApp: true,
            ratePerSecond: 2,
            rateSource: "the app's code says nothing of how often this runs",
            rateGuessed: true,
            source: "ImageFilterApply.swift",
            function: "makeImageFilterApplyWorkload"
        )
    }

    static func entry(_ result: ProfileResult) -> SuiteEntry {
        var entry = SuiteEntry(failed: result.workload, spec: nil, error: "", wallSeconds: 1)
        entry.status = .profiled
        entry.error = nil
        entry.result = "image-pipeline.json"
        entry.report = "image-pipeline.md"
        return entry
    }

    @Test func aCandidateProfiledIsMeasuredStageByStage() throws {
        let result = try Fixtures.imagePipeline()
        let joined = Self.candidate().joined(with: Self.entry(result), result: result)
        let measured = try #require(joined.measured)
        #expect(joined.notMeasured == nil)
        #expect(measured.verdict == result.recommendation.stage)
        #expect(measured.stages.map(\.stage) == result.stages.map(\.stage))
        #expect(measured.stages.first?.hitchTimeRatioMsPerS == result.stages.first?.metrics?.hitchTimeRatioMsPerS)
        #expect(measured.stages.allSatisfy { ($0.stepMeanMs ?? 0) > 0 })
        #expect(measured.report == "image-pipeline.md")
    }

    @Test func aCallThatThrewAtEveryArrivalIsNotAMeasurement() throws {
        var result = try Fixtures.imagePipeline()
        for stage in result.stages.map(\.stage) {
            try result.editRuns(of: stage) { run in
                for index in run.stepTimings.indices {
                    run.stepTimings[index].failures = run.stepTimings[index].runs
                    run.stepTimings[index].firstError = "offline"
                }
            }
        }
        let joined = Self.candidate().joined(with: Self.entry(result), result: result)
        #expect(joined.measured == nil)
        #expect(
            joined.notMeasured?.reason.hasPrefix("its call threw at every arrival in every stage, first: \"offline\"")
                == true
        )
        // A suite row that failed: not measured, with its error.
        let failed = SuiteEntry(failed: "image-pipeline", spec: nil, error: "it crashed", wallSeconds: 1)
        #expect(Self.candidate().joined(with: failed, result: nil).notMeasured?.reason.contains("it crashed") == true)
    }

    /// A workload that trapped in every stage it ran (Splash's highlighter on Linux, where corelibs Foundation
    /// traps on a `CharacterSet` it mutates) measured the trap, not the work: not measured, with the first failure.
    /// One stage that trapped leaves the rest a measurement.
    @Test func aWorkloadThatCrashedInEveryStageIsNotAMeasurement() throws {
        var result = try Fixtures.imagePipeline()
        try result.editRuns(of: result.stages[0].stage) { run in
            run.status = .crashed
            run.failure = "killed by signal 4"
        }
        result.recommendation = DecisionTree().recommend(for: result.spec, results: result.stages)
        #expect(Self.candidate().joined(with: Self.entry(result), result: result).measured != nil)
        for stage in result.stages.map(\.stage) {
            try result.editRuns(of: stage) { run in
                run.status = .crashed
                run.failure = "killed by signal 4"
            }
        }
        result.recommendation = DecisionTree().recommend(for: result.spec, results: result.stages)
        #expect(result.recommendation.confidence == .failed)
        let joined = Self.candidate().joined(with: Self.entry(result), result: result)
        #expect(joined.measured == nil)
        #expect(
            joined.notMeasured?.reason.hasPrefix("its workload crashed in every stage, first: killed by signal 4")
                == true
        )
        #expect(joined.notMeasured?.fix?.contains("StagehandPlan profile image-pipeline --stages main-only") == true)
    }

    /// `plan.md` from a real plan of the Examples package (a copy, with a function added that the generated workload
    /// cannot call): the measured table, a section per candidate, and the candidates not measured.
    @Test func thePlanRendersAsItsGoldenFile() throws {
        let plan = try JSONDecoder().decode(
            PlanResult.self,
            from: Data(contentsOf: Fixtures.directory.appending(path: "plan.json"))
        )
        #expect(plan.measured.count == 3 && plan.notMeasured.count == 5)
        let rendered = PlanReport(plan: plan).render()
        let golden = Fixtures.directory.appending(path: "plan.md")
        if ProcessInfo.processInfo.environment["STAGEHAND_UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(rendered == expected, "run with STAGEHAND_UPDATE_GOLDEN=1 to accept a deliberate change")
        let rows = rendered.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count == 3 + 1 + 5 + 1)
        // Every candidate measured has its section, which the table links to.
        for candidate in plan.measured {
            #expect(rendered.contains("](#\(PlanReport.anchor(candidate)))"))
            #expect(rendered.contains("\n### \(candidate.symbol)\n"))
        }
    }
}
