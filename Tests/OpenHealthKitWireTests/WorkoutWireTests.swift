import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// Workouts, routes and the workout predicates cross the wire without loss.
@Suite struct WorkoutWireTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000.5)

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func aWorkoutKeepsItsActivitiesAndStatistics() throws {
        let heartRate = HKQuantityType(.heartRate), bpm = HKUnit.count().unitDivided(by: .minute())
        let statistics = HKStatistics(
            type: heartRate, start: start, end: start.addingTimeInterval(600),
            merged: StatisticsValues(average: 2.5, minimum: 2, maximum: 3), bySource: nil)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .yard(), doubleValue: 25)
        let activity = HKWorkoutActivity(
            uuid: UUID(), configuration: configuration, start: start, end: start.addingTimeInterval(600),
            metadata: ["lane": 4], duration: 590, events: [], statistics: [heartRate: statistics])
        let workout = HKWorkout(
            uuid: UUID(), activityType: .swimming, start: start, end: start.addingTimeInterval(600), workoutEvents: nil,
            duration: 590, totalEnergyBurned: nil, totalDistance: nil, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: nil, metadata: nil, sourceRevision: .placeholder(),
            activities: [activity], statistics: [heartRate: statistics])
        let back = try #require(try roundTrip(WireSample(workout)).sample() as? HKWorkout)
        let backActivity = try #require(back.workoutActivities.first)
        #expect(backActivity.uuid == activity.uuid && backActivity.duration == 590)
        #expect(backActivity.workoutConfiguration == configuration)
        #expect((backActivity.metadata?["lane"] as? NSNumber)?.intValue == 4)
        #expect(backActivity.statistics(for: heartRate)?.maximumQuantity()?.doubleValue(for: bpm) == 180)
        #expect(back.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: bpm) == 150)
    }

    @Test func aRouteKeepsItsNumberOfLocations() throws {
        let route = HKWorkoutRoute(
            uuid: UUID(), start: start, end: start.addingTimeInterval(60), count: 61, device: nil, metadata: nil,
            sourceRevision: .placeholder())
        let back = try #require(try roundTrip(WireSample(route)).sample() as? HKWorkoutRoute)
        #expect(back.uuid == route.uuid && back.count == 61 && back.sampleType == HKSeriesType.workoutRoute())
    }

    @Test func theWorkoutPredicatesKeepTheirConditions() throws {
        let heartRate = HKQuantityType(.heartRate), bpm = HKUnit.count().unitDivided(by: .minute())
        let workout = HKWorkout(activityType: .running, start: start, end: start.addingTimeInterval(60))
        let predicates = [
            HKQuery.predicateForWorkouts(
                activityPredicate: NSCompoundPredicate(orPredicateWithSubpredicates: [
                    HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling),
                    HKQuery.predicateForWorkoutActivities(start: start, end: nil, options: .strictStartDate),
                    HKQuery.predicateForWorkoutActivities(
                        operatorType: .lessThan, quantityType: heartRate,
                        averageQuantity: HKQuantity(unit: bpm, doubleValue: 140)),
                ])),
            HKQuery.predicateForWorkouts(
                operatorType: .greaterThanOrEqualTo, quantityType: HKQuantityType(.distanceCycling),
                sumQuantity: HKQuantity(unit: .meter(), doubleValue: 20_000)),
            HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: nil),
        ]
        for predicate in predicates {
            let tree = try PredicateCondition.tree(from: predicate)
            #expect(try roundTrip(WirePredicate(tree)).tree == tree)
        }
    }

    @Test func anActivityPredicateHoldingAnotherConditionIsRefused() throws {
        let json = #"{"kind":"workoutActivities","predicate":{"kind":"workoutActivityType","workoutActivityType":37}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WirePredicate.self, from: Data(json.utf8)) }
    }
}
