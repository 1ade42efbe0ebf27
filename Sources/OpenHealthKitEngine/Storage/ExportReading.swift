import Foundation

/// A storage's reader of an export's records, a kind at a time, inside its snapshot; ``visit(_:with:)`` reads them
/// in the order ``ExportStorage/export(_:to:)`` promises, so that every storage keeps it.
package protocol ExportReading {
    /// The samples of a type starting in [start, end) (nil bounds are open), by start date, each with its members
    /// and children.
    func forEachRecord(ofType type: String, start: Double?, end: Double?, _ body: (ExportRecord) throws -> Void) throws
    /// The activity summaries of the days in [firstDay, endDay), by day.
    func forEachActivitySummary(firstDay: String?, endDay: String?, _ body: (ActivitySummaryRow) throws -> Void)
        throws
    /// The unrecognized records starting in [start, end) (those without a start only when both bounds are nil), in
    /// the order they were stored.
    func forEachUnrecognizedRecord(start: Double?, end: Double?, _ body: (UnrecognizedRecordRow) throws -> Void)
        throws
}

extension ExportReading {
    /// Hands `visitor` what `query` selects: the samples of each of its types in that order, then the activity
    /// summaries and the unrecognized records it asks for.
    package func visit(_ query: ExportQuery, with visitor: any ExportVisitor) throws {
        for type in query.sampleTypes {
            try forEachRecord(ofType: type, start: query.start, end: query.end) { try visitor.record($0) }
        }
        if query.activitySummaries {
            try forEachActivitySummary(firstDay: query.firstDay, endDay: query.endDay) {
                try visitor.activitySummary($0)
            }
        }
        if query.unrecognizedRecords {
            try forEachUnrecognizedRecord(start: query.start, end: query.end) { try visitor.unrecognizedRecord($0) }
        }
    }
}
