import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// Validates an object read from a Health export, as any save does except for the duration limits (HealthKit
    /// enforces them on what apps save, not on what it restores: an export may hold longer samples that older apps
    /// saved), and turns it into rows that keep the object's original source and revision (an import is the owner's
    /// act: no grant is needed, but nothing is stamped with the importing tool's source).
    package func importRows(for object: HKObject, source: SourceRow, revision: RevisionRow) throws -> [SampleRow] {
        try object.validate()
        return try RowEncoding(source: source, revision: revision).rows(for: object)
    }

    /// The setting that counts the imports that added or changed activity summaries: summaries have no anchor, so
    /// other processes following the store (healthd) learn of such an import from it (``OtherCommitPoller``). A count
    /// rather than, say, a random token, so that two stores holding the same data hold the same settings.
    static let activitySummaryMark = "activitySummaries/imports"

    /// Stores an import batch (see ``ExchangeStorage/importBatch(_:)``) and tells running queries what changed.
    package func importBatch(_ batch: ImportBatch) async throws -> ImportBatchResult {
        var result = try await storageCall { try storage.importBatch(batch) }
        // Activity summary queries that keep running follow the summaries' type.
        if result.activitySummariesStored > 0 {
            result.change.typeIdentifiers.insert(HKActivitySummaryTypeIdentifier)
            try await storageCall {
                let imports = await Int(try storage.setting(Self.activitySummaryMark) ?? "") ?? 0
                try await storage.setSettings([Self.activitySummaryMark: String(imports + 1)])
            }
        }
        publish(result.change)
        return result
    }
}
