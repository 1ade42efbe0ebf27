import Foundation
package import OpenHealthKitModel

/// One part of a read over several types: a sample type and the predicate its samples must match (HealthKit's
/// `HKQueryDescriptor`, in the engine's terms).
package struct SampleFilter: Sendable {
    package var type: HKSampleType
    package var predicate: PredicateTree?

    package init(type: HKSampleType, predicate: PredicateTree?) {
        self.type = type
        self.predicate = predicate
    }
}

extension HealthEngine {
    /// The anchor of the latest committed change: where a query that watches the store starts from.
    package func currentAnchor() async throws -> Int64 {
        try await storageCall { try await storage.currentAnchor() }
    }

    /// The anchor of the latest change the principal may read: for an app, the latest of its own samples and
    /// deletions and of every source's in the types it may read; for the owner, ``currentAnchor()``. What healthd
    /// tells an app instead of the store's anchor, which would count every other app's writes. Every change after it
    /// is one the app may not read (as of the call), so reading on from it skips nothing the app may see.
    package func latestReadableAnchor(as principal: Principal) async throws -> Int64 {
        guard case .app(let app) = principal else { return try await currentAnchor() }
        try app.checkProvisioning()
        let upTo = try await currentAnchor()
        let readable = try await storageCall { try await grants.grants(app: app.bundleIdentifier) }.filter {
            $0.value.read == .authorized
        }.map(\.key)
        var queries = [RowQuery(typeIdentifiers: [], visibleSources: [app.bundleIdentifier])]
        if !readable.isEmpty { queries.append(RowQuery(typeIdentifiers: readable.sorted())) }
        // Objects of other sources the user allowed one by one (vision prescriptions).
        let prescriptions = try await readScope(for: HKObjectType.visionPrescriptionType(), as: principal)
        if !prescriptions.alsoVisibleUUIDs.isEmpty {
            queries.append(
                RowQuery(
                    typeIdentifiers: [HKVisionPrescriptionTypeIdentifier],
                    condition: .uuids(prescriptions.alsoVisibleUUIDs)))
        }
        var latest: Int64 = 0
        for var query in queries {
            query.sort = [RowSort(.anchor, ascending: false)]
            query.limit = 1
            latest = max(latest, try await storageCall { try await storage.fetch(query) }.first?.anchor ?? 0)
        }
        // Tombstones take the place of rows: only those after the latest row can be later.
        for var query in queries {
            query.anchorAfter = latest
            latest = max(
                latest, try await storageCall { try await storage.fetchDeleted(query) }.map(\.anchor).max() ?? 0)
        }
        return min(latest, upTo)
    }

    /// The changes after `anchor` that the principal may see, to samples matching any of the filters: added samples
    /// and deleted objects of the filters' types, in the order they happened, up to `limit` of them together
    /// (0: no limit).
    ///
    /// The returned anchor is that of the last change returned when the limit cut the list short, otherwise the
    /// store's anchor when the read began: resuming from it neither repeats nor skips a change, even while other
    /// writers commit during the read.
    package func changes(
        matching filters: [SampleFilter], after anchor: Int64, limit: Int = 0, as principal: Principal
    ) async throws -> AnchoredChanges {
        // Every change up to this anchor is committed, so the reads below see all of them.
        let upTo = try await currentAnchor()
        if filters.count == 1, !(filters[0].type is HKCorrelationType) {
            return try await streamedChanges(of: filters[0], after: anchor, upTo: upTo, limit: limit, as: principal)
        }
        var added: [UUID: ChangeEvent] = [:]
        var deleted: [UUID: ChangeEvent] = [:]
        var deletionTypes: Set<String> = []
        for filter in filters {
            let query = try await readScope(for: filter.type, as: principal).applied(
                to: RowQuery(
                    typeIdentifiers: [filter.type.identifier],
                    condition: try PredicateTranslation.condition(for: filter.predicate, type: filter.type),
                    anchorAfter: anchor, sort: [RowSort(.anchor)], limit: limit))
            let visible = query.visibleSources
            for row in try await storageCall({ try await storage.fetch(query) }) where row.anchor <= upTo {
                added[row.uuid] = .added(row, visibleSources: visible)
            }
            // Tombstones keep no values to match a predicate against: every deletion of the type counts, once.
            if deletionTypes.insert(filter.type.identifier).inserted {
                for tombstone in try await storageCall({ try await storage.fetchDeleted(query) })
                where tombstone.anchor <= upTo {
                    deleted[tombstone.uuid] = .deleted(tombstone)
                }
            }
        }
        var events = Array(added.values) + Array(deleted.values)
        events.sort { $0.anchor < $1.anchor }
        var result = AnchoredChanges(samples: [], deletedObjects: [], anchor: max(anchor, upTo))
        if limit > 0, events.count >= limit {
            events.removeLast(events.count - limit)
            result.anchor = events[limit - 1].anchor
        }
        try await storageCall {
            var decoders: [Set<String>?: RowDecoding] = [:]
            var last: (visible: Set<String>?, decoding: RowDecoding)?
            func decoder(_ visible: Set<String>?) -> RowDecoding {
                if let last, last.visible == visible { return last.decoding }
                let decoding = decoders[visible] ?? makeDecoding(visibleSources: visible)
                decoders[visible] = decoding
                last = (visible, decoding)
                return decoding
            }
            result.samples.reserveCapacity(events.count)
            for event in events {
                switch event {
                case .added(let row, let visible):
                    if let sample = try decoder(visible).sample(from: row) { result.samples.append(sample) }
                case .deleted(let tombstone):
                    result.deletedObjects.append(decoder(nil).deletedObject(from: tombstone))
                }
            }
        }
        return result
    }

    /// ``changes(matching:after:limit:as:)`` for one filter of a type other than a correlation (most reads): its rows
    /// come in anchor order with distinct UUIDs, so each is decoded as the storage steps to it and merged with the
    /// tombstones by anchor, with no list of rows to hash and sort. (A correlation's members are read while decoding
    /// it, which cannot happen inside `forEach`.) Returns what the general path returns.
    private func streamedChanges(
        of filter: SampleFilter, after anchor: Int64, upTo: Int64, limit: Int, as principal: Principal
    ) async throws -> AnchoredChanges {
        let query = try await readScope(for: filter.type, as: principal).applied(
            to: RowQuery(
                typeIdentifiers: [filter.type.identifier],
                condition: try PredicateTranslation.condition(for: filter.predicate, type: filter.type),
                anchorAfter: anchor, sort: [RowSort(.anchor)], limit: limit))
        // The last tombstone of each UUID, in anchor order.
        var latest: [UUID: DeletedRow] = [:]
        for tombstone in try await storageCall({ try await storage.fetchDeleted(query) }) where tombstone.anchor <= upTo
        {
            latest[tombstone.uuid] = tombstone
        }
        let tombstones = latest.values.sorted { $0.anchor < $1.anchor }
        var result = AnchoredChanges(samples: [], deletedObjects: [], anchor: max(anchor, upTo))
        var taken = 0
        var nextTombstone = 0
        let full = { limit > 0 && taken >= limit }
        let decoding = makeDecoding(visibleSources: query.visibleSources)
        func takeTombstones(before bound: Int64) {
            while nextTombstone < tombstones.count, tombstones[nextTombstone].anchor < bound, !full() {
                result.deletedObjects.append(decoding.deletedObject(from: tombstones[nextTombstone]))
                result.anchor = tombstones[nextTombstone].anchor
                nextTombstone += 1
                taken += 1
            }
        }
        try await storageCall {
            try await storage.forEach(query) { row in
                guard row.anchor <= upTo else { return }
                takeTombstones(before: row.anchor)
                guard !full() else { return }
                if let sample = try decoding.sample(from: row) { result.samples.append(sample) }
                result.anchor = row.anchor
                taken += 1
            }
        }
        takeTombstones(before: .max)
        // The anchor of the last change taken when the limit cut the list short, else the store's.
        if !full() { result.anchor = max(anchor, upTo) }
        return result
    }
}

/// A change found by an anchored read, before decoding.
private enum ChangeEvent {
    case added(SampleRow, visibleSources: Set<String>?)
    case deleted(DeletedRow)

    var anchor: Int64 {
        switch self {
        case .added(let row, _): return row.anchor
        case .deleted(let tombstone): return tombstone.anchor
        }
    }
}
