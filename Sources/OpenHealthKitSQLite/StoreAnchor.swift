import GRDB

/// The store-wide anchor counter (`store_anchor`): every stored sample and every tombstone takes the next value,
/// inside the write transaction that stores it.
enum StoreAnchor {
    static func current(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM store_anchor") ?? 0
    }

    static func set(_ anchor: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE store_anchor SET value = ?", arguments: [anchor])
    }
}
