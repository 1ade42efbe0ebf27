public import Foundation

extension HKQuery {
    /// A predicate that matches the activity summary of the day `dateComponents` name (their year, month and day in
    /// their calendar; the Gregorian calendar when they have none).
    ///
    /// Components without a year, a month and a day raise `NSInvalidArgumentException`.
    public class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            let day = try ActivitySummaryDay.key(from: dateComponents)
            return .activitySummaryDays(first: day, last: day)
        }
    }

    /// A predicate that matches the activity summaries of the days from the one `startDateComponents` name through
    /// the one `endDateComponents` name, both included.
    ///
    /// Components without a year, a month and a day raise `NSInvalidArgumentException`.
    public class func predicate(
        forActivitySummariesBetweenStart startDateComponents: DateComponents, end endDateComponents: DateComponents
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .activitySummaryDays(
                first: try ActivitySummaryDay.key(from: startDateComponents),
                last: try ActivitySummaryDay.key(from: endDateComponents))
        }
    }
}
