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
/// A record's checksum covers its content in a canonical text (``StoreTally/canonical(_:)``), never what a storage
/// renumbers or keeps for itself: anchors, row ids, audit entry ids, an app's credential. Each record is hashed alone
/// and the hashes are sorted before they are combined, so the checksum does not depend on the order a backend reads
/// in. The hash is 64-bit FNV-1a: it detects a lost or changed row, not an attacker.
package enum StoreTally {
    /// The kinds of record, in the order they are reported.
    package static let tables = [
        "samples", "deletedObjects", "settings", "activitySummaries", "unrecognizedRecords", "medications", "apps",
        "auditEntries",
    ]

    /// Tallies every kind of record of `storage`.
    package static func tally(_ storage: any HealthStorage) throws -> [TableTally] {
        let content = try StoreContent.read(storage)
        var tallies: [TableTally] = []
        func add(_ table: String, _ lines: [String]) {
            tallies.append(TableTally(table: table, count: lines.count, checksum: checksum(lines)))
        }
        add("samples", content.records.map(canonical))
        add("deletedObjects", content.deleted.map { canonical($0) })
        add("settings", content.settings.map { "\($0.key)=\($0.value)" })
        add("activitySummaries", content.activitySummaries.map { "\($0)" })
        add("unrecognizedRecords", content.unrecognized.map { "\($0)" })
        add("medications", content.medications.map { "\($0)" })
        add("apps", content.apps.map(canonical))
        add("auditEntries", content.auditEntries.map(canonical))
        return tallies
    }

    /// A sample with its kind's detail, its bulk points and its children, without its anchor. Each part is a value
    /// type's description (its fields, in order), which is the same for equal values in any process. An
    /// electrocardiogram's symptoms are its detail's UUIDs (the export's list of their types is derived from them).
    static func canonical(_ record: ExportRecord) -> String {
        let sample = record.sample
        let fields: [Any?] = [
            sample.uuid, sample.typeIdentifier, sample.startDate, sample.endDate, sample.value, sample.source,
            sample.revision, sample.device, sample.metadata, sample.syncIdentifier, sample.syncVersion,
            sample.correlationUUID, sample.workout, sample.detail, record.heartbeats, record.workoutStatistics,
            record.workoutActivities,
        ]
        return fields.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: "|")
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

    /// FNV-1a of each line, sorted, then FNV-1a of the sorted hashes.
    static func checksum(_ lines: [String]) -> String {
        func fnv(_ bytes: some Sequence<UInt8>, _ hash: inout UInt64) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hashes = lines.map { line in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            fnv(line.utf8, &hash)
            return hash
        }.sorted()
        var total: UInt64 = 0xcbf2_9ce4_8422_2325
        for hash in hashes { withUnsafeBytes(of: hash.littleEndian) { fnv($0, &total) } }
        let digits = String(total, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
