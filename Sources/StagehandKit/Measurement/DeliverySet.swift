/// A set of delivery numbers (0, 1, 2, … in the order interactions reached their handlers), one bit each.
struct DeliverySet: Sendable {
    private var words: [UInt64] = []

    /// Makes room for delivery numbers below `count`, so inserting them allocates nothing.
    mutating func reserve(_ count: Int) {
        let needed = (max(count, 0) + 63) / 64
        if words.count < needed { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
    }

    mutating func insert(_ id: Int) {
        precondition(id >= 0, "delivery numbers start at 0")
        if id / 64 >= words.count { reserve(max(id + 1, words.count * 64 * 2)) }
        words[id / 64] |= 1 << UInt64(id % 64)
    }

    func contains(_ id: Int) -> Bool {
        id >= 0 && id / 64 < words.count && words[id / 64] & (1 << UInt64(id % 64)) != 0
    }

    /// Adds every member of `other`.
    mutating func formUnion(_ other: DeliverySet) {
        reserve(other.words.count * 64)
        for index in other.words.indices { words[index] |= other.words[index] }
    }
}
