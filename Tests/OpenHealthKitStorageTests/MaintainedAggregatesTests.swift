import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting

/// Writes that only insert samples keep the aggregates exact wherever they land: in hours no earlier sample overlaps
/// (PostgreSQL computes those from the values the write kept in memory), in hours earlier samples hold (computed from
/// the table), and across the edge between the two. After such saves every row of both lengths, merged and by
/// source, equals the row the same samples give when a store builds its aggregates whole. On every storage.
@Suite struct MaintainedAggregatesTests {
    static let types = [
        StatisticsAggregatesTests.steps, StatisticsAggregatesTests.bodyMass, TimeWeightedAggregatesTests.heartRate,
        TimeWeightedAggregatesTests.sound,
    ]
    static let week = 7 * 86_400.0

    @Test(arguments: TestStorage.allCases, [1, 2, 3] as [UInt64])
    func rowsMaintainedThroughSavesIntoNewAndUsedHoursEqualRowsBuiltWhole(
        _ backend: TestStorage, _ seed: UInt64
    ) async throws {
        var random = SeededRandom(seed: seed)
        try await Self.expectRowsEqualRowsBuiltWhole(backend, saving: Self.batches(&random))
    }

    /// Apps saving a few readings or intervals at a time, each on its own clock, into hours the others fill already
    /// (as `ohk-bench load` does), sometimes two apps in one transaction, sometimes back-filling before their clock,
    /// repeating a stored reading, or saving one of undetermined duration or one spanning hours: each save extends the
    /// rows of those hours from what it inserted and the stored samples around it, and they end equal to rows built
    /// whole. Seed 6 writes before 1970, where buckets are negative.
    @Test(arguments: TestStorage.allCases, [4, 5, 6] as [UInt64])
    func rowsExtendedByInterleavedSavesOfSeveralAppsEqualRowsBuiltWhole(
        _ backend: TestStorage, _ seed: UInt64
    ) async throws {
        var random = SeededRandom(seed: seed)
        let start = seed == 6 ? -3 * 365 * 86_400.0 : StatisticsAggregatesTests.start
        try await Self.expectRowsEqualRowsBuiltWhole(backend, saving: Self.interleavedSaves(&random, from: start))
    }

    /// A sample saved with the dates of a stored series quantity comes before it in a rebuild's read (samples first on
    /// a tie), so the quantity stays its hour's latest member: a store holding series computes the hour from the
    /// store.
    @Test(arguments: TestStorage.allCases)
    func aSampleTiedWithAStoredSeriesQuantityLeavesItTheLatestMember(_ backend: TestStorage) async throws {
        let start = StatisticsAggregatesTests.start + 36_000
        var series = StatisticsAggregatesTests.stepsRow(start, start + 60, 80)
        series.detail = .quantitySeries(
            QuantitySeriesRow(
                count: 1, minimum: 80, maximum: 80, mostRecent: 80, mostRecentStart: start, mostRecentEnd: start + 60,
                values: [QuantitySeriesValueRow(start: start, end: start + 60, value: 80)]))
        try await Self.expectRowsEqualRowsBuiltWhole(
            backend, saving: [[series], [StatisticsAggregatesTests.stepsRow(start, start + 60, 50)]])
    }

    /// The saves of ``rowsExtendedByInterleavedSavesOfSeveralAppsEqualRowsBuiltWhole(_:_:)``, from `start`.
    static func interleavedSaves(_ random: inout SeededRandom, from start: Double) -> [[SampleRow]] {
        let sources = StatisticsAggregatesTests.sources
        var clocks = sources.map { _ in (start + random.unit() * 1200).rounded() }
        let gaps: [Double] = [0, 1, 5, 30, 299, 600, 601]
        var saved: [SampleRow] = []
        var batches: [[SampleRow]] = []
        for _ in 0..<100 {
            var batch: [SampleRow] = []
            for _ in 0...random.below(2) {
                let index = random.below(sources.count)
                let type = types[random.below(types.count)]
                for _ in 0...random.below(4) {
                    var row: SampleRow
                    let date: Double
                    switch random.below(10) {
                    case 0 where !saved.isEmpty:
                        // A stored reading again, as a sample of its own.
                        row = saved[random.below(saved.count)]
                        row.uuid = UUID()
                        batch.append(row)
                        continue
                    case 1: date = clocks[index] - Double(random.below(1500))
                    default:
                        clocks[index] += gaps[random.below(gaps.count)]
                        date = clocks[index]
                    }
                    let duration = [0, 0, 0, Double(random.below(900)), Double(random.below(7200))][random.below(5)]
                    row = TimeWeightedAggregatesTests.reading(
                        type, date, Double(40 + random.below(120)), sources[index], duration: duration)
                    if random.below(20) == 0 { row.endDate = StatisticsAggregation.undeterminedEnd }
                    batch.append(row)
                }
            }
            saved += batch
            batches.append(batch)
        }
        return batches
    }

    /// Saves `batches` one by one into a store that built its aggregates from a first sample of each type and source a
    /// week earlier (so that no save brings a new source, which would compute the type whole), and expects every row
    /// to equal the row of a store given the same samples at once.
    static func expectRowsEqualRowsBuiltWhole(_ backend: TestStorage, saving batches: [[SampleRow]]) async throws {
        let first = types.flatMap { type in
            StatisticsAggregatesTests.sources.map { source in
                TimeWeightedAggregatesTests.reading(type, StatisticsAggregatesTests.start - week, 1, source)
            }
        }
        let maintained = try await backend.make()
        _ = try await maintained.insert(first)
        for type in types { _ = try StatisticsAggregatesTests.rows(maintained, type, .hour) }
        for batch in batches { _ = try await maintained.insert(batch) }
        let built = try await backend.make()
        _ = try await built.insert(first + batches.joined())
        for type in types {
            for granularity in AggregateGranularity.allCases {
                let expected = try StatisticsAggregatesTests.rows(built, type, granularity)
                let rows = try StatisticsAggregatesTests.rows(maintained, type, granularity)
                #expect(rows.count == expected.count, "\(type.identifier), \(granularity)")
                let difference = zip(rows, expected).first { !$0.equalsWithinRounding($1) }
                #expect(difference == nil, "\(type.identifier), \(granularity): \(String(describing: difference))")
            }
        }
    }

    /// The saves: a week of samples in no particular order into new hours; late samples in the same week (mostly
    /// used hours); the next week, with samples starting in the first week's last hours; 30 readings sharing their
    /// date across sources in new hours; a reading of undetermined duration; a heart-rate series (its values, not its
    /// sample's mean, count) in new hours; and a sample replacing one of the same sync identifier in new hours.
    static func batches(_ random: inout SeededRandom) -> [[SampleRow]] {
        func week(_ count: Int, _ runs: Int) -> [SampleRow] {
            var rows = (0..<count).map { _ in StatisticsAggregatesTests.randomRow(&random) }
            for _ in 0..<runs { rows += TimeWeightedAggregatesTests.run(&random) }
            return rows.shuffled(using: &random)
        }
        let firstWeek = week(300, 20)
        let late = week(60, 5)
        let lastEnd = firstWeek.map(\.endDate).max()!
        var nextWeek = week(300, 20).map { row in
            var row = row
            row.startDate += Self.week
            row.endDate += Self.week
            return row
        }
        // From used hours across the edge into new ones.
        for type in Self.types {
            nextWeek.append(
                TimeWeightedAggregatesTests.reading(
                    type, lastEnd - 600, 42, StatisticsAggregatesTests.sources[1], duration: 3 * 3600))
        }
        let tiesStart = StatisticsAggregatesTests.start + 3 * Self.week
        let ties = Self.types.flatMap { type in
            (0..<30).map { index in
                TimeWeightedAggregatesTests.reading(
                    type, tiesStart, Double(60 + index), StatisticsAggregatesTests.sources[index % 3])
            }
        }
        var undetermined = TimeWeightedAggregatesTests.reading(
            StatisticsAggregatesTests.bodyMass, tiesStart + 86_400, 70, StatisticsAggregatesTests.sources[2])
        undetermined.endDate = StatisticsAggregation.undeterminedEnd
        let series = Self.heartRateSeries(start: tiesStart + 2 * 86_400)
        var synced = StatisticsAggregatesTests.stepsRow(tiesStart + 3 * 86_400, tiesStart + 3 * 86_400 + 900, 500)
        synced.syncIdentifier = "walk"
        synced.syncVersion = 1
        var replacement = synced
        replacement.uuid = UUID()
        replacement.syncVersion = 2
        replacement.value = 700
        return [firstWeek, late, nextWeek, ties, [undetermined], [series], [synced], [replacement]]
    }

    /// A heart-rate series of 240 readings 30 s apart from `start`, whose sample row holds their mean.
    static func heartRateSeries(start: Double) -> SampleRow {
        let values = (0..<240).map { index in
            QuantitySeriesValueRow(
                start: start + Double(index) * 30, end: start + Double(index) * 30, value: Double(60 + index % 50))
        }
        let last = values[values.count - 1]
        var row = TimeWeightedAggregatesTests.reading(
            TimeWeightedAggregatesTests.heartRate, start, 0, StatisticsAggregatesTests.sources[0],
            duration: last.end - start)
        row.detail = .quantitySeries(
            QuantitySeriesRow(
                count: values.count, minimum: 60, maximum: 109, mostRecent: last.value, mostRecentStart: last.start,
                mostRecentEnd: last.end, values: values))
        row.value = values.map(\.value).reduce(0, +) / Double(values.count)
        return row
    }
}
