import Foundation
package import OpenHealthKitModel

/// What an anchored read returns: samples added and objects deleted since an anchor, and the anchor to resume from.
package struct AnchoredChanges: Sendable {
    package var samples: [HKSample]
    package var deletedObjects: [HKDeletedObject]
    package var anchor: Int64
}

extension HealthEngine {
    /// The samples of `type` matching `predicate` that the principal may see, in order, up to `limit` (0: no limit).
    package func samples(
        of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort] = [], limit: Int = 0, as principal: Principal,
        documentContent: DocumentContent = .none
    ) async throws -> [HKSample] {
        var query = try await readScope(for: type, as: principal).applied(
            to: RowQuery(
                typeIdentifiers: [type.identifier],
                condition: try PredicateTranslation.condition(for: predicate, type: type), sort: sort, limit: limit))
        query.includesDocumentData = documentContent == .headerAndData
        return try await storageCall {
            let decoding = makeDecoding(visibleSources: query.visibleSources)
            decoding.documentContent = documentContent
            // A correlation's members are read from the storage while decoding it, which cannot happen inside a read
            // (the storage is not reentrant): correlations are fetched first, then decoded.
            if type is HKCorrelationType {
                return try await storage.fetch(query).compactMap { try decoding.sample(from: $0) }
            }
            // Decoded as the storage reads them, and put in the query's order after: what is buffered is objects, not
            // rows.
            var samples: [HKSample] = []
            var keys: [Int64] = []
            try await storage.forEachInReadOrder(query) { row, key in
                guard let sample = try decoding.sample(from: row) else { return }
                samples.append(sample)
                keys.append(key)
            }
            return ReadOrder.positions(sorting: keys).map { $0.map { samples[$0] } } ?? samples
        }
    }

    /// The sources of the samples of `type` matching `predicate` that the principal may see.
    package func sources(of type: HKSampleType, predicate: PredicateTree?, as principal: Principal) async throws
        -> [HKSource]
    {
        let query = try await readScope(for: type, as: principal).applied(
            to: RowQuery(
                typeIdentifiers: [type.identifier],
                condition: try PredicateTranslation.condition(for: predicate, type: type)))
        return try await storageCall {
            try await storage.sources(query).map { HKSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier) }
        }
    }

    /// A decoder that fetches correlation members with the same visibility as the correlation's reader.
    ///
    /// Correlations are decoded after their read (never inside a storage's row callback), but `RowDecoding` decodes
    /// synchronously, so it fetches their members inline (``InlineExecution``): every storage executes its reads
    /// synchronously today. (A storage whose reads suspend needs the correlation's decoding made async.)
    func makeDecoding(visibleSources: Set<String>?) -> RowDecoding {
        RowDecoding { [storage] uuid in
            try InlineExecution.complete {
                try await storage.fetch(
                    RowQuery(typeIdentifiers: [], condition: .memberOf(uuid), visibleSources: visibleSources))
            }
        }
    }
}
