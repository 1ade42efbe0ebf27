/// The values of one type that a writing transaction inserted (see ``StatisticsNotes``), kept in memory so that the
/// aggregates of hours no earlier sample overlaps are computed from them instead of read back from the table the
/// transaction just wrote: a bucket's rows depend only on the samples overlapping it.
package struct InsertedValues: Sendable {
    package struct Value: Sendable {
        package let start: Double
        package let end: Double
        package let value: Double
        package let sourceID: Int64
    }

    /// In insertion order (the order of their ids) until ``sort()``.
    package private(set) var values: [Value] = []
    private var isSorted = true
    /// The longest duration among them, a sample of undetermined duration counting as an instant (as the
    /// statistics count it): a value overlapping a time starts at most this long before it.
    private var longest = 0.0

    package init() {}

    package mutating func append(start: Double, end: Double, value: Double, sourceID: Int64) {
        if let last = values.last, start < last.start { isSorted = false }
        if end < StatisticsAggregation.undeterminedEnd { longest = max(longest, end - start) }
        values.append(Value(start: start, end: end, value: value, sourceID: sourceID))
    }

    /// Puts the values in the order a read of the table gives them: by start, then by id (insertion order).
    package mutating func sort() {
        guard !isSorted else { return }
        values = values.indices.sorted { (values[$0].start, $0) < (values[$1].start, $1) }.map { values[$0] }
        isSorted = true
    }

    /// After ``sort()``: the values that may overlap `start..<end`, in order (every one that does, and some that end
    /// before `start`, which a computation of the buckets passes over).
    package func mayOverlap(start: Double, end: Double) -> ArraySlice<Value> {
        values[firstIndex(startingAtOrAfter: start - longest)..<firstIndex(startingAtOrAfter: end)]
    }

    /// The first index whose value starts at or after `time` (binary search).
    private func firstIndex(startingAtOrAfter time: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].start < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
