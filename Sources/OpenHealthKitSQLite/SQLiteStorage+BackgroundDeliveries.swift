import GRDB
package import OpenHealthKitEngine
package import OpenHealthKitModel

extension SQLiteStorage: BackgroundDeliveryStorage {
    package func backgroundDeliveries(app bundleIdentifier: String) throws -> [BackgroundDelivery] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT type_identifier, frequency FROM background_delivery WHERE bundle_identifier = ? ORDER BY type_identifier",
                arguments: [bundleIdentifier]
            ).compactMap { row in
                HKUpdateFrequency(rawValue: row["frequency"]).map {
                    BackgroundDelivery(typeIdentifier: row["type_identifier"], frequency: $0)
                }
            }
        }
    }

    package func setBackgroundDelivery(
        app bundleIdentifier: String, type typeIdentifier: String?, frequency: HKUpdateFrequency?
    ) throws {
        try writer.write { db in
            guard let typeIdentifier else {
                try db.execute(
                    sql: "DELETE FROM background_delivery WHERE bundle_identifier = ?", arguments: [bundleIdentifier])
                return
            }
            if let frequency {
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO background_delivery (bundle_identifier, type_identifier, frequency) VALUES (?, ?, ?)",
                    arguments: [bundleIdentifier, typeIdentifier, frequency.rawValue])
            } else {
                try db.execute(
                    sql: "DELETE FROM background_delivery WHERE bundle_identifier = ? AND type_identifier = ?",
                    arguments: [bundleIdentifier, typeIdentifier])
            }
        }
    }
}
