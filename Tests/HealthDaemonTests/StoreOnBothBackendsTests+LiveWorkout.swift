import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// HKLiveWorkoutBuilder and HKLiveWorkoutDataSource on both backends: while the session runs, the samples another
/// source saves reach the builder, its delegate hears them and its statistics follow.
extension StoreOnBothBackendsTests {
    /// A running session of the workout app, its live builder collecting from `start` with a data source, and a
    /// heart rate strap's app saving through the same store.
    func liveWorkout(_ world: StoreWorld) async throws -> (
        store: HKHealthStore, session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, recorder: BuilderRecorder,
        strap: HKHealthStore
    ) {
        let store = try await world.authorizedStore(for: W.types)
        let strap = try await world.authorizedStore(Apps.app("com.example.strap"), for: [W.heartRate, W.distance])
        let session = try HKWorkoutSession(healthStore: store, configuration: W.outdoorRun())
        let builder = session.associatedWorkoutBuilder()
        let recorder = BuilderRecorder()
        builder.delegate = recorder
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: W.outdoorRun())
        session.startActivity(with: W.start)
        try await builder.beginCollection(at: W.start)
        return (store, session, builder, recorder, strap)
    }

    @Test(arguments: StoreBackend.allCases)
    func aLiveBuilderCollectsTheSamplesAnotherSourceSavesDuringTheWorkout(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let live = try await liveWorkout(world)
            try await live.strap.save(W.beat(150, at: 60))
            #expect(try await live.recorder.events.next() == .collected([W.heartRate.identifier]))
            #expect(live.builder.statistics(for: W.heartRate)?.mostRecentQuantity()?.doubleValue(for: W.bpm) == 150)
            try await live.strap.save(W.beat(170, at: 120))
            #expect(try await live.recorder.events.next() == .collected([W.heartRate.identifier]))
            let statistics = try #require(live.builder.statistics(for: W.heartRate))
            #expect(statistics.mostRecentQuantity()?.doubleValue(for: W.bpm) == 170)
            #expect(statistics.minimumQuantity()?.doubleValue(for: W.bpm) == 150)
            live.session.end()
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theAppsOwnSamplesAndSamplesBeforeTheStartAreNotCollected(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let live = try await liveWorkout(world)
            try await live.strap.save(W.beat(90, at: -60))
            try await live.store.save(W.beat(200, at: 30))
            try await live.strap.save([W.beat(140, at: 60), W.metres(500, from: 60, seconds: 120)])
            var collected: Set<String> = []
            while collected != [W.heartRate.identifier, W.distance.identifier] {
                guard case .collected(let types) = try await live.recorder.events.next() else { continue }
                collected.formUnion(types)
            }
            let heart = try #require(live.builder.statistics(for: W.heartRate))
            #expect(heart.minimumQuantity()?.doubleValue(for: W.bpm) == 140)
            #expect(heart.maximumQuantity()?.doubleValue(for: W.bpm) == 140)
            let metres = try #require(
                live.builder.statistics(for: W.distance)?.sumQuantity()?.doubleValue(for: .meter()))
            #expect(abs(metres - 500) < 1e-9)
            live.session.end()
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theDataSourceCollectsOnlyTheTypesAndPredicatesItIsGiven(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: W.types)
            let strap = try await world.authorizedStore(Apps.app("com.example.strap"), for: [W.heartRate, W.distance])
            let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: W.outdoorRun())
            #expect(source.typesToCollect.contains(W.distance) && source.typesToCollect.contains(W.heartRate))
            source.disableCollection(for: W.distance)
            source.enableCollection(
                for: W.heartRate,
                predicate: HKQuery.predicateForQuantitySamples(
                    with: .greaterThan, quantity: HKQuantity(unit: W.bpm, doubleValue: 100)))
            #expect(!source.typesToCollect.contains(W.distance))
            let session = try HKWorkoutSession(healthStore: store, configuration: W.outdoorRun())
            let builder = session.associatedWorkoutBuilder()
            let recorder = BuilderRecorder()
            builder.delegate = recorder
            builder.dataSource = source
            session.startActivity(with: W.start)
            try await builder.beginCollection(at: W.start)
            try await strap.save([W.beat(80, at: 10), W.metres(400, from: 10, seconds: 60)])
            try await strap.save(W.beat(130, at: 20))
            #expect(try await recorder.events.next() == .collected([W.heartRate.identifier]))
            #expect(builder.statistics(for: W.heartRate)?.minimumQuantity()?.doubleValue(for: W.bpm) == 130)
            #expect(builder.statistics(for: W.distance) == nil)
            session.end()
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theSessionsPausesReachTheBuilderAndLeaveOutThePausedTime(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let live = try await liveWorkout(world)
            let states = SessionStates()
            live.session.delegate = states
            live.session.pause()
            #expect(try await live.recorder.events.next() == .event)
            live.session.resume()
            #expect(try await live.recorder.events.next() == .event)
            #expect(live.builder.workoutEvents.map(\.type) == [.pause, .resume])
            let events = live.builder.workoutEvents
            let paused = events[1].dateInterval.start.timeIntervalSince(events[0].dateInterval.start)
            let now = Date()
            #expect(
                abs(live.builder.elapsedTime(at: now) - (now.timeIntervalSince(W.start) - paused)) < 0.001)
            live.session.end()
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aLiveWorkoutHoldsTheSessionsActivityAndTheCollectedSamples(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let live = try await liveWorkout(world)
            let beat = W.beat(155, at: 90)
            try await live.strap.save(beat)
            #expect(try await live.recorder.events.next() == .collected([W.heartRate.identifier]))
            let end = W.start.addingTimeInterval(600)
            live.session.stopActivity(with: end)
            try await live.builder.endCollection(at: end)
            let finished = try #require(try await live.builder.finishWorkout())
            let store = live.store
            let workout = try #require(try await W.workout(finished.uuid, in: store))
            #expect(workout.workoutActivities.count == 1)
            #expect(workout.workoutActivities.first?.workoutConfiguration.activityType == .running)
            #expect(workout.workoutActivities.first?.startDate == W.start)
            #expect(workout.workoutActivities.first?.endDate == end)
            let associated = try await Fetch.samples(
                store, W.heartRate, predicate: HKQuery.predicateForObjects(from: workout))
            #expect(associated.map(\.uuid) == [beat.uuid])
            live.session.end()
        }
    }
}
