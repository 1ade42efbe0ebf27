import Foundation
import GRDB
import OpenHealthKitEngine

/// Reads what a workout row holds beyond its columns, while ``RowReader`` reads the rows: its activities and its
/// statistics, with cached statements.
struct WorkoutChildReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The workout of the sample row `id` (of this UUID) with its activities and statistics.
    func completed(_ workout: WorkoutRow, ofSample id: Int64, uuid: UUID) throws -> WorkoutRow {
        var workout = workout
        workout.activities = try activities(ofSample: id, uuid: uuid)
        workout.statistics = try statistics(ofSample: id, uuid: uuid)
        return workout
    }

    private func activities(ofSample id: Int64, uuid: UUID) throws -> [WorkoutActivityRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT uuid, start_date, end_date, duration, metadata, events, activity_type, location_type,
                           swimming_location_type, lap_length
                    FROM workout_activity WHERE sample_id = ? ORDER BY rowid
                    """), arguments: [id]
        ).compactMap { row in
            guard let activity = UUID(blob: row[0]) else { return nil }
            return WorkoutActivityRow(
                workoutUUID: uuid, uuid: activity, startDate: row[1], endDate: row[2], duration: row[3],
                metadata: row[4], events: row[5], activityType: (row[6] as Int64?).map(UInt.init),
                locationType: (row[7] as Int64?).map(Int.init), swimmingLocationType: (row[8] as Int64?).map(Int.init),
                lapLength: row[9])
        }
    }

    private func statistics(ofSample id: Int64, uuid: UUID) throws -> [WorkoutStatisticsRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT activity_uuid, type, start_date, end_date, average, minimum, maximum, sum, unit
                    FROM workout_statistics WHERE sample_id = ? ORDER BY rowid
                    """), arguments: [id]
        ).map { row in
            WorkoutStatisticsRow(
                workoutUUID: uuid, activityUUID: (row[0] as Data?).flatMap(UUID.init(blob:)), typeIdentifier: row[1],
                startDate: row[2], endDate: row[3], average: row[4], minimum: row[5], maximum: row[6], sum: row[7],
                unit: row[8])
        }
    }
}
