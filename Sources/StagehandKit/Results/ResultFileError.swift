/// A saved result that cannot be read back.
public struct ResultFileError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}
