package import OpenHealthKitEngine
package import OpenHealthKitModel
import PostgresNIO

extension PostgresStorage: BackgroundDeliveryStorage {
    package func backgroundDeliveries(app bundleIdentifier: String) throws -> [BackgroundDelivery] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), app = binds.add(bundleIdentifier)
            return try session.query(
                """
                SELECT type_identifier, frequency FROM background_delivery
                WHERE user_id = \(user) AND bundle_identifier = \(app) ORDER BY type_identifier
                """, binds.bindings
            ).compactMap { row in
                let (type, frequency) = try row.decode((String, Int32).self)
                return HKUpdateFrequency(rawValue: Int(frequency)).map {
                    BackgroundDelivery(typeIdentifier: type, frequency: $0)
                }
            }
        }
    }

    package func setBackgroundDelivery(
        app bundleIdentifier: String, type typeIdentifier: String?, frequency: HKUpdateFrequency?
    ) throws {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), app = binds.add(bundleIdentifier)
            guard let typeIdentifier else {
                try session.execute(
                    "DELETE FROM background_delivery WHERE user_id = \(user) AND bundle_identifier = \(app)",
                    binds.bindings)
                return
            }
            let type = binds.add(typeIdentifier)
            if let frequency {
                let value = binds.add(Int32(frequency.rawValue))
                try session.execute(
                    """
                    INSERT INTO background_delivery (user_id, bundle_identifier, type_identifier, frequency)
                    VALUES (\(user), \(app), \(type), \(value))
                    ON CONFLICT (user_id, bundle_identifier, type_identifier) DO UPDATE SET frequency = EXCLUDED.frequency
                    """, binds.bindings)
            } else {
                try session.execute(
                    """
                    DELETE FROM background_delivery
                    WHERE user_id = \(user) AND bundle_identifier = \(app) AND type_identifier = \(type)
                    """, binds.bindings)
            }
        }
    }
}
