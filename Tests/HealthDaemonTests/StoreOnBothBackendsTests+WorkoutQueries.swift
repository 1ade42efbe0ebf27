import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// The workout predicates (activities, statistics), HKHealthStore.add(_:to:) and sample queries over several
/// descriptors, on both backends.
extension StoreOnBothBackendsTests {
    /// Two finished workouts: a 10-minute run with 2 km and heart rates of 130 then 150 (a time-weighted average of
    /// 148 bpm), and a 40-minute ride with 12 km and heart rates of 140 then 175 (an average of 174 bpm).
    func twoWorkouts(_ store: HKHealthStore) async throws -> (run: HKWorkout, ride: HKWorkout) {
        func build(
            _ type: HKWorkoutActivityType, minutes: Double, metres: Double, beats: [Double], offset: TimeInterval
        )
            async throws -> HKWorkout
        {
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = type
            let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
            let start = W.start.addingTimeInterval(offset)
            try await builder.beginCollection(at: start)
            let distance = type == .cycling ? HKQuantityType(.distanceCycling) : W.distance
            try await builder.addSamples(
                beats.enumerated().map { index, value in W.beat(value, at: offset + Double(index) * 60) } + [
                    HKQuantitySample(
                        type: distance, quantity: HKQuantity(unit: .meter(), doubleValue: metres), start: start,
                        end: start.addingTimeInterval(minutes * 60))
                ])
            let activity = HKWorkoutActivity(
                workoutConfiguration: configuration, start: start, end: start.addingTimeInterval(minutes * 60),
                metadata: nil)
            try await builder.addWorkoutActivity(activity)
            try await builder.endCollection(at: start.addingTimeInterval(minutes * 60))
            return try #require(try await builder.finishWorkout())
        }
        let run = try await build(.running, minutes: 10, metres: 2000, beats: [130, 150], offset: 0)
        let ride = try await build(.cycling, minutes: 40, metres: 12000, beats: [140, 175], offset: 7200)
        return (run, ride)
    }

    @Test(arguments: StoreBackend.allCases)
    func workoutStatisticPredicatesSelectByTheWorkoutsStatistics(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([HKQuantityType(.distanceCycling)]))
            let (run, ride) = try await twoWorkouts(store)
            let fastHeart = HKQuery.predicateForWorkouts(
                operatorType: .greaterThan, quantityType: W.heartRate,
                maximumQuantity: HKQuantity(unit: W.bpm, doubleValue: 160))
            #expect(try await Fetch.samples(store, W.workout, predicate: fastHeart).map(\.uuid) == [ride.uuid])
            let shortRun = HKQuery.predicateForWorkouts(
                operatorType: .lessThan, quantityType: W.distance,
                sumQuantity: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 3))
            #expect(try await Fetch.samples(store, W.workout, predicate: shortRun).map(\.uuid) == [run.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activityPredicatesSelectWorkoutsWithAMatchingActivity(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types.union([HKQuantityType(.distanceCycling)]))
            let (run, ride) = try await twoWorkouts(store)
            let cyclingOverHalfAnHour = NSCompoundPredicate(andPredicateWithSubpredicates: [
                HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling),
                HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 1800),
            ])
            let rides = HKQuery.predicateForWorkouts(activityPredicate: cyclingOverHalfAnHour)
            #expect(try await Fetch.samples(store, W.workout, predicate: rides).map(\.uuid) == [ride.uuid])
            let early = HKQuery.predicateForWorkouts(
                activityPredicate: HKQuery.predicateForWorkoutActivities(
                    start: W.start, end: W.start.addingTimeInterval(3600), options: .strictStartDate))
            #expect(try await Fetch.samples(store, W.workout, predicate: early).map(\.uuid) == [run.uuid])
            let calmActivity = HKQuery.predicateForWorkouts(
                activityPredicate: HKQuery.predicateForWorkoutActivities(
                    operatorType: .lessThan, quantityType: W.heartRate,
                    averageQuantity: HKQuantity(unit: W.bpm, doubleValue: 160)))
            #expect(try await Fetch.samples(store, W.workout, predicate: calmActivity).map(\.uuid) == [run.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func samplesAddedToAWorkoutAreFoundByIt(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let workout = try await savedWorkout(store)
            let stored = W.beat(120, at: 60), unsaved = W.beat(125, at: 120)
            try await store.save(stored)
            try await store.addSamples([stored, unsaved], to: workout)
            let found = try await Fetch.samples(
                store, W.heartRate, predicate: HKQuery.predicateForObjects(from: workout))
            #expect(Set(found.map(\.uuid)) == [stored.uuid, unsaved.uuid])
            let ghost = HKWorkout(activityType: .running, start: W.start, end: W.start.addingTimeInterval(60))
            #expect(await failure { try await store.addSamples([stored], to: ghost) } == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aSampleQueryOverSeveralDescriptorsSortsAndLimitsAcrossThem(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let a = W.beat(100, at: 30), b = W.metres(10, from: 10, seconds: 5), c = W.beat(110, at: 0)
            try await store.save([a, b, c])
            let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
                store.execute(
                    HKSampleQuery(
                        queryDescriptors: [
                            HKQueryDescriptor(sampleType: W.heartRate, predicate: nil),
                            HKQueryDescriptor(sampleType: W.distance, predicate: nil),
                        ], limit: 2,
                        sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
                    ) { _, samples, error in
                        if let samples {
                            continuation.resume(returning: samples)
                        } else {
                            continuation.resume(throwing: error ?? HKError(.unknownError))
                        }
                    })
            }
            #expect(samples.map(\.uuid) == [c.uuid, b.uuid])
        }
    }
}
