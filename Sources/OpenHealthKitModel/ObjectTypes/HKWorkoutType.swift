import Foundation

/// The type of workouts (`"HKWorkoutTypeIdentifier"`).
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {
    static let shared = HKWorkoutType(identifier: HKWorkoutTypeIdentifier, isShareable: true)
}

/// The identifier of ``HKWorkoutType``.
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"
