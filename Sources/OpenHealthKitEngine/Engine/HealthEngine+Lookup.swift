package import Foundation

extension HealthEngine {
    /// Which of `uuids` name stored objects, of any type and source: the owner's tools check before deleting, so
    /// that a UUID naming nothing is reported rather than silently ignored.
    package func storedUUIDs(among uuids: Set<UUID>) async throws -> Set<UUID> {
        guard !uuids.isEmpty else { return [] }
        return try await storageCall {
            await Set(try storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids(uuids))).map(\.uuid))
        }
    }
}
