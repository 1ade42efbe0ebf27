package import Foundation

/// How far an import has come, as the host's importer reports it.
package struct ImportProgressReport: Sendable, Equatable, Codable {
    /// Bytes of the export document read (uncompressed, for a zip).
    package var bytesRead: Int64
    /// The document's size, when known.
    package var totalBytes: Int64?
    /// Records, workouts and other elements read so far.
    package var records: Int
    /// Seconds since the import started.
    package var elapsed: TimeInterval
    /// Objects committed to the store so far (they stay whatever happens to the import).
    package var added: Int
    /// The identifiers of the types committed batches added to.
    package var typesAdded: [String]

    package init(
        bytesRead: Int64, totalBytes: Int64?, records: Int, elapsed: TimeInterval, added: Int = 0,
        typesAdded: [String] = []
    ) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.records = records
        self.elapsed = elapsed
        self.added = added
        self.typesAdded = typesAdded
    }
}

/// What an import did, as the Import page shows it: per type or element, how many were read, added, already
/// stored and skipped; the skipped records with their reasons; warnings.
package struct ImportReport: Sendable, Equatable, Codable {
    package struct Line: Sendable, Equatable, Codable {
        /// A type identifier (``ImportReport/types``) or a name for people (``ImportReport/others``).
        package var name: String
        package var read: Int
        package var added: Int
        package var alreadyStored: Int
        package var skipped: Int

        package init(name: String, read: Int, added: Int, alreadyStored: Int, skipped: Int) {
            self.name = name
            self.read = read
            self.added = added
            self.alreadyStored = alreadyStored
            self.skipped = skipped
        }
    }

    /// Skipped records of one element, type and reason.
    package struct SkippedGroup: Sendable, Equatable, Codable {
        /// The element (`Record`, `Workout`...).
        package var element: String
        /// Their type identifier, when they have one.
        package var type: String?
        package var reason: String
        package var count: Int
        /// The lines of the first few.
        package var lines: [Int]

        package init(element: String, type: String?, reason: String, count: Int, lines: [Int]) {
            self.element = element
            self.type = type
            self.reason = reason
            self.count = count
            self.lines = lines
        }
    }

    /// A file of the export that was not read, and why.
    package struct File: Sendable, Equatable, Codable {
        package var path: String
        package var reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The document imported (inside an archive: `export.zip:apple_health_export/export.xml`).
    package var document: String
    /// Quantity and category types, correlations and audiograms, by type identifier.
    package var types: [Line]
    /// Workouts, routes, activity summaries, clinical records and what was kept as exported, named for people.
    package var others: [Line]
    package var routeLocationsAdded: Int
    package var heartbeatsAdded: Int
    /// The skipped records by element, type and reason (``skippedTotal`` in all).
    package var skipped: [SkippedGroup]
    package var skippedTotal: Int
    /// The files of the export read (the document and the files its records refer to).
    package var filesRead: Int
    /// The other files, each with why it was not read (``unimportedFilesTotal`` in all).
    package var unimportedFiles: [File]
    package var unimportedFilesTotal: Int
    /// The first warnings (``warningsTotal`` in all).
    package var warnings: [String]
    package var warningsTotal: Int
    /// The identifiers of the types something was added to (for the audit log).
    package var typesAdded: [String]
    /// Why the document is incomplete (it ends early: what came before was imported), or nil for a whole document.
    package var incomplete: String?
    /// The time zone the export's records name most (their `HKTimeZone`), which the page offers to days.
    package var timeZone: String?

    package init(
        document: String, types: [Line], others: [Line], routeLocationsAdded: Int, heartbeatsAdded: Int,
        skipped: [SkippedGroup], skippedTotal: Int, filesRead: Int = 1, unimportedFiles: [File] = [],
        unimportedFilesTotal: Int = 0, warnings: [String], warningsTotal: Int, typesAdded: [String],
        incomplete: String? = nil, timeZone: String? = nil
    ) {
        self.document = document
        self.types = types
        self.others = others
        self.routeLocationsAdded = routeLocationsAdded
        self.heartbeatsAdded = heartbeatsAdded
        self.skipped = skipped
        self.skippedTotal = skippedTotal
        self.filesRead = filesRead
        self.unimportedFiles = unimportedFiles
        self.unimportedFilesTotal = unimportedFilesTotal
        self.warnings = warnings
        self.warningsTotal = warningsTotal
        self.typesAdded = typesAdded
        self.incomplete = incomplete
        self.timeZone = timeZone
    }

    /// Every line summed.
    package var total: Line {
        (types + others).reduce(into: Line(name: "Total", read: 0, added: 0, alreadyStored: 0, skipped: 0)) {
            total, line in
            total.read += line.read
            total.added += line.added
            total.alreadyStored += line.alreadyStored
            total.skipped += line.skipped
        }
    }
}
