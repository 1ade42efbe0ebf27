import Foundation

/// The type of the daily activity summaries (move, exercise and stand rings).
public final class HKActivitySummaryType: HKObjectType, @unchecked Sendable {
    static let shared = HKActivitySummaryType(identifier: HKActivitySummaryTypeIdentifier)
}

/// The identifier of ``HKActivitySummaryType`` (community-observed string; HealthKit has no public constant).
public let HKActivitySummaryTypeIdentifier = "HKActivitySummaryTypeIdentifier"
