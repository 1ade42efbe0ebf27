public import Foundation

extension HKQuery {
    /// A predicate that matches medications (`HKUserAnnotatedMedicationQuery`) archived or not.
    public class func predicateForUserAnnotatedMedications(isArchived: Bool) -> NSPredicate {
        HKQueryPredicate(.medicationArchived(isArchived))
    }

    /// A predicate that matches medications with a schedule, or taken only as needed.
    public class func predicateForUserAnnotatedMedications(hasSchedule: Bool) -> NSPredicate {
        HKQueryPredicate(.medicationHasSchedule(hasSchedule))
    }

    /// A predicate that matches the dose events of one medication.
    public class func predicateForMedicationDoseEvent(medicationConceptIdentifier: HKHealthConceptIdentifier)
        -> NSPredicate
    {
        HKQueryPredicate(.doseEventConcepts([medicationConceptIdentifier.code]))
    }

    /// A predicate that matches the dose events of any of these medications.
    public class func predicateForMedicationDoseEvent(
        medicationConceptIdentifiers: Set<HKHealthConceptIdentifier>
    ) -> NSPredicate {
        HKQueryPredicate(.doseEventConcepts(Set(medicationConceptIdentifiers.map(\.code))))
    }

    /// A predicate that matches dose events with `status`.
    public class func predicateForMedicationDoseEvent(status: HKMedicationDoseEvent.LogStatus) -> NSPredicate {
        HKQueryPredicate(.doseEventStatuses([status.rawValue]))
    }

    /// A predicate that matches dose events with any of these statuses (``HKMedicationDoseEvent/LogStatus`` raw
    /// values); a number that is no status raises `NSInvalidArgumentException`.
    public class func predicateForMedicationDoseEvent(statuses: Set<NSNumber>) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            var raw: Set<Int> = []
            for status in statuses {
                guard HKMedicationDoseEvent.LogStatus(rawValue: status.intValue) != nil,
                    Double(status.intValue) == status.doubleValue
                else {
                    throw HKError.invalidArgument("\(status) is not an HKMedicationDoseEvent.LogStatus raw value")
                }
                raw.insert(status.intValue)
            }
            return .doseEventStatuses(raw)
        }
    }

    /// A predicate that matches dose events scheduled at exactly `scheduledDate`.
    public class func predicateForMedicationDoseEvent(scheduledDate: Date) -> NSPredicate {
        HKQueryPredicate(.doseEventScheduledDates([scheduledDate]))
    }

    /// A predicate that matches dose events scheduled at exactly one of `scheduledDates`.
    public class func predicateForMedicationDoseEvent(scheduledDates: Set<Date>) -> NSPredicate {
        HKQueryPredicate(.doseEventScheduledDates(scheduledDates))
    }

    /// A predicate that matches dose events scheduled from `startDate` (included) to `endDate` (excluded); a nil
    /// bound is open. Doses taken as needed have no scheduled date and never match.
    public class func predicateForMedicationDoseEvent(scheduledStart startDate: Date?, end endDate: Date?)
        -> NSPredicate
    {
        HKQueryPredicate(.doseEventScheduledRange(start: startDate, end: endDate))
    }
}
