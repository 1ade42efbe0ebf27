import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// v5 (workouts) was registered after v6, v7 and v8 had shipped: a PostgreSQL database written by a release without
/// it gains it when opened, whatever came after it (as `WorkoutUpgradeTests` holds for SQLite).
@Suite struct PostgresWorkoutUpgradeTests {
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"

    /// A database with every migration but v5: v5's tables and columns removed and its name forgotten, as in a
    /// release that had v6, v7 and v8 and not v5. It holds one workout with an energy statistic in kilojoules.
    static func databaseWithoutWorkoutMigration() async throws -> (PostgreSQLAddress, UUID) {
        let address = try await TestStorage.newDatabase()
        let workout = UUID()
        do {
            let storage = try PostgresStorage(address: address)
            _ = try storage.insert([
                SampleRow(
                    uuid: workout, typeIdentifier: "HKWorkoutTypeIdentifier", startDate: 1_700_000_000,
                    endDate: 1_700_003_600, value: nil,
                    source: SourceRow(bundleIdentifier: "com.example.run", name: "Run"),
                    revision: RevisionRow(version: "1"),
                    workout: WorkoutRow(
                        activityType: 37,
                        statistics: [
                            WorkoutStatisticsRow(
                                workoutUUID: workout, activityUUID: nil, typeIdentifier: energy, startDate: nil,
                                endDate: nil, average: nil, minimum: nil, maximum: nil, sum: 2_000, unit: "kJ")
                        ]))
            ])
        }
        let server = try await PostgreSQLServer.shared()
        try await server.sql(
            """
            DROP TABLE workout_effort_change;
            DROP TABLE workout_effort;
            DROP TABLE workout_sample;
            ALTER TABLE workout_activity DROP COLUMN activity_type, DROP COLUMN location_type,
                DROP COLUMN swimming_location_type, DROP COLUMN lap_length;
            ALTER TABLE workout_statistics DROP COLUMN to_canonical;
            DELETE FROM schema_migration WHERE name = 'v5: workouts';
            """, database: address.database)
        return (address, workout)
    }

    @Test func aDatabaseAtV8WithoutWorkoutsRunsTheWorkoutMigrationWhenOpened() async throws {
        let (address, _) = try await Self.databaseWithoutWorkoutMigration()
        _ = try PostgresStorage(address: address)
        let server = try await PostgreSQLServer.shared()
        let applied = try await PostgresMigrationTests.migrations(server, address)
        #expect(
            applied.contains("v5: workouts") && applied.contains("v8: import jobs")
                && applied.count == SchemaMigration.allCases.count)
        let tables = try await server.sql(
            """
            SELECT count(*) FROM information_schema.tables
            WHERE table_name IN ('workout_sample', 'workout_effort', 'workout_effort_change')
            """, database: address.database)
        #expect(tables.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    }

    @Test func theUpgradeBringsStoredWorkoutStatisticsToTheirCanonicalUnitForPredicates() async throws {
        let (address, workout) = try await Self.databaseWithoutWorkoutMigration()
        let storage = try PostgresStorage(address: address)
        // 2,000 kJ is about 478 kcal, the canonical unit of active energy.
        func workouts(_ comparison: RowComparison, _ kilocalories: Double) throws -> [UUID] {
            try storage.fetch(
                RowQuery(
                    typeIdentifiers: ["HKWorkoutTypeIdentifier"],
                    condition: .workoutStatistic(.sum, type: Self.energy, comparison, kilocalories))
            ).map(\.uuid)
        }
        #expect(try workouts(.greaterThan, 470) == [workout])
        #expect(try workouts(.greaterThan, 480).isEmpty)
    }
}
