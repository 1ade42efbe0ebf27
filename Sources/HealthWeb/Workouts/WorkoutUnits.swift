import Foundation
import OpenHealthKitModel

/// The units the workout pages show in: the owner's (or the locale's) unit for walking and running distance and
/// for active energy, and the unit of splits and paces that goes with the distance unit.
struct WorkoutUnits: Sendable {
    let distanceUnit: DisplayUnit
    let energyUnit: DisplayUnit
    let pace: WorkoutPace.DistanceUnit

    static let distanceType = HKQuantityType(.distanceWalkingRunning)
    static let energyType = HKQuantityType(.activeEnergyBurned)

    init(preferred: [HKQuantityType: HKUnit]) {
        let distance = preferred[Self.distanceType] ?? .meterUnit(with: .kilo)
        // A distance preferred in metres or yards still reads best in kilometres or miles over a workout.
        pace = WorkoutPace.DistanceUnit(preferred: distance)
        distanceUnit = DisplayUnit(pace == .mile ? .mile() : .meterUnit(with: .kilo), type: Self.distanceType)
        energyUnit = DisplayUnit(preferred[Self.energyType] ?? .kilocalorie(), type: Self.energyType)
    }

    /// `5.02 km`.
    func distance(_ quantity: HKQuantity) -> String {
        distanceUnit.withSymbol(String(format: "%.2f", quantity.doubleValue(for: distanceUnit.unit)))
    }

    /// `5.02 km` from metres.
    func distance(metres: Double) -> String {
        distance(HKQuantity(unit: .meter(), doubleValue: metres))
    }

    /// `412 kcal`.
    func energy(_ quantity: HKQuantity) -> String {
        energyUnit.withSymbol(PageNumberText.format(quantity.doubleValue(for: energyUnit.unit).rounded()))
    }
}

extension HealthWebApp {
    /// The owner's units for the workout pages.
    func workoutUnits(_ host: any HealthWebHost) async throws -> WorkoutUnits {
        let store = host.store
        return WorkoutUnits(
            preferred: try await blocking {
                try store.preferredUnits(for: [WorkoutUnits.distanceType, WorkoutUnits.energyType])
            })
    }
}
