import CoreLocation
import Foundation
import Testing

/// The `CLLocation` subset on Linux: CoreLocation's defaults for what a location does not know, and distances along
/// the Earth.
@Suite struct CoreLocationTests {
    @Test func aLocationMadeFromACoordinateHasNoValidAltitudeCourseOrSpeed() {
        let location = CLLocation(latitude: 52.52, longitude: 13.405)
        #expect(location.coordinate.latitude == 52.52 && location.coordinate.longitude == 13.405)
        #expect(location.horizontalAccuracy == 0 && location.verticalAccuracy < 0)
        #expect(location.course < 0 && location.speed < 0 && location.courseAccuracy < 0 && location.speedAccuracy < 0)
    }

    @Test func coordinatesOffTheGlobeAreInvalid() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(90, -180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90.5, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    }

    @Test func distancesFollowTheWGS84Ellipsoid() {
        let origin = CLLocation(latitude: 0, longitude: 0)
        // One degree of latitude at the equator and one of longitude along it, on WGS 84.
        #expect(abs(origin.distance(from: CLLocation(latitude: 1, longitude: 0)) - 110_574.389) < 0.01)
        #expect(abs(origin.distance(from: CLLocation(latitude: 0, longitude: 1)) - 111_319.491) < 0.01)
        #expect(origin.distance(from: origin) == 0)
        let berlin = CLLocation(latitude: 52.5200, longitude: 13.4050),
            paris = CLLocation(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(berlin.distance(from: paris) - paris.distance(from: berlin)) < 1e-6)
        #expect(abs(berlin.distance(from: paris) - 878_000) < 2_000)
    }
}
