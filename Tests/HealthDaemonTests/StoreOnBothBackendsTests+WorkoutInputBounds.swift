import CoreLocation
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting
import Testing

/// Where a workout's dates and UUIDs enter the store, they hold the rules every sample holds (docs/SECURITY.md): dates
/// within years 1 to 4001, and an app names only random UUIDs, so that no answer tells whether an import's record
/// exists.
extension StoreOnBothBackendsTests {
    /// A date after year 4001.
    static let afterYear4001 = Date(timeIntervalSince1970: 1e14)

    @Test(arguments: StoreBackend.allCases)
    func theWorkoutBuilderRefusesDatesOutsideYearsOneTo4001(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            #expect(
                await failure { try await builder.beginCollection(at: Self.afterYear4001) } == .errorInvalidArgument)
            try await builder.beginCollection(at: W.start)
            let endless = HKWorkoutEvent(
                type: .segment, dateInterval: DateInterval(start: W.start, end: Self.afterYear4001), metadata: nil)
            #expect(await failure { try await builder.addWorkoutEvents([endless]) } == .errorInvalidArgument)
            #expect(await failure { try await builder.endCollection(at: Self.afterYear4001) } == .errorInvalidArgument)
            try await builder.endCollection(at: W.start.addingTimeInterval(600))
            let workout = try #require(try await builder.finishWorkout())
            #expect(workout.workoutEvents == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRouteWithALocationDatedAfterYear4001IsNotSaved(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            let far = CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 52, longitude: 13.4), altitude: 30, horizontalAccuracy: 4,
                verticalAccuracy: 2, course: 0, speed: 3, timestamp: Self.afterYear4001)
            try await builder.insertRouteData(track(3) + [far])
            #expect(
                await failure { _ = try await builder.finishRoute(with: workout, metadata: nil) }
                    == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, W.route).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRouteWithAnAltitudeOrSpeedNoRouteReachesIsNotSaved(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            for (altitude, speed) in [(1e308, 3.0), (30.0, 1e308)] {
                let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
                let wild = CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: 52, longitude: 13.4), altitude: altitude,
                    horizontalAccuracy: 4, verticalAccuracy: 2, course: 0, speed: speed,
                    timestamp: W.start.addingTimeInterval(10))
                try await builder.insertRouteData(track(3) + [wild])
                #expect(
                    await failure { _ = try await builder.finishRoute(with: workout, metadata: nil) }
                        == .errorInvalidArgument)
            }
            #expect(try await Fetch.samples(store, W.route).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppCannotRelateAnImportsKindOfUUIDWhetherOrNotSuchAnEffortIsStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            var batch = ImportBatch()
            batch.samples = [
                SampleRow(
                    uuid: Self.importedUUID, typeIdentifier: Self.effort.identifier, startDate: 1_700_003_600,
                    endDate: 1_700_003_600, value: 7,
                    source: SourceRow(bundleIdentifier: "org.openhealthkit.export.watch", name: "Watch"),
                    revision: RevisionRow())
            ]
            try await world.importBatch(batch)
            // Allowed to share effort scores, not to read them: it must not learn which the owner has.
            let store = try await world.store { request in
                AuthorizationAnswer(
                    allowedToShare: request.toShare, allowedToRead: request.toRead.filter { $0 != Self.effort })
            }
            let types = W.types.union([Self.effort])
            try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
            let workout = try await savedWorkout(store)
            var messages: [String] = []
            for uuid in [Self.importedUUID, Self.unstoredImportUUID] {
                let date = W.start.addingTimeInterval(3600)
                let score = HKQuantitySample.stored(
                    uuid: uuid, type: Self.effort, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7),
                    start: date, end: date, device: nil, metadata: nil, sourceRevision: .placeholder())
                let error = await #expect(throws: HKError.self) {
                    try await store.relateWorkoutEffortSample(score, with: workout, activity: nil)
                }
                #expect(error?.code == .errorInvalidArgument)
                messages.append(error?.message.replacingOccurrences(of: uuid.uuidString, with: "<uuid>") ?? "")
            }
            #expect(messages[0] == messages[1])
            #expect(messages[0].contains("random UUIDs (version 4)"), "\(messages[0])")
        }
    }
}
