import Foundation

/// What an export reads.
package struct ExportQuery: Sendable {
    /// Sample type identifiers, in the order to read them. Members (correlation members, workout routes) come with
    /// their parent whatever their type.
    package var sampleTypes: [String]
    /// Samples starting in [start, end), seconds since 1970; nil bounds are open (a clinical record starts when it was
    /// received). Unrecognized records are selected by their start date (those without one only when both bounds are
    /// nil).
    package var start: Double?
    package var end: Double?
    package var activitySummaries = false
    /// Activity summaries of the days in [firstDay, endDay), `yyyy-MM-dd`; nil bounds are open.
    package var firstDay: String?
    package var endDay: String?
    package var unrecognizedRecords = false

    package init(sampleTypes: [String], start: Double? = nil, end: Double? = nil) {
        self.sampleTypes = sampleTypes
        self.start = start
        self.end = end
    }
}
