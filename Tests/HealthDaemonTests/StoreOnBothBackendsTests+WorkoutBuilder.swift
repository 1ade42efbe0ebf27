import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// HKWorkoutBuilder's rules from HealthKit's documentation, on both backends.
extension StoreOnBothBackendsTests {
    typealias W = WorkoutFixture

    @Test(arguments: StoreBackend.allCases)
    func aFinishedWorkoutHoldsItsSamplesStatisticsEventsAndTotals(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            try await builder.beginCollection(at: W.start)
            let beats = [W.beat(120, at: 0), W.beat(140, at: 600), W.beat(160, at: 1200)]
            try await builder.addSamples(
                beats + [W.metres(1000, from: 0, seconds: 600), W.metres(1000, from: 600, seconds: 600)])
            try await builder.addWorkoutEvents([W.event(.pause, at: 900), W.event(.resume, at: 1020)])
            try await builder.addMetadata([HKMetadataKeyWorkoutBrandName: "Acme Run"])
            try await builder.endCollection(at: W.start.addingTimeInterval(1800))
            let finished = try #require(try await builder.finishWorkout())

            let workout = try #require(try await W.workout(finished.uuid, in: store))
            #expect(workout.workoutActivityType == .running)
            #expect(workout.duration == 1680)
            #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
            #expect(workout.totalDistance?.doubleValue(for: .meter()) == 2000)
            #expect(workout.statistics(for: W.distance)?.sumQuantity()?.doubleValue(for: .meter()) == 2000)
            let heart = try #require(workout.statistics(for: W.heartRate))
            #expect(heart.minimumQuantity()?.doubleValue(for: W.bpm) == 120)
            #expect(heart.maximumQuantity()?.doubleValue(for: W.bpm) == 160)
            #expect(workout.metadata?[HKMetadataKeyWorkoutBrandName] as? String == "Acme Run")
            #expect((workout.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == false)
            let associated = try await Fetch.samples(
                store, W.heartRate, predicate: HKQuery.predicateForObjects(from: workout))
            #expect(Set(associated.map(\.uuid)) == Set(beats.map(\.uuid)))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theBuilderRefusesWhatItsPhaseDoesNotAllow(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            #expect(await failure { try await builder.addSamples([W.beat(100, at: 10)]) } == .errorInvalidArgument)
            #expect(await failure { try await builder.endCollection(at: W.start) } == .errorInvalidArgument)
            try await builder.beginCollection(at: W.start)
            #expect(await failure { try await builder.beginCollection(at: W.start) } == .errorInvalidArgument)
            #expect(await failure { _ = try await builder.finishWorkout() } == .errorInvalidArgument)
            #expect(
                await failure { try await builder.endCollection(at: W.start.addingTimeInterval(-1)) }
                    == .errorInvalidArgument)
            try await builder.endCollection(at: W.start.addingTimeInterval(60))
            #expect(await failure { try await builder.addSamples([W.beat(100, at: 10)]) } == .errorInvalidArgument)
            _ = try await builder.finishWorkout()
            #expect(await failure { _ = try await builder.finishWorkout() } == .errorInvalidArgument)
            #expect(await failure { try await builder.addMetadata(["note": "late"]) } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, W.heartRate).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func samplesAndEventsOutsideTheWorkoutAreRefused(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            try await builder.beginCollection(at: W.start)
            #expect(await failure { try await builder.addSamples([W.beat(100, at: -1)]) } == .errorInvalidArgument)
            #expect(
                await failure { try await builder.addWorkoutEvents([W.event(.lap, at: -60)]) } == .errorInvalidArgument)
            #expect(
                await failure { try await builder.addWorkoutEvents([W.event(.resume, at: 60)]) }
                    == .errorInvalidArgument)
            #expect(builder.workoutEvents.isEmpty)
            #expect(try await Fetch.samples(store, W.heartRate).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDiscardedWorkoutIsNotSavedButItsSamplesStay(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            try await builder.beginCollection(at: W.start)
            try await builder.addSamples([W.beat(100, at: 10)])
            builder.discardWorkout()
            #expect(
                await failure { try await builder.endCollection(at: W.start.addingTimeInterval(60)) }
                    == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, W.workout).isEmpty)
            #expect(try await Fetch.samples(store, W.heartRate).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func elapsedTimeLeavesOutThePausedTime(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let builder = HKWorkoutBuilder(healthStore: store, configuration: W.outdoorRun(), device: nil)
            #expect(builder.elapsedTime(at: W.start.addingTimeInterval(100)) == 0)
            try await builder.beginCollection(at: W.start)
            try await builder.addWorkoutEvents([
                W.event(.pause, at: 300), W.event(.resume, at: 400), W.event(.motionPaused, at: 700),
            ])
            #expect(builder.elapsedTime(at: W.start.addingTimeInterval(200)) == 200)
            #expect(builder.elapsedTime(at: W.start.addingTimeInterval(500)) == 400)
            #expect(builder.elapsedTime(at: W.start.addingTimeInterval(1000)) == 600)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func eachActivityOfAMultisportWorkoutHasItsOwnStatistics(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let triathlon = HKWorkoutConfiguration()
            triathlon.activityType = .swimBikeRun
            let builder = HKWorkoutBuilder(healthStore: store, configuration: triathlon, device: nil)
            let bike = HKWorkoutConfiguration(), run = HKWorkoutConfiguration()
            bike.activityType = .cycling
            run.activityType = .running
            try await builder.beginCollection(at: W.start)
            let cycling = HKWorkoutActivity(
                workoutConfiguration: bike, start: W.start, end: W.start.addingTimeInterval(600), metadata: nil)
            try await builder.addWorkoutActivity(cycling)
            let overlapping = HKWorkoutActivity(
                workoutConfiguration: run, start: W.start.addingTimeInterval(300), end: nil, metadata: nil)
            #expect(await failure { try await builder.addWorkoutActivity(overlapping) } == .errorInvalidArgument)
            let running = HKWorkoutActivity(
                workoutConfiguration: run, start: W.start.addingTimeInterval(600), end: nil, metadata: nil)
            try await builder.addWorkoutActivity(running)
            try await builder.addSamples([W.beat(130, at: 60), W.beat(170, at: 700)])
            try await builder.updateActivity(uuid: running.uuid, end: W.start.addingTimeInterval(1200))
            try await builder.endCollection(at: W.start.addingTimeInterval(1200))
            let finished = try #require(try await builder.finishWorkout())

            let workout = try #require(try await W.workout(finished.uuid, in: store))
            #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.cycling, .running])
            #expect(workout.workoutActivities.map(\.uuid) == [cycling.uuid, running.uuid])
            #expect(workout.workoutActivities[1].endDate == W.start.addingTimeInterval(1200))
            let heartRates = workout.workoutActivities.map {
                $0.statistics(for: W.heartRate)?.maximumQuantity()?.doubleValue(for: W.bpm)
            }
            #expect(heartRates == [130, 170])
        }
    }
}
