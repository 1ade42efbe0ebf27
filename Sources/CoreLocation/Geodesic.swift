import Foundation

/// Distances on the WGS 84 ellipsoid, by Vincenty's inverse formula (to about half a millimetre); points so nearly
/// opposite that it does not converge fall back to the great circle of the mean radius.
enum Geodesic {
    private static let a = 6_378_137.0
    private static let f = 1 / 298.257223563
    private static let b = a * (1 - f)

    static func distance(from start: CLLocationCoordinate2D, to end: CLLocationCoordinate2D) -> Double {
        let radians = Double.pi / 180
        let l = (end.longitude - start.longitude) * radians
        let u1 = atan((1 - f) * tan(start.latitude * radians))
        let u2 = atan((1 - f) * tan(end.latitude * radians))
        let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)
        var lambda = l
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let sinSigma = sqrt(
                (cosU2 * sinLambda) * (cosU2 * sinLambda)
                    + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda))
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSqAlpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cosSqAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha
            let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda =
                l + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
                let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
                            * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * bigA * (sigma - deltaSigma)
            }
        }
        return greatCircle(from: start, to: end)
    }

    /// The haversine distance on a sphere of the mean Earth radius.
    private static func greatCircle(from start: CLLocationCoordinate2D, to end: CLLocationCoordinate2D) -> Double {
        let radians = Double.pi / 180
        let dLat = (end.latitude - start.latitude) * radians, dLon = (end.longitude - start.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(start.latitude * radians) * cos(end.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
