import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// The identifiers of the sample types with stored samples, sorted. Only the owner exports.
    package func storedSampleTypes(as principal: Principal) throws -> [String] {
        try checkOwner(principal)
        return try storageCall { try storage.storedSampleTypes() }
    }

    /// Reads the records `query` selects into `visitor`, in one snapshot (see ``ExportStorage/export(_:to:)``). Only
    /// the owner exports: an export holds every source's data.
    ///
    /// An error `visitor` throws ends the read and is rethrown as it is.
    package func export(_ query: ExportQuery, to visitor: any ExportVisitor, as principal: Principal) throws {
        try checkOwner(principal)
        let guarded = GuardedVisitor(visitor)
        do {
            try storageCall { try storage.export(query, to: guarded) }
        } catch {
            throw guarded.failure ?? error
        }
    }

    private func checkOwner(_ principal: Principal) throws {
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
