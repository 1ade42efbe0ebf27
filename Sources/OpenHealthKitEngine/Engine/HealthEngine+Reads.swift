import Foundation
import OpenHealthKitModel

/// What an anchored read returns: samples added and objects deleted since an anchor, and the anchor to resume from.
package struct AnchoredChanges: Sendable {
    package var samples: [HKSample]
    package var deletedObjects: [HKDeletedObject]
    package var anchor: Int64
}

extension HealthEngine {
    /// The samples of `type` matching `predicate` that the principal may see, in order, up to `limit` (0: no limit).
    package func samples(
        of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort] = [], limit: Int = 0, as principal: Principal
    ) throws -> [HKSample] {
        let query = RowQuery(
            typeIdentifiers: [type.identifier], condition: try PredicateTranslation.condition(for: predicate, type: type),
            visibleSources: try visibleSources(for: type.identifier, as: principal), sort: sort, limit: limit)
        return try storageCall {
            let decoding = makeDecoding(visibleSources: query.visibleSources)
            // Decoding a correlation reads its members, which the storage cannot do in the middle of an iteration.
            if type is HKCorrelationType {
                return try storage.fetch(query).compactMap { try decoding.sample(from: $0) }
            }
            var samples: [HKSample] = []
            try storage.forEach(query) { row in
                if let sample = try decoding.sample(from: row) { samples.append(sample) }
            }
            return samples
        }
    }

    /// The changes to `type` after `anchor` that the principal may see: added samples matching `predicate` and
    /// deleted objects, in the order they happened, up to `limit` of them together (0: no limit).
    package func changes(
        of type: HKSampleType, predicate: PredicateTree?, after anchor: Int64, limit: Int = 0, as principal: Principal
    ) throws -> AnchoredChanges {
        let visible = try visibleSources(for: type.identifier, as: principal)
        let condition = try PredicateTranslation.condition(for: predicate, type: type)
        let query = RowQuery(
            typeIdentifiers: [type.identifier], condition: condition, visibleSources: visible, anchorAfter: anchor,
            sort: [RowSort(.anchor)], limit: limit)
        return try storageCall {
            let rows = try storage.fetch(query)
            let tombstones = try storage.fetchDeleted(query)
            // Merge both lists by anchor and keep the first `limit` changes.
            var events = rows.map { (anchor: $0.anchor, row: Optional($0), deleted: DeletedRow?.none) }
                + tombstones.map { (anchor: $0.anchor, row: SampleRow?.none, deleted: Optional($0)) }
            events.sort { $0.anchor < $1.anchor }
            if limit > 0, events.count > limit { events.removeLast(events.count - limit) }
            let decoding = makeDecoding(visibleSources: visible)
            var result = AnchoredChanges(samples: [], deletedObjects: [], anchor: max(anchor, events.last?.anchor ?? anchor))
            for event in events {
                if let row = event.row, let sample = try decoding.sample(from: row) { result.samples.append(sample) }
                if let deleted = event.deleted { result.deletedObjects.append(decoding.deletedObject(from: deleted)) }
            }
            return result
        }
    }

    /// The sources of the samples of `type` matching `predicate` that the principal may see.
    package func sources(of type: HKSampleType, predicate: PredicateTree?, as principal: Principal) throws -> [HKSource] {
        let query = RowQuery(
            typeIdentifiers: [type.identifier], condition: try PredicateTranslation.condition(for: predicate, type: type),
            visibleSources: try visibleSources(for: type.identifier, as: principal))
        return try storageCall { try storage.sources(query).map { HKSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier) } }
    }

    /// A decoder that fetches correlation members with the same visibility as the correlation's reader.
    private func makeDecoding(visibleSources: Set<String>?) -> RowDecoding {
        RowDecoding { [storage] uuid in
            try storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(uuid), visibleSources: visibleSources))
        }
    }
}
