import Foundation

/// Receives what an export reads (see ``ExportStorage/export(_:to:)``), in the order the export reads it. An error a
/// method throws ends the read.
package protocol ExportVisitor: AnyObject {
    /// A sample with its members and children.
    func record(_ record: ExportRecord) throws
    /// A day's activity summary.
    func activitySummary(_ summary: ActivitySummaryRow) throws
    /// A record of a type the catalog does not know.
    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws
}
