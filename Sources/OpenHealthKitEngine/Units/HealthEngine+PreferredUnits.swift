package import Foundation
package import OpenHealthKitModel

/// The units the user reads each quantity type in: their choice (the Health web app's Me page), else the default of
/// their locale (``PreferredUnitDefaults``). Apps read them with `HKHealthStore.preferredUnits(for:)`.
extension HealthEngine {
    private static let keyPrefix = "preferredUnit/"

    /// The preferred unit of each type. An app must have asked for read or share access to every type first
    /// (`errorAuthorizationNotDetermined` otherwise), as HealthKit requires; the owner may ask for any.
    package func preferredUnits(
        for types: Set<HKQuantityType>, as principal: Principal, locale: Locale = UserLocale.current()
    ) async throws -> [HKQuantityType: HKUnit] {
        if case .app(let app) = principal {
            try app.checkProvisioning()
            let recorded = try await storageCall { try await grants.grants(app: app.bundleIdentifier) }
            let unasked = types.filter { type in
                let grant = recorded[type.identifier] ?? Grant()
                return grant.share == .notDetermined && grant.read == .notDetermined
            }
            if !unasked.isEmpty {
                throw HKError(
                    .errorAuthorizationNotDetermined,
                    "Authorization not determined for " + unasked.map(\.identifier).sorted().joined(separator: ", "))
            }
        }
        let chosen = try await chosenUnits()
        let system = locale.measurementSystem
        var units: [HKQuantityType: HKUnit] = [:]
        for type in types {
            units[type] = chosen[type.identifier] ?? PreferredUnitDefaults.unit(for: type, measurementSystem: system)
        }
        return units
    }

    /// The unit the owner reads `type` in: their choice, else the locale's default (count/min for heart rate).
    package func preferredUnit(of type: HKQuantityType, locale: Locale = UserLocale.current()) async throws -> HKUnit {
        let system = locale.measurementSystem
        return try await chosenUnits()[type.identifier]
            ?? PreferredUnitDefaults.unit(for: type, measurementSystem: system)
    }

    /// The units the user chose, by type identifier (types left at their locale's default are absent).
    package func chosenUnits() async throws -> [String: HKUnit] {
        var units: [String: HKUnit] = [:]
        for (key, value) in try await storageCall({ try await storage.settings(withPrefix: Self.keyPrefix) }) {
            // A unit stored by a later version that this one cannot read falls back to the default.
            if let unit = try? HKUnit(parsing: value) { units[String(key.dropFirst(Self.keyPrefix.count))] = unit }
        }
        return units
    }

    /// Records the user's unit for a type; nil returns to the locale's default. A unit of another dimension than the
    /// type's is an invalid argument.
    package func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) async throws {
        if let unit, !unit.isCompatible(with: type.canonicalUnit) {
            throw HKError.invalidArgument(
                "\(unit.unitString) is not a unit of \(type.identifier), which is measured in units like \(type.canonicalUnit.unitString)"
            )
        }
        try await storageCall { try await storage.setSettings([Self.keyPrefix + type.identifier: unit?.unitString]) }
        await publish(
            StoreChange(
                typeIdentifiers: [type.identifier], anchor: (try? storage.currentAnchor()) ?? 0, kind: .preferredUnits))
    }

    /// The settings key prefix of the preferred units, which the watch of other processes' commits compares.
    static var settingsPrefix: String { keyPrefix }
}
