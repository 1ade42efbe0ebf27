public import Foundation

extension HKQuery {
    /// A predicate that matches samples by how their time span relates to the interval from `startDate` to `endDate`.
    ///
    /// With no options a sample matches if it overlaps the interval (it ends at or after `startDate` and starts before
    /// `endDate`); `.strictStartDate` requires its start date in `[startDate, endDate)`, `.strictEndDate` its end date.
    /// A nil bound leaves that side of the interval open.
    public class func predicateForSamples(
        withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
    ) -> NSPredicate {
        HKQueryPredicate(.sampleDates(SampleDateRange(start: startDate, end: endDate, options: options)))
    }
}
