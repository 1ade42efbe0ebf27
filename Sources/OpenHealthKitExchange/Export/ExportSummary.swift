import Foundation

/// What an export wrote.
public struct ExportSummary: Codable, Sendable, Equatable {
    /// The format written.
    public var format: ExportFormat
    /// The file or folder created.
    public var destination: String
    /// The files written, relative to a folder destination (a file destination is its one file).
    public var files: [String] = []
    /// Records written, by type identifier (correlation members and workout routes count under their own type).
    public var records: [String: Int] = [:]
    /// The activity summaries (days) written.
    public var activitySummaries = 0
    /// The clinical records written.
    public var clinicalRecords = 0
    /// The records kept verbatim from an import (types the catalog does not know) written.
    public var unrecognizedRecords = 0
    /// The characteristics written (date of birth, biological sex...).
    public var characteristics = 0
    /// Records the format has no place for, by type identifier or kind (`ClinicalRecord`, `Unrecognized`).
    public var notWritten: [String: Int] = [:]
    /// Seconds.
    public var duration: Double = 0

    init(format: ExportFormat, destination: String) {
        self.format = format
        self.destination = destination
    }

    /// Every record written.
    public var recordsWritten: Int {
        records.values.reduce(0, +) + activitySummaries + clinicalRecords + unrecognizedRecords
    }
}
