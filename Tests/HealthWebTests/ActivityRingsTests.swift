import Foundation
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// A day's rings close by their share of the goal, as the Activity app's: past the goal a ring is closed and its
/// figure says by how much; a person in move-time mode closes Move with minutes.
struct ActivityRingsTests {
    private func summary(energy: Double, energyGoal: Double, exercise: Double, stand: Double) -> HKActivitySummary {
        let summary = HKActivitySummary()
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: energy)
        summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: energyGoal)
        summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: exercise)
        summary.appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: stand)
        summary.appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: 12)
        return summary
    }

    private let kcal = DisplayUnit(.kilocalorie(), type: HKQuantityType(.activeEnergyBurned))

    @Test func aRingClosesByItsShareOfTheGoalAndStaysClosedPastIt() {
        let rings = PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            ActivityRings(
                summary(energy: 250, energyGoal: 500, exercise: 45, stand: 9), day: "2026-11-20", energy: kcal)
        }
        #expect(rings.rings.map(\.name) == ["Move", "Exercise", "Stand"])
        #expect(rings.rings.map(\.figures) == ["250/500 kcal", "45/30 min", "9/12 hr"])
        #expect(rings.rings.map(\.percent) == ["50 %", "150 %", "75 %"])
        let move = rings.rings[0], exercise = rings.rings[1]
        // Move's ring (radius 52) is half closed: half of 2π × 52 ≈ 163.4.
        #expect(move.progress == "163.4" && move.circumference == "326.7")
        #expect(exercise.progress == exercise.circumference)
    }

    @Test func withoutAGoalARingIsOpenAndHasNoShare() {
        let rings = ActivityRings(
            summary(energy: 300, energyGoal: 0, exercise: 0, stand: 0), day: "2026-11-20", energy: kcal)
        #expect(rings.rings[0].progress == "0.0" && rings.rings[0].percent == nil)
    }

    @Test func aPersonInMoveTimeModeClosesMoveWithMinutes() {
        let day = summary(energy: 0, energyGoal: 0, exercise: 10, stand: 2)
        day.appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 20)
        day.appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 40)
        let rings = ActivityRings(day, day: "2026-11-20", energy: kcal)
        #expect(rings.rings[0].figures == "20/40 min" && rings.rings[0].percent == "50 %")
    }
}
