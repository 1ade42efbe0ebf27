import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// What a live workout builder told its delegate.
enum BuilderEvent: Sendable, Equatable {
    case collected(Set<String>)
    case event
    case began(HKWorkoutActivityType)
    case ended(HKWorkoutActivityType)
}

/// A live builder delegate that posts every call to an inbox.
final class BuilderRecorder: NSObject, HKLiveWorkoutBuilderDelegate, Sendable {
    let events = Inbox<BuilderEvent>()

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        events.post(.collected(Set(collectedTypes.map(\.identifier))))
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        events.post(.event)
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {
        events.post(.began(workoutActivity.workoutConfiguration.activityType))
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {
        events.post(.ended(workoutActivity.workoutConfiguration.activityType))
    }
}

/// A session delegate that posts the states it moves to.
final class SessionStates: NSObject, HKWorkoutSessionDelegate, Sendable {
    let states = Inbox<HKWorkoutSessionState>()

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date
    ) {
        states.post(toState)
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
}

/// The types, units and samples of the workout scenarios.
enum WorkoutFixture {
    static let heartRate = HKQuantityType(.heartRate)
    static let distance = HKQuantityType(.distanceWalkingRunning)
    static let energy = HKQuantityType(.activeEnergyBurned)
    static let route = HKSeriesType.workoutRoute()
    static let workout = HKObjectType.workoutType()
    static let bpm = HKUnit.count().unitDivided(by: .minute())
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Every type a workout app shares and reads.
    static let types: Set<HKSampleType> = [workout, route, heartRate, distance, energy]

    static func beat(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        let date = start.addingTimeInterval(offset)
        return HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date)
    }

    static func metres(_ value: Double, from offset: TimeInterval, seconds: TimeInterval) -> HKQuantitySample {
        HKQuantitySample(
            type: distance, quantity: HKQuantity(unit: .meter(), doubleValue: value),
            start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset + seconds))
    }

    static func outdoorRun() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        return configuration
    }

    static func event(_ type: HKWorkoutEventType, at offset: TimeInterval, duration: TimeInterval = 0)
        -> HKWorkoutEvent
    {
        HKWorkoutEvent(
            type: type, dateInterval: DateInterval(start: start.addingTimeInterval(offset), duration: duration),
            metadata: nil)
    }

    /// The workouts of a store, by UUID.
    static func workout(_ uuid: UUID, in store: HKHealthStore) async throws -> HKWorkout? {
        try await Fetch.samples(store, workout, predicate: HKQuery.predicateForObject(with: uuid)).first as? HKWorkout
    }
}
