import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// One database seen by several apps, plus the engine behind it so a test can act as the user (set characteristics,
/// revoke grants). Shared by the store, authorization and predicate suites.
struct StoreHarness {
    let location: HealthStoreConfiguration.Location
    let engine: HealthEngine

    init(location: HealthStoreConfiguration.Location = TestStores.database()) throws {
        self.location = location
        engine = try EngineRegistry.engine(for: location)
    }

    /// A store acting for `app`, whose permission sheets `answerer` answers.
    func store(
        _ app: AppManifest = TestStores.app(),
        answerer: (any AuthorizationAnswerer)? = RuleAnswerer(AuthorizationAnswer.allowAll)
    ) -> HKHealthStore {
        HKHealthStore(configuration: HealthStoreConfiguration(location: location, app: app, answerer: answerer))
    }

    /// A store for `app` that has already been allowed to share and read every one of `types`.
    func authorizedStore(_ app: AppManifest = TestStores.app(), for types: Set<HKSampleType>) async throws
        -> HKHealthStore
    {
        let store = store(app)
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    /// Saves as the user, through their own tools: no permission needed, the source is "Health".
    func saveAsOwner(_ objects: [HKObject]) async throws {
        try await engine.save(
            objects, as: .owner(source: SourceRow(bundleIdentifier: "com.openhealthkit.health", name: "Health")))
    }
}

/// Async wrappers over the query API the suites use.
enum Fetch {
    /// Runs an `HKSampleQuery` and returns its samples, or throws its error.
    static func samples(
        _ store: HKHealthStore, _ type: HKSampleType, predicate: NSPredicate? = nil,
        sort: [NSSortDescriptor]? = nil, limit: Int = HKObjectQueryNoLimit
    ) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) {
                _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples ?? [])
                }
            }
            store.execute(query)
        }
    }

    /// The UUIDs of the samples a query returns, as a set.
    static func uuids(_ store: HKHealthStore, _ type: HKSampleType, predicate: NSPredicate? = nil) async throws -> Set<
        UUID
    > {
        Set(try await samples(store, type, predicate: predicate).map(\.uuid))
    }
}

/// An answerer that counts the sheets it is shown and remembers the last request.
final class CountingAnswerer: AuthorizationAnswerer {
    private let state = Locked<(count: Int, last: AuthorizationRequest?)>((0, nil))
    private let rule: @Sendable (AuthorizationRequest) -> AuthorizationAnswer

    init(_ rule: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer = AuthorizationAnswer.allowAll) {
        self.rule = rule
    }

    var count: Int { state.withLock { $0.count } }
    var lastRequest: AuthorizationRequest? { state.withLock { $0.last } }

    func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer {
        state.withLock { $0 = ($0.count + 1, request) }
        return rule(request)
    }
}
