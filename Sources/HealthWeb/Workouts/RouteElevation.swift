import OpenHealthKitEngine

/// The elevation a route gained, from its locations' altitudes within each stretch between pauses
/// (``WorkoutSplits/stretches(_:running:)``). GPS altitudes wander by metres from one fix to the next, and summing
/// every rise counts that noise as climbing (a flat run "gains" hundreds of metres): a climb counts only once the
/// altitude has risen ``threshold`` above the lowest point since the last counted climb, and then all of it. Nil when
/// no two locations of a stretch have altitudes: a route without altitudes has no elevation to show, not a gain of
/// zero.
enum RouteElevation {
    /// Metres a rise must reach to count: above a GPS altitude's usual wander between fixes.
    static let threshold = 3.0

    static func gain(_ stretches: [[RouteLocationRow]]) -> Double? {
        var gain: Double?
        for stretch in stretches {
            let altitudes = stretch.compactMap(\.altitude)
            guard altitudes.count > 1 else { continue }
            var low = altitudes[0], climbed = 0.0
            for altitude in altitudes.dropFirst() {
                if altitude < low {
                    low = altitude
                } else if altitude - low >= threshold {
                    climbed += altitude - low
                    low = altitude
                }
            }
            gain = (gain ?? 0) + climbed
        }
        return gain
    }
}
