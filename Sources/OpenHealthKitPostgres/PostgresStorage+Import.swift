package import OpenHealthKitEngine

extension PostgresStorage: ExchangeStorage {
    /// An import batch in one transaction (under the user's anchor lock, as every write of samples).
    package func importBatch(_ batch: ImportBatch) throws -> ImportBatchResult {
        let types = try session { try catalog.ensure(Set(batch.samples.map(\.typeIdentifier)), $0) }
        return try anchoredWrite { write in try ImportRowWriter(write: write, types: types).write(batch) }
    }
}
