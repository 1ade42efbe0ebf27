import Foundation
import OpenHealthKitEngine

/// A route drawn in the page's own SVG, computed here: nothing is loaded from a map server.
///
/// The projection is equirectangular around the route's mean latitude φ₀: a location is `x = R·λ·cos φ₀`,
/// `y = R·φ` (metres east and north, R the Earth's radius), which keeps distances true to within a fraction of a
/// percent over a workout's few kilometres. The route is then scaled to fit ``width`` × ``maximumHeight`` less a
/// margin, keeping its shape (one metre is as long east as north), north up, and centred. The drawing's height
/// follows the route's shape (a route running east is a wide, short drawing), never less than ``minimumHeight``.
///
/// A pause is a gap: the line stops at the last location before the pause and starts again at the first one after.
/// Locations recorded while the workout was paused are not drawn. A location less than half a unit from the last one
/// kept on the line is dropped (invisible at this size; a run with a point a second keeps a few thousand).
struct RouteDrawing: Sendable, Equatable {
    static let width = 600.0
    static let maximumHeight = 600.0
    static let minimumHeight = 160.0
    static let margin = 16.0

    /// One stretch of the route between pauses: its points as SVG polyline points (`x,y`).
    struct Line: Sendable, Equatable {
        let points: String
    }

    let width: String
    let height: String
    let lines: [Line]
    let startX: String
    let startY: String
    let endX: String
    let endY: String
    /// What a screen reader says.
    let label: String

    /// The drawing of `locations` (in time order) over the running spans; nil when none of them was recorded while
    /// the workout ran.
    init?(locations: [RouteLocationRow], running: [DateInterval]) {
        let stretches = WorkoutSplits.stretches(locations, running: running)
        let all = Array(stretches.joined())
        guard let first = all.first, let last = all.last else { return nil }
        let project = Self.projector(meanLatitude: Self.meanLatitude(of: all))
        let projected = stretches.map { $0.map(project) }
        let points = projected.joined()
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let spanX = maxX - minX, spanY = maxY - minY
        let inner = Self.width - 2 * Self.margin, innerHeight = Self.maximumHeight - 2 * Self.margin
        // A single spot (or a straight line north or east) fits on its one side.
        let scale = min(spanX > 0 ? inner / spanX : .infinity, spanY > 0 ? innerHeight / spanY : .infinity)
            .clampedToFinite(1)
        let height = max(Self.minimumHeight, spanY * scale + 2 * Self.margin)
        let offsetX = (Self.width - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2
        // North up: SVG's y grows downwards.
        func place(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (offsetX + (point.x - minX) * scale, offsetY + (maxY - point.y) * scale)
        }
        lines = projected.map { stretch in
            var kept: [(x: Double, y: Double)] = []
            for (index, point) in stretch.map(place).enumerated() {
                if let previous = kept.last, index < stretch.count - 1,
                    hypot(point.x - previous.x, point.y - previous.y) < 0.5
                {
                    continue
                }
                kept.append(point)
            }
            return Line(points: kept.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " "))
        }
        let start = place(project(first)), end = place(project(last))
        width = Self.number(Self.width)
        self.height = Self.number(height)
        (startX, startY, endX, endY) = (
            Self.number(start.x), Self.number(start.y), Self.number(end.x), Self.number(end.y)
        )
        let pauses = stretches.count - 1
        label =
            "Route of \(all.count) locations"
            + (pauses > 0 ? ", in \(stretches.count) parts between \(pauses) pause\(pauses == 1 ? "" : "s")" : "")
    }

    static func meanLatitude(of locations: [RouteLocationRow]) -> Double {
        locations.reduce(0) { $0 + $1.latitude } / Double(max(1, locations.count))
    }

    /// Metres east and north of (0°, 0°) on the equirectangular projection around `meanLatitude`.
    static func projector(meanLatitude: Double) -> (RouteLocationRow) -> (x: Double, y: Double) {
        let radians = Double.pi / 180, stretch = cos(meanLatitude * radians)
        return { location in
            (
                WorkoutSplits.earthRadius * location.longitude * radians * stretch,
                WorkoutSplits.earthRadius * location.latitude * radians
            )
        }
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? WholeNumber.text(rounded) : String(format: "%.1f", rounded)
    }
}

extension Double {
    /// The value, or `fallback` when it is infinite.
    fileprivate func clampedToFinite(_ fallback: Double) -> Double { isFinite ? self : fallback }
}
