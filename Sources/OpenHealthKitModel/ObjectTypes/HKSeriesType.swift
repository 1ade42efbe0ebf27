import Foundation

/// The types of series samples: workout routes and heartbeat series.
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    public static func workoutRoute() -> HKSeriesType { HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier, isShareable: true) }
    public static func heartbeatSeries() -> HKSeriesType { HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries, isShareable: true) }

    static func catalogType(_ identifier: String) -> HKSeriesType? {
        switch identifier {
        case HKWorkoutRouteTypeIdentifier: return workoutRoute()
        case HKDataTypeIdentifierHeartbeatSeries: return heartbeatSeries()
        default: return nil
        }
    }
}

public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
