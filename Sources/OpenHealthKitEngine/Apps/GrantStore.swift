import OpenHealthKitModel

/// The user's per-app, per-type decisions, kept in the storage's settings so that a change made by one process
/// (healthd, `hk`) holds at once for every other process on the same store.
package struct GrantStore: Sendable {
    let storage: any Storage

    package init(storage: any Storage) {
        self.storage = storage
    }

    private static func key(_ bundleIdentifier: String, _ typeIdentifier: String) -> String {
        "grant/\(bundleIdentifier)/\(typeIdentifier)"
    }

    package func grant(app bundleIdentifier: String, type typeIdentifier: String) async throws -> Grant {
        try await storage.setting(Self.key(bundleIdentifier, typeIdentifier)).flatMap(Grant.init(stored:)) ?? Grant()
    }

    /// Every decision recorded for an app, by type identifier.
    package func grants(app bundleIdentifier: String) async throws -> [String: Grant] {
        let prefix = "grant/\(bundleIdentifier)/"
        var grants: [String: Grant] = [:]
        for (key, value) in try await storage.settings(withPrefix: prefix) {
            grants[String(key.dropFirst(prefix.count))] = Grant(stored: value)
        }
        return grants
    }

    package func set(_ grants: [String: Grant], app bundleIdentifier: String) async throws {
        try await storage.setSettings(
            Dictionary(uniqueKeysWithValues: grants.map { (Self.key(bundleIdentifier, $0.key), $0.value.stored) }))
    }

    /// The bundle identifiers of every app with a recorded decision.
    package func apps() async throws -> Set<String> {
        await Set(
            try storage.settings(withPrefix: "grant/").keys.compactMap {
                $0.split(separator: "/").dropFirst().first.map(String.init)
            })
    }
}
