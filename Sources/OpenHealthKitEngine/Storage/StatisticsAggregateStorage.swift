/// Statistics aggregates a storage may keep for quantity types of every aggregation style, so that statistics over
/// years read a row per bucket instead of every sample (docs/ARCHITECTURE.md "Statistics
/// aggregates"). Optional: a storage that keeps none answers `false` and the engine computes from the samples.
///
/// What a storage that keeps them promises:
/// - Buckets come in two lengths (``AggregateGranularity``): quarter hours and hours in UTC, bucket `n` of length
///   `L` covering `[n × L, (n + 1) × L)` seconds since 1970; for each length a bucket row exists for every bucket
///   some sample of the type overlaps (a sample without duration: the bucket holding its date), and only for those.
///   Both lengths are kept for the same types and in the same transactions.
/// - Each row holds what ``StatisticsAggregation/rows(type:sources:ranks:buckets:values:)`` computes from the
///   samples (series quantities counted one by one, as ``Storage/forEachValue(_:sources:_:)`` reads them) of every
///   source, merged by the ranking it reports (a merged row) and of each source alone.
/// - Rows are brought up to date in the transaction of every write that adds or deletes samples (saves, deletes,
///   imports, the sync rule) and of every change of a source priority setting
///   (``SourcePriority/settingKey(for:)``), so that a read never sees them out of step with the samples. A storage
///   may instead build a type's rows whole on their first read, before answering it, and maintain them from then on
///   (PostgreSQL: docs/ARCHITECTURE.md "Statistics aggregates").
package protocol StatisticsAggregateStorage {
    /// In one snapshot: calls `sources` with every source that stored samples of the type (in the order each stored
    /// its first one, as ``Storage/forEachValue(_:sources:_:)`` lists them) and the bundle identifiers in the
    /// ranking the merged rows were computed with (rank 0 first); then `body` with the merged rows of the buckets in
    /// `query.buckets`, in bucket order, then, when `query.bySource`, each source's rows, by source then bucket.
    /// Returns false, having called neither, when it keeps no aggregates for the type.
    func forEachStatisticsAggregate(
        _ query: AggregateQuery, sources: ([SourceRow], _ ranking: [String]) throws -> Void,
        _ body: (AggregateRow) throws -> Void
    ) throws -> Bool
}

extension StatisticsAggregateStorage {
    /// A storage without aggregates: the engine computes every statistics from the samples.
    package func forEachStatisticsAggregate(
        _ query: AggregateQuery, sources: ([SourceRow], _ ranking: [String]) throws -> Void,
        _ body: (AggregateRow) throws -> Void
    ) throws -> Bool { false }
}

/// The length of the buckets aggregates are kept in. Every time zone's offset is a multiple of 15 minutes, so its
/// hours, days, weeks, months and years start on a quarter-hour edge; zones with whole-hour offsets (most) start
/// them on an hour edge too, where a read of hours reads a quarter of the rows.
package enum AggregateGranularity: Sendable, Equatable, CaseIterable {
    case quarterHour
    case hour

    /// The length of a bucket in seconds.
    package var length: Double {
        switch self {
        case .quarterHour: return 900
        case .hour: return 3600
        }
    }

    /// How many quarter hours a bucket holds.
    package var quarterHours: Int64 {
        switch self {
        case .quarterHour: return 1
        case .hour: return 4
        }
    }
}

/// Which aggregate rows a statistics read needs.
package struct AggregateQuery: Sendable, Equatable {
    package var typeIdentifier: String
    /// The first bucket and the bucket after the last (nil: unbounded), in buckets of `granularity`.
    package var firstBucket: Int64?
    package var endBucket: Int64?
    /// Whether each source's rows are read as well as the merged ones.
    package var bySource: Bool
    /// The length of the buckets read.
    package var granularity: AggregateGranularity

    package init(
        typeIdentifier: String, firstBucket: Int64?, endBucket: Int64?, bySource: Bool,
        granularity: AggregateGranularity = .quarterHour
    ) {
        self.typeIdentifier = typeIdentifier
        self.firstBucket = firstBucket
        self.endBucket = endBucket
        self.bySource = bySource
        self.granularity = granularity
    }
}

/// The statistics of one bucket (a quarter hour or an hour): every source merged, or one source.
package struct AggregateRow: Sendable, Equatable {
    package var bucket: Int64
    /// The source (an index into the read's source list), nil for the merged row.
    package var source: Int?
    /// The samples overlapping the bucket, and those of them that overlap another bucket too.
    package var members: Int
    package var spanning: Int
    /// The sum of a cumulative type (merged: by priority); the plain sum of the members' values.
    package var sum: Double
    package var valueSum: Double
    package var minimum: Double
    package var maximum: Double
    /// The member that ends last (ties: the later start, then the later stored): its dates and value.
    package var latestStart: Double
    package var latestEnd: Double
    package var latestValue: Double
    /// The members' earliest start and latest end.
    package var earliestStart: Double
    package var latestMemberEnd: Double
    /// Time-weighted types: Σ weight × quantity and Σ weight over the bucket, every hold cut at the bucket's end.
    package var weightedSum: Double
    package var weight: Double
    /// The earliest start of a member that starts in the bucket (infinity: every member started before it).
    package var firstStart: Double
    /// Time-weighted types: the readings whose hold the bucket's end cut short.
    package var tail: HeldTail?

    package init(
        bucket: Int64, source: Int?, members: Int, spanning: Int, sum: Double, valueSum: Double, minimum: Double,
        maximum: Double, latestStart: Double, latestEnd: Double, latestValue: Double, earliestStart: Double,
        latestMemberEnd: Double, weightedSum: Double = 0, weight: Double = 0, firstStart: Double = .infinity,
        tail: HeldTail? = nil
    ) {
        self.bucket = bucket
        self.source = source
        self.members = members
        self.spanning = spanning
        self.sum = sum
        self.valueSum = valueSum
        self.minimum = minimum
        self.maximum = maximum
        self.latestStart = latestStart
        self.latestEnd = latestEnd
        self.latestValue = latestValue
        self.earliestStart = earliestStart
        self.latestMemberEnd = latestMemberEnd
        self.weightedSum = weightedSum
        self.weight = weight
        self.firstStart = firstStart
        self.tail = tail
    }
}
