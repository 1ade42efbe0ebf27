public import Foundation
public import OpenHealthKitModel
package import OpenHealthKitEngine

/// One activity of a workout on the wire: its UUID, configuration (`activityType`, `locationType`,
/// `swimmingLocationType` raw values, `lapLength` quantity), dates, active time, metadata, events and statistics.
public struct WireWorkoutActivity: Codable, Sendable, Hashable {
    /// The activity's UUID.
    public var uuid: UUID
    /// The `HKWorkoutActivityType` raw value.
    public var activityType: UInt
    /// The `HKWorkoutSessionLocationType` raw value.
    public var locationType: Int
    /// The `HKWorkoutSwimmingLocationType` raw value.
    public var swimmingLocationType: Int
    /// The pool's lap length (a length); nil when not set.
    public var lapLength: WireQuantity?
    /// When the activity starts.
    public var startDate: WireDate
    /// When the activity ends; nil while it goes on.
    public var endDate: WireDate?
    /// The active time in seconds.
    public var duration: Double
    /// The activity's metadata; nil when it has none.
    public var metadata: [String: WireMetadataValue]?
    /// The events within the activity.
    public var workoutEvents: [WireWorkoutEvent]
    /// The activity's statistics.
    public var statistics: [WireWorkoutStatistics]

    /// The wire form of an activity.
    public init(_ activity: HKWorkoutActivity) {
        uuid = activity.uuid
        let configuration = activity.workoutConfiguration
        activityType = configuration.activityType.rawValue
        locationType = configuration.locationType.rawValue
        swimmingLocationType = configuration.swimmingLocationType.rawValue
        lapLength = configuration.lapLength.map(WireQuantity.init)
        startDate = WireDate(activity.startDate)
        endDate = activity.endDate.map(WireDate.init)
        duration = activity.duration
        metadata = WireMetadata.encode(activity.metadata)
        workoutEvents = activity.workoutEvents.map(WireWorkoutEvent.init)
        statistics = WireWorkoutStatistics.list(activity.allStatistics)
    }

    /// The activity; unknown raw values, a non-length lap length or an end before the start are invalid arguments.
    public func activity() throws -> HKWorkoutActivity {
        let configuration = HKWorkoutConfiguration()
        guard let type = HKWorkoutActivityType(rawValue: activityType),
            let location = HKWorkoutSessionLocationType(rawValue: locationType),
            let swimming = HKWorkoutSwimmingLocationType(rawValue: swimmingLocationType)
        else { throw HKError.invalidArgument("A workout activity has an unknown activity, location or swimming type") }
        configuration.activityType = type
        configuration.locationType = location
        configuration.swimmingLocationType = swimming
        if let lapLength {
            let length = try lapLength.quantity()
            try QuantityValidation.validate(length, compatibleWith: .meter(), label: "lapLength")
            configuration.lapLength = length
        }
        let metadata = try WireMetadata.decode(metadata)
        try WorkoutActivityValidation.validate(start: startDate.date, end: endDate?.date, metadata: metadata)
        return HKWorkoutActivity(
            uuid: uuid, configuration: configuration, start: startDate.date, end: endDate?.date, metadata: metadata,
            duration: duration, events: try workoutEvents.map { try $0.event() },
            statistics: try WireWorkoutStatistics.dictionary(statistics))
    }
}

/// A workout's (or an activity's) statistics of one quantity type: `{"type": ..., "startDate", "endDate", "sum",
/// "average", "minimum", "maximum"}`, the values quantities (nil when the statistic does not apply).
public struct WireWorkoutStatistics: Codable, Sendable, Hashable {
    /// The quantity type's raw identifier.
    public var type: String
    /// The start of the span the statistics cover.
    public var startDate: WireDate
    /// The end of the span the statistics cover.
    public var endDate: WireDate
    /// The sum (cumulative types).
    public var sum: WireQuantity?
    /// The average (discrete types).
    public var average: WireQuantity?
    /// The minimum (discrete types).
    public var minimum: WireQuantity?
    /// The maximum (discrete types).
    public var maximum: WireQuantity?
    /// The most recent value (discrete types, while a builder collects).
    public var mostRecent: WireQuantity?

    /// The wire form of statistics.
    public init(_ statistics: HKStatistics) {
        type = statistics.quantityType.identifier
        startDate = WireDate(statistics.startDate)
        endDate = WireDate(statistics.endDate)
        sum = statistics.sumQuantity().map(WireQuantity.init)
        average = statistics.averageQuantity().map(WireQuantity.init)
        minimum = statistics.minimumQuantity().map(WireQuantity.init)
        maximum = statistics.maximumQuantity().map(WireQuantity.init)
        mostRecent = statistics.mostRecentQuantity().map(WireQuantity.init)
    }

    /// Statistics by type, in the order of their types' identifiers.
    static func list(_ statistics: [HKQuantityType: HKStatistics]) -> [WireWorkoutStatistics] {
        statistics.values.sorted { $0.quantityType.identifier < $1.quantityType.identifier }.map(Self.init)
    }

    /// Statistics by type; an unknown type or a value of another dimension than its type's is an invalid argument.
    static func dictionary(_ list: [WireWorkoutStatistics]) throws -> [HKQuantityType: HKStatistics] {
        var statistics: [HKQuantityType: HKStatistics] = [:]
        for item in list {
            guard let type = try WireTypes.sampleType(item.type) as? HKQuantityType else {
                throw HKError.invalidArgument("\(item.type) is not a quantity type")
            }
            func canonical(_ value: WireQuantity?) throws -> Double? {
                guard let quantity = try value?.quantity() else { return nil }
                try QuantityValidation.validate(quantity, compatibleWith: type.canonicalUnit, label: item.type)
                return quantity.doubleValue(for: type.canonicalUnit)
            }
            let values = StatisticsValues(
                sum: try canonical(item.sum), average: try canonical(item.average),
                minimum: try canonical(item.minimum), maximum: try canonical(item.maximum),
                mostRecent: try canonical(item.mostRecent))
            statistics[type] = HKStatistics(
                type: type, start: item.startDate.date, end: item.endDate.date, merged: values, bySource: nil)
        }
        return statistics
    }
}

/// A location of a route: `timestamp` and the coordinate in degrees, the rest optional (metres, degrees from true
/// north, metres per second), as `CLLocation` holds it.
public struct WireLocation: Codable, Sendable, Hashable {
    /// When the location was recorded.
    public var timestamp: WireDate
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double?
    /// The radius of uncertainty of the coordinate, in metres.
    public var horizontalAccuracy: Double?
    /// The uncertainty of the altitude, in metres.
    public var verticalAccuracy: Double?
    /// The direction of travel in degrees from true north.
    public var course: Double?
    /// The speed in metres per second.
    public var speed: Double?
    /// The uncertainty of the course, in degrees.
    public var courseAccuracy: Double?
    /// The uncertainty of the speed, in metres per second.
    public var speedAccuracy: Double?
}

extension WireLocation {
    /// The wire form of a stored location.
    package init(_ row: RouteLocationRow) {
        timestamp = WireDate(Date(timeIntervalSince1970: row.timestamp))
        latitude = row.latitude
        longitude = row.longitude
        altitude = row.altitude
        horizontalAccuracy = row.horizontalAccuracy
        verticalAccuracy = row.verticalAccuracy
        course = row.course
        speed = row.speed
        courseAccuracy = row.courseAccuracy
        speedAccuracy = row.speedAccuracy
    }

    /// The location as stored for the route with UUID `route`; numbers that are not finite, and a coordinate off the
    /// globe, are invalid arguments.
    package func row(route: UUID) throws -> RouteLocationRow {
        let optionals = [altitude, horizontalAccuracy, verticalAccuracy, course, speed, courseAccuracy, speedAccuracy]
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
            optionals.allSatisfy({ $0?.isFinite ?? true })
        else { throw HKError.invalidArgument("A route location has an invalid coordinate or number") }
        return RouteLocationRow(
            routeUUID: route, timestamp: timestamp.date.timeIntervalSince1970, latitude: latitude, longitude: longitude,
            altitude: altitude, horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
            course: course, speed: speed, courseAccuracy: courseAccuracy, speedAccuracy: speedAccuracy)
    }
}
