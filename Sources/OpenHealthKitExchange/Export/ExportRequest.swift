public import Foundation

/// A format ``HealthExporter`` writes.
public enum ExportFormat: String, CaseIterable, Sendable, Codable {
    /// Apple Health's export (`export.xml` with its clinical records), in a folder or a `.zip`, or the document alone
    /// in a `.xml` file.
    case appleXML = "apple-xml"
    /// A FHIR R4 Bundle of Observations, one JSON file.
    case fhir
    /// One CSV file per type, in a folder.
    case csv
}

/// What to export, where.
public struct ExportRequest: Sendable {
    /// The format to write.
    public var format: ExportFormat
    /// The file or folder to create; it must not exist yet.
    public var destination: URL
    /// The types to export, by raw identifier (sample types, `HKActivitySummaryTypeIdentifier`, characteristic types,
    /// `HKDataTypeIdentifierAudiogram`); nil exports everything, including clinical records and records kept verbatim.
    public var typeIdentifiers: [String]?
    /// Samples starting in [start, end); nil bounds are open.
    public var start: Date?
    /// The end of the samples' start dates, excluded; nil: no end.
    public var end: Date?
    /// The time zone dates are written in (and activity summary days are selected in).
    public var timeZone: TimeZone

    /// The type identifier of audiograms (stored as samples; the catalog has no audiogram type yet).
    public static let audiogramTypeIdentifier = ExportTypeKind.audiogramIdentifier

    /// A request; the defaults export every type, at every date, with dates in the current time zone.
    public init(
        format: ExportFormat, destination: URL, typeIdentifiers: [String]? = nil, start: Date? = nil, end: Date? = nil,
        timeZone: TimeZone = .current
    ) {
        self.format = format
        self.destination = destination
        self.typeIdentifiers = typeIdentifiers
        self.start = start
        self.end = end
        self.timeZone = timeZone
    }
}
