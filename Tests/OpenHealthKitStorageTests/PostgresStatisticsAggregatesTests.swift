import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting
import Testing

/// What only the PostgreSQL storage's statistics aggregates do (their figures against the samples' on every storage:
/// StatisticsAggregatesTests, TimeWeightedAggregatesTests; one user's rows hidden from another: UserCrossingTests):
/// an older database upgrades to `v13` and builds a type's aggregates on first use, and writers of one user on two
/// connections keep them in step.
@Suite struct PostgresStatisticsAggregatesTests {
    static let owner = StatisticsAggregatesTests.owner

    /// Daily statistics in UTC over the randomized week, merged and by source, of both types: what the aggregates
    /// always answer (an arithmetic average they cannot where a member spans two buckets).
    static func requests() throws -> [StatisticsRequest] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let midnight = Date(timeIntervalSince1970: StatisticsAggregatesTests.start)
        let days = try StatisticsIntervals(anchor: midnight, components: DateComponents(day: 1), calendar: calendar)
        let sets: [(HKQuantityType, HKStatisticsOptions)] = [
            (StatisticsAggregatesTests.steps, [.cumulativeSum]),
            (StatisticsAggregatesTests.steps, [.cumulativeSum, .separateBySource]),
            (StatisticsAggregatesTests.bodyMass, [.discreteMin, .discreteMax, .separateBySource]),
        ]
        return sets.map { type, options in StatisticsRequest(type: type, options: options, intervals: days) }
    }

    @Test func aDatabaseAtV10WithSamplesUpgradesToV13AndAnswersTheSameStatisticsFromItsAggregates() async throws {
        let address = try await TestStorage.newDatabase()
        var random = SeededRandom(seed: 21)
        let rows = (0..<300).map { _ in StatisticsAggregatesTests.randomRow(&random) }
        let requests = try Self.requests()
        var before: [StatisticsResult] = []
        do {
            let older = try PostgresStorage(
                address: address, connections: 1, connectNow: true, migrateUpTo: "v10: users")
            _ = try older.insert(rows)
            _ = try older.delete(uuids: rows.prefix(30).map(\.uuid))
            let engine = HealthEngine(storage: older)
            for request in requests { before.append(try await engine.statistics(request, as: Self.owner)) }
        }
        let server = try await PostgreSQLServer.shared()
        let upgraded = try PostgresStorage(address: address)
        #expect(
            try await server.sql(
                "SELECT count(*) FROM schema_migration WHERE name = 'v13: statistics aggregates'",
                database: address.database
            ).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        // Nothing built by the migration: the first read builds each type.
        #expect(
            try await server.sql("SELECT count(*) FROM statistics_bucket", database: address.database)
                .trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let engine = HealthEngine(storage: upgraded)
        for (request, old) in zip(requests, before) {
            await StatisticsAggregatesTests.expectSame(
                try engine.statistics(request, as: Self.owner, path: .aggregates), old)
        }
        // Then kept in step by writes.
        _ = try upgraded.delete(uuids: rows.suffix(40).map(\.uuid))
        _ = try upgraded.insert((0..<40).map { _ in StatisticsAggregatesTests.randomRow(&random) })
        for request in requests {
            await StatisticsAggregatesTests.expectSame(
                try engine.statistics(request, as: Self.owner, path: .aggregates),
                try engine.statistics(request, as: Self.owner, path: .samples))
        }
    }

    @Test func theUpgradeToV17ForgetsAggregatesComputedInTheOldDefaultOrder() async throws {
        let address = try await TestStorage.newDatabase()
        let server = try await PostgreSQLServer.shared()
        let steps = StatisticsAggregatesTests.steps
        let app = SourceRow(bundleIdentifier: "com.example.pedometer", name: "Pedometer")
        let watch = SourceRow(bundleIdentifier: "com.apple.health.0C5E6A2B", name: "Ann's Apple Watch")
        let hour = StatisticsAggregatesTests.start
        let request = try Self.requests()[0]
        do {
            let older = try PostgresStorage(
                address: address, connections: 1, connectNow: true,
                migrateUpTo: "v16: users bound by the database, append-only audit log")
            _ = try older.insert([
                SampleRow(
                    uuid: UUID(), typeIdentifier: steps.identifier, startDate: hour, endDate: hour + 3600,
                    value: 1000, source: app, revision: RevisionRow()),
                SampleRow(
                    uuid: UUID(), typeIdentifier: steps.identifier, startDate: hour + 1800, endDate: hour + 5400,
                    value: 600, source: watch, revision: RevisionRow()),
            ])
            // Built in the old default order (first stored counts first), then the setting that gave it gone, as
            // the rows an older OpenHealthKit kept.
            let engine = HealthEngine(storage: older)
            try await engine.setSourcePriority([app.bundleIdentifier, watch.bundleIdentifier], for: steps)
            await #expect(
                try engine.statistics(request, as: Self.owner, path: .aggregates).buckets.map(\.merged.sum) == [1300])
            _ = try await server.sql(
                "DELETE FROM setting WHERE key = '\(SourcePriority.settingKey(for: steps.identifier))'",
                database: address.database)
        }
        let engine = HealthEngine(storage: try PostgresStorage(address: address))
        // The watch in full, the app for the half hour before it: 600 + 500.
        await #expect(
            try engine.statistics(request, as: Self.owner, path: .aggregates).buckets.map(\.merged.sum) == [1100])
        await #expect(
            try engine.statistics(request, as: Self.owner, path: .samples).buckets.map(\.merged.sum) == [1100])
    }

    @Test func writersOfOneUserOnTwoConnectionsKeepTheAggregatesInStep() async throws {
        let (first, second) = try await TestStorage.postgreSQL.pair()
        var random = SeededRandom(seed: 22)
        _ = try await first.insert((0..<100).map { _ in StatisticsAggregatesTests.randomRow(&random) })
        #expect(try StatisticsAggregatesTests.hasAggregates(first))
        let batches = (0..<8).map { _ in (0..<25).map { _ in StatisticsAggregatesTests.randomRow(&random) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, batch) in batches.enumerated() {
                let storage = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        DispatchQueue(label: "writer \(index)").async {
                            continuation.resume(
                                with: Result { _ = try InlineExecution.complete { try await storage.insert(batch) } })
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let engine = HealthEngine(storage: second)
        for request in try Self.requests() {
            await StatisticsAggregatesTests.expectSame(
                try engine.statistics(request, as: Self.owner, path: .aggregates),
                try engine.statistics(request, as: Self.owner, path: .samples))
        }
    }
}
