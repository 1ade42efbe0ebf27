import Foundation

/// What a medication dose event holds beyond its sample row (whose value is the dose quantity, or nil).
package struct MedicationDoseEventRow: Sendable, Equatable {
    /// The medication's concept code (``UserAnnotatedMedicationRow/conceptCode``).
    package var conceptCode: String
    /// The `HKMedicationDoseEvent.LogStatus` raw value.
    package var logStatus: Int
    /// The `HKMedicationDoseEvent.ScheduleType` raw value.
    package var scheduleType: Int
    /// When the dose was due, seconds since 1970.
    package var scheduledDate: Double?
    package var scheduledDoseQuantity: Double?
    /// The unit string of the quantities.
    package var unit: String

    package init(
        conceptCode: String, logStatus: Int, scheduleType: Int, scheduledDate: Double?, scheduledDoseQuantity: Double?,
        unit: String
    ) {
        self.conceptCode = conceptCode
        self.logStatus = logStatus
        self.scheduleType = scheduleType
        self.scheduledDate = scheduledDate
        self.scheduledDoseQuantity = scheduledDoseQuantity
        self.unit = unit
    }
}
