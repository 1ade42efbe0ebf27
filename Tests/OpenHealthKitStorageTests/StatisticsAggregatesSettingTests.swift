import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting

/// `OPENHEALTHKIT_STATISTICS_AGGREGATES=off`, the baseline of `ohk-bench load`: a store that keeps no aggregates
/// serves none, and what it writes never leaves stale rows for a process on the same database that keeps them.
@Suite struct StatisticsAggregatesSettingTests {
    static let steps = StatisticsAggregatesTests.steps
    static let start = StatisticsAggregatesTests.start

    static func hourOfSteps(_ hour: Double, _ value: Double) -> SampleRow {
        StatisticsAggregatesTests.stepsRow(start + hour * 3600, start + hour * 3600 + 600, value)
    }

    @Test(arguments: TestStorage.allCases)
    func writesOfAStoreKeepingNoAggregatesLeaveNoStaleRowsToOneThatKeepsThem(_ backend: TestStorage) async throws {
        let (keeping, notKeeping) = try await backend.pair(secondKeepsAggregates: false)
        let batches = [
            [Self.hourOfSteps(0, 100)], [Self.hourOfSteps(0.5, 40), Self.hourOfSteps(3, 7)], [Self.hourOfSteps(1, 9)],
        ]
        _ = try await keeping.insert(batches[0])
        #expect(try StatisticsAggregatesTests.rows(keeping, Self.steps, .hour).count == 2)
        // The same hour, written where no aggregates are kept: the rows that counted 100 steps must not be read.
        _ = try await notKeeping.insert(batches[1])
        let query = AggregateQuery(
            typeIdentifier: Self.steps.identifier, firstBucket: nil, endBucket: nil, bySource: true, granularity: .hour)
        #expect(try notKeeping.forEachStatisticsAggregate(query, sources: { _, _ in }, { _ in }) == false)
        _ = try await keeping.insert(batches[2])
        let built = try await backend.make()
        _ = try await built.insert(batches.flatMap { $0 })
        for granularity in AggregateGranularity.allCases {
            let expected = try StatisticsAggregatesTests.rows(built, Self.steps, granularity)
            let rows = try StatisticsAggregatesTests.rows(keeping, Self.steps, granularity)
            #expect(rows.count == expected.count)
            #expect(zip(rows, expected).allSatisfy { $0.equalsWithinRounding($1) })
        }
    }

    /// A priority change and a deletion where no aggregates are kept: the merged rows the other store computed with
    /// the old order and the deleted sample must not be read either.
    @Test(arguments: TestStorage.allCases)
    func aPriorityChangeAndADeletionWhereNoneAreKeptLeaveNoStaleRows(_ backend: TestStorage) async throws {
        let (keeping, notKeeping) = try await backend.pair(secondKeepsAggregates: false)
        let (app, watch) = (StatisticsAggregatesTests.sources[0], StatisticsAggregatesTests.sources[1])
        let overlapping = [
            TimeWeightedAggregatesTests.reading(Self.steps, Self.start, 100, app, duration: 1800),
            TimeWeightedAggregatesTests.reading(Self.steps, Self.start + 600, 60, watch, duration: 1800),
        ]
        let gone = TimeWeightedAggregatesTests.reading(Self.steps, Self.start + 7200, 30, app, duration: 600)
        _ = try await keeping.insert(overlapping + [gone])
        #expect(try StatisticsAggregatesTests.rows(keeping, Self.steps, .hour).isEmpty == false)
        let priority = [
            SourcePriority.settingKey(for: Self.steps.identifier): app.bundleIdentifier + "\n" + watch.bundleIdentifier
        ]
        try await notKeeping.setSettings(priority)
        _ = try await notKeeping.delete(uuids: [gone.uuid])
        let later = Self.hourOfSteps(5, 9)
        _ = try await keeping.insert([later])
        let built = try await backend.make()
        try await built.setSettings(priority)
        _ = try await built.insert(overlapping + [later])
        for granularity in AggregateGranularity.allCases {
            let expected = try StatisticsAggregatesTests.rows(built, Self.steps, granularity)
            let rows = try StatisticsAggregatesTests.rows(keeping, Self.steps, granularity)
            #expect(rows.count == expected.count)
            #expect(zip(rows, expected).allSatisfy { $0.equalsWithinRounding($1) })
        }
    }

    @Test func theSettingIsOnUnlessTheEnvironmentSaysOffAndRefusesAnythingElse() throws {
        let key = StatisticsAggregatesSetting.environmentKey
        #expect(try StatisticsAggregatesSetting.keepsAggregates(in: [:]))
        #expect(try StatisticsAggregatesSetting.keepsAggregates(in: [key: "on"]))
        #expect(try StatisticsAggregatesSetting.keepsAggregates(in: [key: "off"]) == false)
        #expect(throws: StatisticsAggregatesSettingError(value: "no")) {
            try StatisticsAggregatesSetting.keepsAggregates(in: [key: "no"])
        }
    }
}
