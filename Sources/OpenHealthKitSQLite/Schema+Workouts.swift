import Foundation
import GRDB
import OpenHealthKitEngine

extension Schema {
    /// What workouts keep beyond their rows (issue 15): the configuration of each activity (imported activities have
    /// none: they take their workout's type), the factor that brings a workout statistic to its type's canonical unit
    /// (so that statistic predicates compare in SQL; filled in for the statistics already stored), the samples
    /// associated with a workout (a builder's, `HKHealthStore.add(_:to:)`), and effort samples related to a workout
    /// or one of its activities, with the anchor of each pair's latest change.
    ///
    /// `activity_uuid` of an effort is the empty blob for the workout as a whole (a key column cannot be NULL).
    /// Associations and efforts go with either sample (ON DELETE CASCADE); efforts keep the order they were related in
    /// (their row ids).
    static func workouts(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE workout_activity ADD COLUMN activity_type INTEGER;
                ALTER TABLE workout_activity ADD COLUMN location_type INTEGER;
                ALTER TABLE workout_activity ADD COLUMN swimming_location_type INTEGER;
                ALTER TABLE workout_activity ADD COLUMN lap_length REAL;
                ALTER TABLE workout_statistics ADD COLUMN to_canonical REAL;
                CREATE TABLE workout_sample (
                    workout_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    PRIMARY KEY (workout_id, sample_id)
                ) WITHOUT ROWID;
                CREATE INDEX workout_sample_by_sample ON workout_sample(sample_id);
                CREATE TABLE workout_effort (
                    workout_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    activity_uuid BLOB NOT NULL,
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    UNIQUE (workout_id, activity_uuid, sample_id)
                );
                CREATE INDEX workout_effort_by_sample ON workout_effort(sample_id);
                CREATE TABLE workout_effort_change (
                    workout_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    activity_uuid BLOB NOT NULL,
                    anchor INTEGER NOT NULL,
                    PRIMARY KEY (workout_id, activity_uuid)
                ) WITHOUT ROWID;
                CREATE INDEX workout_effort_change_by_anchor ON workout_effort_change(anchor);
                """)
        let units = try Row.fetchAll(
            db, sql: "SELECT DISTINCT type, unit FROM workout_statistics WHERE unit IS NOT NULL")
        for unit in units {
            let row = WorkoutStatisticsRow(
                workoutUUID: UUID(), activityUUID: nil, typeIdentifier: unit["type"], startDate: nil, endDate: nil,
                average: nil, minimum: nil, maximum: nil, sum: nil, unit: unit["unit"])
            guard let factor = row.canonicalFactor else { continue }
            try db.execute(
                sql: "UPDATE workout_statistics SET to_canonical = ? WHERE type = ? AND unit = ?",
                arguments: [factor, row.typeIdentifier, row.unit])
        }
    }
}
