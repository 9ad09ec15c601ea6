import Testing

extension CLITests {
    /// `list`: the built-in workloads.
    @Suite struct ListCommandTests {
        @Test func listNamesEveryBuiltIn() async throws {
            let run = try await StagehandProcess.run("list")
            #expect(run.status == 0)
            for name in ["counter", "news-feed", "image-pipeline", "network-manager", "color-extraction"] {
                #expect(run.stdout.contains(name))
            }
        }
    }
}
