package import Foundation
package import OpenHealthKitEngine
import PostgresNIO

extension PostgresStorage: WorkoutStorage {
    package func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        try session { session in
            try session.transaction {
                let associations = WorkoutAssociations(session: session, user: user)
                let id = try associations.workoutID(workout)
                try associations.associate(samples.map { (id, $0) })
            }
        }
    }

    /// One statement: the route's row id is looked up inside it.
    package func routeLocations(of route: UUID, in interval: ClosedRange<Double>?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), uuid = binds.add(route)
            var conditions = [
                "l.user_id = \(user)",
                "l.sample_id = (SELECT id FROM sample WHERE user_id = \(user) AND uuid = \(uuid))",
            ]
            if let interval {
                conditions.append(
                    "l.timestamp BETWEEN \(binds.add(interval.lowerBound)) AND \(binds.add(interval.upperBound))")
            }
            let limit = binds.add(Int64(max(0, limit))), offset = binds.add(Int64(max(0, offset)))
            return try session.query(
                """
                SELECT timestamp, latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, course, speed,
                       course_accuracy, speed_accuracy
                FROM route_location l WHERE \(conditions.joined(separator: " AND "))
                ORDER BY l.timestamp, l.id LIMIT \(limit) OFFSET \(offset)
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                return RouteLocationRow(
                    routeUUID: route, timestamp: try cells.next(), latitude: try cells.next(),
                    longitude: try cells.next(), altitude: try cells.next(), horizontalAccuracy: try cells.next(),
                    verticalAccuracy: try cells.next(), course: try cells.next(), speed: try cells.next(),
                    courseAccuracy: try cells.next(), speedAccuracy: try cells.next())
            }
        }
    }

    @discardableResult
    package func relateEffort(_ sample: UUID, toWorkout workout: UUID, activity: UUID?) throws -> Int64 {
        try anchoredWrite { write in
            let associations = WorkoutAssociations(session: write.session, user: write.user)
            let workoutID = try associations.workoutID(workout)
            let sampleID = try associations.sampleID(sample)
            if let activity {
                var binds = Binds()
                let user = binds.add(write.user), id = binds.add(workoutID), uuid = binds.add(activity)
                guard
                    try !write.session.query(
                        """
                        SELECT 1 FROM workout_activity WHERE user_id = \(user) AND sample_id = \(id) AND uuid = \(uuid)
                        """, binds.bindings
                    ).isEmpty
                else { throw StorageError.notFound(activity) }
            }
            var binds = Binds()
            let user = binds.add(write.user), workoutValue = binds.add(workoutID)
            let activityKey = binds.add(activity ?? Schema.wholeWorkout), sampleValue = binds.add(sampleID)
            try write.session.execute(
                """
                INSERT INTO workout_effort (user_id, workout_id, activity_uuid, sample_id)
                VALUES (\(user), \(workoutValue), \(activityKey), \(sampleValue)) ON CONFLICT DO NOTHING
                """, binds.bindings)
            return try noteEffortChange(workoutID: workoutID, activity: activity, write)
        }
    }

    package func unrelateEffort(_ sample: UUID, fromWorkout workout: UUID, activity: UUID?) throws -> Bool {
        try anchoredWrite { write in
            var binds = Binds()
            let user = binds.add(write.user), activityKey = binds.add(activity ?? Schema.wholeWorkout)
            let workoutValue = binds.add(workout), sampleValue = binds.add(sample)
            let deleted = try write.session.query(
                """
                DELETE FROM workout_effort e USING sample w, sample s
                WHERE e.user_id = \(user) AND e.activity_uuid = \(activityKey)
                  AND w.user_id = e.user_id AND w.id = e.workout_id AND w.uuid = \(workoutValue)
                  AND s.user_id = e.user_id AND s.id = e.sample_id AND s.uuid = \(sampleValue)
                RETURNING e.workout_id
                """, binds.bindings)
            guard let workoutID = try deleted.first?.decode(Int64.self) else { return false }
            try noteEffortChange(workoutID: workoutID, activity: activity, write)
            return true
        }
    }

    /// Two statements in one snapshot: the changed pairs, then the samples related to all of them now.
    package func effortRelations(after anchor: Int64, limit: Int) throws -> [EffortRelationRow] {
        try snapshot { session in
            var binds = Binds()
            let userValue = binds.add(user), after = binds.add(anchor)
            var sql = """
                SELECT c.workout_id, w.uuid, c.activity_uuid, c.anchor FROM workout_effort_change c
                JOIN sample w ON w.user_id = c.user_id AND w.id = c.workout_id
                WHERE c.user_id = \(userValue) AND c.anchor > \(after) ORDER BY c.anchor
                """
            if limit > 0 { sql += " LIMIT \(binds.add(Int64(limit)))" }
            let pairs = try session.query(sql, binds.bindings).map { row in
                try row.decode((Int64, UUID, UUID, Int64).self)
            }
            guard !pairs.isEmpty else { return [] }
            var related: [Int64: [UUID: [UUID]]] = [:]
            binds = Binds()
            let userAgain = binds.add(user), workouts = binds.array(pairs.map(\.0)),
                activities = binds.array(pairs.map(\.2))
            for row in try session.query(
                """
                SELECT e.workout_id, e.activity_uuid, s.uuid FROM workout_effort e
                JOIN unnest(\(workouts), \(activities)) AS p(workout_id, activity_uuid)
                  ON e.workout_id = p.workout_id AND e.activity_uuid = p.activity_uuid
                JOIN sample s ON s.user_id = e.user_id AND s.id = e.sample_id
                WHERE e.user_id = \(userAgain) ORDER BY e.id
                """, binds.bindings)
            {
                let (workout, activity, sample) = try row.decode((Int64, UUID, UUID).self)
                related[workout, default: [:]][activity, default: []].append(sample)
            }
            return pairs.map { workoutID, workoutUUID, activity, anchor in
                EffortRelationRow(
                    workoutUUID: workoutUUID, activityUUID: activity == Schema.wholeWorkout ? nil : activity,
                    sampleUUIDs: related[workoutID]?[activity] ?? [], anchor: anchor)
            }
        }
    }

    /// Gives the pair (workout, activity) the write's next anchor; returns it.
    @discardableResult
    private func noteEffortChange(workoutID: Int64, activity: UUID?, _ write: AnchoredWrite) throws -> Int64 {
        let anchor = write.next()
        var binds = Binds()
        let user = binds.add(write.user), workout = binds.add(workoutID)
        let activityKey = binds.add(activity ?? Schema.wholeWorkout), value = binds.add(anchor)
        try write.session.execute(
            """
            INSERT INTO workout_effort_change (user_id, workout_id, activity_uuid, anchor)
            VALUES (\(user), \(workout), \(activityKey), \(value))
            ON CONFLICT (user_id, workout_id, activity_uuid) DO UPDATE SET anchor = EXCLUDED.anchor
            """, binds.bindings)
        return anchor
    }
}
