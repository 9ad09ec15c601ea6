/// Collects ``CodeInteraction``s of any value type into a ``CodeWorkload``.
@resultBuilder
public enum InteractionsBuilder {
    public static func buildExpression<Value>(_ interaction: CodeInteraction<Value>) -> [ErasedInteraction] {
        [interaction.erased]
    }

    public static func buildBlock(_ parts: [ErasedInteraction]...) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    public static func buildArray(_ parts: [[ErasedInteraction]]) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [ErasedInteraction]?) -> [ErasedInteraction] {
        part ?? []
    }
}
