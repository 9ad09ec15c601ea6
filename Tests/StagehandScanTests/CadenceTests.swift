import Testing

@testable import StagehandScan

/// How often a candidate runs, read from the event that leads to it: each case a different event, a debounce that
/// caps it, and a change of a value nothing types into, which says no rate.
@Suite struct CadenceTests {
    static let app = """
        import SwiftUI
        public enum Work {
            public static func rank(_ query: String) -> [String] { query.split(separator: " ").map(String.init).sorted() }
            public static func suggest(_ query: String) -> [String] { query.split(separator: " ").map(String.init).sorted() }
            public static func layout(_ rows: [String]) -> [String] { rows.sorted() }
            public static func tick(_ rows: [String]) -> [String] { rows.sorted() }
            public static func reload(_ rows: [String]) -> [String] { rows.sorted() }
            public static func save(_ rows: [String]) -> [String] { rows.sorted() }
            public static func phase(_ rows: [String]) -> [String] { rows.sorted() }
            public static func preview(_ text: String) -> [String] { text.split(separator: " ").map(String.init).sorted() }
            public static func open(_ rows: [String]) -> [String] { rows.sorted() }
            public static func match(_ text: String) -> [String] { text.split(separator: " ").map(String.init).sorted() }
            public static func echo(_ rows: [String]) -> [String] { rows.sorted() }
            public static func both(_ rows: [String]) -> [String] { rows.sorted() }
            public static func prefetch(_ rows: [String]) -> [String] { rows.sorted() }
            public static func lookUp(_ name: String) -> [String] { name.split(separator: " ").map(String.init).sorted() }
        }
        @MainActor final class Model {
            func commit() { _ = Work.save(["b", "a"]) }
        }
        struct SearchView: View {
            @State var query = ""
            @State var suggestions = ""
            @Environment(\\.scenePhase) var scenePhase
            let model = Model()
            var body: some View {
                VStack {
                    TextField("Search", text: $query)
                    List {
                        ForEach(["a", "b"], id: \\.self) { row in
                            Text(row).onAppear { _ = Work.layout([row]) }
                        }
                    }
                    Button("Save") { model.commit() }
                }
                .searchable(text: $suggestions)
                .onChange(of: query) { _, new in _ = Work.rank(new) }
                .task(id: suggestions) {
                    try? await Task.sleep(for: .milliseconds(250))
                    _ = Work.suggest(suggestions)
                }
                .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in
                    _ = Work.tick(["b", "a"])
                }
                .refreshable { _ = Work.reload(["b", "a"]) }
                .onChange(of: scenePhase) { _, _ in _ = Work.phase(["b", "a"]) }
                .onAppear { _ = Work.open(["b", "a"]) }
            }
        }
        struct FilterView: View {
            @State var filter = ""
            var body: some View {
                TextField("Filter", text: $filter)
                    .onChange(of: filter) { _, new in
                        let matches = Work.match(new)
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            _ = Work.echo(matches)
                        }
                    }
                    .onAppear { _ = Work.both(["a"]) }
                Button("Both") { _ = Work.both(["b"]) }
            }
        }
        struct LookupView: View {
            @State var name = ""
            @State var lookup: Task<Void, Never>?
            var body: some View {
                TextField("Name", text: $name)
                    .onChange(of: name) {
                        lookup?.cancel()
                        lookup = Task {
                            try? await Task.sleep(for: .milliseconds(500))
                            _ = Work.lookUp(name)
                        }
                    }
            }
        }
        struct FeedView: View {
            var body: some View {
                List {
                    ForEach(["a", "b"], id: \\.self) { item in
                        FeedRow(item: item)
                    }
                }
            }
        }
        struct FeedRow: View {
            let item: String
            var body: some View {
                Text(item).onAppear { _ = Work.prefetch([item]) }
            }
        }
        @MainActor final class EditorDelegate {
            func textDidChange(_ text: String) { _ = Work.preview(text) }
        }
        """

    static func cadences() -> [String: Cadence?] {
        Dictionary(
            scan(["Sources/App/Search.swift": app]).candidates.map { ($0.declaration.symbol, $0.cadence) }
        ) { first, _ in first }
    }

    @Test func eachEventGivesItsRateAndSaysWhere() throws {
        let found = Self.cadences()
        let rates = found.compactMapValues { $0?.ratePerSecond }
        #expect(rates["Work.rank(_:)"] == 8)  // a keystroke: `query` is a text field's
        #expect(rates["Work.layout(_:)"] == 20)  // a row appearing, in a `ForEach`
        #expect(rates["Work.tick(_:)"] == 2)  // a timer every 0.5 s
        #expect(rates["Work.reload(_:)"] == 1)  // pull to refresh
        #expect(rates["Work.save(_:)"] == 2)  // a tap, two calls away
        #expect(rates["Work.open(_:)"] == 0.5)  // a screen appearing
        #expect(rates["Work.preview(_:)"] == 8)  // AppKit's `textDidChange`
        let rank = try #require(found["Work.rank(_:)"] ?? nil)
        #expect(rank.source.contains("`.onChange`, Sources/App/Search.swift:"))
        #expect(rank.source.contains("`query`, which `TextField` edits at Sources/App/Search.swift:28"))
        let save = try #require(found["Work.save(_:)"] ?? nil)
        #expect(save.source.hasPrefix("a tap (2 a second) (`.Button`, Sources/App/Search.swift:34"))
    }

    @Test func aDebounceBeforeTheCallCapsTheRate() throws {
        let suggest = try #require(Self.cadences()["Work.suggest(_:)"] ?? nil)
        #expect(suggest.ratePerSecond == 4)  // keystrokes, but at most one per 0.25 s wait
        #expect(suggest.source.contains("which `searchable` edits"))
        // The stored task cancelled at each change, and a wait in the next: at most one per 0.5 s.
        #expect((Self.cadences()["Work.lookUp(_:)"] ?? nil)?.ratePerSecond == 2)
        #expect(
            suggest.source.contains(
                "capped by the wait of 0.25 s before the call, which each change cancels (Sources/App/Search.swift:39)"
            )
        )
    }

    /// A local `let` around the call is not the end of the walk; a sleep in a `Task` nobody cancels delays each call
    /// but drops none; of two events the same distance away, the faster.
    @Test func theWalkReadsThroughLocalsAndCapsOnlyWhatACancelDrops() {
        let rates = Self.cadences().compactMapValues { $0?.ratePerSecond }
        #expect(rates["Work.match(_:)"] == 8)
        #expect(rates["Work.echo(_:)"] == 8)
        #expect(rates["Work.both(_:)"] == 2)  // a tap, not the screen's appearing
    }

    /// A row's `.onAppear` in a view of its own, which a lazy container in another view makes, is a row's.
    @Test func aRowInAViewOfItsOwnIsARow() throws {
        let prefetch = try #require(Self.cadences()["Work.prefetch(_:)"] ?? nil)
        #expect(prefetch.ratePerSecond == 20)
        #expect(prefetch.source.contains("in `FeedRow`, a row of the `ForEach` at Sources/App/Search.swift:"))
    }

    @Test func aChangeOfAValueNothingTypesIntoSaysNoRate() {
        let found = Self.cadences()
        #expect(found.keys.contains("Work.phase(_:)"))
        #expect(found["Work.phase(_:)"] == .some(nil))
    }

    @Test func theWorkloadIsWrittenAtTheRateFound() {
        let main = scan(["Sources/App/Search.swift": Self.app]).scaffold(target: "W", path: "Stagehand/W").mainSwift
        #expect(main.contains(#"CodeInteraction("rank", ratePerSecond: 8)"#))
        #expect(main.contains(#"CodeInteraction("suggest", ratePerSecond: 4)"#))
        #expect(main.contains(#"CodeInteraction("phase", ratePerSecond: 2)"#))  // the stated guess
        #expect(main.contains("/// Rate: 8 a second, from the app's code: each change of a value people type into"))
    }
}
