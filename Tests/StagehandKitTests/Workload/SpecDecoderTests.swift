import Foundation
import Testing

@testable import StagehandKit

@Suite struct SpecDecoderTests {
    /// A valid spec with one line to vary, so each case names exactly what is wrong.
    static func spec(
        header: String = "",
        subsystems: String = "subsystems: [imageCache]",
        rate: String = "rate-per-s: 2",
        steps: String = """
              - { state: imageCache, ms: 0.2 }
              - { io: fetch, ms: 100 }
              - { compute: decode, ms: 200 }
        """
    ) -> String {
        """
        name: image-pipeline
        duration-s: 3
        \(header)
        \(subsystems)
        interactions:
          - name: open-image
            \(rate)
            steps:
        \(steps)
        """
    }

    @Test func decodesTheDesignExample() throws {
        let workload = try SpecDecoder().decode(Self.spec(), file: "ok.yaml")
        #expect(workload.name == "image-pipeline")
        #expect(workload.durationSeconds == 3)
        #expect(workload.refreshHz == 60)
        #expect(workload.frameBudgetMs > 16.66 && workload.frameBudgetMs < 16.67)
        #expect(workload.subsystems == ["imageCache"])
        let steps = try #require(workload.interactions.first?.steps)
        #expect(steps.map(\.kind) == [.state, .io, .compute])
        #expect(steps[2] == Step(.compute, "decode", .milliseconds(200)))
    }

    @Test func acceptsJSON() throws {
        let json = """
            {"name": "feed", "interactions": [{"name": "refresh", "rate-per-s": 1,
              "steps": [{"io": "fetch", "ms": 300}, {"compute": "parse", "kernel": "sort", "size": 1000}]}]}
            """
        let workload = try SpecDecoder().decode(json, file: "feed.json")
        #expect(workload.interactions[0].steps[1].cost == .kernel(.sort, size: 1000))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var field: String
        var line: Int?
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown top-level key",
            text: spec(header: "refresh-rate: 60"),
            field: "refresh-rate",
            line: 3,
            message: "unknown key 'refresh-rate'"
        ),
        Case(
            name: "unknown step key",
            text: spec(steps: "      - { compute: decode, ms: 20, thread: main }"),
            field: "interactions[0].steps[0].thread",
            line: 9,
            message: "unknown key 'thread'"
        ),
        Case(
            name: "missing ms",
            text: spec(steps: "      - { compute: decode }"),
            field: "interactions[0].steps[0].ms",
            line: 9,
            message: "required but missing"
        ),
        Case(
            name: "negative ms",
            text: spec(steps: "      - { compute: decode, ms: -3 }"),
            field: "interactions[0].steps[0].ms",
            line: 9,
            message: "got -3"
        ),
        Case(
            name: "NaN",
            text: spec(steps: "      - { compute: decode, ms: .nan }"),
            field: "interactions[0].steps[0].ms",
            line: 9,
            message: "finite number"
        ),
        Case(
            name: "infinity",
            text: spec(rate: "rate-per-s: .inf"),
            field: "interactions[0].rate-per-s",
            line: 7,
            message: "finite number"
        ),
        Case(
            name: "rate of zero",
            text: spec(rate: "rate-per-s: 0"),
            field: "interactions[0].rate-per-s",
            line: 7,
            message: "> 0"
        ),
        Case(
            name: "empty interaction",
            text: spec(steps: "      []"),
            field: "interactions[0].steps",
            line: 9,
            message: "must not be empty"
        ),
        Case(
            name: "undeclared subsystem",
            text: spec(steps: "      - { state: connectionTable, ms: 1 }"),
            field: "interactions[0].steps[0].state",
            line: 9,
            message: "subsystem 'connectionTable' is not declared; declared: imageCache"
        ),
        Case(
            name: "two kinds in one step",
            text: spec(steps: "      - { compute: decode, ui: show, ms: 1 }"),
            field: "interactions[0].steps[0]",
            line: 9,
            message: "exactly one kind"
        ),
        Case(
            name: "no kind",
            text: spec(steps: "      - { ms: 1 }"),
            field: "interactions[0].steps[0]",
            line: 9,
            message: "needs one of ui, io, compute, state"
        ),
        Case(
            name: "kernel on io",
            text: spec(steps: "      - { io: fetch, kernel: sort, size: 10 }"),
            field: "interactions[0].steps[0].kernel",
            line: 9,
            message: "an io step is a wait"
        ),
        Case(
            name: "unknown kernel",
            text: spec(steps: "      - { compute: decode, kernel: fft, size: 10 }"),
            field: "interactions[0].steps[0].kernel",
            line: 9,
            message: "unknown kernel 'fft'"
        ),
        Case(
            name: "kernel without size",
            text: spec(steps: "      - { compute: decode, kernel: box-blur }"),
            field: "interactions[0].steps[0].size",
            line: 9,
            message: "required but missing"
        ),
        Case(
            name: "wrong type",
            text: spec(rate: "rate-per-s: [2]"),
            field: "interactions[0].rate-per-s",
            line: 7,
            message: "must be a finite number"
        ),
        Case(
            name: "refresh rate out of range",
            text: spec(header: "refresh-hz: 500"),
            field: "refresh-hz",
            line: 3,
            message: "from 1 to 240"
        ),
        Case(
            name: "name that would escape the output directory",
            text: "name: ../../etc\ninteractions: []",
            field: "name",
            line: 1,
            message: "letters, digits"
        ),
        Case(
            name: "YAML syntax error",
            text: "name: x\ninteractions:\n  - name: [unclosed\n",
            field: "",
            line: 4,
            message: "not valid YAML or JSON"
        ),
        Case(
            name: "duplicate interaction names",
            text: """
                name: x
                interactions:
                  - { name: tap, rate-per-s: 1, steps: [{ ui: a, ms: 1 }] }
                  - { name: tap, rate-per-s: 1, steps: [{ ui: b, ms: 1 }] }
                """,
            field: "interactions[1].name",
            line: 4,
            message: "'tap' is used more than once"
        ),
        Case(name: "empty file", text: "", field: "", line: 1, message: "must not be empty"),
    ]

    @Test(arguments: cases)
    func rejectsWithFileLineAndField(_ testCase: Case) throws {
        let error = try #require(throws: SpecError.self) {
            try SpecDecoder().decode(testCase.text, file: "my-app.yaml")
        }
        #expect(error.file == "my-app.yaml")
        #expect(error.field == testCase.field)
        #expect(error.line == testCase.line)
        #expect(error.description.contains(testCase.message), "\(error.description)")
        let location = testCase.line.map { "my-app.yaml:\($0): " } ?? "my-app.yaml: "
        #expect(error.description.hasPrefix(location), "\(error.description)")
    }

    @Test func aFileThatIsNotUTF8SaysSo() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "stagehand-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("name: x\ninteractions: \u{1}".utf8 + [0xFF, 0xFE]).write(to: url)
        let error = try #require(throws: SpecError.self) { try SpecDecoder().decode(contentsOf: url.path) }
        #expect(error.description == "\(url.path):2: not valid YAML or JSON: not UTF-8 text")
    }

    @Test func aMissingFileIsNamed() throws {
        let error = try #require(throws: SpecError.self) {
            try SpecDecoder().decode(contentsOf: "/nonexistent/app.yaml")
        }
        #expect(error.description == "/nonexistent/app.yaml: cannot read the file: no such file")
    }
}

/// The inputs the spec fuzzer (`swift run -c release SpecFuzz`) kept, one per distinct answer it reached: each must
/// still decode, or fail with an error that names the file.
@Suite struct SpecCorpusTests {
    static let corpus = Fixtures.directory.appending(path: "SpecCorpus")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.count >= 20)
    }

    @Test(arguments: inputs)
    func eachFuzzedInputGetsAnAnswerThatNamesTheFile(_ name: String) {
        let path = Self.corpus.appending(path: name).path
        do {
            _ = try SpecDecoder().decode(contentsOf: path)
        } catch {
            #expect(error.description.hasPrefix(path), "\(error.description)")
            #expect(error.description.count > path.count + 5)
        }
    }
}
