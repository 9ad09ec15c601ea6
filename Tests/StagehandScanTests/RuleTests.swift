import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import StagehandScan

/// Each rule, positive and negative, on small sources: `1️⃣`, `2️⃣`, … mark where each finding must start, and a
/// source without markers must have none (``findings(_:atMarkersIn:mainActorDefault:sourceLocation:)``).
@Suite struct RuleTests {
    /// The walk's one table of rules holds each rule once (so a rule's id leads back to it alone), and each looks at
    /// some node kind, with a why and a fix of its own: none left empty or copied from another rule.
    @Test func theWalkRunsEveryRuleOnce() {
        #expect(scanRules.map { $0.id }.sorted() == Rule.allCases)
        for rule in scanRules {
            #expect(!rule.visits.isEmpty, "\(rule.id) looks at nothing")
            #expect(!rule.why.isEmpty && !rule.fix.isEmpty, "\(rule.id)")
        }
        #expect(Set(scanRules.map { $0.why }).count == scanRules.count, "each rule says its own why")
        #expect(Set(scanRules.map { $0.fix }).count == scanRules.count, "each rule gives its own fix")
    }

    /// Three rules look at calls, two at types and extensions, one at sequences: the table gathers each rule's checks
    /// under the kinds it names.
    @Test func theTableGathersEachRulesChecksUnderItsKinds() {
        let visits = RuleVisits.all
        #expect(visits.functionCall.count == 3)  // blocking calls on main, dispatch queues, redundant main hops
        #expect(visits.declGroup.count == 2)  // ObservableObject, @unchecked Sendable
        #expect(visits.sequence.count == 1)  // strong self in a stored task
    }

    /// The walk calls a check only at nodes of its kind, each once: a check of each kind that records where it was
    /// called finds exactly the nodes of that kind, on their lines (every kind of type and an extension among them).
    @Test func theWalkCallsEachCheckOnlyAtItsKind() {
        let source = """
            import Foundation
            final class Model {
                var count = 1
                init() {}
                func tap() { update(); count = 2 }
            }
            struct Value {}
            enum Mode {}
            actor Store {}
            protocol Source {}
            extension Model {}
            """
        var visits = RuleVisits([])
        func spy<Node: SyntaxProtocol>(_ kind: String) -> RuleVisits.Check<Node> {
            { node, context in context.record(.dispatchQueue, at: node, message: kind) }
        }
        visits.importDecl = [spy("import")]
        visits.declGroup = [{ node, context in context.record(.dispatchQueue, at: node, message: "type") }]
        visits.variable = [spy("variable")]
        visits.initializer = [spy("init")]
        visits.function = [spy("function")]
        visits.functionCall = [spy("call")]
        visits.sequence = [spy("sequence")]
        let tree = Parser.parse(source: source)
        var index = TypeIndex(defaultIsolation: .nonisolated)
        index.add(tree, file: "File.swift")
        let scanner = FileScanner(file: "File.swift", tree: tree, index: index, visits: visits)
        scanner.walk(tree)
        let calls = scanner.findings.map { "\($0.message)@\($0.line)" }.sorted()
        #expect(
            calls == [
                "call@5", "function@5", "import@1", "init@4", "sequence@5", "type@10", "type@11", "type@2", "type@7",
                "type@8", "type@9", "variable@3",
            ],
            "\(calls)"
        )
    }

    @Test func dispatchQueue() {
        let source = """
            func refresh() {
                1️⃣DispatchQueue.main.async { update() }
                2️⃣DispatchQueue.global(qos: .userInitiated).async { work() }
                3️⃣DispatchQueue.main.asyncAfter(deadline: .now() + 1) { update() }
                queue.async { work() }
                DispatchQueue.main.sync { update() }
            }
            """
        let found = findings(.dispatchQueue, atMarkersIn: source)
        #expect(found[1].message.contains("DispatchQueue.global(…).async"))
    }

    @Test func completionHandler() {
        let source = """
            final class Client {
                func load(1️⃣completion: @escaping (Result<Data, Error>) -> Void) {}
                func fetch(2️⃣_ handler: @escaping (Data?, (any Error)?) -> Void) {}
                func save(3️⃣then callback: ((Bool) -> Void)?) {}
                func onTap(_ action: @escaping () -> Void) {}
                func each(_ body: (Result<Int, Error>) -> Void) {}
                func load() async throws -> Data { Data() }
            }
            """
        let found = findings(.completionHandler, atMarkersIn: source)
        #expect(found.first?.symbol == "Client.load(completion:)")
    }

    /// Signatures that are not the author's to change, and callbacks that deliver no single result, are not
    /// completion handlers to migrate; a closure type's alias is still one.
    @Test func completionHandlerLeavesOutDictatedSignaturesAndProgress() {
        let source = """
            final class Delegate: NSObject, NSApplicationDelegate, UNUserNotificationCenterDelegate {
                func application(_ application: NSApplication, continue activity: NSUserActivity,
                                 restorationHandler: @escaping ([NSUserActivityRestoring]) -> Void) -> Bool { true }
                nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                    willPresent notification: UNNotification,
                    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {}
                override func didReceive(_ request: Request, withContentHandler handler: @escaping (Content) -> Void) {}
                init(progressHandler: @escaping @Sendable (Double) -> Void) {}
                func upload(_ data: Data, handler: @escaping (Result<Int, Error>) -> Void) async -> Int { 0 }
                func fetchArticles(for feed: Feed, 1️⃣completion: @escaping ArticleSetBlock) {}
                func run(_ block: @escaping DatabaseBlock) {}
                func show(failureToast: ((Error) -> Toast)? = nil) {}
            }
            extension Delegate: NSWindowRestoration {
                static func restoreWindow(withIdentifier id: String, completionHandler: @escaping (Error?) -> Void) {}
            }
            final class Zone {
                func query(_ query: CKQuery, 2️⃣completion: @escaping (Result<[CKRecord], Error>) -> Void) {}
            }
            """
        let found = findings(.completionHandler, atMarkersIn: source)
        #expect(found.first?.message.contains("`ArticleSetBlock`") == true)
    }

    @Test func observableObject() {
        let source = """
            final class Settings: 1️⃣ObservableObject {
                2️⃣@Published var name = ""
            }
            @Observable final class Notes { var items: [String] = [] }
            """
        findings(.observableObject, atMarkersIn: source)
    }

    @Test func combine() {
        findings(.combine, atMarkersIn: "import Foundation\n1️⃣import Combine")
        findings(.combine, atMarkersIn: "import Foundation\nimport CombineSchedulers")
    }

    @Test func strongSelfInStoredTask() {
        let source = """
            @MainActor final class Feed {
                var task: Task<Void, Never>?
                var other: Task<Void, Never>?
                var guarded: Task<Void, Never>?
                func start() {
                    1️⃣task = Task { await self.load() }
                    2️⃣self.other = Task { await load() }
                    guarded = Task { [weak self] in await self?.load() }
                    let local = Task { await self.load() }
                    _ = local
                }
                func load() async {}
            }
            struct Value {
                var task: Task<Void, Never>?
                mutating func start() { task = Task { print(self) } }
            }
            """
        let found = findings(.strongSelfInStoredTask, atMarkersIn: source)
        #expect(found[1].message.contains("`load`"))
    }

    /// A local binding that shadows a property is not a use of `self`; the first real use is what the finding cites.
    @Test func strongSelfIgnoresShadowingLocals() {
        let source = """
            @MainActor final class Editor {
                var client: Client?
                var suggestions: [String] = []
                let service = Service()
                var task: Task<Void, Never>?
                var lookup: Task<Void, Never>?
                func complete(_ query: String) {
                    guard let client else { return }
                    1️⃣task = Task { let found = await client.search(query); service.log(found); suggestions = found }
                    lookup = Task { await client.search(query) }
                }
            }
            """
        let found = findings(.strongSelfInStoredTask, atMarkersIn: source)
        #expect(found.first?.message.contains("`service`") == true)
    }

    @Test func redundantMainHop() {
        let source = """
            @MainActor final class Model {
                func refresh() async {
                    await 1️⃣MainActor.run { update() }
                    2️⃣Task { @MainActor in update() }
                }
                nonisolated func background() async {
                    await MainActor.run { update() }
                    Task { @MainActor in update() }
                }
                func update() {}
            }
            actor Store { func save() async { await MainActor.run { } } }
            """
        findings(.redundantMainHop, atMarkersIn: source)
    }

    @Test func uncheckedSendable() {
        let source = """
            final class Box: 1️⃣@unchecked Sendable { var value = 0 }
            2️⃣nonisolated(unsafe) var shared = 0
            struct Point: Sendable { var x = 0 }
            final class Model { nonisolated var label: String { "" } }
            """
        findings(.uncheckedSendable, atMarkersIn: source)
    }

    @Test func aFileThatDoesNotParseIsSkippedNotFatal() {
        let result = scan([
            "Sources/App/Broken.swift": "func (",
            "Sources/App/Fine.swift": "import Combine",
        ])
        #expect(result.skipped == [.init(file: "Sources/App/Broken.swift", reason: "does not parse")])
        #expect(result.findings.map(\.rule) == [.combine])
        #expect(result.files == 1)
    }

    @Test func jsonHasTheContractsKeys() throws {
        let json = try scan(["Sources/App/File.swift": "import Combine"]).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys).isSuperset(of: ["rule", "file", "line", "column", "isolation", "symbol", "message"]))
        #expect(finding["rule"] as? String == "combine")
        #expect(finding["isolation"] as? String == "nonisolated")
        #expect(finding["file"] as? String == "Sources/App/File.swift")
    }
}
