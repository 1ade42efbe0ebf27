import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// Validates an object read from a Health export, as any save does, and turns it into rows that keep the
    /// object's original source and revision (an import is the owner's act: no grant is needed, but nothing is
    /// stamped with the importing tool's source).
    package func importRows(for object: HKObject, source: SourceRow, revision: RevisionRow) throws -> [SampleRow] {
        try object.validate()
        return try RowEncoding(source: source, revision: revision).rows(for: object)
    }

    /// Stores an import batch (see ``ExchangeStorage/importBatch(_:)``) and tells running queries what changed.
    package func importBatch(_ batch: ImportBatch) throws -> ImportBatchResult {
        var result = try storageCall { try storage.importBatch(batch) }
        // Activity summary queries that keep running follow the summaries' type.
        if result.activitySummariesStored > 0 { result.change.typeIdentifiers.insert(HKActivitySummaryTypeIdentifier) }
        publish(result.change)
        return result
    }
}
