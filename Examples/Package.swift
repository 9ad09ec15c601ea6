// swift-tools-version: 6.2
import PackageDescription

// Stagehand's examples: an "app" (ExampleApp) and the workloads that profile its real code (ExampleWorkloads), the
// way a package adds Stagehand: an executable target under Stagehand/ that depends on the StagehandCLI product.
let package = Package(
    name: "StagehandExamples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Stagehand", path: ".."),
        /// The backend the examples fetch from: a small HTTP server on Swift concurrency.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        /// A third-party Markdown renderer the note preview calls: code neither the app nor Stagehand wrote.
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
    ],
    targets: [
        /// The app's own code: a feed client and view model, an image decoder and filter, a connection table, and the
        /// loopback server the feed client fetches from.
        .target(
            name: "ExampleApp",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"),
                // Only to switch Nagle's algorithm off on the server's sockets (LoopbackServer.swift says why).
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Ink", package: "Ink"),
            ]
        ),
        /// Workloads whose steps call ExampleApp: `swift run -c release ExampleWorkloads list`.
        .executableTarget(
            name: "ExampleWorkloads",
            dependencies: ["ExampleApp", .product(name: "StagehandCLI", package: "Stagehand")],
            path: "Stagehand/ExampleWorkloads"
        ),
        /// Each step's function timed alone in a loop, to check Stagehand's measured means against.
        .executableTarget(name: "TimeAlone", dependencies: ["ExampleApp"]),
    ],
    swiftLanguageModes: [.v6]
)
