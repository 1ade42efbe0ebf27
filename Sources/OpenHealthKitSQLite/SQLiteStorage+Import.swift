import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: ExchangeStorage {
    /// An import batch in one transaction.
    ///
    /// The writer connection gets a larger page cache (32 MB): a batch of 50,000 samples touches the UUID index at random
    /// places, and a cache that holds the index saves re-reading it. Foreign keys are not enforced during the batch:
    /// the import writer resolves every reference itself (lookup rows it finds or creates, parents it finds or has
    /// just stored), and checking five parents per sample row added about 15 % to the batch's time. They are enforced
    /// again as soon as the batch is committed (deletions rely on them to cascade).
    package func importBatch(_ batch: ImportBatch) throws -> ImportBatchResult {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -32768; PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var result: ImportBatchResult?
            try db.inTransaction {
                result = try notingOwnAnchors(db) {
                    try StatisticsAggregates.maintaining(db, keeping: keepsStatisticsAggregates) { notes in
                        try ImportRowWriter(db).write(batch, notes: &notes)
                    }
                }
                return .commit
            }
            return result!
        }
    }
}
