public import Foundation

/// What an import read and what became of it: per type, how many were read, newly stored, already stored (an earlier
/// import, or a correlation member the export also lists on its own) and skipped (with the reasons).
///
/// For every type, `read == added + alreadyStored + skipped`.
public struct ImportSummary: Codable, Sendable, Equatable {
    /// How many records of a kind the import read and what became of them.
    public struct Counts: Codable, Sendable, Equatable {
        /// Records read.
        public var read = 0
        /// Records stored by this import.
        public var added = 0
        /// Records already in the store, e.g. from an earlier import of the same export.
        public var alreadyStored = 0
        /// Records left out; each is listed in ``ImportSummary/skipped`` (up to ``ImportSummary/maximumListed``).
        public var skipped = 0

        /// Counts with these values.
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
        /// The record's element name, e.g. `Record`, `Workout`.
        public var element: String
        /// The record's type identifier, when it has one.
        public var type: String?
        /// Why the record was left out.
        public var reason: String
    }

    /// Skipped records of one element, type and reason: how many, and the lines of the first few.
    public struct SkippedGroup: Codable, Sendable, Equatable {
        /// The records' element name, e.g. `Record`.
        public var element: String
        /// Their type identifier, when they have one.
        public var type: String?
        /// Why they were left out.
        public var reason: String
        /// How many records were skipped for this reason.
        public var count: Int
        /// The lines of the first ``ImportSummary/linesPerGroup`` of them.
        public var lines: [Int]
    }

    /// A file of the export that was not read, and why.
    public struct UnimportedFile: Codable, Sendable, Equatable {
        /// Its path in the archive or folder, e.g. `apple_health_export/workout-routes/route_1.gpx`.
        public var path: String
        /// Why it was not read.
        public var reason: String
    }

    /// Something worth knowing that lost no record: a repaired document, a characteristic left out.
    public struct Warning: Codable, Sendable, Equatable {
        /// The line the warning is about, when it is about one.
        public var line: Int?
        /// What happened.
        public var message: String
    }

    /// The document imported (inside an archive: `archive.zip:folder/export.xml`).
    public var document = ""
    /// The export's `ExportDate`.
    public var exportDate: Date?
    /// The export's locale (`HealthData locale`).
    public var locale: String?
    /// The time zone most of the export's records name in their `HKTimeZone` metadata (a name `TimeZone` knows),
    /// when any does: where the person lived as the records were made.
    public var timeZone: String?
    /// Bytes of the document read (uncompressed, for a zip).
    public var bytesRead: Int64 = 0
    /// Seconds.
    public var duration: TimeInterval = 0

    /// Quantity and category records, correlations and audiograms, by type identifier.
    public var records: [String: Counts] = [:]
    /// Workouts.
    public var workouts = Counts()
    /// Workout routes.
    public var workoutRoutes = Counts()
    /// Route locations stored by new workout routes.
    public var routeLocationsAdded = 0
    /// Instantaneous heart rates of heart rate variability records.
    public var heartbeatsAdded = 0
    /// `alreadyStored` counts days stored with the same values or from a later export.
    public var activitySummaries = Counts()
    /// Clinical records (FHIR resources of the export's clinical-records folder).
    public var clinicalRecords = Counts()
    /// Records the catalog does not know (by type, or by element for other elements), kept verbatim.
    public var unrecognized: [String: Counts] = [:]
    /// The characteristics set, by identifier, as exported.
    public var characteristics: [String: String] = [:]
    /// The sources of the imported records: name → the bundle identifier given to it (exports carry none).
    public var sources: [String: String] = [:]
    /// The first ``maximumListed`` skipped records.
    public var skipped: [SkippedRecord] = []
    /// How many records were skipped in all, listed or not.
    public var skippedTotal = 0
    /// The skipped records grouped by element, type and reason, in the order each group first occurred (the first
    /// ``maximumListed`` groups; later ones are counted in ``skippedTotal`` only).
    public var skippedGroups: [SkippedGroup] = []
    /// The export's files read: the document and the route and FHIR files its records refer to.
    public var filesRead = 0
    /// The export's other files and why each was not read (the first ``maximumListed``).
    public var unimportedFiles: [UnimportedFile] = []
    /// How many files were not read, listed or not.
    public var unimportedFilesTotal = 0
    /// The first ``maximumListed`` warnings.
    public var warnings: [Warning] = []
    /// How many warnings there were in all, listed or not.
    public var warningsTotal = 0
    /// Set when the document ends before its root element does (an export cut short): what was read before is
    /// imported, the rest is missing. Absent for a whole document.
    public var incomplete: Warning?

    /// How many skipped records, groups, files and warnings are listed one by one.
    public static let maximumListed = 1000
    /// How many lines a group of skipped records lists.
    public static let linesPerGroup = 5

    /// An empty summary.
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
    /// Objects stored so far: what committed batches added (what is already committed stays if the import stops).
    public var added = 0
    /// The identifiers of the types committed batches added to.
    public var typesAdded: Set<String> = []

    /// Bytes read per second so far; 0 at the start.
    public var bytesPerSecond: Double { elapsed > 0 ? Double(bytesRead) / elapsed : 0 }
    /// Records read per second so far; 0 at the start.
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
