import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// Writes an ``ImportBatch`` inside an ``AnchoredWrite``: its samples through the ``SampleInserter`` under the skip
/// policy (a sample whose UUID is stored already is skipped, so re-importing an export adds only what is new), then
/// the records only an import brings: the children of the samples it stored, activity summaries and unrecognized
/// records. (Clinical records, documents and prescriptions are samples with their detail, which the inserter writes.)
/// Each kind of record is one statement (`unnest` of a column array each).
struct ImportRowWriter {
    let write: AnchoredWrite
    let types: [String: Int32]

    func write(_ batch: ImportBatch) throws -> ImportBatchResult {
        let samples = try SampleInserter(write, types: types, policy: .skip).insert(
            batch.samples, parents: batch.referencedParents)
        var result = ImportBatchResult(
            stored: samples.stored, unrecognizedStored: try writeUnrecognized(batch.unrecognized),
            change: samples.change)
        let parents = samples.storedIDs
        result.heartbeatsStored = try writeHeartbeats(
            batch.heartbeats.filter { parents[$0.sampleUUID] != nil }, parents)
        let children = ChildRowWriter(write: write)
        result.locationsStored = try children.writeLocations(
            batch.locations.compactMap { row in parents[row.routeUUID].map { ($0, row) } })
        try children.writeWorkoutStatistics(
            batch.workoutStatistics.compactMap { row in parents[row.workoutUUID].map { ($0, row) } })
        try children.writeWorkoutActivities(
            batch.workoutActivities.compactMap { row in parents[row.workoutUUID].map { ($0, row) } })
        result.activitySummariesStored = try writeActivitySummaries(batch.activitySummaries)
        return result
    }

    // MARK: Children, stored only with a parent this batch stored

    private func writeHeartbeats(_ rows: [HeartbeatRow], _ parents: [UUID: Int64]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", rows.map { parents[$0.sampleUUID]! })
        insert.column("position", rows.map { Int64($0.position) })
        insert.column("bpm", rows.map(\.bpm))
        insert.column("time_since_start", rows.map(\.timeSinceStart))
        insert.column("time_text", rows.map(\.timeText))
        return try insert.run(into: "heartbeat", write.session, then: "ON CONFLICT DO NOTHING")
    }

    // MARK: Records that are not samples

    private static var activitySummaryColumns: [(String, KeyPath<ActivitySummaryRow, Double?>)] {
        [
            ("active_energy_burned", \.activeEnergyBurned), ("active_energy_burned_goal", \.activeEnergyBurnedGoal),
            ("apple_move_time", \.appleMoveTime), ("apple_move_time_goal", \.appleMoveTimeGoal),
            ("apple_exercise_time", \.appleExerciseTime), ("apple_exercise_time_goal", \.appleExerciseTimeGoal),
            ("apple_stand_hours", \.appleStandHours), ("apple_stand_hours_goal", \.appleStandHoursGoal),
        ]
    }

    /// A day's summary replaces the stored one when it differs and does not come from an earlier export. (A batch
    /// holds a day once; should it hold one twice, its last is kept.)
    private func writeActivitySummaries(_ rows: [ActivitySummaryRow]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        var last: [String: ActivitySummaryRow] = [:]
        var days: [String] = []
        for row in rows where last.updateValue(row, forKey: row.date) == nil { days.append(row.date) }
        let unique = days.map { last[$0]! }
        var insert = BulkInsert(user: write.user)
        insert.column("date", unique.map(\.date))
        for (name, path) in Self.activitySummaryColumns { insert.column(name, unique.map { $0[keyPath: path] }) }
        insert.column("export_date", unique.map(\.exportDate))
        let names = Self.activitySummaryColumns.map(\.0)
        let updates = (names + ["export_date"]).map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
        let differs = names.map { "activity_summary.\($0) IS DISTINCT FROM EXCLUDED.\($0)" }
            .joined(separator: " OR ")
        return try insert.run(
            into: "activity_summary", write.session,
            then: """
                ON CONFLICT (user_id, date) DO UPDATE SET \(updates)
                WHERE (\(differs))
                  AND (activity_summary.export_date IS NULL OR EXCLUDED.export_date >= activity_summary.export_date)
                """)
    }

    /// Returns, for each record in order, whether it was newly stored (the first of a UUID the store lacked).
    private func writeUnrecognized(_ rows: [UnrecognizedRecordRow]) throws -> [Bool] {
        guard !rows.isEmpty else { return [] }
        var insert = BulkInsert(user: write.user)
        insert.column("uuid", rows.map(\.uuid))
        insert.column("element", rows.map(\.element))
        insert.column("type", rows.map(\.typeIdentifier))
        insert.column("start_date", rows.map(\.startDate))
        insert.column("end_date", rows.map(\.endDate))
        insert.column("source_name", rows.map(\.sourceName))
        insert.column("attributes", rows.map(\.attributes))
        insert.column("children", rows.map(\.children))
        let (sql, bindings) = insert.statement(
            into: "unrecognized_record", then: "ON CONFLICT DO NOTHING RETURNING uuid")
        let inserted = Set(try write.session.query(sql, bindings).map { try $0.decode(UUID.self) })
        var seen = Set<UUID>()
        return rows.map { inserted.contains($0.uuid) && seen.insert($0.uuid).inserted }
    }
}
