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
    package func currentAnchor() throws -> Int64 {
        try storageCall { try storage.currentAnchor() }
    }

    /// The anchor of the latest change the principal may read: for an app, the latest of its own samples and
    /// deletions and of every source's in the types it may read; for the owner, ``currentAnchor()``. What healthd
    /// tells an app instead of the store's anchor, which would count every other app's writes. Every change after it
    /// is one the app may not read (as of the call), so reading on from it skips nothing the app may see.
    package func latestReadableAnchor(as principal: Principal) throws -> Int64 {
        guard case .app(let app) = principal else { return try currentAnchor() }
        try app.checkProvisioning()
        let upTo = try currentAnchor()
        let readable = try storageCall { try grants.grants(app: app.bundleIdentifier) }.filter {
            $0.value.read == .authorized
        }.map(\.key)
        var queries = [RowQuery(typeIdentifiers: [], visibleSources: [app.bundleIdentifier])]
        if !readable.isEmpty { queries.append(RowQuery(typeIdentifiers: readable.sorted())) }
        // Objects of other sources the user allowed one by one (vision prescriptions).
        let prescriptions = try readScope(for: HKObjectType.visionPrescriptionType(), as: principal)
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
            latest = max(latest, try storageCall { try storage.fetch(query) }.first?.anchor ?? 0)
        }
        // Tombstones take the place of rows: only those after the latest row can be later.
        for var query in queries {
            query.anchorAfter = latest
            latest = max(latest, try storageCall { try storage.fetchDeleted(query) }.map(\.anchor).max() ?? 0)
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
    ) throws -> AnchoredChanges {
        // Every change up to this anchor is committed, so the reads below see all of them.
        let upTo = try currentAnchor()
        var added: [UUID: ChangeEvent] = [:]
        var deleted: [UUID: ChangeEvent] = [:]
        var deletionTypes: Set<String> = []
        // One filter (most reads): its rows come in anchor order with distinct UUIDs, and are merged with the
        // tombstones below instead of being hashed and sorted.
        var rows: [ChangeEvent] = []
        for filter in filters {
            let query = try readScope(for: filter.type, as: principal).applied(
                to: RowQuery(
                    typeIdentifiers: [filter.type.identifier],
                    condition: try PredicateTranslation.condition(for: filter.predicate, type: filter.type),
                    anchorAfter: anchor, sort: [RowSort(.anchor)], limit: limit))
            let visible = query.visibleSources
            for row in try storageCall({ try storage.fetch(query) }) where row.anchor <= upTo {
                if filters.count == 1 {
                    rows.append(.added(row, visibleSources: visible))
                } else {
                    added[row.uuid] = .added(row, visibleSources: visible)
                }
            }
            // Tombstones keep no values to match a predicate against: every deletion of the type counts, once.
            if deletionTypes.insert(filter.type.identifier).inserted {
                for tombstone in try storageCall({ try storage.fetchDeleted(query) }) where tombstone.anchor <= upTo {
                    deleted[tombstone.uuid] = .deleted(tombstone)
                }
            }
        }
        var events: [ChangeEvent]
        if filters.count == 1 {
            events = Self.merged(rows, Array(deleted.values).sorted { $0.anchor < $1.anchor })
        } else {
            events = Array(added.values) + Array(deleted.values)
            events.sort { $0.anchor < $1.anchor }
        }
        var result = AnchoredChanges(samples: [], deletedObjects: [], anchor: max(anchor, upTo))
        if limit > 0, events.count >= limit {
            events.removeLast(events.count - limit)
            result.anchor = events[limit - 1].anchor
        }
        try storageCall {
            var decoders: [Set<String>?: RowDecoding] = [:]
            var last: (visible: Set<String>?, decoding: RowDecoding)?
            func decoder(_ visible: Set<String>?) -> RowDecoding {
                if let last, last.visible == visible { return last.decoding }
                let decoding = decoders[visible] ?? memberDecoding(visibleSources: visible)
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

    /// Two lists of changes in anchor order (anchors are distinct), merged in anchor order.
    private static func merged(_ first: [ChangeEvent], _ second: [ChangeEvent]) -> [ChangeEvent] {
        guard !second.isEmpty else { return first }
        var result: [ChangeEvent] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i].anchor < second[j].anchor) {
                result.append(first[i])
                i += 1
            } else {
                result.append(second[j])
                j += 1
            }
        }
        return result
    }

    /// A decoder that fetches correlation members with the reader's visibility.
    private func memberDecoding(visibleSources: Set<String>?) -> RowDecoding {
        RowDecoding { [storage] uuid in
            try storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(uuid), visibleSources: visibleSources))
        }
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
