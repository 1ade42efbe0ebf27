package import Foundation

/// A workout's totals as HealthKit derives them from its statistics: the sums of active energy, of the distance type
/// that fits its activity, of swimming strokes and of flights climbed.
package struct WorkoutTotals {
    package var energyBurned: HKQuantity?
    package var distance: HKQuantity?
    package var swimmingStrokeCount: HKQuantity?
    package var flightsClimbed: HKQuantity?

    package init(statistics: [HKQuantityType: HKStatistics], activityType: HKWorkoutActivityType) {
        func sum(_ identifier: HKQuantityTypeIdentifier) -> HKQuantity? {
            statistics[HKQuantityType(identifier)]?.sumQuantity()
        }
        energyBurned = sum(.activeEnergyBurned)
        swimmingStrokeCount = sum(.swimmingStrokeCount)
        flightsClimbed = sum(.flightsClimbed)
        let preferred = Self.distanceType(of: activityType)
        distance = sum(preferred) ?? Self.distanceTypes.lazy.compactMap { sum($0) }.first
    }

    /// Every distance type, the one of the workout's activity first when it has one.
    package static let distanceTypes: [HKQuantityTypeIdentifier] = [
        .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair,
        .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distanceRowing, .distancePaddleSports,
        .distanceSkatingSports,
    ]

    /// The distance type an activity measures (walking and running distance for anything on foot).
    package static func distanceType(of activityType: HKWorkoutActivityType) -> HKQuantityTypeIdentifier {
        switch activityType {
        case .cycling, .handCycling: return .distanceCycling
        case .swimming: return .distanceSwimming
        case .wheelchairWalkPace, .wheelchairRunPace: return .distanceWheelchair
        case .downhillSkiing, .snowboarding, .snowSports: return .distanceDownhillSnowSports
        case .crossCountrySkiing: return .distanceCrossCountrySkiing
        case .rowing: return .distanceRowing
        case .paddleSports: return .distancePaddleSports
        case .skatingSports: return .distanceSkatingSports
        default: return .distanceWalkingRunning
        }
    }
}
