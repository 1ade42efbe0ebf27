import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: ActivitySummaryStorage {
    package func activitySummaries(firstDay: String?, lastDay: String?) throws -> [ActivitySummaryRow] {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let firstDay {
            conditions.append("date >= ?")
            arguments.append(firstDay)
        }
        if let lastDay {
            conditions.append("date <= ?")
            arguments.append(lastDay)
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return try writer.read { db in
            var rows: [ActivitySummaryRow] = []
            try ActivitySummaryRows.forEach(in: db, filter: filter, arguments: arguments) { rows.append($0) }
            return rows
        }
    }
}

/// Reads `activity_summary` rows (HealthKit queries and exports), by day.
enum ActivitySummaryRows {
    /// Calls `body` with each row `filter` (a `WHERE` clause or nothing, with its `arguments`) selects.
    static func forEach(
        in db: Database, filter: String, arguments: [(any DatabaseValueConvertible)?],
        _ body: (ActivitySummaryRow) throws -> Void
    ) throws {
        let sql = """
            SELECT date, active_energy_burned, active_energy_burned_goal, apple_move_time, apple_move_time_goal,
                   apple_exercise_time, apple_exercise_time_goal, apple_stand_hours, apple_stand_hours_goal, export_date
            FROM activity_summary
            """ + filter + " ORDER BY date"
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
        while let row = try cursor.next() {
            var summary = ActivitySummaryRow(date: row[0])
            summary.activeEnergyBurned = row[1]
            summary.activeEnergyBurnedGoal = row[2]
            summary.appleMoveTime = row[3]
            summary.appleMoveTimeGoal = row[4]
            summary.appleExerciseTime = row[5]
            summary.appleExerciseTimeGoal = row[6]
            summary.appleStandHours = row[7]
            summary.appleStandHoursGoal = row[8]
            summary.exportDate = row[9]
            try body(summary)
        }
    }
}
