public import Foundation

/// A logged dose of a medication: taken, skipped, snoozed... with the quantity taken and, for a scheduled dose, when
/// it was due and how much was due.
///
/// Apps read dose events and never create them (in HealthKit the Health app logs them; here the owner does, in Health
/// or with `hk medications log`). An app reads the dose events of the medications the user shared with it.
public final class HKMedicationDoseEvent: HKSample, @unchecked Sendable {
    /// The scheduling context: logged as needed, or from a scheduled reminder.
    public let scheduleType: ScheduleType
    /// The medication the dose belongs to (its ``HKMedicationConcept/identifier``).
    public let medicationConceptIdentifier: HKHealthConceptIdentifier
    /// When a scheduled dose was due; nil for a dose taken as needed.
    public let scheduledDate: Date?
    /// The quantity a scheduled dose was due; nil for a dose taken as needed.
    public let scheduledDoseQuantity: Double?
    /// The quantity reported taken.
    public let doseQuantity: Double?
    /// What was logged for the dose.
    public let logStatus: LogStatus
    /// The unit of the dose quantities.
    public let unit: HKUnit

    package init(
        uuid: UUID, date: Date, scheduleType: ScheduleType, medicationConceptIdentifier: HKHealthConceptIdentifier,
        scheduledDate: Date?, scheduledDoseQuantity: Double?, doseQuantity: Double?, logStatus: LogStatus,
        unit: HKUnit, device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.scheduleType = scheduleType
        self.medicationConceptIdentifier = medicationConceptIdentifier
        self.scheduledDate = scheduledDate
        self.scheduledDoseQuantity = scheduledDoseQuantity
        self.doseQuantity = doseQuantity
        self.logStatus = logStatus
        self.unit = unit
        super.init(
            uuid: uuid, sampleType: HKObjectType.medicationDoseEventType(), start: date, end: date, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    /// The data type of dose events.
    public var medicationDoseEventType: HKMedicationDoseEventType { HKObjectType.medicationDoseEventType() }

    package override func validate() throws(HKError) {
        try super.validate()
        try MedicationDoseEventValidation.validate(self)
    }

    package override var valueDescription: String? { doseQuantity.map { "\($0) \(unit.unitString)" } }

    /// The status logged for a dose.
    public enum LogStatus: Int, Sendable, CaseIterable {
        /// Nobody answered the reminder of a scheduled dose.
        case notInteracted = 1
        /// The reminder of a scheduled dose could not be delivered.
        case notificationNotSent
        /// The reminder was snoozed.
        case snoozed
        /// The dose was taken.
        case taken
        /// The dose was skipped.
        case skipped
        /// A status logged before was undone.
        case notLogged
    }

    /// Whether a dose was logged as needed or from a schedule.
    public enum ScheduleType: Int, Sendable, CaseIterable {
        /// Logged on its own, outside any schedule.
        case asNeeded = 1
        /// Logged from a scheduled reminder.
        case schedule
    }

    /// Archives the dose event: schedule, medication, dates, quantities, status and unit.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(scheduleType.rawValue, forKey: "scheduleType")
        coder.encode(medicationConceptIdentifier, forKey: "medicationConceptIdentifier")
        coder.encodeDate(scheduledDate, forKey: "scheduledDate")
        coder.encodeOptionalDouble(scheduledDoseQuantity, forKey: "scheduledDoseQuantity")
        coder.encodeOptionalDouble(doseQuantity, forKey: "doseQuantity")
        coder.encode(logStatus.rawValue, forKey: "logStatus")
        coder.encode(unit, forKey: "unit")
    }

    /// Unarchives a dose event; nil without a known schedule type and log status, a medication or a unit.
    public required init?(coder: NSCoder) {
        guard let scheduleType = coder.decodeEnum(ScheduleType.self, forKey: "scheduleType"),
            let medication = coder.decodeIfPresent(
                HKHealthConceptIdentifier.self, forKey: "medicationConceptIdentifier"),
            let logStatus = coder.decodeEnum(LogStatus.self, forKey: "logStatus"),
            let unit = coder.decodeIfPresent(HKUnit.self, forKey: "unit")
        else { return nil }
        self.scheduleType = scheduleType
        medicationConceptIdentifier = medication
        scheduledDate = coder.decodeDate(forKey: "scheduledDate")
        scheduledDoseQuantity = coder.decodeOptionalDouble(forKey: "scheduledDoseQuantity")
        doseQuantity = coder.decodeOptionalDouble(forKey: "doseQuantity")
        self.logStatus = logStatus
        self.unit = unit
        super.init(coder: coder)
    }
}

/// The checks a dose event gets when the owner logs one.
package enum MedicationDoseEventValidation {
    /// A scheduled dose has its due date and due quantity, a dose as needed has neither; quantities are finite and
    /// not negative; the concept is a medication.
    package static func validate(_ event: HKMedicationDoseEvent) throws(HKError) {
        guard event.medicationConceptIdentifier.domain == .medication else {
            throw HKError.invalidArgument("A dose event's concept must be in the medication domain")
        }
        switch event.scheduleType {
        case .schedule:
            guard event.scheduledDate != nil, event.scheduledDoseQuantity != nil else {
                throw HKError.invalidArgument("A scheduled dose needs its scheduled date and scheduled dose quantity")
            }
        case .asNeeded:
            guard event.scheduledDate == nil, event.scheduledDoseQuantity == nil else {
                throw HKError.invalidArgument("A dose taken as needed has no scheduled date or scheduled quantity")
            }
        }
        if let date = event.scheduledDate, !SampleValidation.isSampleDate(date) {
            throw HKError.invalidArgument("The scheduled date is not a valid date")
        }
        for (name, quantity) in [
            ("doseQuantity", event.doseQuantity), ("scheduledDoseQuantity", event.scheduledDoseQuantity),
        ] {
            guard let quantity else { continue }
            guard quantity.isFinite, quantity >= 0, quantity <= 1e6 else {
                throw HKError.invalidArgument("\(name) \(quantity) is not a dose: it must be between 0 and 1,000,000")
            }
        }
    }
}
