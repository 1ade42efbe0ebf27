import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// The identifiers of the sample types with stored samples, sorted. Only the owner exports.
    package func storedSampleTypes(as principal: Principal) async throws -> [String] {
        try checkOwner(principal)
        return try await storageCall { try storage.storedSampleTypes() }
    }

    /// The devices stored samples name. Only the owner lists them.
    package func storedDevices(as principal: Principal) async throws -> [DeviceRow] {
        try checkOwner(principal)
        return try await storageCall { try storage.storedDevices() }
    }

    /// Every source with stored samples, with the identifiers of the types it stored, sorted by name. Each type's
    /// sources are read from the index (each source's first sample of the type), never the samples. Only the owner
    /// lists them.
    package func storedSources(as principal: Principal) async throws -> [(source: SourceRow, types: [String])] {
        try checkOwner(principal)
        var typesBySource: [SourceRow: [String]] = [:]
        for type in try await storageCall({ try storage.storedSampleTypes() }) {
            for source in try await sourcesInFirstSampleOrder(of: type) {
                typesBySource[source, default: []].append(type)
            }
        }
        return typesBySource.map { (source: $0.key, types: $0.value) }.sorted {
            ($0.source.name, $0.source.bundleIdentifier) < ($1.source.name, $1.source.bundleIdentifier)
        }
    }

    /// Reads the records `query` selects into `visitor`, in one snapshot (see ``ExportStorage/export(_:to:)``). Only
    /// the owner exports: an export holds every source's data.
    ///
    /// An error `visitor` throws ends the read and is rethrown as it is.
    package func export(_ query: ExportQuery, to visitor: any ExportVisitor, as principal: Principal) async throws {
        try checkOwner(principal)
        let guarded = GuardedVisitor(visitor)
        do {
            try await storageCall { try storage.export(query, to: guarded) }
        } catch {
            throw guarded.failure ?? error
        }
    }

    func checkOwner(_ principal: Principal) throws {
        guard case .owner = principal else {
            throw HKError(.errorAuthorizationDenied, "Only the owner of the store can export it")
        }
    }
}

/// Remembers the visitor's own failure, so that it reaches the caller unchanged rather than as a storage error.
private final class GuardedVisitor: ExportVisitor {
    private let visitor: any ExportVisitor
    private(set) var failure: (any Error)?

    init(_ visitor: any ExportVisitor) {
        self.visitor = visitor
    }

    private func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            failure = error
            throw error
        }
    }

    func record(_ record: ExportRecord) throws { try run { try visitor.record(record) } }
    func activitySummary(_ summary: ActivitySummaryRow) throws { try run { try visitor.activitySummary(summary) } }
    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        try run { try visitor.unrecognizedRecord(record) }
    }
}
