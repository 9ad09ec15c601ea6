/// Where something was declared in the user's Swift source, for errors that point at it.
struct DeclarationSite: Sendable, Equatable {
    var fileID: String
    var line: Int
}
