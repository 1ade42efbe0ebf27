import OpenHealthKitEngine

/// What a writing transaction did that the statistics aggregates follow (``AnchoredWrite/statisticsNotes``): the
/// quarter hours of the samples it inserted or deleted, by type, the types to check whole, and the values it inserted
/// of each type that it did nothing else to (``InsertedValues``).
struct StatisticsNotes {
    /// The quarter hours (whole hours) to compute again, by type id; a type with an empty list has its ranking
    /// checked only (a priority setting changed).
    private(set) var spans: [Int32: [ClosedRange<Int64>]] = [:]
    /// Types to compute whole if they keep aggregates: a noted sample could not be bucketed.
    private(set) var whole: Set<Int32> = []
    /// Types to build whole even if they have none yet (a read found them unbuilt).
    private(set) var build: Set<Int32> = []
    /// The values inserted of each type whose every noted sample was inserted here with a plain value.
    private var inserted: [Int32: InsertedValues] = [:]
    /// Types whose inserted values do not tell all this transaction did to them: a sample was deleted, or one was
    /// inserted with a series (whose values are the series').
    private var mixed: Set<Int32> = []

    var isEmpty: Bool { spans.isEmpty && whole.isEmpty && build.isEmpty }
    var types: Set<Int32> { Set(spans.keys).union(whole).union(build) }

    /// A sample of type `type` from `start` to `end` with `value` (nil for none) from source `sourceID` was inserted;
    /// `hasSeries` when its values are a series of their own.
    mutating func noteInserted(
        type: Int32, start: Double, end: Double, value: Double?, sourceID: Int64, hasSeries: Bool
    ) {
        noteSpan(type: type, start: start, end: end)
        guard !mixed.contains(type) else { return }
        guard !hasSeries else {
            noteMixed(type)
            return
        }
        // A sample without a value gives no statistics: a read of the values passes over it too.
        guard let value else { return }
        inserted[type, default: InsertedValues()].append(start: start, end: end, value: value, sourceID: sourceID)
    }

    /// A sample of type `type` from `start` to `end` was deleted.
    mutating func noteDeleted(type: Int32, start: Double, end: Double) {
        noteSpan(type: type, start: start, end: end)
        noteMixed(type)
    }

    /// The values this transaction inserted of `type`, in start order, when they are all it did to the type's
    /// samples: nil when it also deleted some, inserted a series, or inserted none with a value.
    mutating func insertedValues(of type: Int32) -> InsertedValues? {
        guard !mixed.contains(type), inserted[type] != nil else { return nil }
        inserted[type]!.sort()
        return inserted[type]
    }

    /// The type's source priority setting changed.
    mutating func noteRanking(type: Int32) {
        if spans[type] == nil { spans[type] = [] }
    }

    /// The type's aggregates are to be built whole, whether or not it has any yet.
    mutating func noteBuild(type: Int32) {
        build.insert(type)
    }

    private mutating func noteSpan(type: Int32, start: Double, end: Double) {
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

    private mutating func noteMixed(_ type: Int32) {
        mixed.insert(type)
        inserted[type] = nil
    }
}
