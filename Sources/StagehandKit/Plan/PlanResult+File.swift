import Foundation

extension PlanResult {
    package init(
        command: String,
        startedAt: String,
        wallSeconds: Double,
        package: String,
        target: String,
        path: String,
        suite: String?,
        leftAlone: [String],
        candidates: [Candidate]
    ) {
        self.command = command
        self.startedAt = startedAt
        self.wallSeconds = wallSeconds
        self.package = package
        self.target = target
        self.path = path
        self.suite = suite
        self.leftAlone = leftAlone
        self.candidates = candidates
    }

    /// Writes `plan.json` and `plan.md` into `directory`, and returns where.
    package func write(to directory: URL) throws -> (markdown: URL, json: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = directory.appending(path: Self.fileName)
        let markdown = directory.appending(path: Self.markdownFileName)
        try encoder.encode(self).write(to: json, options: .atomic)
        try Data(PlanReport(plan: self).render().utf8).write(to: markdown, options: .atomic)
        return (markdown, json)
    }
}
