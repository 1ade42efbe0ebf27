package import Foundation
import HealthWeb
package import OpenHealthKitEngine
package import OpenHealthKitModel

/// healthd's engine as the Health web app's store: every call in the owner's name, and what the owner adds through
/// the pages carries the "Health" source.
package struct OwnerWebStore: HealthWebStore {
    let engine: HealthEngine

    package init(engine: HealthEngine) {
        self.engine = engine
    }

    /// The owner, as the web app acts.
    package static func owner() throws -> Principal {
        .owner(source: try SourceRow.owner(named: "Health"))
    }

    package func samples(of type: HKSampleType, predicate: PredicateTree?, newestFirst: Bool, limit: Int) throws
        -> [HKSample]
    {
        let sort = newestFirst ? [RowSort(.startDate, ascending: false)] : []
        return try engine.blocking {
            try await $0.samples(of: type, predicate: predicate, sort: sort, limit: limit, as: try Self.owner())
        }
    }

    package func storedSampleTypes() throws -> Set<String> {
        Set(try engine.blocking { try await $0.storedSampleTypes(as: try Self.owner()) })
    }

    package func storedSources() throws -> [(source: SourceRow, types: [String])] {
        try engine.blocking { try await $0.storedSources(as: try Self.owner()) }
    }

    package func activitySummaries() throws -> [HKActivitySummary] {
        try engine.blocking { try await $0.activitySummaries(predicate: nil, as: try Self.owner()) }
    }

    package func storedDevices() throws -> [DeviceRow] {
        try engine.blocking { try await $0.storedDevices(as: try Self.owner()) }
    }

    package func storedUUIDs(among uuids: Set<UUID>) throws -> Set<UUID> {
        try engine.blocking { try await $0.storedUUIDs(among: uuids) }
    }

    package func save(_ samples: [HKSample]) throws {
        try engine.blocking { try await $0.save(samples, as: try Self.owner()) }
    }

    package func delete(uuids: [UUID]) throws {
        _ = try engine.blocking { try await $0.delete(uuids: uuids, as: try Self.owner()) }
    }

    package func electrocardiogramVoltages(of uuid: UUID) throws -> ElectrocardiogramVoltages? {
        try engine.blocking { try await $0.voltages(ofElectrocardiogram: uuid, as: try Self.owner()) }
    }

    package func routeLocations(of route: UUID) throws -> [RouteLocationRow] {
        let owner = try Self.owner(), page = 10_000
        var all: [RouteLocationRow] = []
        while true {
            let read = try engine.blocking {
                try await $0.routeLocations(of: route, in: nil, offset: all.count, limit: page, as: owner)
            }
            all += read
            if read.count < page { return all }
        }
    }

    package func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        try engine.blocking { try await $0.statistics(request, as: try Self.owner()) }
    }

    package func sourcePriority(for type: HKQuantityType) throws -> [HKSource] {
        try engine.blocking { try await $0.prioritizedSources(for: type) }.map {
            HKSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier)
        }
    }

    package func setSourcePriority(_ bundleIdentifiers: [String], for type: HKQuantityType) throws {
        try engine.blocking { try await $0.setSourcePriority(bundleIdentifiers, for: type) }
    }

    package func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try engine.blocking { try await $0.preferredUnits(for: types, as: try Self.owner()) }
    }

    package func chosenUnits() throws -> [String: HKUnit] {
        try engine.blocking { try await $0.chosenUnits() }
    }

    package func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws {
        try engine.blocking { try await $0.setPreferredUnit(unit, for: type) }
    }

    package func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? {
        try engine.blocking { try await $0.characteristic(type, as: try Self.owner()) }
    }

    package func setCharacteristic(_ type: HKCharacteristicTypeIdentifier, to value: String?) throws {
        try engine.blocking { try await $0.setCharacteristic(type, to: value) }
    }

    package func ownerTimeZone() throws -> TimeZone? {
        try engine.blocking { try await $0.ownerTimeZone() }
    }

    package func setOwnerTimeZone(_ zone: TimeZone?) throws {
        try engine.blocking { try await $0.setOwnerTimeZone(zone) }
    }

    package func favoriteTypes() throws -> [String] {
        try engine.blocking { try await $0.favoriteTypes() }
    }

    package func setFavoriteTypes(_ identifiers: [String]) throws {
        try engine.blocking { try await $0.setFavoriteTypes(identifiers) }
    }

    package func grants(app bundleIdentifier: String) throws -> [String: Grant] {
        try engine.blocking { try await $0.grants.grants(app: bundleIdentifier) }
    }

    package func grant(app bundleIdentifier: String, type typeIdentifier: String) throws -> Grant {
        try engine.blocking { try await $0.grants.grant(app: bundleIdentifier, type: typeIdentifier) }
    }

    package func setGrants(_ changed: [String: Grant], app bundleIdentifier: String) throws {
        try engine.blocking { try await $0.setGrants(changed, app: bundleIdentifier) }
    }

    package func revokeAllGrants(app bundleIdentifier: String) throws {
        try engine.blocking { try await $0.revokeAll(app: bundleIdentifier) }
    }
}
