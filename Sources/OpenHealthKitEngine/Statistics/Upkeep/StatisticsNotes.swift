/// What a writing transaction did that the statistics aggregates follow, noted by a storage's writers of samples and
/// read by ``StatisticsUpkeep/maintain(_:)`` before the transaction commits: the quarter hours of the samples it
/// inserted or deleted, by type id, the types to check whole, and the values it inserted of each type that it did
/// nothing else to (``InsertedValues``).
package struct StatisticsNotes: Sendable {
    /// The quarter hours (whole hours) to compute again, by type id; a type with an empty list has its ranking
    /// checked only (a priority setting changed).
    package private(set) var spans: [Int64: [ClosedRange<Int64>]] = [:]
    /// Types to compute whole if they keep aggregates: a noted sample could not be bucketed.
    package private(set) var whole: Set<Int64> = []
    /// Types to build whole even if they have none yet (a read found them unbuilt).
    package private(set) var build: Set<Int64> = []
    /// The values inserted of each type whose every noted sample was inserted here with a plain value.
    private var inserted: [Int64: InsertedValues] = [:]
    /// Types whose inserted values do not tell all this transaction did to them: a sample was deleted, or one was
    /// inserted with a series (whose values are the series').
    private var mixed: Set<Int64> = []

    package init() {}

    package var isEmpty: Bool { spans.isEmpty && whole.isEmpty && build.isEmpty }
    package var types: Set<Int64> { Set(spans.keys).union(whole).union(build) }

    /// `row` was inserted as a sample of the type `type` from the source `sourceID` (row ids).
    package mutating func noteInserted(_ row: SampleRow, type: Int64, sourceID: Int64) {
        noteSpan(type: type, start: row.startDate, end: row.endDate)
        guard !mixed.contains(type) else { return }
        // A series' values are its quantities, not the sample's.
        if case .quantitySeries = row.detail {
            noteMixed(type)
            return
        }
        // A sample without a value gives no statistics: a read of the values passes over it too.
        guard let value = row.value else { return }
        inserted[type, default: InsertedValues()].append(
            start: row.startDate, end: row.endDate, value: value, sourceID: sourceID)
    }

    /// A sample of type `type` from `start` to `end` was deleted.
    package mutating func noteDeleted(type: Int64, start: Double, end: Double) {
        noteSpan(type: type, start: start, end: end)
        noteMixed(type)
    }

    /// The values this transaction inserted of `type`, in start order, when they are all it did to the type's
    /// samples: nil when it also deleted some, inserted a series, or inserted none with a value.
    package mutating func insertedValues(of type: Int64) -> InsertedValues? {
        guard !mixed.contains(type), inserted[type] != nil else { return nil }
        inserted[type]!.sort()
        return inserted[type]
    }

    /// The type's source priority setting changed.
    package mutating func noteRanking(type: Int64) {
        if spans[type] == nil { spans[type] = [] }
    }

    /// The type's aggregates are to be built whole, whether or not it has any yet.
    package mutating func noteBuild(type: Int64) {
        build.insert(type)
    }

    private mutating func noteSpan(type: Int64, start: Double, end: Double) {
        guard let hours = StatisticsAggregation.touchedHours(start: start, end: end) else {
            whole.insert(type)
            return
        }
        // Samples come mostly in date order: a span joining the last one extends it instead of adding one.
        if let last = spans[type]?.last, hours.lowerBound >= last.lowerBound, hours.lowerBound <= last.upperBound + 1 {
            spans[type]![spans[type]!.count - 1] = last.lowerBound...max(last.upperBound, hours.upperBound)
        } else {
            spans[type, default: []].append(hours)
        }
    }

    private mutating func noteMixed(_ type: Int64) {
        mixed.insert(type)
        inserted[type] = nil
    }
}
