import GRDB
import OpenHealthKitEngine

extension SQLiteStorage: ExchangeStorage {
    /// An import batch in one transaction. The writer connection gets a larger page cache first: a batch of 50,000
    /// samples touches the UUID index at random places, and a cache that holds the index saves re-reading it.
    package func importBatch(_ batch: ImportBatch) throws -> ImportBatchResult {
        try writer.write { db in
            try db.execute(sql: "PRAGMA cache_size = -65536")
            return try ImportRowWriter(db).write(batch)
        }
    }
}
