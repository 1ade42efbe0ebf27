import CoreLocation
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Workout routes on both backends: HKWorkoutRouteBuilder saves a route for a workout, HKWorkoutRouteQuery reads its
/// locations back in batches, in time order, its own only.
extension StoreOnBothBackendsTests {
    /// A saved workout of an hour.
    func savedWorkout(_ store: HKHealthStore) async throws -> HKWorkout {
        let workout = HKWorkout(
            activityType: .running, start: W.start, end: W.start.addingTimeInterval(3600), workoutEvents: nil,
            totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
        try await store.save(workout)
        return workout
    }

    /// `count` locations every second from `offset`, heading north.
    func track(_ count: Int, from offset: TimeInterval = 0, longitude: Double = 13.4) -> [CLLocation] {
        (0..<count).map { index in
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 52 + Double(index) * 0.00001, longitude: longitude),
                altitude: 30, horizontalAccuracy: 4, verticalAccuracy: 2, course: 0, speed: 3,
                timestamp: W.start.addingTimeInterval(offset + Double(index)))
        }
    }

    /// Every batch a route query delivers, until `done`.
    func routeBatches(_ store: HKHealthStore, _ route: HKWorkoutRoute, in interval: DateInterval? = nil)
        async throws -> [[CLLocation]]
    {
        let inbox = Inbox<(locations: [CLLocation], done: Bool, error: HKError?)>()
        let handler: @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void = {
            _, locations, done, error in inbox.post((locations ?? [], done, error as? HKError))
        }
        store.execute(
            interval.map { HKWorkoutRouteQuery(route: route, dateInterval: $0, dataHandler: handler) }
                ?? HKWorkoutRouteQuery(route: route, dataHandler: handler))
        var batches: [[CLLocation]] = []
        while true {
            let batch = try await inbox.next()
            if let error = batch.error { throw error }
            batches.append(batch.locations)
            if batch.done { return batches }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRouteComesBackInBatchesInTimeOrder(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            let locations = track(2500)
            try await builder.insertRouteData(Array(locations[1200...]))
            try await builder.insertRouteData(Array(locations[..<1200]))
            let route = try await builder.finishRoute(with: workout, metadata: ["note": "park loop"])
            #expect(route.count == 2500)
            #expect(route.startDate == W.start && route.endDate == W.start.addingTimeInterval(2499))

            let routes = try await Fetch.samples(store, W.route, predicate: HKQuery.predicateForObjects(from: workout))
            let stored = try #require(routes.first as? HKWorkoutRoute)
            #expect(routes.count == 1 && stored.count == 2500 && stored.metadata?["note"] as? String == "park loop")
            let batches = try await routeBatches(store, stored)
            #expect(batches.map(\.count) == [1000, 1000, 500])
            let read = batches.joined()
            #expect(read.map(\.timestamp) == locations.map(\.timestamp))
            #expect(read.last?.coordinate.latitude == locations.last?.coordinate.latitude)
            #expect(read.first?.speed == 3 && read.first?.altitude == 30 && read.first?.verticalAccuracy == 2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRouteQueryReadsOnlyItsRoutesLocationsWithinItsInterval(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let first = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await first.insertRouteData(track(100))
            let route = try await first.finishRoute(with: workout, metadata: nil)
            let second = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await second.insertRouteData(track(100, longitude: 2.35))
            _ = try await second.finishRoute(with: workout, metadata: nil)

            let all = try await routeBatches(store, route).joined()
            #expect(all.count == 100 && all.allSatisfy { $0.coordinate.longitude == 13.4 })
            let window = DateInterval(start: W.start.addingTimeInterval(10), end: W.start.addingTimeInterval(19))
            let part = try await routeBatches(store, route, in: window).joined()
            #expect(part.map(\.timestamp) == (10...19).map { W.start.addingTimeInterval(Double($0)) })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theRouteDescriptorYieldsEveryLocation(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await builder.insertRouteData(track(1500))
            let route = try await builder.finishRoute(with: try await savedWorkout(store), metadata: nil)
            var count = 0
            for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
                #expect(location.timestamp == W.start.addingTimeInterval(Double(count)))
                count += 1
            }
            #expect(count == 1500)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theRouteBuilderRefusesWhatHealthKitRefuses(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            #expect(
                await failure { _ = try await builder.finishRoute(with: workout, metadata: nil) }
                    == .errorInvalidArgument)
            let offGlobe = CLLocation(latitude: 91, longitude: 0)
            #expect(await failure { try await builder.insertRouteData([offGlobe]) } == .errorInvalidArgument)
            let unsaved = HKWorkout(activityType: .running, start: W.start, end: W.start.addingTimeInterval(60))
            try await builder.insertRouteData(track(3))
            #expect(
                await failure { _ = try await builder.finishRoute(with: unsaved, metadata: nil) }
                    == .errorInvalidArgument)
            _ = try await builder.finishRoute(with: workout, metadata: nil)
            #expect(await failure { try await builder.insertRouteData(track(1)) } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, W.route).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppThatMayNotReadRoutesReadsNoLocations(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await builder.insertRouteData(track(10))
            let route = try await builder.finishRoute(with: try await savedWorkout(store), metadata: nil)
            let other = try await world.store(Apps.app("com.example.other")) { request in
                AuthorizationAnswer(allowedToShare: [], allowedToRead: [])
            }
            try await other.requestAuthorization(toShare: [], read: [W.route])
            #expect(try await routeBatches(other, route).joined().isEmpty)
            #expect(try await Fetch.samples(other, W.route).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingAWorkoutDeletesItsRoute(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await builder.insertRouteData(track(10))
            let route = try await builder.finishRoute(with: workout, metadata: nil)
            try await store.delete(workout)
            #expect(try await Fetch.samples(store, W.route).isEmpty)
            #expect(try await routeBatches(store, route).joined().isEmpty)
        }
    }
}
