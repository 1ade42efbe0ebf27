import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// What a workout's page reads from the store, in the owner's name: the workout, its routes' locations, the heart
/// rates measured during it, its distance samples (for splits when there is no route), the owner's birthday and
/// latest resting heart rate (for the zones), and the effort related to it.
struct WorkoutReading: Sendable {
    /// A heart rate reading: its time and beats per minute.
    struct HeartRate: Sendable {
        let date: Date
        let beatsPerMinute: Double
    }

    let workout: HKWorkout
    /// Every location of every route of the workout, in time order.
    let locations: [RouteLocationRow]
    let routeCount: Int
    let heartRates: [HeartRate]
    /// The samples of the distance type of the workout's activity that lie within it.
    let distances: [(start: Date, end: Date, metres: Double)]
    let birthday: DateComponents?
    /// The latest resting heart rate in the 30 days before the workout started, beats per minute.
    let restingHeartRate: Double?
    /// The effort related to the workout: the one the owner rated, else the watch's estimate.
    let effort: (score: Double, isEstimated: Bool)?

    /// The workout with this UUID and what goes with it; nil when the owner has no such workout.
    static func read(_ uuid: UUID, store: any HealthWebStore) throws -> WorkoutReading? {
        guard
            let workout = try store.samples(
                of: .workoutType(), predicate: .leaf(.uuids([uuid])), newestFirst: false, limit: 1
            ).first as? HKWorkout
        else { return nil }
        let routes = try store.samples(
            of: HKSeriesType.workoutRoute(), predicate: .leaf(.workout(uuid: uuid)), newestFirst: false, limit: 0)
        let locations = try routes.flatMap { try store.routeLocations(of: $0.uuid) }.sorted {
            $0.timestamp < $1.timestamp
        }
        let within = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: workout.startDate, end: workout.endDate, options: .strictStartDate)))
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let heartRates = try store.samples(
            of: HKQuantityType(.heartRate), predicate: within, newestFirst: false, limit: 0
        )
        .compactMap { $0 as? HKQuantitySample }.map {
            HeartRate(date: $0.startDate, beatsPerMinute: $0.quantity.doubleValue(for: bpm))
        }
        let distanceType = HKQuantityType(WorkoutTotals.distanceType(of: workout.workoutActivityType))
        let distances = try store.samples(of: distanceType, predicate: within, newestFirst: false, limit: 0)
            .compactMap { $0 as? HKQuantitySample }.filter { $0.endDate <= workout.endDate }.map {
                (start: $0.startDate, end: $0.endDate, metres: $0.quantity.doubleValue(for: .meter()))
            }
        let birthday = try store.characteristic(.dateOfBirth).flatMap {
            try? CharacteristicCoding.dateOfBirth(from: $0)
        }
        let monthBefore = PredicateTree.leaf(
            .sampleDates(
                SampleDateRange(
                    start: workout.startDate.addingTimeInterval(-30 * 86_400), end: workout.startDate,
                    options: .strictStartDate)))
        let resting =
            try store.samples(
                of: HKQuantityType(.restingHeartRate), predicate: monthBefore, newestFirst: true, limit: 1
            ).first as? HKQuantitySample
        return WorkoutReading(
            workout: workout, locations: locations, routeCount: routes.count, heartRates: heartRates,
            distances: distances, birthday: birthday, restingHeartRate: resting?.quantity.doubleValue(for: bpm),
            effort: try effort(of: uuid, store: store))
    }

    /// The latest effort score the owner gave the workout, else the latest estimated one.
    private static func effort(of workout: UUID, store: any HealthWebStore) throws -> (
        score: Double, isEstimated: Bool
    )? {
        let related = PredicateTree.leaf(.effortRelated(workout: workout, activity: nil))
        for (identifier, isEstimated) in [
            (HKQuantityTypeIdentifier.workoutEffortScore, false), (.estimatedWorkoutEffortScore, true),
        ] {
            if let sample = try store.samples(
                of: HKQuantityType(identifier), predicate: related, newestFirst: true, limit: 1
            ).first as? HKQuantitySample {
                return (sample.quantity.doubleValue(for: .appleEffortScore()), isEstimated)
            }
        }
        return nil
    }
}
