import Foundation

extension ScanResult {
    /// `--json`: `{"findings": [{"rule", "file", "line", "column", "isolation", "isolationReason", "symbol",
    /// "message"}], "skipped": [...], "files", "lines", "seconds"}`, keys sorted.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
