/// A latitude or longitude, in degrees.
public typealias CLLocationDegrees = Double

/// A geographical coordinate in the WGS 84 reference frame: degrees north and east.
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator, -90 through 90.
    public var latitude: CLLocationDegrees
    /// Degrees east of the prime meridian, -180 through 180.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate of these degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The coordinate CoreLocation uses for "no coordinate": (-180, -180), which ``CLLocationCoordinate2DIsValid(_:)``
/// refuses.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether a coordinate lies on the globe: latitude -90 through 90 and longitude -180 through 180.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// A coordinate of these degrees.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
