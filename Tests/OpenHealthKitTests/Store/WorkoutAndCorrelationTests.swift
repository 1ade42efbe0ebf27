import Foundation
import Testing
import OpenHealthKit

/// Workouts keep their events and totals; correlations keep their members, which are samples in their own right.
@Suite struct WorkoutAndCorrelationTests {
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    let bloodPressure = HKCorrelationType(.bloodPressure)

    @Test func aWorkoutComesBackWithItsDurationEventsAndTotals() async throws {
        let store = try await StoreHarness().authorizedStore(for: [.workoutType()])
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let end = start.addingTimeInterval(3600)
        let events = [
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0),
                metadata: nil),
            HKWorkoutEvent(
                type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0),
                metadata: nil),
            HKWorkoutEvent(
                type: .lap, dateInterval: DateInterval(start: start.addingTimeInterval(1200), duration: 60),
                metadata: ["Lap": "first", HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 400)]),
        ]
        let workout = HKWorkout(
            activityType: .running, start: start, end: end, workoutEvents: events,
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 512.5),
            totalDistance: HKQuantity(unit: .mile(), doubleValue: 6.2), metadata: [HKMetadataKeyIndoorWorkout: false])
        #expect(workout.duration == 3300)
        try await store.save(workout)

        let stored = try #require(try await Fetch.samples(store, .workoutType()).first as? HKWorkout)
        #expect(stored.uuid == workout.uuid)
        #expect(stored.workoutActivityType == .running)
        #expect(stored.startDate == start)
        #expect(stored.endDate == end)
        #expect(stored.duration == 3300)
        #expect(stored.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 512.5)
        let miles = try #require(stored.totalDistance?.doubleValue(for: .mile()))
        #expect(abs(miles - 6.2) < 1e-9)
        #expect(stored.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        let storedEvents = try #require(stored.workoutEvents)
        #expect(storedEvents.map(\.type) == [.pause, .resume, .lap])
        #expect(storedEvents.map(\.dateInterval) == events.map(\.dateInterval))
        #expect(storedEvents[2].metadata?["Lap"] as? String == "first")
        #expect((storedEvents[2].metadata?[HKMetadataKeyLapLength] as? HKQuantity)?.doubleValue(for: .meter()) == 400)
    }

    @Test func aWorkoutWithAnExplicitDurationKeepsIt() async throws {
        let store = try await StoreHarness().authorizedStore(for: [.workoutType()])
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let workout = HKWorkout(
            activityType: .swimming, start: start, end: start.addingTimeInterval(1800), duration: 1500,
            totalEnergyBurned: nil, totalDistance: HKQuantity(unit: .meter(), doubleValue: 1000), metadata: nil)
        try await store.save(workout)
        let stored = try #require(try await Fetch.samples(store, .workoutType()).first as? HKWorkout)
        #expect(stored.duration == 1500)
        #expect(stored.totalEnergyBurned == nil)
        #expect(stored.workoutEvents == nil)
    }

    func pressure(_ high: Double, _ low: Double, at date: Date = Date()) -> HKCorrelation {
        HKCorrelation(
            type: bloodPressure, start: date, end: date,
            objects: [
                HKQuantitySample(
                    type: systolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: high), start: date,
                    end: date),
                HKQuantitySample(
                    type: diastolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: low), start: date,
                    end: date),
            ])
    }

    @Test func aBloodPressureIsSavedAsACorrelationAndItsMembersAreSamplesToo() async throws {
        let store = try await StoreHarness().authorizedStore(for: [systolic, diastolic])
        let reading = pressure(120, 80)
        try await store.save(reading)

        let stored = try #require(try await Fetch.samples(store, bloodPressure).first as? HKCorrelation)
        #expect(stored.uuid == reading.uuid)
        #expect(stored.correlationType == bloodPressure)
        #expect(stored.objects.count == 2)
        #expect(Set(stored.objects.map(\.uuid)) == Set(reading.objects.map(\.uuid)))
        let high = try #require(stored.objects(for: systolic).first as? HKQuantitySample)
        #expect(high.quantity.doubleValue(for: .millimeterOfMercury()) == 120)
        #expect(stored.sourceRevision == reading.sourceRevision)
        for member in reading.objects { #expect(member.sourceRevision == reading.sourceRevision) }

        let highs = try await Fetch.samples(store, systolic)
        #expect(highs.map(\.uuid) == Array(reading.objects(for: systolic)).map(\.uuid))
        let lows = try await Fetch.samples(store, diastolic)
        #expect((lows.first as? HKQuantitySample)?.quantity.doubleValue(for: .millimeterOfMercury()) == 80)
    }

    @Test func savingACorrelationNeedsShareGrantsForItsMembers() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [systolic])
        let error = await #expect(throws: HKError.self) { try await store.save(pressure(120, 80)) }
        #expect(error?.code == .errorAuthorizationNotDetermined)
        #expect(try await Fetch.samples(store, systolic).isEmpty)
        #expect(try await Fetch.samples(store, bloodPressure).isEmpty)
    }

    @Test func deletingACorrelationDeletesItsMembers() async throws {
        let store = try await StoreHarness().authorizedStore(for: [systolic, diastolic])
        let reading = pressure(120, 80), other = pressure(130, 85)
        try await store.save([reading, other])
        try await store.delete(reading)
        #expect(try await Fetch.uuids(store, bloodPressure) == [other.uuid])
        #expect(try await Fetch.uuids(store, systolic) == Set(other.objects(for: systolic).map(\.uuid)))
        #expect(try await Fetch.uuids(store, diastolic) == Set(other.objects(for: diastolic).map(\.uuid)))
    }

    @Test func deleteObjectsOfACorrelationTypeDeletesTheirMembers() async throws {
        let store = try await StoreHarness().authorizedStore(for: [systolic, diastolic])
        try await store.save([pressure(120, 80), pressure(130, 85)])
        #expect(try await store.deleteObjects(of: bloodPressure, predicate: NSPredicate(value: true)) == 2)
        #expect(try await Fetch.samples(store, systolic).isEmpty)
        #expect(try await Fetch.samples(store, diastolic).isEmpty)
    }

    @Test func anotherAppsCorrelationCannotBeDeleted() async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [systolic, diastolic])
        let theirs = pressure(120, 80)
        try await other.save(theirs)
        let store = try await harness.authorizedStore(for: [systolic, diastolic])
        let error = await #expect(throws: HKError.self) { try await store.delete(theirs) }
        #expect(error?.code == .errorAuthorizationDenied)
        #expect(try await Fetch.uuids(other, bloodPressure) == [theirs.uuid])
        #expect(try await Fetch.uuids(other, systolic).count == 1)
    }
}
