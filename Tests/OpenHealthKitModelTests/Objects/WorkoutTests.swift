import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct WorkoutTests {
    @Test func durationWithoutEventsIsTheWholeInterval() {
        let workout = HKWorkout(activityType: .running, start: Fixture.start, end: Fixture.end)
        #expect(workout.workoutActivityType == .running)
        #expect(workout.duration == 3600)
        #expect(workout.workoutEvents == nil)
        #expect(workout.sampleType == HKObjectType.workoutType())
    }

    @Test func durationExcludesPausedTime() throws {
        let events = [
            Fixture.event(.pause, at: 10), Fixture.event(.resume, at: 15),
            Fixture.event(.lap, at: 20),
            Fixture.event(.motionPaused, at: 30), Fixture.event(.motionResumed, at: 40),
            Fixture.event(.pause, at: 50),
        ]
        let workout = try HKWorkout(validating: .running, start: Fixture.start, end: Fixture.end, workoutEvents: events)
        // Running 0–10, 15–30, 40–50: 35 minutes.
        #expect(workout.duration == 35 * 60)
        #expect(workout.workoutEvents == events)
    }

    @Test func repeatedPausesAndResumesChangeNothing() throws {
        let events = [
            Fixture.event(.pause, at: 10), Fixture.event(.pause, at: 12), Fixture.event(.resume, at: 20),
            Fixture.event(.resume, at: 25),
        ]
        let workout = try HKWorkout(validating: .walking, start: Fixture.start, end: Fixture.end, workoutEvents: events)
        #expect(workout.duration == 50 * 60)
    }

    @Test func eventsAreKeptInAscendingOrder() throws {
        let pause = Fixture.event(.pause, at: 10)
        let resume = Fixture.event(.resume, at: 20)
        let workout = try HKWorkout(
            validating: .running, start: Fixture.start, end: Fixture.end, workoutEvents: [resume, pause])
        #expect(workout.workoutEvents == [pause, resume])
        #expect(workout.duration == 50 * 60)
    }

    @Test func rejectsAResumeFirst() {
        expectInvalidArgument("First event cannot be resume") {
            _ = try HKWorkout(
                validating: .running, start: Fixture.start, end: Fixture.end,
                workoutEvents: [Fixture.event(.resume, at: 5)])
        }
    }

    @Test(arguments: [-1.0, 61])
    func rejectsEventsOutsideTheWorkout(_ minutes: Double) {
        expectInvalidArgument("did not occur during this workout") {
            _ = try HKWorkout(
                validating: .running, start: Fixture.start, end: Fixture.end,
                workoutEvents: [Fixture.event(.marker, at: minutes)]
            )
        }
    }

    @Test func rejectsALapRunningPastTheEnd() {
        let lap = HKWorkoutEvent(
            type: .lap, dateInterval: DateInterval(start: Fixture.end.addingTimeInterval(-60), duration: 120),
            metadata: nil
        )
        expectInvalidArgument("did not occur during this workout") {
            _ = try HKWorkout(validating: .running, start: Fixture.start, end: Fixture.end, workoutEvents: [lap])
        }
    }

    @Test func rejectsBadEventMetadata() {
        let event = HKWorkoutEvent(
            type: .marker, dateInterval: DateInterval(start: Fixture.start, duration: 0), metadata: ["bad": [1]]
        )
        expectInvalidArgument("Invalid class") {
            _ = try HKWorkout(validating: .running, start: Fixture.start, end: Fixture.end, workoutEvents: [event])
        }
    }

    @Test func explicitDurationIsKept() {
        let workout = HKWorkout(
            activityType: .running, start: Fixture.start, end: Fixture.end, duration: 1800, totalEnergyBurned: nil,
            totalDistance: nil, metadata: nil
        )
        #expect(workout.duration == 1800)
        #expect(workout.workoutEvents == nil)
    }

    @Test(arguments: [Double.nan, .infinity])
    func rejectsANonFiniteDuration(_ duration: Double) {
        expectInvalidArgument("Workout duration must be a finite number") {
            _ = try HKWorkout(validating: .running, start: Fixture.start, end: Fixture.end, duration: duration)
        }
    }

    @Test func totalsMustHaveTheirDimension() throws {
        let workout = try HKWorkout(
            validating: .running, start: Fixture.start, end: Fixture.end,
            totalEnergyBurned: Fixture.quantity(300, "kcal"),
            totalDistance: Fixture.quantity(5, "km"), totalFlightsClimbed: Fixture.quantity(3, "count")
        )
        #expect(workout.totalDistance?.doubleValue(for: HKUnit(from: "m")) == 5000)
        #expect(workout.totalSwimmingStrokeCount == nil)
        expectInvalidArgument("totalDistance requires a unit compatible with m") {
            _ = try HKWorkout(
                validating: .running, start: Fixture.start, end: Fixture.end, totalDistance: Fixture.quantity(5, "kcal")
            )
        }
        expectInvalidArgument("totalEnergyBurned requires a unit compatible with kcal") {
            _ = try HKWorkout(
                validating: .running, start: Fixture.start, end: Fixture.end,
                totalEnergyBurned: Fixture.quantity(5, "kg"))
        }
    }

    @Test func rejectsAnEndBeforeTheStart() {
        expectInvalidArgument("cannot occur after endDate") {
            _ = try HKWorkout(validating: .running, start: Fixture.end, end: Fixture.start)
        }
    }
}
