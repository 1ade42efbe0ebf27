/// The statements a storage that keeps statistics aggregates executes for ``StatisticsUpkeep``: reads and writes of its
/// own tables, each deciding nothing HealthKit defines. Type ids are the storage's row ids of `object_type`; quarter
/// hours and hours are ``StatisticsAggregation`` bucket numbers.
package protocol StatisticsUpkeepStatements {
    /// Whether a type with samples and no ranking row is built by the write that notes it. SQLite builds every type as
    /// it is written (its migrations built the existing ones); PostgreSQL builds a type on its first read (decision
    /// 0037), so a write passes an unbuilt type over unless ``StatisticsNotes/noteBuild(type:)`` asks for it.
    var buildsUnbuiltTypesOnWrite: Bool { get }

    /// The ranking state of each of `types` that exists (in any order): its identifier, its stored ranking and the
    /// user's source priority setting for it (``SourcePriority/settingKey(for:)``).
    func rankingStates(of types: [Int64]) async throws -> [StatisticsRankingState]

    /// The sources that stored samples of the type, in the order of their first stored sample, with their row ids.
    func sourcesByFirstSample(of typeIdentifier: String) async throws -> [(id: Int64, row: SourceRow)]

    /// What one pass over the type's samples finds (``SampleExtent``); nil when it has none.
    func extent(of typeID: Int64) async throws -> SampleExtent?

    /// Deletes every aggregate row of the type, of both lengths, and stores `ranking` as its ranking.
    func replaceRanking(of typeID: Int64, with ranking: StatisticsRanking) async throws

    /// The hours in `ranges` (quarter hours, whole hours) holding a merged row (`source_id` 0) of the type: every hour
    /// an earlier sample overlaps has one.
    func occupiedHours(of typeID: Int64, in ranges: [ClosedRange<Int64>]) async throws -> Set<Int64>

    /// Calls `body` with the value of every sample (and series quantity) of the type overlapping `quarters`, in start
    /// order, each value's source its index in `sources`.
    func forEachValue(
        of typeIdentifier: String, overlapping quarters: Range<Int64>, sources: [(id: Int64, row: SourceRow)],
        _ body: (ValueRow) throws -> Void
    ) async throws

    /// The first start of a sample of the type at or after `time`; nil when none starts then.
    func firstStart(of typeID: Int64, atOrAfter time: Double) async throws -> Double?

    /// Deletes the type's rows of both lengths in `ranges` (quarter hours, whole hours).
    func deleteRows(of typeID: Int64, in ranges: [ClosedRange<Int64>]) async throws

    /// Inserts rows of the type, each of its length; a row's source is an index in `sourceIDs` (nil: the merged row,
    /// stored as source 0). With `replacing`, a row replaces the stored row of its bucket and source, if any.
    func insertRows(
        _ rows: [(AggregateGranularity, AggregateRow)], of typeID: Int64, sourceIDs: [Int64], replacing: Bool
    ) async throws

    /// The stored rows of the type of length `granularity` in `buckets`, of the sources `sourceIDs` (0: the merged
    /// rows), each with its source id; a row's own ``AggregateRow/source`` is not set.
    func storedRows(
        of typeID: Int64, _ granularity: AggregateGranularity, in buckets: ClosedRange<Int64>, sourceIDs: [Int64]
    ) async throws -> [(sourceID: Int64, row: AggregateRow)]

    /// Whether the store (PostgreSQL: the user) holds any quantity series. A series' values start inside its sample,
    /// where ``neighbouringStarts(of:sourceID:before:after:within:)`` and
    /// ``forEachValue(of:startingIn:sourceID:_:)`` do not look.
    func holdsSeries() async throws -> Bool

    /// Among the samples with a value of the type (of the source `sourceID` only, when given) starting within
    /// `bounds`: the last start before `before` and the first start after `after`, nil where there is none.
    func neighbouringStarts(
        of typeID: Int64, sourceID: Int64?, before: Double, after: Double, within bounds: ClosedRange<Double>
    ) async throws -> (previous: Double?, next: Double?)

    /// Calls `body` with every sample with a value of the type (of the source `sourceID` only, when given) starting
    /// in `starts`, in start order, with its source's row id; a value's own ``ValueRow/source`` is not set. Quantity
    /// series are not read (see ``holdsSeries()``).
    func forEachValue(
        of typeID: Int64, startingIn starts: ClosedRange<Double>, sourceID: Int64?,
        _ body: (ValueRow, _ sourceID: Int64) throws -> Void
    ) async throws
}

/// What a type's aggregates were last computed with, as a storage keeps it.
package enum StatisticsRanking: Equatable, Sendable {
    /// None: the type has no samples, or (PostgreSQL) has not been built yet.
    case unbuilt
    /// The type keeps no aggregates: a sample's dates cannot be bucketed or it lasts too long. (SQLite keeps no row,
    /// which reads as ``unbuilt``: it builds such a type again on its next write, and finds it so again.)
    case keepsNone
    /// The source ranking the merged rows were computed with (``StatisticsAggregation/rankingKey(_:preferred:)``).
    case ranked(String)
}

/// A noted type as the storage keeps it.
package struct StatisticsRankingState: Sendable {
    package let typeID: Int64
    package let identifier: String
    package let ranking: StatisticsRanking
    /// The text of the type's source priority setting, if the user set one.
    package let prioritySetting: String?

    package init(typeID: Int64, identifier: String, ranking: StatisticsRanking, prioritySetting: String?) {
        self.typeID = typeID
        self.identifier = identifier
        self.ranking = ranking
        self.prioritySetting = prioritySetting
    }
}

/// What one pass over a type's samples finds, for ``StatisticsAggregation/span(firstStart:lastEndOrInstant:lastEnd:durationsFit:)``.
package struct SampleExtent: Sendable {
    package let firstStart: Double
    /// The last end, a sample of undetermined duration counting by its start.
    package let lastEndOrInstant: Double
    package let lastEnd: Double
    /// Whether every sample has dates and every determined duration is at most
    /// ``StatisticsAggregation/longestBucketedDuration``.
    package let durationsFit: Bool

    package init(firstStart: Double, lastEndOrInstant: Double, lastEnd: Double, durationsFit: Bool) {
        self.firstStart = firstStart
        self.lastEndOrInstant = lastEndOrInstant
        self.lastEnd = lastEnd
        self.durationsFit = durationsFit
    }
}
