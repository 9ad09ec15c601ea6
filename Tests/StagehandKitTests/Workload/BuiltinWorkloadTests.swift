import Testing

@testable import StagehandKit

@Suite struct BuiltinWorkloadTests {
    @Test func theFiveBuiltInsShipAndDecode() throws {
        let names = BuiltinWorkloads.names
        for name in ["counter", "news-feed", "image-pipeline", "network-manager", "color-extraction"] {
            #expect(names.contains(name))
        }
        for workload in try BuiltinWorkloads.all() {
            #expect(!workload.description.isEmpty, "\(workload.name) needs a description")
            #expect(BuiltinWorkloads.names.contains(workload.name), "file name and spec name must agree")
        }
    }

    @Test func anUnknownNameThatIsNoPathSaysWhatExists() throws {
        let error = try #require(throws: SpecError.self) { try BuiltinWorkloads.resolve("image-pipelin") }
        #expect(error.description.contains("no built-in workload by that name"))
        #expect(error.description.contains("image-pipeline"))
    }
}
