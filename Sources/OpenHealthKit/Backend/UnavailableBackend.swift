import Foundation
import OpenHealthKitEngine

/// The backend of a store whose database could not be opened: every call fails with the same error.
struct UnavailableBackend: HealthStoreBackend {
    let error: HKError

    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws {}
    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws { throw error }
    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus {
        throw error
    }
    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { .notDetermined }
    func save(_ objects: [HKObject], associating: [UUID: [UUID]]) throws { throw error }
    func delete(uuids: [UUID]) throws { throw error }
    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int { throw error }
    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample] {
        throw error
    }
    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges {
        throw error
    }
    func currentAnchor() throws -> Int64 { throw error }
    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource] { throw error }
    func correlations(of type: HKCorrelationType, predicate: PredicateTree?, memberFilters: [SampleFilter]) throws
        -> [HKCorrelation]
    { throw error }
    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? { throw error }
    func activitySummaries(predicate: PredicateTree?) throws -> [HKActivitySummary] { throw error }

    func followPreferredUnits(handler: @escaping @Sendable () -> Void) -> StoreSubscription {
        StoreSubscription(start: Eventual(.failure(error)), token: ChangeSubscription {})
    }
    var waitsOnNetwork: Bool { false }
    var appBundleIdentifier: String? { nil }
    func subscribe(
        to typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>,
        handler: @escaping @Sendable (StoreChange) -> Void
    ) -> StoreSubscription {
        StoreSubscription(start: Eventual(.failure(error)), token: ChangeSubscription {})
    }
    func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) throws { throw error }
    func disableBackgroundDelivery(for type: HKObjectType?) throws { throw error }
    func backgroundDeliveryPosition(for type: HKSampleType) throws -> Int64? { throw error }
    func acknowledgeBackgroundDelivery(of types: Set<HKSampleType>, upTo anchor: Int64) {}
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult { throw error }
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] { throw error }
    func quantitySeries(of type: HKQuantityType, predicate: PredicateTree?, orderBySample: Bool) throws
        -> QuantitySeriesValues
    { throw error }
    func heartbeats(ofSeries uuid: UUID) throws -> [HeartbeatSeriesEntry] { throw error }
    func voltages(ofElectrocardiogram uuid: UUID) throws -> ElectrocardiogramVoltages? { throw error }
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws { throw error }
    func saveRoute(_ route: HKWorkoutRoute, locations: [RouteLocationRow], workout: UUID) throws { throw error }
    func routeLocations(of route: UUID, in interval: DateInterval?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    { throw error }
    func relateEffort(_ sample: HKSample, toWorkout workout: UUID, activity: UUID?) throws { throw error }
    func unrelateEffort(_ sample: HKSample, fromWorkout workout: UUID, activity: UUID?) throws { throw error }
    func effortRelationships(
        predicate: PredicateTree?, after anchor: Int64, option: HKWorkoutEffortRelationshipQueryOptions
    ) throws -> (relationships: [HKWorkoutEffortRelationship], anchor: Int64) { throw error }
    func supportsHealthRecords() throws -> Bool { throw error }
    func requestObjectReadAuthorization(for type: HKObjectType, predicate: PredicateTree?) async throws { throw error }
    func documents(
        of type: HKDocumentType, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeData: Bool
    ) async throws -> [HKCDADocumentSample] { throw error }
    func medications(predicate: PredicateTree?, limit: Int) throws -> [HKUserAnnotatedMedication] { throw error }
    func addAttachment(to object: UUID, name: String, contentType: UTType, data: Data, metadata: [String: Any]?)
        throws -> HKAttachment
    { throw error }
    func attachments(of object: UUID) throws -> [HKAttachment] { throw error }
    func readAttachment(_ identifier: UUID, _ body: (Data) throws -> Bool) throws { throw error }
    func removeAttachment(_ identifier: UUID, from object: UUID) throws { throw error }
}
