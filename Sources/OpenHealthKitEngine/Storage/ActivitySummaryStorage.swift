import Foundation

/// A storage that keeps activity summaries (the import's `activity_summary` records) and can read them back.
package protocol ActivitySummaryStorage: Storage {
    /// The summaries of the days from `firstDay` through `lastDay` (`yyyy-MM-dd`, both included; nil bounds are
    /// open), by day.
    func activitySummaries(firstDay: String?, lastDay: String?) throws -> [ActivitySummaryRow]
}
