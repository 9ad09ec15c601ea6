import SwiftSyntax

/// A call that blocks its thread until something outside the process answers: the list `blocking-call-on-main`
/// checks, kept as data. To add an API, add a line to ``all``.
struct BlockingCall: Sendable {
    /// How a call to the API is written.
    enum Shape: Sendable {
        /// `Type(firstLabel: …)`, or `Type.init(firstLabel: …)`.
        case initializer(type: String, firstLabel: String)
        /// `Type.name(firstLabel: …)`: a static method (`nil` label: no arguments or an unlabeled first one).
        case staticMethod(type: String, name: String, firstLabel: String?)
        /// `anything.name(firstLabel: …)`: a method distinctive enough by name and label alone.
        case method(name: String, firstLabels: Set<String?>)
        /// `name(…)`: a free function, with one unlabeled argument.
        case function(name: String)
    }

    let shape: Shape
    /// How the finding names the API: `Data(contentsOf:)`.
    let name: String
    /// What the thread waits for.
    let waitsFor: String

    /// Every blocking API the rule knows.
    static let all: [BlockingCall] = [
        .init(
            shape: .initializer(type: "Data", firstLabel: "contentsOf"),
            name: "Data(contentsOf:)",
            waitsFor: "the whole file or URL is read"
        ),
        .init(
            shape: .initializer(type: "String", firstLabel: "contentsOf"),
            name: "String(contentsOf:)",
            waitsFor: "the whole file or URL is read"
        ),
        .init(
            shape: .initializer(type: "String", firstLabel: "contentsOfFile"),
            name: "String(contentsOfFile:)",
            waitsFor: "the whole file is read"
        ),
        .init(
            shape: .initializer(type: "NSData", firstLabel: "contentsOf"),
            name: "NSData(contentsOf:)",
            waitsFor: "the whole file or URL is read"
        ),
        .init(
            shape: .initializer(type: "NSData", firstLabel: "contentsOfFile"),
            name: "NSData(contentsOfFile:)",
            waitsFor: "the whole file is read"
        ),
        .init(
            shape: .initializer(type: "UIImage", firstLabel: "contentsOfFile"),
            name: "UIImage(contentsOfFile:)",
            waitsFor: "the file is read and decoded"
        ),
        .init(
            shape: .initializer(type: "NSImage", firstLabel: "contentsOf"),
            name: "NSImage(contentsOf:)",
            waitsFor: "the file or URL is read and decoded"
        ),
        .init(
            shape: .initializer(type: "NSImage", firstLabel: "contentsOfFile"),
            name: "NSImage(contentsOfFile:)",
            waitsFor: "the file is read and decoded"
        ),
        .init(
            shape: .method(name: "contents", firstLabels: ["atPath"]),
            name: "FileManager.contents(atPath:)",
            waitsFor: "the whole file is read"
        ),
        .init(
            shape: .method(name: "contentsOfDirectory", firstLabels: ["atPath", "at"]),
            name: "FileManager.contentsOfDirectory",
            waitsFor: "the directory is listed"
        ),
        .init(
            shape: .method(name: "subpathsOfDirectory", firstLabels: ["atPath"]),
            name: "FileManager.subpathsOfDirectory(atPath:)",
            waitsFor: "the whole tree is listed"
        ),
        .init(
            shape: .method(name: "subpaths", firstLabels: ["atPath"]),
            name: "FileManager.subpaths(atPath:)",
            waitsFor: "the whole tree is listed"
        ),
        .init(
            shape: .method(name: "readDataToEndOfFile", firstLabels: [nil]),
            name: "FileHandle.readDataToEndOfFile()",
            waitsFor: "the file or pipe reaches its end"
        ),
        .init(
            shape: .method(name: "readToEnd", firstLabels: [nil]),
            name: "FileHandle.readToEnd()",
            waitsFor: "the file or pipe reaches its end"
        ),
        .init(
            shape: .staticMethod(type: "Thread", name: "sleep", firstLabel: "forTimeInterval"),
            name: "Thread.sleep(forTimeInterval:)",
            waitsFor: "the time has passed"
        ),
        .init(
            shape: .staticMethod(type: "Thread", name: "sleep", firstLabel: "until"),
            name: "Thread.sleep(until:)",
            waitsFor: "the time has passed"
        ),
        .init(shape: .function(name: "sleep"), name: "sleep(_:)", waitsFor: "the time has passed"),
        .init(shape: .function(name: "usleep"), name: "usleep(_:)", waitsFor: "the time has passed"),
        .init(
            shape: .method(name: "wait", firstLabels: [nil, "timeout", "wallTimeout"]),
            name: "wait()",
            waitsFor: "another thread signals it (a semaphore or a group)"
        ),
        .init(
            shape: .method(name: "waitUntilExit", firstLabels: [nil]),
            name: "Process.waitUntilExit()",
            waitsFor: "the child process exits"
        ),
    ]

    /// The blocking API `call` calls, if any. A call written with `await` is an async API's and never matches.
    static func matching(_ call: FunctionCallExprSyntax) -> BlockingCall? {
        let arguments = call.arguments
        let firstLabel = arguments.first?.label?.text
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return all.first { entry in
                switch entry.shape {
                case .initializer(let type, let label): type == name && label == firstLabel
                case .function(let function):
                    function == name && arguments.count == 1 && firstLabel == nil && call.trailingClosure == nil
                default: false
                }
            }
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        let base = member.base?.trimmedDescription
        return all.first { entry in
            switch entry.shape {
            case .initializer(let type, let label): name == "init" && base == type && label == firstLabel
            case .staticMethod(let type, let method, let label):
                base == type && method == name && label == firstLabel
            case .method(let method, let labels):
                method == name && base != nil && labels.contains(firstLabel)
                    && (firstLabel != nil || arguments.isEmpty)
            case .function: false
            }
        }
    }
}
