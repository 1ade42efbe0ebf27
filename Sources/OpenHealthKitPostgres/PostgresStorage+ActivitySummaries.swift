import Foundation
package import OpenHealthKitEngine
import PostgresNIO

extension PostgresStorage: ActivitySummaryStorage {
    package func activitySummaries(firstDay: String?, lastDay: String?) throws -> [ActivitySummaryRow] {
        try session { session in
            var binds = Binds()
            var conditions = ["user_id = \(binds.add(user))"]
            if let firstDay { conditions.append("date >= \(binds.add(firstDay))") }
            if let lastDay { conditions.append("date <= \(binds.add(lastDay))") }
            var rows: [ActivitySummaryRow] = []
            try ActivitySummaryRows.forEach(session, conditions: conditions, binds: binds) { rows.append($0) }
            return rows
        }
    }
}

/// Reads a user's `activity_summary` rows (HealthKit queries and exports), by day.
enum ActivitySummaryRows {
    /// Calls `body` with each row the `conditions` (over the table's columns, with their `binds`) select.
    static func forEach(
        _ session: Session, conditions: [String], binds: Binds, _ body: (ActivitySummaryRow) throws -> Void
    ) throws {
        let sql = """
            SELECT date, active_energy_burned, active_energy_burned_goal, apple_move_time, apple_move_time_goal,
                   apple_exercise_time, apple_exercise_time_goal, apple_stand_hours, apple_stand_hours_goal, export_date
            FROM activity_summary WHERE \(conditions.joined(separator: " AND ")) ORDER BY date
            """
        for row in try session.query(sql, binds.bindings) {
            var cells = Cells(row)
            var summary = ActivitySummaryRow(date: try cells.next())
            summary.activeEnergyBurned = try cells.next()
            summary.activeEnergyBurnedGoal = try cells.next()
            summary.appleMoveTime = try cells.next()
            summary.appleMoveTimeGoal = try cells.next()
            summary.appleExerciseTime = try cells.next()
            summary.appleExerciseTimeGoal = try cells.next()
            summary.appleStandHours = try cells.next()
            summary.appleStandHoursGoal = try cells.next()
            summary.exportDate = try cells.next()
            try body(summary)
        }
    }
}
