package import Foundation

/// The owner's own settings, kept in the store so that every tool on it agrees: the time zone days are counted in
/// (the Health web app's pages and `hk`), and the types the owner pinned to the top of the Summary.
extension HealthEngine {
    private static let timeZoneKey = "owner/timeZone"
    private static let favoritesKey = "owner/favorites"

    /// The time zone the owner chose, nil when they left it to the machine's (healthd's or `hk`'s own).
    package func ownerTimeZone() async throws -> TimeZone? {
        // A zone a later system no longer knows falls back to the machine's.
        try await storageCall { try await storage.setting(Self.timeZoneKey) }.flatMap(TimeZone.init(identifier:))
    }

    /// Chooses the time zone days are counted in; nil returns to the machine's.
    package func setOwnerTimeZone(_ zone: TimeZone?) async throws {
        try await storageCall { try await storage.setSettings([Self.timeZoneKey: zone?.identifier]) }
    }

    /// The types the owner pinned, by identifier, in the order they pinned them.
    package func favoriteTypes() async throws -> [String] {
        let text = try await storageCall { try await storage.setting(Self.favoritesKey) } ?? ""
        return text.split(separator: " ").map(String.init)
    }

    /// Replaces the pinned types (identifiers, in order; an empty list unpins all).
    package func setFavoriteTypes(_ identifiers: [String]) async throws {
        var seen: Set<String> = []
        let unique = identifiers.filter { seen.insert($0).inserted }
        try await storageCall {
            try await storage.setSettings([Self.favoritesKey: unique.isEmpty ? nil : unique.joined(separator: " ")])
        }
    }
}
