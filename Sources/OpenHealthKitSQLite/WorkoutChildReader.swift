import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitModel

/// Reads what a workout or a route row holds beyond its columns, while ``RowReader`` reads the rows: a workout's
/// activities and statistics, a route's number of locations. Statements are prepared once per read.
struct WorkoutChildReader {
    let db: Database
    private var activities: Statement?
    private var statistics: Statement?
    private var locationCount: Statement?

    init(_ db: Database) {
        self.db = db
    }

    /// Fills in the workout's children or the route's detail of `row`.
    mutating func complete(_ row: inout SampleRow) throws {
        if row.workout != nil {
            row.workout?.activities = try readActivities(of: row.uuid)
            row.workout?.statistics = try readStatistics(of: row.uuid)
        } else if row.typeIdentifier == HKWorkoutRouteTypeIdentifier {
            let statement =
                try locationCount
                ?? db.makeStatement(
                    sql: "SELECT count(*) FROM route_location WHERE sample_id = (SELECT id FROM sample WHERE uuid = ?)")
            locationCount = statement
            let count = try Int.fetchOne(statement, arguments: [row.uuid.blob]) ?? 0
            row.detail = .workoutRoute(WorkoutRouteRow(locationCount: count))
        }
    }

    private mutating func readActivities(of workout: UUID) throws -> [WorkoutActivityRow] {
        let statement =
            try activities
            ?? db.makeStatement(
                sql: """
                    SELECT a.uuid, a.start_date, a.end_date, a.duration, a.metadata, a.events, a.activity_type,
                           a.location_type, a.swimming_location_type, a.lap_length
                    FROM workout_activity a WHERE a.sample_id = (SELECT id FROM sample WHERE uuid = ?) ORDER BY a.rowid
                    """)
        activities = statement
        return try Row.fetchAll(statement, arguments: [workout.blob]).map { row in
            WorkoutActivityRow(
                workoutUUID: workout, uuid: UUID(blob: row[0])!, startDate: row[1], endDate: row[2], duration: row[3],
                metadata: row[4], events: row[5], activityType: (row[6] as Int64?).map(UInt.init),
                locationType: (row[7] as Int64?).map(Int.init), swimmingLocationType: (row[8] as Int64?).map(Int.init),
                lapLength: row[9])
        }
    }

    private mutating func readStatistics(of workout: UUID) throws -> [WorkoutStatisticsRow] {
        let statement =
            try statistics
            ?? db.makeStatement(
                sql: """
                    SELECT ws.activity_uuid, ws.type, ws.start_date, ws.end_date, ws.average, ws.minimum, ws.maximum, ws.sum,
                           ws.unit
                    FROM workout_statistics ws WHERE ws.sample_id = (SELECT id FROM sample WHERE uuid = ?)
                    ORDER BY ws.rowid
                    """)
        statistics = statement
        return try Row.fetchAll(statement, arguments: [workout.blob]).map { row in
            WorkoutStatisticsRow(
                workoutUUID: workout, activityUUID: (row[0] as Data?).flatMap(UUID.init(blob:)), typeIdentifier: row[1],
                startDate: row[2], endDate: row[3], average: row[4], minimum: row[5], maximum: row[6], sum: row[7],
                unit: row[8])
        }
    }
}
