// swift-tools-version: 6.2
import PackageDescription

// MARK: - Dependencies

let argumentParser: Package.Dependency = .package(
    url: "https://github.com/apple/swift-argument-parser",
    from: "1.8.2"
)
let hdrHistogram: Package.Dependency = .package(
    url: "https://github.com/HdrHistogram/hdrhistogram-swift",
    from: "0.2.0"
)
let yams: Package.Dependency = .package(url: "https://github.com/jpsim/Yams", from: "6.2.2")
/// The terminal's side-by-side table, as package-benchmark draws its own.
let textTable: Package.Dependency = .package(
    url: "https://github.com/ordo-one/TextTable",
    .upToNextMinor(from: "0.0.2")  // 0.x: a minor release may break
)
/// The scanner's parser, only: `stagehand-scan` is the one product that builds it (the toolchain's own major, 603 for
/// Swift 6.3, parses everything this toolchain does).
let swiftSyntax: Package.Dependency = .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
/// `swift package generate-documentation --target StagehandKit`: builds the DocC catalog (the articles the README
/// links to, and the workload API's reference), which `.ci/run` builds with warnings as errors. A command plugin only:
/// it adds nothing to any product's build, though a package that depends on Stagehand resolves it too.
let doccPlugin: Package.Dependency = .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")

let package = Package(
    name: "Stagehand",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stagehand", targets: ["stagehand"]),
        /// `stagehand scan`: the static advisor, a product of its own so that profiling never builds swift-syntax.
        .executable(name: "stagehand-scan", targets: ["stagehand-scan"]),
        .library(name: "StagehandScan", targets: ["StagehandScan"]),
        /// The whole command line with the workload API: what a package's own workload executable depends on.
        .library(name: "StagehandCLI", targets: ["StagehandCLI"]),
        .library(name: "StagehandKit", targets: ["StagehandKit"]),
        /// `swift package stagehand …`: builds the package's workload executable and runs the command line from it.
        /// (A plugin product named `stagehand` would be dropped as a duplicate of the executable; the verb is what
        /// users type.)
        .plugin(name: "StagehandCommand", targets: ["StagehandCommand"]),
    ],
    dependencies: [argumentParser, hdrHistogram, yams, textTable, swiftSyntax, doccPlugin],
    targets: [
        // MARK: - C

        /// Counts every allocation in front of whatever allocator serves it: the executable's own `malloc` on Linux,
        /// the default malloc zone wrapped on macOS. Linked into every executable that links StagehandKit, so a user's
        /// workload executable counts its own code's allocations. (`dlsym` is in glibc itself from 2.34; libdl
        /// before.)
        .target(name: "CStagehandAllocations", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        /// What Swift cannot call directly on Linux: the CPU-affinity calls (`profile --cores`), and `dladdr` (which
        /// image holds an address) on both platforms.
        .target(name: "CStagehandPlatform", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // MARK: - Engine and CLI

        .target(
            name: "StagehandKit",
            dependencies: [
                "CStagehandAllocations",
                "CStagehandPlatform",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "TextTable", package: "TextTable"),
            ],
            plugins: ["EmbedWorkloads"]
        ),
        /// Every subcommand, for `stagehand` and for a user's executable whose workloads run their own code.
        .target(
            name: "StagehandCLI",
            dependencies: [
                "StagehandKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// `stagehand`: the command line with the built-in workload specs.
        .executableTarget(name: "stagehand", dependencies: ["StagehandCLI"]),

        // MARK: - Scanner

        /// The static advisor: reads a package's or app's sources with swift-syntax, infers the isolation of each
        /// place, and finds what the concurrency guide warns about. Depends on nothing of the engine's.
        .target(
            name: "StagehandScan",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        /// `stagehand-scan`, which `stagehand scan` runs when it is built beside it.
        .executableTarget(
            name: "stagehand-scan",
            dependencies: [
                "StagehandScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        /// Workloads declared in Swift whose code checks where Stagehand runs it, for the CLI tests.
        .executableTarget(name: "StagehandTestWorkloads", dependencies: ["StagehandCLI"]),

        /// Mutation fuzzing of the spec decoder: `swift run -c release SpecFuzz --inputs 100000`.
        .executableTarget(name: "SpecFuzz", dependencies: ["StagehandKit"]),

        // MARK: - Build tools

        /// Writes the built-in workload specs (`Workloads/*.yaml`) into a Swift source, so they ship inside the binary.
        .executableTarget(name: "EmbedFiles"),
        .plugin(name: "EmbedWorkloads", capability: .buildTool(), dependencies: ["EmbedFiles"]),

        // MARK: - Command plugin

        /// `swift package stagehand profile NAME`: builds the package's workload executable (an executable target
        /// depending on StagehandCLI) in release and runs it from the package directory, reports in `Reports/`.
        .plugin(
            name: "StagehandCommand",
            capability: .command(
                intent: .custom(
                    verb: "stagehand",
                    description: "Build the package's Stagehand workload executable and run its command line."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "`profile` writes its reports to Reports/ in the package.")
                ]
            )
        ),

        // MARK: - Tests

        .testTarget(name: "StagehandKitTests", dependencies: ["StagehandKit"], exclude: ["Fixtures"]),
        .testTarget(
            name: "StagehandScanTests",
            // SwiftSyntax and SwiftParser: a test parses a source itself, to walk it with checks of its own (RuleTests).
            dependencies: [
                "StagehandScan", .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "StagehandCLITests",
            dependencies: ["stagehand", "stagehand-scan", "StagehandTestWorkloads", "StagehandKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
