package import Foundation

/// How far an import has come, as the host's importer reports it.
package struct ImportProgressReport: Sendable, Equatable {
    /// Bytes of the export document read (uncompressed, for a zip).
    package var bytesRead: Int64
    /// The document's size, when known.
    package var totalBytes: Int64?
    /// Records, workouts and other elements read so far.
    package var records: Int
    /// Seconds since the import started.
    package var elapsed: TimeInterval

    package init(bytesRead: Int64, totalBytes: Int64?, records: Int, elapsed: TimeInterval) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.records = records
        self.elapsed = elapsed
    }
}

/// What an import did, as the Import page shows it: per type or element, how many were read, added, already
/// stored and skipped; the skipped records with their reasons; warnings.
package struct ImportReport: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
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

    package struct Skipped: Sendable, Equatable {
        package var line: Int
        /// The element, and its type when it has one: `Record HKQuantityTypeIdentifierBodyMass`.
        package var record: String
        package var reason: String

        package init(line: Int, record: String, reason: String) {
            self.line = line
            self.record = record
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
    /// The first skipped records (``skippedTotal`` in all).
    package var skipped: [Skipped]
    package var skippedTotal: Int
    /// The first warnings (``warningsTotal`` in all).
    package var warnings: [String]
    package var warningsTotal: Int
    /// The identifiers of the types something was added to (for the audit log).
    package var typesAdded: [String]
    /// Why the document is incomplete (it ends early: what came before was imported), or nil for a whole document.
    package var incomplete: String?

    package init(
        document: String, types: [Line], others: [Line], routeLocationsAdded: Int, heartbeatsAdded: Int,
        skipped: [Skipped],
        skippedTotal: Int, warnings: [String], warningsTotal: Int, typesAdded: [String], incomplete: String? = nil
    ) {
        self.document = document
        self.types = types
        self.others = others
        self.routeLocationsAdded = routeLocationsAdded
        self.heartbeatsAdded = heartbeatsAdded
        self.skipped = skipped
        self.skippedTotal = skippedTotal
        self.warnings = warnings
        self.warningsTotal = warningsTotal
        self.typesAdded = typesAdded
        self.incomplete = incomplete
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
