import Foundation
import StagehandKit

/// Mutation fuzzing of the spec decoder and validator: many inputs derived from the built-in specs by flipping,
/// inserting, deleting and splicing bytes and YAML tokens, each decoded in this process.
///
/// The property: every input either decodes to a workload or fails with a ``SpecError`` that names the file and
/// says what to fix; nothing traps. A trap ends this process, so each input is written to `--crash-file` first and a
/// crash leaves it there. Inputs that reach a new kind of answer (a new field or problem) are kept in `--corpus`,
/// which the test suite decodes as regression tests.
///
/// Usage: `swift run -c release SpecFuzz [--inputs N] [--seed S] [--corpus DIR] [--crash-file PATH]`
@main
struct SpecFuzz {
    static func main() throws {
        var inputs = 100_000
        var seed: UInt64 = 1
        var corpus: String?
        var crashFile = FileManager.default.temporaryDirectory.appending(path: "stagehand-fuzz-crash.yaml").path
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--inputs": inputs = Int(arguments.next() ?? "") ?? inputs
            case "--seed": seed = UInt64(arguments.next() ?? "") ?? seed
            case "--corpus": corpus = arguments.next()
            case "--crash-file": crashFile = arguments.next() ?? crashFile
            default:
                FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
                exit(64)
            }
        }
        let seeds = BuiltinWorkloads.names.compactMap(BuiltinWorkloads.specText(named:)).map { Array($0.utf8) }
        var generator = SeededGenerator(seed: seed)
        var seen: Set<String> = []
        var decoded = 0
        var rejected = 0
        var kept = 0
        let crashHandle =
            FileManager.default.createFile(atPath: crashFile, contents: nil)
            ? FileHandle(forWritingAtPath: crashFile) : nil
        for index in 0..<inputs {
            let input = Mutator.mutate(seeds, using: &generator)
            if let crashHandle {
                try crashHandle.truncate(atOffset: 0)
                crashHandle.write(Data(input))
            }
            let text = String(decoding: input, as: UTF8.self)
            let answer: String
            do {
                let workload = try SpecDecoder().decode(text, file: "fuzz.yaml")
                decoded += 1
                answer = "ok \(workload.interactions.count > 1 ? "several" : "one") interaction"
            } catch {
                rejected += 1
                guard error.description.hasPrefix("fuzz.yaml") else {
                    FileHandle.standardError.write(Data("input \(index): error names no file: \(error)\n".utf8))
                    exit(1)
                }
                answer = "\(error.problemKind) \(error.schemaField)"
            }
            if seen.insert(answer).inserted, let corpus {
                kept += 1
                let url = URL(fileURLWithPath: corpus).appending(path: String(format: "%04d.yaml", seen.count))
                try Data(input).write(to: url)
            }
        }
        try? FileManager.default.removeItem(atPath: crashFile)
        print(
            "\(inputs) inputs, 0 crashes: \(decoded) decoded, \(rejected) rejected with a located error; \(seen.count) distinct answers\(corpus == nil ? "" : ", \(kept) kept in the corpus")"
        )
    }
}

extension SpecError {
    /// The field path as the schema names it: no indices, and no user-chosen key (an unknown or duplicate one).
    var schemaField: String {
        var path = field
        if case .unknownKey(let key, _) = problem, path.hasSuffix(key) { path = path.dropLast(key.count) + "<key>" }
        if case .duplicate(let key) = problem, path.hasSuffix(key) { path = path.dropLast(key.count) + "<key>" }
        return path.replacing(/\[\d+\]/, with: "[]")
    }

    /// The problem's case name, e.g. `unknownKey`.
    var problemKind: String {
        String(describing: problem).prefix { $0 != "(" }.description
    }
}

/// Structure-aware mutations of YAML text.
enum Mutator {
    static let tokens: [String] = [
        ":", "-", "[", "]", "{", "}", ",", "\n", "  ", "#", "'", "\"", "&a", "*a", "!!str", "~", "null", ".nan", ".inf",
        "-.inf", "1e309", "-1", "0", "9999999999999999999", "ms:", "kernel: sort", "size: 0", "state: ghost",
        "rate-per-s: 0", "interactions: []", "steps: []", "name: ../x", "\u{0}", "\u{FEFF}", "é", "<<: *a",
    ]

    static func mutate(_ seeds: [[UInt8]], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
        for _ in 0...(generator.next() % 4) {
            let position = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
            switch generator.next() % 6 {
            case 0 where !bytes.isEmpty:  // flip a byte
                bytes[position] ^= UInt8(truncatingIfNeeded: 1 << (generator.next() % 8))
            case 1:  // insert a token
                bytes.insert(contentsOf: Array(tokens[Int(generator.next() % UInt64(tokens.count))].utf8), at: position)
            case 2 where !bytes.isEmpty:  // delete a run
                let length = min(Int(generator.next() % 16) + 1, bytes.count - position)
                bytes.removeSubrange(position..<(position + length))
            case 3:  // splice a line from another seed
                let other = seeds[Int(generator.next() % UInt64(seeds.count))]
                let lines = other.split(separator: UInt8(ascii: "\n"))
                if let line = lines.randomElement(using: &generator) {
                    bytes.insert(contentsOf: Array(line) + [UInt8(ascii: "\n")], at: position)
                }
            case 4 where !bytes.isEmpty:  // duplicate a run
                let length = min(Int(generator.next() % 64) + 1, bytes.count - position)
                bytes.insert(contentsOf: Array(bytes[position..<(position + length)]), at: position)
            default:  // replace a digit with another number
                if let digit = bytes.indices.dropFirst(position).first(where: { (48...57).contains(bytes[$0]) }) {
                    let number = ["0", "-0", "1e400", "0.0000001", "3600001", "100000000"].randomElement(
                        using: &generator
                    )!
                    bytes.replaceSubrange(digit...digit, with: Array(number.utf8))
                }
            }
        }
        return bytes
    }
}
