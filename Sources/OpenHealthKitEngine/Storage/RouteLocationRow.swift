package import Foundation

/// One location of a workout route (a `Location` element or a GPX track point).
package struct RouteLocationRow: Sendable, Equatable {
    package var routeUUID: UUID
    /// Seconds since 1970.
    package var timestamp: Double
    package var latitude: Double
    package var longitude: Double
    /// Metres.
    package var altitude: Double?
    package var horizontalAccuracy: Double?
    package var verticalAccuracy: Double?
    /// Degrees from true north.
    package var course: Double?
    /// Metres per second.
    package var speed: Double?
    package var courseAccuracy: Double?
    package var speedAccuracy: Double?

    package init(
        routeUUID: UUID, timestamp: Double, latitude: Double, longitude: Double, altitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil,
        courseAccuracy: Double? = nil, speedAccuracy: Double? = nil
    ) {
        self.routeUUID = routeUUID
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.courseAccuracy = courseAccuracy
        self.speedAccuracy = speedAccuracy
    }
}
