import OpenHealthKitModel

/// The rows of an hour that held rows before a transaction that only inserted samples of its type, extended by the
/// inserted values and the few stored samples they meet, instead of computed again from every sample of the hour (a
/// busy hour holds thousands; a save adds a few).
///
/// A bucket row holds parts that add up (members, sums of values, minimum, maximum, the latest member, the first
/// start): the inserted values' own rows give those. The other parts depend on neighbours: a cumulative type's merged
/// sum, where overlapping sources count by priority (``PriorityMerge``), and a time-weighted type's weights, where a
/// reading holds until the next start (``SampleStream``). They change only near the inserted values, so their change
/// is computed from a window of stored samples, with and without the inserted values, and added to the stored row:
/// - a cumulative type: the stored samples overlapping the quarter hours the inserted ones overlap;
/// - a time-weighted type, every source merged and each inserted source: the samples from the stream's last start
///   before the first inserted start to its first start after the last one, within the hour and
///   ``SampleStream/maximumHold`` of them (a reading farther away holds past no inserted start, and no hold crosses
///   a bucket's end); of these, only the readings next to an inserted start and the last of a bucket whose tail the
///   window tells (``Window/neighbours(of:among:hour:)``). A bucket's held tail is the window's when the window
///   reaches the bucket's end, else the stored one (the bucket's last reading is a stored one the inserted values do
///   not follow).
///
/// Sums so computed equal a rebuild's within rounding (the randomized suites compare them).
struct OccupiedHourExtension<Statements: StatisticsUpkeepStatements> {
    let statements: Statements
    let computation: StatisticsUpkeep<Statements>.Computation
    /// The index in the computation's sources of each source id.
    let indexByID: [Int64: Int]

    /// The rows of both lengths of `hour` (an hour bucket holding a merged row) after the transaction inserted
    /// `inserted` (every inserted value overlapping the hour, in start order), to store in place of the stored ones;
    /// nil when a stored sample's source is not in the computation's list (the caller computes the hour from the
    /// store).
    func rows(of hour: Int64, inserted: [ValueRow]) async throws -> [(AggregateGranularity, AggregateRow)]? {
        let hourLength = AggregateGranularity.hour.length
        let hourSpan = Double(hour) * hourLength..<Double(hour + 1) * hourLength
        let insertedSources = Set(inserted.map { computation.sources[$0.source].id }).sorted()
        guard let window = try await storedWindow(hourSpan, inserted: inserted, sources: insertedSources) else {
            return nil
        }
        var without = Self.removing(inserted, from: window.values)
        if !window.reaches.isEmpty { without = window.neighbours(of: inserted, among: without, hour: hour) }
        let with = Self.merging(without, inserted)
        let streams = [Int64(0)] + insertedSources
        var result: [(AggregateGranularity, AggregateRow)] = []
        for granularity in AggregateGranularity.allCases {
            let perHour = AggregateGranularity.hour.quarterHours / granularity.quarterHours
            let buckets = hour * perHour...(hour + 1) * perHour - 1
            var stored: [StreamBucket: AggregateRow] = [:]
            for (sourceID, row) in try await statements.storedRows(
                of: computation.typeID, granularity, in: buckets, sourceIDs: streams)
            {
                stored[StreamBucket(source: sourceID == 0 ? nil : indexByID[sourceID], bucket: row.bucket)] = row
            }
            let before = try rowsByStream(without, buckets, granularity)
            let after = try rowsByStream(with, buckets, granularity)
            for added in try rowsByStream(inserted, buckets, granularity).values {
                let key = StreamBucket(source: added.source, bucket: added.bucket)
                let bucketEnd = Double(added.bucket + 1) * granularity.length
                var row =
                    stored[key].map { stored in
                        var row = stored
                        row.source = added.source
                        return row
                    } ?? AggregateRow.empty(bucket: added.bucket, source: added.source)
                row.extend(
                    by: added, from: before[key], to: after[key],
                    tailFromWindow: window.tellsTail(of: added.source, bucketEnd: bucketEnd))
                result.append((granularity, row))
            }
        }
        return result
    }

    /// The stored samples the inserted values (of the sources `sources`, by id) meet (see the type's documentation),
    /// the inserted ones among them, and how far each stream's window reaches.
    private func storedWindow(_ hour: Range<Double>, inserted: [ValueRow], sources: [Int64]) async throws -> Window? {
        var window = Window()
        switch computation.type.aggregationStyle {
        case .discreteArithmetic:
            return window
        case .cumulative:
            let lastEnd = inserted.map { StatisticsAggregation.undeterminedEnd > $0.end ? $0.end : $0.start }.max()!
            let quarters =
                StatisticsAggregation.bucket(
                    containing: max(inserted[0].start, hour.lowerBound))..<min(
                    StatisticsAggregation.bucket(containing: lastEnd) + 1,
                    StatisticsAggregation.bucket(containing: hour.upperBound))
            try await statements.forEachValue(
                of: computation.type.identifier, overlapping: quarters, sources: computation.sources
            ) { window.values.append($0) }
            return window
        case .discreteTemporallyWeighted, .discreteEquivalentContinuousLevel:
            let starts = inserted.map(\.start).filter(hour.contains)
            // Values that only run on into the hour start no hold in it: their weights add up.
            guard let first = starts.first, let last = starts.last else { return window }
            let bounds =
                max(
                    hour.lowerBound, first - SampleStream.maximumHold)...min(
                    hour.upperBound, last + SampleStream.maximumHold)
            window.firstStart = first
            let merged = try await reach(nil, first, last, bounds)
            window.reaches[nil] = merged
            guard try await read(merged.starts, sourceID: nil, into: &window.values) else { return nil }
            for sourceID in sources {
                let own = try await reach(sourceID, first, last, bounds)
                window.reaches[indexByID[sourceID]] = own
                // The stream's own window holds the merged one: read what lies beyond it.
                if own.starts.lowerBound < merged.starts.lowerBound {
                    guard
                        try await read(
                            own.starts.lowerBound...merged.starts.lowerBound.nextDown, sourceID: sourceID,
                            into: &window.values)
                    else { return nil }
                }
                if own.starts.upperBound > merged.starts.upperBound {
                    guard
                        try await read(
                            merged.starts.upperBound.nextUp...own.starts.upperBound, sourceID: sourceID,
                            into: &window.values)
                    else { return nil }
                }
            }
            window.values.sort { $0.start < $1.start }
            return window
        }
    }

    /// A time-weighted stream's window: from its last start before `first` to its first start after `last`, within
    /// `bounds`, and how far it tells the stream's starts.
    private func reach(_ sourceID: Int64?, _ first: Double, _ last: Double, _ bounds: ClosedRange<Double>) async throws
        -> Reach
    {
        let (previous, next) = try await statements.neighbouringStarts(
            of: computation.typeID, sourceID: sourceID, before: first, after: last, within: bounds)
        return Reach(starts: (previous ?? first)...(next ?? last), determinedUntil: next ?? bounds.upperBound)
    }

    /// Appends the stored values starting in `starts` to `values`; false when one's source is not in the list.
    private func read(_ starts: ClosedRange<Double>, sourceID: Int64?, into values: inout [ValueRow]) async throws
        -> Bool
    {
        var known = true
        try await statements.forEachValue(of: computation.typeID, startingIn: starts, sourceID: sourceID) { value, id in
            guard let index = indexByID[id] else {
                known = false
                return
            }
            var value = value
            value.source = index
            values.append(value)
        }
        return known
    }

    /// The window's values without the inserted ones (a value equal to an inserted one in every field is one of
    /// them as often as it was inserted).
    private static func removing(_ inserted: [ValueRow], from window: [ValueRow]) -> [ValueRow] {
        var pending: [ValueRow: Int] = [:]
        for value in inserted { pending[value, default: 0] += 1 }
        return window.filter { value in
            guard let count = pending[value], count > 0 else { return true }
            pending[value] = count - 1
            return false
        }
    }

    /// Stored and inserted values in one start order; among equal starts the inserted come last, as their ids do.
    private static func merging(_ stored: [ValueRow], _ inserted: [ValueRow]) -> [ValueRow] {
        var merged: [ValueRow] = []
        merged.reserveCapacity(stored.count + inserted.count)
        var index = 0
        for value in inserted {
            while index < stored.count && stored[index].start <= value.start {
                merged.append(stored[index])
                index += 1
            }
            merged.append(value)
        }
        return merged + stored[index...]
    }

    /// The rows `values` give for `buckets`, by stream and bucket.
    private func rowsByStream(
        _ values: [ValueRow], _ buckets: ClosedRange<Int64>, _ granularity: AggregateGranularity
    ) throws -> [StreamBucket: AggregateRow] {
        guard !values.isEmpty else { return [:] }
        let rows = try StatisticsAggregation.rows(
            type: computation.type, sources: computation.sources.map(\.row), ranks: computation.ranks,
            buckets: buckets.lowerBound..<buckets.upperBound + 1, granularity: granularity, values: values)
        return Dictionary(uniqueKeysWithValues: rows.map { (StreamBucket(source: $0.source, bucket: $0.bucket), $0) })
    }

    /// A row's stream (nil: every source merged) and bucket.
    private struct StreamBucket: Hashable {
        let source: Int?
        let bucket: Int64
    }

    /// How far a time-weighted stream's window tells its starts: it holds every start of the stream in `starts`,
    /// and the stream has none after the last inserted one until `determinedUntil`.
    private struct Reach {
        let starts: ClosedRange<Double>
        let determinedUntil: Double
    }

    /// The stored samples read around the inserted values, and for a time-weighted type the first inserted start in
    /// the hour and each stream's reach.
    private struct Window {
        var values: [ValueRow] = []
        var firstStart = Double.infinity
        var reaches: [Int?: Reach] = [:]

        /// Whether the window holds the last reading of the stream's bucket ending at `bucketEnd` and what follows it,
        /// when the inserted values may change it: the bucket ends after the first inserted start, and before the
        /// stream's next stored start. Otherwise the stored tail stays (a stream without a window: a type without
        /// tails, or inserted values that start no hold in the hour).
        func tellsTail(of stream: Int?, bucketEnd: Double) -> Bool {
            guard let reach = reaches[stream] else { return false }
            return bucketEnd > firstStart && bucketEnd <= reach.determinedUntil
        }

        /// Of `stored` (the window's stored values, in start order), those whose holds the inserted values can change
        /// or whose tails the window tells: in each stream, the readings that start last before, at, and first after
        /// each inserted start, and in each bucket of `hour` whose tail the window tells, its last reading if no
        /// inserted start follows it there. Each kept reading's next kept start is then the same with the inserted
        /// values and without them, except next to an inserted start, where both are the true ones: the two
        /// computations' difference is exact, and the tails the window tells are the last readings' own.
        func neighbours(of inserted: [ValueRow], among stored: [ValueRow], hour: Int64) -> [ValueRow] {
            var kept = [Bool](repeating: false, count: stored.count)
            for stream in reaches.keys {
                let own = stored.indices.filter { stream == nil || stored[$0].source == stream }
                let starts = inserted.filter { stream == nil || $0.source == stream }.map(\.start)
                /// Keeps the readings of the stream sharing the start of `own[position]`, if any.
                func keepGroup(at position: Int) {
                    guard own.indices.contains(position) else { return }
                    let start = stored[own[position]].start
                    var first = position
                    while first > 0 && stored[own[first - 1]].start == start { first -= 1 }
                    var index = first
                    while index < own.count && stored[own[index]].start == start {
                        kept[own[index]] = true
                        index += 1
                    }
                }
                for start in starts {
                    let atOrAfter = Self.firstPosition(in: own, of: stored) { $0 >= start }
                    let after = Self.firstPosition(in: own, of: stored) { $0 > start }
                    keepGroup(at: atOrAfter - 1)
                    keepGroup(at: atOrAfter)
                    keepGroup(at: after)
                }
                for granularity in AggregateGranularity.allCases {
                    let perHour = AggregateGranularity.hour.quarterHours / granularity.quarterHours
                    for bucket in hour * perHour..<(hour + 1) * perHour {
                        let bucketStart = Double(bucket) * granularity.length
                        let bucketEnd = bucketStart + granularity.length
                        guard tellsTail(of: stream, bucketEnd: bucketEnd) else { continue }
                        let from = starts.last { $0 >= bucketStart && $0 < bucketEnd } ?? bucketStart
                        let end = Self.firstPosition(in: own, of: stored) { $0 >= bucketEnd }
                        if end > 0 && stored[own[end - 1]].start >= from { keepGroup(at: end - 1) }
                    }
                }
            }
            return stored.indices.filter { kept[$0] }.map { stored[$0] }
        }

        /// The first position in `own` (indices of `stored`, in start order) whose value's start satisfies
        /// `isPast` (false, then true along the order); `own.count` when none does.
        private static func firstPosition(in own: [Int], of stored: [ValueRow], where isPast: (Double) -> Bool) -> Int {
            var low = 0, high = own.count
            while low < high {
                let middle = (low + high) / 2
                if isPast(stored[own[middle]].start) { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }
}

extension AggregateRow {
    /// The row of a bucket and stream that holds no sample yet.
    static func empty(bucket: Int64, source: Int?) -> AggregateRow {
        AggregateRow(
            bucket: bucket, source: source, members: 0, spanning: 0, sum: 0, valueSum: 0, minimum: .infinity,
            maximum: -.infinity, latestStart: -.infinity, latestEnd: -.infinity, latestValue: 0,
            earliestStart: .infinity, latestMemberEnd: -.infinity)
    }

    /// Adds samples to the row: `added` is the row they give alone (the parts that add up), `before` and `after` the
    /// rows a window of stored samples gives without and with them (the change of the sums that depend on
    /// neighbours); with `tailFromWindow` the held tail is `after`'s.
    mutating func extend(
        by added: AggregateRow, from before: AggregateRow?, to after: AggregateRow?, tailFromWindow: Bool
    ) {
        // The added samples' ids follow the stored ones', as a rebuild's scan meets them on a tie.
        addMembers(of: added)
        spanning += added.spanning
        firstStart = min(firstStart, added.firstStart)
        sum += (after?.sum ?? 0) - (before?.sum ?? 0)
        weightedSum += (after?.weightedSum ?? 0) - (before?.weightedSum ?? 0)
        weight += (after?.weight ?? 0) - (before?.weight ?? 0)
        if tailFromWindow { tail = after?.tail }
    }
}
