import Foundation
package import OpenHealthKitModel

/// Background delivery: an app's request to be told of changes to a type while it is not running, and how far it
/// has been told. The requests live in the store's `background_delivery` records; the anchor up to which the app
/// acknowledged the changes of each type (its observer query called its completion handler) lives in the store's
/// settings. Changes after that anchor that the app can see are pending: announced when the app next connects
/// (or, with healthd, posted to its callback).
extension HealthEngine {
    private static func acknowledgedKey(_ app: String, _ type: String) -> String { "backgroundDelivery/\(app)/\(type)" }

    /// Remembers the app's request, after HealthKit's checks (the background-delivery entitlement, else
    /// `errorAuthorizationDenied`; not a correlation type). Changes made before the first request are not pending.
    package func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency, app: AppManifest)
        async throws
    {
        try app.checkBackgroundDelivery(for: type)
        try await storageCall {
            let key = Self.acknowledgedKey(app.bundleIdentifier, type.identifier)
            if try await storage.setting(key) == nil {
                try await storage.setSettings([key: String(try storage.currentAnchor())])
            }
            try storage.setBackgroundDelivery(app: app.bundleIdentifier, type: type.identifier, frequency: frequency)
        }
    }

    /// Forgets the app's request for `type`, or for every type when nil.
    package func disableBackgroundDelivery(for type: HKObjectType?, app: AppManifest) async throws {
        try app.checkProvisioning()
        try await storageCall {
            try storage.setBackgroundDelivery(app: app.bundleIdentifier, type: type?.identifier, frequency: nil)
            let keys =
                if let type {
                    [Self.acknowledgedKey(app.bundleIdentifier, type.identifier)]
                } else {
                    Array(try await storage.settings(withPrefix: Self.acknowledgedKey(app.bundleIdentifier, "")).keys)
                }
            try await storage.setSettings(Dictionary(uniqueKeysWithValues: keys.map { ($0, String?.none) }))
        }
    }

    /// The app's requests, by type.
    package func backgroundDeliveries(app bundleIdentifier: String) async throws -> [BackgroundDelivery] {
        try await storageCall { try storage.backgroundDeliveries(app: bundleIdentifier) }
    }

    /// The anchor up to which the app acknowledged the changes of `type`; nil when it has no background delivery for
    /// it. An observer query of the type starts there, so that it reports what is pending.
    package func backgroundDeliveryPosition(for typeIdentifier: String, app bundleIdentifier: String) async throws
        -> Int64?
    {
        guard
            try await backgroundDeliveries(app: bundleIdentifier).contains(where: {
                $0.typeIdentifier == typeIdentifier
            })
        else { return nil }
        return try await acknowledged(typeIdentifier, app: bundleIdentifier)
    }

    private func acknowledged(_ typeIdentifier: String, app bundleIdentifier: String) async throws -> Int64 {
        try await storageCall { try await storage.setting(Self.acknowledgedKey(bundleIdentifier, typeIdentifier)) }
            .flatMap {
                Int64($0)
            } ?? 0
    }

    /// Records that the app processed the changes of these types up to `anchor` (never moving backwards); types
    /// without background delivery are ignored.
    package func acknowledgeBackgroundDelivery(
        of typeIdentifiers: Set<String>, upTo anchor: Int64, app bundleIdentifier: String
    ) async throws {
        var updates: [String: String?] = [:]
        for delivery in try await backgroundDeliveries(app: bundleIdentifier)
        where typeIdentifiers.contains(delivery.typeIdentifier) {
            let typeIdentifier = delivery.typeIdentifier
            guard await anchor > (try acknowledged(typeIdentifier, app: bundleIdentifier)) else { continue }
            updates[Self.acknowledgedKey(bundleIdentifier, typeIdentifier)] = String(anchor)
        }
        if !updates.isEmpty { try await storageCall { try await storage.setSettings(updates) } }
    }

    /// The sample types with background delivery (among `typeIdentifiers`, when given) that changed after the app's
    /// acknowledged anchor in a way the app can see (its own samples, or any source's when it may read the type).
    package func pendingBackgroundDeliveries(app: AppManifest, among typeIdentifiers: Set<String>? = nil) async throws
        -> Set<
            String
        >
    {
        var pending: Set<String> = []
        for delivery in try await backgroundDeliveries(app: app.bundleIdentifier) {
            guard typeIdentifiers?.contains(delivery.typeIdentifier) ?? true,
                let type = HKObjectType.type(forRawIdentifier: delivery.typeIdentifier) as? HKSampleType
            else { continue }
            let position = try await acknowledged(delivery.typeIdentifier, app: app.bundleIdentifier)
            let changes = try await self.changes(
                matching: [SampleFilter(type: type, predicate: nil)], after: position, limit: 1, as: .app(app))
            if !changes.samples.isEmpty || !changes.deletedObjects.isEmpty { pending.insert(delivery.typeIdentifier) }
        }
        return pending
    }
}
