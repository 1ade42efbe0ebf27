import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// Writes rows that belong to samples (route locations, workout statistics and activities) inside an
/// ``AnchoredWrite``, for an import batch and a save alike: one `INSERT ... SELECT FROM unnest(...)` per kind for all
/// the rows given, each stored with the row id of its parent. The caller keeps only children whose parent it stored.
/// The SQLite storage writes the same rows (`ChildRowWriter`).
struct ChildRowWriter {
    let write: AnchoredWrite

    /// Route locations, each with its route's row id; returns how many were stored.
    @discardableResult
    func writeLocations(_ rows: [(parent: Int64, row: RouteLocationRow)]) throws -> Int {
        var stored = 0
        try inChunks(rows) { chunk in
            var insert = BulkInsert(user: write.user)
            insert.column("sample_id", chunk.map(\.parent))
            let required: [(String, KeyPath<RouteLocationRow, Double>)] = [
                ("timestamp", \.timestamp), ("latitude", \.latitude), ("longitude", \.longitude),
            ]
            for (name, path) in required { insert.column(name, chunk.map { $0.row[keyPath: path] }) }
            let optional: [(String, KeyPath<RouteLocationRow, Double?>)] = [
                ("altitude", \.altitude), ("horizontal_accuracy", \.horizontalAccuracy),
                ("vertical_accuracy", \.verticalAccuracy), ("course", \.course), ("speed", \.speed),
                ("course_accuracy", \.courseAccuracy), ("speed_accuracy", \.speedAccuracy),
            ]
            for (name, path) in optional { insert.column(name, chunk.map { $0.row[keyPath: path] }) }
            stored += try insert.run(into: "route_location", write.session)
        }
        return stored
    }

    /// Workout statistics, each with its workout's row id and the factor that brings its values to the type's
    /// canonical unit (``WorkoutStatisticsRow/canonicalFactor``).
    func writeWorkoutStatistics(_ rows: [(parent: Int64, row: WorkoutStatisticsRow)]) throws {
        guard !rows.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", rows.map(\.parent))
        insert.column("activity_uuid", rows.map(\.row.activityUUID))
        insert.column("type", rows.map(\.row.typeIdentifier))
        let numbers: [(String, KeyPath<WorkoutStatisticsRow, Double?>)] = [
            ("start_date", \.startDate), ("end_date", \.endDate), ("average", \.average), ("minimum", \.minimum),
            ("maximum", \.maximum), ("sum", \.sum),
        ]
        for (name, path) in numbers { insert.column(name, rows.map { $0.row[keyPath: path] }) }
        insert.column("unit", rows.map(\.row.unit))
        insert.column("to_canonical", rows.map(\.row.canonicalFactor))
        try insert.run(into: "workout_statistics", write.session)
    }

    /// Workout activities, each with its workout's row id, in the order given (their ids follow it).
    func writeWorkoutActivities(_ rows: [(parent: Int64, row: WorkoutActivityRow)]) throws {
        guard !rows.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", rows.map(\.parent))
        insert.column("uuid", rows.map(\.row.uuid))
        insert.column("start_date", rows.map(\.row.startDate))
        insert.column("end_date", rows.map(\.row.endDate))
        insert.column("duration", rows.map(\.row.duration))
        insert.column("metadata", rows.map(\.row.metadata))
        insert.column("events", rows.map(\.row.events))
        insert.column("activity_type", rows.map { $0.row.activityType.map(Int64.init) })
        insert.column("location_type", rows.map { $0.row.locationType.map(Int64.init) })
        insert.column("swimming_location_type", rows.map { $0.row.swimmingLocationType.map(Int64.init) })
        insert.column("lap_length", rows.map(\.row.lapLength))
        try insert.run(into: "workout_activity", write.session)
    }

    /// Runs `body` for `rows` in slices of at most ``SampleDetailWriter/rowsPerStatement`` rows.
    private func inChunks<Row>(_ rows: [Row], _ body: (ArraySlice<Row>) throws -> Void) throws {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(rows.count, start + SampleDetailWriter.rowsPerStatement)]
            try body(chunk)
            start = chunk.endIndex
        }
    }
}
