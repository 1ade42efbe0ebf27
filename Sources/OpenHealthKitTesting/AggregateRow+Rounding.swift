package import OpenHealthKitEngine

extension AggregateRow {
    /// Whether two rows of statistics aggregates are equal, their sums within rounding (1e-9 relative): a row
    /// maintained through writes adds its sums in another order than a row built whole (the window a computation
    /// starts at, a stored sum plus a difference).
    package func equalsWithinRounding(_ other: AggregateRow) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1) }
        var rounded = other
        (rounded.sum, rounded.valueSum, rounded.weightedSum, rounded.weight) = (sum, valueSum, weightedSum, weight)
        return self == rounded && close(sum, other.sum) && close(valueSum, other.valueSum)
            && close(weightedSum, other.weightedSum) && close(weight, other.weight)
    }
}
