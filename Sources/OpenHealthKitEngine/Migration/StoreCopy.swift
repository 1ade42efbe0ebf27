package import Foundation

/// Copies one person's store into an empty one through the storage seam (``HealthStorage``), whatever the two
/// backends: `hk migrate` between a SQLite file and a user of a PostgreSQL database, both ways, with this one code.
///
/// - Samples keep their UUIDs, sources, revisions, devices, dates, metadata, sync identifiers and versions, their
///   kind's detail with its bulk points, and their children; they are written as an app's saves are
///   (``Storage/insert(_:)``, `batchSize` samples per transaction), which maintains what the destination derives
///   (its statistics aggregates).
/// - Samples and tombstones are written in the order of their source anchors, so the destination's anchors follow
///   the same order (renumbered: a destination numbers its own changes). A tombstone is restored as HealthKit makes
///   one: its object is stored and deleted (``Storage/insert(_:)`` then ``Storage/delete(uuids:)``), which takes two
///   anchors where the source took one.
/// - Settings (grants, priorities, preferred units, characteristics, the owner's choices), activity summaries,
///   records of unknown types, medications, registered apps and the audit log (renumbered ids, same order) follow.
/// - An app's credential cannot move (the destination signs its own, with a key that never leaves it): an app is
///   copied with a credential id no credential carries, so the owner registers it again (``StoreCopyResult``).
///
/// The copy is not one transaction: a caller that must leave the destination as it was on a failure removes what
/// was written (a new file it deletes, a database user whose rows it clears).
package enum StoreCopy {
    /// Why a destination is not empty, or nil when it is: the first kind of record it holds.
    package static func contentOfNonEmpty(_ storage: any HealthStorage) async throws -> String? {
        if try await !storage.fetch(RowQuery(typeIdentifiers: [], limit: 1)).isEmpty { return "samples" }
        if try await !storage.fetchDeleted(RowQuery(typeIdentifiers: [])).isEmpty { return "deleted objects" }
        if try await !storage.settings(withPrefix: "").isEmpty { return "settings" }
        if try !storage.registeredApps().isEmpty { return "apps" }
        if try !storage.auditEntries(AuditQuery(limit: 1)).isEmpty { return "audit entries" }
        if try !storage.medications(conceptCodes: nil).isEmpty { return "medications" }
        return nil
    }

    /// Copies everything of `source` into `destination`, which must be empty (``contentOfNonEmpty(_:)``).
    package static func copy(
        from source: any HealthStorage, to destination: any HealthStorage, batchSize: Int = 5_000
    ) async throws -> StoreCopyResult {
        let content = try await StoreContent.read(source)
        try await writeSamplesAndTombstones(content, to: destination, batchSize: batchSize)
        var rest = ImportBatch()
        rest.activitySummaries = content.activitySummaries
        rest.unrecognized = content.unrecognized
        if rest.rowCount > 0 { _ = try destination.importBatch(rest) }
        if !content.settings.isEmpty { try await destination.setSettings(content.settings.mapValues { $0 }) }
        for medication in content.medications { try destination.saveMedication(medication) }
        for var app in content.apps {
            app.credentialID = "migrated-" + UUID().uuidString
            try destination.saveRegisteredApp(app)
        }
        for var entry in content.auditEntries {
            entry.id = nil
            try destination.appendAuditEntry(entry)
        }
        return StoreCopyResult(
            samples: content.records.count, appsToRegister: content.apps.filter { $0.revokedAt == nil })
    }

    /// Samples in batches and tombstones in runs, in the order of their source anchors. Samples go through
    /// ``Storage/insert(_:)``, which gives anchors in the batch's order (an import orders its rows by UUID); a sample
    /// with heartbeats (which only an import stores) goes alone in an ``ImportBatch``.
    private static func writeSamplesAndTombstones(
        _ content: StoreContent, to destination: any HealthStorage, batchSize: Int
    ) async throws {
        var sources: [String: SourceRow] = [:]
        for record in content.records { sources[record.sample.source.bundleIdentifier] = record.sample.source }
        var samples: [SampleRow] = []
        var tombstones: [DeletedRow] = []
        func flush() async throws {
            if !samples.isEmpty { _ = try await destination.insert(samples) }
            samples = []
            if !tombstones.isEmpty {
                _ = try await destination.insert(tombstones.map { placeholder(for: $0, sources: sources) })
                _ = try await destination.delete(uuids: tombstones.map(\.uuid))
            }
            tombstones = []
        }
        var records = parentsFirst(content.records)[...], deleted = content.deleted[...]
        while !records.isEmpty || !deleted.isEmpty {
            if let record = records.first, deleted.first.map({ record.sample.anchor < $0.anchor }) ?? true {
                records.removeFirst()
                if !tombstones.isEmpty || samples.count >= batchSize { try await flush() }
                let sample = withWorkoutChildren(record)
                if record.heartbeats.isEmpty {
                    samples.append(sample)
                } else {
                    try await flush()
                    var batch = ImportBatch()
                    batch.samples = [sample]
                    batch.heartbeats = record.heartbeats
                    _ = try destination.importBatch(batch)
                }
            } else if let tombstone = deleted.popFirst() {
                if !samples.isEmpty { try await flush() }
                tombstones.append(tombstone)
            }
        }
        try await flush()
    }

    /// The records in their order, except that a correlation's member stored before its correlation (an import
    /// stores the export's top-level copy of a blood-pressure value first, then joins it to its correlation) follows
    /// its correlation, which ``Storage/insert(_:)`` requires.
    static func parentsFirst(_ records: [ExportRecord]) -> [ExportRecord] {
        let stored = Set(records.map(\.sample.uuid))
        var placed = Set<UUID>(), waiting: [UUID: [ExportRecord]] = [:], ordered: [ExportRecord] = []
        ordered.reserveCapacity(records.count)
        func place(_ record: ExportRecord) {
            ordered.append(record)
            placed.insert(record.sample.uuid)
            for member in waiting.removeValue(forKey: record.sample.uuid) ?? [] { place(member) }
        }
        for record in records {
            if let parent = record.sample.correlationUUID, stored.contains(parent), !placed.contains(parent) {
                waiting[parent, default: []].append(record)
            } else {
                place(record)
            }
        }
        return ordered
    }

    /// The sample with its workout's activities and statistics in its row, where ``Storage/insert(_:)`` takes them.
    private static func withWorkoutChildren(_ record: ExportRecord) -> SampleRow {
        var sample = record.sample
        guard var workout = sample.workout else { return sample }
        if workout.activities.isEmpty { workout.activities = record.workoutActivities }
        if workout.statistics.isEmpty { workout.statistics = record.workoutStatistics }
        sample.workout = workout
        return sample
    }

    /// The object a tombstone stands for, as much of it as a tombstone keeps (its type, source and sync identity).
    private static func placeholder(for tombstone: DeletedRow, sources: [String: SourceRow]) -> SampleRow {
        let bundle = tombstone.sourceBundleIdentifier
        return SampleRow(
            uuid: tombstone.uuid, typeIdentifier: tombstone.typeIdentifier, startDate: 0, endDate: 0, value: nil,
            source: sources[bundle] ?? SourceRow(bundleIdentifier: bundle, name: bundle), revision: RevisionRow(),
            syncIdentifier: tombstone.syncIdentifier, syncVersion: tombstone.syncVersion)
    }
}

/// What ``StoreCopy/copy(from:to:batchSize:)`` did, and what is left to the owner.
package struct StoreCopyResult: Sendable {
    /// The samples copied.
    package var samples: Int
    /// The apps (not revoked) whose credentials did not move: the owner registers each again on the destination.
    package var appsToRegister: [RegisteredApp]
}
