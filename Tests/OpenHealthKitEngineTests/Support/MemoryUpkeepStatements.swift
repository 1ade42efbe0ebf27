import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The statements of ``StatisticsUpkeep`` over samples and rows held in memory: a unit-test seam that lets the upkeep's
/// rules run over thousands of random stores in seconds. The storages' own statements are tested on real databases
/// (`MaintainedAggregatesTests`, both storages). Samples of one type, id 1; source ids from 1.
final class MemoryUpkeepStatements: StatisticsUpkeepStatements {
    struct Sample {
        let id: Int64
        let start: Double
        let end: Double
        let value: Double
        let sourceID: Int64
    }

    struct RowKey: Hashable {
        let sourceID: Int64
        let bucket: Int64
    }

    static let typeID: Int64 = 1

    let type: HKQuantityType
    let sources: [SourceRow]
    private(set) var samples: [Sample] = []
    private(set) var rows: [AggregateGranularity: [RowKey: AggregateRow]] = [.quarterHour: [:], .hour: [:]]
    private var ranking = StatisticsRanking.unbuilt

    init(type: HKQuantityType, sources: [SourceRow]) {
        self.type = type
        self.sources = sources
    }

    /// Inserts the samples, as a writing transaction does, and brings the aggregates in step before it ends.
    func insert(_ values: [(start: Double, end: Double, value: Double, source: Int)]) async throws {
        var notes = StatisticsNotes()
        for value in values {
            let sample = Sample(
                id: Int64(samples.count + 1), start: value.start, end: value.end, value: value.value,
                sourceID: Int64(value.source + 1))
            samples.append(sample)
            let row = SampleRow(
                uuid: UUID(), typeIdentifier: type.identifier, startDate: sample.start, endDate: sample.end,
                value: sample.value, source: sources[value.source], revision: RevisionRow(version: "1"))
            notes.noteInserted(row, type: Self.typeID, sourceID: sample.sourceID)
        }
        try await StatisticsUpkeep(self).maintain(&notes)
    }

    private var ordered: [Sample] { samples.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }

    // MARK: Statements

    var buildsUnbuiltTypesOnWrite: Bool { true }

    func rankingStates(of types: [Int64]) throws -> [StatisticsRankingState] {
        types.contains(Self.typeID)
            ? [
                StatisticsRankingState(
                    typeID: Self.typeID, identifier: type.identifier, ranking: ranking, prioritySetting: nil)
            ]
            : []
    }

    func sourcesByFirstSample(of typeIdentifier: String) throws -> [(id: Int64, row: SourceRow)] {
        var firsts: [Int64: Int64] = [:]
        for sample in samples where firsts[sample.sourceID] == nil { firsts[sample.sourceID] = sample.id }
        return firsts.sorted { $0.value < $1.value }.map { (id: $0.key, row: sources[Int($0.key - 1)]) }
    }

    func extent(of typeID: Int64) throws -> SampleExtent? {
        guard !samples.isEmpty else { return nil }
        let undetermined = StatisticsAggregation.undeterminedEnd
        return SampleExtent(
            firstStart: samples.map(\.start).min()!,
            lastEndOrInstant: samples.map { $0.end < undetermined ? $0.end : $0.start }.max()!,
            lastEnd: samples.map(\.end).max()!,
            durationsFit: samples.allSatisfy {
                $0.end >= undetermined || $0.end - $0.start <= StatisticsAggregation.longestBucketedDuration
            })
    }

    func replaceRanking(of typeID: Int64, with ranking: StatisticsRanking) throws {
        rows = [.quarterHour: [:], .hour: [:]]
        self.ranking = ranking
    }

    func occupiedHours(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws -> Set<Int64> {
        Set(
            rows[.hour]!.keys.filter { key in key.sourceID == 0 && ranges.contains { $0.contains(key.bucket * 4) } }
                .map(\.bucket))
    }

    /// Every sample that may overlap the quarter hours (a superset, as the computation passes over the others).
    func forEachValue(
        of typeIdentifier: String, overlapping quarters: Range<Int64>, sources: [(id: Int64, row: SourceRow)],
        _ body: (ValueRow) throws -> Void
    ) throws {
        let start = Double(quarters.lowerBound) * 900, end = Double(quarters.upperBound) * 900
        let index = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($0.element.id, $0.offset) })
        for sample in ordered where sample.start < end && max(sample.start, sample.end) >= start {
            try body(
                ValueRow(start: sample.start, end: sample.end, value: sample.value, source: index[sample.sourceID]!))
        }
    }

    func firstStart(of typeID: Int64, atOrAfter time: Double) throws -> Double? {
        samples.map(\.start).filter { $0 >= time }.min()
    }

    func deleteRows(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws {
        for granularity in AggregateGranularity.allCases {
            rows[granularity] = rows[granularity]!.filter { key, _ in
                !ranges.contains { $0.contains(key.bucket * granularity.quarterHours) }
            }
        }
    }

    func insertRows(
        _ rows: [(AggregateGranularity, AggregateRow)], of typeID: Int64, sourceIDs: [Int64], replacing: Bool
    ) throws {
        for (granularity, row) in rows {
            let key = RowKey(sourceID: row.source.map { sourceIDs[$0] } ?? 0, bucket: row.bucket)
            precondition(replacing || self.rows[granularity]![key] == nil, "a row inserted twice: \(key)")
            var stored = row
            stored.source = nil
            self.rows[granularity]![key] = stored
        }
    }

    func storedRows(
        of typeID: Int64, _ granularity: AggregateGranularity, in buckets: ClosedRange<Int64>, sourceIDs: [Int64]
    ) throws -> [(sourceID: Int64, row: AggregateRow)] {
        rows[granularity]!.filter { buckets.contains($0.key.bucket) && sourceIDs.contains($0.key.sourceID) }
            .map { (sourceID: $0.key.sourceID, row: $0.value) }
    }

    func holdsSeries() throws -> Bool { false }

    func neighbouringStarts(
        of typeID: Int64, sourceID: Int64?, before: Double, after: Double, within bounds: ClosedRange<Double>
    ) throws -> (previous: Double?, next: Double?) {
        let starts = samples.filter { sourceID == nil || $0.sourceID == sourceID }.map(\.start).filter(bounds.contains)
        return (starts.filter { $0 < before }.max(), starts.filter { $0 > after }.min())
    }

    func forEachValue(
        of typeID: Int64, startingIn starts: ClosedRange<Double>, sourceID: Int64?,
        _ body: (ValueRow, _ sourceID: Int64) throws -> Void
    ) throws {
        for sample in ordered where starts.contains(sample.start) && (sourceID == nil || sample.sourceID == sourceID) {
            try body(ValueRow(start: sample.start, end: sample.end, value: sample.value, source: 0), sample.sourceID)
        }
    }
}
