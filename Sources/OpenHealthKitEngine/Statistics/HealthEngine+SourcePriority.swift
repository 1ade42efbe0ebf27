import Foundation
package import OpenHealthKitModel

/// The order in which sources count when statistics merge overlapping samples of a cumulative type
/// (``SourcePriority``): the user's list for the type, then the others in Apple's default order. The default needs
/// no data outside the store and does not depend on the range a query asks for, so a day's total is the same in
/// every query that covers it.
extension HealthEngine {

    /// The bundle identifiers of the sources of `type` in priority order: the user's list, then the others.
    package func sourcePriority(for type: HKQuantityType) async throws -> [String] {
        try await prioritizedSources(for: type).map(\.bundleIdentifier)
    }

    /// The sources of `type` in priority order, with their names (a listed source that stored nothing of the type is
    /// named by its bundle identifier). Reads each source's first sample of the type by index, never the samples.
    package func prioritizedSources(for type: HKQuantityType) async throws -> [SourceRow] {
        let preferred = try await preferredSources(for: type)
        let stored = try await sourcesInFirstSampleOrder(of: type.identifier)
        let byIdentifier = Dictionary(stored.map { ($0.bundleIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = Set(preferred)
        return preferred.map { byIdentifier[$0] ?? SourceRow(bundleIdentifier: $0, name: $0) }
            + SourcePriority.ordered(
                stored.filter { !listed.contains($0.bundleIdentifier) }, source: { $0 }, preferred: [])
    }

    /// The sources that stored samples of the type `identifier`, in the order of their first sample of it, read from
    /// the index (each source's first sample), never the samples.
    func sourcesInFirstSampleOrder(of identifier: String) async throws -> [SourceRow] {
        var sources: [SourceRow] = []
        // A condition that matches no row: only the source list is read.
        try await storageCall {
            try await storage.forEachValue(
                RowQuery(typeIdentifiers: [identifier], condition: .none), sources: { sources = $0 }, { _ in })
        }
        return sources
    }

    /// Sets the user's order of sources for `type` (bundle identifiers, first counts first); an empty list returns
    /// to the default order. Running statistics collection queries of the type recompute at once.
    package func setSourcePriority(_ bundleIdentifiers: [String], for type: HKQuantityType) async throws {
        var seen: Set<String> = []
        let unique = bundleIdentifiers.filter { seen.insert($0).inserted }
        guard unique.allSatisfy({ !$0.isEmpty && !$0.contains("\n") }) else {
            throw HKError.invalidArgument(
                "A source priority lists bundle identifiers, which are not empty and have no line breaks")
        }
        try await storageCall {
            try await storage.setSettings([
                SourcePriority.settingKey(for: type.identifier): unique.isEmpty ? nil : unique.joined(separator: "\n")
            ])
        }
        await publish(
            StoreChange(
                typeIdentifiers: [type.identifier], anchor: (try? storage.currentAnchor()) ?? 0, kind: .sourcePriority))
    }

    /// The user's stored list for `type`.
    func preferredSources(for type: HKQuantityType) async throws -> [String] {
        try await storageCall { try await storage.setting(SourcePriority.settingKey(for: type.identifier)) }.map {
            $0.components(separatedBy: "\n")
        } ?? []
    }
}
