import Foundation
import OpenHealthKitEngine

/// The store in this process: the engine on a local database, acting for one app (or refusing everything when the
/// process has no app manifest, as HealthKit does for an unprovisioned app).
struct EmbeddedBackend: HealthStoreBackend {
    let engine: HealthEngine
    let app: AppManifest?
    let answerer: (any AuthorizationAnswerer)?

    /// The app, or HealthKit's error for a process without the entitlement.
    func principal() throws -> Principal {
        guard let app else {
            throw HKError(.errorAuthorizationDenied, "Missing com.apple.developer.healthkit entitlement.")
        }
        return .app(app)
    }

    private func manifest() throws -> AppManifest {
        guard case .app(let app) = try principal() else { preconditionFailure("an embedded store acts for an app") }
        return app
    }

    /// The app, or HealthKit's error for a process without the entitlement.
    func appManifest() throws -> AppManifest { try manifest() }

    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        guard let app else { return }
        try engine.checkRequestShape(app: app, share: toShare, read: read)
    }

    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws {
        try await engine.requestAuthorization(app: manifest(), share: toShare, read: read, answerer: answerer)
    }

    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus {
        try engine.blocking { try await $0.requestStatus(app: manifest(), share: toShare, read: read) }
    }

    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        guard let app else { return .notDetermined }
        return (try? engine.blocking { try await $0.authorizationStatus(for: type, app: app) }) ?? .notDetermined
    }

    func save(_ objects: [HKObject], associating: [UUID: [UUID]]) throws {
        try engine.blocking { try await $0.save(objects, associating: associating, as: principal()) }
    }

    func delete(uuids: [UUID]) throws {
        _ = try engine.blocking { try await $0.delete(uuids: uuids, as: principal()) }
    }

    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int {
        try engine.blocking { try await $0.deleteObjects(of: type, predicate: predicate, as: principal()) }
    }

    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample] {
        try engine.blocking {
            try await $0.samples(of: type, predicate: predicate, sort: sort, limit: limit, as: principal())
        }
    }

    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges {
        try engine.blocking { try await $0.changes(matching: filters, after: anchor, limit: limit, as: principal()) }
    }

    func currentAnchor() throws -> Int64 {
        try engine.blocking { try await $0.currentAnchor() }
    }

    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource] {
        try engine.blocking { try await $0.sources(of: type, predicate: predicate, as: principal()) }
    }

    func correlations(of type: HKCorrelationType, predicate: PredicateTree?, memberFilters: [SampleFilter]) throws
        -> [HKCorrelation]
    {
        try engine.blocking {
            try await $0.correlations(of: type, predicate: predicate, memberFilters: memberFilters, as: principal())
        }
    }

    func activitySummaries(predicate: PredicateTree?) throws -> [HKActivitySummary] {
        try engine.blocking { try await $0.activitySummaries(predicate: predicate, as: principal()) }
    }

    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? {
        try engine.blocking { try await $0.characteristic(type, as: principal()) }
    }

    var waitsOnNetwork: Bool { false }
    var appBundleIdentifier: String? { app?.bundleIdentifier }

    /// Subscribed to the engine's feed, then the store's anchor read: the subscription follows from that anchor.
    func subscribe(
        to typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>,
        handler: @escaping @Sendable (StoreChange) -> Void
    ) -> StoreSubscription {
        let token = engine.feed.subscribe(to: typeIdentifiers, kinds: kinds, handler: handler)
        let start = Result { try engine.blocking { try await $0.currentAnchor() } }.mapError(HKError.init(wrapping:))
        let subscription = StoreSubscription(start: Eventual(start), token: token)
        // As healthd does when an app connects: what background delivery has not yet told the app is announced now
        // (off the caller's thread, which is starting a query).
        if let app, kinds.contains(.samples) {
            DispatchQueue.global().async { [engine] in
                guard let anchor = try? engine.blocking({ try await $0.currentAnchor() }),
                    let pending = try? engine.blocking({
                        try await $0.pendingBackgroundDeliveries(app: app, among: typeIdentifiers)
                    }),
                    !pending.isEmpty
                else { return }
                handler(StoreChange(typeIdentifiers: pending, anchor: anchor))
            }
        }
        return subscription
    }

    func followPreferredUnits(handler: @escaping @Sendable () -> Void) -> StoreSubscription {
        let token = engine.feed.subscribe(to: nil, kinds: [.preferredUnits]) { _ in handler() }
        // Other processes' changes are seen once the watch of their commits has started.
        engine.awaitOtherCommitsWatch()
        let start = Result { try engine.blocking { try await $0.currentAnchor() } }.mapError(HKError.init(wrapping:))
        return StoreSubscription(start: Eventual(start), token: token)
    }

    func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) throws {
        try engine.blocking { try await $0.enableBackgroundDelivery(for: type, frequency: frequency, app: manifest()) }
    }

    func disableBackgroundDelivery(for type: HKObjectType?) throws {
        try engine.blocking { try await $0.disableBackgroundDelivery(for: type, app: manifest()) }
    }

    func backgroundDeliveryPosition(for type: HKSampleType) throws -> Int64? {
        guard let app else { return nil }
        return try engine.blocking {
            try await $0.backgroundDeliveryPosition(for: type.identifier, app: app.bundleIdentifier)
        }
    }

    func acknowledgeBackgroundDelivery(of types: Set<HKSampleType>, upTo anchor: Int64) {
        guard let app else { return }
        try? engine.blocking {
            try await $0.acknowledgeBackgroundDelivery(
                of: Set(types.map(\.identifier)), upTo: anchor, app: app.bundleIdentifier)
        }
    }

    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        try engine.blocking { try await $0.statistics(request, as: principal()) }
    }

    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try engine.blocking { try await $0.preferredUnits(for: types, as: principal()) }
    }

    func quantitySeries(of type: HKQuantityType, predicate: PredicateTree?, orderBySample: Bool) throws
        -> QuantitySeriesValues
    {
        try engine.blocking {
            try await $0.quantitySeries(of: type, predicate: predicate, orderBySample: orderBySample, as: principal())
        }
    }

    func heartbeats(ofSeries uuid: UUID) throws -> [HeartbeatSeriesEntry] {
        try engine.blocking { try await $0.heartbeats(ofSeries: uuid, as: principal()) }
    }

    func voltages(ofElectrocardiogram uuid: UUID) throws -> ElectrocardiogramVoltages? {
        try engine.blocking { try await $0.voltages(ofElectrocardiogram: uuid, as: principal()) }
    }
}
