package import OpenHealthKitModel
import Foundation

/// The checks on a route location being saved, wherever it comes from (an app's route builder, the wire): a date
/// within years 1 to 4001, a coordinate on the globe, and every other number within a physical range (CoreLocation's
/// "invalid", a negative accuracy, course or speed, included), so that what a page or an export computes from them
/// stays finite.
package enum RouteLocationValidation {
    /// Altitudes and accuracies, in metres: within ten thousand kilometres, far beyond any altitude a route reaches
    /// (the deepest trench is 11 km down, a space station 400 km up).
    package static let maximumLength = 1e7
    /// Speeds and their accuracies, in metres per second: within 100 km/s, beyond any vehicle (an orbit is 8 km/s).
    package static let maximumSpeed = 1e5
    /// Courses and their accuracies, in degrees: within a turn.
    package static let maximumAngle = 360.0

    /// `location` holds every bound; a number outside its range (NaN included) is `errorInvalidArgument` naming it.
    package static func validate(_ location: RouteLocationRow) throws(HKError) {
        try SampleValidation.validateDate(
            Date(timeIntervalSince1970: location.timestamp), label: "A route location's timestamp")
        guard abs(location.latitude) <= 90, abs(location.longitude) <= 180 else {
            throw .invalidArgument(
                "A route location's coordinate must lie on the globe: \(location.latitude), \(location.longitude)")
        }
        let bounded: [(String, Double?, Double)] = [
            ("altitude", location.altitude, maximumLength),
            ("horizontalAccuracy", location.horizontalAccuracy, maximumLength),
            ("verticalAccuracy", location.verticalAccuracy, maximumLength),
            ("speed", location.speed, maximumSpeed), ("speedAccuracy", location.speedAccuracy, maximumSpeed),
            ("course", location.course, maximumAngle), ("courseAccuracy", location.courseAccuracy, maximumAngle),
        ]
        for case (let name, let value?, let bound) in bounded where !(abs(value) <= bound) {
            throw .invalidArgument("A route location's \(name) must lie within ±\(bound): \(value)")
        }
    }
}
