import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Writes an ``ImportBatch`` inside the caller's transaction: its samples through the ``SampleInserter`` under the skip
/// policy (a sample whose UUID is stored already is skipped, so re-importing an export adds only what is new), then
/// the records only an import brings: the children of the samples it stored, activity summaries and unrecognized
/// records. (Clinical records, documents and prescriptions are samples with their detail.) Prepared statements, bound without allocation, one step per row.
struct ImportRowWriter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Writes `batch`, noting its samples in `notes` for the statistics aggregates.
    func write(_ batch: ImportBatch, notes: inout StatisticsNotes) throws -> ImportBatchResult {
        let samples = try SampleInserter(db, policy: .skip).insert(
            batch.samples, parents: batch.referencedParents, notes: &notes)
        var result = ImportBatchResult(
            stored: samples.stored, unrecognizedStored: try writeUnrecognized(batch.unrecognized),
            change: samples.change)
        result.heartbeatsStored = try writeHeartbeats(batch.heartbeats, parents: samples.storedIDs)
        let children = ChildRowWriter(db)
        result.locationsStored = try children.writeLocations(batch.locations, parents: samples.storedIDs)
        try children.writeWorkoutStatistics(batch.workoutStatistics, parents: samples.storedIDs)
        try children.writeWorkoutActivities(batch.workoutActivities, parents: samples.storedIDs)
        result.activitySummariesStored = try writeActivitySummaries(batch.activitySummaries)
        return result
    }

    // MARK: Children, stored only with a parent this batch stored

    private func writeHeartbeats(_ rows: [HeartbeatRow], parents: [UUID: Int64]) throws -> Int {
        try ChildRowWriter(db).write(
            rows,
            sql:
                "INSERT OR IGNORE INTO heartbeat (sample_id, position, bpm, time_since_start, time_text) VALUES (?, ?, ?, ?, ?)",
            parent: \.sampleUUID, parents: parents
        ) { binding, row in
            binding.bind(Int64(row.position), at: 2)
            binding.bind(row.bpm, at: 3)
            binding.bind(row.timeSinceStart, at: 4)
            binding.bind(row.timeText, at: 5)
        }
    }

    // MARK: Records that are not samples

    private static let activitySummaryColumns = [
        "active_energy_burned", "active_energy_burned_goal", "apple_move_time", "apple_move_time_goal",
        "apple_exercise_time",
        "apple_exercise_time_goal", "apple_stand_hours", "apple_stand_hours_goal",
    ]

    /// A day's summary replaces the stored one when it differs and does not come from an earlier export.
    private func writeActivitySummaries(_ rows: [ActivitySummaryRow]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        let columns = Self.activitySummaryColumns
        let sql = """
            INSERT INTO activity_summary (date, \(columns.joined(separator: ", ")), export_date)
            VALUES (?, \(columns.map { _ in "?" }.joined(separator: ", ")), ?)
            ON CONFLICT(date) DO UPDATE SET \((columns + ["export_date"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE (\(columns.map { "\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")))
              AND (activity_summary.export_date IS NULL OR excluded.export_date >= activity_summary.export_date)
            """
        let statement = try db.makeStatement(sql: sql)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        var stored = 0
        for row in rows {
            let values = [
                row.activeEnergyBurned, row.activeEnergyBurnedGoal, row.appleMoveTime, row.appleMoveTimeGoal,
                row.appleExerciseTime, row.appleExerciseTimeGoal, row.appleStandHours, row.appleStandHoursGoal,
            ]
            binding.bind(row.date, at: 1)
            for (offset, value) in values.enumerated() { binding.bind(value, at: Int32(offset + 2)) }
            binding.bind(row.exportDate, at: Int32(values.count + 2))
            try db.stepToDone(statement.sqliteStatement)
            stored += Int(sqlite3_changes(db.sqliteConnection))
        }
        return stored
    }

    private func writeUnrecognized(_ rows: [UnrecognizedRecordRow]) throws -> [Bool] {
        guard !rows.isEmpty else { return [] }
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO unrecognized_record (uuid, element, type, start_date, end_date, source_name, attributes, children)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        return try rows.map { row in
            binding.bind(row.uuid, at: 1)
            binding.bind(row.element, at: 2)
            binding.bind(row.typeIdentifier, at: 3)
            binding.bind(row.startDate, at: 4)
            binding.bind(row.endDate, at: 5)
            binding.bind(row.sourceName, at: 6)
            binding.bind(row.attributes, at: 7)
            binding.bind(row.children, at: 8)
            try db.stepToDone(statement.sqliteStatement)
            return sqlite3_changes(db.sqliteConnection) > 0
        }
    }
}
