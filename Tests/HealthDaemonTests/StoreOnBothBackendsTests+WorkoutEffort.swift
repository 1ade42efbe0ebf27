import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire
import OpenHealthKitTesting

/// Workout effort scores related to workouts, and read back with HKWorkoutEffortRelationshipQuery, on both backends.
extension StoreOnBothBackendsTests {
    static let effort = HKQuantityType(.workoutEffortScore)
    static let estimatedEffort = HKQuantityType(.estimatedWorkoutEffortScore)

    func effortScore(_ value: Double, estimated: Bool = false, at offset: TimeInterval = 3600) -> HKQuantitySample {
        let date = W.start.addingTimeInterval(offset)
        return HKQuantitySample(
            type: estimated ? Self.estimatedEffort : Self.effort,
            quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: value), start: date, end: date)
    }

    func relationships(
        _ store: HKHealthStore, anchor: HKQueryAnchor? = nil,
        options: HKWorkoutEffortRelationshipQueryOptions = .default
    ) async throws -> ([HKWorkoutEffortRelationship], HKQueryAnchor) {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKWorkoutEffortRelationshipQuery(predicate: nil, anchor: anchor, options: options) {
                    _, relationships, anchor, error in
                    if let relationships, let anchor {
                        continuation.resume(returning: (relationships, anchor))
                    } else {
                        continuation.resume(throwing: error ?? HKError(.unknownError))
                    }
                })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anEffortScoreRelatedToAWorkoutIsReadBackWithIt(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([Self.effort, Self.estimatedEffort]))
            let workout = try await savedWorkout(store)
            let score = effortScore(7)
            try await store.relateWorkoutEffortSample(score, with: workout, activity: nil)
            let (found, anchor) = try await relationships(store)
            #expect(found.count == 1)
            #expect(found.first?.workout.uuid == workout.uuid && found.first?.activity == nil)
            #expect(found.first?.samples?.map(\.uuid) == [score.uuid])
            let related = try await Fetch.samples(
                store, Self.effort,
                predicate: HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: nil))
            #expect(related.map(\.uuid) == [score.uuid])
            #expect(try await relationships(store, anchor: anchor).0.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theMostRelevantEffortIsTheUsersScoreOverAnEstimate(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([Self.effort, Self.estimatedEffort]))
            let workout = try await savedWorkout(store)
            let estimate = effortScore(5, estimated: true, at: 4000), given = effortScore(8, at: 3700)
            try await store.relateWorkoutEffortSample(estimate, with: workout, activity: nil)
            try await store.relateWorkoutEffortSample(given, with: workout, activity: nil)
            #expect(try await relationships(store).0.first?.samples?.map(\.uuid) == [estimate.uuid, given.uuid])
            #expect(
                try await relationships(store, options: .mostRelevant).0.first?.samples?.map(\.uuid) == [given.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func unrelatingAnEffortReportsTheWorkoutWithoutIt(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([Self.effort, Self.estimatedEffort]))
            let workout = try await savedWorkout(store)
            let score = effortScore(6)
            try await store.relateWorkoutEffortSample(score, with: workout, activity: nil)
            let (_, anchor) = try await relationships(store)
            try await store.unrelateWorkoutEffortSample(score, from: workout, activity: nil)
            let (changed, _) = try await relationships(store, anchor: anchor)
            #expect(changed.map(\.workout.uuid) == [workout.uuid])
            #expect(changed.first?.samples == nil)
            #expect(
                await failure { try await store.unrelateWorkoutEffortSample(score, from: workout, activity: nil) }
                    == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func onlyEffortScoresCanBeRelatedToWorkouts(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([Self.effort]))
            let workout = try await savedWorkout(store)
            #expect(
                await failure {
                    try await store.relateWorkoutEffortSample(W.beat(120, at: 60), with: workout, activity: nil)
                }
                    == .errorInvalidArgument)
            let unsaved = HKWorkout(activityType: .running, start: W.start, end: W.start.addingTimeInterval(60))
            #expect(
                await failure {
                    try await store.relateWorkoutEffortSample(effortScore(3), with: unsaved, activity: nil)
                }
                    == .errorInvalidArgument)
            #expect(try await relationships(store).0.isEmpty)
        }
    }
}

extension StoreOnBothBackendsTests {
    @Test(arguments: StoreBackend.allCases)
    func healthdAuditsEveryWorkoutCall(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let started = Date()
            let store = try await world.authorizedStore(for: W.types.union([Self.effort]))
            let workout = try await savedWorkout(store)
            try await store.addSamples([W.beat(120, at: 60)], to: workout)
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            try await builder.insertRouteData(track(5))
            let route = try await builder.finishRoute(with: workout, metadata: nil)
            #expect(try await routeBatches(store, route).joined().count == 5)
            try await store.relateWorkoutEffortSample(effortScore(4), with: workout, activity: nil)
            _ = try await relationships(store)
            guard let log = try await world.auditLog(of: "com.example.app", since: started) else { return }
            let calls = log.map { "\($0.operation) \($0.sampleCount) \($0.outcome)" }
            for expected in [
                "workout.associate 1 success", "workout.route.save 1 success", "query.routeLocations 5 success",
                "workout.effort.relate 0 success", "query.effortRelationships 1 success",
            ] {
                #expect(calls.contains(expected), "\(expected) in \(calls)")
            }
            #expect(log.first { $0.operation == "workout.route.save" }?.types == [HKWorkoutRouteTypeIdentifier])
        }
    }
}
