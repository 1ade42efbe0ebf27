import Foundation

/// The user's decisions about single objects an app may read (vision prescriptions, medications, CDA documents):
/// for each app, type and object key (a UUID, or a medication's concept code), allowed or not. Kept in the storage's
/// settings, as type grants are (``GrantStore``), so every process on the store sees a change at once.
package struct ObjectGrantStore: Sendable {
    let storage: any Storage

    package init(storage: any Storage) {
        self.storage = storage
    }

    private static func prefix(_ app: String, _ type: String) -> String { "objectgrant/\(app)/\(type)/" }

    /// The decisions recorded for an app and a type: object key to allowed.
    package func decisions(app: String, type: String) async throws -> [String: Bool] {
        let prefix = Self.prefix(app, type)
        var decisions: [String: Bool] = [:]
        for (key, value) in try await storage.settings(withPrefix: prefix) {
            decisions[String(key.dropFirst(prefix.count))] = value == "1"
        }
        return decisions
    }

    /// The objects the app may read.
    package func allowed(app: String, type: String) async throws -> Set<String> {
        await Set(try decisions(app: app, type: type).filter(\.value).keys)
    }

    /// Records decisions, in one transaction.
    package func set(_ decisions: [String: Bool], app: String, type: String) async throws {
        let prefix = Self.prefix(app, type)
        try await storage.setSettings(
            Dictionary(uniqueKeysWithValues: decisions.map { (prefix + $0.key, $0.value ? "1" : "0") }))
    }

    /// Forgets every decision of an app (it was revoked): it is back to asking.
    package func removeAll(app: String) async throws {
        let keys = try await storage.settings(withPrefix: "objectgrant/\(app)/").keys
        try await storage.setSettings(Dictionary(uniqueKeysWithValues: keys.map { ($0, String?.none) }))
    }
}
