import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// Reads what workout rows hold beyond their columns, for rows read together (a fetch, a cursor's batch, an export's
/// batch): their activities and their statistics, in the order they were stored, one statement for each for all the
/// workouts among the rows.
struct WorkoutChildReader {
    let session: Session
    let user: Int64

    /// Whether rows of these types may be workouts (an empty list is every type).
    static func mayHaveWorkouts(_ typeIdentifiers: [String]) -> Bool {
        typeIdentifiers.isEmpty || typeIdentifiers.contains(HKWorkoutTypeIdentifier)
    }

    /// Fills in the activities and statistics of the workouts among `rows` (whose sample row ids are `ids`, in the
    /// same order).
    func fill(_ rows: inout [SampleRow], ids: [Int64]) throws {
        let workouts = rows.indices.filter { rows[$0].workout != nil }
        guard !workouts.isEmpty else { return }
        let uuids = Dictionary(uniqueKeysWithValues: workouts.map { (ids[$0], rows[$0].uuid) })
        var activities: [Int64: [WorkoutActivityRow]] = [:]
        for row in try select(
            """
            SELECT sample_id, uuid, start_date, end_date, duration, metadata, events, activity_type, location_type,
                   swimming_location_type, lap_length FROM workout_activity
            """, Array(uuids.keys))
        {
            var cells = Cells(row)
            let id: Int64 = try cells.next()
            activities[id, default: []].append(
                WorkoutActivityRow(
                    workoutUUID: uuids[id]!, uuid: try cells.next(), startDate: try cells.next(),
                    endDate: try cells.next(), duration: try cells.next(), metadata: try cells.next(),
                    events: try cells.next(), activityType: try cells.next(Int64?.self).map(UInt.init),
                    locationType: try cells.next(Int64?.self).map(Int.init),
                    swimmingLocationType: try cells.next(Int64?.self).map(Int.init), lapLength: try cells.next()))
        }
        var statistics: [Int64: [WorkoutStatisticsRow]] = [:]
        for row in try select(
            """
            SELECT sample_id, activity_uuid, type, start_date, end_date, average, minimum, maximum, sum, unit
            FROM workout_statistics
            """, Array(uuids.keys))
        {
            var cells = Cells(row)
            let id: Int64 = try cells.next()
            statistics[id, default: []].append(
                WorkoutStatisticsRow(
                    workoutUUID: uuids[id]!, activityUUID: try cells.next(), typeIdentifier: try cells.next(),
                    startDate: try cells.next(), endDate: try cells.next(), average: try cells.next(),
                    minimum: try cells.next(), maximum: try cells.next(), sum: try cells.next(),
                    unit: try cells.next()))
        }
        for index in workouts {
            rows[index].workout?.activities = activities[ids[index]] ?? []
            rows[index].workout?.statistics = statistics[ids[index]] ?? []
        }
    }

    /// The rows of `select` (a `SELECT sample_id, ... FROM table` whose rows have an `id`) for these workouts, by
    /// workout, in the order they were stored.
    private func select(_ select: String, _ ids: [Int64]) throws -> [PostgresRow] {
        var binds = Binds()
        let user = binds.add(user), list = binds.array(ids)
        return try session.query(
            select + " WHERE user_id = \(user) AND sample_id = ANY(\(list)) ORDER BY sample_id, id", binds.bindings)
    }
}
