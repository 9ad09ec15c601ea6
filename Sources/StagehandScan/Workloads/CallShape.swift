import SwiftSyntax

/// What a call says of the function it calls, without types: its base name, its argument labels, and the type it
/// names when it names one. `FeedPage.decode(data)` is `decode` with labels `_` on `FeedPage`; `RGBAImage(ppm: data)`
/// is `init` with `ppm` on `RGBAImage`; `image.thumbnail(side: 128)` is `thumbnail` with `side`, on a type unknown.
struct CallShape: Hashable, Sendable {
    /// How sure the named type is.
    enum TypeHint: Hashable, Sendable {
        /// `Type(…)`, `Type.init(…)`, `Type.member(…)`: only that type's declarations match.
        case exact(String)
        /// `Type.shared.member(…)` (a singleton of that type, by convention) or `member(…)` inside a type (a method of
        /// `self`): that type's declaration when it has one, else any.
        case likely(String)
    }

    var name: String
    /// Each argument's label, `_` when unlabeled; `nil` for a trailing closure, which fills any closure parameter.
    var labels: [String?]
    var type: TypeHint?

    /// The call's shape; `nil` when what it calls is not named (a closure called in place, `array[0]()`).
    /// - Parameter enclosingType: the type whose code the call is in, for an implicit `self`.
    init?(_ call: FunctionCallExprSyntax, enclosingType: String?) {
        labels =
            call.arguments.map { $0.label?.text ?? "_" }
            + (call.trailingClosure == nil ? [] : [nil])
            + call.additionalTrailingClosures.map { $0.label.text }
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name.first?.isUppercase == true {
                self.name = "init"
                type = .exact(name)
            } else {
                self.name = name
                type = enclosingType.map { .likely($0) }
            }
        } else if let generic = callee.as(GenericSpecializationExprSyntax.self),
            let reference = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            name = "init"
            type = .exact(reference.baseName.text)
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            guard let base = member.base else {
                type = nil  // `.init(…)` or `.make(…)`: the contextual type, unknown here
                return
            }
            if let typeName = Self.typeName(base) {
                type = .exact(typeName)
            } else if let singleton = base.as(MemberAccessExprSyntax.self), let owner = singleton.base,
                let typeName = Self.typeName(owner)
            {
                type = .likely(typeName)  // `FeedViewModel.shared.show(page)`
            } else if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                type = enclosingType.map { .likely($0) }
            } else {
                type = nil
            }
        } else {
            return nil
        }
    }

    /// The type an expression names, when it is one written as such: `FeedPage`, `ExampleApp.FeedPage`.
    private static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true && name != "Self" ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, typeName(base) != nil {
            let name = member.declName.baseName.text
            return name.first?.isUppercase == true ? name : nil
        }
        return nil
    }

    /// Whether the labels can call a function with `parameters`: in order, each argument takes the next parameter
    /// with its label, skipping only parameters that have a default value; unlabeled arguments after a variadic
    /// parameter's first go to it too.
    func fits(_ parameters: [FunctionIndex.Parameter]) -> Bool {
        var next = parameters[...]
        var inVariadic = false
        for label in labels {
            if inVariadic && label == "_" { continue }
            while let parameter = next.first, label != nil, parameter.label != label {
                guard parameter.hasDefault else { return false }
                next = next.dropFirst()
            }
            guard let taken = next.popFirst() else { return false }
            inVariadic = taken.isVariadic
        }
        return next.allSatisfy(\.hasDefault)
    }
}
