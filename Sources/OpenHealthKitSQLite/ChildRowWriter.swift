import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Writes rows that belong to a sample (route locations, workout statistics and activities, heartbeats...) inside the
/// caller's transaction, for an import batch and a save alike: each child is stored only with a parent whose row id
/// the caller knows. Prepared statements, bound without allocation, one step per row.
struct ChildRowWriter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Inserts the children whose parent is in `parents` (UUID to row id); returns how many were stored.
    @discardableResult
    func write<Child>(
        _ children: [Child], sql: String, parent: (Child) -> UUID, parents: [UUID: Int64],
        bind: (SQLiteBinding, Child) -> Void
    ) throws -> Int {
        guard !children.isEmpty else { return 0 }
        let statement = try db.makeStatement(sql: sql)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        var stored = 0
        for child in children {
            guard let parentID = parents[parent(child)] else { continue }
            binding.bind(parentID, at: 1)
            bind(binding, child)
            try db.stepToDone(statement.sqliteStatement)
            stored += Int(sqlite3_changes(db.sqliteConnection))
        }
        return stored
    }

    func writeLocations(_ rows: [RouteLocationRow], parents: [UUID: Int64]) throws -> Int {
        try write(
            rows,
            sql: """
                INSERT INTO route_location (sample_id, timestamp, latitude, longitude, altitude, horizontal_accuracy,
                                            vertical_accuracy, course, speed, course_accuracy, speed_accuracy)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.routeUUID, parents: parents
        ) { binding, row in
            binding.bind(row.timestamp, at: 2)
            binding.bind(row.latitude, at: 3)
            binding.bind(row.longitude, at: 4)
            binding.bind(row.altitude, at: 5)
            binding.bind(row.horizontalAccuracy, at: 6)
            binding.bind(row.verticalAccuracy, at: 7)
            binding.bind(row.course, at: 8)
            binding.bind(row.speed, at: 9)
            binding.bind(row.courseAccuracy, at: 10)
            binding.bind(row.speedAccuracy, at: 11)
        }
    }

    /// Workout statistics, with the factor that brings their values to the type's canonical unit (see
    /// ``WorkoutStatisticsRow/canonicalFactor``).
    func writeWorkoutStatistics(_ rows: [WorkoutStatisticsRow], parents: [UUID: Int64]) throws {
        try write(
            rows,
            sql: """
                INSERT INTO workout_statistics (sample_id, activity_uuid, type, start_date, end_date, average, minimum,
                                                maximum, sum, unit, to_canonical)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.workoutUUID, parents: parents
        ) { binding, row in
            if let activity = row.activityUUID {
                binding.bind(activity, at: 2)
            } else {
                binding.bind(Int64?.none, at: 2)
            }
            binding.bind(row.typeIdentifier, at: 3)
            binding.bind(row.startDate, at: 4)
            binding.bind(row.endDate, at: 5)
            binding.bind(row.average, at: 6)
            binding.bind(row.minimum, at: 7)
            binding.bind(row.maximum, at: 8)
            binding.bind(row.sum, at: 9)
            binding.bind(row.unit, at: 10)
            binding.bind(row.canonicalFactor, at: 11)
        }
    }

    func writeWorkoutActivities(_ rows: [WorkoutActivityRow], parents: [UUID: Int64]) throws {
        try write(
            rows,
            sql: """
                INSERT INTO workout_activity (sample_id, uuid, start_date, end_date, duration, metadata, events,
                                              activity_type, location_type, swimming_location_type, lap_length)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.workoutUUID, parents: parents
        ) { binding, row in
            binding.bind(row.uuid, at: 2)
            binding.bind(row.startDate, at: 3)
            binding.bind(row.endDate, at: 4)
            binding.bind(row.duration, at: 5)
            binding.bind(row.metadata, at: 6)
            binding.bind(row.events, at: 7)
            binding.bind(row.activityType.map(Int64.init), at: 8)
            binding.bind(row.locationType.map(Int64.init), at: 9)
            binding.bind(row.swimmingLocationType.map(Int64.init), at: 10)
            binding.bind(row.lapLength, at: 11)
        }
    }
}
