/// Collects ``CodeInteraction``s of any value type into a ``CodeWorkload``.
///
/// A ``CodeWorkload``'s trailing closure is one: list the interactions one after another, with `for`, or `if` without
/// `else`, where some depend on a value.
@resultBuilder
public enum InteractionsBuilder {
    /// One interaction, its value type erased.
    public static func buildExpression<Value>(_ interaction: CodeInteraction<Value>) -> [ErasedInteraction] {
        [interaction.erased]
    }

    /// The interactions listed one after another, in order.
    public static func buildBlock(_ parts: [ErasedInteraction]...) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    /// The interactions of every pass of a `for` loop.
    public static func buildArray(_ parts: [[ErasedInteraction]]) -> [ErasedInteraction] {
        parts.flatMap { $0 }
    }

    /// The interactions of an `if` without an `else`, or none.
    public static func buildOptional(_ part: [ErasedInteraction]?) -> [ErasedInteraction] {
        part ?? []
    }
}
