import Foundation
import Testing
@testable import OpenHealthKitModel

/// The workout family survives a secure `NSKeyedArchiver` round trip: workouts with their activities and statistics,
/// configurations, activities, routes and effort relationships.
@Suite struct WorkoutArchivingTests {
    let start = Fixture.start
    static let energy = HKQuantityType(.activeEnergyBurned)

    /// Statistics of 250 kcal of active energy over the hour from `start`.
    func energyStatistics() -> HKStatistics {
        HKStatistics(
            type: Self.energy, start: start, end: Fixture.end, merged: StatisticsValues(sum: 250 * 4_184),
            bySource: nil)
    }

    /// An outdoor cycling configuration.
    static func cycling() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .outdoor
        return configuration
    }

    /// A finished activity of `cycling()` over the hour, with a pause and the energy statistics.
    func activity() -> HKWorkoutActivity {
        HKWorkoutActivity(
            uuid: UUID(), configuration: Self.cycling(), start: start, end: Fixture.end, metadata: ["leg": "bike"],
            duration: nil, events: [Fixture.event(.pause, at: 10), Fixture.event(.resume, at: 15)],
            statistics: [Self.energy: energyStatistics()])
    }

    @Test func aConfigurationKeepsItsActivityLocationsAndLapLength() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.locationType = .indoor
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        #expect(try archivedCopy(configuration) == configuration)
    }

    @Test func aLapLengthThatIsNotALengthFailsToUnarchive() throws {
        let coder = try forgedCoder { coder in
            coder.encode(Int(HKWorkoutActivityType.swimming.rawValue), forKey: "activityType")
            coder.encode(HKWorkoutSessionLocationType.indoor.rawValue, forKey: "locationType")
            coder.encode(HKWorkoutSwimmingLocationType.pool.rawValue, forKey: "swimmingLocationType")
            coder.encode(HKQuantity(unit: .second(), doubleValue: 25), forKey: "lapLength")
        }
        #expect(HKWorkoutConfiguration(coder: coder) == nil)
    }

    @Test func anActivityKeepsItsConfigurationDatesEventsAndStatistics() throws {
        let activity = activity()
        let copy = try archivedCopy(activity)
        #expect(copy == activity)
        #expect(copy.workoutConfiguration == Self.cycling())
        #expect(copy.startDate == start && copy.endDate == Fixture.end)
        #expect(copy.duration == activity.duration && copy.workoutEvents == activity.workoutEvents)
        #expect(copy.metadata?["leg"] as? String == "bike")
        #expect(copy.statistics(for: Self.energy)?.sumQuantity() == energyStatistics().sumQuantity())
    }

    @Test func aWorkoutKeepsItsActivitiesStatisticsAndTotals() throws {
        let activity = activity()
        let workout = HKWorkout(
            uuid: UUID(), activityType: .cycling, start: start, end: Fixture.end, workoutEvents: activity.workoutEvents,
            duration: activity.duration, totalEnergyBurned: nil, totalDistance: nil, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: nil, metadata: nil, sourceRevision: .placeholder(),
            activities: [activity], statistics: [Self.energy: energyStatistics()])
        let copy = try archivedCopy(workout)
        #expect(copy.workoutActivityType == .cycling && copy.duration == workout.duration)
        #expect(copy.workoutActivities == [activity])
        #expect(copy.allStatistics[Self.energy]?.sumQuantity() == energyStatistics().sumQuantity())
        #expect(copy.totalEnergyBurned == workout.totalEnergyBurned)
    }

    @Test func aRouteKeepsItsNumberOfLocations() throws {
        let route = HKWorkoutRoute(
            uuid: UUID(), start: start, end: Fixture.end, count: 3_600, device: nil, metadata: nil,
            sourceRevision: .placeholder())
        let copy = try archivedCopy(route)
        #expect(copy.count == 3_600 && copy.sampleType == HKSeriesType.workoutRoute())
    }

    @Test func anEffortRelationshipKeepsItsWorkoutActivityAndSamples() throws {
        let activity = activity()
        let workout = HKWorkout(
            uuid: UUID(), activityType: .cycling, start: start, end: Fixture.end, workoutEvents: nil,
            duration: 3_600, totalEnergyBurned: nil, totalDistance: nil, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: nil, metadata: nil, sourceRevision: .placeholder(),
            activities: [activity])
        let effort = try Fixture.sample(.workoutEffortScore, 7, "appleEffortScore")
        let relationship = HKWorkoutEffortRelationship(workout: workout, activity: activity, samples: [effort])
        let copy = try archivedCopy(relationship)
        #expect(copy.workout == workout && copy.activity == activity)
        #expect(copy.samples == [effort])
    }
}
