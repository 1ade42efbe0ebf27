import Foundation
import OpenHealthKitEngine
import PostgresNIO

extension Schema {
    /// Migration v5 (as the SQLite storage's): what workouts keep beyond their rows. The configuration of each
    /// activity (imported activities have none: they take their workout's type), the factor that brings a workout
    /// statistic to its type's canonical unit (so that statistic predicates compare in SQL; filled in for the
    /// statistics already stored, ``fillCanonicalFactors(_:)``), the samples associated with a workout (a builder's,
    /// `HKHealthStore.add(_:to:)`), and effort samples related to a workout or one of its activities, with the anchor
    /// of each pair's latest change.
    ///
    /// `activity_uuid` of an effort is the nil UUID for the workout as a whole (a key column cannot be NULL).
    /// Associations and efforts go with either sample (ON DELETE CASCADE); efforts keep the order they were related in
    /// (their ids, from a sequence).
    static let workouts = [
        "ALTER TABLE workout_activity ADD COLUMN activity_type bigint",
        "ALTER TABLE workout_activity ADD COLUMN location_type bigint",
        "ALTER TABLE workout_activity ADD COLUMN swimming_location_type bigint",
        "ALTER TABLE workout_activity ADD COLUMN lap_length double precision",
        "ALTER TABLE workout_statistics ADD COLUMN to_canonical double precision",
        """
        CREATE TABLE workout_sample (
            user_id bigint NOT NULL,
            workout_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            PRIMARY KEY (user_id, workout_id, sample_id),
            FOREIGN KEY (user_id, workout_id) REFERENCES sample (user_id, id) ON DELETE CASCADE,
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX workout_sample_by_sample ON workout_sample (user_id, sample_id)",
        """
        CREATE TABLE workout_effort (
            user_id bigint NOT NULL,
            id bigserial NOT NULL,
            workout_id bigint NOT NULL,
            activity_uuid uuid NOT NULL,
            sample_id bigint NOT NULL,
            PRIMARY KEY (user_id, id),
            UNIQUE (user_id, workout_id, activity_uuid, sample_id),
            FOREIGN KEY (user_id, workout_id) REFERENCES sample (user_id, id) ON DELETE CASCADE,
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX workout_effort_by_sample ON workout_effort (user_id, sample_id)",
        """
        CREATE TABLE workout_effort_change (
            user_id bigint NOT NULL,
            workout_id bigint NOT NULL,
            activity_uuid uuid NOT NULL,
            anchor bigint NOT NULL,
            PRIMARY KEY (user_id, workout_id, activity_uuid),
            FOREIGN KEY (user_id, workout_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX workout_effort_change_by_anchor ON workout_effort_change (user_id, anchor)",
    ]

    /// The key of an effort related to a workout as a whole (``workouts``).
    static let wholeWorkout = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// v5's move: the canonical factor of every workout statistic already stored, by (type, unit).
    static func fillCanonicalFactors(_ session: Session) throws {
        let units = try session.query(
            "SELECT DISTINCT type, unit FROM workout_statistics WHERE unit IS NOT NULL"
        ).map { try $0.decode((String, String).self) }
        for (type, unit) in units {
            let row = WorkoutStatisticsRow(
                workoutUUID: wholeWorkout, activityUUID: nil, typeIdentifier: type, startDate: nil, endDate: nil,
                average: nil, minimum: nil, maximum: nil, sum: nil, unit: unit)
            guard let factor = row.canonicalFactor else { continue }
            var binds = Binds()
            let value = binds.add(factor), typeValue = binds.add(type), unitValue = binds.add(unit)
            try session.execute(
                "UPDATE workout_statistics SET to_canonical = \(value) WHERE type = \(typeValue) AND unit = \(unitValue)",
                binds.bindings)
        }
    }
}
