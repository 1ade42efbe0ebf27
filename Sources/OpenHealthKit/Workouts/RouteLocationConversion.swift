import CoreLocation
import Foundation
import OpenHealthKitEngine

/// `CLLocation` to and from a stored route location. CoreLocation's "invalid" (a negative accuracy, course or speed)
/// is stored as no value and read back as -1; an altitude without a valid vertical accuracy is not stored.
enum RouteLocationConversion {
    /// The stored form of a location (its route UUID set when the route is made); a coordinate off the globe or a
    /// number that is not finite is `errorInvalidArgument`.
    static func row(_ location: CLLocation) throws -> RouteLocationRow {
        let numbers = [
            location.altitude, location.horizontalAccuracy, location.verticalAccuracy, location.course,
            location.courseAccuracy, location.speed, location.speedAccuracy, location.timestamp.timeIntervalSince1970,
        ]
        guard CLLocationCoordinate2DIsValid(location.coordinate), location.coordinate.latitude.isFinite,
            location.coordinate.longitude.isFinite, numbers.allSatisfy(\.isFinite)
        else {
            throw HKError.invalidArgument("The location \(location) has an invalid coordinate or number")
        }
        func valid(_ value: Double) -> Double? { value < 0 ? nil : value }
        return RouteLocationRow(
            routeUUID: UUID(), timestamp: location.timestamp.timeIntervalSince1970,
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            altitude: location.verticalAccuracy < 0 ? nil : location.altitude,
            horizontalAccuracy: valid(location.horizontalAccuracy), verticalAccuracy: valid(location.verticalAccuracy),
            course: valid(location.course), speed: valid(location.speed),
            courseAccuracy: valid(location.courseAccuracy),
            speedAccuracy: valid(location.speedAccuracy))
    }

    /// The location a stored one describes.
    static func location(_ row: RouteLocationRow) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: row.latitude, longitude: row.longitude),
            altitude: row.altitude ?? 0, horizontalAccuracy: row.horizontalAccuracy ?? 0,
            verticalAccuracy: row.altitude == nil ? -1 : row.verticalAccuracy ?? 0, course: row.course ?? -1,
            courseAccuracy: row.courseAccuracy ?? -1, speed: row.speed ?? -1, speedAccuracy: row.speedAccuracy ?? -1,
            timestamp: Date(timeIntervalSince1970: row.timestamp))
    }
}
