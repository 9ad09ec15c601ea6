import Foundation
import Testing

@testable import StagehandScan

/// The isolation a finding is reported in, inferred as the compiler would: `blocking-call-on-main` is reported only
/// in main-actor code, so each case below is a place where it must, or must not, be.
@Suite struct IsolationTests {
    let blocking = "let data = try? Data(contentsOf: url)"

    @Test func mainActorTypeExtensionAndMember() {
        let onType = findings(.blockingCallOnMain, in: "@MainActor final class Model { func load() { \(blocking) } }")
        #expect(onType.count == 1)
        #expect(onType.first?.isolation.kind == .mainActor)
        #expect(onType.first?.symbol == "Model.load()")
        #expect(onType.first?.line == 1)
        let onMember = findings(.blockingCallOnMain, in: "final class Model { @MainActor func load() { \(blocking) } }")
        #expect(onMember.count == 1)
        let onExtension = findings(
            .blockingCallOnMain,
            in: "final class Model {}\n@MainActor extension Model { func load() { \(blocking) } }"
        )
        #expect(onExtension.count == 1)
        #expect(findings(.blockingCallOnMain, in: "final class Model { func load() { \(blocking) } }").isEmpty)
    }

    @Test func typeIsolationComesFromAnotherFile() {
        let result = scan([
            "Sources/App/Model.swift": "@MainActor final class Model {}",
            "Sources/App/Model+Load.swift": "extension Model { func load() { \(blocking) } }",
        ])
        #expect(result.findings.map(\.file) == ["Sources/App/Model+Load.swift"])
    }

    @Test func swiftUIAndUIKitConformancesAreMainActor() {
        let view = """
            import SwiftUI
            struct NoteView: View {
                var body: some View { Text(String(contentsOfFile: "/tmp/note") ?? "") }
            }
            """
        #expect(findings(.blockingCallOnMain, in: view).first?.isolation.reason.contains("`View`") == true)
        let controller = "final class NotesController: UIViewController { override func viewDidLoad() { sleep(1) } }"
        #expect(findings(.blockingCallOnMain, in: controller).count == 1)
        let subclass = """
            @MainActor class Base {}
            final class Derived: Base { func load() { usleep(10) } }
            """
        #expect(findings(.blockingCallOnMain, in: subclass).count == 1)
    }

    @Test func defaultIsolationMakesPlainTypesMainActor() {
        let plain = "final class Store { func load() { Thread.sleep(forTimeInterval: 1) } }"
        #expect(findings(.blockingCallOnMain, in: plain).isEmpty)
        #expect(findings(.blockingCallOnMain, in: plain, mainActorDefault: true).count == 1)
        let topLevel = "func load() { sleep(1) }"
        #expect(findings(.blockingCallOnMain, in: topLevel).isEmpty)
        #expect(findings(.blockingCallOnMain, in: topLevel, mainActorDefault: true).count == 1)
    }

    /// SE-0466 as shipped: a type whose declaration conforms to a protocol refining `SendableMetatype` is not made
    /// main-actor by the default, directly or through the module's own protocol.
    @Test func sendableConformanceOptsOutOfTheDefault() {
        let sendable = "struct Loader: Sendable { func load() { sleep(1) } }"
        #expect(findings(.blockingCallOnMain, in: sendable, mainActorDefault: true).isEmpty)
        let intent = "struct OpenNote: AppIntent { func perform() { sleep(1) } }"
        #expect(findings(.blockingCallOnMain, in: intent, mainActorDefault: true).isEmpty)
        let refined = "protocol Job: Sendable {}\nstruct Export: Job { func run() { sleep(1) } }"
        #expect(findings(.blockingCallOnMain, in: refined, mainActorDefault: true).isEmpty)
        let explicit = "@MainActor struct Loader: Sendable { func load() { sleep(1) } }"
        #expect(findings(.blockingCallOnMain, in: explicit, mainActorDefault: true).count == 1)
    }

    /// What a careless scanner reports and this one must not: the same call off main.
    @Test func notOnMainIsNotReported() {
        let places = [
            "actor Cache { func load() { \(blocking) } }",
            "@MainActor final class Model { nonisolated func load() { \(blocking) } }",
            "@MainActor final class Model { @concurrent func load() async { \(blocking) } }",
            "@MainActor final class Model { func load() { Task.detached { \(blocking) } } }",
            "@MainActor final class Model { func load() async { await withTaskGroup(of: Void.self) { group in group.addTask { \(blocking) } } } }",
            "@MainActor final class Model { func load() { run { @Sendable in \(blocking) } } }",
            "@MainActor final class Model { func load() { DispatchQueue.global().async { \(blocking) } } }",
            "@MainActor final class Model { func load() { Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in sleep(1) } } }",
            "@MainActor final class Model { deinit { sleep(1) } }",
        ]
        for source in places {
            #expect(findings(.blockingCallOnMain, in: source, mainActorDefault: true).isEmpty, "\(source)")
        }
    }

    @Test func taskInheritsItsContext() {
        let inherited = "@MainActor final class Model { func load() { Task { \(blocking) } } }"
        #expect(findings(.blockingCallOnMain, in: inherited).count == 1)
        let mainBlock = "final class Model { func load() { DispatchQueue.main.async { sleep(1) } } }"
        #expect(findings(.blockingCallOnMain, in: mainBlock).count == 1)
        let topLevel = ["Sources/Tool/main.swift": "sleep(1)"]
        #expect(scan(topLevel).findings.map(\.rule) == [.blockingCallOnMain])
    }

    /// A closure given to an SDK call (a completion handler) may run on any thread: neither a blocking call nor a
    /// hop to main inside it is reported. Synchronous higher-order functions and SwiftUI's actions run where they are
    /// called.
    @Test func closuresOfUnknownCallsAreNotTakenForMain() {
        let callback = """
            @MainActor final class Browser {
                func open(_ url: URL) {
                    NSWorkspace.shared.open(url, configuration: configuration) { _, error in
                        Task { @MainActor in self.report(error) }
                        sleep(1)
                    }
                }
            }
            """
        #expect(scan(["A.swift": callback]).findings.isEmpty)
        let inherited = """
            struct SaveView: View {
                let urls: [URL]
                var body: some View {
                    Button("Save") { 1️⃣sleep(1) }
                        .onAppear { _ = urls.map { try? 2️⃣Data(contentsOf: $0) } }
                }
            }
            """
        findings(.blockingCallOnMain, atMarkersIn: inherited)
    }

    /// Closures that run where they are written: `{ … }()` (a static property's initializer, on first use from the
    /// main actor) and `NSFileCoordinator`'s accessor, which `coordinate` calls before it returns.
    @Test func closuresCalledInPlaceInheritTheirContext() {
        let source = """
            @MainActor struct Renderer {
                static let template: String = {
                    try! 1️⃣String(contentsOfFile: "/tmp/template.html", encoding: .utf8)
                }()
                static func read(_ coordinator: NSFileCoordinator, _ url: URL) {
                    coordinator.coordinate(readingItemAt: url, options: [], error: nil, byAccessor: { readURL in
                        _ = try? 2️⃣Data(contentsOf: readURL)
                    })
                }
            }
            """
        findings(.blockingCallOnMain, atMarkersIn: source)
    }

    @Test func awaitedAPIsAreNotBlocking() {
        let source = """
            @MainActor final class Model {
                func load(_ semaphore: AsyncSemaphore) async throws {
                    try await Task.sleep(for: .seconds(1))
                    await semaphore.wait()
                    let (data, _) = try await URLSession.shared.data(from: url)
                }
            }
            """
        #expect(findings(.blockingCallOnMain, in: source).isEmpty)
        let blockingWait =
            "@MainActor func join(_ group: DispatchGroup) { group.wait(); semaphore.wait(timeout: .now() + 1) }"
        #expect(findings(.blockingCallOnMain, in: blockingWait).count == 2)
    }
}
