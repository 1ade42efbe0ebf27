import Foundation
import Testing
@testable import OpenHealthKitModel

/// The workout model's own rules: configurations, activities, events, totals derived from statistics, errors.
@Suite struct WorkoutModelTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aNewConfigurationIsAnOtherActivityAtAnUnknownLocation() {
        let configuration = HKWorkoutConfiguration()
        #expect(configuration.activityType == .other)
        #expect(configuration.locationType == .unknown)
        #expect(configuration.swimmingLocationType == .unknown)
        #expect(configuration.lapLength == nil)
    }

    @Test func aCopiedConfigurationIsEqualAndIndependent() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        let copy = try #require(configuration.copy() as? HKWorkoutConfiguration)
        #expect(copy == configuration && copy !== configuration)
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 50)
        #expect(copy.lapLength?.doubleValue(for: .meter()) == 25)
        #expect(copy != configuration)
    }

    @Test func anActivityKeepsACopyOfItsConfigurationAndLeavesOutItsPauses() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let events = [
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(100), duration: 0),
                metadata: nil),
            HKWorkoutEvent(
                type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(160), duration: 0),
                metadata: nil),
        ]
        let activity = HKWorkoutActivity(
            uuid: UUID(), configuration: configuration, start: start, end: start.addingTimeInterval(600), metadata: nil,
            duration: nil, events: events.reversed(), statistics: [:])
        configuration.activityType = .running
        #expect(activity.workoutConfiguration.activityType == .cycling)
        #expect(activity.duration == 540)
        #expect(activity.workoutEvents.map(\.type) == [.pause, .resume])
    }

    @Test func anActivityStillGoingOnHasNoDurationYet() {
        let activity = HKWorkoutActivity(
            workoutConfiguration: HKWorkoutConfiguration(), start: start, end: nil, metadata: nil)
        #expect(activity.endDate == nil && activity.duration == 0)
    }

    @Test func aWorkoutsTotalsAreItsStatisticsSums() {
        func sum(_ identifier: HKQuantityTypeIdentifier, _ value: Double) -> (HKQuantityType, HKStatistics) {
            let type = HKQuantityType(identifier)
            return (
                type,
                HKStatistics(
                    type: type, start: start, end: start.addingTimeInterval(60), merged: StatisticsValues(sum: value),
                    bySource: nil)
            )
        }
        let statistics = Dictionary(uniqueKeysWithValues: [
            sum(.activeEnergyBurned, 250), sum(.distanceCycling, 12_000), sum(.distanceWalkingRunning, 300),
            sum(.flightsClimbed, 3),
        ])
        let ride = HKWorkout(
            uuid: UUID(), activityType: .cycling, start: start, end: start.addingTimeInterval(60), workoutEvents: nil,
            duration: 60, totalEnergyBurned: nil, totalDistance: nil, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: nil, metadata: nil, sourceRevision: .placeholder(),
            statistics: statistics)
        #expect(ride.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 250)
        #expect(ride.totalDistance?.doubleValue(for: .meter()) == 12_000)
        #expect(ride.totalFlightsClimbed?.doubleValue(for: .count()) == 3)
        #expect(ride.totalSwimmingStrokeCount == nil)
        #expect(
            ride.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter())
                == 300)
    }

    @available(*, deprecated, message: "It tests HealthKit's deprecated initializer.")
    @Test func aPointEventMadeTheOldWayHasAZeroLengthInterval() {
        let event = HKWorkoutEvent(type: .marker, date: start)
        #expect(event.dateInterval == DateInterval(start: start, duration: 0))
        #expect(event.date == start && event.metadata == nil)
    }

    @Test func anErrorMadeFromACodeAloneDescribesItsDomainAndCode() {
        let error = HKError(.errorNoData)
        #expect(error.code == .errorNoData)
        #expect(error.localizedDescription == "The operation couldn’t be completed. (com.apple.healthkit error 11.)")
        let described = HKError(.errorInvalidArgument, userInfo: [NSLocalizedDescriptionKey: "No such route"])
        #expect(described.message == "No such route")
        #expect(described.userInfo[NSLocalizedDescriptionKey] as? String == "No such route")
    }

    @Test func theActivityPredicateHoldsOnlyActivityConditions() throws {
        let predicate = HKQuery.predicateForWorkouts(
            activityPredicate: NSCompoundPredicate(andPredicateWithSubpredicates: [
                HKQuery.predicateForWorkoutActivities(workoutActivityType: .running),
                HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 600),
            ]))
        guard case .leaf(.workoutActivities(let tree)) = try PredicateCondition.tree(from: predicate) else {
            Issue.record("not a workout activities predicate")
            return
        }
        #expect(
            tree == .and([.leaf(.activityType(37)), .leaf(.activityDuration(comparison: .greaterThan, duration: 600))]))
    }

    @Test func theHeartbeatSeriesTypeHasApplesName() {
        #expect(HKSeriesType.heartbeat().identifier == HKDataTypeIdentifierHeartbeatSeries)
        #expect(HKSeriesType.workoutRoute().identifier == HKWorkoutRouteTypeIdentifier)
    }
}
