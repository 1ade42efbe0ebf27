package import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage {
    package func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        try writer.write { db in
            let associations = WorkoutAssociations(db)
            try associations.associate(samples, withWorkoutID: try associations.workoutID(workout))
        }
    }

    package func routeLocations(of route: UUID, in interval: ClosedRange<Double>?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    {
        try writer.read { db in
            try RouteLocationReader(db).locations(of: route, in: interval, offset: offset, limit: limit)
        }
    }

    @discardableResult
    package func relateEffort(_ sample: UUID, toWorkout workout: UUID, activity: UUID?) throws -> Int64 {
        try writer.write { db in
            let associations = WorkoutAssociations(db)
            let workoutID = try associations.workoutID(workout)
            let sampleID = try associations.sampleID(sample)
            if let activity,
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM workout_activity WHERE sample_id = ? AND uuid = ?",
                    arguments: [workoutID, activity.blob]) != true
            {
                throw StorageError.notFound(activity)
            }
            let activityKey = activity?.blob ?? Data()
            try db.execute(
                sql: "INSERT OR IGNORE INTO workout_effort (workout_id, activity_uuid, sample_id) VALUES (?, ?, ?)",
                arguments: [workoutID, activityKey, sampleID])
            return try Self.noteEffortChange(workoutID: workoutID, activityKey: activityKey, in: db)
        }
    }

    package func unrelateEffort(_ sample: UUID, fromWorkout workout: UUID, activity: UUID?) throws -> Bool {
        try writer.write { db in
            let activityKey = activity?.blob ?? Data()
            try db.execute(
                sql: """
                    DELETE FROM workout_effort WHERE activity_uuid = ?
                      AND workout_id = (SELECT id FROM sample WHERE uuid = ?)
                      AND sample_id = (SELECT id FROM sample WHERE uuid = ?)
                    """,
                arguments: [activityKey, workout.blob, sample.blob])
            guard db.changesCount > 0 else { return false }
            try Self.noteEffortChange(
                workoutID: try WorkoutAssociations(db).workoutID(workout), activityKey: activityKey, in: db)
            return true
        }
    }

    package func effortRelations(after anchor: Int64, limit: Int) throws -> [EffortRelationRow] {
        try writer.read { db in
            var sql = """
                SELECT c.workout_id, w.uuid, c.activity_uuid, c.anchor FROM workout_effort_change c
                JOIN sample w ON w.id = c.workout_id WHERE c.anchor > ? ORDER BY c.anchor
                """
            if limit > 0 { sql += " LIMIT \(limit)" }
            let samples = try db.makeStatement(
                sql: """
                    SELECT s.uuid FROM workout_effort e JOIN sample s ON s.id = e.sample_id
                    WHERE e.workout_id = ? AND e.activity_uuid = ? ORDER BY e.rowid
                    """)
            return try Row.fetchAll(db, sql: sql, arguments: [anchor]).map { row in
                let activityKey: Data = row[2]
                let related = try Data.fetchAll(samples, arguments: [row[0] as Int64, activityKey])
                return EffortRelationRow(
                    workoutUUID: UUID(blob: row[1])!, activityUUID: activityKey.isEmpty ? nil : UUID(blob: activityKey),
                    sampleUUIDs: related.compactMap(UUID.init(blob:)), anchor: row[3])
            }
        }
    }

    /// Gives the pair (workout, activity) the next store anchor; returns it.
    @discardableResult
    private static func noteEffortChange(workoutID: Int64, activityKey: Data, in db: Database) throws -> Int64 {
        let anchor = try StoreAnchor.current(db) + 1
        try StoreAnchor.set(anchor, db)
        try db.execute(
            sql: """
                INSERT INTO workout_effort_change (workout_id, activity_uuid, anchor) VALUES (?, ?, ?)
                ON CONFLICT (workout_id, activity_uuid) DO UPDATE SET anchor = excluded.anchor
                """,
            arguments: [workoutID, activityKey, anchor])
        return anchor
    }
}
