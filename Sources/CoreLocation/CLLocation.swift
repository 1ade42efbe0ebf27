public import Foundation

/// A distance, or an altitude, in metres.
public typealias CLLocationDistance = Double
/// The uncertainty of a coordinate or an altitude, in metres; negative means the value is invalid.
public typealias CLLocationAccuracy = Double
/// A speed in metres per second; negative means it is invalid.
public typealias CLLocationSpeed = Double
/// The uncertainty of a speed, in metres per second; negative means it is invalid.
public typealias CLLocationSpeedAccuracy = Double
/// A direction in degrees from true north, 0 through 359.9; negative means it is invalid.
public typealias CLLocationDirection = Double
/// The uncertainty of a direction, in degrees; negative means it is invalid.
public typealias CLLocationDirectionAccuracy = Double

/// Where a device was at a moment: a coordinate with its accuracy, and the altitude, course and speed when known,
/// as CoreLocation describes it (the subset HealthKit's workout routes use, for platforms without CoreLocation).
///
/// A negative accuracy, course or speed means that value is invalid, as in CoreLocation. Locations are immutable.
open class CLLocation: NSObject, NSCopying, @unchecked Sendable {
    /// The coordinate.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// The radius of uncertainty of ``coordinate`` in metres; negative when the coordinate is invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The uncertainty of ``altitude`` in metres; negative when the altitude is invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// The direction of travel in degrees from true north; negative when invalid.
    public let course: CLLocationDirection
    /// The uncertainty of ``course`` in degrees; negative when invalid.
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// The speed in metres per second; negative when invalid.
    public let speed: CLLocationSpeed
    /// The uncertainty of ``speed`` in metres per second; negative when invalid.
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// When the location was determined.
    public let timestamp: Date

    /// A location at a coordinate now, with altitude 0 (invalid), course and speed invalid.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: Date())
    }

    /// A location with an altitude and accuracies; course and speed invalid.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with an altitude, accuracies, course and speed; their accuracies invalid.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed,
        timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with every value.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        horizontalAccuracy = hAccuracy
        verticalAccuracy = vAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
        super.init()
    }

    /// The distance in metres to another location along the surface of the Earth: the geodesic between the two
    /// coordinates on the WGS 84 ellipsoid (altitudes are ignored).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesic.distance(from: coordinate, to: location.coordinate)
    }

    /// The same location (locations are immutable).
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The coordinate, accuracy, speed, course and time, for debugging.
    open override var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m (speed \(speed) mps / course "
            + "\(course)) @ \(timestamp)"
    }
}
