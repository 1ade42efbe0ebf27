import Foundation
import OpenHealthKitEngine

/// The store in this process: the engine on a local database, acting for one app (or refusing everything when the
/// process has no app manifest, as HealthKit does for an unprovisioned app).
struct EmbeddedBackend: HealthStoreBackend {
    let engine: HealthEngine
    let app: AppManifest?
    let answerer: (any AuthorizationAnswerer)?

    /// The app, or HealthKit's error for a process without the entitlement.
    private func principal() throws -> Principal {
        guard let app else { throw HKError(.errorAuthorizationDenied, "Missing com.apple.developer.healthkit entitlement.") }
        return .app(app)
    }

    private func manifest() throws -> AppManifest {
        guard case .app(let app) = try principal() else { preconditionFailure("an embedded store acts for an app") }
        return app
    }

    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        guard let app else { return }
        try engine.checkRequestShape(app: app, share: toShare, read: read)
    }

    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws {
        try await engine.requestAuthorization(app: manifest(), share: toShare, read: read, answerer: answerer)
    }

    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus {
        try engine.requestStatus(app: manifest(), share: toShare, read: read)
    }

    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        guard let app else { return .notDetermined }
        return (try? engine.authorizationStatus(for: type, app: app)) ?? .notDetermined
    }

    func save(_ objects: [HKObject]) throws {
        try engine.save(objects, as: principal())
    }

    func delete(uuids: [UUID]) throws {
        try engine.delete(uuids: uuids, as: principal())
    }

    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int {
        try engine.deleteObjects(of: type, predicate: predicate, as: principal())
    }

    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample] {
        try engine.samples(of: type, predicate: predicate, sort: sort, limit: limit, as: principal())
    }

    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges {
        try engine.changes(matching: filters, after: anchor, limit: limit, as: principal())
    }

    func currentAnchor() throws -> Int64 {
        try engine.currentAnchor()
    }

    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource] {
        try engine.sources(of: type, predicate: predicate, as: principal())
    }

    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? {
        try engine.characteristic(type, as: principal())
    }

    func subscribe(to typeIdentifiers: Set<String>, handler: @escaping @Sendable (StoreChange) -> Void) -> ChangeSubscription {
        engine.feed.subscribe(to: typeIdentifiers, handler: handler)
    }

    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        try engine.statistics(request, as: principal())
    }
}
