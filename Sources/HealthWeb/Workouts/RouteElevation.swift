import OpenHealthKitEngine

/// The elevation a route gained: the sum of the climbs between consecutive locations that both have an altitude,
/// within each stretch between pauses (``WorkoutSplits/stretches(_:running:)``). Nil when no two such locations
/// follow each other: a route without altitudes has no elevation to show, not a gain of zero.
enum RouteElevation {
    static func gain(_ stretches: [[RouteLocationRow]]) -> Double? {
        var gain: Double?
        for stretch in stretches {
            for (before, after) in zip(stretch, stretch.dropFirst()) {
                guard let from = before.altitude, let to = after.altitude else { continue }
                gain = (gain ?? 0) + max(0, to - from)
            }
        }
        return gain
    }
}
