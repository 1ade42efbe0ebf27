import Foundation

/// The types of series samples: workout routes and heartbeat series.
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    /// The type of workout routes: the locations of a workout.
    public static func workoutRoute() -> HKSeriesType {
        HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier, isShareable: true)
    }
    /// The type of heartbeat series (``HKHeartbeatSeriesSample``): the times of a run of heartbeats.
    public static func heartbeat() -> HKSeriesType {
        HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries, isShareable: true)
    }

    static func catalogType(_ identifier: String) -> HKSeriesType? {
        switch identifier {
        case HKWorkoutRouteTypeIdentifier: return workoutRoute()
        case HKDataTypeIdentifierHeartbeatSeries: return heartbeat()
        default: return nil
        }
    }
}

/// The identifier of the workout route type.
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
/// The identifier of the heartbeat series type.
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
