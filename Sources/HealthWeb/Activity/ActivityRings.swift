import Foundation
import OpenHealthKitModel

/// A day's three rings as the Activity app draws them: Move (active energy, or move time for a person in that
/// mode), Exercise (minutes) and Stand (hours), each closed by its share of the day's goal. Drawn by the `rings`
/// template in a 120 × 120 box; a ring past its goal is drawn closed, its figure says by how much.
struct ActivityRings: Sendable {
    struct Ring: Sendable {
        /// `move`, `exercise`, `stand`: its colour.
        let kind: String
        let name: String
        let radius: String
        let circumference: String
        /// The closed length of the ring.
        let progress: String
        /// `420/500 kcal`, `35/30 min`, `9/12 hr`.
        let figures: String
        /// `84 %`; nil without a goal.
        let percent: String?
    }

    /// The day, `yyyy-MM-dd`.
    let day: String
    let rings: [Ring]
    /// What the rings say, for a screen reader.
    let spoken: String

    private static let radii = [52.0, 38.0, 24.0]

    /// The rings of `summary`, the energy in `energy` (the owner's unit for active energy).
    init(_ summary: HKActivitySummary, day: String, energy: DisplayUnit) {
        self.day = day
        let movesByTime =
            summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) <= 0
            && summary.appleMoveTimeGoal.doubleValue(for: .minute()) > 0
        let energyType = HKQuantityType(.activeEnergyBurned)
        let move: (value: Double, goal: Double, text: (Double) -> String) =
            movesByTime
            ? (
                summary.appleMoveTime.doubleValue(for: .minute()),
                summary.appleMoveTimeGoal.doubleValue(for: .minute()),
                { PageNumberText.format($0.rounded()) }
            )
            : (
                summary.activeEnergyBurned.doubleValue(for: .kilocalorie()),
                summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()),
                { PageNumberText.format(energy.shown($0, of: energyType).rounded()) }
            )
        let moveSymbol = movesByTime ? "min" : energy.symbol
        let exercise = (
            summary.appleExerciseTime.doubleValue(for: .minute()),
            summary.appleExerciseTimeGoal.doubleValue(for: .minute())
        )
        let stand = (
            summary.appleStandHours.doubleValue(for: .count()), summary.appleStandHoursGoal.doubleValue(for: .count())
        )
        func whole(_ value: Double) -> String { PageNumberText.format(value.rounded()) }
        let rings = [
            Self.ring(
                "move", "Move", radius: Self.radii[0], value: move.value, goal: move.goal,
                figures: move.text(move.value) + "/" + move.text(move.goal) + " " + moveSymbol),
            Self.ring(
                "exercise", "Exercise", radius: Self.radii[1], value: exercise.0, goal: exercise.1,
                figures: whole(exercise.0) + "/" + whole(exercise.1) + " min"),
            Self.ring(
                "stand", "Stand", radius: Self.radii[2], value: stand.0, goal: stand.1,
                figures: whole(stand.0) + "/" + whole(stand.1) + " hr"),
        ]
        self.rings = rings
        spoken = rings.map { "\($0.name) \($0.figures)" + ($0.percent.map { " (\($0))" } ?? "") }
            .joined(separator: ", ")
    }

    private static func ring(
        _ kind: String, _ name: String, radius: Double, value: Double, goal: Double, figures: String
    ) -> Ring {
        let circumference = 2 * Double.pi * radius
        let share = goal > 0 && value.isFinite ? max(0, value / goal) : 0
        return Ring(
            kind: kind, name: name, radius: BarChart.number(radius), circumference: BarChart.number(circumference),
            progress: BarChart.number(min(share, 1) * circumference), figures: figures,
            percent: goal > 0 ? PageNumberText.format((share * 100).rounded()) + " %" : nil)
    }
}
