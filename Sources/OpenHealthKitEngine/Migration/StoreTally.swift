package import Foundation

/// What one store holds of one kind of record: how many, and a checksum of their content that does not depend on
/// the backend (see ``StoreTally``).
package struct TableTally: Sendable, Equatable {
    /// The kind of record, as `hk migrate` names it (`samples`, `deletedObjects`...).
    package var table: String
    package var count: Int
    /// 16 hexadecimal digits.
    package var checksum: String
}

/// Counts and checksums, kind by kind, of everything ``StoreCopy`` moves, read through the storage seam so that a
/// SQLite file and a user of a PostgreSQL database are measured by the same code.
///
/// A record's checksum covers its content (a sample's fields hashed one by one, other records' canonical text),
/// never what a storage renumbers or keeps for itself: anchors, row ids, audit entry ids, an app's credential. Each record is hashed alone
/// and the hashes are sorted before they are combined, so the checksum does not depend on the order a backend reads
/// in. The hash is 64-bit FNV-1a: it detects a lost or changed row, not an attacker.
package enum StoreTally {
    /// The kinds of record, in the order they are reported.
    package static let tables = [
        "samples", "deletedObjects", "settings", "activitySummaries", "unrecognizedRecords", "medications", "apps",
        "auditEntries",
    ]

    /// Tallies every kind of record of `storage`.
    package static func tally(_ storage: any HealthStorage) async throws -> [TableTally] {
        let content = try await StoreContent.read(storage)
        var tallies: [TableTally] = []
        func add(_ table: String, _ lines: [String]) {
            tallies.append(TableTally(table: table, count: lines.count, checksum: checksum(lines)))
        }
        tallies.append(
            TableTally(table: "samples", count: content.records.count, checksum: checksum(content.records.map(hash))))
        add("deletedObjects", content.deleted.map { canonical($0) })
        add("settings", content.settings.map { "\($0.key)=\($0.value)" })
        add("activitySummaries", content.activitySummaries.map { "\($0)" })
        add("unrecognizedRecords", content.unrecognized.map { "\($0)" })
        add("medications", content.medications.map { "\($0)" })
        add("apps", content.apps.map(canonical))
        add("auditEntries", content.auditEntries.map(canonical))
        return tallies
    }

    /// A sample with its kind's detail, its bulk points and its children, without its anchor: its fields hashed one
    /// by one (``ContentHash``). An electrocardiogram's symptoms are its detail's UUIDs (the export's list of their
    /// types is derived from them).
    static func hash(_ record: ExportRecord) -> UInt64 {
        let sample = record.sample
        var hash = ContentHash()
        hash.add(sample.uuid)
        hash.add(sample.typeIdentifier)
        hash.add(sample.startDate)
        hash.add(sample.endDate)
        hash.add(sample.value) { $0.add($1) }
        for field in [sample.source.bundleIdentifier, sample.source.name] { hash.add(field) }
        let revision = sample.revision
        for field in [revision.version, revision.productType, revision.operatingSystemVersion] { hash.add(field) }
        hash.add(sample.device) { hash, device in for field in device.fields { hash.add(field) } }
        hash.add(sample.metadata) { $0.add($1) }
        hash.add(sample.syncIdentifier) { $0.add($1) }
        hash.add(sample.syncVersion) { $0.add($1) }
        hash.add(sample.correlationUUID) { $0.add($1) }
        hash.add(sample.workout) { $0.add(describing: $1) }
        hash.add(sample.detail) { $0.add(describing: $1) }
        hash.add(describing: record.heartbeats)
        hash.add(describing: record.workoutStatistics)
        hash.add(describing: record.workoutActivities)
        return hash.value
    }

    /// A tombstone without its anchor.
    static func canonical(_ row: DeletedRow) -> String {
        var row = row
        row.anchor = 0
        return "\(row)"
    }

    /// An app's registration without its credential (the destination issues its own).
    static func canonical(_ app: RegisteredApp) -> String {
        "\(app.manifest)|\(app.registeredAt.timeIntervalSince1970)|\(app.revokedAt?.timeIntervalSince1970 as Any)"
    }

    /// An audit entry without its id (the destination numbers its own, in the same order).
    static func canonical(_ entry: AuditEntry) -> String {
        var entry = entry
        entry.id = nil
        return "\(entry)"
    }

    /// The hash of each line, sorted, then hashed together.
    static func checksum(_ lines: [String]) -> String {
        checksum(
            lines.map { line in
                var hash = ContentHash()
                hash.add(bytes: line.utf8)
                return hash.value
            })
    }

    /// The hashes sorted (so that the order a backend reads in does not matter), then hashed together, in 16
    /// hexadecimal digits.
    static func checksum(_ hashes: [UInt64]) -> String {
        var total = ContentHash()
        for hash in hashes.sorted() { total.add(hash) }
        let digits = String(total.value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
