import Foundation

/// What an import read and what became of it: per type, how many were read, newly stored, already stored (an earlier
/// import, or a correlation member the export also lists on its own) and skipped (with the reasons).
///
/// For every type, `read == added + alreadyStored + skipped`.
public struct ImportSummary: Codable, Sendable, Equatable {
    public struct Counts: Codable, Sendable, Equatable {
        public var read = 0
        public var added = 0
        public var alreadyStored = 0
        public var skipped = 0

        public init(read: Int = 0, added: Int = 0, alreadyStored: Int = 0, skipped: Int = 0) {
            self.read = read
            self.added = added
            self.alreadyStored = alreadyStored
            self.skipped = skipped
        }
    }

    /// A record that was not imported, and why.
    public struct SkippedRecord: Codable, Sendable, Equatable {
        /// The line of the record's start tag (its end, for a tag written over several lines).
        public var line: Int
        public var element: String
        public var type: String?
        public var reason: String
    }

    /// Something worth knowing that lost no record: a repaired document, a characteristic left out.
    public struct Warning: Codable, Sendable, Equatable {
        public var line: Int?
        public var message: String
    }

    /// The document imported (inside an archive: `archive.zip:folder/export.xml`).
    public var document = ""
    /// The export's `ExportDate`.
    public var exportDate: Date?
    /// The export's locale (`HealthData locale`).
    public var locale: String?
    public var bytesRead: Int64 = 0
    /// Seconds.
    public var duration: TimeInterval = 0

    /// Quantity and category records, correlations and audiograms, by type identifier.
    public var records: [String: Counts] = [:]
    public var workouts = Counts()
    public var workoutRoutes = Counts()
    public var routeLocationsAdded = 0
    /// Instantaneous heart rates of heart rate variability records.
    public var heartbeatsAdded = 0
    /// `alreadyStored` counts days stored with the same values or from a later export.
    public var activitySummaries = Counts()
    public var clinicalRecords = Counts()
    /// Records the catalog does not know (by type, or by element for other elements), kept verbatim.
    public var unrecognized: [String: Counts] = [:]
    /// The characteristics set, by identifier, as exported.
    public var characteristics: [String: String] = [:]
    /// The sources of the imported records: name → the bundle identifier given to it (exports carry none).
    public var sources: [String: String] = [:]
    /// The first ``maximumListed`` skipped records.
    public var skipped: [SkippedRecord] = []
    public var skippedTotal = 0
    /// The first ``maximumListed`` warnings.
    public var warnings: [Warning] = []
    public var warningsTotal = 0
    /// Set when the document ends before its root element does (an export cut short): what was read before is
    /// imported, the rest is missing. Absent for a whole document.
    public var incomplete: Warning?

    /// How many skipped records and warnings are listed one by one.
    public static let maximumListed = 1000

    public init() {}

    /// Records, workouts and other elements read, in all.
    public var totalRead: Int {
        records.values.reduce(0) { $0 + $1.read } + workouts.read + workoutRoutes.read + activitySummaries.read
            + clinicalRecords.read + unrecognized.values.reduce(0) { $0 + $1.read }
    }

    /// Objects newly stored, in all.
    public var totalAdded: Int {
        records.values.reduce(0) { $0 + $1.added } + workouts.added + workoutRoutes.added + activitySummaries.added
            + clinicalRecords.added + unrecognized.values.reduce(0) { $0 + $1.added }
    }
}

/// How far an import has come, reported while it runs.
public struct ImportProgress: Sendable, Equatable {
    /// Bytes of the export document read (uncompressed, for a zip).
    public var bytesRead: Int64
    /// The document's size, when known.
    public var totalBytes: Int64?
    /// Records, workouts and other elements read so far.
    public var records: Int
    /// Seconds since the import started.
    public var elapsed: TimeInterval

    public var bytesPerSecond: Double { elapsed > 0 ? Double(bytesRead) / elapsed : 0 }
    public var recordsPerSecond: Double { elapsed > 0 ? Double(records) / elapsed : 0 }

    /// Between 0 and 1, when the size is known.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(Double(bytesRead) / Double(totalBytes), 1)
    }

    /// Seconds left at the current rate, when the size is known.
    public var estimatedTimeRemaining: TimeInterval? {
        guard let totalBytes, bytesPerSecond > 0 else { return nil }
        return max(Double(totalBytes - bytesRead), 0) / bytesPerSecond
    }
}
