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

let package = Package(
    name: "Stagehand",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stagehand", targets: ["stagehand"]),
        /// The whole command line with the workload API: what a package's own workload executable depends on.
        .library(name: "StagehandCLI", targets: ["StagehandCLI"]),
        .library(name: "StagehandKit", targets: ["StagehandKit"]),
        /// `swift package stagehand …`: builds the package's workload executable and runs the command line from it.
        /// (A plugin product named `stagehand` would be dropped as a duplicate of the executable; the verb is what
        /// users type.)
        .plugin(name: "StagehandCommand", targets: ["StagehandCommand"]),
    ],
    dependencies: [argumentParser, hdrHistogram, yams, textTable],
    targets: [
        // MARK: - C

        /// Counts every allocation in front of whatever allocator serves it: the executable's own `malloc` on Linux,
        /// the default malloc zone wrapped on macOS. Linked into every executable that links StagehandKit, so a user's
        /// workload executable counts its own code's allocations. (`dlsym` is in glibc itself from 2.34; libdl
        /// before.)
        .target(name: "CStagehandAllocations", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        /// What Swift cannot call directly on Linux: the CPU-affinity calls (`profile --cores`).
        .target(name: "CStagehandPlatform"),

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
            name: "StagehandCLITests",
            dependencies: ["stagehand", "StagehandTestWorkloads", "StagehandKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
