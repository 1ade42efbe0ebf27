package import Foundation
package import OpenHealthKitEngine

/// What an `HKHealthStore` needs from wherever the data lives, already scoped to the store's app: the embedded
/// engine in this process (``EmbeddedBackend``) or a healthd daemon over HTTP (``RemoteBackend``), or, when the
/// configuration cannot open either, ``UnavailableBackend``. Queries run against this seam.
package protocol HealthStoreBackend: RecordsBackend {
    /// The checks of a request that HealthKit raises exceptions for (disallowed types, missing usage descriptions).
    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws
    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws
    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus
    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus

    /// Saves objects all or nothing; `associating` names, by workout UUID, stored samples to associate with a workout
    /// of `objects` in the same transaction (a workout builder's).
    func save(_ objects: [HKObject], associating: [UUID: [UUID]]) throws
    func delete(uuids: [UUID]) throws
    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int

    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample]
    /// The changes after `anchor` to samples matching any of the filters (anchored and observer queries).
    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges
    /// The anchor of the latest committed change, where a query that watches the store starts.
    func currentAnchor() throws -> Int64
    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource]
    /// The correlations of `type` matching `predicate` that hold, for each member filter, a member matching it.
    func correlations(of type: HKCorrelationType, predicate: PredicateTree?, memberFilters: [SampleFilter]) throws
        -> [HKCorrelation]
    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String?
    /// The activity summaries matching `predicate`, by day (none when the app may not read them).
    func activitySummaries(predicate: PredicateTree?) throws -> [HKActivitySummary]

    /// Calls `handler` after each change of one of `kinds` touching one of the types (grant changes for them count as
    /// sample changes), committed after this call returns, even while the backend is still connecting. Returns at
    /// once, without waiting for the backend. With `.samples`, types with background delivery that changed while the
    /// app was away are announced at once.
    func subscribe(
        to typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>,
        handler: @escaping @Sendable (StoreChange) -> Void
    ) -> StoreSubscription

    /// Whether calls wait on the network (healthd): the store then runs each call on a queue of its own.
    var waitsOnNetwork: Bool { get }
    /// The bundle identifier of the app the store acts for, which stamps the samples it saves; nil when there is none
    /// or healthd cannot tell now. Asking healthd may wait on the network (once: the answer is kept).
    var appBundleIdentifier: String? { get }

    /// Remembers (or forgets) the app's request to be told of changes to a type while it is not running; a nil type
    /// is every type.
    func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) throws
    func disableBackgroundDelivery(for type: HKObjectType?) throws
    /// The anchor up to which the app acknowledged the changes of a type it asked background delivery for (nil when it
    /// did not): where its observer queries of the type start, so that they report what is pending.
    func backgroundDeliveryPosition(for type: HKSampleType) throws -> Int64?
    /// An observer query's completion handler ran: the app processed these types' changes up to `anchor`.
    func acknowledgeBackgroundDelivery(of types: Set<HKSampleType>, upTo anchor: Int64)

    /// Statistics of a quantity type over the samples the app may see (statistics and statistics collection queries).
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult

    /// The user's preferred unit of each type (the app must have asked for access to each).
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit]

    /// Calls `handler` after each change of the user's preferred units, made in this process or another. Returns once
    /// the watch is live: no change made after it returns is missed.
    func followPreferredUnits(handler: @escaping @Sendable () -> Void) -> StoreSubscription
    /// The quantities of the samples of `type` matching `predicate` the app may see (quantity series queries).
    func quantitySeries(of type: HKQuantityType, predicate: PredicateTree?, orderBySample: Bool) throws
        -> QuantitySeriesValues
    /// The beats of a heartbeat series the app may see; none for one it may not see or that does not exist.
    func heartbeats(ofSeries uuid: UUID) throws -> [HeartbeatSeriesEntry]
    /// The voltages of an electrocardiogram the app may see; nil for one it may not see or that does not exist.
    func voltages(ofElectrocardiogram uuid: UUID) throws -> ElectrocardiogramVoltages?
    /// Associates stored samples with a stored workout (`HKHealthStore.add(_:to:)`).
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws
    /// Saves a finished route with its locations, as a route of the stored workout `workout`.
    func saveRoute(_ route: HKWorkoutRoute, locations: [RouteLocationRow], workout: UUID) throws
    /// A page of a route's locations in time order (none for a route the app may not read).
    func routeLocations(of route: UUID, in interval: DateInterval?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    /// Relates an effort sample to a workout or one of its activities (saving the sample when it is not stored).
    func relateEffort(_ sample: HKSample, toWorkout workout: UUID, activity: UUID?) throws
    /// Removes such a relationship.
    func unrelateEffort(_ sample: HKSample, fromWorkout workout: UUID, activity: UUID?) throws
    /// The effort relationships changed after `anchor` of the workouts matching `predicate`, and the anchor after them.
    func effortRelationships(
        predicate: PredicateTree?, after anchor: Int64, option: HKWorkoutEffortRelationshipQueryOptions
    ) throws -> (relationships: [HKWorkoutEffortRelationship], anchor: Int64)
}

extension HealthStoreBackend {
    /// Saves objects all or nothing, associating nothing with them.
    func save(_ objects: [HKObject]) throws {
        try save(objects, associating: [:])
    }
}
