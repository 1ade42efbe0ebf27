import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitSQLite

/// v5 (workouts) was registered after v6, v7 and v8 had shipped: a store written by a release without it must gain
/// it when opened, whatever came after it.
@Suite struct WorkoutUpgradeTests {
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"

    /// A store with every migration but v5: v5's tables and columns removed and its name forgotten, as in a release
    /// that had v6, v7 and v8 and not v5. It holds one workout with an energy statistic in kilojoules.
    static func storeWithoutWorkoutMigration(at path: String) throws -> UUID {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue)
        let workout = UUID()
        let row = SampleRow(
            uuid: workout, typeIdentifier: "HKWorkoutTypeIdentifier", startDate: 1_700_000_000,
            endDate: 1_700_003_600, value: nil, source: SourceRow(bundleIdentifier: "com.example.run", name: "Run"),
            revision: RevisionRow(version: "1"),
            workout: WorkoutRow(
                activityType: 37,
                statistics: [
                    WorkoutStatisticsRow(
                        workoutUUID: workout, activityUUID: nil, typeIdentifier: energy, startDate: nil, endDate: nil,
                        average: nil, minimum: nil, maximum: nil, sum: 2_000, unit: "kJ")
                ]))
        try queue.write { db in
            var notes = StatisticsNotes()  // Before the aggregates (v9): nothing to maintain.
            _ = try SampleInserter(db, policy: .skip).insert([row], parents: [], notes: &notes)
            try db.execute(
                sql: """
                    DROP TABLE workout_effort_change;
                    DROP TABLE workout_effort;
                    DROP TABLE workout_sample;
                    ALTER TABLE workout_activity DROP COLUMN activity_type;
                    ALTER TABLE workout_activity DROP COLUMN location_type;
                    ALTER TABLE workout_activity DROP COLUMN swimming_location_type;
                    ALTER TABLE workout_activity DROP COLUMN lap_length;
                    ALTER TABLE workout_statistics DROP COLUMN to_canonical;
                    DELETE FROM grdb_migrations WHERE identifier = 'v5: workouts';
                    """)
        }
        try queue.close()
        return workout
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aStoreAtV8WithoutWorkoutsRunsTheWorkoutMigrationWhenOpened() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        _ = try Self.storeWithoutWorkoutMigration(at: path)
        let storage = try SQLiteStorage(path: path)
        let applied = try storage.writer.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied.contains("v5: workouts"))
        #expect(applied.contains("v8: import jobs"))
        #expect(
            try storage.writer.read { db in try db.tableExists("workout_sample") && db.tableExists("workout_effort") })
    }

    @Test func theUpgradeBringsStoredWorkoutStatisticsToTheirCanonicalUnitForPredicates() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let workout = try Self.storeWithoutWorkoutMigration(at: path)
        let storage = try SQLiteStorage(path: path)
        // 2,000 kJ is about 478 kcal, the canonical unit of active energy.
        let over = try storage.fetch(
            RowQuery(
                typeIdentifiers: ["HKWorkoutTypeIdentifier"],
                condition: .workoutStatistic(.sum, type: Self.energy, .greaterThan, 470)))
        let under = try storage.fetch(
            RowQuery(
                typeIdentifiers: ["HKWorkoutTypeIdentifier"],
                condition: .workoutStatistic(.sum, type: Self.energy, .greaterThan, 480)))
        #expect(over.map(\.uuid) == [workout])
        #expect(under.isEmpty)
    }
}
