import Foundation

/// One day's activity rings. Energy in kcal, times in minutes, stand hours as counts.
package struct ActivitySummaryRow: Sendable, Equatable {
    /// The day, `yyyy-MM-dd` (the export's `dateComponents`).
    package var date: String
    package var activeEnergyBurned: Double?
    package var activeEnergyBurnedGoal: Double?
    package var appleMoveTime: Double?
    package var appleMoveTimeGoal: Double?
    package var appleExerciseTime: Double?
    package var appleExerciseTimeGoal: Double?
    package var appleStandHours: Double?
    package var appleStandHoursGoal: Double?
    /// When the export that holds it was made (seconds since 1970): a later export's day replaces an earlier one's.
    package var exportDate: Double?

    package init(date: String) {
        self.date = date
    }
}
