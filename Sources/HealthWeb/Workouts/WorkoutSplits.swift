import Foundation
import OpenHealthKitEngine

/// Splits per kilometre or mile: how long each whole unit of distance took, and the rest at the end.
///
/// The distance covered through the workout is a ``Progress``: from the route's locations when there is a route (the
/// great-circle distance between consecutive locations, not counting a step across a pause), else from the
/// workout's distance samples (each sample's distance reached at its end). The time a split boundary was crossed is
/// interpolated between the two points around it, and a split's time is the running time between its boundaries
/// (pauses do not count).
enum WorkoutSplits {
    /// Distance covered by a time: metres since the start.
    struct Point: Sendable, Equatable {
        let date: Date
        let metres: Double
    }

    /// One split.
    struct Split: Sendable, Equatable {
        /// 1 for the first.
        let number: Int
        /// Its length: a whole unit, or less for the last.
        let metres: Double
        /// Running seconds it took.
        let seconds: TimeInterval
    }

    /// A last split shorter than this (metres) is not shown: GPS noise at the finish, not a distance.
    static let shortestLast = 10.0

    /// The mean radius of the Earth, metres.
    static let earthRadius = 6_371_008.8

    /// The great-circle distance between two coordinates in degrees, metres (haversine).
    static func metres(from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double))
        -> Double
    {
        let radians = Double.pi / 180
        let dLatitude = (b.latitude - a.latitude) * radians, dLongitude = (b.longitude - a.longitude) * radians
        let h =
            sin(dLatitude / 2) * sin(dLatitude / 2) + cos(a.latitude * radians) * cos(b.latitude * radians)
            * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// The distance along a route: locations in time order; a location outside the running spans is left out, and
    /// a step between two running spans (across a pause) adds nothing.
    static func progress(route locations: [RouteLocationRow], running: [DateInterval]) -> [Point] {
        var points: [Point] = []
        var metres = 0.0
        for stretch in stretches(locations, running: running) {
            for (index, location) in stretch.enumerated() {
                if index > 0 {
                    let previous = stretch[index - 1]
                    metres += Self.metres(
                        from: (previous.latitude, previous.longitude), to: (location.latitude, location.longitude))
                }
                points.append(Point(date: Date(timeIntervalSince1970: location.timestamp), metres: metres))
            }
        }
        return points
    }

    /// The locations recorded while the workout ran, one list per running span that has some, in time order.
    static func stretches(_ locations: [RouteLocationRow], running: [DateInterval]) -> [[RouteLocationRow]] {
        var stretches: [[RouteLocationRow]] = []
        var current: Int?
        for location in locations {
            let date = Date(timeIntervalSince1970: location.timestamp)
            guard let span = running.firstIndex(where: { $0.contains(date) }) else { continue }
            if span == current {
                stretches[stretches.count - 1].append(location)
            } else {
                stretches.append([location])
                current = span
            }
        }
        return stretches
    }

    /// The distance from distance samples `(start, end, metres)`: each sample's distance reached at its end, in
    /// order of ends, from nothing at the first sample's start.
    static func progress(samples: [(start: Date, end: Date, metres: Double)]) -> [Point] {
        let ordered = samples.sorted { $0.end < $1.end }
        guard let first = samples.map(\.start).min() else { return [] }
        var metres = 0.0
        return [Point(date: first, metres: 0)]
            + ordered.map { sample in
                metres += sample.metres
                return Point(date: sample.end, metres: metres)
            }
    }

    /// `progress` stretched (or shrunk) to end at `metres`, the workout's own distance: a route's GPS distance and
    /// the distance the workout recorded differ by a few percent, and splits that add up to another distance than
    /// the one shown above them contradict it. Unchanged without a distance to reach.
    static func scaled(_ progress: [Point], toEnd metres: Double?) -> [Point] {
        guard let metres, metres > 0, let last = progress.last?.metres, last > 0 else { return progress }
        // Divided first, so that the last point ends exactly at `metres`.
        return progress.map { Point(date: $0.date, metres: $0.metres / last * metres) }
    }

    /// The splits of `progress` per `unitMetres`, timed by the running spans `running`.
    static func splits(_ progress: [Point], unitMetres: Double, running: [DateInterval]) -> [Split] {
        guard let first = progress.first, let last = progress.last, unitMetres > 0 else { return [] }
        var splits: [Split] = []
        var boundary = unitMetres
        var crossedAt = first.date
        for (before, after) in zip(progress, progress.dropFirst()) {
            while after.metres >= boundary, after.metres > before.metres {
                let share = (boundary - before.metres) / (after.metres - before.metres)
                let date = before.date.addingTimeInterval(share * after.date.timeIntervalSince(before.date))
                splits.append(
                    Split(
                        number: splits.count + 1, metres: unitMetres,
                        seconds: runningSeconds(from: crossedAt, to: date, running: running)))
                crossedAt = date
                boundary += unitMetres
            }
        }
        let rest = last.metres - (boundary - unitMetres)
        if rest >= shortestLast {
            splits.append(
                Split(
                    number: splits.count + 1, metres: rest,
                    seconds: runningSeconds(from: crossedAt, to: last.date, running: running)))
        }
        return splits
    }

    /// The seconds between two dates that lie in the running spans.
    static func runningSeconds(from start: Date, to end: Date, running: [DateInterval]) -> TimeInterval {
        guard end > start else { return 0 }
        let span = DateInterval(start: start, end: end)
        return running.reduce(0) { $0 + (span.intersection(with: $1)?.duration ?? 0) }
    }
}
