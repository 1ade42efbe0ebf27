package import Foundation
package import OpenHealthKitEngine
package import OpenHealthKitModel

/// Another person's store as the person they share with reads it: only the types of the categories shared (a type
/// of several categories when any of them is), and only what the shared pages read: samples, the types holding
/// data, statistics, and the units the sharer shows them in. Every other read and every change is
/// `errorAuthorizationDenied`, so that nothing of the sharer's beyond the share, and no write, goes through it.
package struct SharedWebStore: HealthWebStore {
    private let store: any HealthWebStore
    private let categories: Set<String>

    /// `store` narrowed to Health's categories `categories` (ids).
    package init(_ store: any HealthWebStore, categories: [String]) {
        self.store = store
        self.categories = Set(categories)
    }

    /// Whether the share reaches `type`.
    func reaches(_ type: HKObjectType) -> Bool {
        HealthCategories.categories(of: type).contains { categories.contains($0.id) }
    }

    private func reaching(_ type: HKObjectType) throws -> HKObjectType {
        guard reaches(type) else { throw Self.denied }
        return type
    }

    private static var denied: HKError {
        HKError(.errorAuthorizationDenied, "This is not part of what is shared with you.")
    }

    package func samples(of type: HKSampleType, predicate: PredicateTree?, newestFirst: Bool, limit: Int) throws
        -> [HKSample]
    {
        _ = try reaching(type)
        return try store.samples(of: type, predicate: predicate, newestFirst: newestFirst, limit: limit)
    }

    package func storedSampleTypes() throws -> Set<String> {
        try store.storedSampleTypes().filter { HKObjectType.type(forRawIdentifier: $0).map(reaches) ?? false }
    }

    package func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        _ = try reaching(request.type)
        return try store.statistics(request)
    }

    package func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try store.preferredUnits(for: types.filter(reaches))
    }

    package func storedSources() throws -> [(source: SourceRow, types: [String])] { throw Self.denied }
    package func storedDevices() throws -> [DeviceRow] { throw Self.denied }
    package func activitySummaries() throws -> [HKActivitySummary] { throw Self.denied }
    package func storedUUIDs(among uuids: Set<UUID>) throws -> Set<UUID> { throw Self.denied }
    package func save(_ samples: [HKSample]) throws { throw Self.denied }
    package func delete(uuids: [UUID]) throws { throw Self.denied }
    package func electrocardiogramVoltages(of uuid: UUID) throws -> ElectrocardiogramVoltages? { throw Self.denied }
    package func routeLocations(of route: UUID) throws -> [RouteLocationRow] { throw Self.denied }
    package func sourcePriority(for type: HKQuantityType) throws -> [HKSource] { throw Self.denied }
    package func setSourcePriority(_ bundleIdentifiers: [String], for type: HKQuantityType) throws { throw Self.denied }
    package func chosenUnits() throws -> [String: HKUnit] { throw Self.denied }
    package func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws { throw Self.denied }
    package func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? { throw Self.denied }
    package func setCharacteristic(_ type: HKCharacteristicTypeIdentifier, to value: String?) throws {
        throw Self.denied
    }
    package func ownerTimeZone() throws -> TimeZone? { throw Self.denied }
    package func setOwnerTimeZone(_ zone: TimeZone?) throws { throw Self.denied }
    package func favoriteTypes() throws -> [String] { throw Self.denied }
    package func setFavoriteTypes(_ identifiers: [String]) throws { throw Self.denied }
    package func grants(app bundleIdentifier: String) throws -> [String: Grant] { throw Self.denied }
    package func grant(app bundleIdentifier: String, type typeIdentifier: String) throws -> Grant { throw Self.denied }
    package func setGrants(_ changed: [String: Grant], app bundleIdentifier: String) throws { throw Self.denied }
    package func revokeAllGrants(app bundleIdentifier: String) throws { throw Self.denied }
    package func document(_ uuid: UUID) throws -> HKCDADocumentSample? { throw Self.denied }
    package func medications() throws -> [HKUserAnnotatedMedication] { throw Self.denied }
    package func saveMedication(_ medication: HKUserAnnotatedMedication) throws { throw Self.denied }
    package func logDose(_ event: HKMedicationDoseEvent) throws { throw Self.denied }
    package func attachments(of objectUUID: UUID) throws -> [HKAttachment] { throw Self.denied }
    package func addAttachment(to objectUUID: UUID, name: String, contentType: UTType, data: Data) throws
        -> HKAttachment
    {
        throw Self.denied
    }
    package func attachmentData(_ identifier: UUID) throws -> (attachment: HKAttachment, data: Data)? {
        throw Self.denied
    }
    package func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws { throw Self.denied }
}
