package import Foundation
package import OpenHealthKitEngine
package import OpenHealthKitModel

/// The health data the Health web app reads and changes, always in the owner's name (what the owner adds through
/// the pages carries the "Health" source). The host implements it on its store (healthd: `OwnerWebStore`); the
/// pages never reach the engine themselves. Calls block their thread (pages make them inside `blocking(_:)`), and
/// every failure is the store's `HKError`.
package protocol HealthWebStore: Sendable {
    // MARK: Samples

    /// The samples of `type` matching `predicate` (nil: all), newest first or in the store's order, at most `limit`
    /// of them (0: no limit).
    func samples(of type: HKSampleType, predicate: PredicateTree?, newestFirst: Bool, limit: Int) throws -> [HKSample]
    /// The identifiers of the sample types that hold at least one sample.
    func storedSampleTypes() throws -> Set<String>
    /// Every source with stored samples (apps, and an import's phones, watches and apps), with the types it stored.
    func storedSources() throws -> [(source: SourceRow, types: [String])]
    /// The devices stored samples name.
    func storedDevices() throws -> [DeviceRow]
    /// Every day's activity summary (the rings), by day.
    func activitySummaries() throws -> [HKActivitySummary]
    /// Which of `uuids` name stored objects.
    func storedUUIDs(among uuids: Set<UUID>) throws -> Set<UUID>
    /// Saves samples, validated as an app's would be.
    func save(_ samples: [HKSample]) throws
    /// Deletes the objects with these UUIDs.
    func delete(uuids: [UUID]) throws
    /// The voltages of the electrocardiogram with this UUID; nil when there is none.
    func electrocardiogramVoltages(of uuid: UUID) throws -> ElectrocardiogramVoltages?
    /// Every location of the workout route with this UUID, in time order; none for a route that is not there.
    func routeLocations(of route: UUID) throws -> [RouteLocationRow]

    // MARK: Statistics and sources

    /// Statistics of a quantity type, merged across sources in the owner's priority order.
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult
    /// `type`'s sources, in the order statistics merge them (read without reading the samples).
    func sourcePriority(for type: HKQuantityType) throws -> [HKSource]
    /// Sets the order statistics merge `type`'s sources in; an empty list returns to the default order.
    func setSourcePriority(_ bundleIdentifiers: [String], for type: HKQuantityType) throws

    // MARK: Units and characteristics

    /// The unit each type is shown in: the owner's choice, else the locale's default.
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit]
    /// The units the owner chose, by type identifier.
    func chosenUnits() throws -> [String: HKUnit]
    /// Chooses the unit a type is shown in; nil returns to the locale's default.
    func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws
    /// A characteristic's stored value (see `CharacteristicCoding`), or nil when it is not set.
    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String?
    /// Sets (or, with nil, clears) a characteristic's stored value.
    func setCharacteristic(_ type: HKCharacteristicTypeIdentifier, to value: String?) throws

    // MARK: The owner's settings

    /// The time zone the owner chose for counting days (the Me page), nil for the machine's.
    func ownerTimeZone() throws -> TimeZone?
    /// Chooses the time zone days are counted in (every page and `hk`); nil returns to the machine's.
    func setOwnerTimeZone(_ zone: TimeZone?) throws
    /// The types pinned to the top of the Summary, by identifier, in the order they were pinned.
    func favoriteTypes() throws -> [String]
    /// Replaces the pinned types.
    func setFavoriteTypes(_ identifiers: [String]) throws

    // MARK: Apps' grants

    /// An app's grants, by type identifier.
    func grants(app bundleIdentifier: String) throws -> [String: Grant]
    /// An app's grant for one type (not determined when none is recorded).
    func grant(app bundleIdentifier: String, type typeIdentifier: String) throws -> Grant
    /// Changes some of an app's grants, by type identifier.
    func setGrants(_ changed: [String: Grant], app bundleIdentifier: String) throws
    /// Revokes every grant of an app.
    func revokeAllGrants(app bundleIdentifier: String) throws

    // MARK: Health records, medications and attachments

    /// The CDA document with this UUID with its header and XML, or nil.
    func document(_ uuid: UUID) throws -> HKCDADocumentSample?
    /// Every medication the owner tracks, by name.
    func medications() throws -> [HKUserAnnotatedMedication]
    /// Records a medication, or changes the one with the same concept code.
    func saveMedication(_ medication: HKUserAnnotatedMedication) throws
    /// Logs a dose of a tracked medication.
    func logDose(_ event: HKMedicationDoseEvent) throws
    /// The attachments of an object, oldest first.
    func attachments(of objectUUID: UUID) throws -> [HKAttachment]
    /// Attaches a file to a vision prescription (checked as `HKAttachmentStore` checks it).
    func addAttachment(to objectUUID: UUID, name: String, contentType: UTType, data: Data) throws -> HKAttachment
    /// An attachment and its bytes, or nil when there is none with this identifier.
    func attachmentData(_ identifier: UUID) throws -> (attachment: HKAttachment, data: Data)?
    /// Removes an attachment from its object.
    func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws
}
